"""A match websocket's session checks: a connection whose session no
longer logs its user in (logged out, password changed) is closed (issue 27,
F3), whether the news came as a group message, with a frame, or at the
heartbeat (recheck_sessions)."""

import time
from collections.abc import Awaitable, Callable
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from game.closecodes import CLOSE_REAUTHENTICATE, CLOSE_UNAUTHENTICATED
from game.signals import still_logged_in

SESSION_CHECK_CHUNK = 25  # sessions judged per trip to the database thread (recheck_sessions)

admitted = {}  # this worker's admitted connections: {channel name: MatchConsumer}


def lapsed_sessions(sessions: dict) -> set:
    """On the database thread: of ``sessions`` (``{session key: user id}``),
    the keys that no longer log their user in (signals.still_logged_in)."""
    return {key for key, user_id in sessions.items() if not still_logged_in(key, user_id)}


async def recheck_sessions() -> None:
    """Close (4401) every connection of this worker whose session no longer
    logs its user in: logged out, or made before a password change, however
    the change was made and whether or not its group message came (issue
    27, F3). One check per session (two reads), SESSION_CHECK_CHUNK sessions
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
        this connection's session still logs its user in (signals.still_logged_in);
        when it does not, close (end_session) and return True: the frame
        about to be handled is not. Returns False otherwise. A ping is not
        checked here (it changes and reveals nothing new); the heartbeat
        checks every connection (recheck_sessions)."""
        now = time.monotonic()
        if now - self.session_checked < settings.CODEX_WS_SESSION_CHECK_EVERY:
            return False
        self.session_checked = now
        if await database_sync_to_async(still_logged_in)(self.session_key, self.user.pk):
            return False
        await self.end_session()
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
