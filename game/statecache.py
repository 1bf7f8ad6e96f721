"""The parsed state of each live match in this worker process, checked
against the database row before it is used (docs/PROTOCOL.md "Inside the
server").

The ``Match`` row stays the source of truth. A worker that commits a
version (or reads one) keeps that Snapshot here; the next action, resync
or connection of the match reads the row's version under its lock (or
without state), and uses the kept state only when it is of that very
version, else it reads and parses the state from the row. So a worker
whose cache is stale (another worker committed since) falls back to the
database, and nothing another worker did is ever missed.

A kept Snapshot is shared, read only, by the worker's connections, and it
is kept without the state's JSON text (about 25 KB late in a game, which
nothing reads again): an action copies the parsed state and the engine
changes that copy in place (game.services._own_copy), so the kept state is
never changed, even by an action that fails halfway.

An entry is keyed by the match id and the row's ``created`` time, so a
reused id (a database created again, as the tests do) never meets an old
match's state. At most CODEX_STATE_CACHE_MATCHES matches are kept (the
least recently used go first); a finished match is forgotten. Safe from any
thread (the database thread writes, connections read).
"""

import threading
from collections import OrderedDict
from dataclasses import replace

from django.conf import settings

_lock = threading.Lock()
_entries = OrderedDict()  # match_id -> (created, Snapshot)


def get(match_id: int, created, version: int):
    """The kept Snapshot of match ``match_id`` (row created at ``created``)
    when it is of ``version``, else None."""
    with _lock:
        entry = _entries.get(match_id)
        if entry is None or entry[0] != created or entry[1].version != version:
            return None
        _entries.move_to_end(match_id)
        return entry[1]


def put(match_id: int, created, snapshot) -> None:
    """Keep ``snapshot`` (a committed version: call it after the commit) as
    the newest known state of match ``match_id``; a snapshot older than the
    one kept is ignored; a finished match is forgotten instead."""
    with _lock:
        entry = _entries.get(match_id)
        if entry is not None and entry[0] == created and entry[1].version > snapshot.version:
            return
        if snapshot.status != "playing":
            _entries.pop(match_id, None)
            return
        _entries[match_id] = (created, without_text(snapshot))
        _entries.move_to_end(match_id)
        while len(_entries) > settings.CODEX_STATE_CACHE_MATCHES:
            _entries.popitem(last=False)


def without_text(snapshot):
    """``snapshot`` as a process keeps it: the same state, without the JSON
    text it was stored and broadcast with (the snapshot itself when it has
    none)."""
    return snapshot if snapshot.text is None else replace(snapshot, text=None)


def clear() -> None:
    """Forget every kept state (tests)."""
    with _lock:
        _entries.clear()
