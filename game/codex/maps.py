"""Map cards (Deluxe rulebook "Map Cards"): the data side. A map is a
global card (game/codex/cards/maps/, one module each, docs/ENGINE.md "Maps
are global cards"): its rule change is declared there through the card
registry, and the engine asks the registry's mechanisms, never a map.

The config's ``"map"`` names one of the 12 maps of the Deluxe set by id (its
name in snake case); the state keeps it as ``state["map"]``, absent without
a map, so a game without a map is byte for byte what it was before maps
existed. The facts (name, rule in our own words) live in
``data/maps.json``. docs/RULINGS.md ("Maps") has every decision.

It imports only the one rule the map tests ask here by name
(effects.damage_prevented); the rules modules never import it but to show
the map (view) and check a config (setup).
"""

import json
import os
from functools import lru_cache

from .effects import damage_prevented  # noqa: F401  (the map's damage rule, asked here by tests/rules/test_maps.py)

_DATA = os.path.join(os.path.dirname(__file__), "data", "maps.json")


@lru_cache(maxsize=1)
def _maps() -> dict:
    with open(_DATA, encoding="utf-8") as fh:
        return {rec["id"]: rec for rec in json.load(fh)}


def map_ids() -> list:
    """The ids of the 12 maps, in the Deluxe set's order."""
    return list(_maps())


def map_info(map_id: str) -> dict:
    """``{"id", "name", "rule"}`` of map ``map_id`` (a copy). Raises
    KeyError for an unknown id."""
    return dict(_maps()[map_id])


def exists(map_id) -> bool:
    """True when ``map_id`` names a map."""
    return isinstance(map_id, str) and map_id in _maps()


def current(state: dict):
    """The id of the game's map, or None."""
    return state.get("map")


def view_of(state: dict):
    """The map as every viewer sees it (``{"id", "name", "rule"}``), or
    None without a map."""
    return map_info(state["map"]) if state.get("map") else None
