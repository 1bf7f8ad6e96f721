"""Balance (green spec): its codex cards and its hero Master Midori."""

from .. import kit
from .common import NONE, cannot_attack, controller, is_green_unit, past_tech_0, units_of

# What a unit kept out of the patrol zone by Moment's Peace is told.
_PEACE_REFUSAL = "Those units can't patrol until their player's next turn (Moment's Peace)."


def _moments_peace(state, seat, iid, targets):
    """Moment's Peace: until your next turn opposing units can't attack
    anything you control, your team's base included, and your units can't
    patrol (those arranged in slots leave them). Heroes may still attack
    and patrol (Moment's Peace rulings)."""
    kit.lasting(state, seat, protect=True, no_patrol=True, why=_PEACE_REFUSAL)
    for slot, occupant in kit.player(state, seat)["patrol"].items():
        if occupant is not None and kit.stats.is_unit(state, occupant):
            kit.player(state, seat)["patrol"][slot] = None
    kit.log(state, f"Opposing units can't attack {kit.seat_name(state, seat)} until their next turn.")


kit.card("moment_s_peace", resolve=_moments_peace)


def _reclaimable(state, seat, tid):
    """An upgrade, ongoing spell or building card in play; never a base,
    tech building or add-on (Nature Reclaims ruling)."""
    return not tid.startswith(("bld:", "base:"))


def _nature_reclaims(state, seat, iid, targets):
    """Nature Reclaims: trash the target, then trash this spell."""
    kit.trash(state, targets[0])
    if iid in state["cards"]:
        kit.trash(state, iid)


kit.card(
    "nature_reclaims", targets=[kit.Target(("upgrade", "spell", "building"), _reclaimable)], resolve=_nature_reclaims
)


# Circle of Life: sacrifice one of your green units; if you do, put a green
# unit one tech higher with a printed cost of 5 or less from your codex into
# play (Circle of Life rulings: tech 0 gives tech I; cost reductions such as
# Gigadon's don't count).


def _green_sacrificeable(state, seat, _iid):
    return [i for i in units_of(state, seat) if is_green_unit(state, i) and kit.can_sacrifice(state, i)]


def _circle_sacrificed(state, seat, unit):
    level = (kit.stats.tech_level(state, unit) or 0) + 1
    if not kit.sacrifice(state, unit):
        return
    codex = [cid for cid, n in sorted(kit.player(state, seat)["codex"].items()) if n > 0]
    options = [
        cid
        for cid in codex
        if kit.catalog.card(cid)["kind"] == "unit"
        and kit.catalog.card(cid)["color"] == "green"
        and kit.catalog.card(cid)["tech"] == level
        and (kit.catalog.card(cid)["cost"] or 0) <= 5
    ]
    kit.ask(
        state,
        seat,
        "Circle of Life: choose a unit from your codex to put into play.",
        options,
        {"op": FROM_CODEX, "seat": seat},
    )


# The chosen codex unit goes into play (Circle of Life, Calamandra Moss).
FROM_CODEX = kit.each("from_codex", kit.FromCodex())


kit.card(
    "circle_of_life",
    resolve=kit.Choose(
        "circle_of_life",
        kit.Call(_circle_sacrificed),
        options=_green_sacrificeable,
        prompt="Circle of Life: choose a green unit to sacrifice.",
        with_seat=True,
    ),
)


def _your_balance_hero(state, seat, tid):
    return kit.yours(state, seat, tid) and kit.catalog.card(kit.card_of(state, tid)["card"])["spec"] == "balance"


def _final_showdown(state, seat, iid, targets):
    """Final Showdown: attach to your Balance hero; then, to be fair, an
    opponent (the caster picks, house rule R27) gets two Hunter tokens,
    which are not patrolling (Final Showdown ruling)."""
    kit.attach(state, iid, targets[0])
    _HUNTERS.ask(state, seat)


_HUNTERS = kit.Choose(
    "hunters",
    kit.MakeTokens("hunter", 2, to=kit.TARGET),
    options=kit.OPPONENTS,
    prompt="Final Showdown: choose the opponent who gets two Hunters.",
)


def _showdown_aura(state, src, iid):
    """Final Showdown: its hero has +3/+3, readiness and resist 1."""
    return (3, 3, {"readiness": 1, "resist": 1}) if kit.attached_to(state, src) == iid else NONE


def _showdown_attacks(state, src, attacker, ctx):
    """Final Showdown: its hero's controller draws a card when he attacks."""
    if kit.attached_to(state, src) == attacker:
        kit.draw(state, controller(state, attacker), 1, in_main=state["phase"] == "main")


kit.card(
    "final_showdown",
    targets=[kit.Target(("hero",), _your_balance_hero)],
    resolve=_final_showdown,
    aura_all=_showdown_aura,
    any_attacks=_showdown_attacks,
    must_sacrifice=kit.host_gone,
)


def _owl_upkeep(state, iid):
    """Gemscout Owl, upkeep: gain 1 gold."""
    seat = controller(state, iid)
    if kit.gain_gold(state, seat, 1):
        kit.log(state, f"{kit.seat_name(state, seat)} gained 1 gold from Gemscout Owl.", cards=[iid])


kit.card("gemscout_owl", upkeep=_owl_upkeep, can_attack=cannot_attack)


def _not_by_tech_0(state, iid, attacker):
    """Tiny Basilisk can't be attacked by tech 0 units (heroes may)."""
    return kit.stats.tech_level(state, attacker) != 0


kit.card("tiny_basilisk", attackable_by=_not_by_tech_0, unstoppable_by=past_tech_0)


def _fairie_arrives(state, iid):
    """Fairie Dragon arrives: you may put a feather rune on a tech I or II
    unit (◎)."""
    kit.ask_target(
        state,
        controller(state, iid),
        kit.Target(("unit",), lambda s, seat, t: kit.stats.tech_level(s, t) in (1, 2)),
        "Fairie Dragon: you may give a tech I or II unit a feather rune.",
        {"op": _FEATHER},
        optional=True,
    )


_FEATHER = kit.each("feather", kit.NamedRune("feather", say="{name} got a feather rune."))


def _feather_aura(state, src, iid):
    """Fairie Dragon: while one is in play, every unit with a feather rune,
    whoever's, is a 3/1 at base with flying and keeps its other abilities;
    runes and other effects still add to that (Fairie Dragon rulings). Only
    the first Fairie Dragon in play applies it, so two don't stack."""
    if not kit.rune_count(state, iid, "feather") or not kit.stats.is_unit(state, iid):
        return NONE
    first = next(i for p in state["players"] for i in p["play"] if kit.card_of(state, i)["card"] == "fairie_dragon")
    if src != first:
        return NONE
    rec = kit.catalog.card(kit.card_of(state, iid)["card"])
    return (3 - (rec["atk"] or 0), 1 - (rec["hp"] or 0), {"flying": 1})


kit.card("fairie_dragon", arrives=_fairie_arrives, aura_all=_feather_aura)


def _total_atk(state, seat):
    return sum(kit.stats.atk(state, i) for i in kit.player(state, seat)["play"] if kit.stats.is_character(state, i))


def _horselord_upkeep(state, iid):
    """Dothram Horselord, upkeep: if one player has more total ATK (units
    and heroes, the Horselord included) than each other player, it joins
    that player (Dothram Horselord rulings), unless a continuous effect
    holds it (Mind Control wins, Dothram Horselord ruling)."""
    if kit.control_held(state, iid):
        return
    totals = {p["seat"]: _total_atk(state, p["seat"]) for p in state["players"]}
    best = max(totals.values())
    leaders = [s for s, t in totals.items() if t == best]
    if len(leaders) == 1 and leaders[0] != controller(state, iid):
        kit.change_control(state, iid, leaders[0])
        kit.log(state, f"Dothram Horselord joined {kit.seat_name(state, leaders[0])}.", cards=[iid])


kit.card("dothram_horselord", upkeep=_horselord_upkeep)


MIMICKED = ("flying", "overpower", "haste", "sparkshot", "untargetable", "stealth")


def _mimic_aura(state, src, iid):
    """Wandering Mimic: each of flying, overpower, haste, sparkshot,
    untargetable and stealth that another unit or hero in play has. What
    another Mimic has only by mimicking doesn't count, so two Mimics lose
    flying together when the third flier goes (Wandering Mimic ruling)."""
    if src != iid or kit.is_busy("mimic", iid):
        return NONE
    found = {}
    with kit.busy("mimic", iid):
        for p in state["players"]:
            for other in p["play"]:
                if other == iid or not kit.stats.is_character(state, other):
                    continue
                if kit.card_of(state, other)["card"] == "wandering_mimic":
                    kws = kit.stats.recompute(state, other)["kw"]
                else:
                    kws = kit.stats.compute(state, other)["kw"]
                found.update({k: 1 for k in MIMICKED if kws.get(k)})
    return (0, 0, found)


kit.card("wandering_mimic", aura=_mimic_aura)


def _upgrade_or_ongoing(state, seat, tid):
    return not tid.startswith(("bld:", "base:"))


def _potent_basilisk_arrives(state, iid):
    """Potent Basilisk arrives: you may destroy an upgrade or an ongoing
    spell (◎)."""
    kit.ask_target(
        state,
        controller(state, iid),
        kit.Target(("upgrade", "spell"), _upgrade_or_ongoing),
        "Potent Basilisk: you may destroy an upgrade or ongoing spell.",
        {"op": "destroy_them"},
        optional=True,
    )


kit.card("potent_basilisk", arrives=_potent_basilisk_arrives)


REX_SLOT = kit.Target(("unit", "upgrade"))


def _rex_arrives(state, iid):
    """Tyrannosaurus Rex arrives: destroy up to two things among units,
    upgrades and workers, in any mix (◎; Tyrannosaurus Rex rulings). A
    destroyed worker is trashed, picked at random: workers are all alike
    and nobody sees it (Tyrannosaurus Rex rulings)."""
    _REX.ask(state, controller(state, iid))


def _rex_options(state, seat, fields):
    """Offer the units and upgrades ``seat`` may target (resist affordable;
    only flagbearers when an opposing one is among them) and, as
    ``workers:<seat>``, each player who has a worker."""
    gold = kit.player(state, seat)["gold"]
    things = [
        t
        for t in kit.slot_candidates(state, seat, REX_SLOT)
        if t not in fields["chosen"] and kit.resist_cost(state, seat, [t]) <= gold
    ]
    flags = [
        t for t in things if kit.is_flagbearer(state, t) and kit.is_opponent(state, seat, kit.controller_of(state, t))
    ]
    return flags or things + [
        f"workers:{p['seat']}" for p in state["players"] if kit.worker_total(state, p["seat"]) > 0
    ]


_REX = kit.Again(
    "rex_destroy",
    kit.WorkersOr(kit.PayResist(), kit.Destroy()),
    options=_rex_options,
    prompt="Tyrannosaurus Rex: you may destroy a unit, an upgrade or a worker.",
    most=2,
    gather="chosen",
)


kit.card("tyrannosaurus_rex", arrives=_rex_arrives)


def _no_abilities(state, iid):
    """True for a unit with no abilities: no printed rules text (reminder
    text aside: the catalog's ``ability_text``, so an Illusion that prints
    only what Illusions do has none: Illusion ruling) or keyword, no
    ability given by another card, and no keyword from anything else. Stat
    changes, armor, runes and damage don't count, nor the squad leader's
    armor and the lookout's resist (Master Midori rulings). Read with
    Midori's bonus applied (docs/RULINGS.md, Behind the Ferns)."""
    rec = kit.catalog.card(kit.card_of(state, iid)["card"])
    if rec["ability_text"] or rec["keywords"] or kit.abilities_of(state, iid):
        return False
    kws = dict(kit.raw_stats(state, iid, "midori")["kw"])
    if kit.is_patrolling(state, iid) and kit.patrol_slot(state, iid) == "lookout":
        kws["resist"] = kws.get("resist", 0) - 1
    return not any(v for k, v in kws.items() if k != "armor")


def _midori_aura(state, src, iid):
    """Master Midori, mid band: your units with no abilities get +1/+1; they
    lose it as soon as they get one (Master Midori rulings). Max band: she
    has flying during your turn."""
    if src == iid:
        own_turn = kit.team_of(state, controller(state, src)) == kit.team_of(state, state["active"])
        return (0, 0, {"flying": 1}) if own_turn and kit.reached(state, src, "max") else NONE
    if not kit.stats.is_unit(state, iid) or not kit.reached(state, src, "mid"):
        return NONE
    if kit.is_busy("midori", iid) or _no_abilities(state, iid):
        return (1, 1, {})
    return NONE


kit.card("master_midori", aura=_midori_aura)
