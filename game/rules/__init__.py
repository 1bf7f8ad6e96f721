"""The Codex rules engine: pure Python, no Django.

Entry points (documented in docs/ENGINE.md):

- :func:`new_game` (config -> state)
- :func:`apply_action` (state, seat, action -> new state, events)
- :func:`apply_action_in_place` (the same on a state the caller owns -> events)
- :func:`legal_actions` (state, seat -> list of actions)
- :func:`view` (state, viewer -> what that viewer may see)
- :func:`reading` (state[, memo]: a block that only reads ``state``, sharing
  the stats legal_actions and view compute; stats.frozen)
- :class:`RulesError` (code, message)
"""
from .engine import apply_action, apply_action_in_place, copy_state, is_legal, legal_actions
from .errors import EngineFault, RulesError
from .setup import new_game
from .stats import frozen as reading
from .view import view

__all__ = ["EngineFault", "RulesError", "apply_action", "apply_action_in_place", "copy_state", "is_legal",
           "legal_actions",
           "new_game", "reading", "view"]

from . import cards as _cards  # noqa: E402

_cards.load()  # every colour package registers its cards, once
