"""The table's talk on a match websocket, beside the moves: chat,
pings and presence (who is away), and the bots that stand in for players
away (game.presence, game.standins)."""

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings

from game import accountrate, chat, presence, standins, tasks
from game.admission import group_name
from game.services import ActionRefused

log = logging.getLogger(__name__)


async def announce_bot(match_id: int, seats: list, channel: str) -> None:
    """Tell match ``match_id``'s connections that a bot now plays a seat
    away too long (game.presence found it): a ``presence`` event whose
    sender is ``channel``, one of this worker's sockets of the match, which
    then plays the bot (MatchConsumer.match_presence)."""
    await get_channel_layer().group_send(
        group_name(match_id),
        {"type": "match.presence", "seats": seats, "sender": channel, "id": None, "reclaimed": None},
    )


class TableTalk:
    """Mixin of MatchConsumer: its chat, ping, presence and stand-in
    messages and group events. Uses the consumer's ``match_id``, ``seat``,
    ``user``, ``group``, ``channel_name``, ``stand_ins``,
    ``stand_in_task``, ``sent_version``, and its ``reply``, ``send_json``
    and ``over_account_rate``."""

    match_id: int
    seat: int | None
    user: Any
    group: str
    channel_name: str
    channel_layer: Any
    stand_ins: set
    stand_in_task: asyncio.Task | None
    sent_version: int
    reply: Callable[..., Awaitable[None]]
    send_json: Callable[[dict], Awaitable[None]]
    over_account_rate: Callable[..., Awaitable[bool]]

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
        """A seated player lets a bot play an away player's seat
        (game.standins; a spectator's was refused before: consumers.SEATS_ONLY)."""
        seat = msg.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            await self.reply("error", msg_id, "bad_message", "Say which seat (a number) the bot should play.")
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
