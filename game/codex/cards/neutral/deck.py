"""The neutral starting deck: Brick Thief, Spark, Bloom, Wither (the
others have only keywords or stats)."""

from ..kit import (
    A_BUILDING,
    BUILDING,
    CHARACTER,
    PATROLLER,
    AddRune,
    Damage,
    Repair,
    all_things,
    ask,
    ask_target,
    card,
    card_of,
    catalog,
    damage_building,
    each,
    friendly,
    kind_of,
    op,
    slot,
)


def _brick_thief_trigger(state, iid, *_ctx):
    """Brick Thief, arrives or attacks: 1 damage to a building (◎), then
    repair 1 damage of another building (ruling: an undamaged one is fine)."""
    seat = card_of(state, iid)["controller"]
    ask_target(
        state, seat, A_BUILDING, "Brick Thief: choose a building to damage.", {"op": "brick_thief_hit", "seat": seat}
    )


@op("brick_thief_hit")
def _brick_thief_hit(state, step):
    if not step["choice"]:
        return
    hit = step["choice"][0]
    others = [t for t in all_things(state) if kind_of(state, t) in BUILDING and t != hit]
    ask(state, step["seat"], "Brick Thief: choose another building to repair.", others, {"op": _BRICK_REPAIR})
    damage_building(state, hit, 1, by=catalog.card("brick_thief")["name"])


_BRICK_REPAIR = each("brick_thief_repair", Repair(1))


card("brick_thief", arrives_or_attacks=_brick_thief_trigger)

# Spark: 1 damage to a patroller.
card("spark", targets=[PATROLLER], resolve=Damage(1))


def _no_plus_rune(state, seat, tid):
    return card_of(state, tid)["plus"] == 0


# Bloom: a +1/+1 rune on a friendly unit or hero without one.
card("bloom", targets=[slot(CHARACTER, friendly, _no_plus_rune)], resolve=AddRune(plus=1))

# Wither: a -1/-1 rune on a unit or hero.
card("wither", targets=[slot(CHARACTER)], resolve=AddRune(minus=1))
