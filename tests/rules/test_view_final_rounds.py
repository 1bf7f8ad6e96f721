"""What the view says of the free-for-all final rounds (house rule R28,
docs/RULINGS.md "Concession"), so that the match page copies no rule (issue
31 point 2): ``final.tied_now``, the seats tied for the highest base now
(freeforall.tied_now), public; and in the viewer's own entry, while the
viewer is still in, ``concede_leaves_winner``: the seat the viewer's
concession would make win at once, or None (freeforall.lone_leader).
Each is checked against what the engine then does."""

import copy

from game.rules import view

from .helpers import act
from .test_free_for_all import ffa


def _final_rounds(players=3, damage=None):
    """The last seat concedes during seat 0's main phase with the bases at
    20 less ``damage`` ({seat: damage}): the leaders are tied (R28).
    Returns the state."""
    seats = [{"base_damage": (damage or {}).get(s, 0)} for s in range(players)]
    s = ffa(seats, players=players)
    s = act(s, players - 1, {"type": "concede"})
    assert s["status"] == "playing" and s["final"] is not None
    return s


def _conceding(state, seat):
    """The seat that won at once by ``seat``'s concession, or None when
    the game went on (or ended otherwise)."""
    after = act(copy.deepcopy(state), seat, {"type": "concede"})
    if after["status"] == "finished" and after["result_reason"] == "concession":
        assert len(after["winners"]) == 1
        return after["winners"][0]
    return None


def test_tied_now_names_the_tied_leaders_for_every_viewer():
    s = _final_rounds()
    assert s["final"]["tied"] == [0, 1]
    for viewer in (0, 1, 2, None):
        assert view(s, viewer)["final"]["tied_now"] == [0, 1]


def test_tied_now_follows_the_bases_not_the_tie_the_round_began_with():
    s = _final_rounds(players=4)
    assert view(s, 0)["final"]["tied_now"] == [0, 1, 2]
    s["teams"][s["players"][1]["team"]]["damage"] = 4  # seat 1 fell behind during the round
    assert s["final"]["tied"] == [0, 1, 2]
    assert view(s, None)["final"]["tied_now"] == [0, 2]
    s["teams"][s["players"][2]["team"]]["damage"] = 1
    assert view(s, None)["final"]["tied_now"] == []  # seat 0 leads alone


def test_tied_now_is_empty_once_the_game_is_over():
    s = _final_rounds()
    s = act(s, 1, {"type": "concede"})
    assert s["status"] == "finished" and s["final"] is not None
    assert view(s, 0)["final"]["tied_now"] == []


def test_a_concession_that_leaves_one_tied_leader_names_the_winner():
    """Seats 0 and 1 tied, seat 2 out: either one's concession makes the
    other win at once, as the engine then decides."""
    s = _final_rounds()
    for seat, other in ((0, 1), (1, 0)):
        assert view(s, seat)["players"][seat]["concede_leaves_winner"] == other
        assert _conceding(s, seat) == other


def test_a_concession_that_leaves_the_round_going_names_nobody():
    """Four players, seat 3 out: seats 0, 1 and 2 tied. Seat 0 conceding
    leaves two tied leaders: nobody wins at once."""
    s = _final_rounds(players=4)
    assert view(s, 0)["players"][0]["concede_leaves_winner"] is None
    assert _conceding(s, 0) is None


def test_a_lone_tied_leader_below_another_base_does_not_win_by_a_concession():
    """Seats 0 and 1 tied at 20 (seat 2 at 17, seat 3 out); seat 1's base
    then drops to 16. Seat 0 conceding leaves seat 1 the only tied leader
    in, but seat 2's base is higher: the game goes on (R28)."""
    s = _final_rounds(players=4, damage={2: 3})
    assert s["final"]["tied"] == [0, 1]
    s["teams"][s["players"][1]["team"]]["damage"] = 4
    assert view(s, 0)["players"][0]["concede_leaves_winner"] is None
    assert _conceding(s, 0) is None
    assert view(s, 1)["players"][1]["concede_leaves_winner"] == 0
    assert _conceding(s, 1) == 0


def test_the_concession_forecast_is_the_viewers_own_and_only_while_in_play():
    """Only the viewer's own entry carries it; not a spectator, not another
    seat's entry, not a seat that conceded, not outside the final rounds."""
    s = _final_rounds()
    for viewer in (0, 1, 2, None):
        shown = view(s, viewer)["players"]
        carried = [p["seat"] for p in shown if "concede_leaves_winner" in p]
        assert carried == ([viewer] if viewer in (0, 1) else [])
    before = ffa()
    assert all("concede_leaves_winner" not in p for p in view(before, 0)["players"])
    assert view(before, 0)["final"] is None
