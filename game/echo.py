"""The benchmark floor: an echo websocket that goes through the same server
stack as a match update (origin checks, session auth, the channel layer's
group send) but does no database work and no rules work.

Routed only when ``CODEX_BENCH_ECHO`` is on (codexsite/routing.py); the load
generator (benchmarks/load.py) compares each action's latency with it
(docs/BENCHMARKS.md).
"""

from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from game.closecodes import CLOSE_UNAUTHENTICATED
from game.dispatch import DirectDispatch


def echo_group(room: int) -> str:
    """The channel-layer group of one echo room."""
    return f"echo.{room}"


class EchoConsumer(DirectDispatch, AsyncWebsocketConsumer):
    """One connection to an echo room (``/ws/echo/<room>/``).

    Logged-in users only (else close 4401, like a match). Every text frame a
    member sends (at most ``CODEX_WS_MAX_MESSAGE_BYTES``; longer ones are
    dropped) goes through the room's group to every member, the sender
    included, unchanged. Binary frames are ignored.
    """

    async def connect(self):
        """Accept a logged-in user and join the room's group."""
        if not self.scope["user"].is_authenticated:
            await self.accept()
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        self.group = echo_group(self.scope["url_route"]["kwargs"]["room"])
        await self.channel_layer.group_add(self.group, self.channel_name)
        self.groups.append(self.group)
        await self.accept()

    async def receive(self, text_data=None, bytes_data=None):
        """Send a text frame to every member of the room, unchanged."""
        if text_data is None or len(text_data) > settings.CODEX_WS_MAX_MESSAGE_BYTES:
            return
        await self.channel_layer.group_send(self.group, {"type": "echo.message", "text": text_data})

    async def echo_message(self, event: dict) -> None:
        """Group event: one member's frame; pass it on to this client."""
        await self.send(text_data=event["text"])
