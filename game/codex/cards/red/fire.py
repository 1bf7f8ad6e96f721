"""Fire (red spec): its codex cards and its hero Jaina Stormborne."""

from .. import kit
from .common import SLOTS, burn, controller, hit, later_target, patroller_or_building

# Hotter Fire is an ongoing spell with nothing to do of its own: burn()
# counts it wherever red damage is dealt.
kit.card("hotter_fire")


def _fire_dart(state, seat, iid, targets):
    """Fire Dart: 3 damage to a unit or 2 damage to a building."""
    hit(state, seat, targets[0], 2 if kit.is_building(state, targets[0]) else 3, by=kit.name(state, iid))


kit.card("fire_dart", targets=[kit.Target(("unit",) + kit.BUILDING)], resolve=_fire_dart)


def _flame_arrow(state, seat, iid, targets):
    """Flame Arrow: 4 damage to a unit or hero, or 3 to a building."""
    hit(state, seat, targets[0], 3 if kit.is_building(state, targets[0]) else 4, by=kit.name(state, iid))


kit.card("flame_arrow", targets=[kit.Target(kit.ANYTHING)], resolve=_flame_arrow)


# Ember Sparks and Burning Volley divide their damage one point a question.
_DIVIDE = kit.Divide("divide", SLOTS)


def _ember_sparks(state, seat, iid, targets):
    """Ember Sparks: divide 3 damage among one to three patrollers and/or
    buildings; Hotter Fire makes it 4, still on at most three (rulings)."""
    _DIVIDE.start(state, seat, "patroller_or_building", burn(state, seat, 3), 3, "Ember Sparks")


kit.card("ember_sparks", resolve=_ember_sparks)


def _burning_volley(state, seat, iid, targets):
    """Burning Volley: divide 5 damage among any number of units, heroes and
    buildings; with Hotter Fire 6, on up to six targets (rulings)."""
    total = burn(state, seat, 5)
    _DIVIDE.start(state, seat, "anything", total, total, "Burning Volley")


kit.card("burning_volley", resolve=_burning_volley)


def _lobber(state, seat, iid, targets):
    """Lobber: exhaust: 1 damage to a building."""
    hit(state, seat, targets[0], 1, iid, by=kit.name(state, iid))


kit.card(
    "lobber",
    abilities=lambda state, iid: [
        kit.Ability("1 damage to a building.", _lobber, targets=[kit.Target(kit.BUILDING)], exhaust=True)
    ],
)


def _firebat(state, seat, iid, targets):
    """Firebat: pay 1 and exhaust: 2 damage to a patroller or building."""
    hit(state, seat, targets[0], 2, iid, by=kit.name(state, iid))


kit.card(
    "firebat",
    abilities=lambda state, iid: [
        kit.Ability(
            "2 damage to a patroller or building.",
            _firebat,
            targets=[SLOTS["patroller_or_building"]],
            gold=1,
            exhaust=True,
        )
    ],
)


def _bamstamper(state, iid):
    """Bamstamper Lizzo arrives: 3 damage to a unit, not optional: his
    controller's own units too, himself if he's the only one (ruling)."""
    seat = controller(state, iid)
    later_target(
        state,
        seat,
        "unit",
        "Bamstamper Lizzo: choose a unit to take 3 damage.",
        {"op": "red_damage", "seat": seat, "amount": 3, "source": iid, "by": kit.name(state, iid)},
    )


kit.card("bamstamper_lizzo", arrives=_bamstamper)


def _doubleshot(state, iid, ctx):
    """Doubleshot Archer attacks: the base of the player controlling what it
    attacks takes 3 damage."""
    seat = controller(state, iid)
    hit(state, seat, kit.base_id(state, ctx["defender"]), 3, iid, by=kit.name(state, iid))


kit.card("doubleshot_archer", attacks=_doubleshot)


def _firebird(state, src, attacker, dealt):
    """Molting Firebird: whenever its combat damage hits a building, every
    unit and hero of that building's player takes 1 damage (both players of
    a Two-Headed Dragon team when it hits their shared base); a red ability,
    so Hotter Fire counts (ruling)."""
    if src != attacker:
        return
    seat = controller(state, src)
    for target, _amount in dealt:
        if kit.is_building_id(target):
            owners = kit.building_owner(state, target)
        elif target in state["cards"] and kit.kind_of(state, target) == "building":
            owners = [controller(state, target)]
        else:
            continue
        for victim in [i for s in owners for i in kit.player(state, s)["play"] if kit.stats.is_character(state, i)]:
            hit(state, seat, victim, 1, src, by=kit.name(state, src))


kit.card("molting_firebird", attacker_dealt=_firebird)


def _firehouse(state, seat, iid, targets):
    """Firehouse: exhaust: 2 damage to a unit, hero or building; if that
    damage destroys it, Firehouse readies (no limit, ruling). An Illusion
    that died on being targeted took no damage: no ready (ruling)."""
    target = targets[0]
    if not kit.standing(state, target):
        return
    hit(state, seat, target, 2, iid, by=kit.name(state, iid))
    kit.push(state, {"op": "firehouse_check", "house": iid, "target": target})


@kit.op("firehouse_check")
def _firehouse_check(state, step):
    """After the damage (deaths applied): the target is gone, so Firehouse
    readies."""
    house = state["cards"].get(step["house"])
    if not kit.thing_exists(state, step["target"]) and house is not None and house["zone"] == "play":
        house["exhausted"] = False
        kit.log(state, "Firehouse readied.", cards=[step["house"]])


kit.card(
    "firehouse",
    abilities=lambda state, iid: [
        kit.Ability(
            "2 damage to a unit, hero or building.", _firehouse, targets=[kit.Target(kit.ANYTHING)], exhaust=True
        )
    ],
)


def _fire_spell(card_id):
    rec = kit.catalog.card(card_id)
    return rec["kind"] == "spell" and rec["spec"] == "fire" and rec.get("spell_kind") != "ultimate"


def _cinderblast(state, iid, *_ctx):
    """Cinderblast Dragon, arrives or attacks: you may cast a non-ultimate
    Fire spell from your hand or codex for free (no Fire hero needed,
    ruling), then it is discarded. On an attack it resolves before the
    combat; a killed defender means a new target, no second trigger
    (ruling; the engine's recheck_defender)."""
    seat = controller(state, iid)
    p = kit.player(state, seat)
    hand = [
        i
        for i in p["hand"]
        if _fire_spell(kit.card_of(state, i)["card"])
        and kit.free_cast_ready(state, seat, kit.card_of(state, i)["card"])
    ]
    codex = [
        c for c in sorted(p["codex"]) if p["codex"][c] > 0 and _fire_spell(c) and kit.free_cast_ready(state, seat, c)
    ]
    if hand or codex:
        kit.push(
            state,
            {
                "op": "red_ask",
                "optional": True,
                "seat": seat,
                "options": hand + codex,
                "text": "Cinderblast Dragon: you may cast a Fire spell from your hand or codex for free.",
                "then": {"op": "cinderblast", "seat": seat},
            },
        )


@kit.op("cinderblast")
def _cinderblast_cast(state, step):
    seat = step["seat"]
    for pick in step["choice"]:
        if pick in state["cards"]:
            kit.cast_free(state, seat, pick)
        elif kit.player(state, seat)["codex"].get(pick, 0) > 0:
            kit.take_from_codex(kit.player(state, seat), pick)
            kit.cast_free(state, seat, kit.make_instance(state, pick, seat, "stack"))


kit.card("cinderblast_dragon", arrives=_cinderblast, attacks=_cinderblast)


def _jaina_mid(state, seat, iid, targets):
    """Jaina Stormborne, mid band: exhaust: 1 damage to a patrolling unit or
    a building (heroes are no targets)."""
    hit(state, seat, targets[0], 1, iid, by=kit.name(state, iid))


def _jaina_max(state, seat, iid, targets):
    """Jaina Stormborne, max band: exhaust: 3 damage to a unit or building
    (4 with Hotter Fire, ruling)."""
    hit(state, seat, targets[0], 3, iid, by=kit.name(state, iid))


# Jaina's abilities by band: a hero has those of its band and the bands
# below, so at max level both, the mid band one first.
_jaina_abilities = kit.by_band(
    mid=[
        kit.Ability(
            "1 damage to a patrolling unit or a building.",
            _jaina_mid,
            targets=[kit.Target(("unit",) + kit.BUILDING, patroller_or_building)],
            exhaust=True,
        )
    ],
    max=[
        kit.Ability(
            "3 damage to a unit or building.", _jaina_max, targets=[kit.Target(("unit",) + kit.BUILDING)], exhaust=True
        )
    ],
)


kit.card("jaina_stormborne", abilities=_jaina_abilities)
