"""Time runes: the fading and forecast keywords.

Glossary "Fading X": a thing with fading arrives with X time runes; one is
removed each of its controller's upkeeps; when the last one is removed, for
any reason, it is sacrificed (Fading rulings: the last rune removed by
another effect still sacrifices it; with no time runes at all it no longer
fades; X is no limit on the runes it may carry).

Glossary "Forecast X": the card starts in the future zone, not in play, with
X time runes; one is removed each of its owner's upkeeps; when the last one
is removed a unit arrives and a spell resolves. It goes to the future
whenever it would come into play other than from the future. Requirements
(tech, hero, cost) apply only when it is played (Forecast rulings).
"""

from . import catalog, stats
from .cards import registry
from .effects import sacrifice
from .flow import op, push
from .state import card_of, log, move, name, player


def forecast_value(state: dict, card_id: str) -> int:
    """X of the printed "Forecast X" of ``card_id`` (0 without forecast)."""
    return (catalog.card(card_id).get("keywords") or {}).get("forecast", 0)


def to_future(state: dict, iid: str) -> str:
    """Put card ``iid`` (from any zone) into its owner's future zone with
    its forecast time runes; return its id there. A card that enters from a
    hidden zone gets a fresh id (state.move)."""
    inst = card_of(state, iid)
    if inst["zone"] != "future":
        iid = move(state, iid, "future")
    inst = card_of(state, iid)
    inst["time"] += forecast_value(state, inst["card"])
    log(state, f"{name(state, iid)} went into the future with {inst['time']} time rune(s).", cards=[iid])
    return iid


def arrive_with_time_runes(state: dict, iid: str) -> None:
    """A thing that just arrived in play gets its fading X time runes."""
    amount = stats.kw(state, iid, "fading")
    if amount > 0:
        card_of(state, iid)["time"] += amount
        log(state, f"{name(state, iid)} arrived with {amount} time rune(s).", cards=[iid])


def add_time_runes(state: dict, iid: str, count: int = 1) -> None:
    """Put ``count`` more time runes on ``iid`` (in play or in the future);
    fading X is no limit (Fading ruling)."""
    card_of(state, iid)["time"] += count
    log(state, f"{name(state, iid)} got {count} time rune(s) ({card_of(state, iid)['time']} now).", cards=[iid])


def total_time_runes(state: dict, seat: int) -> int:
    """The time runes ``seat`` has: on the things it controls in play and on
    the cards of its future zone (Temporal Research ruling: forecasted
    cards count; an ongoing spell of its own on an opposing unit counts,
    Vortoss Emblem ruling)."""
    p = player(state, seat)
    return sum(card_of(state, i)["time"] for i in p["play"] + p["future"])


def remove_time_runes(state: dict, iid: str, count: int = 1, fading: bool = False) -> int:
    """Remove up to ``count`` time runes from ``iid``; return how many.

    Removing the last one sacrifices a fading thing in play (whatever removed
    it, Fading ruling) and makes a forecasted card arrive or resolve.
    ``fading``: the fading keyword removed it in an upkeep; a thing that
    then fades away carries the mark ``faded`` ("dies from fading": Prynn
    Pasternaak ruling). Each removal from a card in play is the event
    ``affected`` ("time_runes_removed") of that card (Rememberer ruling: whatever
    removed it).
    """
    inst = card_of(state, iid)
    removed = min(count, inst["time"])
    if removed <= 0:
        return 0
    inst["time"] -= removed
    if inst["zone"] == "play":
        registry.emit(state, "affected", iid, "time_runes_removed", removed)
    if inst["time"] > 0:
        return removed
    if inst["zone"] == "future":
        push(state, {"op": "forecast_arrives", "card": iid, "seat": inst["owner"]})
    elif inst["zone"] == "play" and stats.kw(state, iid, "fading"):
        if sacrifice(state, iid):
            if fading:
                inst["marks"]["faded"] = True
            log(state, f"{name(state, iid)} faded away.", cards=[iid])
    return removed


@op("time_runes")
def _time_runes_step(state: dict, step: dict) -> None:
    """Upkeep of ``step["seat"]``: remove one time rune from each of its
    fading things in play and from each card in its future zone."""
    seat = step["seat"]
    p = player(state, seat)
    for iid in list(p["play"]):
        inst = state["cards"].get(iid)
        if inst is not None and inst["time"] > 0 and stats.kw(state, iid, "fading"):
            remove_time_runes(state, iid, fading=True)
    for iid in list(p["future"]):
        remove_time_runes(state, iid)
