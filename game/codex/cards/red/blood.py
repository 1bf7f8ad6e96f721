"""Blood (red spec): its codex cards, its hero Drakk Ramhorn and the red
Pirate token (keywords and stats only)."""

from .. import kit
from .common import NONE, controller, hit, later_target, never_patrols, opposing_bases, own_turn


def _desperation(state, seat, iid, targets):
    """Desperation: if your hand is empty (Desperation itself has left it,
    ruling), trash it and draw three (R9 limits reshuffles); either way you
    discard your hand when your main phase ends, before the draw phase
    (ruling; turns.end_main_phase)."""
    p = kit.player(state, seat)
    if not p["hand"]:
        kit.trash(state, iid)
        kit.draw(state, seat, 3, in_main=True)
    p["discard_hand_turn"] = state["turn"]


kit.card("desperation", resolve=_desperation)


def _kidnapping(state, seat, iid, targets):
    """Kidnapping: take control of an opposing tech 0, I or II unit until
    the end of the turn; it readies and has haste. If it is still in play
    then, its former controller gets it back (Kidnapping rulings; dying, it
    goes to its owner's discard pile)."""
    unit = targets[0]
    if not kit.standing(state, unit):
        return  # an Illusion that died when targeted
    former = controller(state, unit)
    kit.change_control(state, unit, seat)
    kit.card_of(state, unit)["exhausted"] = False
    kit.until_end_of_turn(state, unit, kw={"haste": 1})
    kit.log(state, f"{kit.seat_name(state, seat)} kidnapped {kit.name(state, unit)}.", cards=[unit])
    kit.at_end_of_turn(state, {"op": "kidnap_return", "iid": unit, "seat": former, "taker": seat})


@kit.op("kidnap_return")
def _kidnap_return(state, step):
    inst = state["cards"].get(step["iid"])
    if inst is not None and inst["zone"] == "play" and inst["controller"] == step["taker"]:
        kit.change_control(state, step["iid"], step["seat"])
        kit.log(
            state,
            f"{kit.name(state, step['iid'])} went back to {kit.seat_name(state, step['seat'])}.",
            cards=[step["iid"]],
        )


kit.card(
    "kidnapping",
    targets=[
        kit.Target(
            ("unit",),
            lambda s, seat, t: kit.is_opponent(s, seat, kit.controller_of(s, t)) and kit.tech_at_most(2)(s, seat, t),
        )
    ],
    resolve=_kidnapping,
)


# Bloodlust: up to two units and/or heroes (◎, chosen one at a time, none is
# allowed) get +1 ATK and haste this turn; each still in play takes 1 damage
# at the end of the turn (a red spell's damage: Hotter Fire counts).
_bloodlust = kit.PickUpTo(
    "bloodlust",
    kit.Target(kit.CHARACTER),
    2,
    "Bloodlust: you may choose a unit or hero.",
    pick=[
        kit.ThisTurn(atk=1, kw={"haste": 1}, say="{name} got +1 ATK and haste this turn."),
        kit.AtEndOfTurn("bloodlust_burn"),
    ],
    field="chosen",
)


kit.on_card("bloodlust_burn", kit.Call(hit, 1, by=kit.catalog.card("bloodlust")["name"]), alive=True)


kit.card("bloodlust", resolve=_bloodlust)


def _war_drums(state, src, iid):
    """War Drums: your units get +X ATK, X = the units you control now
    (War Drums ruling: stolen units count for their new controller)."""
    if not kit.stats.is_unit(state, iid):
        return NONE
    seat = controller(state, src)
    return (sum(1 for i in kit.player(state, seat)["play"] if kit.stats.is_unit(state, i)), 0, {})


kit.card("war_drums", aura=_war_drums)


def _crash_bomber(state, iid):
    """Crash Bomber dies: on its controller's turn, 1 damage to a patroller
    or building (◎); on another player's turn, 1 damage to that player's
    base."""
    seat = controller(state, iid)
    if own_turn(state, seat):
        later_target(
            state,
            seat,
            "patroller_or_building",
            "Crash Bomber: choose a patroller or building to take 1 damage.",
            {"op": "red_damage", "seat": seat, "amount": 1, "by": kit.name(state, iid)},
        )
    else:
        hit(state, seat, kit.base_id(state, state["active"]), 1, by=kit.name(state, iid))


kit.card("crash_bomber", dies=_crash_bomber)


def _rickety_mine(state, seat, iid, targets):
    """Rickety Mine: exhaust: gain 3 gold and flip a coin (the game's seeded
    generator); tails: sacrifice it and your base takes 2 damage (an ability
    of a red card: Hotter Fire counts). No haste: not the turn it arrives
    (ruling, R5)."""
    gained = kit.gain_gold(state, seat, 3)
    kit.log(state, f"{kit.seat_name(state, seat)} gained {gained} gold.")
    if kit.rng.randbelow(state, 2) == 0:
        kit.log(state, "The coin came up heads.")
        return
    kit.log(state, "The coin came up tails.")
    by = kit.name(state, iid)  # (sacrificed, it has left its id behind)
    kit.sacrifice(state, iid)
    hit(state, seat, kit.base_id(state, seat), 2, by=by)


kit.card(
    "rickety_mine",
    abilities=lambda state, iid: [kit.Ability("gain 3 gold and flip a coin.", _rickety_mine, exhaust=True)],
)


def _bugblatter(state, src, dead):
    """Captured Bugblatter: whenever a unit dies (itself too, ruling): on an
    opponent's turn, that player's base takes 1 damage; on your turn, 1
    damage to an opposing base you choose (◎). One base per team in
    Two-Headed Dragon (ruling)."""
    seat = controller(state, src)
    if own_turn(state, seat):
        later_target(
            state,
            seat,
            "opposing_base",
            "Captured Bugblatter: choose a base to take 1 damage.",
            {"op": "red_damage", "seat": seat, "amount": 1, "by": kit.name(state, src)},
        )
    else:
        hit(state, seat, kit.base_id(state, state["active"]), 1, by=kit.name(state, src))


kit.card("captured_bugblatter", unit_dies=_bugblatter)


def _octopus_upkeep(state, iid):
    """Land Octopus, upkeep: sacrifice two workers (they are trashed,
    ruling) or sacrifice it. With fewer than two workers it is sacrificed."""
    seat = controller(state, iid)
    if kit.worker_total(state, seat) < 2:
        kit.sacrifice(state, iid)
        return
    kit.push(
        state,
        {
            "op": "red_ask",
            "seat": seat,
            "text": "Land Octopus: sacrifice two workers, or the Octopus?",
            "options": [f"workers:{seat}", iid],
            "then": {"op": _OCTOPUS, "seat": seat, "octopus": iid},
        },
    )


_OCTOPUS = kit.each("octopus", kit.WorkersOr(kit.Sacrifice(), count=2))


kit.card("land_octopus", upkeep=_octopus_upkeep, can_patrol=never_patrols)


def _ogre_recruiter(state, iid, moment, _ctx):
    """Ogre Recruiter: after its attack, if it survived, take control of a
    tech 0 or tech I unit (◎; a forced pick may be your own: nothing
    changes then)."""
    if moment != "attack_done":
        return
    seat = controller(state, iid)
    later_target(
        state,
        seat,
        "tech01_unit",
        "Ogre Recruiter: choose a tech 0 or I unit to take.",
        {"op": _TAKE, "seat": seat},
    )


_TAKE = kit.each("red_take", kit.TakeControl(), alive=True)


kit.card("ogre_recruiter", in_combat=_ogre_recruiter)


def _blood_unit(card_id):
    rec = kit.catalog.card(card_id)
    return rec["kind"] == "unit" and rec["spec"] == "blood" and rec["tech"] in (1, 2)


def _pgc_arrives(state, iid):
    """Pirate-Gang Commander arrives: three Pirate tokens (2/2)."""
    for _ in range(3):
        kit.make_token(state, "pirate", controller(state, iid))


def _pgc_unit_dies(state, src, dead):
    """Pirate-Gang Commander: each of your units has "dies: 1 damage to each
    opposing base" (himself too); a red ability, so Hotter Fire counts."""
    seat = controller(state, src)
    if controller(state, dead) == seat:
        for base in opposing_bases(state, seat):
            hit(state, seat, base, 1, by=kit.name(state, dead))


def _pgc_cost(state, src, seat, card_id, cost):
    """Pirate-Gang Commander: your tech I and II Blood units cost 0."""
    return 0 if _blood_unit(card_id) else cost


def _pgc_no_tech(state, src, seat, card_id):
    """Pirate-Gang Commander: your tech I and II Blood units need no tech
    building (nor, in the 3-hero game, a Tech II of the Blood spec)."""
    return _blood_unit(card_id)


kit.card(
    "pirate_gang_commander",
    arrives=_pgc_arrives,
    unit_dies=_pgc_unit_dies,
    modifies={"cost": _pgc_cost},
    grants={"play_without_tech": _pgc_no_tech},
)


def _drakk_dies(state, iid):
    """Drakk Ramhorn dies: 1 damage to each opponent's base (one per team in
    Two-Headed Dragon, ruling); a red ability, so Hotter Fire counts."""
    seat = controller(state, iid)
    for base in opposing_bases(state, seat):
        hit(state, seat, base, 1, by=kit.name(state, iid))


def _drakk_aura(state, src, iid):
    """Drakk Ramhorn, mid band: your units have frenzy 1."""
    if kit.stats.is_unit(state, iid) and kit.reached(state, src, "mid"):
        return (0, 0, {"frenzy": 1})
    return NONE


def _drakk_haste(state, src, iid):
    """Drakk Ramhorn, max band: the first unit that arrives from your hand
    each turn gains haste for good; only the very first of the turn, and
    only if Drakk is at max level when it arrives (Drakk rulings; put into
    play from hand counts, from anywhere else not)."""
    inst = kit.card_of(state, iid)
    if inst["marks"].get("first_from_hand") == state["turn"] and kit.reached(state, src, "max"):
        inst["granted"]["haste"] = 1
        kit.log(state, f"{kit.name(state, iid)} gained haste from Drakk Ramhorn.", cards=[iid])


kit.card("drakk_ramhorn", dies=_drakk_dies, aura=_drakk_aura, other_arrives=_drakk_haste)
