"""The live match websocket (``/ws/match/<id>/``); protocol in docs/PROTOCOL.md.

Each connection knows its viewer (a seat, or None for a spectator) and renders
its own view for every version it sends: the group broadcast carries the
secret state inside the server, never to a client.
"""
import json
import logging
import time
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from game.services import (
    AccessDenied,
    ActionRefused,
    MatchNotFound,
    Snapshot,
    apply_match_action,
    load_access,
    load_snapshot,
    render_for,
)

log = logging.getLogger(__name__)

# Close codes (application range 4000-4999).
CLOSE_UNAUTHENTICATED = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404

MAX_ID_CHARS = 64


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


def _valid_id(value) -> bool:
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return True
    return isinstance(value, str) and len(value) <= MAX_ID_CHARS


def _clean_chat(text: str) -> str:
    """Return ``text`` without control or other unprintable characters, trimmed."""
    return "".join(ch for ch in text if ch.isprintable()).strip()


class MatchConsumer(AsyncWebsocketConsumer):
    """One player's or spectator's live connection to one match.

    Connect: logged-in users only (else close 4401); seated players and allowed
    spectators (``?invite=<token>`` for private tables), else close 4403; an
    unknown match closes 4404. On accept the client gets a full ``state``.
    Every client message gets an answer; bad input changes nothing.
    """

    async def connect(self):
        """Authenticate, find the viewer's seat, join the match group, send a snapshot."""
        user = self.scope["user"]
        if not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        self.user = user
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        self.group = group_name(self.match_id)
        self.sent_version = -1
        self.bucket = TokenBucket(settings.CODEX_WS_RATE, settings.CODEX_WS_BURST)
        invite = parse_qs(self.scope.get("query_string", b"").decode("latin-1")).get("invite", [None])[0]
        # Join the group before reading the state, so no version slips between.
        await self.channel_layer.group_add(self.group, self.channel_name)
        try:
            access = await database_sync_to_async(load_access)(self.match_id, user.pk, invite)
        except (MatchNotFound, AccessDenied) as exc:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self.close(code=CLOSE_NOT_FOUND if isinstance(exc, MatchNotFound) else CLOSE_FORBIDDEN)
            return
        self.groups.append(self.group)
        self.seat = access.seat
        await self.accept()
        await self.send_state(access.snapshot)

    async def send_json(self, content: dict) -> None:
        """Send one JSON message to this client."""
        await self.send(text_data=json.dumps(content, separators=(",", ":")))

    async def send_state(self, snapshot: Snapshot, force: bool = False) -> None:
        """Send this viewer's own view of ``snapshot``.

        Skips versions not newer than the last one sent, unless ``force``
        (an explicit resync always gets an answer).
        """
        if snapshot.version <= self.sent_version and not force:
            return
        self.sent_version = max(self.sent_version, snapshot.version)
        await self.send_json(render_for(snapshot, self.seat))

    async def reply(self, kind: str, msg_id, code: str, reason: str) -> None:
        """Send a ``refused`` or ``error`` answer with a stable code and a sentence."""
        await self.send_json({"type": kind, "id": msg_id, "code": code, "reason": reason})

    async def receive(self, text_data=None, bytes_data=None):
        """Check size, rate and shape of one client message, then dispatch it by type."""
        limited = not self.bucket.take()
        if text_data is None:
            await self.reply("error", None, "bad_message", "Send JSON as text frames.")
            return
        if len(text_data) > settings.CODEX_WS_MAX_MESSAGE_BYTES or (
            len(text_data.encode("utf-8")) > settings.CODEX_WS_MAX_MESSAGE_BYTES
        ):
            await self.reply("refused", None, "too_large", "That message is too large.")
            return
        try:
            msg = json.loads(text_data)
        except ValueError:
            await self.reply("error", None, "bad_json", "That message is not valid JSON.")
            return
        if not isinstance(msg, dict) or not _valid_id(msg.get("id")):
            await self.reply("error", None, "bad_message", "A message is a JSON object with a short id.")
            return
        msg_id = msg.get("id")
        if limited:
            await self.reply("refused", msg_id, "rate_limited", "Too many messages: slow down.")
            return
        handler = {
            "action": self.on_action,
            "resync": self.on_resync,
            "chat": self.on_chat,
            "ping": self.on_ping,
        }.get(msg.get("type"))
        if handler is None:
            await self.reply("error", msg_id, "unknown_type", "Unknown message type.")
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
        action, version = msg.get("action"), msg.get("version")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            await self.reply("error", msg_id, "bad_message", "An action is an object with a string type.")
            return
        if not isinstance(version, int) or isinstance(version, bool):
            await self.reply("error", msg_id, "bad_message", "An action carries the version it was made at.")
            return
        if self.seat is None:
            await self.reply("refused", msg_id, "spectator", "Spectators cannot act.")
            return
        try:
            snapshot = await database_sync_to_async(apply_match_action)(self.match_id, self.user.pk, action, version)
        except ActionRefused as refused:
            await self.reply("refused", msg_id, refused.code, refused.reason)
            return
        await self.send_json({"type": "applied", "id": msg_id, "version": snapshot.version})
        # Committed: now tell every connection (this one included) about the version.
        await self.channel_layer.group_send(
            self.group,
            {
                "type": "match.version",
                "version": snapshot.version,
                "state": snapshot.state,
                "status": snapshot.status,
                "result": snapshot.result,
            },
        )

    async def on_resync(self, msg: dict, msg_id) -> None:
        """Send a full ``state`` from the database, whatever was sent before."""
        await self.send_state(await database_sync_to_async(load_snapshot)(self.match_id), force=True)

    async def on_chat(self, msg: dict, msg_id) -> None:
        """Broadcast a chat line (length-limited, control characters dropped)."""
        text = msg.get("text")
        text = _clean_chat(text) if isinstance(text, str) else ""
        if not text or len(text) > settings.CODEX_CHAT_MAX_CHARS:
            await self.reply(
                "refused", msg_id, "bad_chat", f"Chat text is 1 to {settings.CODEX_CHAT_MAX_CHARS} characters."
            )
            return
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
        """Answer ``pong`` with the current version this connection has sent."""
        await self.send_json({"type": "pong", "id": msg_id, "version": self.sent_version})

    async def match_version(self, event: dict) -> None:
        """Group event: a new version was committed; send this viewer's view of it."""
        await self.send_state(Snapshot(event["version"], event["state"], event["status"], event["result"]))

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
