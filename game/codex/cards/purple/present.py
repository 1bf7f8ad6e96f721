"""Present (Max Geiger): Temporal Distortion, Now!, Ready or Not, Research &
Development, Argonaut, Sentry, Chronofixer, Hyperion, Warp Gate Disciple,
Immortal, Tricycloid, Octavian, and the hero Max Geiger.

Argonaut (readiness) and Immortal (indestructible) are keywords only: the
engine plays them (catalog.works). Fine points follow the official rulings
("Purple", "Heroes") and docs/RULINGS.md "Purple: Present and Future"."""

from ..kit import (
    ANYTHING,
    CHARACTER,
    EVERYONE,
    Call,
    Choose,
    Disable,
    Discard,
    Draw,
    FromCodex,
    ThisTurn,
    UpTo,
    ability,
    ask,
    ask_target,
    by_band,
    card,
    card_of,
    catalog,
    damage_target,
    each,
    enter_play,
    friendly,
    is_opponent,
    is_patrolling,
    log,
    name,
    player,
    remove_time_runes,
    return_to_hand,
    seat_name,
    slot,
    stats,
    thing_exists,
    trash,
    yours,
)

NONE = (0, 0, {})


def _controller(state, iid):
    return card_of(state, iid)["controller"]


def _tech_one_or_two(state, seat, tid):
    return stats.tech_level(state, tid) in (1, 2)


def codex_units(state: dict, seat: int, fits) -> list:
    """The unit card ids in ``seat``'s codex for which ``fits(record)`` is
    true, in codex order (what "put a unit from your codex into play"
    offers: Temporal Distortion, Warp Gate Disciple)."""
    return [
        cid
        for cid, n in player(state, seat)["codex"].items()
        if n > 0 and catalog.card(cid)["kind"] == "unit" and fits(catalog.card(cid))
    ]


# Put the chosen codex unit into play: no gold, no tech building (Warp Gate
# Disciple ruling).
each("purple_from_codex", FromCodex())


# ---- Temporal Distortion ---------------------------------------------------------


def _temporal_distortion(state, seat, iid, targets):
    """Return the unit to its owner's hand; only if it left play (a Gilded
    Glaxx that can't leave doesn't: ruling; a token copying a tech I or II
    unit vanishes, which counts: ruling), offer a unit of the same tech
    level and the same cost or less from the codex, tech ignored."""
    tid = targets[0]
    if not thing_exists(state, tid):
        return
    level = stats.tech_level(state, tid)
    cost = catalog.card(card_of(state, tid)["card"])["cost"] or 0
    return_to_hand(state, tid)
    if tid in state["cards"] and state["cards"][tid]["zone"] == "play":
        return
    options = codex_units(state, seat, lambda rec: rec["tech"] == level and (rec["cost"] or 0) <= cost)
    ask(
        state,
        seat,
        "Temporal Distortion: you may put a unit from your codex into play.",
        options,
        {"op": "purple_from_codex", "seat": seat},
        optional=True,
    )


card(
    "temporal_distortion",
    targets=[slot("unit", yours, _tech_one_or_two, icon=False, prompt="Choose a tech I or II unit of yours.")],
    resolve=_temporal_distortion,
)

# ---- Now! ---------------------------------------------------------------------------

card("now", targets=[slot(CHARACTER)], resolve=ThisTurn(kw={"haste": 1}, say="{name} has haste this turn."))


# ---- Ready or Not ---------------------------------------------------------------------


def _ready_or_not(state, seat, iid, targets):
    """Ready the unit (it may attack again, not with readiness: rulings),
    then every opposing exhausted unit skips its next ready step."""
    tid = targets[0]
    if thing_exists(state, tid):
        card_of(state, tid)["exhausted"] = False
        log(state, f"{name(state, tid)} is ready.", cards=[tid])
    for p in state["players"]:
        if not is_opponent(state, seat, p["seat"]):
            continue
        for unit in p["play"]:
            inst = card_of(state, unit)
            if stats.is_unit(state, unit) and inst["exhausted"] and not inst["marks"].get("disabled"):
                inst["marks"]["disabled"] = True
                log(state, f"{name(state, unit)} won't ready during its next ready step.", cards=[unit])


card("ready_or_not", targets=[slot("unit", yours, prompt="Choose a unit of yours to ready.")], resolve=_ready_or_not)

# ---- Research & Development --------------------------------------------------------------

# Draws five; the once-a-main-phase reshuffle (house rule R9) limits it, and
# the spell is discarded only after (ruling): effects.draw.
card("research_development", resolve=Draw(5))


# ---- Sentry -------------------------------------------------------------------------------


def _sentry_prevents(state, src, iid, taken):
    """The first damage each turn that a spell or ability would deal to a
    patroller of Sentry's controller is prevented (sparkshot and the Tower
    count as abilities: ruling). Several hit at once: the first one dealt
    (docs/RULINGS.md)."""
    inst = card_of(state, src)
    if (
        inst["marks"].get("sentry_turn") == state["turn"]
        or _controller(state, iid) != inst["controller"]
        or not is_patrolling(state, iid)
    ):
        return taken
    inst["marks"]["sentry_turn"] = state["turn"]
    log(state, f"{name(state, src)} prevented the damage to {name(state, iid)}.", cards=[src, iid])
    return 0


card("sentry", modifies={"effect_damage_taken": _sentry_prevents})


# ---- Chronofixer ------------------------------------------------------------------------------


def _chronofixer_forbids(state, src, hero):
    """Opposing heroes gain no levels by any means (ruling: kills, Training
    Grounds, Blackhand Resurrector brings them back at level 1)."""
    return is_opponent(state, _controller(state, src), _controller(state, hero))


card("chronofixer", restricts={"level": _chronofixer_forbids})

# ---- Hyperion ---------------------------------------------------------------------------------

card("hyperion", attacks=Draw(1))


# ---- Warp Gate Disciple --------------------------------------------------------------------------


def _warp_gate(state, seat, iid, targets):
    """A tech I or II unit of the codex into play, free, tech ignored
    (ruling: even without any tech building)."""
    ask(
        state,
        seat,
        "Warp Gate Disciple: choose a unit from your codex to put into play.",
        codex_units(state, seat, lambda rec: rec["tech"] in (1, 2)),
        {"op": "purple_from_codex", "seat": seat},
    )


card(
    "warp_gate_disciple",
    abilities=[
        ability(
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
    card_of(state, iid)["time"] += 3
    log(state, f"{name(state, iid)} got 3 time runes.", cards=[iid])


def _tricycloid_aura(state, src, iid):
    """+1/+1 for each time rune on itself."""
    if src != iid:
        return NONE
    runes = card_of(state, iid)["time"]
    return (runes, runes, {})


def _tricycloid_shot(state, seat, iid, targets):
    remove_time_runes(state, iid, 1)
    if thing_exists(state, targets[0]):
        damage_target(state, targets[0], 1, by=name(state, iid))


card(
    "tricycloid",
    arrives=_tricycloid_arrives,
    aura=_tricycloid_aura,
    abilities=[
        ability(
            "remove a time rune: 1 damage to a unit, hero or building.",
            _tricycloid_shot,
            targets=[slot(ANYTHING)],
            available=lambda s, i: card_of(s, i)["time"] > 0,
        )
    ],
)


# ---- Octavian ------------------------------------------------------------------------------------

OCTAVIAN_MOST = 8
OCTAVIAN_SLOT = slot(CHARACTER)


def _octavian(state, seat, iid, targets):
    """Octavian readies, then up to eight units and/or heroes are disabled,
    chosen one at a time (◎ each)."""
    card_of(state, iid)["exhausted"] = False
    log(state, f"{name(state, iid)} is ready.", cards=[iid])
    _OCTAVIAN_DISABLES.ask(state, seat)


# Each pick is disabled as it is chosen: nothing is left to do at the end.
_OCTAVIAN_DISABLES = UpTo(
    "octavian_disable", OCTAVIAN_SLOT, OCTAVIAN_MOST, "Octavian: choose a unit or hero to disable", pick=Disable()
)


card(
    "octavian",
    abilities=[ability("Octavian readies; disable up to eight units and/or heroes.", _octavian, gold=8, exhaust=True)],
)


# ---- Max Geiger ----------------------------------------------------------------------------------


# Max Geiger: discard a card, then draw one.
_geiger_cycle = Choose(
    "geiger_cycle",
    [Discard(), Draw(1)],
    options=lambda state, seat, iid: list(player(state, seat)["hand"]),
    prompt="Max Geiger: choose a card to discard.",
    with_seat=True,
)


GEIGER_SLOT = slot("unit", friendly)


def _geiger_max(state, iid):
    """On reaching max level: you may trash a friendly unit (◎), then it
    returns to play, fresh, under whoever controlled it (rulings)."""
    seat = _controller(state, iid)
    ask_target(
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
    if not thing_exists(state, tid) or card_of(state, tid)["zone"] != "play":
        return ""
    seat = _controller(state, tid)
    card_of(state, tid)["marks"]["follow"] = True  # state.move leaves its new id in "followed"
    trash(state, tid)
    if tid in state["cards"]:  # it didn't leave (Gilded Glaxx)
        card_of(state, tid)["marks"].pop("follow", None)
    new = state.get("followed", {}).pop(tid, "")
    if not state.get("followed"):
        state.pop("followed", None)
    if not new or new not in state["cards"] or card_of(state, new)["zone"] != "trash":
        return ""
    log(state, f"{name(state, new)} returned to play under {seat_name(state, seat)}.", cards=[new], shown_to=EVERYONE)
    return enter_play(state, new, seat)


each("geiger_return", Call(lambda state, seat, tid: trash_and_return(state, tid)))


card(
    "max_geiger",
    max_level=_geiger_max,
    abilities=by_band(
        mid=[
            ability(
                "discard a card: draw a card.",
                _geiger_cycle,
                exhaust=True,
                available=lambda s, i: bool(player(s, _controller(s, i))["hand"]),
            )
        ]
    ),
)
