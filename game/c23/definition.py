"""C-23 as one :class:`game.kernel.game.Game`, registered with the kernel
under ``GAME`` (docs/ENGINE.md, "Kernel"): its action table
(engine.ACTIONS: each type's check and change) as the move table, its
envelope, its listing, views and bots."""

from . import bots, engine, invariants
from .engine import ACTION_KEYS, ACTIONS, GAME
from .shared import Game, LogBook, Move, MoveTable, register
from .view import view

RULES = MoveTable(
    moves=tuple(Move(kind, ACTION_KEYS[kind], check, change) for kind, (check, change) in ACTIONS.items()),
    log=LogBook(seq_key="log_seq", keep=engine.LOG_KEEP),
    max_action_bytes=engine.MAX_ACTION_BYTES,
    envelope=engine.validate_envelope,
    copy_state=engine.copy_state,
    lister=engine.legal_actions,
)

ENGINE = register(
    Game(
        name=GAME,
        new_game=engine.new_game,
        moves=RULES,
        view=view,
        waiting_on=engine.waiting_on,
        turn_by_turn=True,
        bots={"greedy": bots.GreedyBot, "random": bots.RandomBot},
        next_seat=lambda state, _step: bots.next_to_act(state),
        invariants=invariants.check_all,
    )
)
