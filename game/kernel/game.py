"""One game as the kernel plays it: its :class:`Move` s in a
:class:`MoveTable`, the :class:`Game` object, and the registry of games
by name (docs/ENGINE.md, "Kernel").

A game lists its moves (the action types): for each, the keys an action
carries, a check that refuses an illegal action with RulesError or
returns its plan (the verdict: what the change needs), the change that
carries the plan out, and, for listing, who may make it and the legal
actions it offers. The kernel drives every action from that table the
same way for every game: the envelope (game.kernel.envelope), the move's
check, then its change between the game's ``prepare`` and ``settle``
hooks; the events are the log lines the action added.
"""

from collections.abc import Callable, Iterable, Mapping
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import Any

from .copying import copy_sharing_log
from .envelope import action_type, is_seat, require_plain_json
from .errors import EngineFault, RulesError
from .log import LogBook
from .types import Action, Config, Event, Seat, State, Viewer

Check = Callable[[State, Seat, Action], Any]
Change = Callable[[State, Seat, Any], None]
Options = Callable[[State, Seat], Iterable[Action]]
Who = Callable[[State, Seat], bool]


@dataclass(frozen=True)
class Move:
    """One action type of a game.

    ``type``: the action's ``"type"``; ``keys``: the other keys it carries
    (the server keeps only these: game.services.normalise_action);
    ``check(state, seat, action)``: raises RulesError when the action is
    illegal now (the game's codes and sentences, in its order), changing
    nothing, else returns the plan ``change`` needs (the action itself
    when there is nothing to work out); ``change(state, seat, plan)``:
    carries it out on the state; ``options(state, seat)``: the legal
    actions of this type, in the game's listing order (None: listed by
    nobody, e.g. a move always open); ``who(state, seat)``: whether
    ``seat`` may make this move at all now, so that ``options`` is asked
    (None: any seat of the game)."""

    type: str
    keys: tuple[str, ...]
    check: Check
    change: Change
    options: Options | None = None
    who: Who | None = None


def accept(state: State, seat: Seat, action: Action) -> Action:
    """The check of a move open to every seat while the game runs (after
    the envelope, e.g. conceding): nothing to refuse; the plan is the
    action."""
    return action


def lone(kind: str, when: Who | None = None) -> Options:
    """The options of a move with no choices: ``[{"type": kind}]`` when
    ``when(state, seat)`` holds (always when None), else none."""

    if when is None:
        return lambda state, seat: [{"type": kind}]
    check = when

    def options(state: State, seat: Seat) -> list[Action]:
        return [{"type": kind}] if check(state, seat) else []

    return options


def passes(check: Check, state: State, seat: Seat, action: Action) -> bool:
    """True when ``check`` accepts ``action`` of ``seat`` now (no
    RulesError); for a listing that tries candidate actions."""
    try:
        check(state, seat, action)
    except RulesError:
        return False
    return True


Envelope = Callable[[State, Any, Any], str]
Reading = Callable[[State, "dict[str, Any] | None"], AbstractContextManager[Any]]


@dataclass(frozen=True)
class MoveTable:
    """A game's moves and how the kernel applies them: everything an
    engine module needs to apply and list actions (a :class:`Game` adds
    setup, views and bots on top).

    Fields: ``moves`` (in listing order); ``log`` (the game's
    :class:`~game.kernel.log.LogBook`: its line counter gives an action's
    events); ``max_action_bytes`` (the envelope's size limit);
    ``envelope(state, seat, action) -> type`` (None:
    :meth:`standard_envelope`; a game whose envelope checks more, or in
    another order, gives its own); ``prepare(state, seat)`` and
    ``settle(state)``: run just before and after a move's change (None:
    nothing); ``copy_state`` (the game's deep copy; default
    game.kernel.copying); ``lister(state, seat)``: the legal actions when
    the game lists them itself rather than move by move (None: from the
    moves' ``options``); ``reading(state, memo)``: a context in which the
    state is only read, around listing (None: none). Derived:
    ``by_type`` (type -> Move) and ``action_keys`` (type -> keys).
    Raises ValueError for two moves of one type."""

    moves: tuple[Move, ...]
    log: LogBook
    max_action_bytes: int
    envelope: Envelope | None = None
    prepare: Callable[[State, Seat], None] | None = None
    settle: Callable[[State], None] | None = None
    copy_state: Callable[[State], State] = copy_sharing_log
    lister: Callable[[State, Seat], list[Action]] | None = None
    reading: Reading | None = None
    by_type: Mapping[str, Move] = field(init=False, repr=False, compare=False)
    action_keys: Mapping[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    _listing: tuple[tuple[Who | None, tuple[Options, ...]], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_type = {move.type: move for move in self.moves}
        if len(by_type) != len(self.moves):
            raise ValueError("two moves of one type")
        object.__setattr__(self, "by_type", by_type)
        object.__setattr__(self, "action_keys", {move.type: move.keys for move in self.moves})
        # The listed moves, consecutive ones of one ``who`` together: it is
        # asked once for them all.
        groups: list[tuple[Who | None, list[Options]]] = []
        for move in self.moves:
            if move.options is None:
                continue
            if groups and groups[-1][0] is move.who:
                groups[-1][1].append(move.options)
            else:
                groups.append((move.who, [move.options]))
        object.__setattr__(self, "_listing", tuple((who, tuple(options)) for who, options in groups))

    # ------------------------------------------------------------ the envelope

    def standard_envelope(self, state: State, seat: Any, action: Any) -> str:
        """The envelope every game needs: a dict whose ``type`` is a move
        of the game, a seat of the game, a game in progress, plain JSON of
        at most ``max_action_bytes``. Returns the type; raises RulesError
        ``bad_action``, ``unknown_action``, ``bad_seat``, ``game_over``,
        in that order (game.kernel.envelope)."""
        kind = action_type(state, seat, action, self.by_type)
        require_plain_json(action, self.max_action_bytes)
        return kind

    def check_envelope(self, state: State, seat: Any, action: Any) -> str:
        """The game's envelope (its own, else :meth:`standard_envelope`):
        the action's type, or RulesError."""
        if self.envelope is not None:
            return self.envelope(state, seat, action)
        return self.standard_envelope(state, seat, action)

    # ------------------------------------------------------------ applying

    def apply_action(self, state: State, seat: Seat, action: Action) -> tuple[State, list[Event]]:
        """``(new_state, events)`` for ``action`` of ``seat``; ``state``
        is never changed (the rules run on a copy). ``events``: the log
        lines the action added. Raises RulesError for an illegal action;
        an error after the checks is raised as it is (the copy is
        dropped)."""
        kind = self.check_envelope(state, seat, action)
        new = self.copy_state(state)
        return new, self._run(new, seat, action, kind, in_place=False)

    def apply_action_in_place(
        self, state: State, seat: Seat, action: Action, memo: dict[str, Any] | None = None
    ) -> list[Event]:
        """The events of ``action`` applied to ``state`` itself (a state
        the caller owns). Raises RulesError from the checks, before
        anything changed; EngineFault when anything fails after them (the
        state is half-changed: rebuild it from the config and the
        actions). ``memo``: the memo of a ``reading`` block of this very
        state, unchanged since (:func:`~game.kernel.bots.play_out`'s: the
        bot listed its actions in it); the move's check then runs inside
        that block too and reads what the listing worked out (issue 30,
        point 3)."""
        kind = self.check_envelope(state, seat, action)
        return self._run(state, seat, action, kind, in_place=True, memo=memo)

    def _run(
        self, state: State, seat: Seat, action: Action, kind: str, in_place: bool, memo: dict[str, Any] | None = None
    ) -> list[Event]:
        move = self.by_type[kind]
        if memo is not None and self.reading is not None:
            with self.reading(state, memo):
                plan = move.check(state, seat, action)
        else:
            plan = move.check(state, seat, action)
        before = state[self.log.seq_key]
        try:
            if self.prepare is not None:
                self.prepare(state, seat)
            move.change(state, seat, plan)
            if self.settle is not None:
                self.settle(state)
        except Exception as exc:
            if not in_place:
                raise
            raise EngineFault(f"The engine failed in the middle of {kind!r}; the state is half-changed.") from exc
        return self.log.since(state, before)

    def is_legal(self, state: State, seat: Any, action: Any) -> bool:
        """True when ``action`` of ``seat`` passes the envelope and its
        move's check now (nothing is changed)."""
        try:
            kind = self.check_envelope(state, seat, action)
            self.by_type[kind].check(state, seat, action)
        except RulesError:
            return False
        return True

    # ------------------------------------------------------------ listing

    def legal_actions(self, state: State, seat: Any) -> list[Action]:
        """Every legal action of ``seat`` now, in the game's order: each
        move's options, move by move, when ``who`` lets the seat make it
        (or the game's ``lister``), inside the ``reading`` context. Empty
        once the game is over or for a seat not in the game."""
        if state["status"] != "playing" or not is_seat(state, seat):
            return []
        if self.reading is not None:
            with self.reading(state, None):
                return self._list(state, seat)
        return self._list(state, seat)

    def _list(self, state: State, seat: Seat) -> list[Action]:
        if self.lister is not None:
            return self.lister(state, seat)
        out: list[Action] = []
        extend = out.extend
        for who, listings in self._listing:
            if who is None or who(state, seat):
                for options in listings:
                    extend(options(state, seat))
        return out

    def read(self, state: State, memo: dict[str, Any] | None = None) -> AbstractContextManager[Any]:
        """The ``reading`` context for ``state`` (a plain block for a game
        without one)."""
        return nullcontext() if self.reading is None else self.reading(state, memo)


@dataclass(frozen=True)
class Game:
    """A game the kernel plays (one per rules package, registered by
    name with :func:`register`).

    Fields: ``name`` (a config's and a state's ``"game"``); ``new_game(config)
    -> state`` (RulesError for a bad config); ``moves`` (its
    :class:`MoveTable`); ``view(state, viewer) -> dict`` (RulesError
    ``bad_seat``); ``waiting_on(state) -> seats``; ``outcome(state)`` and
    ``determinize(state, seat, rng)`` (None until the game has them);
    ``turn_by_turn`` (the server's late-action policy:
    game.rules.turn_by_turn); ``bots``: ``{kind: bot class}`` (a class
    takes ``seed`` and has ``choose(state, seat)``); ``next_seat(state,
    step)``: the seat a bot game asks next (None: the first seat waited
    on); ``invariants(state)``: the game's invariant checks
    (AssertionError), for tests; ``partners(state, seat) -> seats``: the
    seats whose hidden cards ``seat`` sees (itself and its team: the one
    visibility policy of views, logs and replays; None: itself only);
    ``evaluate(state, seat) -> float``: how good an unfinished position is
    for ``seat``'s side, 0 (lost) to 1 (won), reading only what a
    determinized copy holds (the search bots' cut-off playouts,
    game.kernel.search; None: the game has none, search plays to the end);
    ``rearranges(state, action) -> bool``: True for an action that only
    undoes or redoes an arrangement the seat already made this turn (e.g.
    Codex's patrol moves, house rule R11), which a search bot never makes
    (None: every action counts).
    The table's entry points are the game's (:meth:`apply_action`,
    :meth:`legal_actions`...)."""

    name: str
    new_game: Callable[[Config], State]
    moves: MoveTable
    view: Callable[[State, Viewer], dict[str, Any]]
    waiting_on: Callable[[State], list[Seat]]
    outcome: Callable[[State], Any] | None = None
    determinize: Callable[[State, Seat, Any], State] | None = None
    turn_by_turn: bool = True
    bots: Mapping[str, type] = field(default_factory=dict)
    next_seat: Callable[[State, int], Seat] | None = None
    invariants: Callable[[State], None] | None = None
    partners: Callable[[State, Seat], list[Seat]] | None = None
    evaluate: Callable[[State, Seat], float] | None = None
    rearranges: Callable[[State, Action], bool] | None = None

    @property
    def action_keys(self) -> Mapping[str, tuple[str, ...]]:
        """``{action type: (keys besides "type")}`` (the move table's)."""
        return self.moves.action_keys

    @property
    def reading(self) -> Reading | None:
        """The move table's reading context maker (None: none)."""
        return self.moves.reading

    def apply_action(self, state: State, seat: Seat, action: Action) -> tuple[State, list[Event]]:
        """:meth:`MoveTable.apply_action`."""
        return self.moves.apply_action(state, seat, action)

    def apply_action_in_place(
        self, state: State, seat: Seat, action: Action, memo: dict[str, Any] | None = None
    ) -> list[Event]:
        """:meth:`MoveTable.apply_action_in_place`."""
        return self.moves.apply_action_in_place(state, seat, action, memo)

    def legal_actions(self, state: State, seat: Any) -> list[Action]:
        """:meth:`MoveTable.legal_actions`."""
        return self.moves.legal_actions(state, seat)

    def is_legal(self, state: State, seat: Any, action: Any) -> bool:
        """:meth:`MoveTable.is_legal`."""
        return self.moves.is_legal(state, seat, action)

    def copy_state(self, state: State) -> State:
        """The game's deep copy of ``state`` (the move table's)."""
        return self.moves.copy_state(state)

    def read(self, state: State, memo: dict[str, Any] | None = None) -> AbstractContextManager[Any]:
        """:meth:`MoveTable.read`."""
        return self.moves.read(state, memo)

    def seat_to_ask(self, state: State, step: int) -> Seat:
        """The seat a bot game asks at ``step``: the game's ``next_seat``,
        else the first seat it waits on."""
        if self.next_seat is not None:
            return self.next_seat(state, step)
        return self.waiting_on(state)[0]


# ---------------------------------------------------------------- the registry

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Register ``game`` under its name and return it. Registering the
    same object again does nothing; raises ValueError when another game
    holds the name."""
    held = _GAMES.setdefault(game.name, game)
    if held is not game:
        raise ValueError(f"a game named {game.name!r} is already registered")
    return game


def get(name: str) -> Game:
    """The game registered as ``name``. Raises KeyError for an unknown
    name."""
    return _GAMES[name]


def names() -> tuple[str, ...]:
    """The registered games' names, in the order they were registered."""
    return tuple(_GAMES)
