"""The rules engines of the server's games, behind one contract: pure
Python, no Django (docs/ENGINE.md; the multi-game contract in
docs/ARCANE.md, C-23's in docs/C23.md).

Entry points:

- :func:`new_game` (config -> state)
- :func:`apply_action` (state, seat, action -> new state, events)
- :func:`apply_action_in_place` (the same on a state the caller owns -> events)
- :func:`legal_actions` (state, seat -> list of actions)
- :func:`view` (state, viewer -> what that viewer may see)
- :func:`waiting_on` (state -> the seats the game waits on)
- :func:`action_keys` (state -> the keys each action type carries)
- :func:`turn_by_turn` (state -> whether a late action made before another
  seat acted is refused: the server's late-action policy)
- :func:`reading` (state[, memo]: a block that only reads ``state``, sharing
  what legal_actions and view compute; Codex's stats.frozen)
- :func:`outcome` (state -> winners, fallen bases, who conceded: the result)
- :func:`upgrade` (a stored state -> the same state in this engine's schema)
- :func:`sees_actions_of`, :func:`action_for` (whose actions a viewer reads
  in full: the one visibility policy of views and replays)
- :mod:`game.rules.tables` (``rules.tables``): what a table can be set up
  with (modes, heroes, maps, options, C-23's decks), for the lobby;
  :mod:`game.rules.reference`: Codex's cards, glossary and maps for the pages
- :class:`RulesError` (code, message), :class:`EngineFault`
- :class:`GreedyBot`, :class:`RandomBot` (bots that play any game)
- :func:`make_bot` (kind, seed, think_ms, iterations, move -> a bot of any game) and
  :data:`BOT_KINDS`: "random", "greedy" and the search levels "easy",
  "normal", "hard" (game.kernel.search, issue 30)

A config's ``"game"`` names the game: ``"arcane"`` is Arcane Codex
(game.arcane), ``"c23"`` is C-23 (game.c23); no ``game`` key is Codex
(game.codex), so stored matches keep working. A state says which game it is the
same way (an Arcane or C-23 state holds its ``"game"``, a Codex state no such
key) and every other function follows it, to that game's
game.kernel.game.Game (each game registers one with the kernel:
docs/ENGINE.md, "Kernel"). The dispatch is all this module does; Codex's
own modules never import the other games, nor they it
(tests/rules/test_layers.py, tests/arcane/test_game_layers.py,
tests/c23/test_layers.py).
"""

from contextlib import AbstractContextManager
from dataclasses import replace
from typing import Any, cast

import game.arcane.definition as _arcane
import game.c23.definition as _c23
import game.codex.definition as _codex
import game.codex.schema as _codex_schema
from game.kernel import game as _kernel
from game.kernel.errors import EngineFault, RulesError
from game.kernel.search import Level, SearchBot, Weighed, action_key
from game.kernel.tree import search_bot
from game.kernel.types import Action, Config, Event, Seat, State, Viewer

from . import reference, tables

CODEX = _codex.GAME

# Each game's engine (game.kernel.game.Game), by the name a config and a
# state give it: the games register themselves with the kernel.
_ENGINES = {name: _kernel.get(name) for name in (CODEX, _arcane.GAME, _c23.GAME)}
GAMES = tuple(_ENGINES)


def game_of(state_or_config: object) -> str:
    """The name of the game a state or config is of (``"codex"`` when it
    names none)."""
    if isinstance(state_or_config, dict) and state_or_config.get("game") in _ENGINES:
        return cast(str, state_or_config["game"])
    return CODEX


def _engine(state_or_config: object) -> _kernel.Game:
    return _ENGINES[game_of(state_or_config)]


def new_game(config: Config) -> State:
    """The starting state of the game ``config`` names (``"game"``:
    ``"arcane"``, ``"c23"``; absent or ``"codex"``: Codex). Raises
    RulesError ``unknown_game`` for any other name, and each game's own
    config errors."""
    if isinstance(config, dict) and "game" in config:
        if config["game"] not in _ENGINES:
            raise RulesError("unknown_game", "This server plays Codex, Arcane Codex and C-23 only.")
        if config["game"] == CODEX:
            config = {k: v for k, v in config.items() if k != "game"}  # Codex states name no game
    return _engine(config).new_game(config)


def apply_action(state: State, seat: Seat, action: Action) -> tuple[State, list[Event]]:
    """``(new_state, events)`` for ``action`` of ``seat`` in the state's
    game; ``state`` is unchanged. Raises RulesError for an illegal action."""
    return _engine(state).moves.apply_action(state, seat, action)


def apply_action_in_place(state: State, seat: Seat, action: Action) -> list[Event]:
    """The events of ``action`` applied to ``state`` itself (its game's
    rules). Raises RulesError (nothing changed) or EngineFault."""
    return _engine(state).moves.apply_action_in_place(state, seat, action)


def legal_actions(state: State, seat: Seat) -> list[Action]:
    """The legal actions of ``seat`` in the state's game."""
    return _engine(state).moves.legal_actions(state, seat)


def is_legal(state: State, seat: Seat, action: Action) -> bool:
    """True when ``action`` is legal for ``seat`` in the state's game."""
    return _engine(state).moves.is_legal(state, seat, action)


def copy_state(state: State) -> State:
    """A deep copy of a state of any game."""
    return _engine(state).copy_state(state)


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    """What ``viewer`` (a seat, or None for a spectator) may see of the
    state, by its game's rules. Raises RulesError ``bad_seat``."""
    return _engine(state).view(state, viewer)


def waiting_on(state: State) -> list[Seat]:
    """The seats the state's game waits on (empty once it is over)."""
    return _engine(state).waiting_on(state)


def turn_by_turn(state: State) -> bool:
    """True when the state's game is played one seat at a time (Arcane
    Codex, C-23), so an action made before the turn or a question passed
    to another seat is stale whatever the engine would say of it now (the
    server refuses it: game.services, docs/PROTOCOL.md); False for Codex,
    where teammates act in the same turn (house rule R19) and a late action
    is judged against the current state."""
    return _engine(state).turn_by_turn


def action_keys(state: State) -> dict[str, tuple[str, ...]]:
    """``{action type: (keys besides "type")}`` of the state's game: what
    the server keeps of an action (game.services.normalise_action)."""
    return dict(_engine(state).action_keys)


def reading(state: State, memo: dict[str, Any] | None = None) -> AbstractContextManager[Any]:
    """A context in which ``state`` is only read, so what legal_actions and
    view compute is computed once (Codex: stats.frozen, with ``memo`` kept
    across blocks of one unchanging state); a plain block for the games
    that keep no such memo."""
    return _engine(state).read(state, memo)


def outcome(state: State) -> dict[str, Any]:
    """How the state's game stands as a result: ``{"over", "winners",
    "losers", "draw", "shared", "reason", "fallen", "conceded",
    "conceded_by", "sides"}`` (game.codex.outcome.outcome says what each
    means; Arcane: game.arcane.outcome, C-23: game.c23.outcome). The one
    source of a match's result for the server, the lobby and the pages."""
    found = _engine(state).outcome
    if found is None:
        raise EngineFault(f"{game_of(state)} publishes no outcome")
    return cast(dict[str, Any], found(state))


def upgrade(state: State) -> State:
    """A state stored by an older engine, upgraded in place to this
    engine's schema and returned (Codex: game.codex.schema, schema 1 -> 2;
    Arcane and C-23 states have one schema: returned as they are). Every
    stored state goes through it before the engine reads it (game.services,
    the migration game/migrations/0012). Raises ValueError for a state of a
    newer schema than this engine's."""
    if game_of(state) == CODEX:
        return cast(State, _codex_schema.upgrade(state))
    return state


def sees_actions_of(state: State, viewer: Viewer) -> set[Seat]:
    """The seats whose actions ``viewer`` (a seat, or None for a
    spectator) may read in full: the seats whose hidden cards it sees, as
    its views and log lines show them (Codex: its team, house rule R21;
    Arcane Codex, C-23: itself); none for a spectator or a seat not in the
    game. The one visibility policy of live views and replays."""
    if viewer is None or not 0 <= viewer < len(state.get("players", ())):
        return set()
    return teammates(state, viewer)


def teammates(state: State, seat: Seat) -> set[Seat]:
    """The seats of ``seat``'s side, ``seat`` included: its team in Codex
    (both teammates of Two-Headed Dragon, house rules R18-R21), the seat
    alone in Arcane Codex and C-23 (the engine's ``partners``)."""
    partners = _engine(state).partners
    return {seat} if partners is None else set(partners(state, seat))


def determinize(state: State, seat: Seat, rng: Any) -> State | None:
    """A world ``seat`` cannot tell from ``state``: a copy with every card
    hidden from it dealt anew and a new generator key (the game's own
    determinize; game.kernel.determinize), drawn with the caller's ``rng``
    (a random.Random). None when the game deals no such worlds."""
    deal = _engine(state).determinize
    return None if deal is None else deal(state, seat, rng)


def action_for(state: State, actor: Seat, action: Action, viewer: Viewer) -> Action:
    """``actor``'s ``action`` as ``viewer`` may read it: whole when it sees
    that seat's actions (:func:`sees_actions_of`), else its type only (an
    action can name a hidden card)."""
    return action if actor in sees_actions_of(state, viewer) else {"type": action.get("type")}


class _GameBot:
    """A bot for any game: it builds the state's game's bot of its kind
    (same seed and options) and asks it."""

    kind = ""

    def __init__(self, seed: int = 0, **options: Any) -> None:
        self._args = dict(seed=seed, **options)
        self._bots: dict[str, Any] = {}

    def choose(self, state: State, seat: Seat) -> Action | None:
        """The bot's action for ``seat`` in ``state`` (None: it has none)."""
        game = game_of(state)
        if game not in self._bots:
            self._bots[game] = _ENGINES[game].bots[self.kind](**self._args)
        return cast(Action | None, self._bots[game].choose(state, seat))


class GreedyBot(_GameBot):
    """The greedy bot of the state's game (game.codex.bots, game.arcane.bots, game.c23.bots)."""

    kind = "greedy"


class RandomBot(_GameBot):
    """The random legal bot of the state's game."""

    kind = "random"


# The search levels (issue 30): budget and playout policy. "easy" plays out
# at random over few, short playouts, and where its search finds nothing
# clearly better it plays the random bot's pick (a newcomer can beat it: in
# three Codex 1-hero games greedy beat it within 60 actions). Its 30
# iterations let a Codex main phase's dozen actions be tried about twice
# (the search overturns the pick only of an action tried twice): with 10,
# nothing was, the random pick always stood, and a tester's easy bot never
# attacked in 5 turns; against a side that only ends its turns it then
# attacked at 11 of 29 turns where it could, with 30 at 27 of 37. "normal" and
# "hard" play out with the game's greedy bot and fall back on its pick,
# "hard" searching longer and more often; "hard" scores every playout at
# the same point of the turn order (two turns on: after the opponent's
# whole reply), which makes a playout about half as long, so it affords 96
# iterations within the time 64 fixed-depth ones took, and ends a search
# once its playouts have applied 8 actions per iteration (mean_steps): a
# big board's long turns get fewer iterations (with 9, Codex 1-hero's
# p95 went from 0.96 to 0.63 s of CPU a decision over one deal; its
# strength rests mostly on the prior, whose pick a Codex search rarely
# overturns). A C-23 action costs about a tenth of a Codex one, so there
# it searches 500 iterations, without the prior's
# fallback: there the greedy bot's pick stood over moves the search found
# better (it attacked with its one character, leaving no blocker against
# a counterattack), and hard beat greedy in 15 of 24 games with it, 18 of
# the same 24 without it (issue 30; docs/BENCHMARKS.md "Search bots").
# "normal" overturns the greedy pick only for an action its search tried
# at least 4 times: its 24 iterations over a Codex main phase's dozen
# actions try most of them twice, and the best of a dozen two-playout
# means beat the greedy pick by chance (found, tester's match 14: a normal
# bot that never attacked; where greedy attacked in three greedy games it
# attacked at 23 of 36 positions with 2 tries, 35 of 36 with 4).
# In Arcane Codex "hard" compares its actions in shared worlds (``paired``)
# and plays each world out to the end with the greedy bot on both sides
# (150 playouts a decision): with worlds of their own and playouts cut
# after the opponent's reply (500 iterations), the deal's luck drowned the
# difference between actions, and hard won 13 of the first 20 games where
# the paired level wins 15 (docs/BENCHMARKS.md "Search bots").
# A Codex turn may run to 35 moves, so there "normal" and "hard" think on
# a budget per turn (``shrink``, ``floor``): each move of a turn searches
# ``shrink`` times the iterations of the one before it, at least ``floor``,
# the turn's first the whole budget (at 0.3 s of CPU a full decision of 96
# iterations, hard thought 2.4-11.9 s a turn and a whole turn took up to
# 15.1 s at the server's pace, where it may take 6 s at p95). Hard starts
# at 64 and keeps 0.9 of it a move: starting at 96 and keeping 0.8 spent
# about the same on a turn but starved its later moves (its search departs
# from the greedy pick as often at a turn's fifth to eighth moves as at
# its first four), and won 3 of 6 games where this won 5 of the same 6
# (docs/BENCHMARKS.md "Search bots").
# In C-23 "hard" grows a search tree past the root over its own side's
# moves, the opponent's being the greedy playout's (game.kernel.tree,
# ``tree="own"``), 800 iterations: it won 43 of C-23's games 0-59 where the
# root-only search at 500 won 41 of the same 60 (CPU p95 0.82 s against
# 0.29 s a decision; a gain within the noise of 60 games, docs/BENCHMARKS.md
# "Search bots"); a tree over every seat's moves won 11 of games 0-19 (15).
_HARD = Level(iterations=96, depth=24, playout="greedy", noise=0.1, explore=0.5, turns=2)
_C23_HARD = replace(_HARD, iterations=800, margin=-1.0, tree="own")
_ARCANE_HARD = replace(_HARD, iterations=150, depth=300, noise=0.0, turns=0, paired=True)
_NORMAL = Level(iterations=24, depth=16, playout="greedy", noise=0.15, explore=0.7, min_visits=4)
LEVELS = {
    "easy": Level(iterations=30, depth=8, playout="random", noise=0.0, explore=1.0, prior="random"),
    "normal": replace(_NORMAL, shrink=0.85, floor=4, per_game=(("arcane", _NORMAL), ("c23", _NORMAL))),
    "hard": replace(
        _HARD,
        iterations=64,
        mean_steps=8,
        shrink=0.9,
        floor=8,
        per_game=(("arcane", _ARCANE_HARD), ("c23", _C23_HARD)),
    ),
}

# Every bot kind make_bot builds, weakest first among the search levels.
BOT_KINDS = ("random", "greedy", "easy", "normal", "hard")


class _LevelBot:
    """A search bot of one level for any game: it builds the state's
    game's :class:`~game.kernel.search.SearchBot` (same seed and budgets)
    and asks it; :attr:`last_choice` is the alternatives its last choice
    weighed, with their tries and values; :attr:`move` (settable between
    choices) is the next choice's place in its seat's turn, counting from
    0 (the level's per-turn budget, ``Level.shrink``)."""

    def __init__(
        self, kind: str, seed: int = 0, think_ms: float | None = None, iterations: int | None = None, move: int = 0
    ):
        self.kind = kind
        self.move = move
        self._args = dict(seed=seed, level=LEVELS[kind], think_ms=think_ms, iterations=iterations)
        self._bots: dict[str, SearchBot] = {}
        self.last_choice: list[Weighed] = []

    def choose(self, state: State, seat: Seat) -> Action | None:
        """The searched action of ``seat`` in ``state`` (None: it has none)."""
        game = game_of(state)
        if game not in self._bots:
            self._bots[game] = search_bot(_ENGINES[game], **self._args)  # type: ignore[arg-type]
        bot = self._bots[game]
        bot.move = self.move
        action = bot.choose(state, seat)
        self.last_choice = bot.last_choice
        return action


def make_bot(
    kind: str, seed: int = 0, think_ms: float | None = None, iterations: int | None = None, move: int = 0
) -> Any:
    """A bot of ``kind`` (one of :data:`BOT_KINDS`) for any game, with
    ``choose(state, seat) -> action | None``: "random" and "greedy" are
    :class:`RandomBot` and :class:`GreedyBot`; "easy", "normal", "hard" are
    search levels (:data:`LEVELS`; game.kernel.search), whose
    ``last_choice`` lists the actions weighed as (action, visits, value).
    ``iterations`` replaces the level's iteration budget (a choice is then
    reproducible for ``seed``); ``think_ms`` bounds a search's wall time
    besides (whichever ends first); ``move`` is the choice's place in its
    seat's turn (0: the turn's first), which shrinks a level's budget
    (``Level.shrink``: a thinking budget per turn). Raises KeyError for an
    unknown kind."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "greedy":
        return GreedyBot(seed)
    if kind not in LEVELS:
        raise KeyError(kind)
    return _LevelBot(kind, seed=seed, think_ms=think_ms, iterations=iterations, move=move)


__all__ = [
    "BOT_KINDS",
    "CODEX",
    "EngineFault",
    "GAMES",
    "GreedyBot",
    "RandomBot",
    "RulesError",
    "action_for",
    "action_key",
    "action_keys",
    "apply_action",
    "apply_action_in_place",
    "copy_state",
    "determinize",
    "game_of",
    "is_legal",
    "make_bot",
    "legal_actions",
    "new_game",
    "outcome",
    "reading",
    "sees_actions_of",
    "reference",
    "tables",
    "view",
    "waiting_on",
]
