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


def _smash_part(part: int, tech: int, text: str):
    """The question of Final Smash's part ``part``: a target unit of tech
    ``tech`` (chosen as it resolves: ◎, flagbearers checked each time)."""
    return kit.Choose(
        "final_smash",
        slot=kit.slot("unit", kit.tech_exactly(tech)),
        prompt=f"Final Smash: choose a tech {text}.",
        with_seat=True,
        fields={"part": part},
    )


# Final Smash: three parts in order, each target chosen as it resolves;
# each part is mandatory when it can be done (rulings).
_SMASH = [
    _smash_part(1, 0, "0 unit to destroy"),
    _smash_part(2, 1, "I unit to return to its owner's hand"),
    _smash_part(3, 2, "II unit to take control of"),
]
_SMASHED = {1: kit.Destroy(), 2: kit.ReturnToHand(), 3: kit.TakeControl()}
kit.each_as(
    "final_smash",
    lambda step: _SMASHED[step["part"]],
    after=lambda step: _SMASH[step["part"]] if step["part"] < len(_SMASH) else None,
)


kit.card("final_smash", resolve=_SMASH[0])

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
