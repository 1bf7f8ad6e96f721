"""Limits per account across all its match sockets (issue 27, point 8).

Each socket has its own rate limit (game.clientframes.TokenBucket), but one
account may hold CODEX_WS_PER_USER (16) sockets, on any worker: 16 sockets
stored 1,568 chat lines in 5 s, and 16 sockets resyncing 20 times a second
sent 192 MB of states in 20 s. So chat lines and resyncs are also counted
per account, in the cache every worker shares (Redis with REDIS_URL), by
the REST API's own throttle (Django REST framework's SimpleRateThrottle:
the times of the account's last requests, kept for the rate's period).

The rates (CODEX_WS_ACCOUNT_CHAT_RATE, CODEX_WS_ACCOUNT_RESYNC_RATE, as
"number/period", the period s, min, hour or day) are far above what a
person reaches (docs/PROTOCOL.md "Limits per account"). While the cache
cannot be reached (a Redis outage) nothing is limited: play goes on.
"""

import math

from django.conf import settings
from rest_framework.throttling import SimpleRateThrottle

from codexsite.apithrottle import OutageTolerantThrottle

CHAT = "ws_chat"  # the kinds counted, with their settings
RESYNC = "ws_resync"
RATES = {CHAT: "CODEX_WS_ACCOUNT_CHAT_RATE", RESYNC: "CODEX_WS_ACCOUNT_RESYNC_RATE"}


class AccountThrottle(OutageTolerantThrottle, SimpleRateThrottle):
    """DRF's SimpleRateThrottle for one ``kind`` (CHAT or RESYNC) of frame,
    keyed by account id instead of by request, at the rate its setting
    gives now; a cache that cannot be reached lets the frame through
    (codexsite.apithrottle)."""

    def __init__(self, kind: str):
        self.scope = kind
        self.rate = getattr(settings, RATES[kind])
        super().__init__()

    def get_cache_key(self, request, view):
        """The cache key of the account whose id is passed as ``request``."""
        return self.cache_format % {"scope": self.scope, "ident": request}


def wait_before(kind: str, user_id: int) -> int:
    """Count one frame of ``kind`` (CHAT or RESYNC) of account ``user_id``.

    Returns 0 when it is within the account's rate (and counted), else the
    whole seconds until the account may send one again (not counted).
    Synchronous (a cache round trip): call it off the event loop. A cache
    that cannot be reached lets the frame through (logged).
    """
    throttle = AccountThrottle(kind)
    if throttle.allow_request(user_id, None):
        return 0
    return max(1, math.ceil(throttle.wait() or throttle.duration))
