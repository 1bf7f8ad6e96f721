"""The Starter set: the neutral starting deck, the Bashing and Finesse specs,
their heroes Troq Bashar and River Montoya, and the Dancer tokens.

Each hook cites the card; fine points follow the official rulings in
reference/codex-cards/rulings.json (named where they decide something).
"""
from .. import stats
from ..effects import (add_rune, base_id, damage_building, damage_card, destroy, draw,
                       repair_building, return_to_hand)
from ..flow import ask, op
from ..state import (card_of, change_control, log, move, name, player, seat_name)
from ..targeting import controller_of, thing_exists
from . import Ability, Hooks, Target, register
from .common import (ask_target, friendly, has_subtype, make_token, patroller, sideline,
                     tech_at_most, tech_exactly, until_end_of_turn, yours)

CHARACTER = ("unit", "hero")
BUILDING = ("building", "base")


# ---- neutral starting deck -------------------------------------------------

def _brick_thief_trigger(state, iid):
    """Brick Thief, arrives or attacks: 1 damage to a building (◎), then
    repair 1 damage of another building (ruling: an undamaged one is fine)."""
    seat = card_of(state, iid)["controller"]
    ask_target(state, seat, Target(BUILDING), "Brick Thief: choose a building to damage.",
               {"op": "brick_thief_hit", "seat": seat})


@op("brick_thief_hit")
def _brick_thief_hit(state, step):
    if not step["choice"]:
        return
    hit = step["choice"][0]
    seat = step["seat"]
    from ..targeting import all_things, kind_of
    others = [t for t in all_things(state) if kind_of(state, t) in BUILDING and t != hit]
    ask(state, seat, "Brick Thief: choose another building to repair.", others,
        {"op": "brick_thief_repair"})
    damage_building(state, hit, 1)


@op("brick_thief_repair")
def _brick_thief_repair(state, step):
    for target in step["choice"]:
        repair_building(state, target, 1)


register("brick_thief", Hooks(arrives=_brick_thief_trigger,
                              attacks=lambda state, iid, ctx: _brick_thief_trigger(state, iid)))


def _spark(state, seat, iid, targets):
    """Spark: 1 damage to a patroller."""
    damage_card(state, targets[0], 1)


register("spark", Hooks(targets=[Target(CHARACTER, patroller)], resolve=_spark))


def _no_plus_rune(state, seat, tid):
    return card_of(state, tid)["plus"] == 0


def _bloom(state, seat, iid, targets):
    """Bloom: a +1/+1 rune on a friendly unit or hero without one."""
    if not thing_exists(state, targets[0]):
        return  # an Illusion that died when targeted (Illusion ruling)
    add_rune(state, targets[0], plus=1)
    log(state, f"{name(state, targets[0])} got a +1/+1 rune.")


register("bloom", Hooks(targets=[Target(CHARACTER, lambda s, seat, t: friendly(s, seat, t)
                                         and _no_plus_rune(s, seat, t))], resolve=_bloom))


def _wither(state, seat, iid, targets):
    """Wither: a -1/-1 rune on a unit or hero."""
    if not thing_exists(state, targets[0]):
        return  # an Illusion that died when targeted (Illusion ruling)
    add_rune(state, targets[0], minus=1)
    log(state, f"{name(state, targets[0])} got a -1/-1 rune.")


register("wither", Hooks(targets=[Target(CHARACTER)], resolve=_wither))


# ---- Bashing ---------------------------------------------------------------

register("wrecking_ball", Hooks(
    targets=[Target(BUILDING)],
    resolve=lambda state, seat, iid, targets: damage_building(state, targets[0], 2)))

register("the_boot", Hooks(
    targets=[Target(("unit",), tech_at_most(1))],
    resolve=lambda state, seat, iid, targets: destroy(state, targets[0])))


def _intimidate(state, seat, iid, targets):
    """Intimidate: -4 ATK this turn (ATK never below 0)."""
    if not thing_exists(state, targets[0]):
        return  # an Illusion that died when targeted (Illusion ruling)
    until_end_of_turn(state, targets[0], atk=-4)
    log(state, f"{name(state, targets[0])} has -4 ATK this turn.")


register("intimidate", Hooks(targets=[Target(CHARACTER)], resolve=_intimidate))


def _final_smash(state, seat, iid, targets):
    """Final Smash: three parts in order, each target chosen as it resolves;
    each part is mandatory when it can be done (rulings)."""
    ask_target(state, seat, Target(("unit",), tech_exactly(0)),
               "Final Smash: choose a tech 0 unit to destroy.",
               {"op": "final_smash", "part": 1, "seat": seat})


@op("final_smash")
def _final_smash_part(state, step):
    seat, part, choice = step["seat"], step["part"], step["choice"]
    if part == 1:
        for tid in choice:
            destroy(state, tid)
        ask_target(state, seat, Target(("unit",), tech_exactly(1)),
                   "Final Smash: choose a tech I unit to return to its owner's hand.",
                   {"op": "final_smash", "part": 2, "seat": seat})
    elif part == 2:
        for tid in choice:
            return_to_hand(state, tid)
        ask_target(state, seat, Target(("unit",), tech_exactly(2)),
                   "Final Smash: choose a tech II unit to take control of.",
                   {"op": "final_smash", "part": 3, "seat": seat})
    else:
        for tid in choice:
            if card_of(state, tid)["controller"] != seat:
                change_control(state, tid, seat)
                log(state, f"{seat_name(state, seat)} took control of {name(state, tid)}.")


register("final_smash", Hooks(resolve=_final_smash))


def _hired_stomper(state, iid):
    """Hired Stomper arrives: 3 damage to a unit (◎), any unit, itself too."""
    seat = card_of(state, iid)["controller"]
    ask_target(state, seat, Target(("unit",)), "Hired Stomper: choose a unit to take 3 damage.",
               {"op": "deal_damage", "amount": 3})


@op("deal_damage")
def _deal_damage(state, step):
    from ..effects import damage_target
    for tid in step["choice"]:
        damage_target(state, tid, step["amount"])


register("hired_stomper", Hooks(arrives=_hired_stomper))


def _sneaky_pig(state, iid):
    """Sneaky Pig arrives: stealth until the end of the turn."""
    until_end_of_turn(state, iid, kw={"stealth": 1})


register("sneaky_pig", Hooks(arrives=_sneaky_pig))


def _trojan_duck_trigger(state, iid):
    """Trojan Duck, arrives or attacks: 4 damage to a building (◎)."""
    seat = card_of(state, iid)["controller"]
    ask_target(state, seat, Target(BUILDING), "Trojan Duck: choose a building to take 4 damage.",
               {"op": "deal_damage", "amount": 4})


register("trojan_duck", Hooks(arrives=_trojan_duck_trigger,
                              attacks=lambda state, iid, ctx: _trojan_duck_trigger(state, iid)))


def _troq_attacks(state, iid, ctx):
    """Troq Bashar, mid band: when he attacks, 1 damage to the base of the
    player controlling what he attacked (ruling)."""
    if card_of(state, iid)["level"] >= 5:
        defender = controller_of(state, ctx["target"])
        damage_building(state, base_id(state, defender), 1)


register("troq_bashar", Hooks(attacks=_troq_attacks))


# ---- Finesse ---------------------------------------------------------------

def _dancers(state, seat):
    return [i for i in player(state, seat)["play"]
            if card_of(state, i)["card"] in ("dancer", "angry_dancer")]


def _harmony_spell(state, src, spell):
    """Harmony: whenever you play another spell, a Dancer token (limit 3
    Dancers and Angry Dancers together)."""
    seat = card_of(state, src)["controller"]
    if len(_dancers(state, seat)) < 3:
        make_token(state, "dancer", seat)


def _stop_the_music(state, seat, iid, targets):
    """Harmony's sacrifice: your Dancers flip into Angry Dancers, keeping
    damage and runes; flipping is not arriving (ruling)."""
    for dancer in _dancers(state, seat):
        if card_of(state, dancer)["card"] == "dancer":
            card_of(state, dancer)["card"] = "angry_dancer"
    log(state, f"{seat_name(state, seat)} stopped the music: the Dancers are angry now.")


register("harmony", Hooks(
    spell_played=_harmony_spell,
    abilities=lambda state, iid: [Ability("stop the music.", _stop_the_music, sacrifice=True)]))


def _discord(state, seat, iid, targets):
    """Discord: one opponent's tech 0 and I units get -2/-1 this turn."""
    from ..state import opponents
    ask(state, seat, "Discord: choose an opponent.", opponents(state, seat),
        {"op": "discord", "seat": seat})


@op("discord")
def _discord_hit(state, step):
    for foe in step["choice"]:
        for iid in list(player(state, foe)["play"]):
            if stats.is_unit(state, iid) and (stats.tech_level(state, iid) or 0) <= 1:
                until_end_of_turn(state, iid, atk=-2, hp=-1)
        log(state, f"{seat_name(state, foe)}'s tech 0 and I units got -2/-1 this turn.")


register("discord", Hooks(resolve=_discord))


def _unpartnered(state, seat, tid):
    return yours(state, seat, tid) and not any(
        tid in card_of(state, src)["marks"].get("partners", [])
        for src in player(state, seat)["play"] if card_of(state, src)["card"] == "two_step")


def _two_step(state, seat, iid, targets):
    """Two Step: two of your unpartnered units become dance partners; an
    Illusion partner dies when targeted, so the Two Step goes at once."""
    card_of(state, iid)["marks"]["partners"] = list(targets)
    if all(thing_exists(state, t) for t in targets):
        log(state, f"{name(state, targets[0])} and {name(state, targets[1])} are dance partners.")


def _two_step_aura(state, src, iid):
    return (2, 2, {}) if iid in card_of(state, src)["marks"].get("partners", []) else (0, 0, {})


def _two_step_gone(state, iid):
    """Two Step is sacrificed when you stop controlling either partner."""
    inst = card_of(state, iid)
    partners = inst["marks"].get("partners")
    if partners is None:
        return False
    return any(p not in state["cards"] or state["cards"][p]["zone"] != "play"
               or state["cards"][p]["controller"] != inst["controller"] for p in partners)


register("two_step", Hooks(
    targets=[Target(("unit",), _unpartnered), Target(("unit",), _unpartnered)],
    resolve=_two_step, aura=_two_step_aura, must_sacrifice=_two_step_gone))


def _appel_stomp(state, seat, iid, targets):
    """Appel Stomp: sideline a patroller, draw a card, then you may put Appel
    Stomp on top of your deck (otherwise it goes to the discard pile)."""
    sideline(state, targets[0])
    draw(state, seat, 1, in_main=True)
    ask(state, seat, "Put Appel Stomp on top of your deck?", ["top", "discard"],
        {"op": "appel_stomp", "spell": iid})


@op("appel_stomp")
def _appel_stomp_end(state, step):
    if step["choice"] == ["top"] and step["spell"] in state["cards"]:
        move(state, step["spell"], "deck", top=True)


register("appel_stomp", Hooks(targets=[Target(CHARACTER, patroller)], resolve=_appel_stomp))


def _nimble_fencer(state, src, iid):
    """Nimble Fencer: your Virtuosos (herself too) have haste."""
    return (0, 0, {"haste": 1}) if has_subtype(state, iid, "Virtuoso") else (0, 0, {})


register("nimble_fencer", Hooks(aura=_nimble_fencer))


def _starlet_aura(state, src, iid):
    """Star-Crossed Starlet: +1 ATK for each damage on her."""
    return (card_of(state, iid)["damage"], 0, {}) if src == iid else (0, 0, {})


register("star_crossed_starlet", Hooks(
    aura=_starlet_aura,
    upkeep=lambda state, iid: damage_card(state, iid, 1)))


def _grounded_guide(state, src, iid):
    """Grounded Guide: your other units +1 ATK; Virtuosos +2/+1 instead."""
    if src == iid or not stats.is_unit(state, iid):
        return (0, 0, {})
    return (2, 1, {}) if has_subtype(state, iid, "Virtuoso") else (1, 0, {})


register("grounded_guide", Hooks(aura=_grounded_guide))


def _maestro_cost(state, src, seat, card_id, cost):
    """Maestro: your Virtuosos cost 0."""
    from .. import catalog
    return 0 if "Virtuoso" in catalog.card(card_id)["subtypes"] else cost


def _maestro_grant(state, src, iid):
    """Maestro: your Virtuosos gain "exhaust: 2 damage to a building (◎)"."""
    if not has_subtype(state, iid, "Virtuoso"):
        return []
    return [Ability("2 damage to a building.",
                    lambda s, seat, me, targets: damage_building(s, targets[0], 2),
                    targets=[Target(BUILDING)], exhaust=True)]


register("maestro", Hooks(cost_mod=_maestro_cost, granted_abilities=_maestro_grant))


def _blademaster(state, src, iid):
    """Blademaster: your units and heroes have swift strike."""
    return (0, 0, {"swift_strike": 1}) if stats.is_character(state, iid) else (0, 0, {})


register("blademaster", Hooks(aura=_blademaster))


def _river_abilities(state, iid):
    """River Montoya, mid band: exhaust to sideline a tech 0 or I patroller."""
    if card_of(state, iid)["level"] < 3:
        return []
    return [Ability("sideline a tech 0 or tech I patroller.",
                    lambda s, seat, me, targets: sideline(s, targets[0]),
                    targets=[Target(("unit",), lambda s, seat, t: patroller(s, seat, t)
                                    and tech_at_most(1)(s, seat, t))],
                    exhaust=True)]


def _river_cost(state, src, seat, card_id, cost):
    """River Montoya, max band: your tech 0 units cost 1 less (min 0)."""
    from .. import catalog
    rec = catalog.card(card_id)
    if card_of(state, src)["level"] >= 5 and rec["kind"] == "unit" and rec["tech"] == 0:
        return max(0, cost - 1)
    return cost


register("river_montoya", Hooks(abilities=_river_abilities, cost_mod=_river_cost))

