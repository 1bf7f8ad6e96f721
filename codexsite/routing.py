"""Websocket URL routes."""

from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.urls import path, re_path

from game.closecodes import CLOSE_NOT_FOUND
from game.consumers import MatchConsumer
from game.echo import EchoConsumer


class NoRouteConsumer(AsyncWebsocketConsumer):
    """A websocket to a path no route serves (``/ws/match/abc/``): accepted,
    then closed CLOSE_NOT_FOUND (4404: do not retry, docs/PROTOCOL.md), as
    an unknown match is. Without it channels' router raised and the
    handshake got an HTTP 500. Accepting first gives the page the close code
    (a refusal before accepting reaches a browser as a bare 403)."""

    async def connect(self) -> None:
        """Accept and close at once; nothing is sent."""
        await self.accept()
        await self.close(code=CLOSE_NOT_FOUND)


def websocket_routes(bench_echo: bool) -> list:
    """The websocket URL patterns: the live match, plus the benchmark echo
    room (``/ws/echo/<room>/``) when ``bench_echo`` is true (setting
    ``CODEX_BENCH_ECHO``, off by default: never routed in production); any
    other path closes 4404 (NoRouteConsumer)."""
    routes = [path("ws/match/<int:match_id>/", MatchConsumer.as_asgi())]
    if bench_echo:
        routes.append(path("ws/echo/<int:room>/", EchoConsumer.as_asgi()))
    routes.append(re_path(r"", NoRouteConsumer.as_asgi()))
    return routes


websocket_urlpatterns = websocket_routes(settings.CODEX_BENCH_ECHO)
