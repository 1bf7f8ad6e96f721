"""Who plays whom in a round (issue 33), pure Python over the games played
so far (tournaments.standings.Game): Swiss by a maximum-weight matching
(networkx), round robin by the circle method, and a single-elimination
bracket seeded by rating. docs/TOURNAMENTS.md "Pairing" states
the rules.

A pairing is ``(first, second)``: ``first`` sits at seat 0 (plays first),
``second`` at seat 1; ``second`` None is a bye.
"""

from collections import Counter
from fractions import Fraction

import networkx as nx

from tournaments.standings import Game, scores

Pair = tuple[int, int | None]
BYE_TRIES = 8  # bye candidates tried for a round without a repeat (each try is one matching)


def seat_balance(entry: int, games: list[Game]) -> int:
    """How many more times ``entry`` sat first than second in ``games`` (byes
    sit nowhere)."""
    balance = 0
    for game in games:
        if game.second is None:
            continue
        balance += (game.first == entry) - (game.second == entry)
    return balance


def _last_seat(entry: int, games: list[Game]) -> int | None:
    """The seat ``entry`` had in its last game with an opponent (0 or 1), None for none."""
    for game in reversed(games):
        if game.second is not None and entry in (game.first, game.second):
            return 0 if game.first == entry else 1
    return None


def seated(a: int, b: int, games: list[Game]) -> Pair:
    """``(a, b)`` in seat order: who sat first less often (seat balance) sits
    first; at equal balance, who sat second in their last game; else ``a``
    (the one placed higher by the caller)."""
    ba, bb = seat_balance(a, games), seat_balance(b, games)
    if ba != bb:
        return (a, b) if ba < bb else (b, a)
    la, lb = _last_seat(a, games), _last_seat(b, games)
    if la != lb and la is not None and lb is not None:
        return (a, b) if la == 1 else (b, a)
    return (a, b)


def met(games: list[Game]) -> Counter:
    """How many times each unordered pair of entries met: ``{frozenset({a, b}): n}``."""
    return Counter(frozenset((g.first, g.second)) for g in games if g.second is not None)


def _weights(players: list[int], score: dict, meetings: Counter, balance: dict) -> dict:
    """The weight of each possible pair of ``players``, integers ordered
    lexicographically: first no repeat, then a small score difference (its
    square, in half points), then seats that can be balanced. Each level's
    unit outweighs the sum the levels below it can reach over a round."""
    boards = len(players) // 2 + 1
    gaps = [abs(score[a] - score[b]) * 2 for a in players for b in players]
    top = int(max(gaps, default=Fraction(0))) ** 2
    seat_unit = 3 * boards  # seat part per pair: 0..2
    score_unit = seat_unit
    repeat_unit = score_unit * (top + 1) * boards + seat_unit * boards
    weights = {}
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            gap = int(abs(score[a] - score[b]) * 2)
            same_side = balance[a] * balance[b] > 0
            seat_cost = min(2, abs(balance[a]), abs(balance[b])) if same_side else 0
            weights[(a, b)] = (
                repeat_unit * (1 if not meetings[frozenset((a, b))] else 0)
                + score_unit * (top - gap * gap)
                + (2 - seat_cost)
            )
    return weights


def _match(players: list[int], weights: dict) -> list[tuple[int, int]]:
    """The maximum-weight perfect matching of ``players`` (an even number)
    under ``weights`` (networkx.max_weight_matching, maxcardinality)."""
    graph = nx.Graph()
    graph.add_nodes_from(players)
    graph.add_weighted_edges_from((a, b, w) for (a, b), w in weights.items())
    return [tuple(edge) for edge in nx.max_weight_matching(graph, maxcardinality=True)]


def _bye_candidates(players: list[int], games: list[Game], score: dict) -> list[int]:
    """Who may get the bye, in order: the lowest score first among those who
    never had one (everyone when all had one); at equal scores the one placed
    lower in ``players`` (standing order) first."""
    had = {g.first for g in games if g.second is None}
    pool = [p for p in players if p not in had] or list(players)
    place = {p: i for i, p in enumerate(players)}
    return sorted(pool, key=lambda p: (score[p], -place[p]))


def swiss(players: list[int], games: list[Game]) -> list[Pair]:
    """The pairings of a Swiss round for ``players`` (the entries still in,
    in standing order) after ``games``.

    With an odd number of players the bye goes to the lowest score among those
    who never had one (the lowest placed at equal scores); the first such
    candidate (of the first BYE_TRIES) whose absence leaves a round without a
    repeat is taken (the first candidate when none does). The others are paired by a
    maximum-weight matching (networkx) whose weights forbid a repeat while
    one is avoidable, then prefer equal scores, then seats that balance;
    each pair is seated by :func:`seated`. Returns the boards in standing
    order of their higher-placed player, the bye last. Source:
    docs/TOURNAMENTS.md "Pairing"; the community's Swiss events
    (shared/notes/codex-community.md "Tournaments")."""
    if len(players) < 2:
        return [(p, None) for p in players]
    score = scores(players, games)
    meetings = met(games)
    balance = {p: seat_balance(p, games) for p in players}
    place = {p: i for i, p in enumerate(players)}
    options = _bye_candidates(players, games, score)[:BYE_TRIES] if len(players) % 2 else [None]
    best = None
    for bye in options:
        rest = [p for p in players if p != bye]
        matched = _match(rest, _weights(rest, score, meetings, balance))
        if best is None:
            best = (bye, matched)
        if not any(meetings[frozenset(pair)] for pair in matched):
            best = (bye, matched)
            break
    assert best is not None
    bye, matched = best
    boards = []
    for pair in matched:
        a, b = sorted(pair, key=place.__getitem__)
        boards.append(seated(a, b, games))
    boards.sort(key=lambda board: min(place[p] for p in board if p is not None))
    return boards + ([(bye, None)] if bye is not None else [])


def round_robin_rounds(count: int) -> int:
    """How many rounds a round robin of ``count`` entries takes (everyone
    meets everyone once): ``count - 1``, or ``count`` when it is odd."""
    return count if count % 2 else max(0, count - 1)


def round_robin(players: list[int], number: int, games: list[Game]) -> list[Pair]:
    """Round ``number`` (1 first) of the round robin of ``players`` (all the
    entries of the event, in seed order; the schedule does not change when
    someone drops) by the circle method: the first player stays, the others
    turn one place a round; an odd count adds a rest (a bye). Each pair is
    seated by :func:`seated` over ``games``."""
    ring: list[int | None] = list(players) + ([None] if len(players) % 2 else [])
    n = len(ring)
    if n < 2:
        return []
    turn = (number - 1) % (n - 1)
    rest = ring[1:]
    order = [ring[0], *rest[len(rest) - turn :], *rest[: len(rest) - turn]]
    pairs: list[Pair] = []
    for i in range(n // 2):
        a, b = order[i], order[n - 1 - i]
        if a is None or b is None:
            pairs.append((a if b is None else b, None))  # type: ignore[arg-type]
        else:
            pairs.append(seated(a, b, games))
    return pairs


def bracket_size(count: int) -> int:
    """The bracket of ``count`` entries: the least power of two at or above it."""
    size = 1
    while size < count:
        size *= 2
    return size


def seed_positions(size: int) -> list[int]:
    """The seeds (1 first) in bracket order for a bracket of ``size`` (a power
    of two): 1 and 2 can meet only in the final, 1 meets the last seed first."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def first_bracket_round(seeds: list[int]) -> list[Pair | None]:
    """The first round of a single-elimination bracket of ``seeds`` (entries,
    the best first): one board per two places of the bracket, in bracket
    order; a place beyond the entries is a bye, so byes go to the top seeds.
    A board is ``(first, second)`` (the better seed first; second None: a
    bye)."""
    size = bracket_size(len(seeds))
    places = [seeds[s - 1] if s <= len(seeds) else None for s in seed_positions(size)]
    boards: list[Pair | None] = []
    for a, b in zip(places[::2], places[1::2], strict=True):
        if a is None and b is None:
            boards.append(None)
        else:
            boards.append((a, b) if a is not None else (b, None))  # type: ignore[arg-type]
    return boards


def next_bracket_round(winners: list[int | None], games: list[Game]) -> list[Pair | None]:
    """The next round of a bracket from the previous round's ``winners`` in
    board order (None: a board nobody won, or no board): boards ``2k`` and
    ``2k + 1`` meet; a winner facing nobody has a bye; seats by
    :func:`seated`."""
    boards: list[Pair | None] = []
    for a, b in zip(winners[::2], winners[1::2], strict=True):
        if a is not None and b is not None:
            boards.append(seated(a, b, games))
        elif a is not None or b is not None:
            boards.append((a if a is not None else b, None))  # type: ignore[arg-type]
        else:
            boards.append(None)
    return boards
