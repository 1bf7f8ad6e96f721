"""C-23 as one :class:`game.kernel.game.Game`, registered with the kernel
under ``GAME`` (docs/ENGINE.md, "Kernel"): its setup, its move table, its
views, its outcome, its determinization, its bots, its invariants and its evaluation for search bots."""

from game.kernel.game import Game, register

from . import bots, evaluation, invariants
from .determinize import determinize
from .engine import RULES, waiting_on
from .outcome import outcome
from .setup import new_game
from .state import GAME
from .view import view

__all__ = ["ENGINE", "GAME"]

ENGINE = register(
    Game(
        name=GAME,
        new_game=new_game,
        moves=RULES,
        view=view,
        waiting_on=waiting_on,
        outcome=outcome,
        determinize=determinize,
        turn_by_turn=True,
        bots={"greedy": bots.GreedyBot, "random": bots.RandomBot},
        next_seat=lambda state, _step: bots.next_to_act(state),
        invariants=invariants.check_all,
        evaluate=evaluation.evaluate,
    )
)
