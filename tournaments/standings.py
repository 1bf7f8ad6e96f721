"""Tournament standings with tie-breaks (issue 33), pure Python: scores,
the direct encounter, Buchholz and opponents' match-win share (docs/TOURNAMENTS.md
"Standings" states the rules; this module is their one implementation).

A game is a :class:`Game`: two entries and the points each scored, or one
entry and a bye. A win scores 1, a draw 1/2, a loss 0 and a bye 1.
"""

from dataclasses import dataclass
from fractions import Fraction

WIN, DRAW, LOSS = Fraction(1), Fraction(1, 2), Fraction(0)
FLOOR = Fraction(1, 3)  # an opponent's match-win share counts as at least 1/3


@dataclass(frozen=True)
class Game:
    """One game of an event: ``first`` (the entry at seat 0) and ``second``
    (seat 1; None for a bye), with ``points`` ``(first's, second's)``."""

    first: int
    second: int | None
    points: tuple[Fraction, Fraction]


@dataclass(frozen=True)
class Standing:
    """One entry's line of the standings: ``rank`` (1 first), ``score``,
    ``buchholz`` (the sum of its opponents' scores), ``omw`` (its opponents'
    mean match-win share, each floored at 1/3), and its ``wins``, ``draws``,
    ``losses`` and ``byes``."""

    entry: int
    rank: int
    score: Fraction
    buchholz: Fraction
    omw: Fraction
    wins: int
    draws: int
    losses: int
    byes: int


def _tally(entries: list[int], games: list[Game]) -> tuple[dict, dict, dict, dict]:
    """Each entry's score, opponents (a list, a repeat counted each time),
    games played (byes count) and ``[wins, draws, losses, byes]``."""
    score = {e: Fraction(0) for e in entries}
    opponents: dict[int, list[int]] = {e: [] for e in entries}
    played = dict.fromkeys(entries, 0)
    counts = {e: [0, 0, 0, 0] for e in entries}
    for game in games:
        sides = [(game.first, game.second, game.points[0])]
        if game.second is not None:
            sides.append((game.second, game.first, game.points[1]))
        for me, other, points in sides:
            if me not in score:
                continue
            score[me] += points
            played[me] += 1
            if other is None:
                counts[me][3] += 1
                continue
            opponents[me].append(other)
            counts[me][0 if points == WIN else 1 if points == DRAW else 2] += 1
    return score, opponents, played, counts


def _mean_share(opponents: list[int], share: dict[int, Fraction]) -> Fraction:
    """The mean of ``opponents``' match-win shares, each at least FLOOR (0 for no opponent)."""
    if not opponents:
        return Fraction(0)
    total = Fraction(0)
    for o in opponents:
        total += max(FLOOR, share.get(o, Fraction(0)))
    return total / len(opponents)


def _direct_encounter(entries: list[int], games: list[Game], score: dict[int, Fraction]) -> dict[int, Fraction]:
    """Each entry's points in its games against the entries tied with it on
    score (0 when it met none of them): a player who beat the one tied with
    them ranks first, and where each beat one of the others (a cycle) the
    points are equal and the next tie-break decides."""
    groups: dict[Fraction, set[int]] = {}
    for e in entries:
        groups.setdefault(score[e], set()).add(e)
    direct = dict.fromkeys(entries, Fraction(0))
    for group in groups.values():
        if len(group) < 2:
            continue
        for game in games:
            if game.first in group and game.second in group:
                direct[game.first] += game.points[0]
                direct[game.second] += game.points[1]
    return direct


def standings(entries: list[int], games: list[Game]) -> list[Standing]:
    """The standings of ``entries`` (ids in seed order: sign-up, or rating
    for a bracket) after ``games``: sorted by score, then the direct
    encounter, then Buchholz, then opponents' match-win share (all higher
    first), then seed order. Entries tied on all four share a rank.

    An entry's match-win share is its score over its games played, byes
    included (0 when it played none); an opponent's counts at least
    :data:`FLOOR`. Byes give no opponent: they add nothing to Buchholz or
    to opponents' shares. Games of entries not in ``entries`` are skipped
    for them. Between score and Buchholz comes the direct encounter
    (:func:`_direct_encounter`: a tester found a player ranked below the
    one they beat, on opponents' share). Source: docs/TOURNAMENTS.md
    "Standings"."""
    score, opponents, played, counts = _tally(entries, games)
    share = {e: (score[e] / played[e] if played[e] else Fraction(0)) for e in entries}
    buchholz = {e: sum((score.get(o, Fraction(0)) for o in opponents[e]), Fraction(0)) for e in entries}
    omw = {e: _mean_share(opponents[e], share) for e in entries}
    direct = _direct_encounter(entries, games, score)
    seed = {e: i for i, e in enumerate(entries)}
    order = sorted(entries, key=lambda e: (-score[e], -direct[e], -buchholz[e], -omw[e], seed[e]))
    lines: list[Standing] = []
    for e in order:
        key = (score[e], buchholz[e], omw[e])
        prev = lines[-1] if lines else None
        tied = prev is not None and (prev.score, prev.buchholz, prev.omw) == key and direct[prev.entry] == direct[e]
        rank = prev.rank if tied and prev is not None else len(lines) + 1
        wins, draws, losses, byes = counts[e]
        lines.append(Standing(e, rank, score[e], buchholz[e], omw[e], wins, draws, losses, byes))
    return lines


def scores(entries: list[int], games: list[Game]) -> dict[int, Fraction]:
    """Each of ``entries``' score after ``games`` (a win 1, a draw 1/2, a bye 1)."""
    return _tally(entries, games)[0]
