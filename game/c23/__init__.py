"""C-23: the rules engine of the ARC System game of the seeds
(shared/seeds/004_e9585cfdc02414d2.txt) with this server's own card pool
(house rules K1-K27, shared/c23-house-rules.md). Pure Python, no Django.

The same contract as the other games (docs/C23.md): :func:`new_game`,
:func:`apply_action`, :func:`apply_action_in_place`, :func:`legal_actions`,
:func:`view`, :func:`waiting_on`, :func:`copy_state`, :func:`is_legal`,
:func:`determinize`, :func:`outcome`, ``ACTION_KEYS``, ``OPTIONS`` (each
table option's values, the default first), :class:`RulesError`; reached
through game.rules for a config or state with ``"game": "c23"``; the deck
validator :func:`validate_deck` (K1); bots in game.c23.bots.
"""

from game.kernel.copying import copy_sharing_log as copy_state
from game.kernel.errors import EngineFault, RulesError

from .cards import validate_deck
from .definition import ENGINE
from .determinize import determinize
from .engine import ACTION_KEYS, apply_action, apply_action_in_place, is_legal, legal_actions, waiting_on
from .outcome import outcome
from .setup import OPTIONS, new_game
from .state import GAME
from .view import view

__all__ = [
    "ACTION_KEYS",
    "ENGINE",
    "EngineFault",
    "GAME",
    "OPTIONS",
    "RulesError",
    "apply_action",
    "apply_action_in_place",
    "copy_state",
    "determinize",
    "is_legal",
    "legal_actions",
    "new_game",
    "outcome",
    "validate_deck",
    "view",
    "waiting_on",
]
