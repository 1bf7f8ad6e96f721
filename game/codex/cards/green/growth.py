"""Growth (green spec): its codex cards, its hero Argagarg Garg and the
Squirrel token Polymorph turns a unit into."""

from .. import kit
from .common import (
    NONE,
    attack_and_armor,
    controller,
    has_plus_rune,
    is_green_unit,
    move_plus_rune,
    other_unit,
    panda_arrives,
    units_of,
)

kit.card("giant_panda", arrives=panda_arrives)


def _polymorph(state, seat, iid, targets):
    """Polymorph: Squirrel: until your next upkeep the unit is a 1/1 green
    Squirrel with no abilities. It keeps its damage (so it may die), its
    runes, attachments and tech level, and does not arrive; effects given
    to it earlier are lost, later ones apply (Polymorph: Squirrel rulings)."""
    if not kit.standing(state, targets[0]):
        return  # an Illusion that died when targeted (Illusion ruling)
    unit = targets[0]
    state["temp"] = [e for e in state["temp"] if e["iid"] != unit]
    state["lasting"] = [e for e in state.get("lasting", []) if e.get("iid") != unit]
    kit.log(state, f"{kit.name(state, unit)} became a Squirrel.", cards=[unit])
    kit.transform(state, unit, "squirrel")
    kit.lasting(state, seat, iid=unit, end="polymorph_end")


# Polymorph's lasting change ends: the unit is itself again.
kit.on_card("polymorph_end", kit.Call(lambda state, _seat, unit: kit.untransform(state, unit)))


kit.card("polymorph_squirrel", targets=[kit.Target(("unit",))], resolve=_polymorph)


kit.card("dinosize", targets=[kit.Target(kit.CHARACTER)], resolve=attack_and_armor(6))


def _spirit_of_the_panda(state, seat, iid, targets):
    """Spirit of the Panda: attach to a unit, anyone's."""
    kit.attach(state, iid, targets[0])


def _panda_spirit_aura(state, src, iid):
    """Spirit of the Panda: its unit has +2/+2."""
    return (2, 2, {}) if kit.attached_to(state, src) == iid else NONE


def _panda_spirit_attacks(state, src, attacker, ctx):
    """Spirit of the Panda: when its unit attacks, that unit's controller
    gains 1 gold."""
    if kit.attached_to(state, src) == attacker:
        seat = controller(state, attacker)
        if kit.gain_gold(state, seat, 1):
            kit.log(state, f"{kit.seat_name(state, seat)} gained 1 gold (Spirit of the Panda).", cards=[src])


kit.card(
    "spirit_of_the_panda",
    targets=[kit.Target(("unit",))],
    resolve=_spirit_of_the_panda,
    aura_all=_panda_spirit_aura,
    any_attacks=_panda_spirit_attacks,
    must_sacrifice=kit.host_gone,
)


def _stampede(state, seat, iid, targets):
    """Stampede: this turn your units now in play get +3 ATK and +3 armor,
    and their excess combat damage to units and heroes goes to that
    player's base instead of following overpower (Stampede ruling; the
    engine's combat.excess_to_base)."""
    for unit in units_of(state, seat):
        state["temp"].append({"iid": unit, "atk": 3, "hp": 0, "kw": {"armor": 3}, "excess_to_base": True})
    kit.log(state, f"{kit.seat_name(state, seat)}'s units stampede this turn.")


kit.card("stampede", resolve=_stampede)


def _galina_upkeep(state, iid):
    """Galina Glimmer, upkeep: 1 gold per two of your green units, herself
    included, rounded down (Galina Glimmer rulings)."""
    seat = controller(state, iid)
    amount = sum(1 for i in kit.player(state, seat)["play"] if is_green_unit(state, i)) // 2
    if amount and kit.gain_gold(state, seat, amount):
        kit.log(state, f"{kit.seat_name(state, seat)} gained {amount} gold from Galina Glimmer.", cards=[iid])


kit.card("galina_glimmer", upkeep=_galina_upkeep)


def _mantis_arrives(state, iid):
    """Artisan Mantis arrives: repair up to 3 damage of a building (no ◎);
    only damage is removed, never above its HP (Artisan Mantis ruling).
    Damaged buildings are offered."""
    damaged = [
        t
        for t in kit.all_things(state)
        if kit.kind_of(state, t) in ("building", "base") and _building_damage(state, t) > 0
    ]
    kit.ask(
        state,
        controller(state, iid),
        "Artisan Mantis: choose a building to repair.",
        damaged,
        {"op": _REPAIR, "amount": 3},  # (the amount stays in the stored step)
    )


def _building_damage(state, tid):
    return kit.building_record(state, tid)["damage"] if kit.is_building_id(tid) else kit.card_of(state, tid)["damage"]


_REPAIR = kit.each("repair", kit.Repair(3))


kit.card("artisan_mantis", arrives=_mantis_arrives)


def _ancient_grows(state, src, iid):
    """Blooming Ancient: another of your units or heroes arrived: a +1/+1
    rune on it."""
    if kit.stats.is_character(state, iid):
        kit.add_rune(state, src, plus=1)


def _ancient_abilities(state, iid):
    return [
        kit.Ability(
            "move a +1/+1 rune to another unit.",
            move_plus_rune,
            targets=[kit.Target(("unit",), other_unit(iid))],
            available=has_plus_rune,
        )
    ]


kit.card("blooming_ancient", other_arrives=_ancient_grows, abilities=_ancient_abilities)


def _elm_aura(state, src, iid):
    """Blooming Elm: its controller's units and heroes carrying a +1/+1 rune gain overpower."""
    if kit.stats.is_character(state, iid) and has_plus_rune(state, iid):
        return (0, 0, {"overpower": 1})
    return NONE


def _elm(state, seat, iid, targets):
    """Blooming Elm, exhaust: three +1/+1 runes on a unit, or one on a hero,
    only if it has none; one that has some may still be chosen, to no
    effect (Blooming Elm ruling)."""
    tid = targets[0]
    if kit.standing(state, tid) and not has_plus_rune(state, tid):
        count = 3 if kit.stats.is_unit(state, tid) else 1
        kit.add_rune(state, tid, plus=count)
        kit.log(state, f"{kit.name(state, tid)} got {count} +1/+1 rune(s).", cards=[tid])


ELM = [
    kit.Ability("+1/+1 runes on a unit or hero without any.", _elm, targets=[kit.Target(kit.CHARACTER)], exhaust=True)
]


kit.card("blooming_elm", aura=_elm_aura, abilities=lambda state, iid: ELM)


def _might_dealt(state, src, attacker, dealt):
    """Might of Leaf and Claw: a growth rune each time an attacker of yours
    deals combat damage (to armor too; sparkshot and overpower damage count
    with the hit as one; 0 damage is none: Might of Leaf and Claw rulings)."""
    kit.add_named_rune(state, src, "growth")


def _might_aura(state, src, iid):
    """Might of Leaf and Claw: with five growth runes or more, your units
    and heroes have +5/+5."""
    if kit.rune_count(state, src, "growth") >= 5 and kit.stats.is_character(state, iid):
        return (5, 5, {})
    return NONE


kit.card("might_of_leaf_and_claw", attacker_dealt=_might_dealt, aura=_might_aura)


def _growth_spell(card_id):
    rec = kit.catalog.card(card_id)
    return rec["kind"] == "spell" and rec["spec"] == "growth"


def _guargum_cost(state, src, seat, card_id, cost):
    """Guargum, Eternal Sentinel: your Growth spells cost 0."""
    return 0 if _growth_spell(card_id) else cost


def _guargum_license(state, src, seat, card_id):
    """Guargum, Eternal Sentinel: you may play Growth spells without a
    Growth hero, even an ultimate, even the turn he arrived (Guargum
    ruling)."""
    return _growth_spell(card_id)


kit.card("guargum_eternal_sentinel", modifies={"cost": _guargum_cost}, grants={"play_without_hero": _guargum_license})


def _garg_arrives(state, iid):
    """Argagarg Garg arrives: a 0/1 Wisp token."""
    kit.make_token(state, "wisp", controller(state, iid))


def _garg_boost(state, seat, iid, targets):
    """Argagarg Garg, level 3: exhaust: a unit gets +1 ATK and +1 armor this
    turn (◎)."""
    if not kit.standing(state, targets[0]):
        return  # an Illusion that died when targeted (Illusion ruling)
    kit.until_end_of_turn(state, targets[0], atk=1, kw={"armor": 1})
    kit.log(state, f"{kit.name(state, targets[0])} has +1 ATK and +1 armor this turn.", cards=[targets[0]])


GARG_BOOST = [
    kit.Ability(
        "a unit gets +1 ATK and +1 armor this turn.", _garg_boost, targets=[kit.Target(("unit",))], exhaust=True
    )
]


def _garg_max(state, iid):
    """Argagarg Garg reaches max level: a blue 3/3 Water Elemental token
    with anti-air."""
    kit.make_token(state, "water_elemental", controller(state, iid))


def _garg_abilities(state, iid):
    """Argagarg Garg has his exhaust ability from his mid band."""
    return GARG_BOOST if kit.reached(state, iid, "mid") else []


kit.card("argagarg_garg", arrives=_garg_arrives, max_level=_garg_max, abilities=_garg_abilities)
