"""Paying for a card and carrying out its effects: the payment (K9), the
choices an effect needs (its target, its opponent: K24, K27) and the
effects themselves (the pool's ``effect_ops``, game/c23/data/cards.json).
"""

from typing import Any

from game.kernel.errors import RulesError

from .state import (
    Action,
    Plan,
    State,
    alive,
    cdef,
    clockwise_from,
    cname,
    log,
    opponents,
    pname,
    power,
    rename,
    unique_in_play,
)
from .turns import check_losses, discard_from_play, draw, mill

# The effects that choose one card (K27: each card says whose cards it may touch).
TARGETED = ("discard_character", "tap", "untap", "power", "return_to_hand", "return_to_play")


def _resources_for(state: State, seat: int, colour: str, cost: int) -> list[str] | None:
    """A payment the engine picks: one untapped resource of ``colour``
    first, then any others, the other colours first (K9). None when there
    is no legal payment."""
    untapped = [i for i in state["players"][seat]["resources"] if not state["cards"][i]["tapped"]]
    if cost == 0:
        return []
    match = [i for i in untapped if cdef(state, i)["colour"] == colour]
    if not match or len(untapped) < cost:
        return None
    rest = [i for i in untapped if i != match[0]]
    rest.sort(key=lambda i: cdef(state, i)["colour"] == colour)
    return [match[0]] + rest[: cost - 1]


def check_payment(state: State, seat: int, iid: str, pay: Any) -> list[str]:
    """The resources that pay for card ``iid``: ``pay`` (a list of the
    seat's untapped resources) or, when None, the engine's choice. K9:
    exactly the card's cost, at least one of its colour; cost 0 needs none.
    Raises RulesError ``bad_payment`` or ``cannot_pay``."""
    card = cdef(state, iid)
    cost = card["cost"]
    if pay is None:
        chosen = _resources_for(state, seat, card["colour"], cost)
        if chosen is None:
            raise RulesError("cannot_pay", f"You can't pay {cost} with at least one {card['colour']} resource.")
        return chosen
    p = state["players"][seat]
    if (
        not isinstance(pay, list)
        or len(set(map(str, pay))) != len(pay)
        or any(not isinstance(r, str) or r not in p["resources"] or state["cards"][r]["tapped"] for r in pay)
    ):
        raise RulesError("bad_payment", "Pay with your own untapped resources, each once.")
    if len(pay) != cost:
        raise RulesError("bad_payment", f"That card costs {cost}.")
    if cost and not any(cdef(state, r)["colour"] == card["colour"] for r in pay):
        raise RulesError("bad_payment", f"At least one of the resources must be {card['colour']}.")
    return list(pay)


def check_effect_choices(state: State, seat: int, iid: str, action: Action) -> Plan:
    """Check the target and opponent of card ``iid``'s effect (K27: each
    card says whose cards it may touch; K24: "your opponent" is either other
    player, chosen when the card is played). Returns ``{"target",
    "opponent"}``. Raises RulesError ``bad_target`` or ``bad_opponent``."""
    plan: Plan = {"target": None, "opponent": None}
    for eff in cdef(state, iid)["effects"]:
        op = eff["op"]
        if eff.get("when") == "enters" and op != "mill":
            continue
        if op == "mill" and eff["who"] == "opponent":
            choices = opponents(state, seat)
            chosen = action.get("opponent")
            if chosen is None and len(choices) == 1:
                chosen = choices[0]
            if chosen not in choices or isinstance(chosen, bool):
                raise RulesError("bad_opponent", "Name which other player is your opponent for this card.")
            plan["opponent"] = chosen
        elif op in TARGETED:
            target = action.get("target")
            if target not in target_choices(state, seat, eff):
                raise RulesError("bad_target", "That is not a card this effect can choose.")
            plan["target"] = target
    return plan


def with_choices(state: State, seat: int, iid: str, base: Action) -> list[Action]:
    """``base`` (an action playing card ``iid``) with every target and
    opponent choice its effects need (:func:`check_effect_choices`), one
    action per combination; not yet checked."""
    targets: list[str | None] = [None]
    choices: list[int | None] = [None]
    for eff in cdef(state, iid)["effects"]:
        if eff.get("when") == "enters":
            if eff["op"] == "mill" and eff["who"] == "opponent" and len(opponents(state, seat)) > 1:
                choices = list(opponents(state, seat))
            continue
        if eff["op"] == "mill" and eff["who"] == "opponent" and len(opponents(state, seat)) > 1:
            choices = list(opponents(state, seat))
        elif eff["op"] in TARGETED:
            targets = list(target_choices(state, seat, eff))
    out = []
    for t in targets:
        for o in choices:
            a = dict(base)
            if t is not None:
                a["target"] = t
            if o is not None:
                a["opponent"] = o
            out.append(a)
    return out


def target_choices(state: State, seat: int, eff: dict[str, Any]) -> list[str]:
    """The cards effect ``eff`` of a card played by ``seat`` may choose
    (K27, per card; the pool's effect list in cards.json)."""
    op = eff["op"]
    everyone = [i for s in alive(state) for i in state["players"][s]["characters"]]
    me = state["players"][seat]
    if op == "discard_character":
        return [i for i in everyone if power(state, i) <= eff["max_power"]]
    if op == "tap":
        return [i for i in everyone if not state["cards"][i]["tapped"]]
    if op == "untap":
        return [i for i in me["characters"] if state["cards"][i]["tapped"]]
    if op == "power":
        combat = state["combat"]
        if combat is None:
            return []
        blockers = [b for b in state["players"][combat["defender"]]["characters"] if b in combat["blocks"]]
        return list(combat["attackers"]) + blockers
    if op in ("return_to_hand", "return_to_play"):
        return [i for i in me["discard"] if cdef(state, i)["type"] == "character"]
    return []


def resolve_effects(state: State, seat: int, iid: str, plan: Plan, when: str | None = None) -> None:
    """Carry out card ``iid``'s effects (those with ``when`` equal to
    ``when``: None for actions and combat cards, "enters" for a
    character's entering effects), then check for losses (K4)."""
    me = state["players"][seat]
    for eff in cdef(state, iid)["effects"]:
        if eff.get("when") != when:
            continue
        op = eff["op"]
        if op == "mill":
            if eff["who"] == "each":  # active player first, then clockwise (K21, K24)
                order = [seat] + [s for s in clockwise_from(state, seat) if s != seat]
            else:
                order = [plan["opponent"]]
            for s in order:
                mill(state, s, eff["n"])
        elif op == "draw":
            draw(state, seat, eff["n"])
        elif op == "discard_character":
            t = plan["target"]
            discard_from_play(state, t)
            log(state, f"{cname(state, t)} is discarded.", cards=[t])
        elif op == "tap":
            state["cards"][plan["target"]]["tapped"] = True
            log(state, f"{cname(state, plan['target'])} is tapped.", cards=[plan["target"]])
        elif op == "untap":
            state["cards"][plan["target"]]["tapped"] = False
            log(state, f"{cname(state, plan['target'])} is untapped.", cards=[plan["target"]])
        elif op == "power":
            mods = state["combat"]["mods"]
            mods[plan["target"]] = mods.get(plan["target"], 0) + eff["n"]
            owner = pname(state, state["cards"][plan["target"]]["owner"])
            log(
                state,
                f"{owner}'s {cname(state, plan['target'])} gets {eff['n']:+d} power this combat.",
                cards=[plan["target"]],
            )
        elif op == "return_to_hand":
            t = plan["target"]
            # Told while the card is still face up in the discard pile (K19).
            log(state, f"{me['name']} takes {cname(state, t)} from the discard pile into their hand.", cards=[t])
            me["discard"].remove(t)
            me["hand"].append(rename(state, t))
            me["revealed"] = False
        elif op == "return_to_play":
            t = plan["target"]
            name = cname(state, t)
            if cdef(state, t)["unique"] and unique_in_play(state, name):
                log(state, f"{name} is unique and a copy is in play: it stays in the discard pile.", cards=[t])
                continue
            me["discard"].remove(t)
            me["characters"].append(t)
            state["cards"][t].update(tapped=False, entered=state["turn"])
            log(state, f"{me['name']} puts {name} from the discard pile in play.", cards=[t])
    check_losses(state)
