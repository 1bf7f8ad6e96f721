"""Helpers that card hooks share: choosing targets mid-effect, tokens,
this-turn modifiers and common target filters."""
from .. import catalog, stats
from ..effects import pay, sideline  # noqa: F401  (sideline: the keyword lives in effects)
from ..flow import ask, op, push
from ..state import is_opponent, is_patrolling, log, make_instance, player, teammates
from ..targeting import controller_of, is_flagbearer, resist_cost, slot_candidates


def ask_target(state: dict, seat: int, slot, text: str, then: dict, exclude=()) -> None:
    """Ask ``seat`` to pick a target for ``slot`` while an effect resolves.

    Only targets whose resist ``seat`` can pay are offered; if an opposing
    flagbearer is among them, only flagbearers are offered (glossary:
    Flagbearer; Final Smash ruling: each part checks again). The chosen
    target's resist is paid, an Illusion dies on being targeted, and then
    step ``then`` runs with ``choice`` = [target] (or [] when there is none).
    """
    options = slot_candidates(state, seat, slot, exclude)
    if slot.icon:
        gold = player(state, seat)["gold"]
        options = [t for t in options if resist_cost(state, seat, [t]) <= gold]
        flags = [t for t in options if is_flagbearer(state, t) and is_opponent(state, seat, controller_of(state, t))]
        if flags:
            options = flags
    ask(state, seat, text, options, {"op": "targeted", "seat": seat, "icon": slot.icon, "then": then})


@op("targeted")
def _targeted(state: dict, step: dict) -> None:
    from ..actions import _kill_targeted_illusions
    choice = step["choice"]
    if step["icon"] and choice:
        pay(state, step["seat"], resist_cost(state, step["seat"], choice))
        _kill_targeted_illusions(state, choice)
    nxt = dict(step["then"])
    nxt["choice"] = [c for c in choice if c in state["cards"] or c.startswith(("bld:", "base:"))]
    push(state, nxt)


def make_token(state: dict, card_id: str, seat: int) -> str:
    """Create token ``card_id`` in play under ``seat``; it arrives this turn
    (with its fading time runes). A token with forecast goes to the future
    zone instead. Returns its instance id."""
    from ..timerunes import arrive_with_time_runes, forecast_value, to_future
    if forecast_value(state, card_id):
        # A forecast token starts in the future (Forecast ruling; Vir
        # Garbarean's Mech token).
        iid = make_instance(state, card_id, seat, "future")
        log(state, f"{player(state, seat)['name']} got a {catalog.card(card_id)['name']} token in the future.")
        return to_future(state, iid)
    iid = make_instance(state, card_id, seat, "play")
    state["cards"][iid]["arrived"] = state["turn"]
    log(state, f"{player(state, seat)['name']} got a {catalog.card(card_id)['name']} token.")
    arrive_with_time_runes(state, iid)
    return iid


def until_end_of_turn(state: dict, iid: str, atk: int = 0, hp: int = 0, kw: dict = None) -> None:
    """Give ``iid`` a modifier that lasts until the end of this turn."""
    state["temp"].append({"iid": iid, "atk": atk, "hp": hp, "kw": dict(kw or {})})


def friendly(state: dict, seat: int, tid: str) -> bool:
    """True for things controlled by ``seat`` or a teammate (R21)."""
    return controller_of(state, tid) in teammates(state, seat)


def yours(state: dict, seat: int, tid: str) -> bool:
    """True for things ``seat`` itself controls ("your", R21)."""
    return controller_of(state, tid) == seat


def patroller(state: dict, seat: int, tid: str) -> bool:
    """True for a unit or hero standing in a patrol slot."""
    return is_patrolling(state, tid)


def tech_at_most(level: int):
    """A filter: units of tech ``level`` or lower (tokens are tech 0)."""
    def check(state: dict, seat: int, tid: str) -> bool:
        return stats.tech_level(state, tid) is not None and stats.tech_level(state, tid) <= level
    return check


def tech_exactly(level: int):
    """A filter: units of exactly tech ``level``."""
    def check(state: dict, seat: int, tid: str) -> bool:
        return stats.tech_level(state, tid) == level
    return check


def has_subtype(state: dict, iid: str, subtype: str) -> bool:
    """True when ``iid``'s card has ``subtype`` (e.g. "Virtuoso")."""
    return subtype in catalog.card(state["cards"][iid]["card"])["subtypes"]
