"""How many mails and test notices one account may have the site send (the
tester's fault "Send a test has no limit"): CODEX_NOTICE_SENDS_LIMIT test
notices, and as many confirmation mails, per CODEX_NOTICE_SENDS_WINDOW
seconds, each counted apart. Counted by the project's throttle (Django REST
framework's SimpleRateThrottle in the shared cache, tolerant of a cache
outage: codexsite.apithrottle), keyed by account id as game.accountrate does."""

import math

from django.conf import settings
from rest_framework.throttling import SimpleRateThrottle

from codexsite.apithrottle import OutageTolerantThrottle

TEST = "notice_test"  # the kinds counted
CONFIRM = "notice_confirm"


class SendThrottle(OutageTolerantThrottle, SimpleRateThrottle):
    """SimpleRateThrottle for one ``kind`` (TEST or CONFIRM) of sending, keyed
    by account id, at the rate the settings give now."""

    def __init__(self, kind: str):
        self.scope = kind
        self.rate = f"{settings.CODEX_NOTICE_SENDS_LIMIT}/{settings.CODEX_NOTICE_SENDS_WINDOW}s"
        super().__init__()

    def parse_rate(self, rate):
        """``"N/Ss"`` as (N, S seconds): a window of any length (DRF's own takes one unit)."""
        number, seconds = rate.split("/")
        return int(number), int(seconds.removesuffix("s"))

    def get_cache_key(self, request, view):
        """The cache key of the account whose id is passed as ``request``."""
        return self.cache_format % {"scope": self.scope, "ident": request}


def wait_before(kind: str, user_id: int) -> int:
    """Count one sending of ``kind`` (TEST or CONFIRM) for account ``user_id``.

    Returns 0 when it is within the limit (and counted), else the whole
    minutes until the account may send one again (not counted)."""
    throttle = SendThrottle(kind)
    if throttle.allow_request(user_id, None):
        return 0
    return max(1, math.ceil((throttle.wait() or throttle.duration) / 60))


def refusal(minutes: int) -> str:
    """The sentence refusing one more sending, ``minutes`` before the next may go."""
    return f"You have sent too many of these lately. Try again in {minutes} minute{'s' if minutes != 1 else ''}."
