"""Bashing (neutral spec of the Starter set): its codex cards and its hero
Troq Bashar."""

from ..kit import (
    A_BUILDING,
    BUILDING,
    CHARACTER,
    UNIT,
    Damage,
    Destroy,
    ThisTurn,
    ask_target,
    base_id,
    card,
    card_of,
    change_control,
    controller_of,
    damage_building,
    destroy,
    log,
    name,
    op,
    reached,
    return_to_hand,
    seat_name,
    slot,
    tech_at_most,
    tech_exactly,
)

# Wrecking Ball: 2 damage to a building.
card("wrecking_ball", targets=[slot(BUILDING)], resolve=Damage(2))

# The Boot: destroy a tech 0 or I unit.
card("the_boot", targets=[slot("unit", tech_at_most(1))], resolve=Destroy())

# Intimidate: -4 ATK this turn (ATK never below 0).
card("intimidate", targets=[slot(CHARACTER)], resolve=ThisTurn(atk=-4, say="{name} has -4 ATK this turn."))


def _final_smash(state, seat, iid, targets):
    """Final Smash: three parts in order, each target chosen as it resolves;
    each part is mandatory when it can be done (rulings)."""
    ask_target(
        state,
        seat,
        slot("unit", tech_exactly(0)),
        "Final Smash: choose a tech 0 unit to destroy.",
        {"op": "final_smash", "part": 1, "seat": seat},
    )


@op("final_smash")
def _final_smash_part(state, step):
    seat, part, choice = step["seat"], step["part"], step["choice"]
    if part == 1:
        for tid in choice:
            destroy(state, tid)
        ask_target(
            state,
            seat,
            slot("unit", tech_exactly(1)),
            "Final Smash: choose a tech I unit to return to its owner's hand.",
            {"op": "final_smash", "part": 2, "seat": seat},
        )
    elif part == 2:
        for tid in choice:
            return_to_hand(state, tid)
        ask_target(
            state,
            seat,
            slot("unit", tech_exactly(2)),
            "Final Smash: choose a tech II unit to take control of.",
            {"op": "final_smash", "part": 3, "seat": seat},
        )
    else:
        for tid in choice:
            if card_of(state, tid)["controller"] != seat:
                change_control(state, tid, seat)
                log(state, f"{seat_name(state, seat)} took control of {name(state, tid)}.", cards=[tid])


card("final_smash", resolve=_final_smash)

# Hired Stomper arrives: 3 damage to a unit (◎), any unit, itself too.
card("hired_stomper", arrives=Damage(3, target=UNIT, prompt="Hired Stomper: choose a unit to take 3 damage."))

# Sneaky Pig arrives: stealth until the end of the turn.
card("sneaky_pig", arrives=ThisTurn(kw={"stealth": 1}))

# Trojan Duck, arrives or attacks: 4 damage to a building (◎).
card(
    "trojan_duck",
    arrives_or_attacks=Damage(4, target=A_BUILDING, prompt="Trojan Duck: choose a building to take 4 damage."),
)


def _troq_attacks(state, iid, ctx):
    """Troq Bashar, mid band: when he attacks, 1 damage to the base of the
    player controlling what he attacked (ruling)."""
    if reached(state, iid, "mid"):
        defender = controller_of(state, ctx["target"])
        damage_building(state, base_id(state, defender), 1, by=name(state, iid))


card("troq_bashar", attacks=_troq_attacks)
