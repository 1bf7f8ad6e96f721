"""A Codex state stored by the engine before schema 2 keeps playing (issue
28: "a schema version and a migration for stored matches").

tests/rules/data/schema1_marks.json was made by the engine of schema 1 (main
before this change): a scenario (its config), the actions played, and the
state after them, where Censorship Council's ``plays`` and Reteller of
Truths' ``retold`` marks hold the schema-1 shape ``[turn, n]``.
"""

import copy
import json
import pathlib

import pytest

from game.codex.bots import RandomBot, _next_to_act
from game.codex.invariants import check_all
from game.codex.schema import SCHEMA, upgrade
from game.rules import RulesError, apply_action, new_game
from game.rules import upgrade as rules_upgrade

FIXTURE = json.loads((pathlib.Path(__file__).parent / "data" / "schema1_marks.json").read_text())


def _played_now():
    """The fixture's game played by this engine: its state after the same actions."""
    state = new_game(FIXTURE["config"])
    for seat, action in FIXTURE["actions"]:
        state, _ = apply_action(state, seat, action)
    return state


def _stored():
    return copy.deepcopy(FIXTURE["state"])


def test_the_fixture_is_of_schema_1_with_the_old_counter_shapes():
    stored = _stored()
    assert stored["schema"] == 1
    marks = [inst["marks"] for inst in stored["cards"].values()]
    assert {"1": [3, 1]} in [m.get("plays") for m in marks]
    assert [3, 1] in [m.get("retold") for m in marks]


def test_an_upgraded_schema_1_state_is_the_state_this_engine_plays():
    now = _played_now()
    assert now["schema"] == SCHEMA == 2
    upgraded = upgrade(_stored())
    assert upgraded == now
    assert json.dumps(upgraded) == json.dumps(now)
    check_all(upgraded)


def test_the_upgrade_goes_through_the_rules_facade_and_is_done_once():
    upgraded = rules_upgrade(_stored())
    assert upgraded == _played_now()
    assert rules_upgrade(copy.deepcopy(upgraded)) == upgraded  # schema 2: as it is
    with pytest.raises(ValueError):
        upgrade(dict(upgraded, schema=SCHEMA + 1))


def test_the_upgraded_council_still_counts_the_card_played_this_turn():
    """Censorship Council: seat 1 played Spark from hand this turn (the
    stored mark); another card from hand is refused after the upgrade."""
    state = upgrade(_stored())
    tenderfoot = next(i for i in state["players"][1]["hand"] if state["cards"][i]["card"] == "tenderfoot")
    with pytest.raises(RulesError) as refused:
        apply_action(state, 1, {"type": "play", "card": tenderfoot, "targets": []})
    assert refused.value.code == "forbidden"


@pytest.mark.parametrize("seed", range(4))
def test_an_upgraded_state_plays_on_as_the_engine_plays_the_game(seed):
    """Random play from the upgraded stored state and from the game played
    anew: every step's events and state are the same."""
    stored, now = upgrade(_stored()), _played_now()
    bot = RandomBot(seed)
    for step in range(150):
        if now["status"] != "playing":
            break
        seat = _next_to_act(now, step)
        action = bot.choose(now, seat)
        if action is None:
            break
        stored, stored_events = apply_action(stored, seat, action)
        now, events = apply_action(now, seat, action)
        assert stored_events == events
        assert json.dumps(stored) == json.dumps(now)
        check_all(stored, action, seat)
