"""A websocket message larger than daphne takes (tester, F8; docs/PROTOCOL.md
"Close codes"): every server command runs daphne with
``--websocket-max-message-size 65536 --websocket-max-frame-size 65536``,
and autobahn, under daphne, fails such a connection by dropping it
(daphne leaves autobahn's ``failByDrop`` on, and offers no setting for
it): no close frame, no 1009. A client sees the connection end abnormally,
1006, as the protocol documents."""

import json

import pytest
import websockets
from asgiref.sync import sync_to_async

from tests.server.live import daphne, open_match
from tests.server.matchkit import start_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.timeout(120)
async def test_a_message_over_64_kib_ends_the_connection_1006_without_a_close_frame(make_user, close_db_thread):
    users = [await sync_to_async(make_user)(n) for n in ("ann", "ben")]
    match = await start_match(users)
    worker = daphne()
    try:
        sock = await open_match(worker.url, match.pk, users[0])
        assert json.loads(await sock.recv())["type"] == "state"
        await sock.send(json.dumps({"type": "chat", "id": 1, "text": "x" * 70_000}))
        with pytest.raises(websockets.ConnectionClosedError) as closed:
            while True:
                await sock.recv()
        assert closed.value.rcvd is None  # the server sent no close frame
        assert sock.close_code == 1006
        # a frame of 64 KiB or less is read: refused too_large, the connection stays
        again = await open_match(worker.url, match.pk, users[0])
        assert json.loads(await again.recv())["type"] == "state"
        await again.send(json.dumps({"type": "chat", "id": 2, "text": "x" * 60_000}))
        reply = json.loads(await again.recv())
        assert reply["type"] == "refused" and reply["code"] == "too_large"
        await again.close()
    finally:
        worker.stop()
