"""Attacking, patrolling and revealing with a Tower: the moves, with who
may take them, their checks, changes and options (Deluxe rulebook,
"Attacking", "Patrol zone"; house rule R10; the map's ``restricts patrol``)."""

from .. import stats
from ..cards import registry
from ..combat import declare_attack
from ..effects import pay
from ..state import PATROL_SLOTS, card_of, is_opponent, log, name, patrol_slot, player, seat_name
from ..targeting import attack_targets, attack_tax, held_fast, hidden_from, patrol_refusal
from .base import Card, Move, Refusal, arrival_fatigued, controlled_in_play, fail, in_play, main_refusal, walked


def check_attack(state: dict, seat: int, action: dict) -> tuple:
    """Attack with a ready unit or hero (rulebook "Attacking"): not
    exhausted, no arrival fatigue unless haste, readiness allows one attack a
    turn, and the target must be legal under the patrol rules. Returns
    ``(attacker, target)``."""
    attacker = check_attacker(state, seat, action)
    target = action.get("target")
    if target not in attack_targets(state, attacker):
        fail("bad_target", "That target can't be attacked now (patrollers or evasion rules).")
    return attacker, target


def check_attacker(state: dict, seat: int, action: dict) -> str:
    """Everything :func:`check_attack` checks but the target (none of it
    depends on it); returns the attacker's id. legal_actions checks an
    attacker once this way before listing its targets."""
    attacker = action.get("attacker")
    refusal = attacker_refusal(state, seat, attacker)
    if refusal is not None:
        fail(*refusal)
    return attacker


def attacker_refusal(state: dict, seat: int, attacker: object) -> Refusal:
    """Why ``attacker`` (any value) can't attack for ``seat`` now, as
    ``(code, message)``, or None: :func:`check_attacker`'s refusals after
    the main-phase test, in its order. legal_actions asks it of each of
    the seat's ready units and heroes in its main phase (issue 13)."""
    inst = controlled_in_play(state, seat, attacker)
    if inst is None:
        return "not_in_play", "You don't control that attacker."
    if not stats.is_character(state, attacker):
        return "cannot_attack", "Only units and heroes attack."
    return character_attack_refusal(state, attacker, inst)


def character_attack_refusal(state: dict, attacker: str, inst: dict) -> Refusal:
    """:func:`attacker_refusal`'s refusals once ``attacker`` is known to be
    a unit or hero in play under its seat's control (``inst``, its
    instance), as ``(code, message)`` or None, in its order: it may attack
    at all (hook ``can_attack``), nothing holds it fast (``restricts attack_and_patrol``), it
    is ready, without arrival fatigue, and has not attacked yet when it
    has readiness. legal_actions asks it of the seat's own ready units and
    heroes, which are all that (issue 13)."""
    if not registry.ask(state, "can_attack", attacker, True):
        return "cannot_attack", "That card can't attack."
    if held_fast(state, attacker):
        return "cannot_attack", "That card is held fast and can't attack."
    if inst["exhausted"]:
        return "exhausted", "That card is exhausted."
    if arrival_fatigued(state, attacker):
        return "arrival_fatigue", "That card arrived this turn and can't attack yet."
    if stats.kw(state, attacker, "readiness") and inst["attacks"] >= 1:
        return "already_attacked", "It already attacked this turn."
    return None


def do_attack(state: dict, seat: int, plan: tuple) -> None:
    """Pay any tax to attack the target, then declare the attack (combat.py)."""
    tax = attack_tax(state, *plan)
    if tax:
        pay(state, seat, tax)
        log(state, f"{seat_name(state, seat)} paid {tax} gold to attack {name(state, plan[1])}.", cards=[plan[1]])
    declare_attack(state, *plan)


def check_patrol(state: dict, seat: int, action: dict) -> tuple:
    """Arrange the patrol zone during your main phase: put a ready unit or
    hero into a slot (swapping out its occupant) or take it out (slot None).
    What may stand in a slot: :func:`patrol_refusal`; then what the game's
    map allows (``restricts patrol``: one card at most in the zone, code
    ``one_patroller``).
    Returns ``(iid, slot)``."""
    iid, slot = action.get("card"), action.get("slot")
    refusal = patrol_move_refusal(state, seat, iid, slot)
    if refusal is not None:
        fail(*refusal)
    return iid, slot


def patrol_move_refusal(state: dict, seat: int, iid: object, slot: object) -> Refusal:
    """Why ``seat`` can't put ``iid`` into patrol slot ``slot`` (None: take
    it off patrol) now, as ``(code, message)``, or None:
    :func:`check_patrol`'s refusals after the main-phase test, in its
    order. legal_actions asks it of each move it lists, in the seat's main
    phase (issue 13)."""
    if controlled_in_play(state, seat, iid) is None:
        return "not_in_play", "You don't control that card."
    if not stats.is_character(state, iid):
        return "cannot_patrol", "Only units and heroes patrol."
    if slot is not None and slot not in PATROL_SLOTS:
        return "bad_slot", "Unknown patrol slot."
    refusal = patrol_refusal(state, seat, iid) if slot is not None else None
    if refusal is not None:
        return refusal
    if slot is not None:
        refusal = registry.global_says(state, "restricts:patrol", seat, iid, slot, None)
        if refusal:
            return refusal
    if player(state, seat)["patrol"].get(slot) == iid:
        return "no_change", "It is already there."
    if slot is None and patrol_slot(state, iid) is None:
        return "no_change", "It is not patrolling."
    return None


def do_patrol(state: dict, seat: int, plan: tuple) -> None:
    """Move the card into its slot (the slot's occupant leaves the patrol
    zone) or off patrol."""
    iid, slot = plan
    p = player(state, seat)
    old = patrol_slot(state, iid)
    if old:
        p["patrol"][old] = None
    if slot:
        replaced = p["patrol"][slot]
        p["patrol"][slot] = iid
        instead = f", replacing {name(state, replaced)}" if replaced else ""  # it leaves the patrol zone
        log(
            state,
            f"{seat_name(state, seat)} put {name(state, iid)} in the {slot.replace('_', ' ')} slot{instead}.",
            cards=[iid] + ([replaced] if replaced else []),
        )
    else:
        log(state, f"{seat_name(state, seat)} took {name(state, iid)} off patrol.", cards=[iid])


def check_reveal(state: dict, seat: int, action: dict) -> str:
    """Reveal an opposing invisible thing with your Tower during your own
    main phase (house rule R10): the Tower must be finished and its
    once-a-turn detect unused, and the target must be an opposing invisible
    thing you can't see now. It stays revealed (targetable, attackable) for
    the rest of the turn (Tower ruling). Returns the target's id.

    Raises ``no_tower``, ``tower_used`` or ``bad_target``.
    """
    refusal = tower_refusal(state, seat)
    if refusal is not None:
        fail(*refusal)
    target = action.get("target")
    if not revealable(state, seat, target):
        fail("bad_target", "Choose an opposing invisible thing you can't see now.")
    return target


def revealable(state: dict, seat: int, target: object) -> bool:
    """True when ``target`` is what ``seat``'s Tower may reveal (house rule
    R10): a card in play hidden from ``seat`` (targeting.hidden_from: an
    opposing invisible thing not revealed this turn, and no detector).
    The part of :func:`check_reveal` that depends on the target:
    legal_actions asks it of each candidate once tower_refusal and the
    main phase let a reveal through (issue 13)."""
    inst = state["cards"].get(target) if isinstance(target, str) else None
    return inst is not None and inst["zone"] == "play" and hidden_from(state, target, seat)


def tower_refusal(state: dict, seat: int) -> Refusal:
    """Why ``seat``'s Tower can't reveal anything now (house rule R10), as
    ``(code, message)``, or None: :func:`check_reveal`'s refusals that do
    not depend on the target, in its order. legal_actions asks it once
    for all the targets (issue 13)."""
    addon = player(state, seat)["buildings"]["addon"]
    if addon is None or addon["id"] != "tower" or not addon["done"]:
        return "no_tower", "You need a finished Tower to reveal things."
    if addon.get("detect_turn") == state["turn"]:
        return "tower_used", "Your Tower already revealed something this turn."
    return None


def do_reveal(state: dict, seat: int, target: str) -> None:
    """Use the Tower's detect this turn: ``target`` is revealed for the turn."""
    player(state, seat)["buildings"]["addon"]["detect_turn"] = state["turn"]
    card_of(state, target)["marks"]["revealed"] = state["turn"]
    log(state, f"{seat_name(state, seat)}'s Tower revealed {name(state, target)}.", cards=[target])


def attack_each(state: dict, seat: int, card: Card, out: list) -> None:
    """Append every legal attack of card ``iid`` in ``seat``'s play: a
    ready unit or hero that passes :func:`character_attack_refusal` (all
    that check_attacker asks of it) against each of its attack_targets
    (what check_attack asks of the target; issue 13)."""
    iid, inst, rec = card
    kind = rec["kind"]  # stats.is_character, read from the record
    if (
        (kind == "hero" or kind == "unit")
        and not inst["exhausted"]
        and character_attack_refusal(state, iid, inst) is None
    ):
        out += [{"type": "attack", "attacker": iid, "target": t} for t in attack_targets(state, iid)]


def patrol_each(state: dict, seat: int, card: Card, out: list) -> None:
    """Append every legal patrol move of card ``iid`` in ``seat``'s play
    when it is a unit or hero: into each slot it is not in (the refusal is
    the card's, targeting.patrol_refusal, all that
    :func:`patrol_move_refusal` asks here; when the game's map restricts
    patrols the verdict depends on the slot), and off patrol when it
    patrols (never refused)."""
    iid, _, rec = card
    if rec["kind"] != "hero" and rec["kind"] != "unit":
        return
    current = patrol_slot(state, iid)
    slots = [slot for slot in PATROL_SLOTS if slot != current]
    if registry.global_answers(state, "restricts:patrol"):  # the verdict depends on the slot
        out += [
            {"type": "patrol", "card": iid, "slot": slot}
            for slot in slots
            if patrol_move_refusal(state, seat, iid, slot) is None
        ]
    elif patrol_refusal(state, seat, iid) is None:  # all patrol_move_refusal asks here
        out += [{"type": "patrol", "card": iid, "slot": slot} for slot in slots]
    if current:  # patrol_move_refusal refuses nothing: it leaves the slot it is in
        out.append({"type": "patrol", "card": iid, "slot": None})


def reveal_options(state: dict, seat: int) -> list:
    """Every legal reveal of ``seat`` (house rule R10): none while
    :func:`tower_refusal` refuses; else each opponent's card in play that
    :func:`revealable` accepts (only an opponent's card can be hidden from
    ``seat``, targeting.hidden_from)."""
    if tower_refusal(state, seat) is not None:
        return []
    return [
        {"type": "reveal", "target": i}
        for q in state["players"]
        if is_opponent(state, seat, q["seat"])
        for i in q["play"]
        if revealable(state, seat, i)
    ]


ATTACK = Move("attack", main_refusal, check_attack, do_attack, walked(in_play, attack_each), attack_each)
PATROL = Move("patrol", main_refusal, check_patrol, do_patrol, walked(in_play, patrol_each), patrol_each)
REVEAL = Move("reveal", main_refusal, check_reveal, do_reveal, reveal_options)
