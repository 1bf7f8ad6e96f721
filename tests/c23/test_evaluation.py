"""C-23's evaluation for the search bots (game.c23.evaluation; issue 30):
the race it models (each deck's clock under the draw and the damage that
gets past the blockers, K3, K4, K14-K17) and the score it squashes."""

from game.c23.evaluation import clock, damage_through, evaluate
from tests.c23.helpers import scenario


def test_damage_through_counts_what_no_surviving_blocker_stops():
    """K15: a blocker of at least the attacker's power stops it (and
    survives); the largest attackers are met first, each blocker blocks one
    attacker (K14), and what gets through discards its power (K17)."""
    assert damage_through([5, 3], []) == 8
    assert damage_through([5, 3], [3]) == 5  # the 3 blocks the 3; the 5 gets through
    assert damage_through([5, 3], [6]) == 3  # the 6 meets the 5
    assert damage_through([5, 3], [6, 4]) == 0
    assert damage_through([2, 2, 2], [2]) == 4
    assert damage_through([], [4]) == 0


def test_a_seat_s_clock_is_its_deck_over_a_turn_s_losses():
    """Bo's board (a 6 and a 1) against Ana's lone 3: the 1 is blocked,
    the 6 gets through, so Ana's 14 cards last 14 / (1 draw + 6) = 2 turns;
    Bo faces a 3 his 6 stops: 10 cards at one a turn."""
    state = scenario(
        [
            {"deck": ["Old Bough"] * 14, "characters": ["Cinder Guard"]},
            {"deck": ["Old Bough"] * 10, "characters": ["Inferno Drake", "Ashen Scout"]},
        ]
    )
    assert clock(state, 0) == 2.0
    assert clock(state, 1) == 10.0


def test_evaluate_prefers_the_side_ahead_in_the_race():
    """Two seats' values add up to 1 in a 2-player game; the seat with the
    bigger board, the longer deck and more resources is ahead, and a seat
    out of the game is worth 0."""
    even = scenario([{"deck": ["Old Bough"] * 10}, {"deck": ["Old Bough"] * 10}], active=0)
    assert abs(evaluate(even, 0) + evaluate(even, 1) - 1.0) < 1e-9
    ahead = scenario(
        [
            {"deck": ["Old Bough"] * 20, "characters": ["Blaze Brute"], "resources": ["Cinder Vein"] * 4},
            {"deck": ["Old Bough"] * 10, "characters": ["Ashen Scout"], "resources": ["Cinder Vein"] * 2},
        ],
        active=1,
    )
    assert evaluate(ahead, 0) > 0.8
    assert evaluate(ahead, 1) < 0.2
    ahead["players"][0]["out"] = True
    assert evaluate(ahead, 0) == 0.0
