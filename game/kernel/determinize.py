"""What each game's ``determinize(state, seat, rng)`` shares (issue 28,
"One kernel, three games"; the search bots of issue 30 sample the worlds a
seat cannot tell apart): re-dealing the cards a seat cannot see among the
places they hold, and drawing the game's generator key anew so what comes
next is not the real game's either. ``rng`` is always the caller's own
generator (a search bot's), never the game's.
"""

from typing import Any, Protocol

from .rng import seed_state
from .types import State


class Generator(Protocol):
    """What a determinize needs of the caller's generator (a random.Random does)."""

    def shuffle(self, x: list[Any]) -> None:
        """Shuffle ``x`` in place."""

    def getrandbits(self, k: int) -> int:
        """An int of ``k`` random bits."""


def redeal(cards: dict[str, dict[str, Any]], ids: list[str], rng: Generator) -> None:
    """Shuffle, with ``rng``, which card each of ``ids`` stands for: the
    ``"card"`` of each entry of ``cards`` (a state's ``{id: instance}``)
    named by ``ids`` moves among those same ids, so every id keeps its zone,
    owner and place and only the hidden card behind it changes. The names
    are sorted before the shuffle, so the deal depends only on which cards
    are hidden and on ``rng``, never on where the hidden cards really are:
    two states that differ only in hidden cards deal alike (a search bot
    that never peeks, issue 30)."""
    names = sorted(cards[i]["card"] for i in ids)
    rng.shuffle(names)
    for i, name in zip(ids, names, strict=True):
        cards[i]["card"] = name


def reseed(state: State, rng: Generator) -> None:
    """Give ``state`` a new secret generator key drawn from ``rng`` (the
    state's ``"rng"``, game.kernel.rng): the copy's future shuffles and
    draws are not the real game's."""
    state["rng"] = seed_state(rng.getrandbits(256))
