"""Checks of what a client sends on the match websocket, before it is
handled (game.consumers): a frame's JSON, its id and nonce, and the
socket's rate limit."""

import json
import re
import time

MAX_ID_CHARS = 64
MAX_NONCE_CHARS = 64

# The answer to a frame over the rate limit, made once: such a frame is not read.
RATE_LIMITED = json.dumps(
    {"type": "refused", "id": None, "code": "rate_limited", "reason": "Too many messages: slow down."},
    separators=(",", ":"),
)

# A \u escape of a UTF-16 surrogate: a frame holding one needs the UTF-8 check of read_message.
SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def read_message(text: str):
    """The value of a client frame's JSON ``text``.

    Raises ValueError when it is not JSON, or when one of its strings holds
    an unpaired surrogate escape ("\\ud800"): such a string reads, but no
    answer that echoes it (an id, an action's type in its refusal) can be
    written as UTF-8. RecursionError for absurdly deep nesting. The UTF-8
    check runs only for a frame that has a surrogate escape at all (a proper
    pair, an emoji, passes it).
    """
    msg = json.loads(text)
    if SURROGATE_ESCAPE.search(text):
        json.dumps(msg, ensure_ascii=False).encode("utf-8")  # UnicodeEncodeError is a ValueError
    return msg


class TokenBucket:
    """A token bucket rate limiter.

    Takes ``rate`` (tokens added per second), ``burst`` (bucket size, also the
    initial fill) and ``clock`` (a monotonic seconds function, for tests).
    """

    def __init__(self, rate: float, burst: int, clock=time.monotonic):
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.stamp = clock()

    def take(self) -> bool:
        """Spend one token. Returns True when one was available, else False."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def valid_id(value) -> bool:
    """True when ``value`` may be a message id: None, an int (not a bool), or a short string."""
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return True
    return isinstance(value, str) and len(value) <= MAX_ID_CHARS


def valid_nonce(value) -> bool:
    """True when ``value`` may be an action's nonce: None, or 1 to MAX_NONCE_CHARS printable characters."""
    if value is None:
        return True
    return isinstance(value, str) and 0 < len(value) <= MAX_NONCE_CHARS and value.isprintable()
