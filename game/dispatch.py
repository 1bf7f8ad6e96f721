"""Consumers that handle each message without a detour through the database thread.

channels' ``AsyncConsumer.dispatch`` awaits ``aclose_old_connections()``
before every message it hands to a handler: every websocket frame and every
group event. That call runs on the one thread that does all database work
of a worker process, so each of them queued behind the database
transactions of every match on the worker: a version broadcast to four
viewers waited four times for that thread, and so did every echo frame
(docs/BENCHMARKS.md, "Profile"). The consumers here touch the database only
through ``database_sync_to_async``, which closes old connections before and
after each call itself, so the per-message call only added waiting.
"""

from channels.consumer import get_handler_name


class DirectDispatch:
    """Mixin for an ``AsyncConsumer`` whose handlers reach the database only
    through ``database_sync_to_async``: dispatches a message straight to its
    handler. Raises ValueError for a message type without a handler (as
    channels does)."""

    async def dispatch(self, message):
        """Call the handler of ``message["type"]`` (dots become underscores)."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
