"""game.c23.outcome on positions of its own (issue 28 point 3): a game in
progress, a deck-out, concessions and a draw, read from the state alone
(K4, K5, K6, K24)."""

from game.c23 import outcome

from .helpers import act, find, scenario


def test_a_game_in_progress_has_no_result():
    state = scenario([{}, {}])
    got = outcome(state)
    assert got["over"] is False and got["winners"] == [] and got["reason"] is None
    assert got["fallen"] == [] and got["conceded_by"] is None and got["sides"] == [[0], [1]]


def test_a_deck_out_names_the_winner_and_the_fallen():
    """K4: emptying the other deck wins."""
    state = scenario([{"hand": ["Searing Volley"], "resources": ["Cinder Vein"] * 2}, {"deck": ["Tide Pool"] * 2}])
    state = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Searing Volley")})
    got = outcome(state)
    assert got["over"] and got["winners"] == [0] and got["losers"] == [1] and got["reason"] == "deck_out"
    assert got["fallen"] == [1] and got["conceded_by"] is None and not got["draw"]


def test_a_concession_in_a_2_player_game_names_who_conceded():
    state = act(scenario([{}, {}]), 1, {"type": "concede"})
    got = outcome(state)
    assert got["winners"] == [0] and got["reason"] == "concede" and got["conceded_by"] == 1
    assert got["conceded"] == [1] and got["fallen"] == [1]


def test_in_a_3_player_game_the_first_concession_is_kept_until_the_end():
    """K24: the one who concedes first is out; the game goes on; the last
    concession ends it and is the one that ended it."""
    state = act(scenario([{}, {}, {}]), 2, {"type": "concede"})
    got = outcome(state)
    assert not got["over"] and got["fallen"] == [2] and got["conceded"] == [2] and got["conceded_by"] is None
    state = act(state, 0, {"type": "concede"})
    got = outcome(state)
    assert got["winners"] == [1] and got["losers"] == [0, 2] and got["fallen"] == [0, 2]
    assert got["conceded"] == [2, 0] and got["conceded_by"] == 0


def test_every_deck_empty_at_once_is_a_draw():
    """K5 ★ default: both decks at 0 in one event: nobody wins."""
    state = scenario(
        [{"hand": ["Scorched Earth"], "resources": ["Cinder Vein"] * 3, "deck": ["Tide Pool"]}, {"deck": ["Tide Pool"]}]
    )
    state = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Scorched Earth")})
    got = outcome(state)
    assert got["over"] and got["draw"] and got["winners"] == [] and got["losers"] == []
