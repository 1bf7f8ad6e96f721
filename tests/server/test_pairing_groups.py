"""Quick pairing's matching (issue 33 point 3), pure: the rating window that
widens with waiting, groups by nearest rating within both windows, seats
that make even teams."""

import math

from community.pairing import BASE, STEP, WIDEST, Waiting, groups, seat_order, window


def test_the_window_widens_with_each_period_waited_and_then_takes_anyone():
    assert window(0, turn_based=False) == BASE
    assert window(9.9, turn_based=False) == BASE
    assert window(10, turn_based=False) == BASE + STEP
    assert window(25, turn_based=False) == BASE + 2 * STEP
    assert window(3599, turn_based=True) == BASE  # a turn-based wait widens by the hour
    assert window(7200, turn_based=True) == BASE + 2 * STEP
    assert math.isinf(window(1e6, turn_based=False))
    steps = math.ceil((WIDEST - BASE) / STEP)
    assert math.isinf(window(10 * steps, turn_based=False))
    assert not math.isinf(window(10 * (steps - 1), turn_based=False))


def test_the_oldest_picks_the_nearest_rating_both_windows_accept():
    waiting = [Waiting(1, 25.0, 3.0), Waiting(2, 30.0, 10.0), Waiting(3, 26.0, 3.0), Waiting(4, 24.5, 3.0)]
    # 1 takes 4 (0.5 away) before 3 (1.0 away); 2 is beyond 1's window.
    assert groups(waiting, 2) == [[1, 4]]


def test_a_gap_must_be_within_both_windows():
    patient, new = Waiting(1, 25.0, 20.0), Waiting(2, 31.0, 2.5)
    assert groups([patient, new], 2) == []  # 6 apart: the newcomer's window is 2.5
    assert groups([patient, Waiting(2, 31.0, 7.5)], 2) == [[1, 2]]


def test_a_request_with_too_few_near_others_waits_and_the_next_ones_still_pair():
    waiting = [Waiting(1, 40.0, 2.5), Waiting(2, 20.0, 2.5), Waiting(3, 21.0, 2.5)]
    assert groups(waiting, 2) == [[2, 3]]


def test_groups_of_four_for_a_2v2_and_nobody_twice():
    waiting = [Waiting(k, 25.0 + k / 10, math.inf) for k in range(1, 10)]
    found = groups(waiting, 4)
    assert found == [[1, 2, 3, 4], [5, 6, 7, 8]]
    assert len({k for g in found for k in g}) == 8


def test_even_teams_put_the_strongest_with_the_weakest():
    # mus by request: 0 strongest, 3 weakest; seats 0-1 one team, 2-3 the other.
    assert seat_order([30.0, 20.0, 25.0, 10.0], (0, 0, 1, 1)) == [0, 3, 2, 1]
    assert seat_order([30.0, 20.0, 25.0], None) == [0, 1, 2]
