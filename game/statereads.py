"""Reading a match's current state (issue 29): the match row read without
its state, and the state at the row's version, which is the worker's kept
state of that version (game.statecache) or the row's stored snapshot with
the logged actions after it replayed by the engine (deterministic). Also
the cursor for the statements the server writes out rather than builds
through the ORM (reading a match here, an action's in game.services).
Synchronous code, like game.services, which applies actions on top of it.
"""

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import psycopg
from django.db import connection

from game import jsontext, rules, statecache
from game.models import Match, MatchAction

MAX_ID = 2**63 - 1  # ids beyond any integer column: no such match (never an error of the driver)


class MatchNotFound(Exception):
    """No match with that id."""


@dataclass(frozen=True)
class Snapshot:
    """The authoritative state of a match at one version (secret: server-side only).

    ``text``: the state as JSON text, in the snapshot an action has just
    made when it stored it (a snapshot version: what it stores and
    broadcasts), else None: the snapshots a process keeps
    (game.statecache, game.fanout) drop it, since nothing reads it again
    (an action copies the parsed state: game.services._own_copy);
    ``created``:
    the match row's creation time as text, which tells a match from an
    older one under a reused id (game.statecache), None when unknown.
    Neither is compared. Shared between connections: read it, never change
    it."""

    version: int
    state: dict
    status: str
    result: dict | None
    text: str | None = field(default=None, compare=False, repr=False)
    created: str | None = field(default=None, compare=False, repr=False)


@contextlib.contextmanager
def sql_cursor() -> Iterator[Any]:
    """A cursor for the statements the server writes out (reading a match
    here, an action's in game.services). On PostgreSQL a psycopg cursor on
    Django's connection that binds its parameters on the server, so psycopg
    prepares a statement once it ran a few times on the connection
    (``prepare_threshold``, codexsite/settings.py) and PostgreSQL then
    neither parses nor plans it again (Django's own cursor binds them into
    the text: issue 29); its driver's errors are raised as Django's.
    Elsewhere Django's cursor. Takes nothing; yields the cursor."""
    if connection.vendor != "postgresql":
        with connection.cursor() as cursor:
            yield cursor
        return
    with connection.wrap_database_errors:
        connection.ensure_connection()
        with psycopg.Cursor(connection.connection) as cursor:
            yield cursor


def fetched_row(cursor: Any) -> dict | None:
    """The one row ``cursor`` found as ``{column: value}``, or None."""
    row = cursor.fetchone()
    return None if row is None else dict(zip((c[0] for c in cursor.description), row, strict=True))


def row_without_state(match_id: int) -> dict | None:
    """The match row without its state (id, version, status, result,
    created), or None when there is no such match."""
    if not 0 < match_id <= MAX_ID:
        return None
    with sql_cursor() as cursor:
        cursor.execute(
            f"SELECT id, version, status, result, created FROM {Match._meta.db_table} WHERE id = %s", [match_id]
        )
        return fetched_row(cursor)


def current_snapshot(match_id: int, row: dict) -> Snapshot:
    """The Snapshot of the match row ``row`` (read without its state): the
    worker's kept state when it is of the row's version (game.statecache),
    else the state rebuilt from the database (snapshot and log: _rebuilt)
    at the version read then, and kept: in an action that is the row's
    version, or a newer one another transaction committed since, and then
    the action's write finds the row moved on (game.services.write_version)
    and it runs again. Takes the match id and its row (``created`` and
    ``version`` read). Raises MatchNotFound when the match was deleted
    since its row was read."""
    created = str(row["created"])
    snapshot = statecache.get(match_id, created, row["version"])
    if snapshot is None:
        stored = _read_state(match_id)
        if stored is None:
            raise MatchNotFound(match_id)  # deleted since ``row`` was read
        result = stored["result"]
        snapshot = Snapshot(
            version=stored["version"],
            state=_rebuilt(match_id, stored),
            status=stored["status"],
            result=jsontext.loads(result) if isinstance(result, str) else result,
            created=created,
        )
        statecache.keep(match_id, snapshot)  # once committed: read inside a transaction, it may be its own
    return snapshot


def load_snapshot(match_id: int) -> Snapshot:
    """Read the current state of a match (for a resync).

    Raises MatchNotFound when the match is gone.
    """
    row = row_without_state(match_id)
    if row is None:
        raise MatchNotFound(match_id)
    return current_snapshot(match_id, row)


def current_state(match: Match) -> dict:
    """The state of ``match`` at its current version: the one function
    that reads a match's state outside an action (the row's ``state`` is a
    snapshot, maybe of an older version). The state of the loaded row when
    it is a snapshot of the row's own version (a finished match's always
    is), else this worker's kept state or the one rebuilt from the
    database (load_snapshot). Shared: read it, never change it. Raises
    MatchNotFound when the match is gone."""
    if not {"state", "state_version", "version"} & match.get_deferred_fields() and (
        match.state_version == match.version
    ):
        return rules.upgrade(match.state)  # stored by an older engine: its schema now (in place, once)
    return load_snapshot(match.pk).state


def _read_state(match_id: int) -> dict | None:
    """The match row with its stored state (the cache missed): ``{state
    (JSON text), state_version, version, status, result}``, or None when
    the match is gone; read in one statement, so the snapshot and the
    version are of one moment; on PostgreSQL the jsonb column's text,
    parsed by the caller with msgspec (game.jsontext) rather than by the
    driver's ``json``."""
    column = "state::text AS state" if connection.vendor == "postgresql" else "state"
    with sql_cursor() as cursor:
        cursor.execute(
            f"SELECT {column}, state_version, version, status, result FROM {Match._meta.db_table} WHERE id = %s",
            [match_id],
        )
        return fetched_row(cursor)


def _rebuilt(match_id: int, stored: dict) -> dict:
    """The state of match ``match_id`` at ``stored["version"]``: the
    snapshot ``stored["state"]`` (of ``stored["state_version"]``) with the
    logged actions after it, up to that version, applied in order by the
    engine, as they were when they were made (game.rules, deterministic).
    Raises rules.RulesError or rules.EngineFault when the log does not
    replay (a fault: never expected)."""
    state = rules.upgrade(jsontext.loads(stored["state"]))  # stored by an older engine: its schema now
    if stored["state_version"] < stored["version"]:
        log = MatchAction.objects.filter(
            match_id=match_id, seq__gt=stored["state_version"], seq__lte=stored["version"]
        ).order_by("seq")
        for seat, action in log.values_list("seat", "action"):
            rules.apply_action_in_place(state, seat, action)
    return state
