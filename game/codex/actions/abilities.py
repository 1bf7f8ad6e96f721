"""Activated abilities: the move, with who may take it, its check, change
and options (Deluxe rulebook, "Activated abilities"; house rule R5;
the rulings on forecasted and silenced abilities)."""

from typing import Any

from .. import stats
from ..cards import registry
from ..effects import exhaust, pay, sacrifice
from ..play import icon_targets, on_targeted
from ..state import card_of, log, name, player, seat_name
from .base import (
    Card,
    Move,
    Refusal,
    arrival_fatigued,
    check_targets,
    controlled_in_play,
    fail,
    forecasted,
    in_play,
    main_refusal,
    target_combos,
    targets_pass,
    walked,
)


def abilities_of(state: dict, iid: str) -> list:
    """The activated abilities ``iid`` has now: its own and those granted by
    its controller's other cards (``grants abilities``). Memoised while the state
    is only read (stats.frozen): the list is shared then, never change it."""
    return stats.memoised(state, ("abilities", iid), lambda: _abilities_of(state, iid))


def _abilities_of(state: dict, iid: str) -> list:
    """:func:`abilities_of`, computed."""
    inst = card_of(state, iid)
    if registry.silenced(state, iid):
        return []  # none of its own, and none can be given (the silencing ruling)
    own = registry.answering("abilities").get(inst["card"])  # registry.ask, not silenced: known here
    out = list(own(state, iid)) if own is not None else []
    if inst["zone"] != "play":
        return out  # a forecasted card has only its own
    grants = registry.answering("grants:abilities")
    cards = state["cards"]
    for src in player(state, inst["controller"])["play"]:
        grant = grants.get(cards[src]["card"])  # registry.handler_in, read in place (issue 13)
        if grant is not None and not registry.silenced(state, src):
            out.extend(grant(state, src, iid))
    return out


def check_ability(state: dict, seat: int, action: dict) -> tuple:
    """Use an activated ability: pay its cost (exhaust: the card must be
    ready and free of arrival fatigue, R5; gold; sacrifice), legal targets.
    Returns the plan ``(iid, index, gold, targets)``."""
    iid, index, ability = check_ability_use(state, seat, action)
    gold = player(state, seat)["gold"]
    extra = check_targets(state, seat, ability.targets, action.get("targets"), gold - ability.gold)
    return iid, index, ability.gold + extra, list(action.get("targets") or [])


def check_ability_use(state: dict, seat: int, action: dict) -> tuple:
    """Everything :func:`check_ability` checks but the targets (none of it
    depends on them); returns ``(iid, index, ability)``. legal_actions
    checks an ability once this way, then each target combination with
    :func:`check_targets`."""
    iid, index = action.get("card"), action.get("ability", 0)
    refusal = ability_refusal(state, seat, iid, index)
    if refusal is not None:
        fail(*refusal)
    return iid, index, abilities_of(state, iid)[index]


def ability_refusal(state: dict, seat: int, iid: object, index: object) -> Refusal:
    """Why ``seat`` can't use ability ``index`` of card ``iid`` (in play,
    or forecasted: ``Ability.from_future``) now, targets aside, as ``(code, message)``,
    or None: :func:`check_ability_use`'s refusals after the main-phase
    test, in its order. legal_actions asks it in the seat's main phase
    (issue 13)."""
    inst = state["cards"].get(iid) if isinstance(iid, str) else None
    forecasted = inst is not None and inst["zone"] == "future" and inst["owner"] == seat
    if not forecasted and controlled_in_play(state, seat, iid) is None:
        return "not_in_play", "You don't control that card."
    abilities = abilities_of(state, iid)
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(abilities):
        return "bad_ability", "That card has no such ability."
    return ability_use_refusal(state, seat, iid, abilities[index], forecasted)


def ability_use_refusal(state: dict, seat: int, iid: str, ability: Any, forecasted: bool) -> Refusal:
    """:func:`ability_refusal`'s refusals once ``ability`` is known to be
    one of :func:`abilities_of` card ``iid``, which ``seat`` controls in
    play (``forecasted`` False) or owns in its future zone (True), as
    ``(code, message)`` or None, in its order: where it works, whether it
    is available, exhausting, sacrificing and gold. legal_actions asks it
    of each ability of the seat's cards (issue 13)."""
    if ability.from_future != forecasted:  # only while it is forecasted
        return "bad_ability", (
            "That ability works only while the card is in the future."
            if ability.from_future
            else "That card has no such ability."
        )
    if ability.available is not None and not ability.available(state, iid):
        # A cost that can't be paid now (e.g. no +1/+1 rune to remove).
        return "bad_ability", "That ability can't be used now."
    if ability.exhaust:
        if card_of(state, iid)["exhausted"]:
            return "exhausted", "That card is exhausted."
        if arrival_fatigued(state, iid):
            return "arrival_fatigue", "That card arrived this turn and can't exhaust yet."
    if ability.sacrifice and stats.kw(state, iid, "indestructible"):
        return "indestructible", "Indestructible things can't be sacrificed."
    gold = player(state, seat)["gold"]
    if gold < ability.gold:
        return "not_enough_gold", f"That costs {ability.gold} gold; you have {gold}."
    return None


def do_ability(state: dict, seat: int, plan: tuple) -> None:
    """Pay the ability's costs (gold, exhausting, sacrificing) and resolve it."""
    iid, index, cost, targets = plan
    ability = abilities_of(state, iid)[index]
    pay(state, seat, cost)
    log(state, f"{seat_name(state, seat)} used {name(state, iid)}: {ability.text}", cards=[iid])
    if ability.exhaust:
        exhaust(state, iid)
    on_targeted(state, icon_targets(ability.targets, targets))
    if ability.sacrifice:
        sacrifice(state, iid)
    ability.resolve(state, seat, iid, targets)


def ability_each(state: dict, seat: int, card: Card, out: list) -> None:
    """Append each ability action of ``card`` (base.Card: in ``seat``'s
    play, or its future zone: used while forecasted, ``from_future``) that
    ``seat`` may take now, one per target combination; each ability is
    checked once without its targets (:func:`ability_use_refusal`)."""
    iid, inst, _ = card
    forecasted = inst["zone"] == "future"
    gold = state["players"][seat]["gold"]
    for index, ability in enumerate(abilities_of(state, iid)):  # the check's own list while frozen
        if ability_use_refusal(state, seat, iid, ability, forecasted) is not None:
            continue
        for targets in target_combos(state, seat, ability.targets):
            if targets_pass(state, seat, ability.targets, targets, gold - ability.gold):
                out.append({"type": "ability", "card": iid, "ability": index, "targets": targets})


def played_and_forecasted(state: dict, seat: int) -> list[Card]:
    """What the ability options walk: ``seat``'s cards in play, then its
    forecasted ones."""
    return in_play(state, seat) + forecasted(state, seat)


ABILITY = Move(
    "ability", main_refusal, check_ability, do_ability, walked(played_and_forecasted, ability_each), ability_each
)
