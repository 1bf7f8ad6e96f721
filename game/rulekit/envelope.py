"""What every game checks of an action before its rules (the envelope):
shared by Codex, Arcane Codex and C-23 (issue 11, finding 12: bad input
of any kind gets a clear error and changes nothing; the multi-game
contract of docs/ARCANE.md). Each game's engine calls these in its own
order, then its own checks (prompts, players out of the game).
"""
import json

from .errors import RulesError


def is_seat(state: dict, seat) -> bool:
    """True when ``seat`` is a seat index of this game (an int, not a bool;
    a negative index would silently name another seat)."""
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state["players"])


def action_type(state: dict, seat, action, known) -> str:
    """The ``type`` of ``action`` once it is a dict with a string type among
    ``known`` (the game's action types), ``seat`` a seat of the game, and
    the game in progress. Raises RulesError ``bad_action``,
    ``unknown_action``, ``bad_seat`` or ``game_over``, in that order."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise RulesError("bad_action", "An action is an object with a \"type\".")
    kind = action["type"]
    if kind not in known:
        raise RulesError("unknown_action", f"There is no action called {kind[:40]!r}.")
    if not is_seat(state, seat):
        raise RulesError("bad_seat", "That seat is not in this game.")
    if state["status"] != "playing":
        raise RulesError("game_over", "The game is over.")
    return kind


def require_plain_json(action, max_bytes: int) -> None:
    """Raise RulesError ``bad_action`` unless ``action`` is plain JSON of at
    most ``max_bytes`` bytes as ``json.dumps`` writes it."""
    try:
        size = len(json.dumps(action))
    except (TypeError, ValueError, RecursionError):
        raise RulesError("bad_action", "An action must be plain JSON.") from None
    if size > max_bytes:
        raise RulesError("bad_action", "That action is too large.")
