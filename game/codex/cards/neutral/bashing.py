"""Bashing (neutral spec of the Starter set): its codex cards and its hero
Troq Bashar."""

from .. import kit

# Wrecking Ball: 2 damage to a building.
kit.card("wrecking_ball", targets=[kit.slot(kit.BUILDING)], resolve=kit.Damage(2))

# The Boot: destroy a tech 0 or I unit.
kit.card("the_boot", targets=[kit.slot("unit", kit.tech_at_most(1))], resolve=kit.Destroy())

# Intimidate: -4 ATK this turn (ATK never below 0).
kit.card(
    "intimidate", targets=[kit.slot(kit.CHARACTER)], resolve=kit.ThisTurn(atk=-4, say="{name} has -4 ATK this turn.")
)


def _final_smash(state, seat, iid, targets):
    """Final Smash: three parts in order, each target chosen as it resolves;
    each part is mandatory when it can be done (rulings)."""
    kit.ask_target(
        state,
        seat,
        kit.slot("unit", kit.tech_exactly(0)),
        "Final Smash: choose a tech 0 unit to destroy.",
        {"op": "final_smash", "part": 1, "seat": seat},
    )


@kit.op("final_smash")
def _final_smash_part(state, step):
    seat, part, choice = step["seat"], step["part"], step["choice"]
    if part == 1:
        for tid in choice:
            kit.destroy(state, tid)
        kit.ask_target(
            state,
            seat,
            kit.slot("unit", kit.tech_exactly(1)),
            "Final Smash: choose a tech I unit to return to its owner's hand.",
            {"op": "final_smash", "part": 2, "seat": seat},
        )
    elif part == 2:
        for tid in choice:
            kit.return_to_hand(state, tid)
        kit.ask_target(
            state,
            seat,
            kit.slot("unit", kit.tech_exactly(2)),
            "Final Smash: choose a tech II unit to take control of.",
            {"op": "final_smash", "part": 3, "seat": seat},
        )
    else:
        for tid in choice:
            if kit.card_of(state, tid)["controller"] != seat:
                kit.change_control(state, tid, seat)
                kit.log(state, f"{kit.seat_name(state, seat)} took control of {kit.name(state, tid)}.", cards=[tid])


kit.card("final_smash", resolve=_final_smash)

# Hired Stomper arrives: 3 damage to a unit (◎), any unit, itself too.
kit.card(
    "hired_stomper", arrives=kit.Damage(3, target=kit.UNIT, prompt="Hired Stomper: choose a unit to take 3 damage.")
)

# Sneaky Pig arrives: stealth until the end of the turn.
kit.card("sneaky_pig", arrives=kit.ThisTurn(kw={"stealth": 1}))

# Trojan Duck, arrives or attacks: 4 damage to a building (◎).
kit.card(
    "trojan_duck",
    arrives_or_attacks=kit.Damage(4, target=kit.A_BUILDING, prompt="Trojan Duck: choose a building to take 4 damage."),
)


def _troq_attacks(state, iid, ctx):
    """Troq Bashar, mid band: when he attacks, 1 damage to the base of the
    player controlling what he attacked (ruling)."""
    if kit.reached(state, iid, "mid"):
        defender = kit.controller_of(state, ctx["target"])
        kit.damage_building(state, kit.base_id(state, defender), 1, by=kit.name(state, iid))


kit.card("troq_bashar", attacks=_troq_attacks)
