"""The benchmark echo room (game/echo.py): routed only when CODEX_BENCH_ECHO
is on; a frame goes through the channel-layer group to every member of its
room, the sender included, and to no other room; strangers are refused."""

import pytest
from asgiref.sync import sync_to_async
from channels.auth import AuthMiddlewareStack
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from codexsite.routing import websocket_routes, websocket_urlpatterns
from tests.server.conftest import ORIGIN, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_echo_room_is_not_routed_unless_asked_for():
    # The last pattern ("") closes every other path 4404 (codexsite.routing.NoRouteConsumer).
    assert [str(r.pattern) for r in websocket_urlpatterns] == ["ws/match/<int:match_id>/", ""]
    assert [str(r.pattern) for r in websocket_routes(False)] == ["ws/match/<int:match_id>/", ""]
    assert "ws/echo/<int:room>/" in [str(r.pattern) for r in websocket_routes(True)]


async def _open(app, path, user=None):
    headers = [(b"host", b"localhost"), ORIGIN]
    if user is not None:
        headers.append((b"cookie", await sync_to_async(session_cookie)(user)))
    comm = WebsocketCommunicator(app, path, headers=headers)
    connected, code = await comm.connect(timeout=5)
    return comm, connected, code


async def test_a_frame_reaches_every_member_of_its_room_and_no_other(make_user, close_db_thread, layer):
    app = AuthMiddlewareStack(URLRouter(websocket_routes(True)))
    ann, ben, cat = [await sync_to_async(make_user)(n) for n in ("ann", "ben", "cat")]
    comms = []
    try:
        for user, room in ((ann, 3), (ben, 3), (cat, 4)):
            comm, connected, _ = await _open(app, f"/ws/echo/{room}/", user)
            assert connected
            comms.append(comm)
        sender, member, other = comms
        await sender.send_to(text_data='{"k": 1, "pad": "xxxx"}')
        assert await sender.receive_from(timeout=5) == '{"k": 1, "pad": "xxxx"}'
        assert await member.receive_from(timeout=5) == '{"k": 1, "pad": "xxxx"}'
        assert await other.receive_nothing(timeout=0.3)
        await sender.send_to(bytes_data=b"\x00\x01")  # binary frames are not echoed
        assert await member.receive_nothing(timeout=0.3)
    finally:
        for comm in comms:
            await comm.disconnect()


async def test_a_stranger_is_refused_with_4401(close_db_thread):
    app = AuthMiddlewareStack(URLRouter(websocket_routes(True)))
    comm, connected, _ = await _open(app, "/ws/echo/1/")
    assert connected  # accepted only to carry the close code
    assert await comm.receive_output(timeout=5) == {"type": "websocket.close", "code": 4401}
    await comm.disconnect()
