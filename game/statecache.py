"""The parsed state of each live match in this worker process, checked
against the database row before it is used (docs/PROTOCOL.md "Inside the
server").

The database stays the source of truth (the match row's snapshot and the
action log after it, game.statereads). A worker that commits a version (or
reads one) keeps that Snapshot here, with the one before it; the next
action, resync or connection of the match reads the row's version under
its lock (or without state), and uses a kept state only when it is of that
very version, else it rebuilds the state from the database. So a worker
whose cache is stale (another worker committed since) falls back to the
database, and nothing another worker did is ever missed. The version
before the newest is kept for a viewer that handles a version after the
next one was committed (most do, under load): it finds it here instead of
parsing it again.

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

Only committed versions are kept for every thread (keep: at the commit).
Inside one transaction of several actions (game.commits: uncommitted), the
versions its actions write are kept for that thread alone until the
transaction ends, so a match's second action in it reads the state the
first one left instead of rebuilding it from the database (issue 29:
about one action in six did so under load).
"""

import contextlib
import threading
from collections import OrderedDict
from dataclasses import replace

from django.conf import settings
from django.db import transaction

_lock = threading.Lock()
_entries = OrderedDict()  # match_id -> (created, newest Snapshot, the one before it or None)
_open = threading.local()  # .kept: {match id: Snapshot} of this thread's open transaction (uncommitted), or None


@contextlib.contextmanager
def uncommitted():
    """A block of this thread holding one transaction of several actions
    (game.commits): inside it, get() also finds the versions keep() was
    given in it, for this thread only, whether or not they are committed
    yet; they are dropped when the block ends (the transaction committed:
    keep() has kept them for all; rolled back: they never were)."""
    _open.kept = {}
    try:
        yield
    finally:
        _open.kept = None


def keep(match_id: int, snapshot) -> None:
    """Keep ``snapshot`` (of a version read or written in this thread's
    transaction, if one is open) for every thread once that transaction
    commits (at once outside any; never when it is rolled back), and at
    once for this thread inside an uncommitted() block."""
    kept = getattr(_open, "kept", None)
    if kept is not None:
        kept[match_id] = snapshot
    transaction.on_commit(lambda: put(match_id, snapshot.created, snapshot))


def get(match_id: int, created, version: int):
    """The kept Snapshot of match ``match_id`` (row created at ``created``)
    when it is of ``version`` (the newest kept or the one before it, or the
    one this thread's uncommitted() block keeps), else None."""
    mine = (getattr(_open, "kept", None) or {}).get(match_id)
    if mine is not None and mine.created == created and mine.version == version:
        return mine
    with _lock:
        entry = _entries.get(match_id)
        if entry is None or entry[0] != created:
            return None
        found = next((s for s in entry[1:] if s is not None and s.version == version), None)
        if found is not None:
            _entries.move_to_end(match_id)
        return found


def put(match_id: int, created, snapshot) -> None:
    """Keep ``snapshot`` (a committed version: call it after the commit) as
    the newest known state of match ``match_id``, the newest before it as
    the one before; a snapshot no newer than the one kept goes in the
    second place when it is newer than the one there, else is ignored. A
    finished match is forgotten instead."""
    with _lock:
        entry = _entries.get(match_id)
        if snapshot.status != "playing":
            _entries.pop(match_id, None)
            return
        snapshot = without_text(snapshot)
        if entry is None or entry[0] != created:
            _entries[match_id] = (created, snapshot, None)
        elif entry[1].version < snapshot.version:
            _entries[match_id] = (created, snapshot, entry[1])
        elif entry[1].version > snapshot.version and (entry[2] is None or entry[2].version < snapshot.version):
            _entries[match_id] = (created, entry[1], snapshot)
        else:
            return
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
