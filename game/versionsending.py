"""How a match websocket sends versions (game.consumers): each viewer's
own view of each committed version, in order, as a patch or a full state
(game.fanout), the answer to a resync, and what a client that does not
read is owed (docs/PROTOCOL.md "Versions", "Patches", "Clients that do
not read")."""

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from autobahn.exception import Disconnected
from channels.db import database_sync_to_async
from django.conf import settings

from game import accountrate, fanout, jsontext
from game.closecodes import CLOSE_NOT_READING
from game.statereads import MatchNotFound, Snapshot, load_snapshot

log = logging.getLogger(__name__)


class VersionSending:
    """Mixin of MatchConsumer (before AsyncWebsocketConsumer: it wraps
    ``send``): the sending of versions and full states. Uses the
    consumer's ``match_id``, ``seat``, ``patches``, ``merged``,
    ``last_state``, ``sent_version``, ``early``, ``early_timer``,
    ``ready``, ``send_lock``, ``backlog``, ``wire``, ``owed``, ``resynced``, and its
    ``reply`` and ``over_account_rate``."""

    match_id: int
    seat: int | None
    patches: bool
    merged: bool
    last_state: dict | None
    sent_version: int
    early: dict
    early_timer: asyncio.Task | None
    ready: bool
    send_lock: asyncio.Lock
    owed: asyncio.Task | None
    resynced: tuple[float, Snapshot] | None
    close: Callable[..., Awaitable[None]]
    reply: Callable[..., Awaitable[None]]
    over_account_rate: Callable[..., Awaitable[bool]]

    async def send(self, text_data=None, bytes_data=None, close=False):
        """Send a frame, unless the client is gone: a broadcast (a chat line,
        a new version) can reach a connection that closed a moment before;
        its frame is dropped so the handler and the disconnect bookkeeping
        still run. Under daphne a text frame is written by the connection's
        ``wire`` (codexsite.framewire: its bytes made once for all the
        connections sending the same text) when it can be."""
        if getattr(self, "gone", False):
            return
        wire = getattr(self, "wire", None)
        if text_data is None or close or wire is None or not wire(text_data):
            try:
                await super().send(text_data=text_data, bytes_data=bytes_data, close=close)
            except Disconnected:
                self.gone = True
                return
        if self.unsent() > settings.CODEX_WS_MAX_UNSENT:
            await self.shed()

    def unsent(self) -> int:
        """The bytes the server holds unsent for this client (0 when it cannot tell)."""
        backlog = getattr(self, "backlog", None)
        return backlog() if backlog is not None else 0

    async def shed(self) -> None:
        """Close (4408) a connection whose client does not read what it is
        sent, and send it nothing more (docs/PROTOCOL.md "Clients that do
        not read"; issue 11, finding 3)."""
        log.warning("match %s: closing a connection that does not read (%d bytes unsent)", self.match_id, self.unsent())
        self.gone = True
        await self.close(code=CLOSE_NOT_READING)

    def state_waits(self) -> bool:
        """True when a state frame must not go now: this connection already
        owes its client a full state, or holds more than CODEX_WS_SEND_PAUSE
        bytes unsent. Then the owed full state is arranged (send_owed) and
        held-back versions are dropped: it will be newer than all of them."""
        if self.owed is None and self.unsent() <= settings.CODEX_WS_SEND_PAUSE:
            return False
        self.early.clear()
        if self.owed is None:
            self.owed = asyncio.create_task(self.send_owed())
        return True

    async def send_owed(self) -> None:
        """Wait until the client has read enough (its unsent data at most
        CODEX_WS_SEND_PAUSE bytes, looked at every CODEX_WS_DRAIN_POLL
        seconds), then send one full state of the match as it is then: the
        answer to every resync, and the news of every version, that came
        meanwhile."""
        try:
            while not getattr(self, "gone", False) and self.unsent() > settings.CODEX_WS_SEND_PAUSE:
                await asyncio.sleep(settings.CODEX_WS_DRAIN_POLL)
            if getattr(self, "gone", False):
                return
            snapshot = await database_sync_to_async(load_snapshot)(self.match_id)
            async with self.send_lock:
                self.owed = None
                await self._send_state(snapshot, force=True)
        except MatchNotFound:
            await self.reply("error", None, "match_gone", "This match no longer exists.")
        except Exception:  # a bug must not kill the connection
            log.exception("match %s: failed to send the owed state", self.match_id)
        finally:
            if self.owed is asyncio.current_task():
                self.owed = None

    async def send_json(self, content: dict) -> None:
        """Send one JSON message to this client."""
        await self.send(text_data=jsontext.dumps(content))

    async def send_state(self, snapshot: Snapshot, force: bool = False, answer: dict | None = None, echo=None) -> None:
        """Send this viewer's own view of ``snapshot``.

        Skips versions not newer than the last one sent, unless ``force``
        (an explicit resync always gets an answer). ``answer``: the
        ``applied`` message of this connection's action that made
        ``snapshot``, sent on its own when the frame does not go now.
        ``echo``: the id of the message this state answers (a resync's),
        carried in the frame (docs/PROTOCOL.md: every id is echoed).
        """
        async with self.send_lock:
            await self._send_state(snapshot, force, answer, echo)

    async def _send_state(self, snapshot: Snapshot, force: bool = False, answer: dict | None = None, echo=None) -> None:
        if (snapshot.version <= self.sent_version and not force) or self.state_waits():
            if answer is not None:
                await self.send_json(answer)
            return
        self.sent_version = max(self.sent_version, snapshot.version)
        await self.send_version(snapshot, full=force, answer=answer, echo=echo)
        # Versions held back for a gap that this one closed (or passed) go now
        # (unless too much is unsent by then: state_waits drops them).
        while self.early and not self.state_waits():
            nxt = min(self.early)
            if nxt > self.sent_version + 1:
                break
            held = self.early.pop(nxt)
            if nxt == self.sent_version + 1:
                self.sent_version = nxt
                await self.send_version(held)

    async def send_version(self, snapshot: Snapshot, full: bool = False, answer: dict | None = None, echo=None) -> None:
        """Send this viewer's view of ``snapshot``: a ``patch`` against the
        last state sent when the connection asked for patches (and it is
        smaller), else (or with ``full``) the whole ``state``. With
        ``answer`` (the ``applied`` message of this connection's action),
        the frame carries its ``id`` when the connection asked for merged
        answers; else the answer goes first, on its own. A non-None
        ``echo`` (the id of the resync this frame answers) is carried as
        the frame's ``id``."""
        previous = self.last_state if self.patches and not full else None
        text, message = fanout.frame_for(self.match_id, snapshot, self.seat, previous)
        if self.patches:
            self.last_state = message
        if answer is not None:
            if self.merged:
                echo = answer["id"]
            else:
                await self.send_json(answer)
        if echo is not None:
            text = f'{{"id":{jsontext.dumps(echo)},{text[1:]}'
        await self.send(text_data=text)

    async def on_resync(self, msg: dict, msg_id) -> None:
        """Send a full ``state`` of the match as the database has it,
        whatever was sent before (or, while the connection owes its client a
        state, let that one be the answer: state_waits).

        Resyncs of one connection are coalesced: within
        CODEX_WS_RESYNC_EVERY seconds of the last one read from the
        database, the answer is the state that one read, as long as the
        connection has sent nothing newer and no refusal named a newer
        version meanwhile (a flood of resyncs within the rate limit cost a
        database read and a full state's encoding each: issue 13)."""
        if self.state_waits():
            return
        if await self.over_account_rate(accountrate.RESYNC, msg_id, "resyncs"):
            return
        now = time.monotonic()
        last = self.resynced
        if last is None or now - last[0] >= settings.CODEX_WS_RESYNC_EVERY or last[1].version < self.sent_version:
            last = self.resynced = (now, await database_sync_to_async(load_snapshot)(self.match_id))
        await self.send_state(last[1], force=True, echo=msg_id)

    async def deliver(self, snapshot: Snapshot, answer: dict | None = None) -> None:
        """A new version was committed (game.delivery); send this viewer's
        view of it. ``answer``: the ``applied`` message, when this
        connection's action made it (send_version).

        Versions come in order from one worker but not always across workers
        (two teammates' actions applied by two processes): a version that
        arrives before the one below it waits up to CODEX_WS_REORDER_WAIT
        seconds for the gap to fill, so the client normally sees every
        version in order. After that it is sent anyway (the client sees the
        gap and resyncs, docs/PROTOCOL.md "Versions"). A version that comes
        before the first state is sent waits for it (connect).
        """
        version = snapshot.version
        if version <= self.sent_version or not self.ready or version > self.sent_version + 1:
            if answer is not None:
                await self.send_json(answer)
            if version <= self.sent_version:
                return
            self.early[version] = snapshot
            if self.ready and self.early_timer is None:
                self.early_timer = asyncio.create_task(self._release_early())
            return
        await self.send_state(snapshot, answer=answer)

    async def _release_early(self) -> None:
        """After the reorder wait, send the held-back versions (a gap stays)."""
        try:
            while self.early:
                waiting_for = self.sent_version + 1
                await asyncio.sleep(settings.CODEX_WS_REORDER_WAIT)
                if not self.early or self.sent_version >= waiting_for:
                    continue  # the gap filled meanwhile; wait again if another opened
                async with self.send_lock:
                    if self.state_waits():
                        continue  # the owed full state will be newer than all of them
                    for version in sorted(self.early):
                        held = self.early.pop(version)
                        if version > self.sent_version:
                            self.sent_version = version
                            await self.send_version(held)
        finally:
            self.early_timer = None
