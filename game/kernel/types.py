"""The plain-data shapes every game's engine passes around (typing only).

A state, an action, a config and a log line are plain JSON objects (dicts
of str keys); a seat is a player's index in ``state["players"]``; a viewer
is a seat or None (a spectator).
"""

from typing import Any, TypeAlias

State: TypeAlias = dict[str, Any]
Action: TypeAlias = dict[str, Any]
Config: TypeAlias = dict[str, Any]
Event: TypeAlias = dict[str, Any]
Seat: TypeAlias = int
Viewer: TypeAlias = int | None
