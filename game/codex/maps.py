"""Map cards (Deluxe rulebook "Map Cards"): one rule change for every player
for the whole game.

The config's ``"map"`` names one of the 12 maps of the Deluxe set by id (its
name in snake case, :data:`MAPS`); the state keeps it as ``state["map"]``,
absent without a map, so a game without a map is byte for byte what it was
before maps existed. The facts (name, rule in our own words) live in
``data/maps.json``; the rules points of the engine ask the functions below,
each named after what it changes. docs/RULINGS.md ("Maps") has every
decision.

A leaf of the engine (it imports only the state's shape), so every rules
module may ask it.
"""

import json
import os
from functools import lru_cache

from .state import player

_DATA = os.path.join(os.path.dirname(__file__), "data", "maps.json")

NO_RUSH_TURNS = 4  # No Rush 15 Minutes: "each player has taken 4 turns"
BIG_GAME_GOLD = 2  # Big Game Hunters: extra gold in each upkeep
HARD_TIMES_EXTRA = 1  # Hard Times Mill: extra gold to hire a worker
RUINS_ADDONS = ("tech_lab", "heroes_hall")  # Vortoss Ruins: never built, always had


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


def on(state: dict, map_id: str) -> bool:
    """True when the game is played on map ``map_id``."""
    return state.get("map") == map_id


def view_of(state: dict):
    """The map as every viewer sees it (``{"id", "name", "rule"}``), or
    None without a map."""
    return map_info(state["map"]) if state.get("map") else None


# ---- Fury Road -------------------------------------------------------------


def patrol_crowded(state: dict, seat: int, iid: str, slot: str) -> bool:
    """Fury Road: True when putting ``iid`` into ``seat``'s patrol ``slot``
    would leave two or more cards in that zone (a swap with the one
    patroller, or moving the patroller itself, is fine)."""
    if not on(state, "fury_road"):
        return False
    zone = player(state, seat)["patrol"]
    others = [o for s, o in zone.items() if o is not None and o != iid and s != slot]
    return bool(others)


def patrol_full(state: dict, seat: int) -> bool:
    """Fury Road: True when ``seat``'s patrol zone already holds a card, so
    nothing may be lent into it (house rule R26 lending)."""
    return on(state, "fury_road") and any(o is not None for o in player(state, seat)["patrol"].values())


# ---- workers: Flagstone Mines, Hard Times Mill, Daggerfall Prison Camp -----


def hires_unlimited(state: dict) -> bool:
    """Flagstone Mines: no once-a-turn limit on hiring."""
    return on(state, "flagstone_mines")


def hire_extra(state: dict) -> int:
    """Hard Times Mill: gold added to the cost of hiring a worker."""
    return HARD_TIMES_EXTRA if on(state, "hard_times_mill") else 0


def hire_takes_card(state: dict) -> bool:
    """False on Daggerfall Prison Camp: a hire takes no card from hand."""
    return not on(state, "daggerfall_prison_camp")


# ---- Big Game Hunters ------------------------------------------------------


def upkeep_gold(state: dict) -> int:
    """Big Game Hunters: extra gold each player gains in each upkeep."""
    return BIG_GAME_GOLD if on(state, "big_game_hunters") else 0


# ---- No Rush 15 Minutes ----------------------------------------------------


def damage_prevented(state: dict) -> bool:
    """No Rush 15 Minutes: True while some player (conceded ones aside)
    has finished fewer than 4 turns (``turns_ended``: in Two-Headed Dragon
    a team turn counts for both teammates, in a free-for-all 4 full
    rounds)."""
    if not on(state, "no_rush_15_minutes"):
        return False
    return any(p["turns_ended"] < NO_RUSH_TURNS for p in state["players"] if not p.get("conceded"))


# ---- Mystical Forest -------------------------------------------------------


def forest(state: dict) -> bool:
    """Mystical Forest: the ready step asks which exhausted units and heroes
    take a +1/+1 rune instead of readying (turns.begin_turn)."""
    return on(state, "mystical_forest")


# ---- Burial Grounds --------------------------------------------------------


def buries_heroes(state: dict) -> bool:
    """Burial Grounds: a hero that dies is gone for the rest of the game."""
    return on(state, "burial_grounds")


def bury(state: dict, seat: int, hero_card: str) -> None:
    """Burial Grounds: ``seat``'s hero ``hero_card`` (a card id) died and
    is gone for good (the list ``gone_heroes`` of the player)."""
    gone = player(state, seat).setdefault("gone_heroes", [])
    if hero_card not in gone:
        gone.append(hero_card)


def hero_gone(state: dict, seat: int, hero_card: str) -> bool:
    """True when ``seat``'s hero ``hero_card`` died on Burial Grounds."""
    return hero_card in player(state, seat).get("gone_heroes", ())


# ---- Pinnacle --------------------------------------------------------------


def ultimates_unbound(state: dict) -> bool:
    """Pinnacle: an ultimate spell needs only its spec's hero in play."""
    return on(state, "pinnacle")


def hero_wait(state: dict) -> int:
    """Pinnacle: turns a dead hero waits on top of house rule R13."""
    return 1 if on(state, "pinnacle") else 0


# ---- Vortoss Ruins ---------------------------------------------------------


def addon_forbidden(state: dict, building: str) -> bool:
    """Vortoss Ruins: True for the Tech Lab and the Heroes' Hall."""
    return building in RUINS_ADDONS and on(state, "vortoss_ruins")


def ruins(state: dict) -> bool:
    """Vortoss Ruins: everyone has a Heroes' Hall and a Tech Lab's effect."""
    return on(state, "vortoss_ruins")


# ---- Bloodbowl -------------------------------------------------------------


def bloodbowl(state: dict) -> bool:
    """Bloodbowl: every unit has +1 ATK and haste (stats)."""
    return on(state, "bloodbowl")


# ---- Lost Temple -----------------------------------------------------------


def lost_temple(state: dict) -> bool:
    """Lost Temple: no card needs a tech building, no spell needs a hero."""
    return on(state, "lost_temple")
