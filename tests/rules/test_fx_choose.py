"""Choose then continue, declared (issue 28, "effects as declarations"):
cards invented here use fx.Choose, fx.UpTo and fx.PickUpTo with no
hand-written stored step, and are played through real actions. The
question's continuation is a plain dict in the state: it survives a JSON
round trip (a stored match) and resumes by its name.

- Test Bounty (black spell): choose one of your hand's cards to discard,
  then an opponent's pile to look at (Choose, after=Choose).
- Test Volley (red spell): up to two units, one question each, then 1
  damage to each, together (UpTo).
- Test Drill (white spell): up to two of your units, each sidelined as
  it is picked (PickUpTo).

docs/ENGINE.md "Writing a new card" shows the same shape.
"""

import json

import pytest

from game.codex import catalog, invariants
from game.codex.cards.api import card
from game.codex.cards.common import look_options
from game.codex.cards.fx import Choose, Damage, Discard, LookAt, PickUpTo, Sideline, UpTo, each_as
from game.codex.cards.targets import slot, yours
from game.codex.flow import OPS
from tests.rules.helpers import cards_in, choose, find, hand_ids, logged, play_card, prompt_options, scenario_game

FACTS = [
    {"id": "test_bounty", "name": "Test Bounty", "color": "black", "kind": "spell", "spell_kind": "minor",
     "cost": 0, "tech": None, "ability_text": True, "text": "Discard a card, then look at an opponent's pile."},
    {"id": "test_volley", "name": "Test Volley", "color": "red", "kind": "spell", "spell_kind": "minor",
     "cost": 0, "tech": None, "ability_text": True, "text": "1 damage to each of up to two units."},
    {"id": "test_drill", "name": "Test Drill", "color": "white", "kind": "spell", "spell_kind": "minor",
     "cost": 0, "tech": None, "ability_text": True, "text": "Sideline up to two of your units."},
]  # fmt: skip

# The stored steps are named once, at import (a name means one thing).
BOUNTY = Choose(
    "test_bounty_discard",
    Discard(),
    options=lambda state, seat, iid: list(state["players"][seat]["hand"]),
    prompt="Test Bounty: discard which card?",
    with_seat=True,
    after=Choose(
        "test_bounty_look",
        LookAt(),
        options=lambda state, seat, iid: look_options(state, seat),
        prompt="Test Bounty: look at which pile?",
        with_seat=True,
    ),
)
VOLLEY = UpTo("test_volley_pick", slot("unit"), 2, "Test Volley: choose a unit", then=Damage(1, by="test_volley"))
# (each_as: the effects named by what the step stores, here an amount)
SCALED = each_as("test_scaled_damage", lambda stored: Damage(stored["amount"], by="spark"))
DRILL = PickUpTo("test_drill_pick", slot("unit", yours), 2, "Test Drill: choose a unit of yours", pick=Sideline())


TROQ = {"card": "troq_bashar", "id": "troq"}


@pytest.fixture
def new_cards():
    """The three test spells exist for one test, then are gone again."""
    with catalog.extra_cards(FACTS):
        card("test_bounty", resolve=BOUNTY)
        card("test_volley", resolve=VOLLEY)
        card("test_drill", resolve=DRILL)
        yield


def _round_trip(state):
    """The state as a stored match reads it back."""
    return json.loads(json.dumps(state))


def test_choose_then_choose_discards_then_looks_and_the_steps_are_plain_json(new_cards):
    s = scenario_game(
        [
            {"hand": ["test_bounty", "tenderfoot", "older_brother"], "gold": 5, "play": [TROQ]},
            {"hand": ["iron_man"], "discard": ["spark"]},
        ]
    )
    s = play_card(s, 0, "test_bounty")
    assert s["prompt"]["then"] == {"op": "test_bounty_discard", "seat": 0}
    brother = hand_ids(s, 0, "older_brother")[0]
    s = choose(_round_trip(s), 0, brother)
    assert "older_brother" in cards_in(s, 0, "discard") and not hand_ids(s, 0, "older_brother")
    assert s["prompt"]["then"] == {"op": "test_bounty_look", "seat": 0}
    assert sorted(prompt_options(s)) == ["discard:1", "hand:1"]
    s = choose(_round_trip(s), 0, "hand:1")
    assert s["prompt"] is None
    assert logged(s, "Iron Man")  # player 0 saw the hand
    invariants.check_all(s)


def test_up_to_two_asks_one_at_a_time_then_damages_all_together(new_cards):
    s = scenario_game(
        [{"hand": ["test_volley"], "gold": 5, "play": [TROQ]},
         {"play": [{"card": "iron_man", "id": "a"}, {"card": "older_brother", "id": "b"},
                   {"card": "tenderfoot", "id": "c"}]}]
    )  # fmt: skip
    a, b, c = find(s, "a"), find(s, "b"), find(s, "c")
    s = play_card(s, 0, "test_volley")
    assert s["prompt"]["optional"] and "(2 left)" in s["prompt"]["text"]
    s = choose(_round_trip(s), 0, a)
    assert s["cards"][a]["damage"] == 0  # nothing yet: dealt together at the end
    assert a not in prompt_options(s) and "(1 left)" in s["prompt"]["text"]
    s = choose(s, 0, b)
    assert s["prompt"] is None
    assert [s["cards"][i]["damage"] for i in (a, b)] == [1, 1]
    assert s["cards"][c]["damage"] == 0
    assert logged(s, "Test Volley")
    invariants.check_all(s)


def test_up_to_two_may_stop_after_none(new_cards):
    s = scenario_game(
        [{"hand": ["test_volley"], "gold": 5, "play": [TROQ]}, {"play": [{"card": "iron_man", "id": "a"}]}]
    )
    s = play_card(s, 0, "test_volley")
    s = choose(s, 0)
    assert s["prompt"] is None and s["cards"][find(s, "a")]["damage"] == 0


def test_pick_up_to_applies_each_pick_at_once(new_cards):
    s = scenario_game(
        [{"hand": ["test_drill"], "gold": 5,
          "play": [TROQ, {"card": "iron_man", "id": "a", "patrol": "squad_leader"},
                   {"card": "older_brother", "id": "b", "patrol": "elite"}]}]
    )  # fmt: skip
    a, b = find(s, "a"), find(s, "b")
    s = play_card(s, 0, "test_drill")
    assert s["prompt"]["then"]["then"] == {"op": "test_drill_pick", "seat": 0, "picked": []}  # (after the ◎ step)
    s = choose(s, 0, a)
    patrol = s["players"][0]["patrol"]
    assert a not in patrol.values() and b in patrol.values()  # sidelined as it was picked
    assert s["prompt"]["then"]["then"]["picked"] == [a] and a not in prompt_options(s)
    s = choose(s, 0, b)
    assert b not in s["players"][0]["patrol"].values() and s["prompt"] is None
    invariants.check_all(s)


def test_a_declared_step_name_is_taken_once():
    assert "test_volley_pick" in OPS
    with pytest.raises(ValueError, match="registered twice"):
        UpTo("test_volley_pick", slot("unit"), 2, "again")


def test_each_as_gives_each_chosen_thing_the_effects_its_step_names():
    s = scenario_game(
        [{"play": [TROQ]}, {"play": [{"card": "iron_man", "id": "a"}, {"card": "older_brother", "id": "b"}]}]
    )
    a, b = find(s, "a"), find(s, "b")
    OPS[SCALED](s, {"op": SCALED, "amount": 2, "choice": [a, b]})
    assert [s["cards"][i]["damage"] for i in (a, b)] == [2, 2]
    OPS[SCALED](s, {"op": SCALED, "amount": 1, "choice": [a]})
    assert [s["cards"][i]["damage"] for i in (a, b)] == [3, 2]
