"""Fire (red spec): its codex cards and its hero Jaina Stormborne."""

from ..kit import (
    ANYTHING,
    BUILDING,
    Ability,
    Target,
    ask,
    base_id,
    building_owner,
    by_band,
    card,
    card_of,
    cast_free,
    catalog,
    controller_of,
    damage_target,
    free_cast_ready,
    is_building,
    is_building_id,
    is_flagbearer,
    is_opponent,
    kind_of,
    log,
    make_instance,
    name,
    on_targeted,
    op,
    pay,
    player,
    push,
    resist_cost,
    slot_candidates,
    stats,
    take_from_codex,
    thing_exists,
)
from .common import SLOTS, burn, controller, hit, later_target, patroller_or_building

# Hotter Fire is an ongoing spell with nothing to do of its own: burn()
# counts it wherever red damage is dealt.
card("hotter_fire")


def _fire_dart(state, seat, iid, targets):
    """Fire Dart: 3 damage to a unit or 2 damage to a building."""
    hit(state, seat, targets[0], 2 if is_building(state, targets[0]) else 3, by=name(state, iid))


card("fire_dart", targets=[Target(("unit",) + BUILDING)], resolve=_fire_dart)


def _flame_arrow(state, seat, iid, targets):
    """Flame Arrow: 4 damage to a unit or hero, or 3 to a building."""
    hit(state, seat, targets[0], 3 if is_building(state, targets[0]) else 4, by=name(state, iid))


card("flame_arrow", targets=[Target(ANYTHING)], resolve=_flame_arrow)


def divide(state, seat, slot, total, most, title):
    """Divide ``total`` damage among at most ``most`` targets of
    ``SLOTS[slot]``, one point per prompt: each point goes to a target
    already chosen or, while fewer than ``most`` are, to a new one (◎: its
    resist is paid, an Illusion dies, the first target must be an opposing
    flagbearer if one can be targeted, Flagbearer ruling). At least one
    point per target (Burning Volley ruling); the damage is dealt at once at
    the end."""
    push(
        state,
        {
            "op": "divide",
            "seat": seat,
            "slot": slot,
            "left": total,
            "most": most,
            "title": title,
            "split": {},
            "choice": None,
        },
    )


@op("divide")
def _divide(state, step):
    seat, split, left = step["seat"], dict(step["split"]), step["left"]
    for pick in step["choice"] or []:
        if pick not in split:
            pay(state, seat, resist_cost(state, seat, [pick]))
            on_targeted(state, [pick])
        split[pick] = split.get(pick, 0) + 1
        left -= 1
    options = [t for t in sorted(split) if thing_exists(state, t) and not _doomed(state, t)]
    if len(split) < step["most"]:
        gold = player(state, seat)["gold"]
        new = [
            t
            for t in slot_candidates(state, seat, SLOTS[step["slot"]], exclude=list(split))
            if resist_cost(state, seat, [t]) <= gold
        ]
        flags = [t for t in new if is_flagbearer(state, t) and is_opponent(state, seat, controller_of(state, t))]
        if flags and not any(is_flagbearer(state, t) for t in split if thing_exists(state, t)):
            new = flags
        options += new
    if left > 0 and options:
        ask(
            state,
            seat,
            f"{step['title']}: {left} damage left; choose where the next 1 goes.",
            options,
            dict(step, split=split, left=left),
        )
        return
    for tid, amount in sorted(split.items()):  # a stored state's key order is not kept
        if thing_exists(state, tid) and not _doomed(state, tid):
            damage_target(state, tid, amount, by=step["title"])


def _doomed(state, tid):
    return not is_building_id(tid) and card_of(state, tid)["marks"].get("doomed", False)


def _ember_sparks(state, seat, iid, targets):
    """Ember Sparks: divide 3 damage among one to three patrollers and/or
    buildings; Hotter Fire makes it 4, still on at most three (rulings)."""
    divide(state, seat, "patroller_or_building", burn(state, seat, 3), 3, "Ember Sparks")


card("ember_sparks", resolve=_ember_sparks)


def _burning_volley(state, seat, iid, targets):
    """Burning Volley: divide 5 damage among any number of units, heroes and
    buildings; with Hotter Fire 6, on up to six targets (rulings)."""
    total = burn(state, seat, 5)
    divide(state, seat, "anything", total, total, "Burning Volley")


card("burning_volley", resolve=_burning_volley)


def _lobber(state, seat, iid, targets):
    """Lobber: exhaust: 1 damage to a building."""
    hit(state, seat, targets[0], 1, iid, by=name(state, iid))


card(
    "lobber",
    abilities=lambda state, iid: [
        Ability("1 damage to a building.", _lobber, targets=[Target(BUILDING)], exhaust=True)
    ],
)


def _firebat(state, seat, iid, targets):
    """Firebat: pay 1 and exhaust: 2 damage to a patroller or building."""
    hit(state, seat, targets[0], 2, iid, by=name(state, iid))


card(
    "firebat",
    abilities=lambda state, iid: [
        Ability(
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
        {"op": "red_damage", "seat": seat, "amount": 3, "source": iid, "by": name(state, iid)},
    )


card("bamstamper_lizzo", arrives=_bamstamper)


def _doubleshot(state, iid, ctx):
    """Doubleshot Archer attacks: the base of the player controlling what it
    attacks takes 3 damage."""
    seat = controller(state, iid)
    hit(state, seat, base_id(state, ctx["defender"]), 3, iid, by=name(state, iid))


card("doubleshot_archer", attacks=_doubleshot)


def _firebird(state, src, attacker, dealt):
    """Molting Firebird: whenever its combat damage hits a building, every
    unit and hero of that building's player takes 1 damage (both players of
    a Two-Headed Dragon team when it hits their shared base); a red ability,
    so Hotter Fire counts (ruling)."""
    if src != attacker:
        return
    seat = controller(state, src)
    for target, _amount in dealt:
        if is_building_id(target):
            owners = building_owner(state, target)
        elif target in state["cards"] and kind_of(state, target) == "building":
            owners = [controller(state, target)]
        else:
            continue
        for victim in [i for s in owners for i in player(state, s)["play"] if stats.is_character(state, i)]:
            hit(state, seat, victim, 1, src, by=name(state, src))


card("molting_firebird", attacker_dealt=_firebird)


def _firehouse(state, seat, iid, targets):
    """Firehouse: exhaust: 2 damage to a unit, hero or building; if that
    damage destroys it, Firehouse readies (no limit, ruling). An Illusion
    that died on being targeted took no damage: no ready (ruling)."""
    target = targets[0]
    if not thing_exists(state, target) or _doomed(state, target):
        return
    hit(state, seat, target, 2, iid, by=name(state, iid))
    push(state, {"op": "firehouse_check", "house": iid, "target": target})


@op("firehouse_check")
def _firehouse_check(state, step):
    """After the damage (deaths applied): the target is gone, so Firehouse
    readies."""
    house = state["cards"].get(step["house"])
    if not thing_exists(state, step["target"]) and house is not None and house["zone"] == "play":
        house["exhausted"] = False
        log(state, "Firehouse readied.", cards=[step["house"]])


card(
    "firehouse",
    abilities=lambda state, iid: [
        Ability("2 damage to a unit, hero or building.", _firehouse, targets=[Target(ANYTHING)], exhaust=True)
    ],
)


def _fire_spell(card_id):
    rec = catalog.card(card_id)
    return rec["kind"] == "spell" and rec["spec"] == "fire" and rec.get("spell_kind") != "ultimate"


def _cinderblast(state, iid, *_ctx):
    """Cinderblast Dragon, arrives or attacks: you may cast a non-ultimate
    Fire spell from your hand or codex for free (no Fire hero needed,
    ruling), then it is discarded. On an attack it resolves before the
    combat; a killed defender means a new target, no second trigger
    (ruling; the engine's recheck_defender)."""
    seat = controller(state, iid)
    p = player(state, seat)
    hand = [
        i
        for i in p["hand"]
        if _fire_spell(card_of(state, i)["card"]) and free_cast_ready(state, seat, card_of(state, i)["card"])
    ]
    codex = [c for c in sorted(p["codex"]) if p["codex"][c] > 0 and _fire_spell(c) and free_cast_ready(state, seat, c)]
    if hand or codex:
        push(
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


@op("cinderblast")
def _cinderblast_cast(state, step):
    seat = step["seat"]
    for pick in step["choice"]:
        if pick in state["cards"]:
            cast_free(state, seat, pick)
        elif player(state, seat)["codex"].get(pick, 0) > 0:
            take_from_codex(player(state, seat), pick)
            cast_free(state, seat, make_instance(state, pick, seat, "stack"))


card("cinderblast_dragon", arrives=_cinderblast, attacks=_cinderblast)


def _jaina_mid(state, seat, iid, targets):
    """Jaina Stormborne, mid band: exhaust: 1 damage to a patrolling unit or
    a building (heroes are no targets)."""
    hit(state, seat, targets[0], 1, iid, by=name(state, iid))


def _jaina_max(state, seat, iid, targets):
    """Jaina Stormborne, max band: exhaust: 3 damage to a unit or building
    (4 with Hotter Fire, ruling)."""
    hit(state, seat, targets[0], 3, iid, by=name(state, iid))


# Jaina's abilities by band: a hero has those of its band and the bands
# below, so at max level both, the mid band one first.
_jaina_abilities = by_band(
    mid=[
        Ability(
            "1 damage to a patrolling unit or a building.",
            _jaina_mid,
            targets=[Target(("unit",) + BUILDING, patroller_or_building)],
            exhaust=True,
        )
    ],
    max=[Ability("3 damage to a unit or building.", _jaina_max, targets=[Target(("unit",) + BUILDING)], exhaust=True)],
)


card("jaina_stormborne", abilities=_jaina_abilities)
