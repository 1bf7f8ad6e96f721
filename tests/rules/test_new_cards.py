"""A new card needs no engine edit (issue 28): three cards invented here, of
three colours, are declared in this module with ``card(...)`` and fx verbs,
their facts added through ``catalog.extra_cards``, and played through real
actions in built scenarios. Nothing of the engine (actions, view, stats,
effects, invariants) knows them.

- Test Spark (red spell): deal 2 damage to a unit.
- Test Herald (green unit): when it arrives, its controller draws a card.
- Test Banner (white upgrade, ongoing): your other units have +1 ATK.

docs/ENGINE.md "Writing a new card" points here.
"""

import pytest

from game.codex import catalog, invariants
from game.codex.cards import REGISTRY
from game.codex.cards.api import card
from game.codex.cards.fx import Damage, Draw
from game.codex.cards.targets import UNIT
from game.codex.stats import is_unit
from game.rules import view
from tests.rules.helpers import act, atk_hp, cards_in, end_turn, find, hand_ids, one, play_card, scenario_game

# ---- the three cards: facts and behaviour ----------------------------------

FACTS = [
    {"id": "test_spark", "name": "Test Spark", "color": "red", "kind": "spell", "spell_kind": "minor",
     "cost": 1, "tech": None, "targets": True, "ability_text": True, "text": "Deal 2 damage to a unit."},
    {"id": "test_herald", "name": "Test Herald", "color": "green", "kind": "unit", "cost": 2,
     "atk": 1, "hp": 2, "ability_text": True, "text": "Arrives: draw a card."},
    {"id": "test_banner", "name": "Test Banner", "color": "white", "kind": "upgrade", "cost": 2,
     "ability_text": True, "text": "Your other units have +1 ATK."},
]  # fmt: skip


def _banner_aura(state, src, iid):
    """Test Banner: each of its controller's units other than itself gets +1 ATK."""
    return (1, 0, {}) if iid != src and is_unit(state, iid) else (0, 0, {})


def declare():
    """Register the three cards' behaviour (called inside extra_cards, so the
    registration is undone with the facts)."""
    card("test_spark", targets=[UNIT], resolve=Damage(2))
    card("test_herald", arrives=Draw(1))
    card("test_banner", aura=_banner_aura)


@pytest.fixture
def new_cards():
    """The three test cards exist for one test, then are gone again."""
    with catalog.extra_cards(FACTS):
        declare()
        yield
    assert not any(c["id"] in REGISTRY or catalog.exists(c["id"]) for c in FACTS)


TROQ = {"card": "troq_bashar", "id": "troq"}


# ---- playing them -------------------------------------------------------------


def test_test_spark_deals_2_damage_to_the_chosen_unit(new_cards):
    s = scenario_game(
        [{"hand": ["test_spark"], "gold": 3, "play": [TROQ]}, {"play": [{"card": "iron_man", "id": "victim"}]}]
    )
    victim = find(s, "victim")
    s = play_card(s, 0, "test_spark", [victim])
    assert s["cards"][victim]["damage"] == 2
    # 1 gold, and 1 more: a red minor spell cast without a red hero in play
    # (specs.minor_spell_tax) -- the engine's rules reach a new card too.
    assert s["players"][0]["gold"] == 1
    assert "test_spark" in cards_in(s, 0, "discard")
    assert any("Test Spark" in e["text"] for e in s["log"])
    invariants.check_all(s)


def test_test_herald_draws_a_card_when_it_arrives(new_cards):
    s = scenario_game([{"hand": ["test_herald"], "deck": ["older_brother", "tenderfoot"], "gold": 5}])
    s = play_card(s, 0, "test_herald")
    assert atk_hp(s, one(s, 0, "test_herald")) == (1, 2)
    assert [s["cards"][i]["card"] for i in hand_ids(s, 0)] == ["older_brother"]
    assert s["players"][0]["gold"] == 3
    invariants.check_all(s)


def test_test_banner_gives_your_other_units_1_atk_in_the_view(new_cards):
    s = scenario_game(
        [
            {"hand": ["test_banner", "test_herald"], "deck": ["tenderfoot"], "gold": 10,
             "play": [{"card": "older_brother", "id": "brother"}]},
            {"play": [{"card": "iron_man", "id": "theirs"}]},
        ]
    )  # fmt: skip
    brother, theirs = find(s, "brother"), find(s, "theirs")
    before = atk_hp(s, theirs)
    s = play_card(s, 0, "test_banner")
    s = play_card(s, 0, "test_herald")
    herald = one(s, 0, "test_herald")
    assert atk_hp(s, brother) == (3, 2)
    assert atk_hp(s, herald) == (2, 2)
    assert atk_hp(s, theirs) == before  # only its controller's units
    shown = {c["iid"]: c for c in view(s, 1)["players"][0]["play"]}
    assert shown[brother]["atk"] == 3
    assert shown[one(s, 0, "test_banner")]["card"] == "test_banner"
    # Through a real attack: the brother deals 3 to the base.
    s = end_turn(s, 0)
    s = end_turn(s, 1)
    s = act(s, 0, {"type": "attack", "attacker": brother, "target": "base:1"})
    assert s["teams"][s["players"][1]["team"]]["damage"] == 3
    invariants.check_all(s)


# ---- the test hook itself ---------------------------------------------------


def test_extra_cards_fills_the_defaults_and_the_engine_counts_them_as_working(new_cards):
    rec = catalog.card("test_herald")
    assert (rec["color"], rec["spec"], rec["tech"], rec["keywords"]) == ("green", None, 0, {})
    assert all(catalog.works(c["id"]) for c in FACTS)


def test_extra_cards_refuses_a_known_id_and_leaves_nothing_behind():
    with pytest.raises(ValueError, match="in the catalog already"):
        with catalog.extra_cards(
            [{"id": "test_other", "name": "Other", "kind": "unit"}, {"id": "spark", "name": "X", "kind": "spell"}]
        ):
            pass  # pragma: no cover
    assert not catalog.exists("test_other")
    assert catalog.card("spark")["name"] == "Spark" and "spark" in REGISTRY
    with pytest.raises(ValueError, match="lacks"):
        with catalog.extra_cards([{"id": "test_other"}]):
            pass  # pragma: no cover
