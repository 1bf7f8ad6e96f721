"""The free-for-all's own moves: repairing a base, lending a patroller and
ending the lending step, with who may take them, their checks, changes and
options (house rules R24, R26)."""

from ..effects import base_id, building_record, pay, repair_building
from ..freeforall import REPAIR_COST, REPAIR_HP, is_ffa, lend, lend_options, lend_problem
from ..state import log, player, seat_name
from ..turns import finish_turn
from .base import Move, Refusal, fail, main_refusal


def repair_who(state: dict, seat: int) -> Refusal:
    """Who may repair: ``not_ffa`` in other modes, then the main-phase test."""
    if not is_ffa(state):
        return "not_ffa", "Repairing your base is a free-for-all rule."
    return main_refusal(state, seat)


def repair_refusal(state: dict, seat: int) -> Refusal:
    """Why ``seat`` can't repair once :func:`repair_who` lets it through:
    ``undamaged`` or ``not_enough_gold``; or None."""
    if building_record(state, base_id(state, seat))["damage"] <= 0:
        return "undamaged", "Your base has no damage to repair."
    gold = player(state, seat)["gold"]
    if gold < REPAIR_COST:
        return "not_enough_gold", f"Repairing 1 damage costs {REPAIR_COST} gold; you have {gold}."
    return None


def check_repair(state: dict, seat: int, action: dict) -> None:
    """Repair your base in a free-for-all: during your main phase, any
    number of times, 3 gold removes 1 damage (house rule R24). Raises
    ``undamaged`` when your base has no damage, ``not_enough_gold``
    (``not_ffa`` and ``not_your_turn`` come from :func:`repair_who`)."""
    refusal = repair_refusal(state, seat)
    if refusal is not None:
        fail(*refusal)


def do_repair(state: dict, seat: int, _plan: None) -> None:
    """Pay and remove 1 damage from the base (house rule R24)."""
    pay(state, seat, REPAIR_COST)
    repair_building(state, base_id(state, seat), REPAIR_HP)


def repair_options(state: dict, seat: int) -> list:
    """The repair, in a free-for-all when :func:`repair_refusal` lets it
    through (the mode asked here too: the listing asks it in the main
    phase's group, actions.table)."""
    return [{"type": "repair"}] if is_ffa(state) and repair_refusal(state, seat) is None else []


def lending_refusal(state: dict, seat: int) -> Refusal:
    """Why ``seat`` may not lend now, or None in its lending step (after
    its main phase in a free-for-all, house rule R26) with no question
    open: ``prompt_pending``, ``not_lending``."""
    if state["prompt"] is not None:
        return "prompt_pending", "Answer the open question first."
    if state["phase"] != "lend" or seat != state["active"]:
        return "not_lending", "You may lend only right after your own main phase (free-for-all)."
    return None


def check_lend(state: dict, seat: int, action: dict) -> tuple:
    """Lend a ready unit or hero you control into another player's empty
    patrol slot, in your lending step (house rule R26):
    ``{"type": "lend", "card": id, "to": seat, "slot": slot}``. Raises
    ``not_in_play``, ``bad_lend``, ``bad_slot``, ``slot_taken``,
    ``exhausted``, ``cannot_patrol`` (freeforall.lend_problem). Returns
    ``(iid, borrower, slot)``."""
    iid, borrower, slot = action.get("card"), action.get("to"), action.get("slot")
    problem = lend_problem(state, seat, iid, borrower, slot)
    if problem is not None:
        fail(*problem)
    return iid, borrower, slot


def do_lend(state: dict, seat: int, plan: tuple) -> None:
    """Lend the card (freeforall.lend)."""
    iid, borrower, slot = plan
    lend(state, seat, iid, borrower, slot)


def lend_move_options(state: dict, seat: int) -> list:
    """Every legal lend of ``seat``: the candidates freeforall.lend_options
    lists, each one freeforall.lend_problem (all check_lend asks) accepts."""
    return [{"type": "lend", "card": iid, "to": to, "slot": slot} for iid, to, slot in lend_options(state, seat)]


def check_end_lending(state: dict, seat: int, action: dict) -> None:
    """Finish your lending step (house rule R26); the draw phase and the end
    of the turn follow. Nothing to check once :func:`lending_refusal` lets
    ``seat`` through."""
    return None


def do_end_lending(state: dict, seat: int, _plan: None) -> None:
    """Log it and finish the turn."""
    log(state, f"{seat_name(state, seat)} finished lending.")
    finish_turn(state)


def end_lending_options(state: dict, seat: int) -> list:
    """Ending the lending step, never refused in it."""
    return [{"type": "end_lending"}]


REPAIR = Move("repair", repair_who, check_repair, do_repair, repair_options)
LEND = Move("lend", lending_refusal, check_lend, do_lend, lend_move_options)
END_LENDING = Move("end_lending", lending_refusal, check_end_lending, do_end_lending, end_lending_options)
