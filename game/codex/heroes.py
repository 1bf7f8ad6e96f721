"""Heroes: levels, bands and what happens on reaching the mid and max band.

Deluxe rulebook "Heroes": a hero levels up for 1 gold a level, cannot go past
its max level, and is fully healed when it reaches its mid band and its max
band. Ultimate spells need a hero that has been at max level (and under your
control) since the start of your turn (house rule R7).
"""

from . import catalog
from .cards import registry
from .state import card_of, log, name


def gain_levels(state: dict, iid: str, levels: int) -> int:
    """Raise hero ``iid`` by up to ``levels`` levels; return levels gained.

    Reaching the mid or max band heals all damage; reaching max level records
    the turn (for R7) and runs the hero's max-level hook.
    """
    inst = card_of(state, iid)
    rec = catalog.card(inst["card"])
    old = inst["level"]
    new = min(rec["max_level"], old + levels)
    if new == old or not can_level(state, iid):
        return 0
    inst["level"] = new
    log(state, f"{name(state, iid)} rose to level {new}.", cards=[iid])
    for threshold in (rec["mid_level"], rec["max_level"]):
        if old < threshold <= new:
            inst["damage"] = 0
    if old < rec["max_level"] <= new:
        inst["marks"]["max_turn"] = state["turn"]
        registry.emit(state, "max_level", iid)
    return new - old


def can_level(state: dict, iid: str) -> bool:
    """False while hero ``iid`` can't gain levels: this turn (mark
    ``no_levels_turn``: Nether Drain), or while a card in play forbids it
    (``restricts level``: an opposing Chronofixer stops every way
    of gaining levels, Chronofixer ruling)."""
    if card_of(state, iid)["marks"].get("no_levels_turn") == state["turn"]:
        return False
    if registry.answering("restricts:level"):
        everyone = [i for p in state["players"] for i in p["play"]]
        return not registry.any_says(state, "restricts:level", everyone, iid)
    return True


def lose_levels(state: dict, iid: str, levels: int) -> int:
    """Lower hero ``iid`` by up to ``levels`` levels, never below level 1;
    return the levels lost. Below its max level it is no longer "at max
    level since the start of the turn" (R7) when it climbs back (Nether
    Drain)."""
    inst = card_of(state, iid)
    old = inst["level"]
    new = max(1, old - levels)
    if new == old:
        return 0
    inst["level"] = new
    if new < catalog.card(inst["card"])["max_level"]:
        inst["marks"].pop("max_turn", None)
    log(state, f"{name(state, iid)} fell to level {new}.", cards=[iid])
    return old - new


def ultimate_ready(state: dict, iid: str) -> bool:
    """True when hero ``iid`` has been at max level and under its controller's
    control since the start of this turn (house rule R7)."""
    inst = card_of(state, iid)
    rec = catalog.card(inst["card"])
    return (
        inst["zone"] == "play"
        and inst["level"] >= rec["max_level"]
        and inst["marks"].get("max_turn", state["turn"]) < state["turn"]
        and inst["arrived"] < state["turn"]
    )


def barred_for_good(state: dict, seat: int, hero_card: str):
    """Why ``seat`` may never summon its hero ``hero_card`` (a card id) again,
    a sentence, or None: the game's global card says so (``restricts
    summon``: a map that buries the dead heroes). Summoning, effects that
    bring a hero back, the view and the invariants ask it."""
    return registry.global_says(state, "restricts:summon", seat, hero_card)
