"""The copy of a plain-JSON game state that every game's ``copy_state``
makes (Codex copies its card instances by their shape on top:
game.codex.engine.copy_state)."""

import marshal
from collections.abc import Callable
from typing import Any

_loads, _dumps = marshal.loads, marshal.dumps


def copy_sharing_log(state: dict[str, Any], by_key: dict[str, Callable[[Any], Any]] | None = None) -> dict[str, Any]:
    """A deep copy of ``state`` (plain dicts, lists, strings, numbers), in
    the same key order, that shares nothing with it but the line dicts of
    its ``"log"`` list: the copy's log is a new list of the same lines,
    which a game never changes once written (it makes a new dict per line).
    The rest goes through marshal (format 2: no shared references), the
    fastest exact copier for plain data; the log is often the largest part
    of these states, so this is about as fast as parsing the state's JSON
    text (issue 13: the server's own copy for an action,
    game.services._own_copy). ``by_key`` maps a top-level key to the copier
    of its value, for a part a game copies faster by its known shape (Codex:
    the card instances). Raises ValueError for a value marshal cannot copy
    (the state is not plain data)."""
    out: dict[str, Any] = {}
    for key, value in state.items():
        if by_key is not None and key in by_key:
            out[key] = by_key[key](value)
        elif key == "log":
            out[key] = list(value)
        elif type(value) is dict or type(value) is list:
            out[key] = _loads(_dumps(value, 2))
        else:
            out[key] = value  # a number, a string, True/False or None
    return out
