"""The green cards (Moss Sentinels): the green starting deck, the Balance,
Feral and Growth specs, their heroes Master Midori, Calamandra Moss and
Argagarg Garg, and the green tokens (Wisp, Frog, Squirrel, Hunter, Beast).

Each hook names its card; fine points follow the official rulings
(reference/codex-cards/rulings.json, "Green" and "Heroes") and the decisions
in docs/RULINGS.md ("Green cards"). Keywords (flying, stealth, overpower,
healing, deathtouch...) stay in the engine; cards with nothing but keywords
or stats (Tiger Cub, Chameleon, Huntress, Centaur, Barkcoat Bear, Oversized
Rhinoceros, the tokens) need no hooks.
"""
from .. import catalog, stats
from ..effects import (add_rune, destroy, draw, exhaust, gain_gold, repair_building,
                       sacrifice, trash)
from ..flow import ask, op, push
from ..state import (card_of, change_control, is_opponent, is_patrolling, log, move, name,
                     opponents, patrol_slot, player, seat_name, team_of)
from ..targeting import (all_things, controller_of, is_flagbearer, kind_of, resist_cost,
                         thing_exists)
from . import Ability, Hooks, Target, register
from .common import (add_named_rune, ask_target, attach, attached_to, busy, fetch_from_codex,
                     friendly, has_subtype, host_gone, is_busy, lasting, make_token,
                     put_from_codex, raw_stats, remove_plus_rune, rune_count,
                     transform, trash_worker, until_end_of_turn, untransform, worker_total,
                     yours)

CHARACTER = ("unit", "hero")
NONE = (0, 0, {})


def _controller(state, iid):
    return card_of(state, iid)["controller"]


def _units_of(state, seat):
    return [i for i in player(state, seat)["play"] if stats.is_unit(state, i)]


def _is_green_unit(state, iid):
    return stats.is_unit(state, iid) and catalog.card(card_of(state, iid)["card"])["color"] == "green"


def _other_unit(iid):
    """A target filter: a unit other than ``iid``."""
    return lambda state, seat, tid: tid != iid


def _has_plus_rune(state, iid):
    return card_of(state, iid)["plus"] > 0


def _spec_hero_in_play(state, seat, spec):
    return any(stats.is_hero(state, i) and catalog.card(card_of(state, i)["card"])["spec"] == spec
               for i in player(state, seat)["play"])


# ---- green starting deck ----------------------------------------------------

def _prospect(state, seat, iid, targets):
    """Merfolk Prospector: exhaust to gain 1 gold."""
    if gain_gold(state, seat, 1):
        log(state, f"{seat_name(state, seat)} gained 1 gold.")


PROSPECT = [Ability("gain 1 gold.", _prospect, exhaust=True)]
register("merfolk_prospector", Hooks(abilities=lambda state, iid: PROSPECT))


def _young_treant_arrives(state, iid):
    """Young Treant arrives: its controller draws a card (a main-phase draw
    is limited by house rule R9)."""
    draw(state, _controller(state, iid), 1, in_main=state["phase"] == "main")


def _cannot_attack(state, iid):
    """Young Treant and Gemscout Owl can't attack (they may still patrol)."""
    return False


register("young_treant", Hooks(arrives=_young_treant_arrives, can_attack=_cannot_attack))


def _panda_arrives(state, iid):
    """Playful Panda and Giant Panda arrive exhausted, bringing a 0/1 Wisp
    token."""
    exhaust(state, iid)
    make_token(state, "wisp", _controller(state, iid))


register("playful_panda", Hooks(arrives=_panda_arrives))
register("giant_panda", Hooks(arrives=_panda_arrives))


def _ironbark_aura(state, src, iid):
    """Ironbark Treant: -2 ATK and +2 armor while it patrols, that is on an
    opponent's turn and only while it stands in the patrol zone; the armor
    comes back on each opponent's turn (Ironbark Treant rulings)."""
    if src == iid and is_patrolling(state, iid):
        return (-2, 0, {"armor": 2})
    return NONE


register("ironbark_treant", Hooks(aura=_ironbark_aura))


def _shambler_arrives(state, iid):
    """Spore Shambler arrives with two +1/+1 runes."""
    add_rune(state, iid, plus=2)


def _move_plus_rune(state, seat, iid, targets):
    """Spore Shambler and Blooming Ancient: remove one of its own +1/+1
    runes (the cost, never another card's; it may die of it: Spore Shambler
    rulings), then a +1/+1 rune on another unit (◎)."""
    remove_plus_rune(state, iid)
    for tid in targets:
        if thing_exists(state, tid):  # not an Illusion that died when targeted
            add_rune(state, tid, plus=1)
            log(state, f"{name(state, tid)} got a +1/+1 rune.")


def _shambler_abilities(state, iid):
    slot = [Target(("unit",), _other_unit(iid))]
    return [Ability("pay 1, move a +1/+1 rune to another unit.", _move_plus_rune,
                    targets=slot, gold=1, available=_has_plus_rune),
            Ability("exhaust, move a +1/+1 rune to another unit.", _move_plus_rune,
                    targets=slot, exhaust=True, available=_has_plus_rune)]


register("spore_shambler", Hooks(arrives=_shambler_arrives, abilities=_shambler_abilities))


def _verdant_tree(state, seat, iid, targets):
    """Verdant Tree: exhaust, and this turn your tech buildings finish the
    moment they are built, those under construction too (Verdant Tree
    rulings: Tech I, II and III can follow one another in one turn; no
    use the turn it arrives, house rule R5)."""
    p = player(state, seat)
    p["instant_build"] = state["turn"]
    for slot in ("tech_1", "tech_2", "tech_3"):
        if p["buildings"][slot] is not None and not p["buildings"][slot]["done"]:
            p["buildings"][slot]["done"] = True
            log(state, f"{seat_name(state, seat)}'s {catalog.card(slot)['name']} is finished.")


VERDANT = [Ability("your tech buildings finish at once this turn.", _verdant_tree, exhaust=True)]
register("verdant_tree", Hooks(abilities=lambda state, iid: VERDANT))


def _rich_earth(state, src, seat, cost):
    """Rich Earth: hiring costs no gold, but cost increases are still paid
    and it is still one hire a turn, with a card (Rich Earth rulings)."""
    return max(0, cost - 1)


register("rich_earth", Hooks(hire_cost=_rich_earth))


def _attack_and_armor(amount: int):
    """The resolve hook of a spell giving its target +``amount`` ATK and
    +``amount`` armor this turn; armor left over goes at the end of the turn
    (Rampant Growth ruling). Rampant Growth: 2; Dinosize: 6."""
    def resolve(state, seat, iid, targets):
        if not thing_exists(state, targets[0]):
            return  # an Illusion that died when targeted (Illusion ruling)
        until_end_of_turn(state, targets[0], atk=amount, kw={"armor": amount})
        log(state, f"{name(state, targets[0])} has +{amount} ATK and +{amount} armor this turn.")
    return resolve


register("rampant_growth", Hooks(targets=[Target(CHARACTER)], resolve=_attack_and_armor(2)))


def _forests_favor(state, seat, iid, targets):
    """Forest's Favor: a +1/+1 rune on a friendly unit or hero without one."""
    if not thing_exists(state, targets[0]):
        return  # an Illusion that died when targeted (Illusion ruling)
    add_rune(state, targets[0], plus=1)
    log(state, f"{name(state, targets[0])} got a +1/+1 rune.")


register("forest_s_favor", Hooks(
    targets=[Target(CHARACTER, lambda state, seat, t: friendly(state, seat, t)
                    and not _has_plus_rune(state, t))],
    resolve=_forests_favor))


# ---- Balance ------------------------------------------------------------------

def _moments_peace(state, seat, iid, targets):
    """Moment's Peace: until your next turn opposing units can't attack
    anything you control, your team's base included, and your units can't
    patrol (those arranged in slots leave them). Heroes may still attack
    and patrol (Moment's Peace rulings)."""
    lasting(state, seat, protect=True, no_patrol=True)
    for slot, occupant in player(state, seat)["patrol"].items():
        if occupant is not None and stats.is_unit(state, occupant):
            player(state, seat)["patrol"][slot] = None
    log(state, f"Opposing units can't attack {seat_name(state, seat)} until their next turn.")


register("moment_s_peace", Hooks(resolve=_moments_peace))


def _reclaimable(state, seat, tid):
    """An upgrade, ongoing spell or building card in play; never a base,
    tech building or add-on (Nature Reclaims ruling)."""
    return not tid.startswith(("bld:", "base:"))


def _nature_reclaims(state, seat, iid, targets):
    """Nature Reclaims: trash the target, then trash this spell."""
    trash(state, targets[0])
    if iid in state["cards"]:
        trash(state, iid)


register("nature_reclaims", Hooks(
    targets=[Target(("upgrade", "spell", "building"), _reclaimable)], resolve=_nature_reclaims))


def _circle_of_life(state, seat, iid, targets):
    """Circle of Life: sacrifice one of your green units; if you do, put a
    green unit one tech higher with a printed cost of 5 or less from your
    codex into play (Circle of Life rulings: tech 0 gives tech I; cost
    reductions such as Gigadon's don't count)."""
    from ..effects import can_sacrifice
    options = [i for i in _units_of(state, seat)
               if _is_green_unit(state, i) and can_sacrifice(state, i)]
    ask(state, seat, "Circle of Life: choose a green unit to sacrifice.", options,
        {"op": "circle_of_life", "seat": seat})


@op("circle_of_life")
def _circle_sacrificed(state, step):
    seat = step["seat"]
    for unit in step["choice"]:
        level = (stats.tech_level(state, unit) or 0) + 1
        if not sacrifice(state, unit):
            return
        codex = [cid for cid, n in sorted(player(state, seat)["codex"].items()) if n > 0]
        options = [cid for cid in codex if catalog.card(cid)["kind"] == "unit"
                   and catalog.card(cid)["color"] == "green"
                   and catalog.card(cid)["tech"] == level and (catalog.card(cid)["cost"] or 0) <= 5]
        ask(state, seat, "Circle of Life: choose a unit from your codex to put into play.",
            options, {"op": "from_codex", "seat": seat})


@op("from_codex")
def _from_codex(state, step):
    for cid in step["choice"]:
        put_from_codex(state, step["seat"], cid)


register("circle_of_life", Hooks(resolve=_circle_of_life))


def _your_balance_hero(state, seat, tid):
    return yours(state, seat, tid) and catalog.card(card_of(state, tid)["card"])["spec"] == "balance"


def _final_showdown(state, seat, iid, targets):
    """Final Showdown: attach to your Balance hero; then, to be fair, an
    opponent (the caster picks, house rule R27) gets two Hunter tokens,
    which are not patrolling (Final Showdown ruling)."""
    attach(state, iid, targets[0])
    ask(state, seat, "Final Showdown: choose the opponent who gets two Hunters.",
        opponents(state, seat), {"op": "hunters"})


@op("hunters")
def _hunters(state, step):
    for foe in step["choice"]:
        make_token(state, "hunter", foe)
        make_token(state, "hunter", foe)


def _showdown_aura(state, src, iid):
    """Final Showdown: its hero has +3/+3, readiness and resist 1."""
    return (3, 3, {"readiness": 1, "resist": 1}) if attached_to(state, src) == iid else NONE


def _showdown_attacks(state, src, attacker, ctx):
    """Final Showdown: its hero's controller draws a card when he attacks."""
    if attached_to(state, src) == attacker:
        draw(state, _controller(state, attacker), 1, in_main=state["phase"] == "main")


register("final_showdown", Hooks(
    targets=[Target(("hero",), _your_balance_hero)], resolve=_final_showdown,
    aura_all=_showdown_aura, any_attacks=_showdown_attacks, must_sacrifice=host_gone))


def _owl_upkeep(state, iid):
    """Gemscout Owl, upkeep: gain 1 gold."""
    seat = _controller(state, iid)
    if gain_gold(state, seat, 1):
        log(state, f"{seat_name(state, seat)} gained 1 gold from Gemscout Owl.")


register("gemscout_owl", Hooks(upkeep=_owl_upkeep, can_attack=_cannot_attack))


def _not_by_tech_0(state, iid, attacker):
    """Tiny Basilisk can't be attacked by tech 0 units (heroes may)."""
    return stats.tech_level(state, attacker) != 0


def _past_tech_0(state, iid, patroller):
    """Tiny Basilisk and Predator Tiger may ignore tech 0 patrollers."""
    return stats.tech_level(state, patroller) == 0


register("tiny_basilisk", Hooks(attackable_by=_not_by_tech_0, unstoppable_by=_past_tech_0))


def _fairie_arrives(state, iid):
    """Fairie Dragon arrives: you may put a feather rune on a tech I or II
    unit (◎)."""
    ask_target(state, _controller(state, iid),
               Target(("unit",), lambda s, seat, t: stats.tech_level(s, t) in (1, 2)),
               "Fairie Dragon: you may give a tech I or II unit a feather rune.",
               {"op": "feather"}, optional=True)


@op("feather")
def _feather(state, step):
    for tid in step["choice"]:
        add_named_rune(state, tid, "feather")
        log(state, f"{name(state, tid)} got a feather rune.")


def _feather_aura(state, src, iid):
    """Fairie Dragon: while one is in play, every unit with a feather rune,
    whoever's, is a 3/1 at base with flying and keeps its other abilities;
    runes and other effects still add to that (Fairie Dragon rulings). Only
    the first Fairie Dragon in play applies it, so two don't stack."""
    if not rune_count(state, iid, "feather") or not stats.is_unit(state, iid):
        return NONE
    first = next(i for p in state["players"] for i in p["play"]
                 if card_of(state, i)["card"] == "fairie_dragon")
    if src != first:
        return NONE
    rec = catalog.card(card_of(state, iid)["card"])
    return (3 - (rec["atk"] or 0), 1 - (rec["hp"] or 0), {"flying": 1})


register("fairie_dragon", Hooks(arrives=_fairie_arrives, aura_all=_feather_aura))


def _total_atk(state, seat):
    return sum(stats.atk(state, i) for i in player(state, seat)["play"]
               if stats.is_character(state, i))


def _horselord_upkeep(state, iid):
    """Dothram Horselord, upkeep: if one player has more total ATK (units
    and heroes, the Horselord included) than each other player, it joins
    that player (Dothram Horselord rulings)."""
    totals = {p["seat"]: _total_atk(state, p["seat"]) for p in state["players"]}
    best = max(totals.values())
    leaders = [s for s, t in totals.items() if t == best]
    if len(leaders) == 1 and leaders[0] != _controller(state, iid):
        change_control(state, iid, leaders[0])
        log(state, f"Dothram Horselord joined {seat_name(state, leaders[0])}.")


register("dothram_horselord", Hooks(upkeep=_horselord_upkeep))

MIMICKED = ("flying", "overpower", "haste", "sparkshot", "untargetable", "stealth")


def _mimic_aura(state, src, iid):
    """Wandering Mimic: each of flying, overpower, haste, sparkshot,
    untargetable and stealth that another unit or hero in play has. What
    another Mimic has only by mimicking doesn't count, so two Mimics lose
    flying together when the third flier goes (Wandering Mimic ruling)."""
    if src != iid or is_busy("mimic", iid):
        return NONE
    found = {}
    with busy("mimic", iid):
        for p in state["players"]:
            for other in p["play"]:
                if other == iid or not stats.is_character(state, other):
                    continue
                if card_of(state, other)["card"] == "wandering_mimic":
                    kws = stats.recompute(state, other)["kw"]
                else:
                    kws = stats.compute(state, other)["kw"]
                found.update({k: 1 for k in MIMICKED if kws.get(k)})
    return (0, 0, found)


register("wandering_mimic", Hooks(aura=_mimic_aura))


def _upgrade_or_ongoing(state, seat, tid):
    return not tid.startswith(("bld:", "base:"))


def _potent_basilisk_arrives(state, iid):
    """Potent Basilisk arrives: you may destroy an upgrade or an ongoing
    spell (◎)."""
    ask_target(state, _controller(state, iid), Target(("upgrade", "spell"), _upgrade_or_ongoing),
               "Potent Basilisk: you may destroy an upgrade or ongoing spell.",
               {"op": "destroy_them"}, optional=True)


@op("destroy_them")
def _destroy_them(state, step):
    for tid in step["choice"]:
        destroy(state, tid)


register("potent_basilisk", Hooks(arrives=_potent_basilisk_arrives))

REX_SLOT = Target(("unit", "upgrade"))


def _rex_arrives(state, iid):
    """Tyrannosaurus Rex arrives: destroy up to two things among units,
    upgrades and workers, in any mix (◎; Tyrannosaurus Rex rulings)."""
    _rex_ask(state, _controller(state, iid), left=2, chosen=[])


def _rex_ask(state, seat, left, chosen):
    """Offer the units and upgrades ``seat`` may target (resist affordable;
    only flagbearers when an opposing one is among them) and, as
    ``workers:<seat>``, each player who has a worker."""
    from ..targeting import slot_candidates
    gold = player(state, seat)["gold"]
    things = [t for t in slot_candidates(state, seat, REX_SLOT)
              if t not in chosen and resist_cost(state, seat, [t]) <= gold]
    flags = [t for t in things if is_flagbearer(state, t)
             and is_opponent(state, seat, controller_of(state, t))]
    options = flags or things + [f"workers:{p['seat']}" for p in state["players"]
                                 if worker_total(state, p["seat"]) > 0]
    if options:
        ask(state, seat, "Tyrannosaurus Rex: you may destroy a unit, an upgrade or a worker.",
            options, {"op": "rex_destroy", "seat": seat, "left": left - 1, "chosen": chosen},
            optional=True)


@op("rex_destroy")
def _rex_destroy(state, step):
    """A destroyed worker is trashed, picked at random: workers are all
    alike and nobody sees it (Tyrannosaurus Rex rulings)."""
    from ..actions import _kill_targeted_illusions
    if not step["choice"]:
        return
    pick, seat = step["choice"][0], step["seat"]
    if pick.startswith("workers:"):
        trash_worker(state, int(pick.split(":")[1]))
    else:
        from ..effects import pay
        pay(state, seat, resist_cost(state, seat, [pick]))
        _kill_targeted_illusions(state, [pick])
        destroy(state, pick)
    if step["left"] > 0:
        _rex_ask(state, seat, step["left"], step["chosen"] + [pick])


register("tyrannosaurus_rex", Hooks(arrives=_rex_arrives))


# ---- Feral ------------------------------------------------------------------

def _ferocity(state, seat, iid, targets):
    """Ferocity: your units now in play have armor piercing and swift strike
    until your next upkeep (docs/RULINGS.md: "your units" means those in
    play when it resolves, as for Discord)."""
    for unit in _units_of(state, seat):
        lasting(state, seat, iid=unit, kw={"armor_piercing": 1, "swift_strike": 1})
    log(state, f"{seat_name(state, seat)}'s units have armor piercing and swift strike "
               "until their next upkeep.")


register("ferocity", Hooks(resolve=_ferocity))


def _ferns_aura(state, src, iid):
    """Behind the Ferns: your units with 3 ATK or less have stealth, ATK
    read before any attack bonus (Behind the Ferns rulings; with Master
    Midori see docs/RULINGS.md)."""
    if not stats.is_unit(state, iid) or is_busy("ferns", iid):
        return NONE
    return (0, 0, {"stealth": 1}) if raw_stats(state, iid, "ferns")["atk"] <= 3 else NONE


register("behind_the_ferns", Hooks(aura=_ferns_aura))


def _murkwood_allies(state, seat, iid, targets):
    """Murkwood Allies: a 4/4 Beast or four 1/1 Frogs; boosted, both."""
    if card_of(state, iid)["marks"].get("boosted"):
        _murkwood(state, {"seat": seat, "choice": ["beast", "frogs"]})
        return
    ask(state, seat, "Murkwood Allies: a Beast or four Frogs?", ["beast", "frogs"],
        {"op": "murkwood", "seat": seat})


@op("murkwood")
def _murkwood(state, step):
    seat = step["seat"]
    if "beast" in step["choice"]:
        make_token(state, "beast", seat)
    if "frogs" in step["choice"]:
        for _ in range(4):
            make_token(state, "frog", seat)


register("murkwood_allies", Hooks(resolve=_murkwood_allies))


def _feral_strike(state, seat, iid, targets):
    """Feral Strike: fetch up to two units from your codex into your hand
    (shown), or put up to two units from your hand into play, each needing
    a finished tech building of its level, any spec (Feral Strike ruling);
    boosted, first the one, then the other."""
    if card_of(state, iid)["marks"].get("boosted"):
        _feral_fetch_ask(state, seat, 2, then_put=True)
        return
    ask(state, seat, "Feral Strike: fetch units from your codex, or put units from your hand "
                     "into play?", ["fetch", "put"], {"op": "feral_mode", "seat": seat})


@op("feral_mode")
def _feral_mode(state, step):
    if step["choice"] == ["fetch"]:
        _feral_fetch_ask(state, step["seat"], 2, then_put=False)
    else:
        _feral_put_ask(state, step["seat"], 2)


def _feral_fetch_ask(state, seat, left, then_put):
    options = [cid for cid, n in sorted(player(state, seat)["codex"].items())
               if n > 0 and catalog.card(cid)["kind"] == "unit"]
    step = {"op": "feral_fetch", "seat": seat, "left": left - 1, "then_put": then_put}
    if options:
        ask(state, seat, "Feral Strike: you may take a unit from your codex.", options, step,
            optional=True)
    else:
        _feral_fetch(state, dict(step, choice=[]))


@op("feral_fetch")
def _feral_fetch(state, step):
    seat = step["seat"]
    for cid in step["choice"]:
        fetch_from_codex(state, seat, cid)
    if step["choice"] and step["left"] > 0:
        _feral_fetch_ask(state, seat, step["left"], step["then_put"])
    elif step["then_put"]:
        _feral_put_ask(state, seat, 2)


def _can_put_into_play(state, seat, iid):
    from ..specs import built
    rec = catalog.card(card_of(state, iid)["card"])
    if rec["kind"] != "unit":
        return False
    if rec["tech"] and not built(state, seat, f"tech_{rec['tech']}"):
        return False
    return not (rec["legendary"] and any(card_of(state, i)["card"] == rec["id"]
                                         for i in player(state, seat)["play"]))


def _feral_put_ask(state, seat, left):
    options = [i for i in player(state, seat)["hand"] if _can_put_into_play(state, seat, i)]
    if options:
        ask(state, seat, "Feral Strike: you may put a unit from your hand into play.", options,
            {"op": "feral_put", "seat": seat, "left": left - 1}, optional=True)


@op("feral_put")
def _feral_put(state, step):
    from ..actions import enter_play
    seat = step["seat"]
    for iid in step["choice"]:
        if iid in player(state, seat)["hand"]:
            log(state, f"{seat_name(state, seat)} put {name(state, iid)} into play.")
            enter_play(state, iid, seat)
    if step["choice"] and step["left"] > 0:
        _feral_put_ask(state, seat, step["left"])


register("feral_strike", Hooks(resolve=_feral_strike))


def _stalking_tiger_aura(state, src, iid):
    """Stalking Tiger: invisible while its controller has a Feral hero."""
    if src == iid and _spec_hero_in_play(state, _controller(state, iid), "feral"):
        return (0, 0, {"invisible": 1})
    return NONE


def _stalks_units(state, iid, target):
    """Stalking Tiger: stealth while attacking a unit (not a hero or a
    building)."""
    return not target.startswith(("bld:", "base:")) and kind_of(state, target) == "unit"


register("stalking_tiger", Hooks(aura=_stalking_tiger_aura, stealth_toward=_stalks_units))


def _predator_dealt(state, src, attacker, dealt):
    """Predator Tiger: when its combat damage hits a base, a worker of that
    base's player is trashed (in Two-Headed Dragon the attacking player
    picks which teammate, house rule R27)."""
    if src != attacker:
        return
    for target, _amount in dealt:
        if target.startswith("base:"):
            # A step of its own, after the combat damage step: a choice is
            # never asked in the middle of one.
            push(state, {"op": "predator_worker", "seat": _controller(state, attacker),
                         "team": int(target.split(":")[1])})


@op("predator_worker")
def _predator_worker(state, step):
    seats = [p["seat"] for p in state["players"] if p["team"] == step["team"]
             and worker_total(state, p["seat"]) > 0]
    ask(state, step["seat"], "Predator Tiger: whose worker is trashed?", seats,
        {"op": "trash_worker"})


@op("trash_worker")
def _trash_worker_step(state, step):
    for seat in step["choice"]:
        trash_worker(state, seat)


register("predator_tiger", Hooks(unstoppable_by=_past_tech_0, attacker_dealt=_predator_dealt))


def _elephant_exhausted(state, iid):
    """Rampaging Elephant: the first time it exhausts each turn it readies
    again (so it can attack twice)."""
    inst = card_of(state, iid)
    if inst["marks"].get("rampaged") != state["turn"]:
        inst["marks"]["rampaged"] = state["turn"]
        inst["exhausted"] = False
        log(state, "Rampaging Elephant readied again.")


register("rampaging_elephant", Hooks(exhausted=_elephant_exhausted))


def _gigadon_cost(state, seat, cost):
    """Gigadon costs 1 less per green unit you control, never below 0; only
    the cost of playing it changes, its printed cost stays 9 (Gigadon
    rulings)."""
    return cost - sum(1 for i in player(state, seat)["play"] if _is_green_unit(state, i))


register("gigadon", Hooks(own_cost=_gigadon_cost))


def _three_squirrels(state, iid):
    """Moss Ancient, on arrival and each attack: three Squirrel tokens."""
    for _ in range(3):
        make_token(state, "squirrel", _controller(state, iid))


def _moss_ancient_aura(state, src, iid):
    """Moss Ancient: your Squirrels have haste and invisible, only while it
    is in play under your control (Moss Ancient ruling)."""
    if has_subtype(state, iid, "Squirrel") and stats.is_unit(state, iid):
        return (0, 0, {"haste": 1, "invisible": 1})
    return NONE


def _moss_ancient_attacks(state, iid, ctx):
    """Moss Ancient attacks: three Squirrel tokens, before combat."""
    _three_squirrels(state, iid)


register("moss_ancient", Hooks(arrives=_three_squirrels, aura=_moss_ancient_aura,
                               attacks=_moss_ancient_attacks))


# ---- Growth -----------------------------------------------------------------

def _polymorph(state, seat, iid, targets):
    """Polymorph: Squirrel: until your next upkeep the unit is a 1/1 green
    Squirrel with no abilities. It keeps its damage (so it may die), its
    runes, attachments and tech level, and does not arrive; effects given
    to it earlier are lost, later ones apply (Polymorph: Squirrel rulings)."""
    if not thing_exists(state, targets[0]):
        return  # an Illusion that died when targeted (Illusion ruling)
    unit = targets[0]
    state["temp"] = [e for e in state["temp"] if e["iid"] != unit]
    state["lasting"] = [e for e in state.get("lasting", []) if e.get("iid") != unit]
    log(state, f"{name(state, unit)} became a Squirrel.")
    transform(state, unit, "squirrel")
    lasting(state, seat, iid=unit, end="polymorph_end")


@op("polymorph_end")
def _polymorph_end(state, step):
    untransform(state, step["iid"])


register("polymorph_squirrel", Hooks(targets=[Target(("unit",))], resolve=_polymorph))


register("dinosize", Hooks(targets=[Target(CHARACTER)], resolve=_attack_and_armor(6)))


def _spirit_of_the_panda(state, seat, iid, targets):
    """Spirit of the Panda: attach to a unit, anyone's."""
    attach(state, iid, targets[0])


def _panda_spirit_aura(state, src, iid):
    """Spirit of the Panda: its unit has +2/+2."""
    return (2, 2, {}) if attached_to(state, src) == iid else NONE


def _panda_spirit_attacks(state, src, attacker, ctx):
    """Spirit of the Panda: when its unit attacks, that unit's controller
    gains 1 gold."""
    if attached_to(state, src) == attacker:
        seat = _controller(state, attacker)
        if gain_gold(state, seat, 1):
            log(state, f"{seat_name(state, seat)} gained 1 gold (Spirit of the Panda).")


register("spirit_of_the_panda", Hooks(
    targets=[Target(("unit",))], resolve=_spirit_of_the_panda, aura_all=_panda_spirit_aura,
    any_attacks=_panda_spirit_attacks, must_sacrifice=host_gone))


def _stampede(state, seat, iid, targets):
    """Stampede: this turn your units now in play get +3 ATK and +3 armor,
    and their excess combat damage to units and heroes goes to that
    player's base instead of following overpower (Stampede ruling; the
    engine's combat.excess_to_base)."""
    for unit in _units_of(state, seat):
        state["temp"].append({"iid": unit, "atk": 3, "hp": 0, "kw": {"armor": 3},
                              "excess_to_base": True})
    log(state, f"{seat_name(state, seat)}'s units stampede this turn.")


register("stampede", Hooks(resolve=_stampede))


def _galina_upkeep(state, iid):
    """Galina Glimmer, upkeep: 1 gold per two of your green units, herself
    included, rounded down (Galina Glimmer rulings)."""
    seat = _controller(state, iid)
    amount = sum(1 for i in player(state, seat)["play"] if _is_green_unit(state, i)) // 2
    if amount and gain_gold(state, seat, amount):
        log(state, f"{seat_name(state, seat)} gained {amount} gold from Galina Glimmer.")


register("galina_glimmer", Hooks(upkeep=_galina_upkeep))


def _mantis_arrives(state, iid):
    """Artisan Mantis arrives: repair up to 3 damage of a building (no ◎);
    only damage is removed, never above its HP (Artisan Mantis ruling).
    Damaged buildings are offered."""
    damaged = [t for t in all_things(state) if kind_of(state, t) in ("building", "base")
               and _building_damage(state, t) > 0]
    ask(state, _controller(state, iid), "Artisan Mantis: choose a building to repair.", damaged,
        {"op": "repair", "amount": 3})


def _building_damage(state, tid):
    from ..effects import building_record, is_building_id
    return building_record(state, tid)["damage"] if is_building_id(tid) else card_of(state, tid)["damage"]


@op("repair")
def _repair(state, step):
    for tid in step["choice"]:
        repair_building(state, tid, step["amount"])


register("artisan_mantis", Hooks(arrives=_mantis_arrives))


def _ancient_grows(state, src, iid):
    """Blooming Ancient: another of your units or heroes arrived: a +1/+1
    rune on it."""
    if stats.is_character(state, iid):
        add_rune(state, src, plus=1)


def _ancient_abilities(state, iid):
    return [Ability("move a +1/+1 rune to another unit.", _move_plus_rune,
                    targets=[Target(("unit",), _other_unit(iid))], available=_has_plus_rune)]


register("blooming_ancient", Hooks(other_arrives=_ancient_grows, abilities=_ancient_abilities))


def _elm_aura(state, src, iid):
    """Blooming Elm: its controller's units and heroes carrying a +1/+1 rune gain overpower."""
    if stats.is_character(state, iid) and _has_plus_rune(state, iid):
        return (0, 0, {"overpower": 1})
    return NONE


def _elm(state, seat, iid, targets):
    """Blooming Elm, exhaust: three +1/+1 runes on a unit, or one on a hero,
    only if it has none; one that has some may still be chosen, to no
    effect (Blooming Elm ruling)."""
    tid = targets[0]
    if tid in state["cards"] and not _has_plus_rune(state, tid):
        count = 3 if stats.is_unit(state, tid) else 1
        add_rune(state, tid, plus=count)
        log(state, f"{name(state, tid)} got {count} +1/+1 rune(s).")


ELM = [Ability("+1/+1 runes on a unit or hero without any.", _elm,
               targets=[Target(CHARACTER)], exhaust=True)]
register("blooming_elm", Hooks(aura=_elm_aura, abilities=lambda state, iid: ELM))


def _might_dealt(state, src, attacker, dealt):
    """Might of Leaf and Claw: a growth rune each time an attacker of yours
    deals combat damage (to armor too; sparkshot and overpower damage count
    with the hit as one; 0 damage is none: Might of Leaf and Claw rulings)."""
    add_named_rune(state, src, "growth")


def _might_aura(state, src, iid):
    """Might of Leaf and Claw: with five growth runes or more, your units
    and heroes have +5/+5."""
    if rune_count(state, src, "growth") >= 5 and stats.is_character(state, iid):
        return (5, 5, {})
    return NONE


register("might_of_leaf_and_claw", Hooks(attacker_dealt=_might_dealt, aura=_might_aura))


def _growth_spell(card_id):
    rec = catalog.card(card_id)
    return rec["kind"] == "spell" and rec["spec"] == "growth"


def _guargum_cost(state, src, seat, card_id, cost):
    """Guargum, Eternal Sentinel: your Growth spells cost 0."""
    return 0 if _growth_spell(card_id) else cost


def _guargum_license(state, src, seat, card_id):
    """Guargum, Eternal Sentinel: you may play Growth spells without a
    Growth hero, even an ultimate, even the turn he arrived (Guargum
    ruling)."""
    return _growth_spell(card_id)


register("guargum_eternal_sentinel", Hooks(cost_mod=_guargum_cost, spell_license=_guargum_license))


# ---- heroes -----------------------------------------------------------------

def _no_abilities(state, iid):
    """True for a unit with no abilities: no printed text or keyword, no
    ability given by another card, and no keyword from anything else. Stat
    changes, armor, runes and damage don't count, nor the squad leader's
    armor and the lookout's resist (Master Midori rulings). Read with
    Midori's bonus applied (docs/RULINGS.md, Behind the Ferns)."""
    from ..actions import abilities_of
    rec = catalog.card(card_of(state, iid)["card"])
    if rec["text"] or rec["keywords"] or abilities_of(state, iid):
        return False
    kws = dict(raw_stats(state, iid, "midori")["kw"])
    if is_patrolling(state, iid) and patrol_slot(state, iid) == "lookout":
        kws["resist"] = kws.get("resist", 0) - 1
    return not any(v for k, v in kws.items() if k != "armor")


def _midori_aura(state, src, iid):
    """Master Midori, level 5: your units with no abilities get +1/+1; they
    lose it as soon as they get one (Master Midori rulings). Level 8: she
    has flying during your turn."""
    level = card_of(state, src)["level"]
    if src == iid:
        own_turn = team_of(state, _controller(state, src)) == team_of(state, state["active"])
        return (0, 0, {"flying": 1}) if level >= 8 and own_turn else NONE
    if level < 5 or not stats.is_unit(state, iid):
        return NONE
    if is_busy("midori", iid) or _no_abilities(state, iid):
        return (1, 1, {})
    return NONE


register("master_midori", Hooks(aura=_midori_aura))


def _calamandra_stealth(state, seat, iid, targets):
    """Calamandra Moss, level 1: discard two cards (the cost, chosen now):
    she has stealth this turn."""
    ask(state, seat, "Calamandra Moss: choose two cards to discard.",
        list(player(state, seat)["hand"]), {"op": "calamandra_discard", "seat": seat,
                                            "hero": iid}, count=2)


@op("calamandra_discard")
def _calamandra_discard(state, step):
    seat = step["seat"]
    for card in step["choice"]:
        move(state, card, "discard")
    log(state, f"{seat_name(state, seat)} discarded two cards.")
    if step["hero"] in state["cards"]:
        until_end_of_turn(state, step["hero"], kw={"stealth": 1})
        log(state, "Calamandra Moss has stealth this turn.")


def _calamandra_tiger(state, seat, iid, targets):
    """Calamandra Moss, level 5: pay 4 and exhaust: a Tiger unit from your
    codex into play, without paying for it or needing its tech building
    (Calamandra Moss ruling)."""
    tigers = [cid for cid, n in sorted(player(state, seat)["codex"].items())
              if n > 0 and catalog.card(cid)["kind"] == "unit"
              and "Tiger" in catalog.card(cid)["subtypes"]]
    ask(state, seat, "Calamandra Moss: choose a Tiger from your codex.", tigers,
        {"op": "from_codex", "seat": seat})


def _two_cards_in_hand(state, iid):
    return len(player(state, _controller(state, iid))["hand"]) >= 2


def _calamandra_abilities(state, iid):
    out = [Ability("discard two cards: stealth this turn.", _calamandra_stealth,
                   available=_two_cards_in_hand)]
    if card_of(state, iid)["level"] >= 5:
        out.append(Ability("put a Tiger from your codex into play.", _calamandra_tiger,
                           gold=4, exhaust=True))
    return out


def _calamandra_aura(state, src, iid):
    """Calamandra Moss, level 3: your units have resist 1."""
    if card_of(state, src)["level"] >= 3 and stats.is_unit(state, iid):
        return (0, 0, {"resist": 1})
    return NONE


register("calamandra_moss", Hooks(abilities=_calamandra_abilities, aura=_calamandra_aura))


def _garg_arrives(state, iid):
    """Argagarg Garg arrives: a 0/1 Wisp token."""
    make_token(state, "wisp", _controller(state, iid))


def _garg_boost(state, seat, iid, targets):
    """Argagarg Garg, level 3: exhaust: a unit gets +1 ATK and +1 armor this
    turn (◎)."""
    if not thing_exists(state, targets[0]):
        return  # an Illusion that died when targeted (Illusion ruling)
    until_end_of_turn(state, targets[0], atk=1, kw={"armor": 1})
    log(state, f"{name(state, targets[0])} has +1 ATK and +1 armor this turn.")


GARG_BOOST = [Ability("a unit gets +1 ATK and +1 armor this turn.", _garg_boost,
                      targets=[Target(("unit",))], exhaust=True)]


def _garg_max(state, iid):
    """Argagarg Garg reaches max level: a blue 3/3 Water Elemental token
    with anti-air."""
    make_token(state, "water_elemental", _controller(state, iid))


def _garg_abilities(state, iid):
    """Argagarg Garg has his exhaust ability from level 3."""
    return GARG_BOOST if card_of(state, iid)["level"] >= 3 else []


register("argagarg_garg", Hooks(arrives=_garg_arrives, max_level=_garg_max,
                                abilities=_garg_abilities))
