"""A new map needs no engine edit (issue 28, "maps as global cards"): a map
invented here, "every unit costs 1 gold more", is its record (added for
the test by ``maps.extra_maps``) and one declaration, as a map module of
game/codex/cards/maps/ writes it; a game played on it feels it through
the engine's own rules (the cost paid, the view's effective cost, the
legal actions), and a game without it does not. docs/ENGINE.md "Maps are
global cards" points here."""

import pytest

from game.codex import catalog, invariants, maps
from game.codex.cards import registry
from game.codex.cards.api import map_card
from game.rules import legal_actions, new_game, view
from tests.rules.helpers import act, hand_ids

TOLL_ROAD = {"id": "test_toll_road", "name": "Test Toll Road", "rule": "Every unit costs 1 gold more."}


def _toll(state, src, seat, card_id, cost):
    """Test Toll Road: a unit costs 1 more (``modifies cost``; src is the map's id)."""
    return cost + 1 if catalog.card(card_id)["kind"] == "unit" else cost


@pytest.fixture
def toll_road():
    """Test Toll Road exists for one test: its record and its declaration."""
    with maps.extra_maps([TOLL_ROAD]):
        map_card("test_toll_road", modifies={"cost": _toll})
        yield
    assert not maps.exists("test_toll_road") and "test_toll_road" not in registry.GLOBAL_CARDS
    assert "test_toll_road" not in registry.answering("modifies:cost")


def _game(map_id, gold=3):
    config = {
        "mode": "1hero",
        "seed": 1,
        "seats": [{"name": "P0", "hero": "troq_bashar"}, {"name": "P1", "hero": "jaina_stormborne"}],
        "scenario": {"turn": 3, "active": 0, "seats": [{"hand": ["older_brother", "wither"], "gold": gold}, {}]},
    }
    if map_id is not None:
        config["map"] = map_id
    return new_game(config)


def _costs(state):
    return {c["card"]: c["effective_cost"] for c in view(state, 0)["players"][0]["hand"]}


def test_a_new_map_changes_the_rules_it_declares_and_nothing_else(toll_road):
    plain, tolled = _game(None), _game("test_toll_road")
    brother = catalog.card("older_brother")["cost"]
    assert _costs(plain)["older_brother"] == brother
    assert _costs(tolled)["older_brother"] == brother + 1  # a unit: 1 more
    assert _costs(tolled)["wither"] == _costs(plain)["wither"]  # a spell: unchanged
    assert view(tolled, 1)["map"] == TOLL_ROAD  # every viewer sees the map's card
    # Played through a real action: the seat pays the toll.
    unit = hand_ids(tolled, 0, "older_brother")[0]
    after = act(tolled, 0, {"type": "play", "card": unit, "targets": []})
    assert after["players"][0]["gold"] == 3 - (brother + 1)
    assert [after["cards"][i]["card"] for i in after["players"][0]["play"]] == ["older_brother"]
    invariants.check_all(after)


def test_a_new_map_s_cost_decides_what_is_legal(toll_road):
    brother = catalog.card("older_brother")["cost"]
    unit = lambda s: hand_ids(s, 0, "older_brother")[0]  # noqa: E731
    plays = lambda s: [a for a in legal_actions(s, 0) if a["type"] == "play" and a["card"] == unit(s)]  # noqa: E731
    assert plays(_game(None, gold=brother)) and not plays(_game("test_toll_road", gold=brother))
    assert plays(_game("test_toll_road", gold=brother + 1))


def test_extra_maps_refuses_a_known_id_and_leaves_nothing_behind():
    with pytest.raises(ValueError, match="exists already"):
        with maps.extra_maps([{"id": "test_other", "name": "Other", "rule": "-"}, maps.map_info("bloodbowl")]):
            pass  # pragma: no cover
    assert not maps.exists("test_other") and len(maps.map_ids()) == 12
