"""Websocket URL routes."""
from django.conf import settings
from django.urls import path

from game.consumers import MatchConsumer
from game.echo import EchoConsumer


def websocket_routes(bench_echo: bool) -> list:
    """The websocket URL patterns: the live match, plus the benchmark echo
    room (``/ws/echo/<room>/``) when ``bench_echo`` is true (setting
    ``CODEX_BENCH_ECHO``, off by default: never routed in production)."""
    routes = [path("ws/match/<int:match_id>/", MatchConsumer.as_asgi())]
    if bench_echo:
        routes.append(path("ws/echo/<int:room>/", EchoConsumer.as_asgi()))
    return routes


websocket_urlpatterns = websocket_routes(settings.CODEX_BENCH_ECHO)
