"""The green starting deck (Tiger Cub, Chameleon and Huntress have only
keywords or stats)."""

from .. import kit
from .common import (
    NONE,
    attack_and_armor,
    cannot_attack,
    controller,
    has_plus_rune,
    move_plus_rune,
    other_unit,
    panda_arrives,
)


def _prospect(state, seat, iid, targets):
    """Merfolk Prospector: exhaust to gain 1 gold."""
    if kit.gain_gold(state, seat, 1):
        kit.log(state, f"{kit.seat_name(state, seat)} gained 1 gold.")


PROSPECT = [kit.Ability("gain 1 gold.", _prospect, exhaust=True)]


kit.card("merfolk_prospector", abilities=lambda state, iid: PROSPECT)


def _young_treant_arrives(state, iid):
    """Young Treant arrives: its controller draws a card (a main-phase draw
    is limited by house rule R9)."""
    kit.draw(state, controller(state, iid), 1, in_main=state["phase"] == "main")


kit.card("young_treant", arrives=_young_treant_arrives, can_attack=cannot_attack)


kit.card("playful_panda", arrives=panda_arrives)


def _ironbark_aura(state, src, iid):
    """Ironbark Treant: -2 ATK and +2 armor while it patrols, that is on an
    opponent's turn and only while it stands in the patrol zone; the armor
    comes back on each opponent's turn (Ironbark Treant rulings)."""
    if src == iid and kit.is_patrolling(state, iid):
        return (-2, 0, {"armor": 2})
    return NONE


kit.card("ironbark_treant", aura=_ironbark_aura)


def _shambler_arrives(state, iid):
    """Spore Shambler arrives with two +1/+1 runes."""
    kit.add_rune(state, iid, plus=2)


def _shambler_abilities(state, iid):
    slot = [kit.Target(("unit",), other_unit(iid))]
    return [
        kit.Ability(
            "pay 1, move a +1/+1 rune to another unit.", move_plus_rune, targets=slot, gold=1, available=has_plus_rune
        ),
        kit.Ability(
            "exhaust, move a +1/+1 rune to another unit.",
            move_plus_rune,
            targets=slot,
            exhaust=True,
            available=has_plus_rune,
        ),
    ]


kit.card("spore_shambler", arrives=_shambler_arrives, abilities=_shambler_abilities)


def _verdant_tree(state, seat, iid, targets):
    """Verdant Tree: exhaust, and this turn your tech buildings finish the
    moment they are built, those under construction too (Verdant Tree
    rulings: Tech I, II and III can follow one another in one turn; no
    use the turn it arrives, house rule R5)."""
    p = kit.player(state, seat)
    p["instant_build"] = state["turn"]
    for slot in ("tech_1", "tech_2", "tech_3"):
        if p["buildings"][slot] is not None and not p["buildings"][slot]["done"]:
            p["buildings"][slot]["done"] = True
            kit.log(state, f"{kit.seat_name(state, seat)}'s {kit.catalog.card(slot)['name']} is finished.")


VERDANT = [kit.Ability("your tech buildings finish at once this turn.", _verdant_tree, exhaust=True)]


kit.card("verdant_tree", abilities=lambda state, iid: VERDANT)


def _rich_earth(state, src, seat, cost):
    """Rich Earth: hiring costs no gold, but cost increases are still paid
    and it is still one hire a turn, with a card (Rich Earth rulings)."""
    return max(0, cost - 1)


kit.card("rich_earth", modifies={"hire_cost": _rich_earth})


kit.card("rampant_growth", targets=[kit.Target(kit.CHARACTER)], resolve=attack_and_armor(2))


def _forests_favor(state, seat, iid, targets):
    """Forest's Favor: a +1/+1 rune on a friendly unit or hero without one."""
    if not kit.standing(state, targets[0]):
        return  # an Illusion that died when targeted (Illusion ruling)
    kit.add_rune(state, targets[0], plus=1)
    kit.log(state, f"{kit.name(state, targets[0])} got a +1/+1 rune.", cards=[targets[0]])


kit.card(
    "forest_s_favor",
    targets=[
        kit.Target(kit.CHARACTER, lambda state, seat, t: kit.friendly(state, seat, t) and not has_plus_rune(state, t))
    ],
    resolve=_forests_favor,
)
