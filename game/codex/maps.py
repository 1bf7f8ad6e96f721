"""Map cards (Deluxe rulebook "Map Cards"): the data side. A map is a
global card (game/codex/cards/maps/, one module each, docs/ENGINE.md "Maps
are global cards"): its rule change is declared there through the card
registry, and the engine asks the registry's mechanisms, never a map.

The config's ``"map"`` names one of the 12 maps of the Deluxe set by id (its
name in snake case); the state keeps it as ``state["map"]``, absent without
a map, so a game without a map is byte for byte what it was before maps
existed. The facts (name, rule in our own words) live in
``data/maps.json``. docs/RULINGS.md ("Maps") has every decision.

The rules modules never import it but to show the map (view) and check a
config (setup).
"""

import json
import os
from contextlib import contextmanager
from functools import lru_cache

from .cards import registry

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


@contextmanager
def extra_maps(records: list):
    """Add the map records ``records`` (dicts with ``id``, ``name`` and
    ``rule``) to the data while the ``with`` block runs: a test declares a
    map that is not in data/maps.json, its module registering it with
    ``api.map_card`` (tests/rules/test_new_map.py; as catalog.extra_cards
    for cards). On leaving, the records go, and so does any global card
    registered for their ids. Raises ValueError when an id is a map
    already or a record lacks a field.
    Source: issue 28 (a new map needs no engine edit)."""
    added = []
    try:
        for rec in records:
            missing = {"id", "name", "rule"} - rec.keys()
            if missing:
                raise ValueError(f"map record {rec} lacks {sorted(missing)}")
            if exists(rec["id"]):
                raise ValueError(f"map {rec['id']} exists already")
            _maps()[rec["id"]] = {"id": rec["id"], "name": rec["name"], "rule": rec["rule"]}
            added.append(rec["id"])
        yield added
    finally:
        for map_id in added:
            del _maps()[map_id]
            registry.GLOBAL_CARDS.pop(map_id, None)


def current(state: dict):
    """The id of the game's map, or None."""
    return state.get("map")


def view_of(state: dict):
    """The map as every viewer sees it (``{"id", "name", "rule"}``), or
    None without a map."""
    return map_info(state["map"]) if state.get("map") else None
