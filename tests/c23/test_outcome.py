"""game.rules.outcome for C-23 (issue 28 point 3; house rules K5, K6, K24)."""

from game import rules
from tests.c23.helpers import act, scenario


def test_a_two_player_concession():
    state = act(scenario([{}, {}]), 1, {"type": "concede"})
    end = rules.outcome(state)
    assert (end["winners"], end["losers"], end["reason"]) == ([0], [1], "concede")
    assert end["conceded"] == [1] and end["conceded_by"] == 1 and end["fallen"] == [1]


def test_a_two_player_concession_stored_before_concessions_were_recorded():
    state = act(scenario([{}, {}]), 1, {"type": "concede"})
    del state["concessions"]
    assert rules.outcome(state)["conceded_by"] == 1


def test_three_players_the_last_concession_ends_the_game():
    """K24: the first concession puts a player out and play goes on; the
    second ends the game: both conceded, in order, the second ended it."""
    state = scenario([{}, {}, {}])
    state = act(state, 1, {"type": "concede"})
    end = rules.outcome(state)
    assert not end["over"] and end["fallen"] == [1] and end["conceded"] == [1] and end["conceded_by"] is None
    state = act(state, 2, {"type": "concede"})
    end = rules.outcome(state)
    assert end["winners"] == [0] and end["losers"] == [1, 2] and end["fallen"] == [1, 2]
    assert end["conceded"] == [1, 2] and end["conceded_by"] == 2 and end["sides"] == [[0], [1], [2]]


def test_a_deck_out_after_a_concession_was_not_ended_by_it():
    state = scenario([{}, {}, {}])
    state = act(state, 1, {"type": "concede"})
    state["status"], state["winner"], state["result_reason"] = "finished", 0, "deck_out"
    end = rules.outcome(state)
    assert end["conceded"] == [1] and end["conceded_by"] is None and end["reason"] == "deck_out"
