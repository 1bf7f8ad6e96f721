"""How much a websocket's server still holds unsent for the client.

ASGI's ``send`` hands a frame to the server and returns at once; daphne
writes it to Twisted's transport, whose user-space write buffer grows
without bound while the client does not read (daphne has no backpressure
of its own: daphne issue 170). The application cannot see that buffer
through ASGI, so this middleware finds it: daphne gives every application
``send = functools.partial(Server.handle_reply, protocol)``, and the
protocol's ``transport`` is Twisted's TCP transport (through a TLS wrapper
when daphne serves TLS). Its unsent bytes are ``dataBuffer`` past
``offset`` plus ``_tempDataLen`` (twisted.internet.abstract.FileDescriptor,
the buffer ``doWrite`` drains). tests/server/test_backlog.py checks this
against a real daphne.

The consumers (game/consumers.py) bound what a connection may hold with it
(docs/PROTOCOL.md "Clients that do not read"; issue 11, finding 3). Under
another server, or the test communicator, there is no probe and nothing is
held back.
"""

import functools

from codexsite.framewire import frame_writer

MAX_WRAPPERS = 4  # transports inside transports (TLS over TCP) followed at most


def _unsent(transport) -> int:
    """The bytes ``transport`` and the transports under it hold unsent."""
    total = 0
    for _ in range(MAX_WRAPPERS):
        if transport is None:
            break
        data = getattr(transport, "dataBuffer", None)
        if data is not None:
            total += len(data) - getattr(transport, "offset", 0) + getattr(transport, "_tempDataLen", 0)
        transport = getattr(transport, "transport", None)
    return total


def unsent_probe(send):
    """For the raw ASGI ``send`` of a connection: a function of no
    arguments returning the bytes the server holds unsent for it (0 once
    the connection is gone), or None when ``send`` is not daphne's."""
    if not isinstance(send, functools.partial) or not send.args:
        return None
    protocol = send.args[0]
    if not hasattr(protocol, "transport"):
        return None
    return lambda: _unsent(protocol.transport)


class SendBacklog:
    """ASGI middleware for websockets: puts the connection's unsent_probe
    into ``scope["send_backlog"]``, and its codexsite.framewire writer into
    ``scope["send_frame"]``, when the server is daphne (left as it is
    otherwise). Takes the inner ASGI application."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        probe = unsent_probe(send)
        if probe is not None:
            scope = dict(scope, send_backlog=probe, send_frame=frame_writer(send))
        return await self.application(scope, receive, send)
