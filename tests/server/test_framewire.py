"""Text frames written straight to a daphne websocket's socket
(codexsite/framewire.py; issue 29, the cost of one more spectator): valid
RFC 6455 frames, their bytes made once per text, written at once when
Twisted holds nothing unsent (no wait for the socket to be writable), after
what it holds otherwise, and never on a connection not open or compressed."""

import functools
import socket

import pytest
from twisted.internet.tcp import Connection
from websockets.frames import Frame, Opcode
from websockets.streams import StreamReader

from codexsite import framewire


def _parse(data: bytes) -> list:
    """The frames in ``data``, as a client reads them (unmasked: a server's)."""
    reader = StreamReader()
    reader.feed_data(data)
    reader.feed_eof()
    frames = []
    while reader.buffer:
        parser = Frame.parse(reader.read_exact, mask=False)
        try:
            next(parser)
        except StopIteration as done:
            frames.append(done.value)
        else:
            raise AssertionError("an incomplete frame")
    return frames


def test_frames_carry_the_text_whatever_its_length():
    """The three forms of the length (7 bits, 16, 64) parse back to the text."""
    for size in (0, 125, 126, 65535, 65536, 70000):
        text = "é" * (size // 2) + "x" * (size % 2)
        (frame,) = _parse(framewire.frame_bytes(text.encode()))
        assert (frame.opcode, frame.fin, frame.data.decode()) == (Opcode.TEXT, True, text)


def test_one_text_is_framed_once():
    """Every connection sending the same text object sends the same bytes."""
    text = '{"type":"patch","version":3}'
    assert framewire.wire(text) is framewire.wire(text)
    assert framewire.wire(text) == framewire.frame_bytes(text.encode())


class _Reactor:
    """A stand-in reactor that counts the requests to wait until a socket is writable."""

    def __init__(self):
        self.writers = 0

    def addWriter(self, _fd):  # noqa: N802 (Twisted's name)
        self.writers += 1

    def removeWriter(self, _fd):  # noqa: N802
        pass

    def addReader(self, _fd):  # noqa: N802
        pass

    def removeReader(self, _fd):  # noqa: N802
        pass


class _Protocol:
    """What the writer reads of daphne's autobahn protocol."""

    STATE_OPEN, SEND_STATE_GROUND = 1, 0

    def __init__(self, transport):
        self.transport = transport
        self.state = self.STATE_OPEN
        self.send_state = self.SEND_STATE_GROUND
        self.send_queue = []
        self._perMessageCompress = None

    def sendMessage(self, payload, isBinary=False):  # noqa: N802, N803
        raise AssertionError("the writer sends without autobahn")


def _pair():
    """(a writer on a real Twisted TCP connection, its protocol, its reactor, the client's socket)."""
    server, client = socket.socketpair()
    server.setblocking(False)
    client.settimeout(5)
    reactor = _Reactor()
    transport = Connection(server, None, reactor)
    transport.connected = True  # as tcp.Server is once accepted
    protocol = _Protocol(transport)
    write = framewire.frame_writer(functools.partial(lambda _protocol, _message: None, protocol))
    return write, protocol, reactor, client


def _read(client: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        data += client.recv(size - len(data))
    return data


def test_a_frame_goes_out_at_once_when_nothing_waits():
    write, _protocol, reactor, client = _pair()
    assert write("first") and write("second")
    frames = _parse(_read(client, 2 * 2 + len("firstsecond")))
    assert [f.data for f in frames] == [b"first", b"second"]
    assert reactor.writers == 0  # no round through the event loop's writability


def test_a_frame_waits_behind_what_twisted_holds():
    write, protocol, _reactor, client = _pair()
    protocol.transport.write(b"\x81\x04held")  # a frame sent the usual way, not written yet
    assert write("after")
    client.setblocking(False)
    with pytest.raises(BlockingIOError):  # both wait for the socket to be writable
        client.recv(100)
    client.setblocking(True)
    protocol.transport.doWrite()
    frames = _parse(_read(client, 6 + 7))
    assert [f.data for f in frames] == [b"held", b"after"]


def test_no_frame_on_a_connection_not_open_or_compressed():
    """Then the consumer sends the usual way (through ASGI), or not at all."""
    write, protocol, _reactor, client = _pair()
    protocol.state = 3
    assert not write("closing")
    protocol.state = protocol.STATE_OPEN
    protocol._perMessageCompress = object()
    assert not write("compressed")
    protocol._perMessageCompress = None
    protocol.transport.disconnecting = True
    assert not write("closing")
    client.setblocking(False)
    with pytest.raises(BlockingIOError):  # nothing was written
        client.recv(100)


def test_no_writer_without_daphne():
    assert framewire.frame_writer(lambda message: None) is None


def test_a_protocol_of_another_version_takes_the_usual_path():
    """An autobahn without the fields the writer reads (another release than
    the pinned one) sends the usual way, not a crash on every frame."""
    write, protocol, _reactor, client = _pair()
    del protocol._perMessageCompress
    assert not write("usual")
    client.setblocking(False)
    with pytest.raises(BlockingIOError):  # nothing was written
        client.recv(100)
