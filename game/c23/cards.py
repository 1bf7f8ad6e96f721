"""The C-23 card pool (game/c23/data/cards.json) and the deck validator.

The pool is this server's own invention (house rules K1-K5 of "What the card
pool needs", K22, K27): three mono-colour 40-card starters and the cards they
come from. Nothing here imports the engine.
"""

import json
import pathlib
from functools import lru_cache
from typing import Any

DATA = pathlib.Path(__file__).parent / "data" / "cards.json"
COLOURS = ("red", "blue", "green")
TYPES = ("resource", "character", "action", "combat")
MIN_DECK = 40  # K1
MAX_COPIES = 4  # K1


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    with open(DATA, encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    return data


def pool() -> dict[str, dict[str, Any]]:
    """Every card of the pool by name: ``{name: card dict}`` (keys name,
    type, colour, cost, power, unique, effects, text). Source: K1 of "What
    the card pool needs"."""
    return {c["name"]: c for c in _data()["cards"]}


def card(name: str) -> dict[str, Any]:
    """The pool's card called ``name``; raises KeyError for a name not in the pool."""
    return _POOL[name]


def starter_names() -> tuple[str, ...]:
    """The starter decks' names (their colours): red, blue, green (K4 of the pool list)."""
    return tuple(_data()["starters"])


def starter(colour: str) -> list[str]:
    """The 40 card names of the ``colour`` starter, in the data file's order.
    Raises KeyError for an unknown colour."""
    counts = _data()["starters"][colour]
    return [name for name, n in counts.items() for _ in range(n)]


def origin() -> str:
    """The data file's statement that the pool is this server's own."""
    text: str = _data()["origin"]
    return text


def validate_deck(names: Any) -> list[dict[str, str]]:
    """Check a deck (a list of card names) against K1: at least 40 cards, at
    most 4 copies of any one name (resources included: K1 makes no
    exception), every name in the pool; no colour limit (K1). Unique cards
    are limited only in play (K1, K20), not in the deck.

    Returns a list of problems, each ``{"code", "message"}`` (empty when the
    deck is legal). Pure: reads nothing but its argument and the pool.
    """
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return [{"code": "bad_deck", "message": "A deck is a list of card names."}]
    problems = []
    unknown = sorted({n for n in names if n not in _POOL})
    for n in unknown:
        problems.append({"code": "unknown_card", "message": f"There is no card called {n[:60]!r} in the pool."})
    if len(names) < MIN_DECK:
        problems.append(
            {"code": "deck_too_small", "message": f"A deck needs at least {MIN_DECK} cards; this one has {len(names)}."}
        )
    counts: dict[str, int] = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    for n, k in counts.items():
        if k > MAX_COPIES and n in _POOL:
            problems.append(
                {"code": "too_many_copies", "message": f"At most {MAX_COPIES} copies of a name: {n} appears {k} times."}
            )
    return problems


_POOL = pool()
