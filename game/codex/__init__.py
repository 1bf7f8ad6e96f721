"""Codex: Card-Time Strategy, the first game of the seeds: its rules engine
(pure Python, no Django; it knows nothing of the other games). The Deluxe
and Starter rulebooks and the house rules R1-R28 are its authority
(docs/ENGINE.md, docs/RULINGS.md).

Entry points, reached through game.rules for a config or state that names
no game (or ``"game": "codex"``): :func:`new_game`, :func:`apply_action`,
:func:`apply_action_in_place`, :func:`legal_actions`, :func:`is_legal`,
:func:`copy_state`, :func:`view`, :func:`waiting_on`, ``ACTION_KEYS``,
:func:`reading`, :func:`determinize` (a seat's guess at the hidden cards,
for search bots); the bots in :mod:`game.codex.bots`. Importing the package
registers every card (:mod:`game.codex.cards`).
"""

from . import cards as _cards
from .action_keys import ACTION_KEYS
from .determinize import determinize
from .engine import apply_action, apply_action_in_place, copy_state, is_legal, legal_actions
from .setup import new_game
from .stats import frozen as reading
from .view import view
from .waiting import waiting_on

GAME = "codex"

_cards.load()  # every colour package registers its cards, once

__all__ = [
    "ACTION_KEYS",
    "GAME",
    "apply_action",
    "apply_action_in_place",
    "copy_state",
    "determinize",
    "is_legal",
    "legal_actions",
    "new_game",
    "reading",
    "view",
    "waiting_on",
]
