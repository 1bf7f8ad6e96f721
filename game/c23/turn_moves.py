"""The moves of the active player's own turn: a resource in step 3, cards
and the attack in steps 4-5 A, ending the turn, and passing (step 3, or a
combat card in step C) ("Your Turn"; K8-K10, K13, K18, K20).
"""

from game.kernel.errors import RulesError
from game.kernel.game import Move

from .checks import asked, in_hand, in_step, own_turn, passing
from .combat import next_combat_window, open_combat_window
from .effects import check_effect_choices, check_payment, resolve_effects, with_choices
from .state import (
    Action,
    Plan,
    State,
    can_attack,
    cdef,
    cname,
    left_of,
    log,
    name_list,
    pname,
    tap_all,
    unique_in_play,
)
from .turns import end_turn


def check_play_resource(state: State, seat: int, action: Action) -> Plan:
    """Step 3: put one resource from hand in play, free (K8)."""
    if state["step"] == "main" and seat == state["active"] and state["prompt"] is None:
        raise RulesError("resource_step_over", "Resources go in play only at step 3, before actions.")
    own_turn(state, seat, "resource")
    iid = in_hand(state, seat, action)
    if cdef(state, iid)["type"] != "resource":
        raise RulesError("not_a_resource", "That card is not a resource.")
    return {"card": iid}


def do_play_resource(state: State, seat: int, plan: Plan) -> None:
    """Put the resource in play; step 4 begins (K8)."""
    p = state["players"][seat]
    p["hand"].remove(plan["card"])
    p["revealed"] = False
    p["resources"].append(plan["card"])
    state["cards"][plan["card"]].update(tapped=False, entered=state["turn"])
    p["resource_played"] = True
    log(state, f"{p['name']} puts {cname(state, plan['card'])} in play.", cards=[plan["card"]])
    state["step"] = "main"


def resources_in_hand(state: State, seat: int) -> list[Action]:
    """Step 3's options: each resource in hand."""
    hand = state["players"][seat]["hand"]
    return [{"type": "play_resource", "card": i} for i in hand if cdef(state, i)["type"] == "resource"]


def check_pass(state: State, seat: int, action: Action) -> Plan:
    """Pass: skip step 3 (no resource this turn), or decline a combat card
    in step C (K11)."""
    prompt = state["prompt"]
    if prompt is not None:
        if prompt["seat"] != seat:
            raise RulesError("not_your_prompt", "The open question is for another player.")
        if prompt["kind"] != "combat_card":
            raise RulesError("cannot_pass", "Answer this question; it has no pass.")
        return {"prompt": "combat_card"}
    own_turn(state, seat, "resource")
    return {"prompt": None}


def do_pass(state: State, seat: int, plan: Plan) -> None:
    """Step 4 begins, or the combat goes on to the next window (K11)."""
    if plan["prompt"] is None:
        log(state, f"{pname(state, seat)} puts no resource in play.")
        state["step"] = "main"
        return
    log(state, f"{pname(state, seat)} plays no combat card.")
    next_combat_window(state, passed=True)


def may_pass(state: State, seat: int) -> bool:
    """Step 3 of ``seat``'s turn, or a combat card asked of it."""
    return in_step(state, seat, "resource") or asked(state, seat, "combat_card")


def check_play(state: State, seat: int, action: Action) -> Plan:
    """Step 4: play an action or put a character in play, any number, in
    any order, only on your own turn (K10; "Your Turn" 4). Paid by K9;
    a unique character can't come in while any copy is in play (K20)."""
    own_turn(state, seat, "main")
    iid = in_hand(state, seat, action)
    card = cdef(state, iid)
    if card["type"] == "resource":
        raise RulesError("resource_step_over", "Resources go in play only at step 3.")
    if card["type"] == "combat":
        raise RulesError("combat_only", "Combat cards are played only in step C of an attack.")
    if card["type"] == "character" and card["unique"] and unique_in_play(state, card["name"]):
        raise RulesError("unique_in_play", f"{card['name']} is unique and a copy is already in play.")
    choices = check_effect_choices(state, seat, iid, action)
    pay = check_payment(state, seat, iid, action.get("pay"))
    return {"card": iid, "pay": pay, **choices}


def do_play(state: State, seat: int, plan: Plan) -> None:
    """Pay, then the character enters play (its entering effects resolve)
    or the action resolves and goes to the discard pile."""
    p = state["players"][seat]
    iid = plan["card"]
    card = cdef(state, iid)
    tap_all(state, plan["pay"])
    p["hand"].remove(iid)
    p["revealed"] = False
    if card["type"] == "character":
        p["characters"].append(iid)
        state["cards"][iid].update(tapped=False, entered=state["turn"])
        log(state, f"{p['name']} puts {card['name']} (power {card['power']}) in play.", cards=[iid])
        resolve_effects(state, seat, iid, plan, when="enters")
    else:
        p["discard"].append(iid)
        log(state, f"{p['name']} plays {card['name']}.", cards=[iid])
        resolve_effects(state, seat, iid, plan)


def playable(state: State, seat: int) -> list[Action]:
    """Step 4's options: each character or action in hand with each choice
    its effects need, payment left to the engine, when legal."""
    out = []
    for iid in state["players"][seat]["hand"]:
        if cdef(state, iid)["type"] in ("character", "action"):
            out.extend(passing(check_play, state, seat, with_choices(state, seat, iid, {"type": "play", "card": iid})))
    return out


def check_attack(state: State, seat: int, action: Action) -> Plan:
    """Step 5 A: declare every attacker at once, untapped characters only
    (K13, K18; "A. Attack"); the attack goes to the player on the left (K24)."""
    own_turn(state, seat, "main")
    attackers = action.get("attackers")
    mine = state["players"][seat]["characters"]
    if (
        not isinstance(attackers, list)
        or not attackers
        or len(set(map(str, attackers))) != len(attackers)
        or any(not isinstance(a, str) or a not in mine for a in attackers)
    ):
        raise RulesError("bad_attackers", "Name one or more of your characters in play, each once.")
    for a in attackers:
        if not can_attack(state, a):
            why = "is tapped" if state["cards"][a]["tapped"] else "came into play this turn (this table's option)"
            raise RulesError("cannot_attack", f"{cname(state, a)} {why}.")
    return {"attackers": [a for a in mine if a in attackers]}


def do_attack(state: State, seat: int, plan: Plan) -> None:
    """Tap the attackers and open the combat; the defender is asked to
    block when it has an untapped character (K14), else step C begins."""
    defender = left_of(state, seat)
    tap_all(state, plan["attackers"])
    state["step"] = "attack"
    state["combat"] = {
        "attacker": seat,
        "defender": defender,
        "attackers": plan["attackers"],
        "blocks": {},
        "stage": "block",
        "played": {"defender": 0, "attacker": 0},
        "mods": {},
        "pending": [],
        "chosen": {},
    }
    log(
        state,
        f"{pname(state, seat)} attacks {pname(state, defender)} with "
        f"{name_list(cname(state, a) for a in plan['attackers'])}.",
        cards=plan["attackers"],
    )
    blockers = [b for b in state["players"][defender]["characters"] if not state["cards"][b]["tapped"]]
    if blockers:
        state["prompt"] = {
            "seat": defender,
            "kind": "block",
            "text": "Choose your blockers (each blocks one attacker), or none.",
        }
    else:
        # Said in so many words: only untapped characters block (K14, K18), so
        # the defender is not asked; a newcomer waited for a question.
        log(
            state,
            f"{pname(state, defender)} has no untapped character, so is not asked to block "
            "(only untapped characters block).",
        )
        open_combat_window(state, "defender")


def attacks(state: State, seat: int) -> list[Action]:
    """Step 5 A's options: each ready character alone, and all of them."""
    ready = [c for c in state["players"][seat]["characters"] if can_attack(state, c)]
    out: list[Action] = [{"type": "attack", "attackers": [c]} for c in ready]
    if len(ready) > 1:
        out.append({"type": "attack", "attackers": ready})
    return out


def check_end_turn(state: State, seat: int, action: Action) -> Plan:
    """End the turn at step 4 without attacking (step 5 is optional:
    "If you don't have a character in play, go on to the next step")."""
    if state["step"] == "resource":
        own_turn(state, seat, "resource")
    else:
        own_turn(state, seat, "main")
    return {}


def do_end_turn(state: State, seat: int, plan: Plan) -> None:
    """Step 6 (game/c23/turns.py)."""
    log(state, f"{pname(state, seat)} ends the turn.")
    end_turn(state)


def _main(state: State, seat: int) -> bool:
    return in_step(state, seat, "main")


def _resource(state: State, seat: int) -> bool:
    return in_step(state, seat, "resource")


PLAY_RESOURCE = Move("play_resource", ("card",), check_play_resource, do_play_resource, resources_in_hand, _resource)
PASS = Move("pass", (), check_pass, do_pass, lambda state, seat: [{"type": "pass"}], may_pass)
PLAY = Move("play", ("card", "pay", "target", "opponent"), check_play, do_play, playable, _main)
ATTACK = Move("attack", ("attackers",), check_attack, do_attack, attacks, _main)
END_TURN = Move("end_turn", (), check_end_turn, do_end_turn, lambda state, seat: [{"type": "end_turn"}], _main)
