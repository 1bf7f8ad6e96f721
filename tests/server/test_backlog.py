"""A client that does not read cannot make the server hold unbounded data
for it (issue 11, finding 3; docs/PROTOCOL.md "Clients that do not read").

A connection holds back its states while its unsent data is above
CODEX_WS_SEND_PAUSE and then sends one full state of the newest version,
however many versions and resyncs came meanwhile; one whose unsent data
passes CODEX_WS_MAX_UNSENT is closed with 4408. The consumer tests stand a
non-reading client in front of the real ASGI app (its unsent data: the
frames the test has not read); the daphne test uses raw sockets that never
read.
"""

import asyncio
import base64
import json
import os
import socket
import time

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from codexsite.asgi import application
from codexsite.backlog import unsent_probe
from tests.server.conftest import ORIGIN, session_cookie
from tests.server.live import daphne
from tests.server.matchkit import active_seat, db_match, playable, recv, start_match

pytestmark = pytest.mark.django_db(transaction=True)


def _size(message: dict) -> int:
    return len(message.get("text") or message.get("bytes") or b"")


class NonReader:
    """A websocket through the real ASGI app whose client reads nothing
    until told to: what the server has sent and the client has not read
    stands for the server's unsent data (``scope["send_backlog"]``)."""

    def __init__(self, path: str, cookie: bytes):
        async def app(scope, receive, send):
            return await application(dict(scope, send_backlog=self.unsent), receive, send)

        self.comm = WebsocketCommunicator(app, path, headers=[(b"host", b"localhost"), ORIGIN, (b"cookie", cookie)])

    def pending(self) -> list:
        """The frames sent and not read yet, oldest first."""
        return list(self.comm.output_queue._queue)

    def unsent(self) -> int:
        return sum(_size(m) for m in self.pending())


@pytest.fixture
async def non_reader(make_user, layer, settings, close_db_thread):
    """alice's match with bob; ``open()`` gives a NonReader of alice's seat
    past its handshake (its first state left unread) and bob's ordinary
    connection, past its first state."""
    settings.CODEX_WS_SEND_PAUSE = 1024  # less than one state
    settings.CODEX_WS_DRAIN_POLL = 0.02
    settings.CODEX_WS_BURST = 200
    alice, bob = [await sync_to_async(make_user)(n) for n in ("alice", "bob")]
    match = await start_match([alice, bob])
    opened = []

    async def open_pair():
        slow = NonReader(f"/ws/match/{match.pk}/", await sync_to_async(session_cookie)(alice))
        connected, _ = await slow.comm.connect(timeout=5)
        assert connected
        fast = NonReader(f"/ws/match/{match.pk}/", await sync_to_async(session_cookie)(bob))
        assert (await fast.comm.connect(timeout=5))[0]
        assert (await recv(fast.comm))["type"] == "state"
        opened.extend([slow, fast])
        return slow, fast

    yield match, open_pair
    for reader in opened:
        await reader.comm.disconnect()


async def settle(reader: NonReader, seconds=0.3):
    """Wait until ``reader``'s pending frames stop changing."""
    before = -1
    while len(reader.pending()) != before:
        before = len(reader.pending())
        await asyncio.sleep(seconds)


async def test_a_client_that_does_not_read_is_owed_one_state(non_reader):
    """30 resyncs and 4 new versions while alice reads nothing: no state
    beyond the first piles up for her; once she reads, one full state of
    the newest version comes, then nothing more."""
    match, open_pair = non_reader
    slow, fast = await open_pair()
    await settle(slow)
    first = slow.unsent()
    for i in range(30):
        await slow.comm.send_json_to({"type": "resync", "id": i})
    for _ in range(4):  # the players' actions broadcast new versions
        state = (await db_match(match.pk)).state
        seat = active_seat(state)
        hire = next(a for a in playable(state, seat) if a["type"] != "end_main")
        conn = slow.comm if seat == 0 else fast.comm
        await conn.send_json_to({"type": "action", "version": (await db_match(match.pk)).version, "action": hire})
        await asyncio.sleep(0.1)
    await settle(slow)
    held = slow.pending()
    states = [m for m in held if m["type"] == "websocket.send" and json.loads(m["text"])["type"] in ("state", "patch")]
    assert len(states) == 1  # the first state, still unread
    assert slow.unsent() < first + 2048  # the answers to the actions, no more
    version = (await db_match(match.pk)).version
    assert version >= 2

    got = [await recv(slow.comm) for _ in held]  # alice reads at last
    assert [m["type"] for m in got].count("state") == 1
    owed = await recv(slow.comm)
    assert owed["type"] == "state" and owed["version"] == version and owed["view"] and owed["legal_actions"] is not None
    assert await slow.comm.receive_nothing(timeout=0.3)


async def test_a_client_that_does_not_read_is_closed_4408(non_reader, settings):
    """Small answers still go to a client that does not read (every
    message is answered); once its unsent data passes CODEX_WS_MAX_UNSENT
    it is closed with 4408, and nothing more is sent."""
    settings.CODEX_WS_MAX_UNSENT = 24 * 1024
    match, open_pair = non_reader
    slow, _ = await open_pair()
    for i in range(150):
        await slow.comm.send_json_to({"type": "ping", "id": i})
    await settle(slow)
    held = slow.pending()
    assert held[-1] == {"type": "websocket.close", "code": 4408}
    assert sum(_size(m) for m in held) <= settings.CODEX_WS_MAX_UNSENT + 1024
    assert sum(m["type"] == "websocket.send" for m in held) < 150


def test_the_probe_reads_daphnes_transport_or_nothing():
    """daphne's send is ``partial(Server.handle_reply, protocol)``; the
    probe counts the bytes its Twisted transport holds unsent. Any other
    send: no probe (the states are then never held back)."""
    import functools

    class Transport:
        dataBuffer, offset, _tempDataLen = b"x" * 100, 40, 25

    class Protocol:
        transport = Transport()

    probe = unsent_probe(functools.partial(lambda protocol, message: None, Protocol()))
    assert probe() == 85
    Protocol.transport = None
    assert probe() == 0
    assert unsent_probe(asyncio.Queue().put) is None


def _raw_socket(port: int, path: str, cookie: str) -> socket.socket:
    """A websocket handshake on a plain socket with a tiny receive buffer;
    after the handshake's answer the socket reads nothing."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(10)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            f"Origin: http://127.0.0.1:{port}\r\nCookie: {cookie}\r\n\r\n"
        ).encode()
    )
    answer = b""
    while not answer.endswith(b"\r\n\r\n"):
        answer += sock.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return sock


def _frame(message: dict) -> bytes:
    """A masked websocket text frame (a client's) holding ``message``."""
    payload = json.dumps(message).encode()
    mask = os.urandom(4)
    size = len(payload)
    head = bytes([0x81, 0x80 | size]) if size < 126 else bytes([0x81, 0x80 | 126]) + size.to_bytes(2, "big")
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def _frames(data: bytes) -> list:
    """The (opcode, payload) of the server's frames in ``data`` (unmasked)."""
    out, at = [], 0
    while at + 2 <= len(data):
        opcode, size = data[at] & 0x0F, data[at + 1] & 0x7F
        at += 2
        if size == 126:
            size, at = int.from_bytes(data[at : at + 2], "big"), at + 2
        elif size == 127:
            size, at = int.from_bytes(data[at : at + 8], "big"), at + 8
        out.append((opcode, data[at : at + size]))
        at += size
    return out


def _read_all(sock: socket.socket) -> bytes:
    """Everything the server sent, until it closes or goes quiet."""
    sock.settimeout(3)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except (TimeoutError, ConnectionResetError):
        pass
    return data


def _play_on(match_id: int, users, actions: int) -> None:
    """Apply ``actions`` random legal actions (no concession) to the match."""
    import random

    from game.services import apply_match_action
    from tests.server.matchkit import row_now

    rng = random.Random(5)
    for _ in range(actions):
        match = row_now(match_id)
        seat = active_seat(match.state)
        apply_match_action(match_id, users[seat].pk, rng.choice(playable(match.state, seat)), match.version)


SOCKETS = 4
RATE = 100  # resyncs a second per socket (the daphne is given that rate limit)


async def test_daphne_holds_little_for_sockets_that_never_read(make_user, close_db_thread):
    """The hostile test of issue 11 on the real server: one user's sockets
    that never read, each sending resync inside the rate limit (raised here,
    so the kernel's socket buffers, a few MB a socket, fill in seconds and
    daphne's own would grow next). daphne's memory stays put; read at last,
    each socket ends with the newest state."""
    alice, bob = [await sync_to_async(make_user)(n) for n in ("alice", "bob")]
    match = await start_match([alice, bob])
    await sync_to_async(_play_on)(match.pk, (alice, bob), 60)  # a board with things on it: states of ~10 KB
    cookie = (await sync_to_async(session_cookie)(alice)).decode()
    server = await asyncio.to_thread(daphne, CODEX_WS_RATE=str(RATE), CODEX_WS_BURST=str(RATE))
    try:
        socks = [
            await asyncio.to_thread(_raw_socket, server.port, f"/ws/match/{match.pk}/", cookie) for _ in range(SOCKETS)
        ]
        await asyncio.sleep(1)
        before = server.rss_kb() / 1024
        resync = _frame({"type": "resync"})
        start = time.monotonic()
        while time.monotonic() - start < 8:
            for sock in socks:
                sock.sendall(resync)
            await asyncio.sleep(1 / RATE)
        await asyncio.sleep(1)
        grown = server.rss_kb() / 1024 - before
        last = []
        for sock in socks:
            frames = _frames(await asyncio.to_thread(_read_all, sock))
            states = [json.loads(p) for op, p in frames if op == 1 and json.loads(p)["type"] == "state"]
            last.append(states[-1]["version"])
            sock.close()
        assert grown < 5, f"daphne grew {grown:.1f} MB"
        assert last == [(await db_match(match.pk)).version] * SOCKETS
    finally:
        await asyncio.to_thread(server.stop)
