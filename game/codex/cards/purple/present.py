"""Present (Max Geiger): Temporal Distortion, Now!, Ready or Not, Research &
Development, Argonaut, Sentry, Chronofixer, Hyperion, Warp Gate Disciple,
Immortal, Tricycloid, Octavian, and the hero Max Geiger.

Argonaut (readiness) and Immortal (indestructible) are keywords only: the
engine plays them (catalog.works). Fine points follow the official rulings
("Purple", "Heroes") and docs/RULINGS.md "Purple: Present and Future"."""

from .. import kit

NONE = (0, 0, {})


def _controller(state, iid):
    return kit.card_of(state, iid)["controller"]


def _tech_one_or_two(state, seat, tid):
    return kit.stats.tech_level(state, tid) in (1, 2)


def codex_units(state: dict, seat: int, fits) -> list:
    """The unit card ids in ``seat``'s codex for which ``fits(record)`` is
    true, in codex order (what "put a unit from your codex into play"
    offers: Temporal Distortion, Warp Gate Disciple)."""
    return [
        cid
        for cid, n in kit.player(state, seat)["codex"].items()
        if n > 0 and kit.catalog.card(cid)["kind"] == "unit" and fits(kit.catalog.card(cid))
    ]


# Put the chosen codex unit into play: no gold, no tech building (Warp Gate
# Disciple ruling).
kit.each("purple_from_codex", kit.FromCodex())


# ---- Temporal Distortion ---------------------------------------------------------


def _temporal_distortion(state, seat, iid, targets):
    """Return the unit to its owner's hand; only if it left play (a Gilded
    Glaxx that can't leave doesn't: ruling; a token copying a tech I or II
    unit vanishes, which counts: ruling), offer a unit of the same tech
    level and the same cost or less from the codex, tech ignored."""
    tid = targets[0]
    if not kit.thing_exists(state, tid):
        return
    level = kit.stats.tech_level(state, tid)
    cost = kit.catalog.card(kit.card_of(state, tid)["card"])["cost"] or 0
    kit.return_to_hand(state, tid)
    if tid in state["cards"] and state["cards"][tid]["zone"] == "play":
        return
    options = codex_units(state, seat, lambda rec: rec["tech"] == level and (rec["cost"] or 0) <= cost)
    kit.ask(
        state,
        seat,
        "Temporal Distortion: you may put a unit from your codex into play.",
        options,
        {"op": "purple_from_codex", "seat": seat},
        optional=True,
    )


kit.card(
    "temporal_distortion",
    targets=[kit.slot("unit", kit.yours, _tech_one_or_two, icon=False, prompt="Choose a tech I or II unit of yours.")],
    resolve=_temporal_distortion,
)

# ---- Now! ---------------------------------------------------------------------------

kit.card(
    "now", targets=[kit.slot(kit.CHARACTER)], resolve=kit.ThisTurn(kw={"haste": 1}, say="{name} has haste this turn.")
)


# ---- Ready or Not ---------------------------------------------------------------------


def _ready_or_not(state, seat, iid, targets):
    """Ready the unit (it may attack again, not with readiness: rulings),
    then every opposing exhausted unit skips its next ready step."""
    tid = targets[0]
    if kit.standing(state, tid):
        kit.card_of(state, tid)["exhausted"] = False
        kit.log(state, f"{kit.name(state, tid)} is ready.", cards=[tid])
    for p in state["players"]:
        if not kit.is_opponent(state, seat, p["seat"]):
            continue
        for unit in p["play"]:
            inst = kit.card_of(state, unit)
            if kit.stats.is_unit(state, unit) and inst["exhausted"] and not inst["marks"].get("disabled"):
                inst["marks"]["disabled"] = True
                kit.log(state, f"{kit.name(state, unit)} won't ready during its next ready step.", cards=[unit])


kit.card(
    "ready_or_not",
    targets=[kit.slot("unit", kit.yours, prompt="Choose a unit of yours to ready.")],
    resolve=_ready_or_not,
)

# ---- Research & Development --------------------------------------------------------------

# Draws five; the once-a-main-phase reshuffle (house rule R9) limits it, and
# the spell is discarded only after (ruling): effects.draw.
kit.card("research_development", resolve=kit.Draw(5))


# ---- Sentry -------------------------------------------------------------------------------


def _sentry_prevents(state, src, iid, taken):
    """The first damage each turn that a spell or ability would deal to a
    patroller of Sentry's controller is prevented (sparkshot and the Tower
    count as abilities: ruling). Several hit at once: the first one dealt
    (docs/RULINGS.md)."""
    inst = kit.card_of(state, src)
    if (
        inst["marks"].get("sentry_turn") == state["turn"]
        or _controller(state, iid) != inst["controller"]
        or not kit.is_patrolling(state, iid)
    ):
        return taken
    inst["marks"]["sentry_turn"] = state["turn"]
    kit.log(state, f"{kit.name(state, src)} prevented the damage to {kit.name(state, iid)}.", cards=[src, iid])
    return 0


kit.card("sentry", modifies={"effect_damage_taken": _sentry_prevents})


# ---- Chronofixer ------------------------------------------------------------------------------


def _chronofixer_forbids(state, src, hero):
    """Opposing heroes gain no levels by any means (ruling: kills, Training
    Grounds, Blackhand Resurrector brings them back at level 1)."""
    return kit.is_opponent(state, _controller(state, src), _controller(state, hero))


kit.card("chronofixer", restricts={"level": _chronofixer_forbids})

# ---- Hyperion ---------------------------------------------------------------------------------

kit.card("hyperion", attacks=kit.Draw(1))


# ---- Warp Gate Disciple --------------------------------------------------------------------------


def _warp_gate(state, seat, iid, targets):
    """A tech I or II unit of the codex into play, free, tech ignored
    (ruling: even without any tech building)."""
    kit.ask(
        state,
        seat,
        "Warp Gate Disciple: choose a unit from your codex to put into play.",
        codex_units(state, seat, lambda rec: rec["tech"] in (1, 2)),
        {"op": "purple_from_codex", "seat": seat},
    )


kit.card(
    "warp_gate_disciple",
    abilities=[
        kit.ability(
            "put a tech I or II unit from your codex into play.",
            _warp_gate,
            gold=1,
            exhaust=True,
            available=lambda s, i: bool(codex_units(s, _controller(s, i), lambda rec: rec["tech"] in (1, 2))),
        )
    ],
)


# ---- Tricycloid ----------------------------------------------------------------------------------


def _tricycloid_arrives(state, iid):
    """Three time runes, each time it arrives (a fresh copy: ruling)."""
    kit.card_of(state, iid)["time"] += 3
    kit.log(state, f"{kit.name(state, iid)} got 3 time runes.", cards=[iid])


def _tricycloid_aura(state, src, iid):
    """+1/+1 for each time rune on itself."""
    if src != iid:
        return NONE
    runes = kit.card_of(state, iid)["time"]
    return (runes, runes, {})


def _tricycloid_shot(state, seat, iid, targets):
    kit.remove_time_runes(state, iid, 1)
    if kit.standing(state, targets[0]):
        kit.damage_target(state, targets[0], 1, by=kit.name(state, iid))


kit.card(
    "tricycloid",
    arrives=_tricycloid_arrives,
    aura=_tricycloid_aura,
    abilities=[
        kit.ability(
            "remove a time rune: 1 damage to a unit, hero or building.",
            _tricycloid_shot,
            targets=[kit.slot(kit.ANYTHING)],
            available=lambda s, i: kit.card_of(s, i)["time"] > 0,
        )
    ],
)


# ---- Octavian ------------------------------------------------------------------------------------

OCTAVIAN_MOST = 8
OCTAVIAN_SLOT = kit.slot(kit.CHARACTER)


def _octavian(state, seat, iid, targets):
    """Octavian readies, then up to eight units and/or heroes are disabled,
    chosen one at a time (◎ each)."""
    kit.card_of(state, iid)["exhausted"] = False
    kit.log(state, f"{kit.name(state, iid)} is ready.", cards=[iid])
    _OCTAVIAN_DISABLES.ask(state, seat)


# Each pick is disabled as it is chosen: nothing is left to do at the end.
_OCTAVIAN_DISABLES = kit.UpTo(
    "octavian_disable", OCTAVIAN_SLOT, OCTAVIAN_MOST, "Octavian: choose a unit or hero to disable", pick=kit.Disable()
)


kit.card(
    "octavian",
    abilities=[
        kit.ability("Octavian readies; disable up to eight units and/or heroes.", _octavian, gold=8, exhaust=True)
    ],
)


# ---- Max Geiger ----------------------------------------------------------------------------------


# Max Geiger: discard a card, then draw one.
_geiger_cycle = kit.Choose(
    "geiger_cycle",
    [kit.Discard(), kit.Draw(1)],
    options=lambda state, seat, iid: list(kit.player(state, seat)["hand"]),
    prompt="Max Geiger: choose a card to discard.",
    with_seat=True,
)


GEIGER_SLOT = kit.slot("unit", kit.friendly)


def _geiger_max(state, iid):
    """On reaching max level: you may trash a friendly unit (◎), then it
    returns to play, fresh, under whoever controlled it (rulings)."""
    seat = _controller(state, iid)
    kit.ask_target(
        state,
        seat,
        GEIGER_SLOT,
        "Max Geiger: you may trash a friendly unit and return it.",
        {"op": "geiger_return"},
        optional=True,
    )


def trash_and_return(state: dict, tid: str) -> str:
    """Trash in-play unit ``tid``, then return it to play under the player
    who controlled it: a fresh card that arrives (Max Geiger ruling; a
    Tricycloid gets new time runes: ruling). A token ceases to exist and
    returns nothing; a unit that can't leave play stays (effects.trash).
    Returns the id it came back with, or ""."""
    if not kit.thing_exists(state, tid) or kit.card_of(state, tid)["zone"] != "play":
        return ""
    seat = _controller(state, tid)
    kit.card_of(state, tid)["marks"]["follow"] = True  # state.move leaves its new id in "followed"
    kit.trash(state, tid)
    if tid in state["cards"]:  # it didn't leave (Gilded Glaxx)
        kit.card_of(state, tid)["marks"].pop("follow", None)
    new = state.get("followed", {}).pop(tid, "")
    if not state.get("followed"):
        state.pop("followed", None)
    if not new or new not in state["cards"] or kit.card_of(state, new)["zone"] != "trash":
        return ""
    kit.log(
        state,
        f"{kit.name(state, new)} returned to play under {kit.seat_name(state, seat)}.",
        cards=[new],
        shown_to=kit.EVERYONE,
    )
    return kit.enter_play(state, new, seat)


kit.each("geiger_return", kit.Call(lambda state, seat, tid: trash_and_return(state, tid)))


kit.card(
    "max_geiger",
    max_level=_geiger_max,
    abilities=kit.by_band(
        mid=[
            kit.ability(
                "discard a card: draw a card.",
                _geiger_cycle,
                exhaust=True,
                available=lambda s, i: bool(kit.player(s, _controller(s, i))["hand"]),
            )
        ]
    ),
)
