"""apply_action_in_place: the same game as apply_action byte for byte, and a
refused action changes nothing; a failure after the checks is an
EngineFault there, while apply_action still leaves the caller's state as
it was."""

import dataclasses
import json

import pytest

from game.codex.bots import GreedyBot, RandomBot, _next_to_act
from game.codex.definition import RULES
from game.rules import EngineFault, RulesError, apply_action, apply_action_in_place, copy_state, legal_actions, new_game

from .helpers import hand_ids, new_normal_game, random_config, scenario_game

MODES = [("1hero", 2, 1), ("3hero", 2, 3), ("2hg", 4, 1), ("ffa", 3, 1), ("ffa", 5, 1)]


@pytest.mark.parametrize("mode,seats,per_seat", MODES)
@pytest.mark.parametrize("seed", [1, 2])
def test_in_place_and_copying_play_the_same_game_byte_for_byte(mode, seats, per_seat, seed):
    """Bots drive one game applied in place and the same actions through
    apply_action (which copies); after every action the two states' JSON
    (key order included) and the events are identical."""
    config = random_config(mode, seats, per_seat, seed)
    bots = [(GreedyBot if (seed + i) % 2 else RandomBot)(seed * 10 + i) for i in range(seats)]
    mine = copy_state(new_game(config))
    pure = new_game(config)
    for step in range(400):
        if mine["status"] != "playing":
            break
        seat = _next_to_act(mine, step)
        action = bots[seat].choose(mine, seat)
        if action is None:
            break
        events_in_place = apply_action_in_place(mine, seat, action)
        pure, events = apply_action(pure, seat, json.loads(json.dumps(action)))
        assert json.dumps(mine) == json.dumps(pure), (step, action)
        assert events_in_place == events


def _failing_after(monkeypatch, kind):
    """Make action ``kind`` raise a RulesError after its real perform has
    changed the state (what a faulty card or engine step could do), in the
    move table the kernel plays (game.codex.definition.RULES)."""
    move = RULES.by_type[kind]

    def perform_then_fail(state, seat, plan):
        move.change(state, seat, plan)
        raise RulesError("bad_action", "A fault in the middle of an action.")

    monkeypatch.setitem(RULES.by_type, kind, dataclasses.replace(move, change=perform_then_fail))


def test_a_rules_error_in_the_middle_of_an_action(monkeypatch):
    """apply_action: the RulesError reaches the caller, whose state is
    unchanged. apply_action_in_place: an EngineFault (not a RulesError: the
    state is half-changed and must be dropped)."""
    state = new_normal_game(seed=4)
    hire = {"type": "hire", "card": hand_ids(state, 0)[0]}
    _failing_after(monkeypatch, "hire")
    exact = json.dumps(state)
    with pytest.raises(RulesError):
        apply_action(state, 0, hire)
    assert json.dumps(state) == exact
    with pytest.raises(EngineFault) as info:
        apply_action_in_place(state, 0, hire)
    assert not isinstance(info.value, RulesError)
    assert isinstance(info.value.__cause__, RulesError)


def test_a_rules_error_inside_a_prompt_answer(monkeypatch):
    """The same for an answer to an open prompt (the queue resumes inside
    the answer)."""
    state = scenario_game(
        seats=[
            {
                "gold": 9,
                "hand": ["hired_stomper"],
                "play": ["troq_bashar"],
                "buildings": {"tech_1": True, "tech_2": True},
            },
            {"play": ["tenderfoot", "older_brother"]},
        ]
    )
    state, _ = apply_action(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": []})
    assert state["prompt"] is not None
    answer = next(a for a in legal_actions(state, 0) if a["type"] == "choose")
    _failing_after(monkeypatch, "choose")
    exact = json.dumps(state)
    with pytest.raises(RulesError):
        apply_action(state, 0, answer)
    assert json.dumps(state) == exact
    with pytest.raises(EngineFault):
        apply_action_in_place(state, 0, answer)


def test_a_refused_prompt_answer_in_place_changes_nothing():
    """A wrong answer is refused by the checks, before anything changes."""
    state = scenario_game(
        seats=[
            {
                "gold": 9,
                "hand": ["hired_stomper"],
                "play": ["troq_bashar"],
                "buildings": {"tech_1": True, "tech_2": True},
            },
            {"play": ["tenderfoot", "older_brother"]},
        ]
    )
    apply_action_in_place(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": []})
    exact = json.dumps(state)
    for bad in (["nope"], [], state["prompt"]["options"] * 2):
        with pytest.raises(RulesError):
            apply_action_in_place(state, 0, {"type": "choose", "choice": bad})
        assert json.dumps(state) == exact
    with pytest.raises(RulesError):
        apply_action_in_place(state, 1, {"type": "choose", "choice": state["prompt"]["options"][:1]})
    assert json.dumps(state) == exact
