"""The "win this turn" prover (issue 34 point 3, game/kernel/puzzles.py):
its transposition table never keeps a wrong "cannot win" when the search
meets a state it is still searching, and it gives up over its budget.
A made-up game of a few named states keeps each case exact."""

import contextlib
import json

import pytest

from game.kernel.puzzles import OverBudget, PositionKeys, find_win, prove, replay_wins

# state name -> {action name: next state}; "W" wins, "L" is a dead end.
GRAPH = {
    "R": {"a": "A", "n": "N", "l": "L"},
    "A": {"n": "N", "w": "W"},
    "N": {"a": "A"},
    "L": {},
}


class Walk:
    """A one-seat game over GRAPH: a state is ``{"turn": 1, "at": name}``."""

    name = "walk"

    def outcome(self, state):
        return {"over": state["at"] == "W", "winners": [0] if state["at"] == "W" else []}

    def waiting_on(self, state):
        return [] if state["at"] == "W" else [0]

    def legal_actions(self, state, seat):
        return [{"type": "go", "to": name} for name in GRAPH[state["at"]]]

    def is_legal(self, state, seat, action):
        return action in self.legal_actions(state, seat)

    def apply_action(self, state, seat, action):
        return {"turn": 1, "at": GRAPH[state["at"]][action["to"]]}, []

    def copy_state(self, state):
        return dict(state)

    def read(self, state, memo=None):
        return contextlib.nullcontext()

    def apply_action_in_place(self, state, seat, action, memo=None):
        state["at"] = GRAPH[state["at"]][action["to"]]
        return []

    def determinize(self, state, seat, rng):
        return dict(state)


def test_a_state_met_while_open_is_not_stored_as_lost():
    """N's only way on is back to A, still open when N is first met: N is
    not kept as lost, so the root's "n" is found to win through A (a table
    that kept N lost called it a wrong answer)."""
    proof = prove(Walk(), {"turn": 1, "at": "R"}, 0, budget=50)
    assert proof is not None
    assert proof.line == [{"type": "go", "to": "a"}, {"type": "go", "to": "w"}]
    assert (proof.first, proof.winning_first) == (3, 2)  # "l" is the wrong answer


def test_over_budget_is_no_proof():
    assert prove(Walk(), {"turn": 1, "at": "R"}, 0, budget=1) is None
    assert find_win(Walk(), {"turn": 1, "at": "R"}, 0, budget=1) is None


def test_no_wrong_answer_is_no_puzzle():
    """From A every first action still wins ("n" comes back to A): no puzzle."""
    assert prove(Walk(), {"turn": 1, "at": "A"}, 0, budget=50) is None


def test_replay_checks_each_action():
    start = {"turn": 1, "at": "R"}
    assert replay_wins(Walk(), start, 0, [{"type": "go", "to": "a"}, {"type": "go", "to": "w"}])
    assert not replay_wins(Walk(), start, 0, [{"type": "go", "to": "w"}])  # not legal at R
    assert not replay_wins(Walk(), start, 0, [{"type": "go", "to": "a"}])  # does not win


def test_a_finished_game_is_refused():
    with pytest.raises(ValueError):
        prove(Walk(), {"turn": 1, "at": "W"}, 0, budget=50)


def test_strict_over_budget_raises():
    """A miner tells a search too big from a position that is no puzzle."""
    with pytest.raises(OverBudget):
        prove(Walk(), {"turn": 1, "at": "R"}, 0, budget=1, strict=True)
    assert prove(Walk(), {"turn": 1, "at": "A"}, 0, budget=50, strict=True) is None  # no puzzle: no raise


def _json_key(state):
    """The transposition key as the search defines it: sorted-keys JSON less the log and its counters."""
    drop = {"log", "log_seq", "log_n", "prompt_seq", "acting"}
    return json.dumps({k: v for k, v in state.items() if k not in drop}, sort_keys=True, separators=(",", ":"))


def test_position_keys_are_the_sorted_json():
    """The remembered parts never stand for another content: the key is
    the sorted-keys JSON whatever the key order, a changed part, a part
    seen before or a nested dict."""
    keys = PositionKeys()
    state = {
        "turn": 3,
        "log": [{"x": 1}],
        "acting": 0,
        "cards": {"c10": {"b": 1, "a": {"z": [1, 2], "y": None}}, "c2": {"a": True, "b": "é"}},
        "players": [{"gold": 2, "hand": ["c2"]}, {"hand": [], "gold": 0}],
        "rng": {"n": 1.5, "key": "k"},
    }
    first = keys.key(state)
    assert first == _json_key(state)
    reordered = json.loads(json.dumps(state, sort_keys=True))
    reordered["cards"]["c10"] = {"a": {"y": None, "z": [1, 2]}, "b": 1}
    assert keys.key(reordered) == first
    state["cards"]["c10"]["a"]["z"].append(3)  # a part seen before, now changed
    state["players"][0]["gold"] = 1
    assert keys.key(state) == _json_key(state) != first
    state["cards"]["c10"]["a"]["z"].pop()
    state["players"][0]["gold"] = 2
    assert keys.key(state) == first
