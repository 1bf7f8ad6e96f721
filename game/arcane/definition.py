"""Arcane Codex as one :class:`game.kernel.game.Game`, registered with
the kernel under ``GAME`` (docs/ENGINE.md, "Kernel"): its setup, its move
table, its views, its outcome, its determinize, its bots, its invariants and its evaluation for search bots."""

from game.kernel.game import Game, register

from . import bots, evaluation, invariants, moves, setup
from .determinize import determinize
from .outcome import outcome
from .view import view

GAME = "arcane"

ENGINE = register(
    Game(
        name=GAME,
        new_game=setup.new_game,
        moves=moves.RULES,
        view=view,
        waiting_on=moves.waiting_on,
        outcome=outcome,
        determinize=determinize,
        turn_by_turn=True,
        bots={"greedy": bots.GreedyBot, "random": bots.RandomBot},
        invariants=invariants.check_all,
        evaluate=evaluation.evaluate,
    )
)
