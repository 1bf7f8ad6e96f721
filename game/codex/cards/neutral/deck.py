"""The neutral starting deck: Brick Thief, Spark, Bloom, Wither (the
others have only keywords or stats)."""

from .. import kit


def _opposing(state, seat, building) -> bool:
    """True when an opponent of ``seat`` controls ``building``."""
    return kit.is_opponent(state, seat, kit.controller_of(state, building))


def _brick_thief_trigger(state, iid, *_ctx):
    """Brick Thief, arrives or attacks: 1 damage to a building (◎), then
    repair 1 damage of another building (ruling: an undamaged one is fine).
    Any building may be chosen for either, as printed; the damage lists the
    opponents' buildings first, the repair the player's own (a newcomer
    repaired the bot's base when the opponent's came first)."""
    seat = kit.card_of(state, iid)["controller"]
    kit.ask_target(
        state,
        seat,
        kit.A_BUILDING,
        "Brick Thief: choose a building to damage (your opponents' are listed first).",
        {"op": "brick_thief_hit", "seat": seat},
        order=lambda building: not _opposing(state, seat, building),
    )


@kit.op("brick_thief_hit")
def _brick_thief_hit(state, step):
    if not step["choice"]:
        return
    hit, seat = step["choice"][0], step["seat"]
    others = [t for t in kit.all_things(state) if kit.kind_of(state, t) in kit.BUILDING and t != hit]
    others.sort(key=lambda building: _opposing(state, seat, building))
    kit.ask(
        state,
        seat,
        "Brick Thief: choose another building to repair (yours are listed first).",
        others,
        {"op": _BRICK_REPAIR},
    )
    kit.damage_building(state, hit, 1, by=kit.catalog.card("brick_thief")["name"])


_BRICK_REPAIR = kit.each("brick_thief_repair", kit.Repair(1))


kit.card("brick_thief", arrives_or_attacks=_brick_thief_trigger)

# Spark: 1 damage to a patroller.
kit.card("spark", targets=[kit.PATROLLER], resolve=kit.Damage(1))


def _no_plus_rune(state, seat, tid):
    return kit.card_of(state, tid)["plus"] == 0


# Bloom: a +1/+1 rune on a friendly unit or hero without one.
kit.card("bloom", targets=[kit.slot(kit.CHARACTER, kit.friendly, _no_plus_rune)], resolve=kit.AddRune(plus=1))

# Wither: a -1/-1 rune on a unit or hero.
kit.card("wither", targets=[kit.slot(kit.CHARACTER)], resolve=kit.AddRune(minus=1))
