"""What a table of each game can be set up with, as the engines state it:
Codex's modes (seat counts, heroes per seat, teams), heroes and maps, each
game's table options, and C-23's card pool, starter decks and deck check
(house rule K1). The lobby and the deck builder read these through
game.rules only, never an engine's modules (issue 28 point 3)."""

import game.arcane as _arcane
import game.c23 as _c23
from game.c23 import cards as _c23_cards
from game.codex import catalog as _catalog
from game.codex import maps as _maps
from game.codex import setup as _setup

ARCANE = _arcane.GAME
C23 = _c23.GAME


def codex_modes() -> dict:
    """``{mode: {"seats": (seat counts allowed), "heroes": heroes per seat,
    "teams": (the team of each seat up to the most seats)}}`` of Codex's
    setups (game.codex.setup: house rules R1, R18, R23)."""
    return {
        key: {
            "seats": seats,
            "heroes": heroes,
            "teams": tuple(_setup.team_for(key, index) for index in range(max(seats))),
        }
        for key, (seats, heroes, _hp) in _setup.MODES.items()
    }


def playable_heroes() -> list:
    """The ids of the Codex heroes a seat may pick (game.codex.catalog)."""
    return _catalog.playable_heroes()


def map_ids() -> list:
    """The ids of Codex's maps, in the Deluxe set's order (game.codex.maps)."""
    return _maps.map_ids()


def map_name(map_id: str) -> str:
    """The name of Codex map ``map_id``. Raises KeyError for an unknown id."""
    return _maps.map_info(map_id)["name"]


def options(game: str) -> dict:
    """The table options of ``game`` (``"arcane"``: ``{key: (values or
    None for a number, default)}``, game.arcane.OPTIONS; ``"c23"``: ``{key:
    (values, the default first)}``, game.c23.OPTIONS); Codex has none
    (``{}``)."""
    return {ARCANE: _arcane.OPTIONS, C23: _c23.OPTIONS}.get(game, {})


def starter_decks() -> tuple:
    """The names (colours) of C-23's starter decks."""
    return _c23_cards.starter_names()


def starter_deck(colour: str) -> list:
    """The card names of C-23's ``colour`` starter deck."""
    return _c23_cards.starter(colour)


def card_pool() -> dict:
    """C-23's card pool: ``{name: card facts}`` (game.c23.cards)."""
    return _c23_cards.pool()


def pool_origin() -> str:
    """The notice of where C-23's card pool comes from."""
    return _c23_cards.origin()


def deck_problems(names: list) -> list:
    """What makes the C-23 deck ``names`` illegal (house rule K1): a list
    of ``{"code", "message", ...}``, empty for a legal deck."""
    return _c23.validate_deck(names)
