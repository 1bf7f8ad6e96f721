"""Every action a seat can take: the checks that make it legal, and what it does.

Each action type has a ``check`` (raises RulesError, or returns a plan) and a
``perform`` (applies the plan). :func:`game.codex.engine.legal_actions` uses
the same checks, so what it lists is exactly what ``apply_action`` accepts.
Sources are named on each function (Deluxe rulebook sections, house rules).
"""

from . import catalog, maps, stats
from .cards import registry
from .checks import answer
from .effects import base_id, building_record, damage_building, exhaust, pay, repair_building, sacrifice
from .errors import RulesError
from .flow import ask, check_answer, op
from .freeforall import REPAIR_COST, has_conceded, is_ffa, lend, lend_problem
from .freeforall_end import concede as concede_base
from .heroes import can_level, gain_levels, ultimate_ready
from .outcome import finish, note_concession
from .play import cast_spell, enter_play, icon_targets, on_targeted, spell_played_triggers
from .specs import (
    ADDONS_BY_MODE,
    TECH_BUILDINGS,
    addons,
    built,
    declares_spec,
    hero_limit,
    hero_specs,
    minor_spell_tax,
    multicolour_tax,
    tech_problem,
)
from .state import (
    EVERYONE,
    PATROL_SLOTS,
    card_of,
    holds_legendary,
    log,
    move,
    name,
    patrol_slot,
    player,
    seat_name,
    team_of,
    teammates,
)
from .targeting import (
    attack_targets,
    attack_tax,
    flagbearer_duty,
    held_fast,
    hidden_from,
    in_play_answering,
    patrol_refusal,
    resist_cost,
    slot_candidates,
)
from .turns import end_main_phase, finish_turn, has_stash, tech, tech_count_required, worker_count

HERO_COST = 2  # house rule R1
WORKER_COST = 1  # rulebook "Hiring workers"
from .combat import declare_attack
from .timerunes import forecast_value, to_future

# House rule R4: the Starter rulebook's "Warehouse" is the Deluxe "Surplus".
BUILDING_ALIASES = {"warehouse": "surplus"}


def fail(code: str, message: str):
    """Raise RulesError(code, message)."""
    raise RulesError(code, message)


# ---- shared checks ------------------------------------------------------


def on_acting_team(state: dict, seat: int) -> bool:
    """True when ``seat`` may take main-phase actions now: its team's turn,
    in the main phase, and it has not ended its own main phase."""
    players = state["players"]  # state.team_of and state.player, read in place (asked of every check)
    return (
        state["phase"] == "main"
        and players[seat]["team"] == players[state["active"]]["team"]
        and not players[seat]["ended_main"]
    )


def require_main(state: dict, seat: int) -> None:
    """Raise unless ``seat`` may take a main-phase action now
    (:func:`main_refusal`)."""
    refusal = main_refusal(state, seat)
    if refusal is not None:
        fail(*refusal)


def main_refusal(state: dict, seat: int):
    """Why ``seat`` may not take a main-phase action now, as ``(code,
    message)``, or None: a prompt is open, or not :func:`on_acting_team`
    (read in place: every main-phase check asks it first)."""
    if state["prompt"] is not None:
        return "prompt_pending", "Answer the open question first."
    players = state["players"]
    if not (
        state["phase"] == "main"
        and players[seat]["team"] == players[state["active"]]["team"]
        and not players[seat]["ended_main"]
    ):
        return "not_your_turn", "You can only do that in your own main phase."
    return None


def controlled_in_play(state: dict, seat: int, iid):
    """The instance ``iid`` (any value) if ``seat`` controls it in play,
    else None."""
    inst = state["cards"].get(iid) if isinstance(iid, str) else None
    if inst is None or inst["zone"] != "play" or inst["controller"] != seat:
        return None
    return inst


ADDON_TEARDOWN_DAMAGE = 2  # building an add-on tears the standing one down (rulebook: one add-on at a time)


def arrival_fatigued(state: dict, iid: str) -> bool:
    """True when ``iid`` came under its controller's control this turn and
    lacks haste (glossary: Arrival fatigue; house rule R5: every card type)."""
    inst = card_of(state, iid)
    return inst["arrived"] >= state["turn"] and not stats.kw(state, iid, "haste")


def card_cost(state: dict, seat: int, card_id: str) -> int:
    """Gold ``seat`` pays to play ``card_id`` now, after the card's own cost
    change (hook ``own_cost``, Gigadon) and those of cards in play (never
    below 0; River Montoya's and Gigadon's rulings)."""
    rec = catalog.card(card_id)
    cost = rec["cost"] or 0
    own = registry.handler("own_cost", card_id)
    if own is not None:
        cost = own(state, seat, cost)
    cost = registry.fold(state, "cost_mod", player(state, seat)["play"], cost, seat, card_id)
    if promised(state, seat):
        cost = 0  # Promise of Payment; additional costs still apply (ruling)
    if rec["kind"] == "building":
        cost = build_cost(state, seat, card_id, cost)
    return max(0, cost)


def promised(state: dict, seat: int) -> bool:
    """True while the next card ``seat`` plays this turn costs 0 (mark
    ``promise`` = this turn: Promise of Payment); :func:`do_play` then
    turns it into a debt (turns.pay_debts)."""
    return player(state, seat).get("promise") == state["turn"]


def keep_promise(state: dict, seat: int, iid: str) -> None:
    """``seat`` plays card ``iid`` now: if it cost 0 by Promise of Payment
    (:func:`promised`), its printed gold cost becomes a debt due in the
    next upkeep (turns.pay_debts; rulings: the printed cost, no
    reductions; the first card played after the Promise takes it)."""
    if not promised(state, seat):
        return
    p = player(state, seat)
    rec = catalog.card(card_of(state, iid)["card"])
    p.pop("promise")
    p.setdefault("debts", []).append({"gold": rec["cost"] or 0, "card": rec["id"]})
    log(
        state,
        f"{seat_name(state, seat)} promised to pay {rec['cost'] or 0} gold for {rec['name']} in their next upkeep.",
        cards=[iid],
        shown_to=EVERYONE,
    )  # played face up


def build_cost(state: dict, seat: int, building_id: str, cost: int) -> int:
    """``cost`` (gold) of building ``building_id`` (a tech building, add-on
    or building card) for ``seat`` after the hooks ``build_cost`` of every
    card in play, whoever controls it (Building Inspector: opponents pay 1
    more for their first building of a turn, rebuilds included, ruling)."""
    return registry.fold(state, "build_cost", in_play_answering(state, "build_cost"), cost, seat, building_id)


def _everyone_in_play(state: dict) -> list:
    return [i for p in state["players"] for i in p["play"]]


def play_refusal(state: dict, seat: int, card_id: str, from_hand: bool = True):
    """Why a card in play stops ``seat`` from playing ``card_id`` now (the
    hooks ``forbids_play`` of every card in play: Reputable Newsman,
    Censorship Council), as a sentence, or None. ``from_hand`` False: it
    is played from elsewhere (Jurisdiction: the codex)."""
    answers = registry.answering("forbids_play")
    for src in in_play_answering(state, "forbids_play"):
        fn = answers.get(state["cards"][src]["card"])
        reason = fn(state, src, seat, card_id, from_hand) if fn is not None else None
        if reason:
            return reason
    return None


def check_targets(state: dict, seat: int, slots: list, targets, gold_left: int) -> int:
    """Validate ``targets`` against target ``slots``; return the resist gold.

    Raises ``bad_targets`` (shape or a target that doesn't fit),
    ``flagbearer`` (an opposing flagbearer must be targeted) or
    ``not_enough_gold`` (resist unaffordable).
    """
    if targets is None:
        targets = []
    if not isinstance(targets, list) or len(targets) != len(slots) or any(not isinstance(t, str) for t in targets):
        fail("bad_targets", f"Choose exactly {len(slots)} target(s).")
    for slot, tid in zip(slots, targets):
        if tid not in slot_candidates(state, seat, slot):
            fail("bad_targets", "That is not a legal target.")
    icon_targets = [t for s, t in zip(slots, targets) if s.icon]
    if len(set(icon_targets)) != len(icon_targets):
        fail("bad_targets", "Choose different targets.")
    extra = resist_cost(state, seat, icon_targets)
    if extra > gold_left:
        fail("not_enough_gold", f"Targeting that costs {extra} more gold (resist); you have {gold_left} left.")
    if not flagbearer_duty(state, seat, slots, icon_targets, gold_left):
        fail("flagbearer", "You must target an opposing flagbearer.")
    return extra


# ---- the actions ----------------------------------------------------------


def hire_cost(state: dict, seat: int) -> int:
    """Gold ``seat`` pays to hire a worker now: 1 (2 on Hard Times Mill,
    maps.hire_extra), changed by the hooks ``hire_cost`` of its cards in
    play (Rich Earth), never below 0."""
    cost = registry.fold(state, "hire_cost", player(state, seat)["play"], WORKER_COST + maps.hire_extra(state), seat)
    return max(0, cost)


def check_hire(state, seat, action):
    """Hire a worker: gold (:func:`hire_cost`) and a card from hand, face
    down; once a turn (a free hire too, Rich Earth ruling). Maps: any
    number a turn on Flagstone Mines; no card (the action names none,
    ``bad_action`` if it does) on Daggerfall Prison Camp (maps.py)."""
    require_main(state, seat)
    iid = action.get("card")
    refusal = hire_refusal(state, seat, iid)
    if refusal is not None:
        fail(*refusal)
    return iid


def hire_refusal(state: dict, seat: int, iid):
    """Why ``seat`` can't hire a worker with hand card ``iid`` (None: no
    card) now, as ``(code, message)``, or None: :func:`check_hire`'s
    refusals after the main-phase test, in its order. legal_actions asks
    it in the seat's main phase (issue 13)."""
    p = player(state, seat)
    if not maps.hire_takes_card(state):
        if iid is not None:
            return "bad_action", "On Daggerfall Prison Camp hiring takes no card: name none."
    elif iid not in p["hand"]:
        return "not_in_hand", "Choose a card from your hand."
    if p["hired_this_turn"] and not maps.hires_unlimited(state):
        return "already_hired", "You already hired a worker this turn."
    cost = hire_cost(state, seat)
    if p["gold"] < cost:
        return "not_enough_gold", f"Hiring a worker costs {cost} gold; you have {p['gold']}."
    return None


def do_hire(state, seat, iid):
    p = player(state, seat)
    pay(state, seat, hire_cost(state, seat))
    p["hired_this_turn"] = True
    if iid is None:  # Daggerfall Prison Camp: no card, one more worker
        p["base_workers"] += 1
    else:
        move(state, iid, "workers")
    log(state, f"{seat_name(state, seat)} hired a worker ({worker_count(state, seat)} now).")


def check_build(state, seat, action):
    """Build a tech building or an add-on (house rules R1, R2, R3).

    Tech I needs 6 workers; Tech II needs 8 and a Tech I; Tech III needs 10
    and a Tech II. A destroyed tech building is rebuilt for free. One add-on
    at a time: building another destroys the old one (2 damage to the base).
    One add-on started a turn (``addon_started``; Deluxe rulebook, main
    phase: "Build a tech building or add-on (or both)"; the player's
    ``addon_turn`` is the turn of the last one started).
    Everything finishes at the end of the turn. "warehouse" names the
    Surplus (house rule R4). Raises ``bad_building`` for anything else.
    """
    require_main(state, seat)
    what = action.get("building")
    if not isinstance(what, str):
        fail("bad_building", "Unknown building.")
    plan = build_verdict(state, seat, BUILDING_ALIASES.get(what, what), action)
    if isinstance(plan, RulesError):
        raise plan
    return plan


def build_verdict(state: dict, seat: int, what: str, action: dict):
    """check_build past its main-phase test, for ``what`` (aliases
    resolved): :func:`build_refusal`, then :func:`build_plan`. Returns
    the plan ``(what, cost, spec)``, or the refusal as a RulesError not
    raised (check_build raises it; the view's reasons read its sentence;
    issue 13)."""
    refusal = build_refusal(state, seat, what)
    if refusal is not None:
        return RulesError(*refusal)
    return build_plan(state, seat, what, action)


def build_plan(state: dict, seat: int, what: str, action: dict):
    """The rest of :func:`check_build` once :func:`build_refusal` let
    ``what`` (aliases resolved) through: the cost (a rebuilt tech building
    is free; the hooks ``build_cost``; the multicolour tax), the spec
    ``action`` declares, the gold. Returns ``(what, cost, spec)``, or the
    refusal as a RulesError not raised (``bad_spec`` or
    ``not_enough_gold``; check_build raises it). legal_actions asks it of
    each building build_refusal lets through, after the checks before it
    (require_main holds in the main phase it lists) ran once, and needs
    nothing raised and caught (issue 13)."""
    p = player(state, seat)
    if what in TECH_BUILDINGS:
        gold = TECH_BUILDINGS[what][0]
        cost = build_cost(state, seat, what, 0 if p["free_rebuild"].get(what) else gold)
    else:
        cost = build_cost(state, seat, what, catalog.card(what)["cost"])
    spec = _build_spec(state, seat, what, action)
    if isinstance(spec, RulesError):
        return spec
    cost += multicolour_tax(state, seat)
    if p["gold"] < cost:
        return RulesError("not_enough_gold", f"That costs {cost} gold; you have {p['gold']}.")
    return what, cost, spec


def build_refusal(state: dict, seat: int, what: str):
    """Why ``seat`` can't build ``what`` (a building id, aliases already
    resolved) now, whatever its gold and spec, as ``(code, message)``, or
    None: the refusals of :func:`check_build` that come before the cost,
    in its order. legal_actions asks it first, so a building surely
    refused is not checked in full (issue 13)."""
    p = player(state, seat)
    if what in TECH_BUILDINGS:
        _, workers, needs = TECH_BUILDINGS[what]
        if p["buildings"][what] is not None:
            return "already_built", "You already have that building."
        if needs and not built(state, seat, needs):
            return "needs_building", "You need the previous tech building, finished, first."
        if worker_count(state, seat) < workers:
            return (
                "needs_workers",
                f"{catalog.card(what)['name']} needs {workers} workers; you have {worker_count(state, seat)}.",
            )
        return None
    if maps.addon_forbidden(state, what) and what in ADDONS_BY_MODE.get(state["mode"], ()):
        return "bad_building", "On Vortoss Ruins nobody builds that add-on: you have what it gives already."
    if what not in addons(state):
        return "bad_building", "Unknown building."
    return addon_refusal(state, seat, what)


def addon_refusal(state: dict, seat: int, what: str):
    """:func:`build_refusal` of add-on ``what``, one of this game's
    (specs.addons: neither unknown nor forbidden by the map), as
    ``(code, message)`` or None. legal_actions asks it of the add-ons
    specs.build_candidates lists, all of them this game's (issue 13)."""
    p = player(state, seat)
    current = p["buildings"]["addon"]
    if current is not None and current["id"] == what:
        return "already_built", "You already have that add-on."
    if p.get("addon_turn") == state["turn"]:
        return "addon_started", "You already started an add-on this turn; another can wait for your next turn."
    if any(
        player(state, mate)["buildings"]["addon"] and player(state, mate)["buildings"]["addon"]["id"] == what
        for mate in teammates(state, seat)
        if mate != seat
    ):
        return "team_addon", "Your teammate already has that add-on: a team may have only one of each."
    return None


def _build_spec(state, seat, what, action):
    """The spec a 3-hero Tech II declares (locked for the game once chosen)
    or a Tech Lab unlocks (chosen once a Tech II exists; a rebuilt Tech Lab
    may pick another: Tech Lab rulings). None elsewhere. A spec the action
    may not name: the refusal ``bad_spec`` as a RulesError, not raised."""
    spec = action.get("spec")
    p = player(state, seat)
    if not declares_spec(state) or what not in ("tech_2", "tech_lab"):
        if spec is not None:
            return RulesError("bad_spec", "That building has no spec to choose.")
        return None
    if what == "tech_2" and p.get("tech2_spec"):
        if spec not in (None, p["tech2_spec"]):
            return RulesError("bad_spec", "Your Tech II spec is locked for this game.")
        return p["tech2_spec"]
    needs_spec = what == "tech_2" or p["buildings"]["tech_2"] is not None or p.get("tech2_spec")
    if not needs_spec:
        if spec is not None:
            return RulesError("bad_spec", "Choose the Tech Lab's spec once you have a Tech II building.")
        return None
    if spec not in hero_specs(state, seat):
        return RulesError("bad_spec", "Choose one of your heroes' specs.")
    return spec


def do_build(state, seat, plan):
    what, cost, spec = plan
    p = player(state, seat)
    pay(state, seat, cost)
    p["colour_tax_paid"] = True
    registry.emit_to(state, "building_built", _everyone_in_play(state), seat, what)
    if what == "tech_2" and spec:
        p["tech2_spec"] = spec
    slot = what if what in TECH_BUILDINGS else "addon"
    if slot == "addon":
        p["addon_turn"] = state["turn"]
    if slot == "addon" and p["buildings"]["addon"] is not None:
        old = catalog.card(p["buildings"]["addon"]["id"])["name"]
        p["buildings"]["addon"] = None
        log(state, f"{seat_name(state, seat)} tore down their {old}.")
        damage_building(state, base_id(state, seat), ADDON_TEARDOWN_DAMAGE, by=f"tearing down the {old}")
    # Verdant Tree: this turn the player's tech buildings finish at once
    # (Verdant Tree ruling: each works as soon as it is built).
    instant = slot in TECH_BUILDINGS and p.get("instant_build") == state["turn"]
    p["buildings"][slot] = {"id": what, "damage": 0, "done": instant}
    if spec:
        p["buildings"][slot]["spec"] = spec
    p["free_rebuild"].pop(what, None)
    log(
        state,
        f"{seat_name(state, seat)} started building {catalog.card(what)['name']}"
        + (f": {catalog.spec_name(spec)}." if spec else "."),
    )
    addon = p["buildings"]["addon"]
    if what == "tech_2" and addon is not None and addon["id"] == "tech_lab" and not addon.get("spec"):
        ask(
            state,
            seat,
            "Choose the spec your Tech Lab unlocks.",
            [s for s in hero_specs(state, seat) if s != spec],
            {"op": "tech_lab_spec", "seat": seat},
        )
    if what == "tech_2" and spec and maps.ruins(state) and not p.get("ruins_lab_spec"):
        ask(
            state,
            seat,
            "Vortoss Ruins: choose the spec your free Tech Lab unlocks.",
            [s for s in hero_specs(state, seat) if s != spec],
            {"op": "ruins_lab_spec", "seat": seat},
        )


@op("tech_lab_spec")
def _tech_lab_spec(state, step):
    """A Tech Lab built before Tech II gets its spec when Tech II is built
    (Tech Lab ruling)."""
    addon = player(state, step["seat"])["buildings"]["addon"]
    if addon is not None and addon["id"] == "tech_lab" and step["choice"]:
        addon["spec"] = step["choice"][0]
        log(state, f"{seat_name(state, step['seat'])}'s Tech Lab unlocks {catalog.spec_name(addon['spec'])}.")


@op("ruins_lab_spec")
def _ruins_lab_spec(state, step):
    """Vortoss Ruins (3-hero game): the spec the Tech Lab every player has
    unlocks, picked once, when their first Tech II is built (maps.py;
    docs/RULINGS.md "Maps")."""
    if step["choice"]:
        player(state, step["seat"])["ruins_lab_spec"] = step["choice"][0]
        log(
            state,
            f"{seat_name(state, step['seat'])}'s Tech Lab of the ruins unlocks {catalog.spec_name(step['choice'][0])}.",
        )


def check_summon(state, seat, action):
    """Summon a hero from the command zone for 2 gold (house rule R1), within
    the hero limit, unless it died too recently (house rule R13)."""
    require_main(state, seat)
    iid = action.get("hero")
    refusal = summon_refusal(state, seat, iid)
    if refusal is not None:
        fail(*refusal)
    return iid


def summon_refusal(state: dict, seat: int, iid):
    """Why ``seat`` can't summon hero ``iid`` now, as ``(code, message)``,
    or None: :func:`check_summon`'s refusals after the main-phase test, in
    its order. legal_actions asks it in the seat's main phase (issue 13)."""
    p = player(state, seat)
    if iid not in p["command"]:
        return "not_in_command_zone", "That hero is not in your command zone."
    hero = card_of(state, iid)["card"]
    if maps.hero_gone(state, seat, hero):
        return "hero_gone", "That hero died on Burial Grounds: it is gone for the rest of the game."
    if p["hero_ready_after"].get(hero, 0) > p["turns_ended"]:
        return "hero_cooldown", "That hero died too recently to return yet."
    heroes_in_play = sum(1 for i in p["play"] if stats.is_hero(state, i))
    if heroes_in_play >= hero_limit(state, seat):
        return "hero_limit", "You already have as many heroes in play as you may."
    if p["gold"] < HERO_COST:
        return "not_enough_gold", f"Summoning a hero costs {HERO_COST} gold; you have {p['gold']}."
    return None


def do_summon(state, seat, iid):
    pay(state, seat, HERO_COST)
    log(state, f"{seat_name(state, seat)} summoned {name(state, iid)}.", cards=[iid])
    enter_play(state, iid, seat)


def check_level_up(state, seat, action):
    """Level up a hero: 1 gold a level, never past its max level."""
    require_main(state, seat)
    iid, levels = action.get("hero"), action.get("levels", 1)
    refusal = level_up_refusal(state, seat, iid, levels)
    if refusal is not None:
        fail(*refusal)
    return iid, levels


def level_up_refusal(state: dict, seat: int, iid, levels):
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
    if not can_level(state, iid):  # Nether Drain, Chronofixer
        return "cant_level", "That hero can't gain levels now."
    if room <= 0:
        return "max_level", "That hero is already at max level."
    if levels > room:
        return "bad_levels", f"That hero can gain at most {room} more level(s)."
    if player(state, seat)["gold"] < levels:
        return "not_enough_gold", f"That costs {levels} gold; you have {player(state, seat)['gold']}."
    return None


def do_level_up(state, seat, plan):
    iid, levels = plan
    pay(state, seat, levels)
    gain_levels(state, iid, levels)


def _spell_hero_ok(state: dict, seat: int, rec: dict) -> bool:
    """A spell needs a hero in play; a spec spell needs that spec's hero; an
    ultimate needs it at max level since the start of the turn (R7). A card
    in play whose hook ``spell_license`` allows the spell lifts all of that
    (Guargum ruling: even an ultimate, even the turn he arrived). Maps: on
    Lost Temple no spell needs a hero; on Pinnacle an ultimate needs only
    its spec's hero in play, at any level, arrived this turn or not."""
    if maps.lost_temple(state):
        return True
    if registry.any_says(state, "spell_license", player(state, seat)["play"], seat, rec["id"]):
        return True
    heroes = [i for i in player(state, seat)["play"] if stats.is_hero(state, i) and not registry.silenced(state, i)]
    if rec["spec"]:
        heroes = [i for i in heroes if catalog.card(state["cards"][i]["card"])["spec"] == rec["spec"]]
    if rec.get("spell_kind") == "ultimate" and not maps.ultimates_unbound(state):
        return any(ultimate_ready(state, i) for i in heroes)
    return bool(heroes)


def check_play(state, seat, action):
    """Play a card from hand: units, spells, upgrades and buildings.

    Units and other non-spells need the tech building of their tech level
    (unless a hook ``tech_waiver`` lifts that, Pirate-Gang Commander);
    spells need a hero (see _spell_hero_ok); legendary cards can't have two
    in play; targets must be legal (check_targets); gold covers the cost
    plus resist. ``"boost": true`` pays the card's boost X on top (glossary:
    Boost X; only cards with boost, only when played from hand). A card in
    play may forbid it (:func:`play_refusal`: Reputable Newsman, Censorship
    Council; code ``forbidden``).
    """
    iid, cost, boosted = check_play_card(state, seat, action)
    slots = registry.card_of_id(card_of(state, iid)["card"]).targets
    gold = player(state, seat)["gold"]
    extra = check_targets(state, seat, slots, action.get("targets"), gold - cost)
    return iid, cost + extra, list(action.get("targets") or []), boosted


def check_play_card(state, seat, action, zone: str = "hand"):
    """Everything :func:`check_play` checks but the targets (none of it
    depends on them); returns ``(iid, cost, boosted)``, the cost with any
    boost, before resist. legal_actions checks a card once this way, then
    each of its target combinations with :func:`check_targets`. ``zone``
    "deck": the card is the top card of the draw pile (Vir Garbarean plays
    it, paying and meeting every requirement). While the state is frozen
    the verdict is remembered per seat, card, boost and zone (the view's
    reasons ask it again after legal_actions). Raises RulesError with the
    refusal."""
    iid, boost = action.get("card"), action.get("boost", False)
    if isinstance(iid, str) and isinstance(boost, bool):
        verdict = play_card_verdict(state, seat, iid, boost, zone)
    else:
        verdict = _play_card_verdict(state, seat, iid, boost, zone)  # refused there; no memo key of it
    if isinstance(verdict, RulesError):
        raise RulesError(verdict.code, verdict.message)  # a fresh one: see _play_card_verdict
    return verdict


def play_card_verdict(state: dict, seat: int, iid: str, boost: bool, zone: str = "hand"):
    """:func:`check_play_card`'s verdict on playing card ``iid`` (an id)
    with ``boost`` (a bool) from ``zone``: its plan ``(iid, cost,
    boosted)``, or the RulesError it would raise. Remembered per seat,
    card, boost and zone while the state is frozen, so the error is
    shared: read its code and message, never raise it itself.
    legal_actions asks it of each hand card without raising anything
    (issue 13)."""
    return stats.memoised(
        state, ("play_card", seat, iid, boost, zone), lambda: _play_card_verdict(state, seat, iid, boost, zone)
    )


def _play_card_verdict(state, seat, iid, boosted, zone: str):
    """The plan ``(iid, cost, boosted)`` of playing ``iid`` with
    ``boosted`` from ``zone``, or the refusal as a RulesError that is
    never raised (no traceback). The memo keeps the verdict: an error with
    its traceback would tie the frames of the checks, and through them the
    memo, in a reference cycle that only the garbage collector frees, and
    a refusal raised and caught costs several calls (issue 13)."""
    refusal = main_refusal(state, seat)
    if refusal is not None:
        return RulesError(*refusal)
    p = player(state, seat)
    if zone == "deck" and (not p["deck"] or iid != p["deck"][0]):
        return RulesError("not_in_hand", "Only the top card of your draw pile can be played.")
    if zone == "hand" and iid not in p["hand"]:
        return RulesError("not_in_hand", "Choose a card from your hand.")
    rec = catalog.card(card_of(state, iid)["card"])
    if rec["kind"] == "spell":
        if not _spell_hero_ok(state, seat, rec):
            if any(registry.silenced(state, i) for i in p["play"]):
                return RulesError("silenced", "Your heroes are silenced: they can't cast spells until your turn ends.")
            if rec.get("spell_kind") == "ultimate" and not maps.ultimates_unbound(state):
                return RulesError(
                    "needs_max_hero", "Ultimate spells need their hero at max level since the start of your turn."
                )
            if rec["spec"]:
                return RulesError("needs_hero", f"That spell needs your {catalog.spec_name(rec['spec'])} hero in play.")
            return RulesError("needs_hero", "Spells need one of your heroes in play.")
    else:
        problem = tech_problem(state, seat, rec)
        if problem and not _tech_waived(state, seat, rec["id"]):
            return RulesError("needs_tech", problem)
    if rec["legendary"] and holds_legendary(state, seat, rec["id"]):
        return RulesError("legendary", "You already have that legendary card in play.")
    refusal = play_refusal(state, seat, rec["id"])
    if refusal:
        return RulesError("forbidden", refusal)
    cost = card_cost(state, seat, rec["id"]) + minor_spell_tax(state, seat, rec)
    if not isinstance(boosted, bool):
        return RulesError("bad_boost", '"boost" is true or false.')
    if boosted:
        if not rec["keywords"].get("boost"):
            return RulesError("no_boost", "That card has no boost.")
        cost += rec["keywords"]["boost"]
    if p["gold"] < cost:
        return RulesError("not_enough_gold", f"That costs {cost} gold; you have {p['gold']}.")
    return iid, cost, boosted


def _tech_waived(state: dict, seat: int, card_id: str) -> bool:
    """True when a card ``seat`` controls lets it play ``card_id`` without
    its tech building (hook ``tech_waiver``: Pirate-Gang Commander)."""
    return registry.any_says(state, "tech_waiver", player(state, seat)["play"], seat, card_id)


def do_play(state, seat, plan):
    """Pay, then put the card into play or cast it. A boosted card carries
    the mark ``boosted`` for its hooks (arrives or resolve). A forecast
    spell goes to the future instead of resolving; it still counts as
    played ("whenever you play a spell" triggers now). A unit an opposing
    Jail takes (:func:`jailer`) doesn't arrive: a boost paid for it takes
    effect now (event ``boost_paid``), as it is played, and the jailed card
    keeps no boost for later (Boost ruling on Jail); a unit played tells
    its player's other cards (event ``unit_played``) once it has arrived."""
    iid, cost, targets, boosted = plan
    marks = {"boosted": True} if boosted else {}
    pay(state, seat, cost)
    rec = catalog.card(card_of(state, iid)["card"])
    keep_promise(state, seat, iid)
    registry.emit_to(state, "card_played", _everyone_in_play(state), seat, iid)
    if rec["kind"] == "building":
        registry.emit_to(state, "building_built", _everyone_in_play(state), seat, rec["id"])
    log(
        state,
        f"{seat_name(state, seat)} played {rec['name']}" + (" with its boost." if boosted else "."),
        cards=[iid],
        shown_to=EVERYONE,
    )  # played face up
    if rec["kind"] == "spell" and forecast_value(state, rec["id"]):
        iid = to_future(state, iid)
        card_of(state, iid)["marks"].update(marks)
        spell_played_triggers(state, seat, iid)
    elif rec["kind"] == "spell":
        cast_spell(state, seat, iid, targets, marks=marks)
    else:
        jail = jailer(state, seat, iid) if not forecast_value(state, rec["id"]) else None
        if jail is not None:
            if boosted:
                registry.emit(state, "boost_paid", iid)
            registry.emit_to(state, "captured", [jail], iid)
            return
        from_hand = card_of(state, iid)["zone"] == "hand"
        # "If you played it from your hand" (Zarramonde): known while it arrives only.
        iid = enter_play(state, iid, seat, marks=dict(marks, played_from_hand=True) if from_hand else marks)
        if iid in state["cards"]:
            card_of(state, iid)["marks"].pop("played_from_hand", None)
        if rec["kind"] == "unit":
            # "Whenever you play a unit from your hand" (Drill Sergeant,
            # Flagstone Garrison): only here, never for a unit put into play
            # or made by a spell (their rulings).
            registry.emit_to(state, "unit_played", player(state, seat)["play"], iid, skip=iid)


def jailer(state: dict, seat: int, iid: str):
    """The card in play that takes the unit ``iid`` ``seat`` plays from hand
    instead of letting it arrive (hook ``jails``: Jail), or None. A card
    with forecast goes to the future instead, never to jail (Jail ruling);
    a unit played from elsewhere (a Graveyard, Vir Garbarean's top card)
    is not played from hand, so no Jail takes it (Jail's text)."""
    if catalog.card(card_of(state, iid)["card"])["kind"] != "unit" or card_of(state, iid)["zone"] != "hand":
        return None
    answers = registry.answering("jails")
    for src in _everyone_in_play(state):
        fn = answers.get(state["cards"][src]["card"])
        if fn is not None and fn(state, src, seat, iid):
            return src
    return None


def abilities_of(state: dict, iid: str) -> list:
    """The activated abilities ``iid`` has now: its own and those granted by
    its controller's other cards (e.g. Maestro). Memoised while the state
    is only read (stats.frozen): the list is shared then, never change it."""
    return stats.memoised(state, ("abilities", iid), lambda: _abilities_of(state, iid))


def _abilities_of(state: dict, iid: str) -> list:
    inst = card_of(state, iid)
    if registry.silenced(state, iid):
        return []  # none of its own, and none can be given (Free Speech ruling)
    own = registry.answering("abilities").get(inst["card"])  # registry.ask, not silenced: known here
    out = list(own(state, iid)) if own is not None else []
    if inst["zone"] != "play":
        return out  # a forecasted card has only its own (Omegacron)
    grants = registry.answering("granted_abilities")
    cards = state["cards"]
    for src in player(state, inst["controller"])["play"]:
        grant = grants.get(cards[src]["card"])  # registry.handler_in, read in place (issue 13)
        if grant is not None and not registry.silenced(state, src):
            out.extend(grant(state, src, iid))
    return out


def check_ability(state, seat, action):
    """Use an activated ability: pay its cost (exhaust: the card must be
    ready and free of arrival fatigue, R5; gold; sacrifice), legal targets."""
    iid, index, ability = check_ability_use(state, seat, action)
    gold = player(state, seat)["gold"]
    extra = check_targets(state, seat, ability.targets, action.get("targets"), gold - ability.gold)
    return iid, index, ability.gold + extra, list(action.get("targets") or [])


def check_ability_use(state, seat, action):
    """Everything :func:`check_ability` checks but the targets (none of it
    depends on them); returns ``(iid, index, ability)``. legal_actions
    checks an ability once this way, then each target combination with
    :func:`check_targets`."""
    require_main(state, seat)
    iid, index = action.get("card"), action.get("ability", 0)
    refusal = ability_refusal(state, seat, iid, index)
    if refusal is not None:
        fail(*refusal)
    return iid, index, abilities_of(state, iid)[index]


def ability_refusal(state: dict, seat: int, iid, index):
    """Why ``seat`` can't use ability ``index`` of card ``iid`` (in play,
    or forecasted: Omegacron) now, targets aside, as ``(code, message)``,
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


def ability_use_refusal(state: dict, seat: int, iid: str, ability, forecasted: bool):
    """:func:`ability_refusal`'s refusals once ``ability`` is known to be
    one of :func:`abilities_of` card ``iid``, which ``seat`` controls in
    play (``forecasted`` False) or owns in its future zone (True), as
    ``(code, message)`` or None, in its order: where it works, whether it
    is available, exhausting, sacrificing and gold. legal_actions asks it
    of each ability of the seat's cards (issue 13)."""
    if ability.from_future != forecasted:  # Omegacron: only while it is forecasted
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


def do_ability(state, seat, plan):
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


def check_attack(state, seat, action):
    """Attack with a ready unit or hero (rulebook "Attacking"): not
    exhausted, no arrival fatigue unless haste, readiness allows one attack a
    turn, and the target must be legal under the patrol rules."""
    attacker = check_attacker(state, seat, action)
    target = action.get("target")
    if target not in attack_targets(state, attacker):
        fail("bad_target", "That target can't be attacked now (patrollers or evasion rules).")
    return attacker, target


def check_attacker(state, seat, action):
    """Everything :func:`check_attack` checks but the target (none of it
    depends on it); returns the attacker's id. legal_actions checks an
    attacker once this way before listing its targets."""
    require_main(state, seat)
    attacker = action.get("attacker")
    refusal = attacker_refusal(state, seat, attacker)
    if refusal is not None:
        fail(*refusal)
    return attacker


def attacker_refusal(state: dict, seat: int, attacker):
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


def character_attack_refusal(state: dict, attacker: str, inst: dict):
    """:func:`attacker_refusal`'s refusals once ``attacker`` is known to be
    a unit or hero in play under its seat's control (``inst``, its
    instance), as ``(code, message)`` or None, in its order: it may attack
    at all (hook ``can_attack``), nothing holds it fast (``restrains``), it
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


def do_attack(state, seat, plan):
    tax = attack_tax(state, *plan)
    if tax:
        pay(state, seat, tax)
        log(state, f"{seat_name(state, seat)} paid {tax} gold to attack {name(state, plan[1])}.", cards=[plan[1]])
    declare_attack(state, *plan)


def check_patrol(state, seat, action):
    """Arrange the patrol zone during your main phase: put a ready unit or
    hero into a slot (swapping out its occupant) or take it out (slot None).
    What may stand in a slot: :func:`patrol_refusal`; on Fury Road one card
    at most in the zone (maps.patrol_crowded, code ``one_patroller``)."""
    require_main(state, seat)
    iid, slot = action.get("card"), action.get("slot")
    refusal = patrol_move_refusal(state, seat, iid, slot)
    if refusal is not None:
        fail(*refusal)
    return iid, slot


def patrol_move_refusal(state: dict, seat: int, iid, slot):
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
    if slot is not None and maps.patrol_crowded(state, seat, iid, slot):
        return (
            "one_patroller",
            "On Fury Road you may have only one patroller: take the other one off first, or put this one in its slot.",
        )
    if player(state, seat)["patrol"].get(slot) == iid:
        return "no_change", "It is already there."
    if slot is None and patrol_slot(state, iid) is None:
        return "no_change", "It is not patrolling."
    return None


def do_patrol(state, seat, plan):
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


def check_end_main(state, seat, action):
    """End your main phase (then the draw phase and the next turn, R11).

    ``"stash": iid`` keeps that card of your hand through the draw phase
    (you then draw one card less); only while you control something with
    stash (glossary: Stash; Bigby Hayes ruling). Raises ``no_stash`` or
    ``bad_stash``. Returns the kept card's id, or None.
    """
    require_main(state, seat)
    keep = action.get("stash")
    if keep is None:
        return None
    if not has_stash(state, seat):
        fail("no_stash", "You control nothing with stash.")
    if not isinstance(keep, str) or keep not in player(state, seat)["hand"]:
        fail("bad_stash", "Stash a card from your hand.")
    return keep


def do_end_main(state, seat, keep):
    end_main_phase(state, seat, stash=keep)


def check_tech(state, seat, action):
    """Tech: choose codex cards to put into your discard pile; 2 while you
    have fewer than 10 workers, 0-2 from 10 on (house rules R11, R12)."""
    p = player(state, seat)
    if not p["tech_owed"]:
        fail("no_tech_owed", "You have no tech choice to make now.")
    cards = action.get("cards")
    if not isinstance(cards, list) or any(not isinstance(c, str) for c in cards):
        fail("bad_tech", "Choose the codex cards to tech.")
    least, most = tech_count_required(state, seat)
    if not least <= len(cards) <= most:
        fail("bad_tech", f"Choose {least if least == most else f'{least} to {most}'} codex card(s).")
    for cid in set(cards):
        if p["codex"].get(cid, 0) < cards.count(cid):
            fail("bad_tech", "Those cards are not in your codex.")
    return list(cards)


def do_tech(state, seat, cards):
    tech(state, seat, cards)


def check_choose(state, seat, action):
    """Answer the open prompt: it must be ``seat``'s, and the choice must be
    ``count`` of its options (or none when optional). Raises ``no_prompt``,
    ``not_your_prompt`` or ``bad_choice`` (flow.check_answer)."""
    return check_answer(state, seat, action.get("choice"))


def do_choose(state, seat, choice):
    answer(state, seat, choice)


def check_reveal(state, seat, action):
    """Reveal an opposing invisible thing with your Tower during your own
    main phase (house rule R10): the Tower must be finished and its
    once-a-turn detect unused, and the target must be an opposing invisible
    thing you can't see now. It stays revealed (targetable, attackable) for
    the rest of the turn (Tower ruling). Returns the target's id.

    Raises ``no_tower``, ``tower_used`` or ``bad_target``.
    """
    require_main(state, seat)
    refusal = tower_refusal(state, seat)
    if refusal is not None:
        fail(*refusal)
    target = action.get("target")
    if not revealable(state, seat, target):
        fail("bad_target", "Choose an opposing invisible thing you can't see now.")
    return target


def revealable(state: dict, seat: int, target) -> bool:
    """True when ``target`` is what ``seat``'s Tower may reveal (house rule
    R10): a card in play hidden from ``seat`` (targeting.hidden_from: an
    opposing invisible thing not revealed this turn, and no detector).
    The part of :func:`check_reveal` that depends on the target:
    legal_actions asks it of each candidate once tower_refusal and the
    main phase let a reveal through (issue 13)."""
    inst = state["cards"].get(target) if isinstance(target, str) else None
    return inst is not None and inst["zone"] == "play" and hidden_from(state, target, seat)


def tower_refusal(state: dict, seat: int):
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


def do_reveal(state, seat, target):
    player(state, seat)["buildings"]["addon"]["detect_turn"] = state["turn"]
    card_of(state, target)["marks"]["revealed"] = state["turn"]
    log(state, f"{seat_name(state, seat)}'s Tower revealed {name(state, target)}.", cards=[target])


def check_concede(state, seat, action):
    """Concede: the other team wins at once; in a free-for-all the
    conceder's base falls instead and house rule R28 decides
    (freeforall.concede). Raises ``conceded`` for a player who already has."""
    if has_conceded(state, seat):
        fail("conceded", "You have already conceded.")
    return None


def do_concede(state, seat, _plan):
    note_concession(state, seat)
    log(state, f"{seat_name(state, seat)} conceded.")
    if is_ffa(state):
        concede_base(state, seat)
        return
    others = [p["team"] for p in state["players"] if p["team"] != team_of(state, seat)]
    finish(state, others[0] if len(set(others)) == 1 else None, "concession")


def check_repair(state, seat, action):
    """Repair your base in a free-for-all: during your main phase, any
    number of times, 3 gold removes 1 damage (house rule R24). Raises
    ``not_ffa`` in other modes, ``not_your_turn`` outside your main phase,
    ``undamaged`` when your base has no damage, ``not_enough_gold``."""
    if not is_ffa(state):
        fail("not_ffa", "Repairing your base is a free-for-all rule.")
    require_main(state, seat)
    if building_record(state, base_id(state, seat))["damage"] <= 0:
        fail("undamaged", "Your base has no damage to repair.")
    if player(state, seat)["gold"] < REPAIR_COST:
        fail("not_enough_gold", f"Repairing 1 damage costs {REPAIR_COST} gold; you have {player(state, seat)['gold']}.")
    return None


def do_repair(state, seat, _plan):
    pay(state, seat, REPAIR_COST)
    repair_building(state, base_id(state, seat), 1)


def require_lending(state, seat):
    """Raise unless it is ``seat``'s lending step (after its main phase in
    a free-for-all, house rule R26) with no question open."""
    if state["prompt"] is not None:
        fail("prompt_pending", "Answer the open question first.")
    if state["phase"] != "lend" or seat != state["active"]:
        fail("not_lending", "You may lend only right after your own main phase (free-for-all).")


def check_lend(state, seat, action):
    """Lend a ready unit or hero you control into another player's empty
    patrol slot, in your lending step (house rule R26):
    ``{"type": "lend", "card": id, "to": seat, "slot": slot}``. Raises
    ``not_lending``, ``not_in_play``, ``bad_lend``, ``bad_slot``,
    ``slot_taken``, ``exhausted``, ``cannot_patrol``
    (freeforall.lend_problem)."""
    require_lending(state, seat)
    iid, borrower, slot = action.get("card"), action.get("to"), action.get("slot")
    problem = lend_problem(state, seat, iid, borrower, slot)
    if problem is not None:
        fail(*problem)
    return iid, borrower, slot


def do_lend(state, seat, plan):
    iid, borrower, slot = plan
    lend(state, seat, iid, borrower, slot)


def check_end_lending(state, seat, action):
    """Finish your lending step (house rule R26); the draw phase and the end
    of the turn follow. Raises ``not_lending``."""
    require_lending(state, seat)
    return None


def do_end_lending(state, seat, _plan):
    log(state, f"{seat_name(state, seat)} finished lending.")
    finish_turn(state)


ACTIONS = {
    "hire": (check_hire, do_hire),
    "build": (check_build, do_build),
    "summon": (check_summon, do_summon),
    "level_up": (check_level_up, do_level_up),
    "play": (check_play, do_play),
    "ability": (check_ability, do_ability),
    "attack": (check_attack, do_attack),
    "patrol": (check_patrol, do_patrol),
    "end_main": (check_end_main, do_end_main),
    "tech": (check_tech, do_tech),
    "choose": (check_choose, do_choose),
    "concede": (check_concede, do_concede),
    "reveal": (check_reveal, do_reveal),
    "repair": (check_repair, do_repair),
    "lend": (check_lend, do_lend),
    "end_lending": (check_end_lending, do_end_lending),
}
