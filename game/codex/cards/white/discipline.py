"""Discipline (white spec): its 12 codex cards, its hero Grave Stormborne
and the Daigo Stormborne token Hero's Monument makes.

Vigor Adept has only keywords and needs no code. Fine points follow the
official rulings (reference/codex-cards/rulings.json, "White", "Heroes")
and docs/RULINGS.md ("White cards: Discipline").
"""

from .. import kit

NONE = (0, 0, {})


def _in_main(state):
    return state["phase"] == "main"


def _discipline_hero(state, seat, tid):
    return kit.stats.is_hero(state, tid) and kit.catalog.card(kit.card_of(state, tid)["card"])["spec"] == "discipline"


def _say_hand(state, seat, ids, what):
    """Log that ``seat`` ``what`` (e.g. "revealed and discarded") the hand
    cards ``ids``, shown to everyone (True Power of Storms: "reveal")."""
    names = ", ".join(kit.name(state, i) for i in ids)
    kit.log(state, f"{kit.seat_name(state, seat)} {what}: {names}.", cards=ids, shown_to=kit.EVERYONE)


# ---- Martial Mastery -------------------------------------------------------------


def _martial_mastery(state, seat, iid, targets):
    """Martial Mastery: discard a card (not itself: it is on the stack),
    draw two, then look at an opponent's hand (ruling's order; in a game of
    several opponents, the caster picks whose)."""
    hand = list(kit.player(state, seat)["hand"])
    kit.ask(state, seat, "Martial Mastery: discard which card?", hand, {"op": _MARTIAL, "seat": seat})


_MARTIAL_LOOK = kit.Choose(
    "martial_look",
    kit.LookAt(),
    options=lambda state, seat, _iid: [f"hand:{o}" for o in kit.opponents(state, seat)],
    prompt="Martial Mastery: look at whose hand?",
    with_seat=True,
)
_MARTIAL = kit.each_then("martial_mastery", kit.Discard(), then=[kit.Draw(2), _MARTIAL_LOOK])


kit.card("martial_mastery", resolve=_martial_mastery)


# ---- Versatile Style ------------------------------------------------------------------


def _flier(state, seat, tid):
    return kit.stats.kw(state, tid, "flying") > 0


def _damaged(state, seat, tid):
    rec = kit.building_record(state, tid) if kit.is_building_id(tid) else kit.card_of(state, tid)
    return rec is not None and rec["damage"] > 0


STYLE_SLOTS = {
    "destroy an upgrade": kit.slot("upgrade", prompt="Versatile Style: destroy which upgrade?"),
    "disable a flier": kit.slot(kit.CHARACTER, _flier, prompt="Versatile Style: disable which flier?"),
    "repair a building": kit.slot(kit.BUILDING, _damaged, prompt="Versatile Style: repair which building?"),
    "detector hero": kit.slot(
        "hero",
        kit.yours,
        _discipline_hero,
        icon=False,
        prompt="Versatile Style: which Discipline hero becomes a detector?",
    ),
}


def _style_ready(state, seat):
    return [mode for mode, sl in STYLE_SLOTS.items() if kit.slot_candidates(state, seat, sl)]


# the mode chosen first is stored with the target question
STYLE_EFFECTS = {
    "destroy an upgrade": kit.Destroy(),
    "disable a flier": kit.Disable(),
    "repair a building": kit.Repair(2),
    "detector hero": kit.ThisTurn(kw={"detector": 1}, say="{name} is a detector this turn."),
}
kit.each_as("versatile_style_do", lambda stored: STYLE_EFFECTS[stored["mode"]])

# Versatile Style: the caster picks one mode with a legal target, then its
# target (◎ for the first three): destroy an upgrade; disable a unit or
# hero with flying; repair 2 damage on a building; or a Discipline hero of
# yours is a detector this turn.
_versatile_style = kit.Choose(
    "versatile_style",
    kit.Modes(
        {
            mode: kit.Choose("versatile_style_do", slot=sl, prompt=sl.prompt, fields={"mode": mode})
            for mode, sl in STYLE_SLOTS.items()
        }
    ),
    options=lambda state, seat, _iid: _style_ready(state, seat),
    prompt="Versatile Style: choose one.",
    with_seat=True,
)


kit.card("versatile_style", resolve=_versatile_style)


# ---- Reversal ---------------------------------------------------------------------------


def _reversal(state, seat, iid, targets):
    """Reversal: a patroller (◎) takes 3 damage, then is disabled."""
    tid = targets[0]
    if kit.standing(state, tid):
        kit.damage_target(state, tid, 3, by=kit.name(state, iid))
        kit.disable(state, tid)


kit.card("reversal", targets=[kit.slot(kit.CHARACTER, kit.patroller)], resolve=_reversal)


# ---- True Power of Storms ------------------------------------------------------------------


def _costs_3(state, cid):
    return kit.catalog.card(state["cards"][cid]["card"])["cost"] == 3


def _storms(state, seat, iid, targets):
    """True Power of Storms: reveal and discard two other cards of your hand
    that cost 3; only if you do, 10 damage to a unit, hero or building (◎);
    without two such cards it targets nothing (ruling). The player may also
    decline (docs/RULINGS.md)."""
    threes = [c for c in kit.player(state, seat)["hand"] if _costs_3(state, c)]
    if len(threes) < 2:
        kit.log(state, f"{kit.seat_name(state, seat)} had no two cards costing 3 to discard.")
        return
    kit.ask(
        state,
        seat,
        "True Power of Storms: reveal and discard two cards that cost 3.",
        threes,
        {"op": "true_power_of_storms", "seat": seat},
        count=2,
        optional=True,
    )


@kit.op("true_power_of_storms")
def _storms_paid(state, step):
    seat = step["seat"]
    picked = [c for c in step["choice"] if c in kit.player(state, seat)["hand"]]
    if len(picked) < 2:
        return
    _say_hand(state, seat, picked, "revealed and discarded")
    for cid in picked:
        kit.move(state, cid, "discard")
    kit.ask_target(
        state,
        seat,
        kit.slot(kit.ANYTHING),
        "True Power of Storms: 10 damage to what?",
        {"op": "deal_damage", "amount": 10, "by": kit.catalog.card("true_power_of_storms")["name"]},
    )


kit.card("true_power_of_storms", resolve=_storms)


# ---- Rambasa Twin -----------------------------------------------------------------------------


def _twin_arrives(state, iid):
    """Rambasa Twin: arriving, you may put a Rambasa Twin from your codex
    into play (it arrives too and may bring another)."""
    seat = kit.card_of(state, iid)["controller"]
    if kit.player(state, seat)["codex"].get("rambasa_twin", 0) > 0:
        _TWIN.ask(state, seat)


_TWIN = kit.Choose(
    "rambasa_twin",
    kit.Call(lambda state, seat, _yes: kit.put_from_codex(state, seat, "rambasa_twin")),
    options=lambda *_: ["yes"],
    prompt="Rambasa Twin: put a Rambasa Twin from your codex into play?",
    optional=True,
    with_seat=True,
)


def _twin_dies(state, iid):
    """Rambasa Twin: the first time a Twin of its owner dies each turn, it
    goes back to its owner's codex instead of the discard pile (its death
    triggers run: it died). Two dying at once: they are alike, so which
    one returns changes nothing (ruling: the active player would choose)."""
    inst = kit.card_of(state, iid)
    p = kit.player(state, inst["owner"])
    if p.get("rambasa_turn") == state["turn"]:
        return
    p["rambasa_turn"] = state["turn"]
    inst["marks"]["dies_to"] = "removed"
    p["codex"]["rambasa_twin"] = p["codex"].get("rambasa_twin", 0) + 1
    kit.log(state, f"{kit.name(state, iid)} goes back to {kit.seat_name(state, inst['owner'])}'s codex.", cards=[iid])


kit.card("rambasa_twin", arrives=_twin_arrives, dies=_twin_dies)


# ---- Sparring Partner ---------------------------------------------------------------------------


def _no_plus_rune(state, seat, tid):
    return kit.card_of(state, tid)["plus"] == 0


def _spar_rune(state, seat, iid, targets):
    tid = targets[0]
    if kit.standing(state, tid):
        kit.add_rune(state, tid, plus=1)
        kit.log(state, f"{kit.name(state, tid)} got a +1/+1 rune.", cards=[tid])


def _spar_ready(state, seat, iid, targets):
    """Pay 2: ready him; he can't attack this turn, his first ability he
    may use again (ruling)."""
    inst = kit.card_of(state, iid)
    inst["exhausted"] = False
    inst["marks"]["spar_turn"] = state["turn"]
    kit.log(state, f"{kit.name(state, iid)} is ready again, to spar only.", cards=[iid])


def _spar_can_attack(state, iid):
    return kit.card_of(state, iid)["marks"].get("spar_turn") != state["turn"]


kit.card(
    "sparring_partner",
    can_attack=_spar_can_attack,
    abilities=[
        kit.ability(
            "put a +1/+1 rune on a friendly unit or hero without one.",
            _spar_rune,
            targets=[kit.slot(kit.CHARACTER, kit.friendly, _no_plus_rune)],
            exhaust=True,
        ),
        kit.ability(
            "ready him; he can't attack this turn.",
            _spar_ready,
            gold=2,
            available=lambda s, i: kit.card_of(s, i)["exhausted"],
        ),
    ],
)


# ---- Young Lightning Dragon ---------------------------------------------------------------------


def _dragon_uses(state, iid):
    used = kit.card_of(state, iid)["marks"].get("charged", {})
    return used.get("n", 0) if used.get("turn") == state["turn"] else 0


def _dragon_charge(state, seat, iid, targets):
    """Pay 1: +1 ATK this turn, three times a turn at most (ruling)."""
    kit.card_of(state, iid)["marks"]["charged"] = {"turn": state["turn"], "n": _dragon_uses(state, iid) + 1}
    kit.until_end_of_turn(state, iid, atk=1)
    kit.log(state, f"{kit.name(state, iid)} gets +1 ATK this turn.", cards=[iid])


kit.card(
    "young_lightning_dragon",
    abilities=[
        kit.ability(
            "+1 ATK this turn (three times a turn).",
            _dragon_charge,
            gold=1,
            available=lambda s, i: _dragon_uses(s, i) < 3,
        )
    ],
)


# ---- Focus Master -----------------------------------------------------------------------------


def _focus_arrives(state, iid):
    kit.add_named_rune(state, iid, "focus", 3)
    kit.log(state, f"{kit.name(state, iid)} arrived with three focus runes.", cards=[iid])


def _focus_prevents(state, src, iid, taken, deathtouch):
    """Focus Master: when a friendly unit or hero would take exactly lethal
    damage (1 deathtouch combat damage is exactly lethal, any other amount
    of deathtouch isn't: ruling), a focus rune comes off and 1 of it is
    prevented."""
    if kit.rune_count(state, src, "focus") <= 0 or src not in state["cards"]:
        return taken
    if kit.card_of(state, iid)["zone"] != "play" or not kit.stats.is_character(state, iid):
        return taken
    if kit.card_of(state, iid)["controller"] not in kit.teammates(state, kit.card_of(state, src)["controller"]):
        return taken
    left = kit.stats.hp(state, iid) - kit.card_of(state, iid)["damage"]
    exact = taken == 1 if deathtouch else taken == left
    if not exact:
        return taken
    kit.card_of(state, src)["marks"]["runes"]["focus"] -= 1
    kit.log(
        state,
        f"{kit.name(state, src)} spent a focus rune: 1 damage to {kit.name(state, iid)} prevented.",
        cards=[src, iid],
    )
    return taken - 1


kit.card("focus_master", arrives=_focus_arrives, modifies={"damage_taken": _focus_prevents})


# ---- Mind-Parry Monk ---------------------------------------------------------------------------


def _mind_parry(state, src, seat, tid):
    """Mind-Parry Monk: its controller's opponents can't ◎ the units and
    heroes its controller controls with spells or abilities (ruling)."""
    if tid.startswith(("bld:", "base:")) or not kit.stats.is_character(state, tid):
        return False
    mine = kit.card_of(state, src)["controller"]
    return kit.controller_of(state, tid) == mine and kit.is_opponent(state, seat, mine)


kit.card("mind_parry_monk", restricts={"target": _mind_parry})


# ---- Training Grounds ---------------------------------------------------------------------------


def _hero_plus_atk(state, src, iid):
    return (1, 0, {}) if kit.stats.is_hero(state, iid) else NONE


def _to_max(state, seat, iid, targets):
    """Training Grounds: exhaust: one of your heroes rises to its max level
    (no gold; reaching max level triggers as levelling does)."""
    tid = targets[0]
    if kit.thing_exists(state, tid):
        rec = kit.catalog.card(kit.card_of(state, tid)["card"])
        kit.gain_levels(state, tid, rec["max_level"] - kit.card_of(state, tid)["level"])


def _below_max(state, seat, tid):
    return kit.card_of(state, tid)["level"] < kit.catalog.card(kit.card_of(state, tid)["card"])["max_level"]


kit.card(
    "training_grounds",
    aura=_hero_plus_atk,
    abilities=[
        kit.ability(
            "a hero of yours rises to max level.",
            _to_max,
            targets=[kit.slot("hero", kit.yours, _below_max, icon=False)],
            exhaust=True,
        )
    ],
)


# ---- Hero's Monument and Daigo Stormborne ---------------------------------------------------------


def _monument_arrives(state, iid):
    """Hero's Monument: arriving, it makes Daigo Stormborne (8/8 legendary
    Ghost token: indestructible, untargetable, unstoppable, never patrols)."""
    daigo = kit.make_token(state, "daigo_stormborne", kit.card_of(state, iid)["controller"])
    kit.card_of(state, iid)["marks"]["daigo"] = daigo


def _monument_leaves(state, iid):
    """Hero's Monument leaves play: Daigo is trashed."""
    daigo = kit.card_of(state, iid)["marks"].pop("daigo", None)
    if daigo in state["cards"] and kit.card_of(state, daigo)["zone"] == "play":
        kit.trash(state, daigo)


def _monument_aura(state, src, iid):
    return (1, 1, {}) if kit.stats.is_hero(state, iid) else NONE


kit.card("hero_s_monument", arrives=_monument_arrives, leaves=_monument_leaves, aura=_monument_aura)
kit.card("daigo_stormborne", can_patrol=lambda state, iid: False)


# ---- Grave Stormborne ------------------------------------------------------------------------------


def _grave_max(state, iid):
    """Max level: a sword rune on him."""
    kit.add_named_rune(state, iid, "sword")
    kit.log(state, f"{kit.name(state, iid)} got a sword rune.", cards=[iid])


def _grave_strike(state, seat, iid, targets):
    """Exhaust, remove a sword rune: destroy a unit or hero (◎)."""
    kit.card_of(state, iid)["marks"]["runes"]["sword"] -= 1
    if kit.standing(state, targets[0]):
        kit.destroy(state, targets[0])


kit.card(
    "grave_stormborne",
    max_level=_grave_max,
    abilities=kit.by_band(
        max=[
            kit.ability(
                "remove a sword rune: destroy a unit or hero.",
                _grave_strike,
                targets=[kit.slot(kit.CHARACTER)],
                exhaust=True,
                available=lambda s, i: kit.rune_count(s, i, "sword") > 0,
            )
        ]
    ),
)
