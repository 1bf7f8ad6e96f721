"""Pairing (issue 33; docs/TOURNAMENTS.md "Pairing"): Swiss by a
maximum-weight matching (scores, no repeats while avoidable, byes, seats),
round robin by the circle method, a bracket seeded with byes to the top."""

import random
from collections import Counter

from tournaments import pairing
from tournaments.standings import DRAW, LOSS, WIN, Game, standings


def play(pairs, rng, draws=True):
    """Results for ``pairs`` drawn with ``rng`` (a bye wins)."""
    games = []
    for a, b in pairs:
        if b is None:
            games.append(Game(a, None, (WIN, LOSS)))
            continue
        roll = rng.random()
        points = (DRAW, DRAW) if draws and roll < 0.1 else (WIN, LOSS) if roll < 0.55 else (LOSS, WIN)
        games.append(Game(a, b, points))
    return games


def swiss_event(count, rounds, seed):
    """A Swiss of ``count`` players and ``rounds`` rounds with random results:
    the list of rounds' pairings and the games."""
    rng = random.Random(seed)
    players, games, made = list(range(1, count + 1)), [], []
    for _ in range(rounds):
        order = [s.entry for s in standings(players, games)]
        pairs = pairing.swiss(order, games)
        made.append(pairs)
        games += play(pairs, rng)
    return made, games


def test_swiss_never_repeats_gives_one_bye_each_and_pairs_everyone():
    for count, seed in ((16, 1), (15, 2), (21, 3)):
        made, games = swiss_event(count, 6, seed)
        for pairs in made:
            seated = [p for pair in pairs for p in pair if p is not None]
            assert sorted(seated) == list(range(1, count + 1))  # everyone once a round
        assert max(pairing.met(games).values()) == 1  # no pairing twice
        byes = Counter(g.first for g in games if g.second is None)
        assert len(byes) == (6 if count % 2 else 0) and set(byes.values()) <= {1}
        assert max(abs(pairing.seat_balance(p, games)) for p in range(1, count + 1)) <= 2


def test_swiss_pairs_equal_scores_and_the_lowest_score_gets_the_bye():
    games = [Game(1, 2, (WIN, LOSS)), Game(3, 4, (WIN, LOSS)), Game(5, None, (WIN, LOSS))]
    order = [s.entry for s in standings([1, 2, 3, 4, 5], games)]
    pairs = pairing.swiss(order, games)
    assert pairs[-1] in ((2, None), (4, None))  # a 0-point player; 5 already had a bye
    boards = {frozenset(p) for p in pairs[:-1]}
    assert frozenset((1, 3)) in boards or frozenset((1, 5)) in boards or frozenset((3, 5)) in boards
    winners = {1, 3, 5}
    assert sum(1 for b in boards if b <= winners) == 1  # two of the 1-point players meet


def test_swiss_repeats_only_when_nothing_else_is_left():
    players, games = [1, 2, 3, 4], []
    rng = random.Random(5)
    for _ in range(3):  # three rounds: everyone met everyone
        order = [s.entry for s in standings(players, games)]
        games += play(pairing.swiss(order, games), rng)
    assert max(pairing.met(games).values()) == 1
    fourth = pairing.swiss(players, games)  # a fourth round must repeat: it still pairs everyone
    assert sorted(p for pair in fourth for p in pair if p is not None) == players


def test_seats_alternate():
    games = [Game(1, 2, (WIN, LOSS))]
    assert pairing.seated(1, 3, games) == (3, 1)  # 1 sat first last time
    assert pairing.seated(2, 3, games) == (2, 3)


def test_round_robin_meets_everyone_once():
    players = [10, 20, 30, 40, 50]
    rounds = pairing.round_robin_rounds(len(players))
    assert rounds == 5 and pairing.round_robin_rounds(6) == 5
    games = []
    for number in range(1, rounds + 1):
        pairs = pairing.round_robin(players, number, games)
        assert sorted(p for pair in pairs for p in pair if p is not None) == players
        games += play(pairs, random.Random(number), draws=False)
    met = pairing.met(games)
    assert len(met) == 10 and set(met.values()) == {1}
    assert Counter(g.first for g in games if g.second is None) == dict.fromkeys(players, 1)


def test_bracket_byes_go_to_the_top_seeds():
    seeds = [11, 12, 13, 14, 15, 16]  # 6 players: a bracket of 8, seeds 1 and 2 rest
    assert pairing.seed_positions(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert pairing.first_bracket_round(seeds) == [(11, None), (14, 15), (12, None), (13, 16)]
    assert pairing.next_bracket_round([11, 15, 12, 13], []) == [(11, 15), (12, 13)]
    assert pairing.next_bracket_round([11, None, None, None], []) == [(11, None), None]
