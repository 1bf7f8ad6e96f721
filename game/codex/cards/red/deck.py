"""The red starting deck (Nautical Dog, Mad Man and Shoddy Glider have only
keywords)."""

from .. import kit
from .common import SLOTS, attacks_building, hit, never_patrols


def _bombaster(state, seat, iid, targets):
    """Bombaster: pay 1 and sacrifice it: 2 damage to a patrolling unit."""
    hit(state, seat, targets[0], 2, by=kit.catalog.card("bombaster")["name"])  # (sacrificed as the cost)


kit.card(
    "bombaster",
    abilities=lambda state, iid: [
        kit.Ability(
            "2 damage to a patrolling unit.",
            _bombaster,
            targets=[kit.Target(("unit",), kit.patroller)],
            gold=1,
            sacrifice=True,
        )
    ],
)


def _careless_musketeer(state, seat, iid, targets):
    """Careless Musketeer: exhaust: 1 damage to a unit or building, and 1
    to your own base (Hotter Fire ruling: both get the extra damage)."""
    hit(state, seat, targets[0], 1, iid, by=kit.name(state, iid))
    hit(state, seat, kit.base_id(state, seat), 1, by=kit.name(state, iid))


kit.card(
    "careless_musketeer",
    abilities=lambda state, iid: [
        kit.Ability(
            "1 damage to a unit or building and 1 to your own base.",
            _careless_musketeer,
            targets=[kit.Target(("unit",) + kit.BUILDING)],
            exhaust=True,
        )
    ],
)


def _bloodrage_ogre_end(state, iid):
    """Bloodrage Ogre: at the end of his controller's turn he goes back to
    his owner's hand unless he arrived or attacked this turn (rulings: only
    on his controller's turn, after the draw phase)."""
    inst = kit.card_of(state, iid)
    if inst["controller"] not in kit.acting_seats(state):
        return
    if inst["arrived"] >= state["turn"] or inst["attacks"]:
        return
    kit.return_to_hand(state, iid)


kit.card("bloodrage_ogre", end_of_turn=_bloodrage_ogre_end)


def _rambaster_bonus(state, iid, target):
    """Makeshift Rambaster: +2 ATK while attacking a building (a base, tech
    building, add-on or building card)."""
    return 2 if attacks_building(state, target) else 0


kit.card("makeshift_rambaster", modifies={"attack": _rambaster_bonus}, can_patrol=never_patrols)


def _bloodburn_rune(state, src, dead):
    """Bloodburn: whenever any unit dies, a blood rune (at most 4)."""
    if kit.rune_count(state, src, "blood") < 4:
        kit.add_named_rune(state, src, "blood")


def _bloodburn_shot(state, seat, iid, targets):
    """Bloodburn: exhaust and remove two blood runes: 1 damage to a unit or
    building (an upgrade has arrival fatigue too, Bloodburn ruling, R5)."""
    kit.card_of(state, iid)["marks"]["runes"]["blood"] -= 2
    hit(state, seat, targets[0], 1, iid, by=kit.name(state, iid))


kit.card(
    "bloodburn",
    unit_dies=_bloodburn_rune,
    abilities=lambda state, iid: [
        kit.Ability(
            "remove two blood runes: 1 damage to a unit or building.",
            _bloodburn_shot,
            targets=[kit.Target(("unit",) + kit.BUILDING)],
            exhaust=True,
            available=lambda s, i: kit.rune_count(s, i, "blood") >= 2,
        )
    ],
)


def _scorch(state, seat, iid, targets):
    """Scorch: 2 damage to a patroller or a building (3 with Hotter Fire,
    ruling)."""
    hit(state, seat, targets[0], 2, by=kit.name(state, iid))


kit.card("scorch", targets=[SLOTS["patroller_or_building"]], resolve=_scorch)


def _charge(state, seat, iid, targets):
    """Charge: one of your units gets haste and +1 ATK this turn."""
    if not kit.standing(state, targets[0]):
        return  # an Illusion that died when targeted
    kit.until_end_of_turn(state, targets[0], atk=1, kw={"haste": 1})
    kit.log(state, f"{kit.name(state, targets[0])} charges: haste and +1 ATK this turn.", cards=[targets[0]])


kit.card("charge", targets=[kit.Target(("unit",), kit.yours)], resolve=_charge)


def _pillage(state, seat, iid, targets):
    """Pillage: 1 damage to a base and steal 1 gold from its player; 2 and 2
    if you control a Pirate. Hotter Fire adds damage, not gold. In
    Two-Headed Dragon the caster picks which player of that team pays
    (house rule R27)."""
    pirates = any(
        kit.stats.is_unit(state, i) and "Pirate" in kit.catalog.card(kit.card_of(state, i)["card"])["subtypes"]
        for i in kit.player(state, seat)["play"]
    )
    amount = 2 if pirates else 1
    hit(state, seat, targets[0], amount, by=kit.name(state, iid))
    kit.ask(
        state,
        seat,
        "Pillage: steal from which player?",
        kit.building_owner(state, targets[0]),
        {"op": "pillage_steal", "seat": seat, "amount": amount},
    )


kit.each_as("pillage_steal", lambda stored: kit.Steal(stored["amount"]))


kit.card("pillage", targets=[kit.Target(("base",))], resolve=_pillage)
