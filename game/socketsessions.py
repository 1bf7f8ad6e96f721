"""A match websocket's session checks: a connection whose session no
longer logs its user in (logged out, password changed) is closed (issue 27,
F3), whether the news came as a group message, with a frame, or at the
heartbeat (recheck_sessions)."""

import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from importlib import import_module
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

from game.closecodes import CLOSE_REAUTHENTICATE, CLOSE_UNAUTHENTICATED
from game.signals import logged_in_user, still_logged_in

SESSION_CHECK_CHUNK = 25  # sessions judged per trip to the database thread (recheck_sessions)
JUDGED_KEPT = 10_000  # sessions whose last "still logged in" this process remembers (lapsed_sessions)

admitted = {}  # this worker's admitted connections: {channel name: MatchConsumer}

# session key -> (user id, the session's stored data, the user's row) when it
# was last judged still logged in, least recently judged first (lapsed_sessions)
_judged = OrderedDict()


class SessionLapsed(Exception):
    """An action's session no longer logs its user in (game.commits: the
    check that rode along with the action's trip); the action was not applied."""


def lapsed_sessions(sessions: dict) -> set:
    """On the database thread: of ``sessions`` (``{session key: user id}``,
    a key may be None), the keys that no longer log their user in, judged
    as signals.still_logged_in judges one. Two reads for all of them: the
    sessions' rows (unexpired) and the users' rows. A session judged still
    logged in before (by this process) whose stored data and user's row are
    both as they were then keeps that verdict: Django's judgement reads
    nothing else (issue 29: two reads per session, and the decoding and
    hashing, were 11 % of a worker's busy time). Any other is judged anew
    from the data read (signals.logged_in_user, one more read). Changes
    nothing stored."""
    store = import_module(settings.SESSION_ENGINE).SessionStore
    if not hasattr(store, "get_model_class"):  # sessions kept elsewhere than in a table: one by one
        return {key for key, user_id in sessions.items() if not still_logged_in(key, user_id)}
    rows = _session_rows(store.get_model_class(), [key for key in sessions if key])
    users = _user_rows(set(sessions.values()))
    lapsed = set()
    for key, user_id in sessions.items():
        data = rows.get(key)
        if data is not None and _judged.get(key) == (user_id, data, users.get(user_id)):
            _judged.move_to_end(key)
            continue
        _judged.pop(key, None)
        user = logged_in_user(store().decode(data)) if data is not None else None
        if user is None or user.pk != user_id:
            lapsed.add(key)
            continue
        if users.get(user_id) is None:
            continue  # its row was not read (made meanwhile?): nothing remembered
        _judged[key] = (user_id, data, users[user_id])
        while len(_judged) > JUDGED_KEPT:
            _judged.popitem(last=False)
    return lapsed


def _session_rows(model, keys: list) -> dict:
    """``{key: stored data}`` of the unexpired sessions of ``keys`` in the
    table of the session ``model``: one statement, written out (building it
    with the ORM cost three times its running: benchmarks/session_cpu.py)."""
    if not keys:
        return {}
    meta = model._meta
    key, data, expiry = (meta.get_field(name).column for name in ("session_key", "session_data", "expire_date"))
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {quote(key)}, {quote(data)} FROM {quote(meta.db_table)} "
            f"WHERE {quote(key)} IN ({', '.join(['%s'] * len(keys))}) AND {quote(expiry)} > %s",
            [*keys, connection.ops.adapt_datetimefield_value(timezone.now())],
        )
        return dict(cursor.fetchall())


def _user_rows(user_ids: set) -> dict:
    """``{user id: the user's row as a tuple of its stored columns}`` of the
    users of ``user_ids`` that exist: one statement, written out as
    _session_rows (through the ORM its building and its rows' conversion
    cost more than its running: benchmarks/session_cpu.py). The rows are
    the driver's values, compared only with rows read here (a remembered
    verdict holds while the row read with it is unchanged)."""
    if not user_ids:
        return {}
    meta = get_user_model()._meta
    quote = connection.ops.quote_name
    key = quote(meta.pk.column)
    columns = ", ".join([key, *(quote(field.column) for field in meta.concrete_fields if not field.primary_key)])
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {columns} FROM {quote(meta.db_table)} WHERE {key} IN ({', '.join(['%s'] * len(user_ids))})",
            list(user_ids),
        )
        return {row[0]: row for row in cursor.fetchall()}


async def recheck_sessions() -> None:
    """Close (4401) every connection of this worker whose session no longer
    logs its user in: logged out, or made before a password change, however
    the change was made and whether or not its group message came (issue
    27, F3). SESSION_CHECK_CHUNK sessions judged together (lapsed_sessions)
    per trip to the database thread, so the other work of the worker is not
    held up behind thousands; run by the heartbeat (presence.watch)."""
    consumers = list(admitted.values())
    sessions = list({c.session_key: c.user.pk for c in consumers}.items())
    lapsed = set()
    for start in range(0, len(sessions), SESSION_CHECK_CHUNK):
        lapsed |= await database_sync_to_async(lapsed_sessions)(dict(sessions[start : start + SESSION_CHECK_CHUNK]))
    for consumer in consumers:
        if consumer.session_key in lapsed and not getattr(consumer, "ended", False):
            await consumer.end_session()


class SessionChecks:
    """Mixin of MatchConsumer: its session's checks and the group events
    that end it. Uses the consumer's ``session_key``, ``session_checked``
    (the monotonic time of the last check), ``user`` and ``close``."""

    session_key: str | None
    session_checked: float
    user: Any
    close: Callable[..., Awaitable[None]]

    async def session_lapsed(self) -> bool:
        """Check, at most every CODEX_WS_SESSION_CHECK_EVERY seconds, that
        this connection's session still logs its user in (lapsed_sessions);
        when it does not, close (end_session) and return True: the frame
        about to be handled is not. Returns False otherwise. A ping is not
        checked here (it changes and reveals nothing new); the heartbeat
        checks every connection (recheck_sessions); an action takes its
        check along (session_check_due, game.commits)."""
        if not self.session_check_due():
            return False
        if not await database_sync_to_async(lapsed_sessions)({self.session_key: self.user.pk}):
            return False
        await self.end_session()
        return True

    def session_check_due(self) -> bool:
        """True when this connection's session is due its check (none made
        in the last CODEX_WS_SESSION_CHECK_EVERY seconds): the check counts
        as made now, and the caller makes it. False otherwise."""
        now = time.monotonic()
        if now - self.session_checked < settings.CODEX_WS_SESSION_CHECK_EVERY:
            return False
        self.session_checked = now
        return True

    async def end_session(self) -> None:
        """Close with 4401 (the session no longer logs the user in): send
        nothing more, and read no frame the client still sent."""
        self.ended = True
        self.gone = True
        await self.close(code=CLOSE_UNAUTHENTICATED)

    async def session_ended(self, event: dict) -> None:
        """Group event: this connection's session logged out; close with 4401."""
        await self.end_session()

    async def account_password_changed(self, event: dict) -> None:
        """Group event: the account's password changed; close with 4001, so
        the page connects again and its session is checked anew (a session
        the change logged out is then refused 4401)."""
        await self.close(code=CLOSE_REAUTHENTICATE)
