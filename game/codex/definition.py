"""Codex as one :class:`game.kernel.game.Game`, registered with the kernel
under ``GAME`` (docs/ENGINE.md, "Kernel"): its action table
(game.codex.actions.ACTIONS: each type's check and change) as the move
table, its envelope, the engine's work around every change (the key
order and the acting seat before; the queue, the state-based checks and
the free-for-all's fallen bases after), its listing, views, outcome and bots; a seat's partners are its team
(house rule R21)."""

from game.kernel.game import Game, Move, MoveTable, register
from game.kernel.log import LogBook

from . import bots, engine, invariants, setup, stats, waiting
from .action_keys import ACTION_KEYS
from .actions import ACTIONS
from .checks import run
from .freeforall_end import settle
from .outcome import outcome
from .state import LOG_KEEP, teammates
from .view import view

GAME = "codex"


def _prepare(state: dict, seat: int) -> None:
    """Before an action's change: the engine's key order (engine.canonical_order)
    and the acting seat."""
    engine.canonical_order(state)
    state["acting"] = seat


def _settle(state: dict) -> None:
    """After an action's change: the queue and the state-based checks
    (checks.run), then a free-for-all's fallen bases (R28)."""
    run(state)
    settle(state)
    state["acting"] = None


RULES = MoveTable(
    moves=tuple(Move(kind, ACTION_KEYS[kind], check, change) for kind, (check, change) in ACTIONS.items()),
    log=LogBook(seq_key="log_seq", keep=LOG_KEEP, veiled_key="not_to"),
    max_action_bytes=engine.MAX_ACTION_BYTES,
    envelope=engine.validate_envelope,
    prepare=_prepare,
    settle=_settle,
    copy_state=engine.copy_state,
    lister=engine._legal_actions,
    reading=stats.frozen,
)

ENGINE = register(
    Game(
        name=GAME,
        new_game=setup.new_game,
        moves=RULES,
        view=view,
        waiting_on=waiting.waiting_on,
        outcome=outcome,
        turn_by_turn=False,
        bots={"greedy": bots.GreedyBot, "random": bots.RandomBot},
        next_seat=bots._next_to_act,
        invariants=invariants.check_all,
        partners=teammates,
    )
)
