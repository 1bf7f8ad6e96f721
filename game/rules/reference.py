"""Codex's reference for the pages and the card API: its cards, the
glossary of keywords, patrol slots and terms, and the map cards, as the
engine states them (game.codex.catalog, glossary, maps). The Django apps
read them through game.rules only (issue 28 point 3)."""

from game.codex import catalog as _catalog
from game.codex import glossary as _glossary
from game.codex import maps as _maps
from game.codex import puzzles as _puzzles

KEYWORDS = _glossary.KEYWORDS  # {keyword: text}
PATROL_SLOTS = _glossary.PATROL_SLOTS  # {slot: text}
TERMS = _glossary.TERMS  # {term: text}


def glossary() -> dict:
    """Every glossary entry the board explains (game.codex.glossary.entries)."""
    return _glossary.entries()


def all_cards() -> list:
    """Every Codex card's facts, as the card API lists them."""
    return _catalog.all_cards()


def card_exists(card_id) -> bool:
    """True when ``card_id`` names a Codex card."""
    return _catalog.exists(card_id)


def card(card_id: str) -> dict:
    """The facts of Codex card ``card_id``. Raises KeyError for an unknown id."""
    return _catalog.card(card_id)


def maps() -> list:
    """``[{"id", "name", "rule"}]`` of Codex's map cards, in the Deluxe set's order."""
    return [_maps.map_info(m) for m in _maps.map_ids()]


def puzzles() -> list:
    """The stored "win this turn" puzzles (game.codex.puzzles.load_puzzles:
    each a dict with its position, seat, hero, colour and solution line).
    Raises OSError when the data file cannot be read."""
    return _puzzles.load_puzzles()
