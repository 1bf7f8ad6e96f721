"""Deterministic random numbers from a secret key, kept inside the game state.

The generator is keyed BLAKE2b in counter mode: draw ``n`` is the first 8
bytes of ``BLAKE2b(key, n)``. Its state is ``state["rng"] = {"key": 64 hex
digits, "n": draws so far}``, so a stored game resumes and a replay
reproduces every shuffle, byte for byte (ARCHITECTURE.md, "The rules
engine"). Without the key, what a viewer sees of the draws (their own
hand, a reshuffled deck, a coin flip) tells nothing about the other draws:
nobody can compute another player's hand or deck (issue 11). The key is
derived from the config's seed, which the lobby draws with 256 secret bits;
neither ever appears in a view, the log or an API answer.

States stored before this generator hold ``state["rng"]`` as one integer,
the SplitMix64 state of the old generator: they keep drawing with it, so
their stored copies and their replays stay the same game (docs/ENGINE.md,
"State").
"""

import hashlib
from functools import lru_cache
from typing import Any

_MASK = (1 << 64) - 1
_KEY_PERSON = b"codex-seed-key"


def seed_state(seed: int) -> dict[str, Any]:
    """Turn an integer seed of any size into a generator state.

    Returns ``{"key": str (32 bytes as hex), "n": 0}``; every bit of the
    seed counts (two seeds that differ anywhere give different keys).
    """
    seed = int(seed)
    raw = seed.to_bytes(seed.bit_length() // 8 + 1, "big", signed=True)
    return {"key": hashlib.blake2b(raw, digest_size=32, person=_KEY_PERSON).hexdigest(), "n": 0}


@lru_cache(maxsize=256)
def _key_bytes(key_hex: str) -> bytes:
    return bytes.fromhex(key_hex)


def _next(state: dict[str, Any]) -> int:
    """The next 64-bit draw; advances ``state["rng"]``."""
    generator = state["rng"]
    if isinstance(generator, int):
        return _next_splitmix(state)
    n = generator["n"]
    generator["n"] = n + 1
    digest = hashlib.blake2b(n.to_bytes(8, "little"), key=_key_bytes(generator["key"]), digest_size=8)
    return int.from_bytes(digest.digest(), "little")


def _next_splitmix(state: dict[str, Any]) -> int:
    """The old generator (SplitMix64), for states stored in its format."""
    x = (state["rng"] + 0x9E3779B97F4A7C15) & _MASK
    state["rng"] = x
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return int(z ^ (z >> 31))


def randbelow(state: dict[str, Any], n: int) -> int:
    """Return a uniform integer in ``[0, n)`` drawn from ``state["rng"]``.

    Raises ValueError when ``n < 1``.
    """
    if n < 1:
        raise ValueError("randbelow needs n >= 1")
    limit = (_MASK + 1) - ((_MASK + 1) % n)
    while True:
        r = _next(state)
        if r < limit:
            return r % n


def shuffle(state: dict[str, Any], items: list[Any]) -> None:
    """Shuffle ``items`` in place (Fisher-Yates) with the game's generator."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]
