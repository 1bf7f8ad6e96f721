"""The live match websocket (``/ws/match/<id>/``); protocol in docs/PROTOCOL.md.

Each connection knows its viewer (a seat, or None for a spectator) and renders
its own view for every version it sends: the group broadcast carries the
secret state inside the server, never to a client.

This module holds the connection's life (connect, the frames' checks and
dispatch, an action, disconnect); its other parts are mixins of their own
modules: the sending of versions and resyncs (game.versionsending), chat,
pings and presence (game.tabletalk), the session checks
(game.socketsessions); who may connect is game.admission, a frame's checks
game.clientframes, the close codes game.closecodes.
"""

import asyncio
import logging
import time
from urllib.parse import parse_qs

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from game import accountrate, chat, commits, delivery, livesockets, presence, socketsessions, standins
from game.admission import TooManySockets, admit, group_name
from game.assistsocket import AssistMessages
from game.clientframes import MAX_NONCE_CHARS, RATE_LIMITED, TokenBucket, read_message, valid_id, valid_nonce
from game.closecodes import CLOSE_FLOODING, CLOSE_FORBIDDEN, CLOSE_NOT_FOUND, CLOSE_TOO_MANY, CLOSE_UNAUTHENTICATED
from game.dispatch import DirectDispatch
from game.services import AccessDenied, ActionRefused
from game.signals import account_group, session_group
from game.socketsessions import SessionChecks, SessionLapsed
from game.statereads import MatchNotFound
from game.tabletalk import TableTalk, announce_bot
from game.versionsending import VersionSending

log = logging.getLogger(__name__)

# The message types only a seat may send, with the refusal a spectator gets
# for each: given before anything else of the message is checked, so a
# spectator is never asked for a field of what it may not send at all.
SEATS_ONLY = {
    "action": "Spectators cannot act.",
    "stand_in": "Spectators cannot decide for the table.",
    "hint": "Only a player can ask for a hint.",
    "take_back": "Only a player can take an action back.",
}


class MatchConsumer(AssistMessages, VersionSending, TableTalk, SessionChecks, DirectDispatch, AsyncWebsocketConsumer):
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
        self.wire = self.scope.get("send_frame")  # codexsite/framewire.py, None when not under daphne
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
        presence.watch(announce_bot, socketsessions.recheck_sessions)
        if access.seat is not None:
            presence.changed(self.match_id)  # a live socket of a seat now
        self.admitted = True
        self.groups.append(self.group)
        self.groups.append(account_group(user.pk))
        await self.channel_layer.group_add(account_group(user.pk), self.channel_name)
        self.session_key = getattr(self.scope.get("session"), "session_key", None)
        self.session_checked = time.monotonic()  # the middleware has just judged it
        socketsessions.admitted[self.channel_name] = self
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
                socketsessions.admitted.pop(self.channel_name, None)

    async def refuse(self, code: int) -> None:
        """Refuse the connection with a 44xx close code the page can act on.

        The handshake is accepted first: a websocket closed before it is
        accepted reaches the browser as a bare HTTP 403 (close code 1006),
        and the page would retry forever. Nothing is sent before the close.
        """
        await self.accept()
        await self.close(code=code)

    async def websocket_disconnect(self, message):
        """The client is gone: send nothing more, then the usual disconnect."""
        self.gone = True
        await super().websocket_disconnect(message)

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
        if not isinstance(msg, dict) or not valid_id(msg.get("id")):
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
        seats_only = SEATS_ONLY.get(msg["type"]) if self.seat is None else None
        if (seats_only or msg["type"] not in ("ping", "action")) and await self.session_lapsed():
            return  # a seat's action has its check ride along with it (on_action)
        if seats_only:  # before any field of the message is asked for (tester's F6)
            await self.reply("refused", msg_id, "spectator", seats_only)
            return
        try:
            await handler(msg, msg_id)
        except MatchNotFound:
            await self.reply("error", msg_id, "match_gone", "This match no longer exists.")
        except Exception:  # a bug must not kill the connection nor leak details
            log.exception("match %s: failed to handle %r", self.match_id, msg.get("type"))
            await self.reply("error", msg_id, "internal_error", "The server could not handle that message.")

    async def on_action(self, msg: dict, msg_id) -> None:
        """Apply a seat's action; answer ``applied`` and broadcast, or
        ``refused``. A session check due (session_check_due) goes to the
        database with the action (game.commits); a lapsed session closes
        the connection (end_session), the action not applied."""
        problem = self.action_problem(msg)
        if problem is not None:
            if not await self.session_lapsed():
                await self.reply(problem[0], msg_id, *problem[1:])
            return
        session = self.session_key if self.session_key and self.session_check_due() else None
        if session is None and await self.session_lapsed():  # due without a session key: refused
            return
        try:
            done = await commits.apply(
                self.match_id, self.user.pk, msg["action"], msg["version"], msg.get("nonce"), session
            )
        except SessionLapsed:
            await self.end_session()
            return
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

    def action_problem(self, msg: dict) -> tuple | None:
        """What is wrong with the ``action`` frame ``msg`` before it reaches
        the rules: ``(reply type, code, text)``, or None when it may be
        tried (well formed; a spectator's was refused before: SEATS_ONLY)."""
        action, version = msg.get("action"), msg.get("version")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            return "error", "bad_message", "An action is an object with a string type."
        if not isinstance(version, int) or isinstance(version, bool) or version < 0:
            return "error", "bad_message", "An action carries the version it was made at."
        if not valid_nonce(msg.get("nonce")):
            return "error", "bad_message", f"A nonce is 1 to {MAX_NONCE_CHARS} printable characters."
        return None

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
