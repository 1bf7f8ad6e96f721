"""game.rules.outcome for Arcane Codex (issue 28 point 3; house rules A32,
A33)."""

from game import rules
from tests.arcane.helpers import act, config, position


def test_a_game_in_play_has_no_result():
    end = rules.outcome(rules.new_game(config()))
    assert not end["over"] and end["winners"] == [] and end["reason"] is None
    assert end["sides"] == [[0], [1]] and end["conceded"] == [] and end["fallen"] == []


def test_a_concession_names_the_seat_that_did_not_win():
    state = rules.new_game(config())
    state = act(state, 1, "concede")
    end = rules.outcome(state)
    assert (end["winners"], end["losers"], end["reason"]) == ([0], [1], "concede")
    assert end["conceded"] == [1] and end["conceded_by"] == 1 and not end["draw"]


def test_an_agreed_draw_has_no_winner_nor_loser():
    state = rules.new_game(config())
    seat = state["active"]
    state = act(state, seat, "offer_draw")
    state = act(state, 1 - seat, "offer_draw")
    end = rules.outcome(state)
    assert end["over"] and end["draw"] and end["reason"] == "agreed_draw"
    assert end["winners"] == [] and end["losers"] == [] and end["conceded_by"] is None


def test_a_player_at_no_life_has_fallen():
    state = position(players=[{"life": 0}, {}])
    state["status"], state["winners"], state["result_reason"] = "finished", [1], "life"
    end = rules.outcome(state)
    assert end["fallen"] == [0] and end["losers"] == [0] and end["winners"] == [1]
