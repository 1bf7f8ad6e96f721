"""Codex as one :class:`game.kernel.game.Game`, registered with the kernel
under ``GAME`` (docs/ENGINE.md, "Kernel"): its move table
(game.codex.engine.RULES, from the table of moves in game.codex.actions),
setup, views, whom it waits on, outcome, determinize, bots, invariants and evaluation, the
moves a search bot never makes (bots.rearranges);
a seat's partners are its team (house rule R21)."""

from game.kernel.game import Game, register

from . import GAME, bots, evaluation, invariants, setup, waiting
from .determinize import determinize
from .engine import RULES
from .outcome import outcome
from .state import teammates
from .view import view

ENGINE = register(
    Game(
        name=GAME,
        new_game=setup.new_game,
        moves=RULES,
        view=view,
        waiting_on=waiting.waiting_on,
        outcome=outcome,
        determinize=determinize,
        turn_by_turn=False,
        bots={"greedy": bots.GreedyBot, "random": bots.RandomBot},
        next_seat=bots._next_to_act,
        invariants=invariants.check_all,
        evaluate=evaluation.evaluate,
        rearranges=bots.rearranges,
        partners=teammates,
    )
)
