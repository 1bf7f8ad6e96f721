"""The engine kernel: what the games' rules packages share, once (issue
28; docs/ENGINE.md, "Kernel"). Pure Python, no Django; it imports no game.

- :mod:`game.kernel.game`: the :class:`Game` object and its
  :class:`MoveTable` of :class:`Move` s (apply, apply in place, is_legal
  and legal_actions driven from the table), and the registry of games (:func:`register`, :func:`get`,
  :func:`names`);
- :mod:`game.kernel.envelope`: the checks every action passes first;
- :mod:`game.kernel.log`: the log with an audience per line;
- :mod:`game.kernel.ids`: card instance ids;
- :mod:`game.kernel.hidden`: the hidden-information invariant of views;
- :mod:`game.kernel.bots`: random and scripted bots, the bot game loop;
- :mod:`game.kernel.replay`: a game from its config and actions;
- :mod:`game.kernel.rng`, :mod:`game.kernel.errors`,
  :mod:`game.kernel.copying`: the secret-seeded generator, RulesError and
  EngineFault, the state copy.
"""

from .errors import EngineFault, RulesError
from .game import Game, Move, MoveTable, get, names, register
from .log import LogBook, audience

__all__ = ["EngineFault", "Game", "LogBook", "Move", "MoveTable", "RulesError", "audience", "get", "names", "register"]
