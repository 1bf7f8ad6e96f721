"""Why a seat can't take the actions it may look for now, as sentences.

The page shows every control a player may look for (hire, the next tech
building, add-ons, summon, level up, attack, abilities, patrol) and, when
the control can't be used now, greys it out with the sentence this module
gives (issue 14, point 5). The sentences are the engine's own refusals:
each one comes from running the action's check (game.codex.actions) with
the action a player would take, so no rule is written twice. To stay cheap
(this runs in every view of the viewer's own seat) a check runs only when a
cheap fact says it will fail early: an exhausted or newly arrived card, a
gold count below a cost, a missing building; a character that is ready to
attack is never asked for its targets. Past the main-phase test (the first
of every check, made once here) each control asks its check's refusal as a
value (actions: ``hire_refusal``, ``summon_refusal``...), nothing raised
and caught (issue 13).
"""

from . import catalog, stats
from .actions.abilities import abilities_of, ability_refusal
from .actions.base import arrival_fatigued, on_acting_team
from .actions.building import build_verdict
from .actions.costs import base_hire_cost
from .actions.economy import hire_refusal, hire_takes_no_card, level_up_refusal, summon_refusal
from .actions.ffa import repair_refusal
from .actions.fighting import attacker_refusal, patrol_move_refusal
from .cards import registry
from .errors import RulesError
from .freeforall import is_ffa
from .specs import TECH_BUILDINGS, addons, built, hero_specs, multicolour_tax
from .state import PATROL_SLOTS, player, teammates
from .targeting import in_play_answering
from .turns import worker_count

# Refusals that mean "nothing to explain" for the control they come from:
# the move is merely incomplete (targets, a spec to choose) or pointless.
_NOT_A_REASON = frozenset({"bad_targets", "bad_target", "bad_spec", "no_change", "already_built"})


def _sentence(refusal):
    """The sentence of ``refusal``, a check's refusal as ``(code,
    message)`` or None: None when there is none or its code is in
    _NOT_A_REASON."""
    return None if refusal is None or refusal[0] in _NOT_A_REASON else refusal[1]


def reasons(state: dict, seat: int) -> dict:
    """Why ``seat`` can't use each control it may look for now.

    Takes a game state and a seat index. Returns ``{control: sentence}``
    with only the controls that can't be used; the keys are ``"main"``
    (outside ``seat``'s main phase: the one reason for all of them),
    ``"hire"``, ``"build:<building id>"`` (the lowest tech building
    missing, and each add-on not standing), ``"repair"`` (free-for-all, R24), ``"summon:<iid>"``,
    ``"level_up:<iid>"``, ``"attack:<iid>"``, ``"ability:<iid>:<index>"``
    and ``"patrol:<iid>"`` (``iid``: a card ``seat`` has in its command zone
    or in play). Raises nothing. Source of each sentence: the action's
    check (rulebook and house rule sections are named there).
    """
    if state["status"] != "playing":
        return {}
    if state["prompt"] is not None or not on_acting_team(state, seat):
        return {
            "main": "You can do that only in your own main phase."
            if state["prompt"] is None
            else "Answer the open question first."
        }
    p = player(state, seat)
    out = {}
    _economy(state, seat, p, out)
    for iid in p["command"]:
        why = _sentence(summon_refusal(state, seat, iid))
        if why:
            out[f"summon:{iid}"] = why
    for iid in p["play"]:
        if stats.is_character(state, iid):
            _character(state, seat, iid, out)
        _abilities(state, seat, iid, out)
    return out


def _economy(state: dict, seat: int, p: dict, out: dict) -> None:
    """Hire, build and repair reasons of ``seat`` into ``out``."""
    if hire_takes_no_card(state, seat):  # the map's hires name no card
        why = _sentence(hire_refusal(state, seat, None))
        if why:
            out["hire"] = why
    elif not p["hand"]:
        out["hire"] = "You have no card in hand to put down as a worker."
    elif p["hired_this_turn"] or p["gold"] < base_hire_cost(state, seat):
        why = _sentence(hire_refusal(state, seat, p["hand"][0]))
        if why:
            out["hire"] = why
    next_tech = next((b for b in TECH_BUILDINGS if p["buildings"][b] is None), None)
    addon = p["buildings"]["addon"]
    for building in (*((next_tech,) if next_tech else ()), *addons(state)):
        if addon is not None and addon["id"] == building:
            continue
        if not _build_may_fail(state, seat, p, building):
            continue
        action = {"type": "build", "building": building}
        plan = build_verdict(state, seat, building, action)
        if isinstance(plan, RulesError) and plan.code == "bad_spec" and hero_specs(state, seat):
            # a 3-hero spec to choose
            plan = build_verdict(state, seat, building, {**action, "spec": hero_specs(state, seat)[0]})
        why = _sentence((plan.code, plan.message) if isinstance(plan, RulesError) else None)
        if why:
            out[f"build:{building}"] = why
    if is_ffa(state):
        why = _sentence(repair_refusal(state, seat))  # the main phase and the mode hold here
        if why:
            out["repair"] = why


def _build_may_fail(state: dict, seat: int, p: dict, building: str) -> bool:
    """False only when cheap facts show ``seat`` may build ``building`` now:
    its printed cost plus the colour tax within ``seat``'s gold, with no
    card in play changing building costs, the workers and the previous tech
    building there, and no add-on started this turn (actions.check_build)."""
    if building in TECH_BUILDINGS:
        gold, workers, needs = TECH_BUILDINGS[building]
        if p["free_rebuild"].get(building):
            gold = 0
        if worker_count(state, seat) < workers or (needs and not built(state, seat, needs)):
            return True
    else:
        gold = catalog.card(building)["cost"]
        if p.get("addon_turn") == state["turn"] or len(teammates(state, seat)) > 1:
            return True
    if p["gold"] < gold + multicolour_tax(state, seat):
        return True
    return bool(in_play_answering(state, "modifies:build_cost"))  # a card in play may change the cost


def _character(state: dict, seat: int, iid: str, out: dict) -> None:
    """Attack, patrol and level-up reasons of ``seat``'s unit or hero ``iid``."""
    inst = state["cards"][iid]
    fatigued = arrival_fatigued(state, iid)
    as_card = registry.answers_as(state, iid)  # a copy answers as the card it copies
    if (
        inst["exhausted"]
        or fatigued
        or as_card in registry.answering("can_attack")
        or (inst["attacks"] and stats.kw(state, iid, "readiness"))
    ):
        why = _sentence(attacker_refusal(state, seat, iid))  # a target's refusal is no reason
        if why:
            out[f"attack:{iid}"] = why
    if (
        inst["exhausted"]
        or as_card in registry.answering("can_patrol")
        or any(e.get("no_patrol") for e in state.get("lasting", ()))
    ):
        slot = next(s for s in PATROL_SLOTS if player(state, seat)["patrol"].get(s) != iid)
        why = _sentence(patrol_move_refusal(state, seat, iid, slot))
        if why:
            out[f"patrol:{iid}"] = why
    if (
        "level" in inst
        and stats.is_hero(state, iid)
        and (player(state, seat)["gold"] < 1 or inst["level"] >= catalog.card(inst["card"])["max_level"])
    ):
        why = _sentence(level_up_refusal(state, seat, iid, 1))
        if why:
            out[f"level_up:{iid}"] = why


def _abilities(state: dict, seat: int, iid: str, out: dict) -> None:
    """The reasons of ``seat``'s card ``iid``'s abilities that can't be used."""
    gold = player(state, seat)["gold"]
    inst = state["cards"][iid]
    for index, ability in enumerate(abilities_of(state, iid)):
        cheap_fail = (
            ability.gold > gold
            or ability.available is not None
            or (ability.exhaust and (inst["exhausted"] or arrival_fatigued(state, iid)))
            or ability.sacrifice
        )
        if not cheap_fail:
            continue
        why = _sentence(ability_refusal(state, seat, iid, index))  # a target's refusal is no reason
        if why:
            out[f"ability:{iid}:{index}"] = why
