"""Engine interface hardening: events past the log cap, is_legal agreeing
with apply_action, invalid seats and viewers."""

import pytest

from game.codex.state import LOG_KEEP
from game.rules import RulesError, apply_action, is_legal, legal_actions, new_game, view

from .helpers import new_normal_game


def _tech_if_owed(state):
    for seat in (0, 1):
        if state["players"][seat]["tech_owed"]:
            tech = next(a for a in legal_actions(state, seat) if a["type"] == "tech")
            state, _ = apply_action(state, seat, tech)
    return state


def test_events_are_returned_after_the_log_reached_its_cap():
    state = new_normal_game(seed=3)
    checked = 0
    while state["status"] == "playing" and checked < 40:
        state = _tech_if_owed(state)
        before = state["log_seq"]
        state, events = apply_action(state, state["active"], {"type": "end_main"})
        assert [e["n"] for e in events] == list(range(before + 1, state["log_seq"] + 1))
        if state["log_seq"] > LOG_KEEP:
            checked += 1
    assert checked, "the game never filled the log"


def test_is_legal_refuses_an_answer_when_no_prompt_is_open():
    state = new_normal_game()
    assert state["prompt"] is None
    action = {"type": "choose", "choice": ["anything"]}
    assert not is_legal(state, 0, action)
    with pytest.raises(RulesError) as info:
        apply_action(state, 0, action)
    assert info.value.code == "no_prompt"


def test_is_legal_checks_the_answer_against_the_prompt():
    state = new_game(
        {
            "mode": "1hero",
            "seed": 1,
            "seats": [{"name": "P0", "hero": "troq_bashar"}, {"name": "P1", "hero": "river_montoya"}],
            "scenario": {
                "turn": 3,
                "active": 0,
                "seats": [
                    {"hand": ["hired_stomper"], "gold": 9, "workers": 8, "buildings": {"tech_1": True, "tech_2": True}},
                    {"play": ["older_brother", "tenderfoot"]},
                ],
            },
        }
    )
    stomper = state["players"][0]["hand"][0]
    state, _ = apply_action(state, 0, {"type": "play", "card": stomper, "targets": []})
    prompt = state["prompt"]
    assert prompt is not None and prompt["seat"] == 0
    good = {"type": "choose", "choice": [prompt["options"][0]]}
    assert is_legal(state, 0, good)
    assert not is_legal(state, 1, good)  # not_your_prompt
    assert not is_legal(state, 0, {"type": "choose", "choice": ["base:1"]})  # bad_choice
    assert not is_legal(state, 0, {"type": "choose", "choice": prompt["options"][:2]})  # too many


def test_is_legal_refuses_an_oversized_action_like_apply_action():
    state = new_normal_game()
    action = {"type": "end_main", "pad": "x" * 5000}
    assert not is_legal(state, 0, action)
    with pytest.raises(RulesError) as info:
        apply_action(state, 0, action)
    assert info.value.code == "bad_action"


@pytest.mark.parametrize("viewer", [-1, -2, 2, True, "0", 0.0])
def test_view_refuses_a_viewer_that_is_not_a_seat(viewer):
    state = new_normal_game()
    with pytest.raises(RulesError) as info:
        view(state, viewer)
    assert info.value.code == "bad_seat"


@pytest.mark.parametrize("seat", [-1, 2, None, True, "0"])
def test_legal_actions_of_a_non_seat_is_empty(seat):
    assert legal_actions(new_normal_game(), seat) == []
