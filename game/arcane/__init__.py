"""Arcane Codex, the second game of the seeds: its rules engine (pure
Python, no Django; it knows nothing of Codex). The rulebook
seeds/003_5c94d4286fc60b89.txt and the house rules A1-A35 are its whole
authority (docs/ARCANE.md).

``ENGINE`` is the game as the kernel plays it (game.kernel.game.Game,
registered as ``"arcane"``; game.arcane.definition). Entry points,
reached through game.rules for a config or state with ``"game":
"arcane"``: :func:`new_game`, :func:`apply_action`,
:func:`apply_action_in_place`, :func:`legal_actions`, :func:`view`,
:func:`waiting_on`, :func:`copy_state`, :func:`is_legal`,
``ACTION_KEYS``, ``OPTIONS``; the bots in :mod:`game.arcane.bots`.
"""

from .definition import ENGINE, GAME
from .moves import ACTION_KEYS, apply_action, apply_action_in_place, copy_state, is_legal, legal_actions, waiting_on
from .setup import OPTIONS, new_game
from .view import view

__all__ = [
    "ACTION_KEYS",
    "ENGINE",
    "GAME",
    "OPTIONS",
    "apply_action",
    "apply_action_in_place",
    "copy_state",
    "is_legal",
    "legal_actions",
    "new_game",
    "view",
    "waiting_on",
]
