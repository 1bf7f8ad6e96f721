""" "Win this turn" puzzles (issue 34 point 3): proving that a seat can win
before its turn passes, by exhaustive search within the turn.

A position is *proved* (docs/RULINGS.md, "Puzzles") when, within a node
budget:

- the search finds a line of the seat's own actions that wins the game
  before the state's ``turn`` changes (:func:`prove`'s ``line``);
- ending the turn at once does not win, and at least one other legal first
  action cannot win any more (there is a wrong answer besides passing);
- the line also wins, action for action, in ``worlds`` copies of the
  position dealt again by the game's ``determinize`` for the seat (the worlds
  the seat cannot tell apart), so no puzzle hangs on a hidden card or a draw.

The search is a depth-first search over every legal action of the seat
(conceding aside) until the turn passes or the game ends, with a
transposition table keyed by the state less its log. A state where the
seat has no action (an opponent's prompt) counts as not won: the served
puzzle's opponent never gets to move. A state met again while it is still being
searched (a patroller moved out of its slot and back) counts as not won on
that path; a "not won" that leaned on such an unfinished state higher up is
not kept in the table, so the table never holds a wrong "cannot win". A
search that needs more than ``budget`` nodes raises :class:`OverBudget`:
a proof that does not fit is discarded, never called proved.

Pure Python over :class:`game.kernel.game.Game`; the miner is
tools/mine_puzzles.py, the stored puzzles game/codex/data/puzzles.jsonl.
"""

import json
import marshal
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from json.encoder import encode_basestring_ascii
from typing import Any

from .game import Game
from .types import Action, Seat, State

# State keys that do not change what can happen next: the log and its counters.
_NOT_POSITION = frozenset(("log", "log_seq", "log_n", "prompt_seq", "acting"))
_DONE = 1 << 30  # the "lowest open ancestor" of a result that leaned on none
_ORDER = {"attack": 0, "ability": 0, "end_main": 2}  # the search's move order (stable within a rank)
_ENCODE = json.JSONEncoder(sort_keys=True, separators=(",", ":"), check_circular=False).encode
_KEY = encode_basestring_ascii  # a str key as json.dumps writes it
_MARSHAL = marshal.dumps


class OverBudget(Exception):
    """The search needed more nodes than its budget: no proof."""


class PositionKeys:
    """The transposition keys of one search: a state's key is its JSON
    less the log and its counters, keys sorted (two states with one key
    play on alike). Made faster for a search's many states that differ
    from one another in a few parts: the state's
    top-level values, and the entries of those that are dicts or lists (a
    card instance, a player), are each encoded once per content. A part's
    sorted-keys JSON is remembered under its marshal bytes, which the same
    content in the same key order always gives (equal bytes load as equal
    values, so a remembered text is never wrong; the same content in
    another key order is only encoded again). Holds what it remembered:
    one per search."""

    def __init__(self) -> None:
        self.known: dict[bytes, str] = {}

    def key(self, state: State) -> str:
        """The key of ``state``: the text of ``json.dumps`` of it less
        the log and its counters, with ``sort_keys=True`` and no spaces.
        Raises ValueError, as marshal does, for a state that is not plain
        data."""
        return self._object({k: v for k, v in state.items() if k not in _NOT_POSITION}, 2)

    def _object(self, value: Any, depth: int) -> str:
        kind = type(value)
        if depth and kind is dict and all(type(k) is str for k in value):
            return "{" + ",".join(f"{_KEY(k)}:{self._object(value[k], depth - 1)}" for k in sorted(value)) + "}"
        if depth and kind is list:
            return "[" + ",".join(self._object(item, depth - 1) for item in value) + "]"
        if kind is not dict and kind is not list:
            return _ENCODE(value)
        raw = _MARSHAL(value)
        text = self.known.get(raw)
        if text is None:
            text = self.known[raw] = _ENCODE(value)
        return text


def wins(game: Game, state: State, seat: Seat) -> bool:
    """True when ``state``'s game is over and ``seat``'s side won."""
    assert game.outcome is not None
    result = game.outcome(state)
    return bool(result["over"]) and seat in result["winners"]


@dataclass
class _Search:
    """One search's table and node count for ``seat`` within ``turn``."""

    game: Game
    seat: Seat
    turn: int
    budget: int
    idle: frozenset[str] = frozenset()
    nodes: int = 0
    table: dict[str, Action | None] = field(default_factory=dict)
    open: dict[str, int] = field(default_factory=dict)
    keys: PositionKeys = field(default_factory=PositionKeys)

    def moves(self, state: State) -> list[Action]:
        """The seat's legal actions in ``state`` that may matter this turn
        (conceding and the ``idle`` types aside), attacks first and ending
        the turn last (a win is found sooner; the result is the same)."""
        skip = self.idle | {"concede"}
        moves = [a for a in self.game.legal_actions(state, self.seat) if a.get("type") not in skip]
        return sorted(moves, key=lambda a: _ORDER.get(str(a.get("type")), 1))

    def children(self, state: State) -> Iterator[tuple[Action, State]]:
        """``(action, the state after it)`` for each of :meth:`moves` in
        order, each made when asked: a copy of ``state`` with the action
        applied in place, its legality check reading what the listing
        worked out for ``state`` (the game's reading memo; the copy is the
        same position). ``state`` is not changed."""
        game = self.game
        memo: dict[str, Any] = {}
        with game.read(state, memo):
            moves = self.moves(state)
        for action in moves:
            after = game.copy_state(state)
            game.apply_action_in_place(after, self.seat, action, memo)
            yield action, after

    def still_turn(self, state: State) -> bool:
        """True while ``state`` is in the same turn and waits on the seat
        (the opponent may be waited on too: a tech choice it makes while
        the seat plays, house rule R11)."""
        return state["turn"] == self.turn and self.seat in self.game.waiting_on(state)

    def solve(self, state: State, depth: int) -> tuple[bool, int]:
        """``(won, low)``: whether the seat can still win this turn from
        ``state`` and the lowest depth of a still-open state the answer
        leaned on (``_DONE``: none). Raises OverBudget."""
        if self.game.outcome(state)["over"]:  # type: ignore[misc]
            return wins(self.game, state, self.seat), _DONE
        if not self.still_turn(state):
            return False, _DONE
        key = self.keys.key(state)
        if key in self.table:
            return self.table[key] is not None, _DONE
        if key in self.open:
            return False, self.open[key]
        self.nodes += 1
        if self.nodes > self.budget:
            raise OverBudget(self.nodes)
        self.open[key] = depth
        low = _DONE
        found: Action | None = None
        for action, after in self.children(state):
            won, leaned = self.solve(after, depth + 1)
            if won:
                found = action
                break
            low = min(low, leaned)
        del self.open[key]
        if found is not None or low >= depth:
            self.table[key] = found
            return found is not None, _DONE
        return False, low

    def line(self, state: State) -> list[Action]:
        """The winning line from a state the table holds as won."""
        out: list[Action] = []
        while not self.game.outcome(state)["over"]:  # type: ignore[misc]
            action = self.table[self.keys.key(state)]
            assert action is not None
            out.append(action)
            state, _ = self.game.apply_action(state, self.seat, action)
        return out


@dataclass
class Proof:
    """What :func:`prove` found: ``line`` (the solution, the seat's
    actions in order), ``first`` (how many legal first actions there were),
    ``winning_first`` (how many of them still win), ``nodes`` (states
    searched) and ``worlds`` (determinized worlds the line was replayed in)."""

    line: list[Action]
    first: int
    winning_first: int
    nodes: int
    worlds: int

    @property
    def share(self) -> float:
        """The share of first actions that still win: a difficulty prior."""
        return self.winning_first / self.first


def replay_wins(game: Game, state: State, seat: Seat, line: list[Action]) -> bool:
    """True when playing ``line`` (``seat``'s actions) from ``state`` is
    legal action after action, stays in ``state``'s turn and wins the game
    at its last action. ``state`` is not changed."""
    turn = state["turn"]
    for i, action in enumerate(line):
        if game.outcome(state)["over"] or state["turn"] != turn:  # type: ignore[misc]
            return False
        if seat not in game.waiting_on(state) or not game.is_legal(state, seat, action):
            return False
        state, _ = game.apply_action(state, seat, action)
        if i < len(line) - 1 and game.outcome(state)["over"]:  # type: ignore[misc]
            return False
    return wins(game, state, seat)


def find_win(
    game: Game, state: State, seat: Seat, budget: int, idle: frozenset[str] = frozenset()
) -> list[Action] | None:
    """A winning line for ``seat`` this turn, found by a search of at most
    ``budget`` nodes (the miner's cheap first look), else None (none, or
    none within the budget)."""
    search = _Search(game, seat, state["turn"], budget, idle)
    try:
        won, _ = search.solve(state, 0)
    except OverBudget:
        return None
    return search.line(state) if won else None


def prove(
    game: Game,
    state: State,
    seat: Seat,
    budget: int,
    worlds: int = 8,
    seed: int = 0,
    idle: frozenset[str] = frozenset(),
    strict: bool = False,
) -> Proof | None:
    """A :class:`Proof` that ``seat`` wins ``state`` this turn (module
    docstring: a line that wins, a wrong first action, ending the turn at
    once not winning, the line winning in ``worlds`` determinized worlds
    drawn with ``random.Random(seed)``; actions of the ``idle`` types are
    never tried, a game's ruling that they cannot change this turn's
    result: Codex's :data:`game.codex.puzzles.IDLE`), or None when the position is not
    such a puzzle or the search needs more than ``budget`` nodes (with
    ``strict``, that search raises :class:`OverBudget` instead: a miner
    tells "too big" from "no puzzle"). Raises ValueError when ``state``
    does not wait on ``seat`` or the game has no outcome or determinize."""
    if game.outcome is None or game.determinize is None:
        raise ValueError(f"{game.name} has no outcome or determinize: no puzzles")
    if game.outcome(state)["over"] or seat not in game.waiting_on(state):
        raise ValueError("the position does not wait on the seat")
    search = _Search(game, seat, state["turn"], budget, idle)
    root = search.keys.key(state)
    search.open[root] = 0
    results: list[tuple[Action, bool, int]] = []
    try:
        for action, after in search.children(state):
            won, low = search.solve(after, 1)
            results.append((action, won, low))
    except OverBudget:
        if strict:
            raise
        return None
    solutions = [a for a, won, _ in results if won]
    if not solutions:
        return None
    # A first action that can come back to the root can still win from there.
    winning = [a for a, won, low in results if won or low == 0]
    wrong = [a for a, won, low in results if not won and low != 0 and a.get("type") != "end_main"]
    if not wrong or any(a.get("type") == "end_main" for a in winning):
        return None
    search.table[root] = solutions[0]
    line = search.line(state)
    rng = random.Random(seed)
    for _ in range(worlds):
        if not replay_wins(game, game.determinize(state, seat, rng), seat, line):
            return None
    return Proof(line=line, first=len(results), winning_first=len(winning), nodes=search.nodes, worlds=worlds)
