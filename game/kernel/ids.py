"""Card instance ids: a game gives every card instance an id, fresh when
the card enters or leaves a hidden zone, so that nobody can follow a
hidden card by its id (issue 11; Codex house rules, Arcane A31, C-23 K19).
Two kinds: counted ids (Codex ``"c<n>"``, Arcane ``"a<n>"``), and ids
drawn from the game's secret generator (C-23 ``"k<10 hex>"``), which say
nothing about when the card was made."""

from collections.abc import Container

from . import rng
from .types import State


def counted_id(state: State, key: str, prefix: str) -> str:
    """The next id ``prefix + str(n)`` from the counter ``state[key]``
    (advanced by one): ids are never reused."""
    n = state[key]
    state[key] = n + 1
    return f"{prefix}{n}"


def drawn_id(state: State, prefix: str, taken: Container[str], bits: int = 40) -> str:
    """An id ``prefix`` + ``bits`` random bits in hex (``bits // 4``
    digits), drawn from the game's generator (game.kernel.rng) until it
    is not in ``taken``."""
    digits = bits // 4
    while True:
        iid = f"{prefix}{rng.randbelow(state, 1 << bits):0{digits}x}"
        if iid not in taken:
            return iid
