"""Deterministic random numbers whose whole state is one JSON integer.

The generator is SplitMix64: small, fast in pure Python, and good enough for
shuffling decks. Its state lives in ``state["rng"]`` so that a stored game
resumes, and a replay reproduces every shuffle, byte for byte (ARCHITECTURE.md,
"The rules engine").
"""

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """Turn any integer seed into a 64-bit generator state (an int)."""
    return (int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK


def _next(state: dict) -> int:
    x = (state["rng"] + 0x9E3779B97F4A7C15) & _MASK
    state["rng"] = x
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def randbelow(state: dict, n: int) -> int:
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


def shuffle(state: dict, items: list) -> None:
    """Shuffle ``items`` in place (Fisher-Yates) with the game's generator."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]
