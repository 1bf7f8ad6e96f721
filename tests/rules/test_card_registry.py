"""The card registry and dispatcher (game/codex/cards/registry.py, api.py;
issue 12): one registration per card and per stored step name, known event
and question names only, handlers indexed by name, and each card's code in
the module of its spec or starting deck."""

import importlib

import pytest

from game.codex import catalog
from game.codex.cards import REGISTRY, Hooks, api, fx, registry
from game.codex.flow import OPS, op


def test_registering_a_card_twice_is_an_error():
    with pytest.raises(ValueError, match="registered twice"):
        api.card("spark")
    assert REGISTRY["spark"].targets  # the first registration stands


def test_registering_a_step_name_twice_is_an_error():
    before = OPS["appel_stomp"]
    with pytest.raises(ValueError, match="registered twice"):
        op("appel_stomp")(lambda state, step: None)
    assert OPS["appel_stomp"] is before


def test_an_unknown_event_or_question_name_is_refused():
    with pytest.raises(ValueError, match="no event or question"):
        Hooks(arives=lambda state, iid: None)
    with pytest.raises(ValueError, match="no event or question"):
        registry.Card().on("whenever")(lambda *a: None)


def test_one_card_answers_a_name_once():
    card = registry.Card()
    card.on("arrives")(lambda state, iid: None)
    with pytest.raises(ValueError, match="answered twice"):
        card.on("arrives")(lambda state, iid: None)


def test_an_effect_answers_only_the_cards_own_events():
    with pytest.raises(ValueError, match="can't answer"):
        api._handler("cost_mod", fx.Damage(1))


def test_handlers_are_indexed_by_name_and_follow_removal():
    assert "star_crossed_starlet" in registry.answering("upkeep")
    assert "spark" not in registry.answering("upkeep")
    card = Hooks(upkeep=lambda state, iid: None)
    REGISTRY["tenderfoot"] = card
    try:
        assert registry.handler("upkeep", "tenderfoot") is card.handlers["upkeep"]
    finally:
        del REGISTRY["tenderfoot"]
    assert registry.handler("upkeep", "tenderfoot") is None


def test_hero_bands_come_from_the_data():
    assert api.band_level("troq_bashar", "mid") == catalog.card("troq_bashar")["mid_level"] == 5
    assert api.band_level("jaina_stormborne", "max") == 7


@pytest.mark.parametrize("card_id", sorted(REGISTRY))
def test_each_card_lives_in_the_module_of_its_spec_or_starting_deck(card_id):
    """cards/<colour>/<spec>.py holds a spec's cards and hero; deck.py the
    colour's starting deck (tokens sit with the card that makes them)."""
    rec = catalog.card(card_id)
    colour = "neutral" if rec["color"] == "neutral" else rec["color"]
    if rec["token"] and not rec["spec"]:
        # A token with behaviour of its own (Daigo Stormborne) sits in one
        # of its colour's modules: the one of the card that makes it.
        import pkgutil

        package = importlib.import_module(f"game.codex.cards.{colour}")
        texts = []
        for info in pkgutil.iter_modules(package.__path__):
            with open(importlib.import_module(f"{package.__name__}.{info.name}").__file__, encoding="utf-8") as f:
                texts.append(f.read())
        assert any(f'"{card_id}"' in t for t in texts), card_id
        return
    module = rec["spec"] if rec["spec"] else "deck"
    source = importlib.import_module(f"game.codex.cards.{colour}.{module}").__file__
    with open(source, encoding="utf-8") as f:
        assert f'"{card_id}"' in f.read(), (card_id, source)
