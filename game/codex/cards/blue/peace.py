"""Peace (blue spec): its 12 codex cards, its hero General Onimaru and the
Soldier token his max level makes.

Overeager Cadet has no text, and the Soldier token (sparkshot) has only a
keyword: they need no code. Fine points follow the official rulings
(reference/codex-cards/rulings.json, "Blue") and docs/RULINGS.md ("Blue
cards: Peace").
"""

from .. import kit

NONE = (0, 0, {})


def _in_main(state: dict) -> bool:
    return state["phase"] == "main"


def _until_next_upkeep(state: dict, seat: int, iid: str, atk: int, kw: dict, what: str) -> None:
    """``iid`` gets ``atk`` and keywords ``kw`` until ``seat``'s next upkeep
    (a lasting effect: it ends as ``seat``'s next turn begins)."""
    kit.lasting(state, seat, iid=iid, atk=atk, kw=dict(kw))
    kit.log(state, f"{kit.name(state, iid)} gets {what} until {kit.seat_name(state, seat)}'s next upkeep.", cards=[iid])


# ---- spells ----------------------------------------------------------------


def _not_peace_hero(state: dict, seat: int, tid: str) -> bool:
    """A unit, or a hero of another spec than Peace (Boot Camp)."""
    return kit.stats.is_unit(state, tid) or kit.catalog.card(kit.card_of(state, tid)["card"])["spec"] != "peace"


def _boot_camp(state: dict, seat: int, iid: str, targets: list) -> None:
    """Boot Camp: exhaust a unit or non-Peace hero (◎, anyone's), sideline
    it if it patrols, put a +1/+1 rune on it; then draw a card. The exhaust
    is an effect, not a cost: an exhausted target is fine (Boot Camp
    ruling), and one that just arrived too (Haste ruling)."""
    tid = targets[0]
    if kit.standing(state, tid):  # (an Illusion that died when targeted is gone)
        kit.exhaust(state, tid)
        kit.sideline(state, tid)  # (a card that doesn't patrol stays where it is)
        kit.add_rune(state, tid, plus=1)
        kit.log(state, f"{kit.name(state, tid)} went to boot camp: exhausted, with a +1/+1 rune.", cards=[tid])
    kit.draw(state, seat, 1, in_main=_in_main(state))


kit.card("boot_camp", targets=[kit.slot(kit.CHARACTER, _not_peace_hero)], resolve=_boot_camp)


ELITE = kit.slot(kit.CHARACTER, kit.yours)
ELITE_KW = {"armor": 1, "anti_air": 1, "sparkshot": 1}


# Elite Training: up to two of your units and/or heroes (◎, chosen as it
# resolves, one at a time, none allowed) get +1 ATK, +1 armor, anti-air and
# sparkshot until your next upkeep.
kit.card(
    "elite_training",
    resolve=kit.PickUpTo(
        "elite_training",
        ELITE,
        2,
        "Elite Training: choose a unit or hero of yours (up to two).",
        pick=kit.Call(
            lambda state, seat, tid: _until_next_upkeep(
                state, seat, tid, 1, ELITE_KW, "+1 ATK, +1 armor, anti-air and sparkshot"
            )
        ),
    ),
)

# General's Hammer: 3 damage to a building (◎; any building, a base too).
kit.card("general_s_hammer", targets=[kit.A_BUILDING], resolve=kit.Damage(3))


def _peace_hero(state: dict, seat: int, tid: str) -> bool:
    return kit.catalog.card(kit.card_of(state, tid)["card"])["spec"] == "peace"


def _art_of_war(state: dict, seat: int, iid: str, targets: list) -> None:
    """The Art of War (ultimate): your Peace hero (◎) is unstoppable, has
    swift strike and +2 ATK, +2 armor until your next upkeep."""
    if kit.standing(state, targets[0]):
        _until_next_upkeep(
            state,
            seat,
            targets[0],
            2,
            {"armor": 2, "swift_strike": 1, "unstoppable": 1},
            "+2 ATK, +2 armor, swift strike and unstoppable",
        )


kit.card("the_art_of_war", targets=[kit.slot("hero", kit.yours, _peace_hero)], resolve=_art_of_war)


# ---- units and the building --------------------------------------------------


def _brave_knight_escapes(state: dict, iid: str) -> bool:
    """Brave Knight: when combat damage would kill him (Tower, sparkshot,
    overpower and deathtouch included: Brave Knight and Deathtouch
    rulings), he returns to his owner's hand instead; he doesn't die, so no
    "dies" trigger, no kill and no patrol slot bonus."""
    if not kit.card_of(state, iid)["marks"].get("combat_death"):
        return False
    kit.log(
        state, f"Combat damage would have killed {kit.name(state, iid)}: he goes back to his owner's hand.", cards=[iid]
    )
    kit.return_to_hand(state, iid)
    return True


kit.card("brave_knight", escapes_death=_brave_knight_escapes)


def _drill_rune(state: dict, src: str, seat: int, unit: str, outcome: str) -> None:
    """Drill Sergeant: whenever you play a unit from your hand, a +1/+1
    rune on him (not for units put into play or made by spells, rulings)."""
    if outcome != "arrived" or kit.card_of(state, src)["controller"] != seat:
        return
    kit.add_rune(state, src, plus=1)
    kit.log(state, f"{kit.name(state, src)} got a +1/+1 rune.", cards=[src])


def _drill_pass(state: dict, seat: int, iid: str, targets: list) -> None:
    """Drill Sergeant: remove a +1/+1 rune from him (the cost) to put one
    on another unit (◎, anyone's)."""
    kit.remove_plus_rune(state, iid)
    if kit.standing(state, targets[0]):
        kit.add_rune(state, targets[0], plus=1)
        kit.log(
            state,
            f"{kit.name(state, targets[0])} got a +1/+1 rune from {kit.name(state, iid)}.",
            cards=[targets[0], iid],
        )


def _drill_abilities(state: dict, iid: str) -> list:
    other = kit.slot("unit", lambda s, seat, tid, me=iid: tid != me)
    return [
        kit.ability(
            "remove a +1/+1 rune: put a +1/+1 rune on another unit.",
            _drill_pass,
            targets=[other],
            available=lambda s, i: kit.card_of(s, i)["plus"] > 0,
        )
    ]


kit.card("drill_sergeant", card_played=_drill_rune, abilities=_drill_abilities)


def _building_players(state: dict, tid: str) -> list:
    """The seats a building belongs to (a base: each seat of its team)."""
    return kit.building_owner(state, tid) if kit.is_building_id(tid) else [kit.card_of(state, tid)["controller"]]


def _spy_dealt(state: dict, src: str, attacker: str, dealt: list) -> None:
    """Flagstone Spy: whenever he deals combat damage to a building, look at
    that player's hand and steal 1 gold from them (nothing from a player
    without gold, ruling). A shared base (Two-Headed Dragon): the Spy's
    player picks which of that team (house rule R27)."""
    if src != attacker:
        return
    seat = kit.card_of(state, src)["controller"]
    for tid, _amount in dealt:
        if kit.is_building(state, tid):
            kit.ask(
                state,
                seat,
                "Flagstone Spy: whose hand do you look at and steal from?",
                _building_players(state, tid),
                {"op": "flagstone_spy", "seat": seat},
            )


def _show_hand(state: dict, seat: int, victim: int) -> None:
    ids = kit.player(state, victim)["hand"]
    hand = [kit.name(state, i) for i in ids]
    kit.log(
        state,
        f"{kit.seat_name(state, victim)}'s hand: {', '.join(hand) if hand else 'no cards'}.",
        cards=ids,
        shown_to=kit.teammates(state, seat),
        veiled=f"{kit.seat_name(state, seat)} looked at {kit.seat_name(state, victim)}'s hand.",
    )


kit.each("flagstone_spy", kit.Call(_show_hand), kit.Steal(1))


kit.card("flagstone_spy", attacker_dealt=_spy_dealt)


def _debilitator_aura(state: dict, src: str, iid: str):
    """Debilitator Alpha: while he is squad leader (patrolling), units
    attacking him have -1 ATK (their combat damage, and anything that reads
    their ATK during the attack: Bluecoat Musketeer's long-range)."""
    if iid == src or kit.patrol_slot(state, src) != "squad_leader" or not kit.is_patrolling(state, src):
        return NONE
    if not kit.stats.is_unit(state, iid):
        return NONE
    return (-1, 0, {}) if kit.attacking(state, iid) == src else NONE


kit.card("debilitator_alpha", aura_all=_debilitator_aura)


def _damaged_building(state: dict, tid: str) -> bool:
    if tid is None or not kit.thing_exists(state, tid) or not kit.is_building(state, tid):
        return False
    rec = kit.building_record(state, tid) if kit.is_building_id(tid) else kit.card_of(state, tid)
    return rec["damage"] > 0


def _air_hammer_bonus(state: dict, iid: str, target: str) -> int:
    """Air Hammer: +2 ATK while attacking a damaged building (a base, tech
    building, add-on or building card with damage on it)."""
    return 2 if _damaged_building(state, target) else 0


kit.card("air_hammer", modifies={"attack": _air_hammer_bonus})


def _garrison_draw(state: dict, src: str, seat: int, unit: str, outcome: str) -> None:
    """Flagstone Garrison: whenever you play a unit from your hand, draw a
    card (not for units put into play or made by spells, rulings)."""
    if outcome == "arrived" and kit.card_of(state, src)["controller"] == seat:
        kit.draw(state, seat, 1, in_main=_in_main(state))


kit.card("flagstone_garrison", card_played=_garrison_draw)


def _gryphon_unstoppable_by(state: dict, iid: str, patroller: str) -> bool:
    """Patriot Gryphon: units (not heroes) with 2 ATK or less can't stop
    him."""
    return kit.stats.is_unit(state, patroller) and kit.stats.atk(state, patroller) <= 2


def _gryphon_dealt(state: dict, src: str, attacker: str, dealt: list) -> None:
    """Patriot Gryphon: whenever his combat damage destroys a building (a
    tech building, add-on or building card; the base ends the game anyway),
    he also deals his ATK to that player's base, after the building's own 2
    (Patriot Gryphon ruling)."""
    if src != attacker:
        return
    for tid, _amount in dealt:
        if tid.startswith("bld:") and kit.building_record(state, tid) is None:
            owner = int(tid.split(":")[1])
        elif (
            tid in state["cards"]
            and kit.kind_of(state, tid) == "building"
            and kit.card_of(state, tid)["damage"] >= kit.stats.hp(state, tid)
        ):
            owner = kit.card_of(state, tid)["controller"]
        else:
            continue
        kit.log(state, f"{kit.name(state, src)} strikes on at the base.", cards=[src])
        kit.damage_building(state, kit.base_id(state, owner), kit.stats.atk(state, src), by=kit.name(state, src))


kit.card("patriot_gryphon", unstoppable_by=_gryphon_unstoppable_by, attacker_dealt=_gryphon_dealt)


# ---- the hero ------------------------------------------------------------------

# General Onimaru: frenzy 1 (level 1) and readiness (level 5) are keywords of
# his bands; reaching max level makes three Soldier tokens (1/1, sparkshot).
kit.card("general_onimaru", max_level=kit.MakeTokens("soldier", 3))
