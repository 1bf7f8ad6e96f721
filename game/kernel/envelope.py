"""What every game checks of an action before its rules (the envelope):
shared by Codex, Arcane Codex and C-23 (issue 11, finding 12: bad input
of any kind gets a clear error and changes nothing; the multi-game
contract of docs/ARCANE.md). Each game's engine calls these in its own
order, then its own checks (prompts, players out of the game).
"""

import json
from collections.abc import Container
from typing import Any

from .errors import RulesError


def is_seat(state: dict[str, Any], seat: Any) -> bool:
    """True when ``seat`` is a seat index of this game (an int, not a bool;
    a negative index would silently name another seat)."""
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state["players"])


def action_type(state: dict[str, Any], seat: Any, action: Any, known: Container[str]) -> str:
    """The ``type`` of ``action`` once it is a dict with a string type among
    ``known`` (the game's action types), ``seat`` a seat of the game, and
    the game in progress. Raises RulesError ``bad_action``,
    ``unknown_action``, ``bad_seat`` or ``game_over``, in that order."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise RulesError("bad_action", 'An action is an object with a "type".')
    kind: str = action["type"]
    if kind not in known:
        raise RulesError("unknown_action", f"There is no action called {kind[:40]!r}.")
    if not is_seat(state, seat):
        raise RulesError("bad_seat", "That seat is not in this game.")
    if state["status"] != "playing":
        raise RulesError("game_over", "The game is over.")
    return kind


def require_plain_json(action: Any, max_bytes: int) -> None:
    """Raise RulesError ``bad_action`` unless ``action`` is plain JSON of at
    most ``max_bytes`` bytes as ``json.dumps`` writes it.

    An action of the usual shape (:func:`_size_bound`) is let through
    without writing it out when even its longest possible JSON fits; any
    other is written out by ``json.dumps``, which refuses what is not plain
    JSON (issue 13: every action passes here)."""
    bound = _size_bound(action)
    if bound is not None and bound <= max_bytes:
        return
    try:
        size = len(json.dumps(action))
    except (TypeError, ValueError, RecursionError):
        raise RulesError("bad_action", "An action must be plain JSON.") from None
    if size > max_bytes:
        raise RulesError("bad_action", "That action is too large.")


_INT_LIMIT = 1 << 63  # an int within it takes at most 20 characters


def _scalar_bound(value: Any) -> int | None:
    """At least as many characters as ``json.dumps`` writes for ``value``
    when it is exactly a str, an int within ``_INT_LIMIT``, a bool or None
    (never refused: a str's character takes at most 12, ``\\uXXXX``
    twice); None for anything else."""
    kind = type(value)
    if kind is str:
        return 12 * len(value) + 2
    if kind is int:
        return 20 if -_INT_LIMIT < value < _INT_LIMIT else None
    if kind is bool or value is None:
        return 5
    return None


def _size_bound(action: Any) -> int | None:
    """At least as many characters as ``json.dumps`` writes for ``action``
    when it is exactly a dict with str keys whose values are scalars of
    :func:`_scalar_bound` or lists of them: such an action is always plain
    JSON. None for any other shape (``json.dumps`` has to judge it)."""
    if type(action) is not dict:
        return None
    size = 2  # {}
    for key, value in action.items():
        if type(key) is not str:
            return None
        if type(value) is list:
            size += 2  # []
            for item in value:
                item_bound = _scalar_bound(item)
                if item_bound is None:
                    return None
                size += item_bound + 2  # and ", "
        else:
            value_bound = _scalar_bound(value)
            if value_bound is None:
                return None
            size += value_bound
        size += 12 * len(key) + 6  # the key quoted, ": " and ", "
    return size
