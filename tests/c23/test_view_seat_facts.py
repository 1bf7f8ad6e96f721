"""What the C-23 view says so that the board copies no rule (issue 31
point 2; docs/C23.md "Views"): whom each player still in ``attacks`` and
the ``turn_order`` ("Multiplayer Rules", K13, K24: the next player still
in to the left), and in the viewer's own entry the moves never listed
among the legal actions (``may_reveal_hand``: K19, K24; ``may_concede``)
and what conceding would do (``concede_leaves_winner``: the last player
left wins, K24). Each is checked against what the engine then does."""

import copy

import pytest

from game.c23 import RulesError, apply_action, view

from .helpers import act, scenario


def _three():
    """A 3-player game at seat 0's main step, everyone in (seat 2 with a
    character that may block)."""
    return scenario([{"characters": ["Ashen Scout"]}, {}, {"characters": ["Reef Sentry"]}])


def _out(state, seat):
    """``seat`` concedes: the others play on (a 3-player game)."""
    state = act(state, seat, {"type": "concede"})
    assert state["players"][seat]["out"] and state["status"] == "playing"
    return state


def test_each_player_still_in_attacks_the_next_one_to_the_left():
    s = _three()
    for viewer in (0, 1, 2, None):
        shown = view(s, viewer)
        assert [p["attacks"] for p in shown["players"]] == [1, 2, 0]
        assert shown["turn_order"] == [0, 1, 2]
    s = _out(s, 1)
    shown = view(s, None)
    assert [p.get("attacks") for p in shown["players"]] == [2, None, 0]
    assert "attacks" not in shown["players"][1] and shown["turn_order"] == [0, 2]
    # What the engine does: seat 0's attack goes to seat 2, seat 1 being out.
    s = act(s, 0, {"type": "attack", "attackers": s["players"][0]["characters"]})
    assert s["combat"]["defender"] == 2


def test_the_viewers_own_entry_says_what_it_may_do_at_any_time():
    s = _three()
    for viewer in (0, 1, 2):
        mine = view(s, viewer)["players"][viewer]
        assert mine["may_reveal_hand"] is True and mine["may_concede"] is True
        assert mine["concede_leaves_winner"] is None
    for viewer in (0, 1, 2, None):  # nobody else's entry carries them
        others = [p for p in view(s, viewer)["players"] if p["seat"] != viewer]
        assert all(k not in p for p in others for k in ("may_reveal_hand", "may_concede", "concede_leaves_winner"))
    s = act(s, 1, {"type": "reveal_hand"})
    assert view(s, 1)["players"][1]["may_reveal_hand"] is False
    with pytest.raises(RulesError):
        apply_action(s, 1, {"type": "reveal_hand"})


def test_a_two_player_game_reveals_no_hand_and_conceding_gives_the_game_away():
    s = scenario([{}, {}])
    mine = view(s, 0)["players"][0]
    assert mine["may_reveal_hand"] is False and mine["concede_leaves_winner"] == 1
    with pytest.raises(RulesError):
        apply_action(s, 0, {"type": "reveal_hand"})
    after = act(copy.deepcopy(s), 0, {"type": "concede"})
    assert after["status"] == "finished" and after["winner"] == 1


def test_once_a_third_player_is_out_conceding_names_the_winner():
    s = _out(_three(), 2)
    assert view(s, 0)["players"][0]["concede_leaves_winner"] == 1
    assert view(s, 1)["players"][1]["concede_leaves_winner"] == 0
    out = view(s, 2)["players"][2]
    assert out["may_concede"] is False and out["may_reveal_hand"] is False and "concede_leaves_winner" not in out
    after = act(copy.deepcopy(s), 0, {"type": "concede"})
    assert after["status"] == "finished" and after["winner"] == 1


def test_nothing_may_be_done_once_the_game_is_over():
    s = act(scenario([{}, {}]), 0, {"type": "concede"})
    mine = view(s, 1)["players"][1]
    assert mine["may_concede"] is False and mine["may_reveal_hand"] is False
