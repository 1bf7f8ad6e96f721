"""A text frame written straight to a daphne websocket's socket, its bytes
made once for every connection that sends the same text.

Under daphne a frame sent through ASGI goes through Channels' send, the
session middleware's, daphne's ``handle_reply``, an encoding to UTF-8 and
autobahn's framing, per connection; Twisted then buffers it and asks the
event loop to wait until the socket is writable (two ``epoll_ctl`` calls and
a callback per frame). A profile of a move with ten spectators per match
(issue 29, docs/BENCHMARKS.md) found that per-connection work to be most of
what one more spectator costs: the frame each one gets is the same text.

:func:`frame_writer` gives a connection a function that sends a text frame
by writing its prepared bytes (:func:`wire`: RFC 6455 header and UTF-8
payload, made once per text) at once when nothing is waiting in Twisted's
buffer, and appends them to that buffer otherwise (so frames keep their
order with those sent the usual way). It finds daphne's protocol as
codexsite.backlog does; anything unusual (not daphne, TLS in daphne itself,
compression agreed, the socket closing) leaves the usual path.
"""

import functools
import struct
from collections import OrderedDict

from twisted.internet.tcp import Connection  # imports no reactor: daphne installs its own

WIRES_KEPT = 64  # the texts whose frame bytes are kept (a version's frames, for its connections)
_OPCODE_TEXT_FINAL = 0x81  # FIN bit and the text opcode

_wires = OrderedDict()  # id(text) -> (text, frame bytes): the newest WIRES_KEPT texts


def frame_bytes(payload: bytes) -> bytes:
    """A whole unmasked text frame (what a server sends) carrying ``payload``
    (UTF-8), its length in the shortest form RFC 6455 section 5.2 allows."""
    size = len(payload)
    if size < 126:
        header = struct.pack("!BB", _OPCODE_TEXT_FINAL, size)
    elif size < 1 << 16:
        header = struct.pack("!BBH", _OPCODE_TEXT_FINAL, 126, size)
    else:
        header = struct.pack("!BBQ", _OPCODE_TEXT_FINAL, 127, size)
    return header + payload


def wire(text: str) -> bytes:
    """The frame bytes of ``text``, made once while it is among the last
    WIRES_KEPT texts asked for (the same text object: a version's frame,
    which all its spectators send)."""
    kept = _wires.get(id(text))
    if kept is not None and kept[0] is text:
        return kept[1]
    frame = frame_bytes(text.encode("utf-8"))
    _wires[id(text)] = (text, frame)
    if len(_wires) > WIRES_KEPT:
        _wires.popitem(last=False)
    return frame


def frame_writer(send):
    """For the raw ASGI ``send`` of a websocket: a function ``write(text)``
    that sends ``text`` as one text frame and returns True, or returns False
    when it cannot (the connection is not open, or not in a state this
    knows: then send it the usual way, through ASGI). None when ``send`` is
    not daphne's (a test's communicator)."""
    if not isinstance(send, functools.partial) or not send.args or not hasattr(send.args[0], "sendMessage"):
        return None
    protocol = send.args[0]

    def write(text: str) -> bool:
        transport = getattr(protocol, "transport", None)
        if not isinstance(transport, Connection):  # Twisted's own TCP (not TLS over it)
            return False
        try:
            usual = (
                protocol.state != protocol.STATE_OPEN
                or protocol.send_state != protocol.SEND_STATE_GROUND
                or protocol.send_queue
                or protocol._perMessageCompress is not None
                or not transport.connected
                or transport.disconnecting
            )
        except AttributeError:  # another autobahn or Twisted than the pinned ones: the usual path
            return False
        if usual:
            return False
        frame = wire(text)
        if transport.dataBuffer or transport._tempDataBuffer:  # frames wait before it: keep the order
            transport.write(frame)
            return True
        written = transport.writeSomeData(frame)
        if isinstance(written, BaseException):  # the socket is gone: Twisted finds that out and closes
            transport.write(frame)
        elif written < len(frame):
            transport.write(frame[written:])
        return True

    return write
