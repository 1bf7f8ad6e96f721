"""Discipline (white spec): its 12 codex cards, its hero Grave Stormborne
and the Daigo Stormborne token Hero's Monument makes.

Vigor Adept has only keywords and needs no code. Fine points follow the
official rulings (reference/codex-cards/rulings.json, "White", "Heroes")
and docs/RULINGS.md ("White cards: Discipline").
"""

from ..kit import (
    ANYTHING,
    BUILDING,
    CHARACTER,
    EVERYONE,
    Destroy,
    Disable,
    LookAt,
    Repair,
    ThisTurn,
    ability,
    add_named_rune,
    add_rune,
    ask,
    ask_target,
    building_record,
    by_band,
    card,
    card_of,
    catalog,
    controller_of,
    damage_target,
    destroy,
    disable,
    discard_chosen,
    draw,
    each,
    each_as,
    friendly,
    gain_levels,
    is_building_id,
    is_opponent,
    log,
    make_token,
    move,
    name,
    op,
    opponents,
    patroller,
    player,
    put_from_codex,
    rune_count,
    seat_name,
    slot,
    slot_candidates,
    stats,
    teammates,
    thing_exists,
    trash,
    until_end_of_turn,
    yours,
)

NONE = (0, 0, {})


def _in_main(state):
    return state["phase"] == "main"


def _discipline_hero(state, seat, tid):
    return stats.is_hero(state, tid) and catalog.card(card_of(state, tid)["card"])["spec"] == "discipline"


def _say_hand(state, seat, ids, what):
    """Log that ``seat`` ``what`` (e.g. "revealed and discarded") the hand
    cards ``ids``, shown to everyone (True Power of Storms: "reveal")."""
    names = ", ".join(name(state, i) for i in ids)
    log(state, f"{seat_name(state, seat)} {what}: {names}.", cards=ids, shown_to=EVERYONE)


# ---- Martial Mastery -------------------------------------------------------------


def _martial_mastery(state, seat, iid, targets):
    """Martial Mastery: discard a card (not itself: it is on the stack),
    draw two, then look at an opponent's hand (ruling's order; in a game of
    several opponents, the caster picks whose)."""
    hand = list(player(state, seat)["hand"])
    ask(state, seat, "Martial Mastery: discard which card?", hand, {"op": "martial_mastery", "seat": seat})


@op("martial_mastery")
def _martial_discard(state, step):
    seat = step["seat"]
    discard_chosen(state, seat, step["choice"])
    draw(state, seat, 2, in_main=_in_main(state))
    ask(
        state,
        seat,
        "Martial Mastery: look at whose hand?",
        [f"hand:{o}" for o in opponents(state, seat)],
        {"op": _MARTIAL_LOOK, "seat": seat},
    )


_MARTIAL_LOOK = each("martial_look", LookAt())


card("martial_mastery", resolve=_martial_mastery)


# ---- Versatile Style ------------------------------------------------------------------


def _flier(state, seat, tid):
    return stats.kw(state, tid, "flying") > 0


def _damaged(state, seat, tid):
    rec = building_record(state, tid) if is_building_id(tid) else card_of(state, tid)
    return rec is not None and rec["damage"] > 0


STYLE_SLOTS = {
    "destroy an upgrade": slot("upgrade", prompt="Versatile Style: destroy which upgrade?"),
    "disable a flier": slot(CHARACTER, _flier, prompt="Versatile Style: disable which flier?"),
    "repair a building": slot(BUILDING, _damaged, prompt="Versatile Style: repair which building?"),
    "detector hero": slot(
        "hero", yours, _discipline_hero, icon=False, prompt="Versatile Style: which Discipline hero becomes a detector?"
    ),
}


def _style_ready(state, seat):
    return [mode for mode, sl in STYLE_SLOTS.items() if slot_candidates(state, seat, sl)]


def _versatile_style(state, seat, iid, targets):
    """Versatile Style: the caster picks one mode with a legal target, then
    its target (◎ for the first three): destroy an upgrade; disable a unit
    or hero with flying; repair 2 damage on a building; or a Discipline
    hero of yours is a detector this turn."""
    ask(state, seat, "Versatile Style: choose one.", _style_ready(state, seat), {"op": "versatile_style", "seat": seat})


@op("versatile_style")
def _style_mode(state, step):
    for mode in step["choice"]:
        sl = STYLE_SLOTS[mode]
        ask_target(state, step["seat"], sl, sl.prompt, {"op": "versatile_style_do", "mode": mode})


# the mode chosen first is stored with the target question
STYLE_EFFECTS = {
    "destroy an upgrade": Destroy(),
    "disable a flier": Disable(),
    "repair a building": Repair(2),
    "detector hero": ThisTurn(kw={"detector": 1}, say="{name} is a detector this turn."),
}
each_as("versatile_style_do", lambda stored: STYLE_EFFECTS[stored["mode"]])


card("versatile_style", resolve=_versatile_style)


# ---- Reversal ---------------------------------------------------------------------------


def _reversal(state, seat, iid, targets):
    """Reversal: a patroller (◎) takes 3 damage, then is disabled."""
    tid = targets[0]
    if thing_exists(state, tid):
        damage_target(state, tid, 3, by=name(state, iid))
        disable(state, tid)


card("reversal", targets=[slot(CHARACTER, patroller)], resolve=_reversal)


# ---- True Power of Storms ------------------------------------------------------------------


def _costs_3(state, cid):
    return catalog.card(state["cards"][cid]["card"])["cost"] == 3


def _storms(state, seat, iid, targets):
    """True Power of Storms: reveal and discard two other cards of your hand
    that cost 3; only if you do, 10 damage to a unit, hero or building (◎);
    without two such cards it targets nothing (ruling). The player may also
    decline (docs/RULINGS.md)."""
    threes = [c for c in player(state, seat)["hand"] if _costs_3(state, c)]
    if len(threes) < 2:
        log(state, f"{seat_name(state, seat)} had no two cards costing 3 to discard.")
        return
    ask(
        state,
        seat,
        "True Power of Storms: reveal and discard two cards that cost 3.",
        threes,
        {"op": "true_power_of_storms", "seat": seat},
        count=2,
        optional=True,
    )


@op("true_power_of_storms")
def _storms_paid(state, step):
    seat = step["seat"]
    picked = [c for c in step["choice"] if c in player(state, seat)["hand"]]
    if len(picked) < 2:
        return
    _say_hand(state, seat, picked, "revealed and discarded")
    for cid in picked:
        move(state, cid, "discard")
    ask_target(
        state,
        seat,
        slot(ANYTHING),
        "True Power of Storms: 10 damage to what?",
        {"op": "deal_damage", "amount": 10, "by": catalog.card("true_power_of_storms")["name"]},
    )


card("true_power_of_storms", resolve=_storms)


# ---- Rambasa Twin -----------------------------------------------------------------------------


def _twin_arrives(state, iid):
    """Rambasa Twin: arriving, you may put a Rambasa Twin from your codex
    into play (it arrives too and may bring another)."""
    seat = card_of(state, iid)["controller"]
    if player(state, seat)["codex"].get("rambasa_twin", 0) > 0:
        ask(
            state,
            seat,
            "Rambasa Twin: put a Rambasa Twin from your codex into play?",
            ["yes"],
            {"op": "rambasa_twin", "seat": seat},
            optional=True,
        )


@op("rambasa_twin")
def _twin_put(state, step):
    if step["choice"]:
        put_from_codex(state, step["seat"], "rambasa_twin")


def _twin_dies(state, iid):
    """Rambasa Twin: the first time a Twin of its owner dies each turn, it
    goes back to its owner's codex instead of the discard pile (its death
    triggers run: it died). Two dying at once: they are alike, so which
    one returns changes nothing (ruling: the active player would choose)."""
    inst = card_of(state, iid)
    p = player(state, inst["owner"])
    if p.get("rambasa_turn") == state["turn"]:
        return
    p["rambasa_turn"] = state["turn"]
    inst["marks"]["dies_to"] = "removed"
    p["codex"]["rambasa_twin"] = p["codex"].get("rambasa_twin", 0) + 1
    log(state, f"{name(state, iid)} goes back to {seat_name(state, inst['owner'])}'s codex.", cards=[iid])


card("rambasa_twin", arrives=_twin_arrives, dies=_twin_dies)


# ---- Sparring Partner ---------------------------------------------------------------------------


def _no_plus_rune(state, seat, tid):
    return card_of(state, tid)["plus"] == 0


def _spar_rune(state, seat, iid, targets):
    tid = targets[0]
    if thing_exists(state, tid):
        add_rune(state, tid, plus=1)
        log(state, f"{name(state, tid)} got a +1/+1 rune.", cards=[tid])


def _spar_ready(state, seat, iid, targets):
    """Pay 2: ready him; he can't attack this turn, his first ability he
    may use again (ruling)."""
    inst = card_of(state, iid)
    inst["exhausted"] = False
    inst["marks"]["spar_turn"] = state["turn"]
    log(state, f"{name(state, iid)} is ready again, to spar only.", cards=[iid])


def _spar_can_attack(state, iid):
    return card_of(state, iid)["marks"].get("spar_turn") != state["turn"]


card(
    "sparring_partner",
    can_attack=_spar_can_attack,
    abilities=[
        ability(
            "put a +1/+1 rune on a friendly unit or hero without one.",
            _spar_rune,
            targets=[slot(CHARACTER, friendly, _no_plus_rune)],
            exhaust=True,
        ),
        ability(
            "ready him; he can't attack this turn.",
            _spar_ready,
            gold=2,
            available=lambda s, i: card_of(s, i)["exhausted"],
        ),
    ],
)


# ---- Young Lightning Dragon ---------------------------------------------------------------------


def _dragon_uses(state, iid):
    used = card_of(state, iid)["marks"].get("charged", {})
    return used.get("n", 0) if used.get("turn") == state["turn"] else 0


def _dragon_charge(state, seat, iid, targets):
    """Pay 1: +1 ATK this turn, three times a turn at most (ruling)."""
    card_of(state, iid)["marks"]["charged"] = {"turn": state["turn"], "n": _dragon_uses(state, iid) + 1}
    until_end_of_turn(state, iid, atk=1)
    log(state, f"{name(state, iid)} gets +1 ATK this turn.", cards=[iid])


card(
    "young_lightning_dragon",
    abilities=[
        ability(
            "+1 ATK this turn (three times a turn).",
            _dragon_charge,
            gold=1,
            available=lambda s, i: _dragon_uses(s, i) < 3,
        )
    ],
)


# ---- Focus Master -----------------------------------------------------------------------------


def _focus_arrives(state, iid):
    add_named_rune(state, iid, "focus", 3)
    log(state, f"{name(state, iid)} arrived with three focus runes.", cards=[iid])


def _focus_prevents(state, src, iid, taken, deathtouch):
    """Focus Master: when a friendly unit or hero would take exactly lethal
    damage (1 deathtouch combat damage is exactly lethal, any other amount
    of deathtouch isn't: ruling), a focus rune comes off and 1 of it is
    prevented."""
    if rune_count(state, src, "focus") <= 0 or src not in state["cards"]:
        return taken
    if card_of(state, iid)["zone"] != "play" or not stats.is_character(state, iid):
        return taken
    if card_of(state, iid)["controller"] not in teammates(state, card_of(state, src)["controller"]):
        return taken
    left = stats.hp(state, iid) - card_of(state, iid)["damage"]
    exact = taken == 1 if deathtouch else taken == left
    if not exact:
        return taken
    card_of(state, src)["marks"]["runes"]["focus"] -= 1
    log(state, f"{name(state, src)} spent a focus rune: 1 damage to {name(state, iid)} prevented.", cards=[src, iid])
    return taken - 1


card("focus_master", arrives=_focus_arrives, modifies={"damage_taken": _focus_prevents})


# ---- Mind-Parry Monk ---------------------------------------------------------------------------


def _mind_parry(state, src, seat, tid):
    """Mind-Parry Monk: its controller's opponents can't ◎ the units and
    heroes its controller controls with spells or abilities (ruling)."""
    if tid.startswith(("bld:", "base:")) or not stats.is_character(state, tid):
        return False
    mine = card_of(state, src)["controller"]
    return controller_of(state, tid) == mine and is_opponent(state, seat, mine)


card("mind_parry_monk", restricts={"target": _mind_parry})


# ---- Training Grounds ---------------------------------------------------------------------------


def _hero_plus_atk(state, src, iid):
    return (1, 0, {}) if stats.is_hero(state, iid) else NONE


def _to_max(state, seat, iid, targets):
    """Training Grounds: exhaust: one of your heroes rises to its max level
    (no gold; reaching max level triggers as levelling does)."""
    tid = targets[0]
    if thing_exists(state, tid):
        rec = catalog.card(card_of(state, tid)["card"])
        gain_levels(state, tid, rec["max_level"] - card_of(state, tid)["level"])


def _below_max(state, seat, tid):
    return card_of(state, tid)["level"] < catalog.card(card_of(state, tid)["card"])["max_level"]


card(
    "training_grounds",
    aura=_hero_plus_atk,
    abilities=[
        ability(
            "a hero of yours rises to max level.",
            _to_max,
            targets=[slot("hero", yours, _below_max, icon=False)],
            exhaust=True,
        )
    ],
)


# ---- Hero's Monument and Daigo Stormborne ---------------------------------------------------------


def _monument_arrives(state, iid):
    """Hero's Monument: arriving, it makes Daigo Stormborne (8/8 legendary
    Ghost token: indestructible, untargetable, unstoppable, never patrols)."""
    daigo = make_token(state, "daigo_stormborne", card_of(state, iid)["controller"])
    card_of(state, iid)["marks"]["daigo"] = daigo


def _monument_leaves(state, iid):
    """Hero's Monument leaves play: Daigo is trashed."""
    daigo = card_of(state, iid)["marks"].pop("daigo", None)
    if daigo in state["cards"] and card_of(state, daigo)["zone"] == "play":
        trash(state, daigo)


def _monument_aura(state, src, iid):
    return (1, 1, {}) if stats.is_hero(state, iid) else NONE


card("hero_s_monument", arrives=_monument_arrives, leaves=_monument_leaves, aura=_monument_aura)
card("daigo_stormborne", can_patrol=lambda state, iid: False)


# ---- Grave Stormborne ------------------------------------------------------------------------------


def _grave_max(state, iid):
    """Max level: a sword rune on him."""
    add_named_rune(state, iid, "sword")
    log(state, f"{name(state, iid)} got a sword rune.", cards=[iid])


def _grave_strike(state, seat, iid, targets):
    """Exhaust, remove a sword rune: destroy a unit or hero (◎)."""
    card_of(state, iid)["marks"]["runes"]["sword"] -= 1
    if thing_exists(state, targets[0]):
        destroy(state, targets[0])


card(
    "grave_stormborne",
    max_level=_grave_max,
    abilities=by_band(
        max=[
            ability(
                "remove a sword rune: destroy a unit or hero.",
                _grave_strike,
                targets=[slot(CHARACTER)],
                exhaust=True,
                available=lambda s, i: rune_count(s, i, "sword") > 0,
            )
        ]
    ),
)
