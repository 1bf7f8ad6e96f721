"""Each worker's copy of every seat's presence, so that a ``ping`` is
answered from memory (issue 13: a ping cost three database calls).

The database stays the source of truth (game.standins.presence: live
sockets and signs of life). A worker keeps the last presence it read or
was told (a ``presence`` event) for each match, and answers pings with it
while it is younger than CODEX_WS_PRESENCE_SECONDS. What changes presence
in this worker makes it read again at the next ping: a seat's socket
connecting or closing here, a bot asked for. What changes elsewhere (a seat
connecting to another worker, a socket whose worker died) is seen within
CODEX_WS_PRESENCE_SECONDS; the heartbeat of the live sockets
(game.livesockets) reads the presence of every match this worker serves
in one statement (standins.presence_of), so pings in between make no
query at all. What time alone changes (a seat is away after
CODEX_AWAY_SECONDS; a bot is offered after CODEX_STAND_IN_ASK_SECONDS) ends
the copy's freshness sooner when those times are shorter (fresh).

Signs of life (every frame of a seat, at most every CODEX_WS_SEEN_EVERY
seconds per connection) are noted here too (saw) and written in one
statement with the next read (a ping's, or the heartbeat's): a ping writes
nothing either. A worker killed meanwhile loses at most one heartbeat's
worth of them, far less than CODEX_AWAY_SECONDS.

Each read also reads the match's version (committed): a pong names it
when it is newer than what the connection sent, and the page resyncs. So a
version whose group message was lost (a Redis outage, issue 27 point 6;
docs/PROTOCOL.md "When Redis is down") reaches every page within a
heartbeat and a ping.

The same heartbeat has the consumers check their sessions (watch).

Used on the event loop (no lock); the reads run on the database thread.
"""

import asyncio
import logging
import time

from channels.db import database_sync_to_async
from django.conf import settings

from game import livesockets, standins
from game.models import Match

log = logging.getLogger(__name__)

_kept = {}  # match_id -> (monotonic time read, presence list as standins.presence gives it)
_seen = set()  # (match_id, seat) that showed life since the last write
_versions = {}  # match_id -> the version read with its presence
_watcher = None  # the task reading the presence of every match served here, while there are any


def fresh(match_id: int) -> list | None:
    """The presence of match ``match_id`` kept here, when younger than
    CODEX_WS_PRESENCE_SECONDS, else None (read it: standins.presence);
    turn clocks counted down since the read, None once one ran out.
    Also None once time alone may have changed a seat's flags since the
    read (_changes_within): a person's seat goes away after
    CODEX_AWAY_SECONDS without life, an away seat becomes askable after
    CODEX_STAND_IN_ASK_SECONDS."""
    entry = _kept.get(match_id)
    if entry is None:
        return None
    age = time.monotonic() - entry[0]
    seats = entry[1]
    if age >= min(settings.CODEX_WS_PRESENCE_SECONDS, _changes_within(seats)):
        return None
    if any(s.get("time_left") is not None for s in seats):
        # A turn clock (game.turnclock) ran on since the read: count it
        # down, and read again once one is out (a bot takes that seat).
        seats = [
            s if s.get("time_left") is None else dict(s, time_left=round(max(0.0, s["time_left"] - age), 1))
            for s in seats
        ]
        if any(s["time_left"] == 0 for s in seats if s.get("time_left") is not None):
            return None
    return seats


def _changes_within(seats: list) -> float:
    """Seconds after a read of ``seats`` (standins.presence) within which
    time alone may change a flag: a person's seat here becomes away within
    CODEX_AWAY_SECONDS of its last sign of life (at most the read), and an
    away seat with no bot becomes askable within CODEX_STAND_IN_ASK_SECONDS;
    infinity when neither can happen."""
    people = [s for s in seats if not s.get("bot")]
    within = float("inf")
    if any(not s["away"] for s in people):
        within = min(within, settings.CODEX_AWAY_SECONDS)
    if any(s["away"] and not s["askable"] and not s["stand_in"] for s in people):
        within = min(within, settings.CODEX_STAND_IN_ASK_SECONDS)
    return within


def keep(match_id: int, seats: list) -> None:
    """Keep ``seats`` (just read, or from a presence event) for match ``match_id``."""
    _kept[match_id] = (time.monotonic(), seats)


def changed(match_id: int) -> None:
    """Presence of match ``match_id`` changed here: the next ping reads it."""
    _kept.pop(match_id, None)


def keep_only(match_ids) -> None:
    """Forget the matches this worker no longer serves (not in ``match_ids``)."""
    for match_id in [m for m in _kept if m not in match_ids]:
        del _kept[match_id]
    for match_id in [m for m in _versions if m not in match_ids]:
        del _versions[match_id]


def committed(match_id: int) -> int:
    """The version of match ``match_id`` as the last presence read here
    found it in the database (-1 when none was read)."""
    return _versions.get(match_id, -1)


def saw(match_id: int, seat: int) -> None:
    """Note a sign of life of ``seat`` of match ``match_id`` (written with the next read)."""
    _seen.add((match_id, seat))


def _taken_seen() -> list:
    """The signs of life noted so far, now taken to be written."""
    taken = list(_seen)
    _seen.clear()
    return taken


def _read(match_ids: list, seen: list) -> tuple:
    """On the database thread: write the signs of life ``seen``, give bots
    to seats away too long, and read the presence and the version of
    ``match_ids`` (the versions kept: committed). Returns ``(ids of the
    matches where a bot was given, {match_id: presence})``."""
    standins.seen_all(seen)
    given = standins.expire_away_of(match_ids)
    seats = standins.presence_of(match_ids)
    _versions.update(Match.objects.filter(pk__in=match_ids).values_list("pk", "version"))
    return given, seats


async def read(match_id: int) -> tuple:
    """Read match ``match_id``'s presence from the database now (writing
    the signs of life noted) and keep it. Returns ``(a bot was given,
    presence)``."""
    given, seats = await database_sync_to_async(_read)([match_id], _taken_seen())
    seats = seats.get(match_id, [])
    keep(match_id, seats)
    return bool(given), seats


def watch(announce, recheck) -> None:
    """Read the presence of every match served here every
    CODEX_WS_HEARTBEAT seconds, while this worker has live sockets (started
    on the running loop unless running there). ``announce(match_id, seats,
    channel)`` is awaited for each match where a bot was given meanwhile,
    with one of this worker's sockets of that match (which plays the bot);
    then ``recheck()`` is awaited: the consumers check that the sessions
    of their sockets still log their users in (game.socketsessions.recheck_sessions;
    issue 27, F3: a lost group message must not keep a socket open)."""
    global _watcher
    loop = asyncio.get_running_loop()
    if _watcher is None or _watcher.done() or _watcher.get_loop() is not loop:
        _watcher = loop.create_task(_watch(announce, recheck))


async def _watch(announce, recheck) -> None:
    """The loop of watch()."""
    while True:
        await asyncio.sleep(settings.CODEX_WS_HEARTBEAT)
        served = livesockets.served()
        keep_only(served)
        if not served:
            return
        try:
            await recheck()
        except Exception:  # a failed check must not stop the presence read nor the next check
            log.exception("presence: session check failed")
        try:
            given, seats = await database_sync_to_async(_read)(list(served), _taken_seen())
        except Exception:  # a failed read must not stop the next one
            log.exception("presence: read failed")
            continue
        for match_id, one in seats.items():
            keep(match_id, one)
        for match_id in given:
            await announce(match_id, seats.get(match_id, []), served[match_id])
