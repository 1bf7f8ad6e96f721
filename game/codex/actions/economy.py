"""Hiring workers, summoning heroes and levelling them up: the moves, with
who may take them, their checks, changes and options (Deluxe rulebook,
"Hiring workers", "Heroes"; house rules R1, R13; the game's map through
the registry)."""

from .. import catalog, stats
from ..cards import registry
from ..effects import pay
from ..heroes import barred_for_good, can_level, gain_levels
from ..play import enter_play
from ..specs import hero_limit
from ..state import card_of, log, move, name, player, seat_name
from ..turns import worker_count
from .base import Card, Lister, Move, Refusal, controlled_in_play, fail, hand_subjects, in_play, main_refusal, walked
from .costs import HERO_COST, hire_cost


def check_hire(state: dict, seat: int, action: dict) -> str | None:
    """Hire a worker: gold (:func:`hire_cost`) and a card from hand, face
    down; once a turn (a free hire too, by its card's ruling). The game's
    map may lift the limit (``grants hire_again``) or take the card away
    (``restricts hire_card``: the action names none, ``bad_action`` if it
    does).
    Returns the card's id (None: no card)."""
    iid = action.get("card")
    refusal = hire_refusal(state, seat, iid)
    if refusal is not None:
        fail(*refusal)
    return iid


def hire_takes_no_card(state: dict, seat: int):
    """The sentence refusing a hire of ``seat`` that names a card when the
    game's map makes hires take none (``restricts hire_card``), else None."""
    return registry.global_says(state, "restricts:hire_card", seat)


def hire_refusal(state: dict, seat: int, iid: object) -> Refusal:
    """Why ``seat`` can't hire a worker with hand card ``iid`` (None: no
    card) now, as ``(code, message)``, or None: :func:`check_hire`'s
    refusals after the main-phase test, in its order. legal_actions asks
    it in the seat's main phase (issue 13)."""
    p = player(state, seat)
    no_card = hire_takes_no_card(state, seat)
    if no_card:
        if iid is not None:
            return "bad_action", no_card
    elif iid not in p["hand"]:
        return "not_in_hand", "Choose a card from your hand."
    if p["hired_this_turn"] and not registry.global_says(state, "grants:hire_again", seat):
        return "already_hired", "You already hired a worker this turn."
    cost = hire_cost(state, seat)
    if p["gold"] < cost:
        return "not_enough_gold", f"Hiring a worker costs {cost} gold; you have {p['gold']}."
    return None


def do_hire(state: dict, seat: int, iid: str | None) -> None:
    """Pay and put hand card ``iid`` among the workers (None: one more
    worker without a card, when the map takes none)."""
    p = player(state, seat)
    pay(state, seat, hire_cost(state, seat))
    p["hired_this_turn"] = True
    if iid is None:  # the map takes no card: one more worker
        p["base_workers"] += 1
    else:
        move(state, iid, "workers")
    log(state, f"{seat_name(state, seat)} hired a worker ({worker_count(state, seat)} now).")


def hire_each(state: dict, seat: int, iid: str | None, out: list) -> None:
    """Append the hire with hand card ``iid`` (None: the hire without a
    card, only when the map takes none) when legal (the lister
    :func:`hire_lister` picks, asked anew)."""
    lister = hire_lister(state, seat)
    if lister is not None:
        lister(state, seat, iid, out)


def hire_lister(state: dict, seat: int) -> Lister | None:
    """The lister of the hires a walk over :func:`~.base.hand_subjects`
    lists now, or None when it lists none: whether a hire is refused does
    not depend on the hand card, so it is asked once, with the first one
    (the hire without a card when the map takes none; issue 13)."""
    if hire_takes_no_card(state, seat):
        return _hire_without_card if hire_refusal(state, seat, None) is None else None
    hand = state["players"][seat]["hand"]
    return _hire_with_card if hand and hire_refusal(state, seat, hand[0]) is None else None


def _hire_without_card(state: dict, seat: int, iid: str | None, out: list) -> None:
    """Append the hire without a card for the walk's first subject (None)."""
    if iid is None:
        out.append({"type": "hire"})


def _hire_with_card(state: dict, seat: int, iid: str | None, out: list) -> None:
    """Append the hire with hand card ``iid`` (nothing for None)."""
    if iid is not None:
        out.append({"type": "hire", "card": iid})


def check_summon(state: dict, seat: int, action: dict) -> str:
    """Summon a hero from the command zone for 2 gold (house rule R1), within
    the hero limit, unless it died too recently (house rule R13). Returns
    the hero's id."""
    iid = action.get("hero")
    refusal = summon_refusal(state, seat, iid)
    if refusal is not None:
        fail(*refusal)
    return iid


def summon_refusal(state: dict, seat: int, iid: object) -> Refusal:
    """Why ``seat`` can't summon hero ``iid`` now, as ``(code, message)``,
    or None: :func:`check_summon`'s refusals after the main-phase test, in
    its order. legal_actions asks it in the seat's main phase (issue 13)."""
    p = player(state, seat)
    if iid not in p["command"]:
        return "not_in_command_zone", "That hero is not in your command zone."
    hero = card_of(state, iid)["card"]
    gone = barred_for_good(state, seat, hero)
    if gone:
        return "hero_gone", gone
    if p["hero_ready_after"].get(hero, 0) > p["turns_ended"]:
        return "hero_cooldown", "That hero died too recently to return yet."
    heroes_in_play = sum(1 for i in p["play"] if stats.is_hero(state, i))
    if heroes_in_play >= hero_limit(state, seat):
        return "hero_limit", "You already have as many heroes in play as you may."
    if p["gold"] < HERO_COST:
        return "not_enough_gold", f"Summoning a hero costs {HERO_COST} gold; you have {p['gold']}."
    return None


def do_summon(state: dict, seat: int, iid: str) -> None:
    """Pay and bring hero ``iid`` into play."""
    pay(state, seat, HERO_COST)
    log(state, f"{seat_name(state, seat)} summoned {name(state, iid)}.", cards=[iid])
    enter_play(state, iid, seat)


def summon_options(state: dict, seat: int) -> list:
    """Every legal summon of ``seat``, hero by hero of its command zone."""
    return [
        {"type": "summon", "hero": iid}
        for iid in player(state, seat)["command"]
        if summon_refusal(state, seat, iid) is None
    ]


def check_level_up(state: dict, seat: int, action: dict) -> tuple:
    """Level up a hero: 1 gold a level, never past its max level. Returns
    ``(iid, levels)``."""
    iid, levels = action.get("hero"), action.get("levels", 1)
    refusal = level_up_refusal(state, seat, iid, levels)
    if refusal is not None:
        fail(*refusal)
    return iid, levels


def level_up_refusal(state: dict, seat: int, iid: object, levels: object) -> Refusal:
    """Why ``seat`` can't level hero ``iid`` up by ``levels`` now, as
    ``(code, message)``, or None: :func:`check_level_up`'s refusals after
    the main-phase test, in its order. legal_actions asks it in the
    seat's main phase (issue 13)."""
    inst = controlled_in_play(state, seat, iid)
    if inst is None:
        return "not_in_play", "You don't control that hero."
    if not stats.is_hero(state, iid):
        return "not_a_hero", "Only heroes level up."
    if not isinstance(levels, int) or isinstance(levels, bool) or levels < 1:
        return "bad_levels", "Level up by at least one level."
    room = catalog.card(inst["card"])["max_level"] - inst["level"]
    if not can_level(state, iid):  # restricts level
        return "cant_level", "That hero can't gain levels now."
    if room <= 0:
        return "max_level", "That hero is already at max level."
    if levels > room:
        return "bad_levels", f"That hero can gain at most {room} more level(s)."
    if player(state, seat)["gold"] < levels:
        return "not_enough_gold", f"That costs {levels} gold; you have {player(state, seat)['gold']}."
    return None


def do_level_up(state: dict, seat: int, plan: tuple) -> None:
    """Pay and give the hero its levels."""
    iid, levels = plan
    pay(state, seat, levels)
    gain_levels(state, iid, levels)


def level_up_each(state: dict, seat: int, card: Card, out: list) -> None:
    """Append the legal level-ups of ``card`` (base.Card) in ``seat``'s
    play when it is a hero: one level, and up to each level band above it."""
    iid, inst, rec = card
    if rec["kind"] != "hero":
        return
    room = rec["max_level"] - inst["level"]
    steps = {1} | {t - inst["level"] for t in (rec["mid_level"], rec["max_level"]) if t > inst["level"]}
    out.extend(
        {"type": "level_up", "hero": iid, "levels": n}
        for n in sorted(steps)
        if n <= room and level_up_refusal(state, seat, iid, n) is None
    )


HIRE = Move("hire", main_refusal, check_hire, do_hire, walked(hand_subjects, hire_each), hire_each)
SUMMON = Move("summon", main_refusal, check_summon, do_summon, summon_options)
LEVEL_UP = Move("level_up", main_refusal, check_level_up, do_level_up, walked(in_play, level_up_each), level_up_each)
