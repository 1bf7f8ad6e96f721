"""The moves that answer the combat's questions: the defender's blocks
(B), a combat card (C) and the attacking player's choice of blockers to
discard (D) ("Your Turn" 5; K11, K12, K14, K16). Passing in step C is the
``pass`` move (game/c23/turn_moves.py).
"""

import itertools

from game.kernel.errors import RulesError
from game.kernel.game import Move

from .checks import asked, in_hand, passing, prompt_for
from .combat import ask_next_assignment, discard_sets, next_combat_window, open_combat_window
from .effects import check_effect_choices, check_payment, resolve_effects, with_choices
from .state import Action, Plan, State, cdef, cname, log, pname, tap_all

MAX_BLOCK_COMBOS = 64


def check_block(state: State, seat: int, action: Action) -> Plan:
    """Step 5 B: ``blocks`` maps each blocker (an untapped character of the
    defender) to the attacker it blocks; several may block one attacker;
    none is allowed (K14; "B. Block")."""
    prompt_for(state, seat, "block")
    combat = state["combat"]
    blocks = action.get("blocks", {})
    if not isinstance(blocks, dict):
        raise RulesError("bad_blocks", "blocks maps a blocker to the attacker it blocks.")
    mine = state["players"][seat]["characters"]
    for b, a in blocks.items():
        if b not in mine:
            raise RulesError("bad_blocks", "Only your own characters block.")
        if state["cards"][b]["tapped"]:
            raise RulesError("tapped_blocker", f"{cname(state, b)} is tapped and can't block.")
        if a not in combat["attackers"]:
            raise RulesError("bad_blocks", "A blocker blocks one of the attacking characters.")
    return {"blocks": {b: blocks[b] for b in mine if b in blocks}}


def do_block(state: State, seat: int, plan: Plan) -> None:
    """Tap the blockers; step C begins with the defender (K11)."""
    combat = state["combat"]
    combat["blocks"] = plan["blocks"]
    tap_all(state, list(plan["blocks"]))
    state["prompt"] = None
    if plan["blocks"]:
        for b, a in plan["blocks"].items():
            log(state, f"{cname(state, b)} blocks {cname(state, a)}.", cards=[b, a])
    else:
        log(state, f"{pname(state, seat)} does not block.")
    open_combat_window(state, "defender")


def block_options(state: State, seat: int) -> list[Action]:
    """Step 5 B's options: every assignment of the untapped characters to
    the attackers when there are at most MAX_BLOCK_COMBOS, else no block,
    each single block, and one blocker per attacker."""
    combat = state["combat"]
    blockers = [b for b in state["players"][seat]["characters"] if not state["cards"][b]["tapped"]]
    attackers = combat["attackers"]
    out: list[Action] = []
    if (len(attackers) + 1) ** len(blockers) <= MAX_BLOCK_COMBOS:
        for combo in itertools.product([None] + attackers, repeat=len(blockers)):
            out.append({"type": "block", "blocks": {b: a for b, a in zip(blockers, combo, strict=True) if a}})
    else:
        out.append({"type": "block", "blocks": {}})
        out.extend({"type": "block", "blocks": {b: a}} for b in blockers for a in attackers)
        out.append({"type": "block", "blocks": dict(zip(blockers, attackers, strict=False))})
    return out


def check_combat_card(state: State, seat: int, action: Action) -> Plan:
    """Step 5 C: play a combat card from hand, paid like an action (K9,
    "C. Combat"), targeting a character in this combat (K11, K12)."""
    prompt_for(state, seat, "combat_card")
    iid = in_hand(state, seat, action)
    if cdef(state, iid)["type"] != "combat":
        raise RulesError("not_combat_card", "Only combat cards are played in step C.")
    choices = check_effect_choices(state, seat, iid, action)
    pay = check_payment(state, seat, iid, action.get("pay"))
    return {"card": iid, "pay": pay, **choices}


def do_combat_card(state: State, seat: int, plan: Plan) -> None:
    """Pay, resolve the card, and ask again or move the combat on (K11)."""
    combat = state["combat"]
    p = state["players"][seat]
    tap_all(state, plan["pay"])
    p["hand"].remove(plan["card"])
    p["revealed"] = False
    p["discard"].append(plan["card"])
    combat["played"][combat["stage"]] += 1
    log(state, f"{p['name']} plays {cname(state, plan['card'])}.", cards=[plan["card"]])
    resolve_effects(state, seat, plan["card"], plan)
    if state["combat"] is not None:
        next_combat_window(state, passed=False)


def combat_cards(state: State, seat: int) -> list[Action]:
    """Step 5 C's options: each combat card in hand with each target, when legal."""
    out = []
    for iid in state["players"][seat]["hand"]:
        if cdef(state, iid)["type"] == "combat":
            base: Action = {"type": "combat_card", "card": iid}
            out.extend(passing(check_combat_card, state, seat, with_choices(state, seat, iid, base)))
    return out


def check_assign(state: State, seat: int, action: Action) -> Plan:
    """Step 5 D: the attacking player's pick of blockers to discard (K16)."""
    prompt_for(state, seat, "assign")
    chosen = action.get("discard")
    attacker = state["prompt"]["attacker"]
    if not isinstance(chosen, list):
        raise RulesError("bad_assign", "discard lists the blockers to discard.")
    options = discard_sets(state, attacker)
    wanted = sorted(map(str, chosen))
    match = next((o for o in options if sorted(o) == wanted), None)
    if match is None or len(set(wanted)) != len(wanted):
        raise RulesError("bad_assign", "Choose blockers of this attacker whose power together is at most its own.")
    return {"attacker": attacker, "discard": match}


def do_assign(state: State, seat: int, plan: Plan) -> None:
    """Note the choice; the next attacker pending, or the combat resolves."""
    combat = state["combat"]
    combat["chosen"][plan["attacker"]] = plan["discard"]
    combat["pending"].pop(0)
    ask_next_assignment(state)


def assignments(state: State, seat: int) -> list[Action]:
    """Step 5 D's options: each set of blockers the attacker may discard."""
    return [{"type": "assign", "discard": s} for s in discard_sets(state, state["prompt"]["attacker"])]


BLOCK = Move("block", ("blocks",), check_block, do_block, block_options, lambda s, seat: asked(s, seat, "block"))
COMBAT_CARD = Move(
    "combat_card",
    ("card", "pay", "target", "opponent"),
    check_combat_card,
    do_combat_card,
    combat_cards,
    lambda s, seat: asked(s, seat, "combat_card"),
)
ASSIGN = Move("assign", ("discard",), check_assign, do_assign, assignments, lambda s, seat: asked(s, seat, "assign"))
