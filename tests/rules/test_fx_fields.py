"""Verbs that read the stored step's fields (issue 28, "effects as
declarations"): ``fx.field`` arguments, ``to=field(...)``, and the Choose
options ``keep``, ``with_card``, ``slot``, ``fields`` and each_as's
``after``. Cards invented here are played through real actions; the
continuations stay plain dicts that survive a JSON round trip.

- Test Mimic (blue spell): your unit becomes a copy of another unit this
  turn (Choose, then a Choose about the chosen unit: keep, BecomeCopy).
- Test Trio (red spell): two ◎ questions in turn under one step name,
  the part stored in the step (Choose with a slot, each_as with after).

docs/ENGINE.md "Writing a new card" shows the same shapes.
"""

import json

import pytest

from game.codex import catalog, invariants
from game.codex.cards.api import card
from game.codex.cards.common import end_copy
from game.codex.cards.fx import (
    BecomeCopy,
    Call,
    Choose,
    Damage,
    Discard,
    Draw,
    TimeRunes,
    each,
    each_as,
    field,
    on_card,
)
from game.codex.cards.targets import slot
from game.codex.flow import OPS
from tests.rules.helpers import cards_in, choose, end_turn, find, hand_ids, play_card, prompt_options, scenario_game

FACTS = [
    {"id": "test_mimic", "name": "Test Mimic", "color": "blue", "kind": "spell", "spell_kind": "minor",
     "cost": 0, "tech": None, "ability_text": True, "text": "Your unit becomes a copy of another unit this turn."},
    {"id": "test_trio", "name": "Test Trio", "color": "red", "kind": "spell", "spell_kind": "minor",
     "cost": 0, "tech": None, "ability_text": True, "text": "1 damage to a unit, then 2 damage to a unit."},
]  # fmt: skip


def _units(state, seat):
    return [i for i in state["players"][seat]["play"] if state["cards"][i]["card"] != "troq_bashar"]


# The stored steps are named once, at import (a name means one thing).
MIMIC = Choose(
    "test_mimic_pick",
    Choose(
        "test_mimic_become",
        BecomeCopy(
            field("unit"), ends=on_card("test_mimic_ends", Call(lambda state, _seat, unit: end_copy(state, unit)))
        ),
        keep="unit",
        options=lambda state, seat, unit: [i for i in _units(state, 1 - seat)],
        prompt="Test Mimic: which unit does {name} copy?",
    ),
    options=lambda state, seat, iid: _units(state, seat),
    prompt="Test Mimic: which unit of yours?",
    with_seat=True,
)
TRIO = [
    Choose(
        "test_trio",
        slot=slot("unit"),
        prompt=f"Test Trio: {n} damage to which unit?",
        with_seat=True,
        fields={"part": n},
    )
    for n in (1, 2)
]
each_as(
    "test_trio",
    lambda step: Damage(step["part"], by="spark"),
    after=lambda step: TRIO[1] if step["part"] == 1 else None,
)
EMBER = Choose(
    "test_ember",
    [Discard(), TimeRunes(to=field("ember"))],
    options=lambda state, seat, iid: list(state["players"][seat]["hand"]),
    prompt="Test Ember: discard which card?",
    with_seat=True,
    with_card="ember",
)
BURN = each("test_burn", Damage(field("amount", 1), by="spark"))
BURN_EXACT = each("test_burn_exact", Damage(field("amount"), by="spark"))
VICTIM_DRAWS = on_card("test_victim_draws", Draw(1, to="target"), on="victim")

TROQ = {"card": "troq_bashar", "id": "troq"}
TWO_EACH = [
    {"play": [TROQ, {"card": "iron_man", "id": "mine"}, {"card": "tenderfoot", "id": "mine2"}],
     "hand": ["test_mimic", "test_trio", "spark"], "gold": 5},
    {"play": [{"card": "older_brother", "id": "theirs"}, {"card": "iron_man", "id": "theirs2"}]},
]  # fmt: skip


@pytest.fixture
def new_cards():
    """The test spells exist for one test, then are gone again."""
    with catalog.extra_cards(FACTS):
        card("test_mimic", resolve=MIMIC)
        card("test_trio", resolve=TRIO[0])
        yield


def _round_trip(state):
    """The state as a stored match reads it back."""
    return json.loads(json.dumps(state))


def test_a_question_about_the_chosen_unit_keeps_it_in_the_step_and_the_copy_ends(new_cards):
    s = scenario_game(TWO_EACH)
    mine, brother = find(s, "mine"), find(s, "theirs")
    s = play_card(s, 0, "test_mimic")
    assert s["prompt"]["then"] == {"op": "test_mimic_pick", "seat": 0}
    s = choose(_round_trip(s), 0, mine)
    assert s["prompt"]["then"] == {"op": "test_mimic_become", "unit": mine}
    assert s["prompt"]["text"] == "Test Mimic: which unit does Iron Man copy?"
    assert sorted(prompt_options(s)) == sorted([brother, find(s, "theirs2")])
    s = choose(_round_trip(s), 0, brother)
    assert s["cards"][mine]["card"] == "older_brother"
    assert {"op": "test_mimic_ends", "iid": mine} in s["at_end_of_turn"]
    invariants.check_all(s)
    s = end_turn(s, 0)
    assert s["cards"][mine]["card"] == "iron_man"


def test_a_copy_whose_copier_left_play_does_nothing(new_cards):
    s = scenario_game(TWO_EACH)
    spark, brother = hand_ids(s, 0, "spark")[0], find(s, "theirs")
    OPS["test_mimic_become"](s, {"op": "test_mimic_become", "unit": spark, "choice": [brother]})
    assert s["cards"][spark]["card"] == "spark" and "copy" not in s["cards"][spark]["marks"]
    assert not s.get("at_end_of_turn")


def test_with_card_records_the_source_and_to_field_aims_at_it_while_in_play(new_cards):
    s = scenario_game(TWO_EACH)
    mine, spark = find(s, "mine"), hand_ids(s, 0, "spark")[0]
    EMBER.ask(s, 0, mine)
    assert s["prompt"]["then"] == {"op": "test_ember", "seat": 0, "ember": mine}
    s = choose(_round_trip(s), 0, spark)
    assert cards_in(s, 0, "discard") == ["spark"] and s["cards"][mine]["time"] == 1
    # the card named by the field left play: the discard still happens, the rune doesn't
    gone, other = hand_ids(s, 0, "test_mimic")[0], hand_ids(s, 0, "test_trio")[0]
    OPS["test_ember"](s, {"op": "test_ember", "seat": 0, "ember": gone, "choice": [other]})
    assert "test_trio" in cards_in(s, 0, "discard") and s["cards"][gone]["time"] == 0


def test_a_field_argument_is_read_from_the_step_with_its_default(new_cards):
    s = scenario_game(TWO_EACH)
    brother = find(s, "theirs")
    OPS[BURN](s, {"op": BURN, "choice": [brother]})  # (a step stored before "amount" was recorded)
    assert s["cards"][brother]["damage"] == 1
    OPS[BURN](s, {"op": BURN, "amount": 2, "choice": [brother]})
    assert s["cards"][brother]["damage"] == 3
    with pytest.raises(KeyError):
        OPS[BURN_EXACT](s, {"op": BURN_EXACT, "choice": [brother]})


def test_a_step_on_a_field_acts_on_the_seat_it_names(new_cards):
    s = scenario_game(TWO_EACH)
    before = len(s["players"][1]["hand"])
    OPS[VICTIM_DRAWS](s, {"op": VICTIM_DRAWS, "seat": 0, "victim": 1})
    assert len(s["players"][1]["hand"]) == before + 1


def test_targets_asked_in_turn_under_one_step_name_with_the_part_stored(new_cards):
    s = scenario_game(TWO_EACH)
    brother, other = find(s, "theirs"), find(s, "theirs2")
    s = play_card(s, 0, "test_trio")
    assert s["prompt"]["then"]["op"] == "targeted"  # a ◎ question: resist paid, flagbearers first
    assert s["prompt"]["then"]["then"] == {"op": "test_trio", "seat": 0, "part": 1}
    s = choose(_round_trip(s), 0, brother)
    assert s["cards"][brother]["damage"] == 1
    assert s["prompt"]["then"]["then"] == {"op": "test_trio", "seat": 0, "part": 2}
    assert s["prompt"]["text"] == "Test Trio: 2 damage to which unit?"
    s = choose(_round_trip(s), 0, other)
    assert s["cards"][other]["damage"] == 2 and s["prompt"] is None
    invariants.check_all(s)


def test_a_choose_asked_from_card_code_with_an_unread_field_is_refused(new_cards):
    """A Choose whose declared ``fields`` hold a field(...) is read from the
    running step by the step shapes; asked directly from card code without
    binding it, the reference itself would be stored in the state (not
    JSON, and wrong): it raises instead, and nothing is asked."""
    s = scenario_game(TWO_EACH)
    unbound = Choose("test_unbound", options=lambda state, seat, iid: [], prompt="?", fields={"x": field("x")})
    before = json.dumps(s, sort_keys=True)
    with pytest.raises(TypeError, match="unread field"):
        unbound.ask(s, 0, options=[find(s, "theirs")])
    assert json.dumps(s, sort_keys=True) == before
    unbound.bound({"x": 3}).ask(s, 0, options=[find(s, "theirs")])  # bound first: stored as its value
    assert json.loads(json.dumps(s))  # the state is still JSON
