"""The live match websocket (``/ws/match/<id>/``); protocol in docs/PROTOCOL.md.

Each connection knows its viewer (a seat, or None for a spectator) and renders
its own view for every version it sends: the group broadcast carries the
secret state inside the server, never to a client.
"""

import asyncio
import json
import logging
import re
import time
from urllib.parse import parse_qs

from asgiref.sync import sync_to_async
from autobahn.exception import Disconnected
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer
from django.conf import settings

from game import accountrate, chat, commits, delivery, fanout, jsontext, livesockets, presence, standins, tasks
from game.assistsocket import AssistMessages
from game.dispatch import DirectDispatch
from game.services import (
    AccessDenied,
    ActionRefused,
    MatchNotFound,
    Snapshot,
    load_access,
    load_snapshot,
)
from game.signals import account_group, session_group, still_logged_in
from lobby.models import Table

log = logging.getLogger(__name__)

# Close codes (application range 4000-4999).
CLOSE_REAUTHENTICATE = 4001
CLOSE_UNAUTHENTICATED = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404
CLOSE_NOT_READING = 4408
CLOSE_TOO_MANY = 4429
CLOSE_FLOODING = 4430

MAX_ID_CHARS = 64
MAX_NONCE_CHARS = 64
SESSION_CHECK_CHUNK = 25  # sessions judged per trip to the database thread (recheck_sessions)

# The answer to a frame over the rate limit, made once: such a frame is not read.
RATE_LIMITED = json.dumps(
    {"type": "refused", "id": None, "code": "rate_limited", "reason": "Too many messages: slow down."},
    separators=(",", ":"),
)

# A \u escape of a UTF-16 surrogate: a frame holding one needs the UTF-8 check of read_message.
SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def read_message(text: str):
    """The value of a client frame's JSON ``text``.

    Raises ValueError when it is not JSON, or when one of its strings holds
    an unpaired surrogate escape ("\\ud800"): such a string reads, but no
    answer that echoes it (an id, an action's type in its refusal) can be
    written as UTF-8. RecursionError for absurdly deep nesting. The UTF-8
    check runs only for a frame that has a surrogate escape at all (a proper
    pair, an emoji, passes it).
    """
    msg = json.loads(text)
    if SURROGATE_ESCAPE.search(text):
        json.dumps(msg, ensure_ascii=False).encode("utf-8")  # UnicodeEncodeError is a ValueError
    return msg


class TokenBucket:
    """A token bucket rate limiter.

    Takes ``rate`` (tokens added per second), ``burst`` (bucket size, also the
    initial fill) and ``clock`` (a monotonic seconds function, for tests).
    """

    def __init__(self, rate: float, burst: int, clock=time.monotonic):
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.stamp = clock()

    def take(self) -> bool:
        """Spend one token. Returns True when one was available, else False."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def group_name(match_id: int) -> str:
    """The channel-layer group of a match's connections."""
    return f"match.{match_id}"


class TooManySockets(Exception):
    """The user already has CODEX_WS_PER_USER live match sockets."""


def shown_to_outsiders(match_id: int, invite: str | None) -> bool:
    """True when an outsider who presents ``invite`` (text or None) knows
    that match ``match_id`` exists: its table is public (listed in the
    lobby), or ``invite`` is its table's invite token. A private table's
    match, or one made outside the lobby, is hidden from everyone else
    (issue 27, F4)."""
    table = Table.objects.filter(match_id=match_id).only("is_public", "invite_token").first()
    return table is not None and (table.is_public or table.invite_matches(invite))


def admit(match_id: int, user_id: int, invite: str | None, channel: str):
    """Decide what ``user_id`` is in the match (services.load_access) and
    register the connection ``channel`` as live (game.livesockets), in one
    trip to the database thread. Returns the Access; raises MatchNotFound
    (also for a match an outsider may not know of: shown_to_outsiders,
    so ids cannot be enumerated), AccessDenied (the outsider may not watch
    a match they know of), or TooManySockets (nothing registered)."""
    try:
        access = load_access(match_id, user_id, invite)
    except AccessDenied:
        if not shown_to_outsiders(match_id, invite):
            raise MatchNotFound(match_id) from None
        raise
    if not livesockets.register(channel, user_id, match_id, access.seat):
        raise TooManySockets(user_id)
    return access


async def announce_bot(match_id: int, seats: list, channel: str) -> None:
    """Tell match ``match_id``'s connections that a bot now plays a seat
    away too long (game.presence found it): a ``presence`` event whose
    sender is ``channel``, one of this worker's sockets of the match, which
    then plays the bot (MatchConsumer.match_presence)."""
    await get_channel_layer().group_send(
        group_name(match_id),
        {"type": "match.presence", "seats": seats, "sender": channel, "id": None, "reclaimed": None},
    )


_admitted = {}  # this worker's admitted connections: {channel name: MatchConsumer}


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
    consumers = list(_admitted.values())
    sessions = list({c.session_key: c.user.pk for c in consumers}.items())
    lapsed = set()
    for start in range(0, len(sessions), SESSION_CHECK_CHUNK):
        lapsed |= await database_sync_to_async(lapsed_sessions)(dict(sessions[start : start + SESSION_CHECK_CHUNK]))
    for consumer in consumers:
        if consumer.session_key in lapsed and not getattr(consumer, "ended", False):
            await consumer.end_session()


def _valid_id(value) -> bool:
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return True
    return isinstance(value, str) and len(value) <= MAX_ID_CHARS


def _valid_nonce(value) -> bool:
    if value is None:
        return True
    return isinstance(value, str) and 0 < len(value) <= MAX_NONCE_CHARS and value.isprintable()


class MatchConsumer(AssistMessages, DirectDispatch, AsyncWebsocketConsumer):
    """One player's or spectator's live connection to one match.

    Connect: logged-in users only (else close 4401); seated players and allowed
    spectators (``?invite=<token>`` for private tables); an unknown match, or
    one the user may not know of (admit), closes 4404; a known match the user
    may not watch closes 4403; a user with CODEX_WS_PER_USER live sockets
    closes 4429. On accept the client gets a full ``state``. A connection
    whose session no longer logs its user in (logged out, password changed)
    is closed 4401 (session_lapsed, recheck_sessions). Every client
    message gets an answer; bad input changes nothing. A client that does
    not read is owed one full state (state_waits) and closed 4408 past
    CODEX_WS_MAX_UNSENT (shed).
    """

    async def connect(self):
        """Authenticate, find the viewer's seat, join the match group, send a snapshot."""
        user = self.scope["user"]
        if not user.is_authenticated:
            await self.refuse(CLOSE_UNAUTHENTICATED)
            return
        self.user = user
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        self.group = group_name(self.match_id)
        self.sent_version = -1
        self.early = {}  # version -> snapshot that arrived before the version below it (or before the first state)
        self.ready = False  # the first state is sent: versions delivered before it wait in ``early``
        self.early_timer = None
        self.send_lock = asyncio.Lock()
        self.bucket = TokenBucket(settings.CODEX_WS_RATE, settings.CODEX_WS_BURST)
        self.refused_in_a_row = 0  # frames refused for the rate since the last one let through
        self.flooded = False  # closed 4430: what the client still sent is not read
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        invite = query.get("invite", [None])[0]
        # ?patches=1: after the first state, send the changes (docs/PROTOCOL.md "Patches").
        self.patches = query.get("patches", [None])[0] == "1"
        # ?merged=1: the answer to this connection's action rides on its version's frame ("Merged answers").
        self.merged = query.get("merged", [None])[0] == "1"
        self.last_state = None  # the last state message sent, with patches on
        self.resynced = None  # (monotonic time, Snapshot) the last resync read from the database
        # The server's count of bytes it holds unsent for this client
        # (codexsite/backlog.py), None when it cannot tell; and the task that
        # sends the one full state owed while too much is unsent.
        self.backlog = self.scope.get("send_backlog")
        self.owed = None
        # Take versions (game.delivery) before reading the state, so no version slips between.
        await delivery.join(self)
        await self.channel_layer.group_add(self.group, self.channel_name)
        try:
            access = await database_sync_to_async(admit)(self.match_id, user.pk, invite, self.channel_name)
        except (MatchNotFound, AccessDenied, TooManySockets) as exc:
            await delivery.leave(self)
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self.refuse(
                {MatchNotFound: CLOSE_NOT_FOUND, AccessDenied: CLOSE_FORBIDDEN, TooManySockets: CLOSE_TOO_MANY}[
                    type(exc)
                ]
            )
            return
        livesockets.track(self.channel_name, user.pk, self.match_id, access.seat)
        presence.watch(announce_bot, recheck_sessions)
        if access.seat is not None:
            presence.changed(self.match_id)  # a live socket of a seat now
        self.admitted = True
        self.groups.append(self.group)
        self.groups.append(account_group(user.pk))
        await self.channel_layer.group_add(account_group(user.pk), self.channel_name)
        self.session_key = getattr(self.scope.get("session"), "session_key", None)
        self.session_checked = time.monotonic()  # the middleware has just judged it
        _admitted[self.channel_name] = self
        if self.session_key:
            self.groups.append(session_group(self.session_key))
            await self.channel_layer.group_add(session_group(self.session_key), self.channel_name)
        self.seat = access.seat
        self.stand_ins = set()  # seats a bot plays, as the last presence event said
        self.stand_in_task = None
        await self.accept()
        await self.send_state(access.snapshot)
        self.ready = True
        if self.early and self.early_timer is None:  # a gap among the versions that came meanwhile
            self.early_timer = asyncio.create_task(self._release_early())
        history = await database_sync_to_async(chat.recent)(self.match_id)
        if history:
            await self.send_json({"type": "chat_history", "lines": history})
        self.seen_stamp = time.monotonic()  # connecting is a sign of life (standins.connected)
        if self.seat is not None:
            reclaimed, was_askable = await database_sync_to_async(standins.connected)(
                self.match_id, self.seat, self.channel_name
            )
            presence.changed(self.match_id)
            if reclaimed or was_askable:  # the others may be offered a bot for this seat: it is back
                await self.broadcast_presence(reclaimed=self.seat if reclaimed else None)
            # Table bots wait while no person is connected; this one may wake them (game.standins).
            self.stand_ins |= await database_sync_to_async(standins.bot_seats)(self.match_id)
            if self.stand_ins:
                self.start_stand_ins()

    async def __call__(self, scope, receive, send):
        """Run the connection; however it ends (daphne cancels a consumer
        that takes too long to shut down, and then disconnect() never runs),
        this worker stops vouching for it (game.livesockets.untrack)."""
        try:
            await super().__call__(scope, receive, send)
        finally:
            delivery.forget(self)
            if getattr(self, "admitted", False):
                livesockets.untrack(self.channel_name)
                _admitted.pop(self.channel_name, None)

    async def refuse(self, code: int) -> None:
        """Refuse the connection with a 44xx close code the page can act on.

        The handshake is accepted first: a websocket closed before it is
        accepted reaches the browser as a bare HTTP 403 (close code 1006),
        and the page would retry forever. Nothing is sent before the close.
        """
        await self.accept()
        await self.close(code=code)

    async def send(self, text_data=None, bytes_data=None, close=False):
        """Send a frame, unless the client is gone: a broadcast (a chat line,
        a new version) can reach a connection that closed a moment before;
        its frame is dropped so the handler and the disconnect bookkeeping
        still run."""
        if getattr(self, "gone", False):
            return
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

    async def websocket_disconnect(self, message):
        """The client is gone: send nothing more, then the usual disconnect."""
        self.gone = True
        await super().websocket_disconnect(message)

    async def send_json(self, content: dict) -> None:
        """Send one JSON message to this client."""
        await self.send(text_data=jsontext.dumps(content))

    async def send_state(self, snapshot: Snapshot, force: bool = False, answer: dict | None = None) -> None:
        """Send this viewer's own view of ``snapshot``.

        Skips versions not newer than the last one sent, unless ``force``
        (an explicit resync always gets an answer). ``answer``: the
        ``applied`` message of this connection's action that made
        ``snapshot``, sent on its own when the frame does not go now.
        """
        async with self.send_lock:
            await self._send_state(snapshot, force, answer)

    async def _send_state(self, snapshot: Snapshot, force: bool = False, answer: dict | None = None) -> None:
        if (snapshot.version <= self.sent_version and not force) or self.state_waits():
            if answer is not None:
                await self.send_json(answer)
            return
        self.sent_version = max(self.sent_version, snapshot.version)
        await self.send_version(snapshot, full=force, answer=answer)
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

    async def send_version(self, snapshot: Snapshot, full: bool = False, answer: dict | None = None) -> None:
        """Send this viewer's view of ``snapshot``: a ``patch`` against the
        last state sent when the connection asked for patches (and it is
        smaller), else (or with ``full``) the whole ``state``. With
        ``answer`` (the ``applied`` message of this connection's action),
        the frame carries its ``id`` when the connection asked for merged
        answers; else the answer goes first, on its own."""
        previous = self.last_state if self.patches and not full else None
        text, message = fanout.frame_for(self.match_id, snapshot, self.seat, previous)
        if self.patches:
            self.last_state = message
        if answer is not None:
            if self.merged:
                text = f'{{"id":{jsontext.dumps(answer["id"])},{text[1:]}'
            else:
                await self.send_json(answer)
        await self.send(text_data=text)

    async def disconnect(self, code):
        """Stop waiting for held-back versions (the bots play on: game.tasks); an
        admitted socket is no longer live (standins.disconnected)."""
        for task in (getattr(self, "early_timer", None), getattr(self, "owed", None)):
            if task is not None:
                task.cancel()
        if getattr(self, "match_id", None) is not None:
            await delivery.leave(self)
        if getattr(self, "admitted", False):
            livesockets.untrack(self.channel_name)  # first, so no heartbeat writes the row back
            await database_sync_to_async(standins.disconnected)(self.match_id, self.seat, self.channel_name)
            if self.seat is not None:
                presence.changed(self.match_id)

    async def reply(self, kind: str, msg_id, code: str, reason: str) -> None:
        """Send a ``refused`` or ``error`` answer with a stable code and a sentence."""
        await self.send_json({"type": kind, "id": msg_id, "code": code, "reason": reason})

    async def refuse_for_rate(self):
        """Answer a frame over the rate limit (``rate_limited``, unread); a
        connection that goes on sending after CODEX_WS_FLOOD such refusals
        in a row is closed with 4430 and read no more: daphne queues every
        frame a client sends until the consumer takes it, so a client
        sending faster than it is answered would grow that queue without
        bound (issue 11, the attacker re-test: +83 MB in 30 s)."""
        self.refused_in_a_row += 1
        if self.refused_in_a_row > settings.CODEX_WS_FLOOD:
            self.flooded = True  # the frames still queued are dropped unread
            await self.close(code=CLOSE_FLOODING)
            return
        await self.send(text_data=RATE_LIMITED)

    async def receive(self, text_data=None, bytes_data=None):
        """Check rate, size and shape of one client message, then dispatch it by type.

        Any frame of a seat, even one refused, is its sign of life, noted
        at most every CODEX_WS_SEEN_EVERY seconds and written with the next
        presence read (game.presence; issue 11, finding 5: acting without
        pinging counted for nothing).

        The rate comes first: a frame over the limit is refused unread (not
        decoded, not parsed), so its refusal carries no id (issue 11,
        finding 11)."""
        if not getattr(self, "admitted", False) or self.flooded or getattr(self, "ended", False):
            return  # a frame that came before the client saw its refusal, or after a flood or logout
        if self.seat is not None and time.monotonic() - self.seen_stamp >= settings.CODEX_WS_SEEN_EVERY:
            # Every frame of a seat is a sign of life, noted at most every few seconds.
            self.seen_stamp = time.monotonic()
            presence.saw(self.match_id, self.seat)
        if not self.bucket.take():
            await self.refuse_for_rate()
            return
        self.refused_in_a_row = 0
        if text_data is None:
            await self.reply("error", None, "bad_message", "Send JSON as text frames.")
            return
        if len(text_data) > settings.CODEX_WS_MAX_MESSAGE_BYTES or (
            len(text_data.encode("utf-8")) > settings.CODEX_WS_MAX_MESSAGE_BYTES
        ):
            await self.reply("refused", None, "too_large", "That message is too large.")
            return
        try:
            msg = read_message(text_data)
        except (ValueError, RecursionError):  # RecursionError: absurdly deep nesting
            await self.reply("error", None, "bad_json", "That message is not valid JSON.")
            return
        if not isinstance(msg, dict) or not _valid_id(msg.get("id")):
            await self.reply("error", None, "bad_message", "A message is a JSON object with a short id.")
            return
        msg_id = msg.get("id")
        handler = {
            "action": self.on_action,
            "resync": self.on_resync,
            "chat": self.on_chat,
            "ping": self.on_ping,
            "stand_in": self.on_stand_in,
            "hint": self.on_hint,
            "take_back": self.on_take_back,
        }.get(msg.get("type"))
        if handler is None:
            await self.reply("error", msg_id, "unknown_type", "Unknown message type.")
            return
        if msg["type"] != "ping" and await self.session_lapsed():
            return
        try:
            await handler(msg, msg_id)
        except MatchNotFound:
            await self.reply("error", msg_id, "match_gone", "This match no longer exists.")
        except Exception:  # a bug must not kill the connection nor leak details
            log.exception("match %s: failed to handle %r", self.match_id, msg.get("type"))
            await self.reply("error", msg_id, "internal_error", "The server could not handle that message.")

    async def on_action(self, msg: dict, msg_id) -> None:
        """Apply a seat's action; answer ``applied`` and broadcast, or ``refused``."""
        action, version, nonce = msg.get("action"), msg.get("version"), msg.get("nonce")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            await self.reply("error", msg_id, "bad_message", "An action is an object with a string type.")
            return
        if not isinstance(version, int) or isinstance(version, bool) or version < 0:
            await self.reply("error", msg_id, "bad_message", "An action carries the version it was made at.")
            return
        if not _valid_nonce(nonce):
            await self.reply("error", msg_id, "bad_message", f"A nonce is 1 to {MAX_NONCE_CHARS} printable characters.")
            return
        if self.seat is None:
            await self.reply("refused", msg_id, "spectator", "Spectators cannot act.")
            return
        try:
            done = await commits.apply(self.match_id, self.user.pk, action, version, nonce)
        except ActionRefused as refused:
            if self.resynced is not None and (refused.version or 0) > self.resynced[1].version:
                self.resynced = None  # the next resync reads the newer version
            await self.send_json(refused.as_message(msg_id))
            return
        answer = {"type": "applied", "id": msg_id, "version": done.version}
        if done.duplicate:
            answer["duplicate"] = True
        if done.snapshot is None:
            await self.send_json(answer)
            return
        await delivery.publish(self.match_id, done.snapshot, self, answer)
        if self.stand_ins:
            self.start_stand_ins()

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
        await self.send_state(last[1], force=True)

    async def over_account_rate(self, kind: str, msg_id, what: str) -> bool:
        """Count a frame of ``kind`` against the account's limit across all
        its sockets (game.accountrate). Returns False when it is within it;
        else answers ``refused`` ``account_rate_limited`` (saying ``what``
        was too many, with ``retry_after`` seconds) and returns True."""
        wait = await sync_to_async(accountrate.wait_before)(kind, self.user.pk)
        if not wait:
            return False
        await self.send_json(
            {
                "type": "refused",
                "id": msg_id,
                "code": "account_rate_limited",
                "reason": f"Your account sent too many {what} from its open pages: wait {wait} s.",
                "retry_after": wait,
            }
        )
        return True

    async def on_chat(self, msg: dict, msg_id) -> None:
        """Keep and broadcast a chat line, cleaned (game.chat.clean) and length-limited."""
        text = msg.get("text")
        text = chat.clean(text) if isinstance(text, str) else ""
        if not text or len(text) > settings.CODEX_CHAT_MAX_CHARS:
            await self.reply(
                "refused", msg_id, "bad_chat", f"Chat text is 1 to {settings.CODEX_CHAT_MAX_CHARS} characters."
            )
            return
        if await self.over_account_rate(accountrate.CHAT, msg_id, "chat lines"):
            return
        await database_sync_to_async(chat.record)(self.match_id, self.seat, self.user.public_name, text)
        await self.channel_layer.group_send(
            self.group,
            {
                "type": "match.chat",
                "from": self.user.public_name,
                "seat": self.seat,
                "text": text,
                "sender": self.channel_name,
                "id": msg_id,
            },
        )

    async def on_ping(self, msg: dict, msg_id) -> None:
        """Answer ``pong`` with the current version this connection has sent
        (or the newer one the last presence read found: the page then
        resyncs, healing a lost version) and every seat's presence, as this
        worker knows it (game.presence: no database query while it is fresh).

        A ping (like every frame of a seat: receive) is a sign of life; when
        presence is read again it is also the moment to give a bot to seats
        away too long (game.standins.expire_away_of)."""
        seats = presence.fresh(self.match_id)
        if seats is None:
            given, seats = await presence.read(self.match_id)
            if given:
                await self.broadcast_presence()
        self.stand_ins = {p["seat"] for p in seats if p["stand_in"] or p["bot"]}
        version = max(self.sent_version, presence.committed(self.match_id))
        await self.send_json({"type": "pong", "id": msg_id, "version": version, "presence": seats})
        if self.stand_ins:
            self.start_stand_ins()

    async def on_stand_in(self, msg: dict, msg_id) -> None:
        """A seated player lets a bot play an away player's seat (game.standins)."""
        seat = msg.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            await self.reply("error", msg_id, "bad_message", "Say which seat (a number) the bot should play.")
            return
        if self.seat is None:
            await self.reply("refused", msg_id, "spectator", "Spectators cannot decide for the table.")
            return
        try:
            await database_sync_to_async(standins.request_stand_in)(self.match_id, self.seat, seat)
        except ActionRefused as refused:
            await self.send_json(refused.as_message(msg_id))
            return
        await self.broadcast_presence(msg_id)

    async def broadcast_presence(self, msg_id=None, reclaimed: int | None = None) -> None:
        """Tell every connection which seats are away and which a bot plays;
        the sender's copy carries ``msg_id``; ``reclaimed`` is the seat whose
        player just took it back from a bot, if any."""
        seats = await database_sync_to_async(standins.presence)(self.match_id)
        presence.keep(self.match_id, seats)
        await self.channel_layer.group_send(
            self.group,
            {
                "type": "match.presence",
                "seats": seats,
                "sender": self.channel_name,
                "id": msg_id,
                "reclaimed": reclaimed,
            },
        )

    async def match_presence(self, event: dict) -> None:
        """Group event: presence changed; pass it on, and play any stand-in
        when this connection caused the change."""
        self.stand_ins = {p["seat"] for p in event["seats"] if p["stand_in"] or p["bot"]}
        presence.keep(self.match_id, event["seats"])
        mine = event["sender"] == self.channel_name
        await self.send_json(
            {
                "type": "presence",
                "id": event["id"] if mine else None,
                "seats": event["seats"],
                "reclaimed": event.get("reclaimed"),
            }
        )
        if mine and self.stand_ins:
            self.start_stand_ins()

    def start_stand_ins(self) -> None:
        """Wake the match's stand-in and table bots (game.tasks.wake_bots:
        background work, which plays them whether or not this connection
        stays), unless already waking them."""
        if self.stand_in_task is None or self.stand_in_task.done():
            self.stand_in_task = asyncio.create_task(self._wake_bots())

    async def _wake_bots(self) -> None:
        """Queue the match's bot run, off the event loop (the queue may be Redis)."""
        try:
            await sync_to_async(tasks.wake_bots, thread_sensitive=False)(self.match_id)
        except Exception:  # a fault of the queue must not kill the connection
            log.exception("match %s: waking the bots failed", self.match_id)

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

    async def match_chat(self, event: dict) -> None:
        """Group event: a chat line; the sender's copy carries its message id."""
        await self.send_json(
            {
                "type": "chat",
                "id": event["id"] if event["sender"] == self.channel_name else None,
                "from": event["from"],
                "seat": event["seat"],
                "text": event["text"],
            }
        )
