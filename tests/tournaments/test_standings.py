"""Standings and tie-breaks (issue 33; docs/TOURNAMENTS.md
"Standings"): a small event written out by hand, and the floor of an
opponent's match-win share."""

from fractions import Fraction as F

from tournaments.standings import DRAW, LOSS, WIN, Game, standings


def won(a, b):
    return Game(a, b, (WIN, LOSS))


def bye(a):
    return Game(a, None, (WIN, LOSS))


# Five players, three rounds:
#   round 1: 1 beats 2, 3 draws with 4, 5 has the bye
#   round 2: 5 beats 1, 4 beats 2, 3 has the bye
#   round 3: 1 beats 4, 3 beats 5, 2 has the bye
EVENT = [
    won(1, 2), Game(3, 4, (DRAW, DRAW)), bye(5),
    won(5, 1), won(4, 2), bye(3),
    won(1, 4), won(3, 5), bye(2),
]  # fmt: skip


def test_a_small_event_checked_by_hand():
    # Scores: 1: W L W = 2; 2: L L bye = 1; 3: D bye W = 5/2; 4: D W L = 3/2; 5: bye W L = 2.
    # Buchholz (opponents' scores, byes none): 1: 2's 1 + 5's 2 + 4's 3/2 = 9/2;
    #   2: 1's 2 + 4's 3/2 = 7/2; 3: 4's 3/2 + 5's 2 = 7/2; 4: 3's 5/2 + 2's 1 + 1's 2 = 11/2; 5: 2 + 5/2 = 9/2.
    # Match-win shares (score / 3 games, byes counted): 1: 2/3, 2: 1/3, 3: 5/6, 4: 1/2, 5: 2/3.
    # Opponents' shares (each at least 1/3): 1: (1/3 + 2/3 + 1/2) / 3 = 1/2;
    #   2: (2/3 + 1/2) / 2 = 7/12; 3: (1/2 + 2/3) / 2 = 7/12; 4: (5/6 + 1/3 + 2/3) / 3 = 11/18;
    #   5: (2/3 + 5/6) / 2 = 3/4.
    # Order: 3 (5/2); 1 and 5 (2, Buchholz 9/2 both): 5 first on 3/4 > 1/2; 4 (3/2); 2 (1).
    table = standings([1, 2, 3, 4, 5], EVENT)
    got = [(s.entry, s.rank, s.score, s.buchholz, s.omw) for s in table]
    assert got == [
        (3, 1, F(5, 2), F(7, 2), F(7, 12)),
        (5, 2, F(2), F(9, 2), F(3, 4)),
        (1, 3, F(2), F(9, 2), F(1, 2)),
        (4, 4, F(3, 2), F(11, 2), F(11, 18)),
        (2, 5, F(1), F(7, 2), F(7, 12)),
    ]
    counts = {s.entry: (s.wins, s.draws, s.losses, s.byes) for s in table}
    assert counts == {1: (2, 0, 1, 0), 2: (0, 0, 2, 1), 3: (1, 1, 0, 1), 4: (1, 1, 1, 0), 5: (1, 0, 1, 1)}


def test_an_opponents_share_counts_at_least_a_third_and_ties_share_a_rank():
    table = standings([1, 2], [won(1, 2)])
    assert [(s.entry, s.omw) for s in table] == [(1, F(1, 3)), (2, F(1))]  # 2's share 0 counts as 1/3
    tied = standings([1, 2, 3, 4], [Game(1, 2, (DRAW, DRAW)), Game(3, 4, (DRAW, DRAW))])
    assert [s.rank for s in tied] == [1, 1, 1, 1]
    assert [s.entry for s in tied] == [1, 2, 3, 4]  # equal on all three: seed order


def test_nobody_played_scores_nothing():
    table = standings([7, 8], [])
    assert [(s.entry, s.score, s.buchholz, s.omw) for s in table] == [(7, 0, 0, 0), (8, 0, 0, 0)]


def test_the_direct_encounter_ranks_the_winner_above_the_player_they_beat():
    """A tester's 3-player Swiss: 1 beat 2, then 2 had a bye (3's game not
    yet played). 1 and 2 tie on score and Buchholz, and 2's opponent (1)
    has the better share; before the direct encounter 2 ranked first."""
    table = standings([1, 2, 3], [won(1, 2), bye(3), bye(2)])
    assert {s.score for s in table} == {F(1)}
    assert [(s.entry, s.rank) for s in table] == [(1, 1), (2, 2), (3, 3)]  # then Buchholz: 2's 1, 3's 0


def test_a_cycle_of_wins_leaves_the_direct_encounter_even():
    """Four tied on score, each having beaten one of the others: the direct
    encounter is 1 for each, and the later tie-breaks (all equal here) leave
    them sharing the first rank."""
    table = standings([1, 2, 3, 4], [won(1, 3), won(3, 2), won(2, 4), won(4, 1)])
    assert [(s.entry, s.rank) for s in table] == [(1, 1), (2, 1), (3, 1), (4, 1)]
