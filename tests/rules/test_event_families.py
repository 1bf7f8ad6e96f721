"""Event families (issue 28): a card hears a general moment and reads the
fact it carries, so a new card needs no engine edit to hear "an opponent
cast a spell", "I was exhausted" or "my attack is over". Two cards invented
here answer ``card_played`` (outcome "cast"), ``affected`` ("exhausted") and
``in_combat`` ("attack_done") and are played through real actions; the
engine knows neither.

- Test Scribe (blue upgrade): whenever an opponent casts a spell, you gain
  1 gold.
- Test Drummer (red unit): when it is exhausted, a +1/+1 rune on it; when
  its attack is over and it is still in play, you gain 1 gold.
"""

import pytest

from game.codex import catalog, invariants
from game.codex.cards import REGISTRY, registry
from game.codex.cards.api import card
from game.codex.cards.fx import Damage
from game.codex.cards.targets import UNIT
from game.codex.effects import add_rune, gain_gold
from game.codex.state import card_of
from tests.rules.helpers import attack, end_turn, find, play_card, scenario_game

FACTS = [
    {"id": "test_scribe", "name": "Test Scribe", "color": "blue", "kind": "upgrade", "cost": 1,
     "ability_text": True, "text": "Whenever an opponent casts a spell, gain 1 gold."},
    {"id": "test_drummer", "name": "Test Drummer", "color": "red", "kind": "unit", "cost": 2,
     "atk": 1, "hp": 3, "ability_text": True,
     "text": "Exhausted: +1/+1 rune. After its attack: gain 1 gold."},
    {"id": "test_ember", "name": "Test Ember", "color": "neutral", "kind": "spell", "spell_kind": "minor",
     "cost": 0, "tech": None, "targets": True, "ability_text": True, "text": "Deal 1 damage to a unit."},
]  # fmt: skip


def _scribe_hears(state, src, seat, iid, outcome):
    """Test Scribe: an opponent's spell cast gives its controller 1 gold."""
    mine = card_of(state, src)["controller"]
    if outcome == "cast" and state["players"][seat]["team"] != state["players"][mine]["team"]:
        gain_gold(state, mine, 1)


def _drummer_exhausted(state, iid, how, _detail):
    """Test Drummer: a +1/+1 rune each time it is exhausted."""
    if how == "exhausted":
        add_rune(state, iid, plus=1)


def _drummer_attack_done(state, iid, moment, _detail):
    """Test Drummer: 1 gold once its attack is over."""
    if moment == "attack_done":
        gain_gold(state, card_of(state, iid)["controller"], 1)


@pytest.fixture
def new_cards():
    """The test cards exist for one test, then are gone again."""
    with catalog.extra_cards(FACTS):
        card("test_scribe", card_played=_scribe_hears)
        card("test_drummer", affected=_drummer_exhausted, in_combat=_drummer_attack_done)
        card("test_ember", targets=[UNIT], resolve=Damage(1))
        yield
    assert not any(c["id"] in REGISTRY for c in FACTS)


def test_an_opponents_card_hears_a_spell_cast_through_card_played(new_cards):
    s = scenario_game(
        [
            {"hand": ["test_ember"], "gold": 3, "play": [{"card": "troq_bashar", "id": "troq"}]},
            {"gold": 4, "play": [{"card": "test_scribe", "id": "scribe"}, {"card": "iron_man", "id": "victim"}]},
        ]
    )
    victim = find(s, "victim")
    s = play_card(s, 0, "test_ember", [victim])
    assert s["cards"][victim]["damage"] == 1
    assert s["players"][1]["gold"] == 5  # the opponent's cast reached the Scribe
    assert s["players"][0]["gold"] == 3  # Test Ember is free, and its caster hears nothing
    invariants.check_all(s)


def test_a_unit_hears_its_exhaustion_and_the_end_of_its_attack(new_cards):
    s = scenario_game([{"gold": 2, "play": [{"card": "test_drummer", "id": "drummer"}]}])
    drummer = find(s, "drummer")
    s = end_turn(s, 0)
    s = end_turn(s, 1)
    gold = s["players"][0]["gold"]
    s = attack(s, 0, drummer, "base:1")
    assert s["cards"][drummer]["exhausted"]
    assert s["cards"][drummer]["plus"] == 1  # exhausted as it attacked
    assert s["teams"][s["players"][1]["team"]]["damage"] == 2  # the rune came before combat damage
    assert s["players"][0]["gold"] == gold + 1  # its attack is over
    invariants.check_all(s)


def test_the_families_replace_the_one_card_events():
    assert {"affected", "in_combat", "card_played"} <= set(registry.EVENTS)
    gone = {"exhausted", "targeted", "time_rune_removed", "control_changed", "after_attack",
            "dealt_combat_damage", "spell_played", "unit_played", "captured", "turn_unit_dies"}  # fmt: skip
    assert not gone & set(registry.NAMES)
    assert set(registry.AFFECTED) == {"exhausted", "targeted", "time_runes_removed", "control_changed"}
    assert set(registry.IN_COMBAT) == {"dealt", "attack_done"}
    assert set(registry.PLAYED) == {"paid", "arrived", "cast", "jailed"}


def test_an_event_no_card_answers_does_not_read_its_sources():
    class Untouchable(list):
        def __iter__(self):  # pragma: no cover - reading it is the failure
            raise AssertionError("sources read for an event nobody answers")

    saved = dict(registry.answering("unit_leaves"))
    registry.answering("unit_leaves").clear()
    try:
        registry.emit_to({"cards": {}}, "unit_leaves", Untouchable(["x"]), "y")
    finally:
        registry.answering("unit_leaves").update(saved)
