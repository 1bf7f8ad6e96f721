"""The open match sockets of every worker, as database rows that live only
while their worker refreshes them (issue 11, findings 4 and 6).

Counts that a socket adds on connect and takes back on disconnect go wrong
for good when the taking back never runs: a worker killed with SIGKILL, or
a consumer daphne cancels because it took too long to shut down. So no
count is kept. Each connection has a LiveSocket row (game.models); every
worker refreshes the rows of its own live connections every
CODEX_WS_HEARTBEAT seconds, in one statement (a few for thousands); a row that nobody refreshed
for CODEX_WS_LIVE_SECONDS belongs to a connection that is gone, counts for
nothing (live) and is deleted by the next heartbeat of any worker. The
per-user socket limit (register) and a seat's presence (game.standins)
both read the live rows.

A connection counts as live in its worker from track() to untrack(): the
consumer calls untrack() in a ``finally`` around its whole life, which runs
even when daphne cancels it.
"""

import asyncio
import logging
from datetime import timedelta

from channels.db import database_sync_to_async
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

from game.models import LiveSocket

log = logging.getLogger(__name__)

REFRESH_CHUNK = 150  # rows per statement (SQLite limits the parameters of one)


def live():
    """The LiveSocket rows refreshed within CODEX_WS_LIVE_SECONDS (a QuerySet)."""
    return LiveSocket.objects.filter(alive_at__gte=timezone.now() - timedelta(seconds=settings.CODEX_WS_LIVE_SECONDS))


def seat_open(user_id: int, match_id: int) -> bool:
    """True when ``user_id`` has a live socket (any worker's: the rows are in
    the database) playing a seat of match ``match_id`` now: the match page
    is open in one of their tabs, in front or not. Spectators' sockets do
    not count. One indexed query."""
    return live().filter(user_id=user_id, match_id=match_id, seat__isnull=False).exists()


def register(channel: str, user_id: int, match_id: int, seat: int | None) -> bool:
    """Add the connection ``channel`` of ``user_id`` to match ``match_id``
    (``seat``: the seat it plays, None for a spectator). Returns False, and
    adds nothing, when the user already has CODEX_WS_PER_USER live sockets
    (every match, every worker). The user's row is locked meanwhile, so two
    workers cannot both admit the last one."""
    with transaction.atomic():
        list(get_user_model().objects.select_for_update().filter(pk=user_id).values_list("pk"))
        if live().filter(user_id=user_id).count() >= settings.CODEX_WS_PER_USER:
            return False
        LiveSocket.objects.create(channel=channel, user_id=user_id, match_id=match_id, seat=seat)
    return True


def forget(channel: str) -> None:
    """Remove the connection ``channel`` (it closed)."""
    LiveSocket.objects.filter(channel=channel).delete()


def refresh(sockets: dict) -> None:
    """Vouch for this worker's live ``sockets`` now: ``{channel: (user_id,
    match_id, seat)}`` get ``alive_at`` now, their rows written again if
    they were deleted meanwhile (a heartbeat that came too late must not
    lose a live socket for good); then delete every row no worker vouched
    for in CODEX_WS_LIVE_SECONDS."""
    now = timezone.now()
    rows = [
        LiveSocket(channel=channel, user_id=user_id, match_id=match_id, seat=seat, alive_at=now)
        for channel, (user_id, match_id, seat) in sockets.items()
    ]
    try:
        with transaction.atomic():
            LiveSocket.objects.bulk_create(
                rows,
                batch_size=REFRESH_CHUNK,
                update_conflicts=True,
                unique_fields=["channel"],
                update_fields=["alive_at"],
            )
    except IntegrityError:  # a match or user deleted meanwhile: refresh the rows that are there
        channels = list(sockets)
        for start in range(0, len(channels), REFRESH_CHUNK):
            LiveSocket.objects.filter(channel__in=channels[start : start + REFRESH_CHUNK]).update(alive_at=now)
    LiveSocket.objects.filter(alive_at__lt=now - timedelta(seconds=settings.CODEX_WS_LIVE_SECONDS)).delete()


_tracked = {}  # this worker's live connections: {channel: (user_id, match_id, seat)}
_heartbeat: asyncio.Task | None = None  # the task refreshing them, while there are any


def track(channel: str, user_id: int, match_id: int, seat: int | None) -> None:
    """Count ``channel`` (registered with these user, match and seat) among
    this worker's live connections, refreshed by the heartbeat from now on;
    starts the heartbeat on the running event loop when it is not running
    there."""
    global _heartbeat
    _tracked[channel] = (user_id, match_id, seat)
    loop = asyncio.get_running_loop()
    if _heartbeat is None or _heartbeat.done() or _heartbeat.get_loop() is not loop:
        _heartbeat = loop.create_task(_beat())


def served() -> dict:
    """The matches this worker has live sockets of: ``{match_id: one of its channels}``."""
    return {match_id: channel for channel, (_user, match_id, _seat) in _tracked.items()}


def untrack(channel: str) -> None:
    """Stop vouching for ``channel`` (synchronous: safe in a ``finally`` of a
    cancelled consumer); its row dies within CODEX_WS_LIVE_SECONDS if
    forget() does not run. The heartbeat stops with the last connection."""
    global _heartbeat
    _tracked.pop(channel, None)
    if not _tracked and _heartbeat is not None:
        _heartbeat.cancel()
        _heartbeat = None


async def _beat() -> None:
    """Refresh this worker's live connections every CODEX_WS_HEARTBEAT seconds."""
    while _tracked:
        await asyncio.sleep(settings.CODEX_WS_HEARTBEAT)
        try:
            await database_sync_to_async(refresh)(dict(_tracked))
        except Exception:  # a failed refresh must not stop the next one
            log.exception("live sockets: refresh failed")
