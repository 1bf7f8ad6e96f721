"""Arcane Codex, the second game of the seeds: its rules engine (pure
Python, no Django; it knows nothing of Codex). The rulebook
seeds/003_5c94d4286fc60b89.txt and the house rules A1-A35 are its whole
authority (docs/ARCANE.md).

Entry points, reached through game.rules for a config or state with
``"game": "arcane"``: :func:`new_game`, :func:`apply_action`,
:func:`apply_action_in_place`, :func:`legal_actions`, :func:`view`,
:func:`waiting_on`, :func:`copy_state`, :func:`is_legal`, ``ACTION_KEYS``; the bots in
:mod:`game.arcane.bots`.
"""

from game.kernel.errors import RulesError

from .engine import ACTION_KEYS, apply_action, apply_action_in_place, copy_state, legal_actions, waiting_on
from .setup import OPTIONS, new_game
from .view import view

GAME = "arcane"


def is_legal(state: dict, seat: int, action: dict) -> bool:
    """True when ``action`` is legal for ``seat`` now (the engine's checks
    accept it; nothing is changed)."""
    try:
        apply_action(state, seat, action)
    except RulesError:
        return False
    return True


__all__ = [
    "ACTION_KEYS",
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
