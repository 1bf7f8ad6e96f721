"""The in-memory channel layer of the one-process setup, made cheaper.

channels' ``InMemoryChannelLayer`` looks through every channel's queue and
every group member for expired entries on each ``receive`` and
``group_send``: work proportional to the open connections for every message
delivered, so quadratic under load (14 % of the server's time with 200
match sockets and 200 echo sockets: docs/BENCHMARKS.md, "Profile"). Here
that sweep runs at most once per ``CLEAN_EVERY`` seconds; a message or
group membership then lives up to that much longer than its expiry (60 s
and a day by default), which nothing relies on.
"""
import time

from channels.layers import InMemoryChannelLayer

CLEAN_EVERY = 1.0  # seconds between two sweeps for expired messages and members


class SweepingInMemoryChannelLayer(InMemoryChannelLayer):
    """``InMemoryChannelLayer`` that sweeps for expired entries at most once
    per CLEAN_EVERY seconds instead of on every receive and group send."""

    _swept = float("-inf")

    def _clean_expired(self):
        """Sweep (the base class's sweep) unless one ran less than CLEAN_EVERY seconds ago."""
        now = time.monotonic()
        if now - self._swept < CLEAN_EVERY:
            return
        self._swept = now
        super()._clean_expired()
