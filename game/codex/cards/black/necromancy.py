"""Necromancy (Garth Torken): Nether Drain, Lich's Bargain, Doom Grasp,
Death Rites, Hooded Executioner, Bone Collector, Blackhand Resurrector,
Skeletal Lord, Corpse Catapult, Wight, Necromancer, Lord of Shadows, and
the hero Garth Torken."""

from ..kit import (
    A_BUILDING,
    CHARACTER,
    Call,
    Choose,
    Damage,
    Exhaust,
    MakeTokens,
    PutIntoPlay,
    ability,
    add_named_rune,
    ask,
    ask_later,
    at_end_of_turn,
    attacking,
    base_id,
    by_band,
    card,
    card_of,
    catalog,
    damage_building,
    destroy,
    draw,
    each,
    enter_play,
    gain_levels,
    hero_limit,
    log,
    lose_levels,
    make_token,
    maps,
    name,
    once_per_turn,
    op,
    opponents,
    player,
    push,
    rune_count,
    sacrifice,
    seat_name,
    slot,
    stats,
    tech_problem,
    thing_exists,
    trash_worker,
    use_once,
    yours,
)
from .common import ask_destroy_lowest, is_skeleton, on_own_turn, sacrificeable_units, units_of

NONE = (0, 0, {})


def _controller(state, iid):
    return card_of(state, iid)["controller"]


# ---- Nether Drain -------------------------------------------------------------------


def _is_hero(state, seat, tid):
    return stats.is_hero(state, tid)


def _nether_drain(state, seat, iid, targets):
    """The first hero loses two levels and can't gain levels this turn; the
    second gains two (within 1 and its max; either may be anyone's: ruling)."""
    drained, fed = targets
    if thing_exists(state, drained):
        lose_levels(state, drained, 2)
        card_of(state, drained)["marks"]["no_levels_turn"] = state["turn"]
    if thing_exists(state, fed) and fed != drained:
        gain_levels(state, fed, 2)


card(
    "nether_drain",
    targets=[
        slot("hero", prompt="Choose the hero that loses two levels."),
        slot("hero", prompt="Choose another hero to gain two levels."),
    ],
    resolve=_nether_drain,
)


# ---- Lich's Bargain -------------------------------------------------------------------


def _lichs_bargain(state, seat, iid, targets):
    """Sacrifice a worker (a starting one just lowers the count: ruling),
    your base takes 4, then a Skeleton, a Zombie and a Horror token."""
    trash_worker(state, seat)
    damage_building(state, base_id(state, seat), 4, by=name(state, iid))
    for token in ("skeleton", "zombie", "horror"):
        make_token(state, token, seat)


card("lich_s_bargain", resolve=_lichs_bargain)


# ---- Doom Grasp -------------------------------------------------------------------------


def _low_tech_or_hero(state, seat, tid):
    return stats.is_hero(state, tid) or (stats.tech_level(state, tid) or 0) <= 2


def _doom_grasp(state, seat, iid, targets):
    """Sacrifice a unit of yours (one that can be sacrificed); if you do,
    destroy the target (Doom Grasp rulings: a Soul Stone or two lives
    saving it still counts)."""
    ask(
        state,
        seat,
        "Doom Grasp: choose a unit of yours to sacrifice.",
        sacrificeable_units(state, seat),
        {"op": "doom_grasp", "target": targets[0]},
    )


@op("doom_grasp")
def _doom_grasp_step(state, step):
    if step["choice"] and sacrifice(state, step["choice"][0]):
        destroy(state, step["target"])


card("doom_grasp", targets=[slot(CHARACTER, _low_tech_or_hero)], resolve=_doom_grasp)


# ---- Death Rites ----------------------------------------------------------------------------


def _death_rites(state, seat, iid, targets):
    """This turn, whenever one of your units dies, you destroy one of an
    opponent's lowest tech units."""
    state.setdefault("turn_watchers", []).append({"card": "death_rites", "seat": seat, "turn": state["turn"]})
    at_end_of_turn(state, {"op": "death_rites_end", "turn": state["turn"]})


def _death_rites_hears(state, watch, dead):
    if watch["turn"] != state["turn"] or card_of(state, dead)["controller"] != watch["seat"]:
        return
    push(state, {"op": "death_rites", "seat": watch["seat"]})


# A unit of yours died: choose an opponent with units; you destroy one of
# its lowest tech units.
ask_later(
    "death_rites",
    Choose(
        "death_rites_victim",
        Call(lambda state, seat, victim: ask_destroy_lowest(state, seat, victim, "Death Rites")),
        options=lambda state, seat, iid: [o for o in opponents(state, seat) if units_of(state, o)],
        prompt="Death Rites: choose an opponent.",
        with_seat=True,
    ),
)


@op("death_rites_end")
def _death_rites_end(state, step):
    state["turn_watchers"] = [w for w in state.get("turn_watchers", []) if w["turn"] != step["turn"]]
    if not state["turn_watchers"]:
        state.pop("turn_watchers")


card("death_rites", resolve=_death_rites, unit_dies=_death_rites_hears)


# ---- Hooded Executioner ------------------------------------------------------------------------


def _executioner(state, iid):
    """Its boost (as it arrives, or as it is played into a Jail: Boost
    ruling): each opponent's weakest unit is destroyed (the Executioner's
    controller breaks ties; indestructible ones are skipped: ruling)."""
    seat = card_of(state, iid)["controller"]
    for victim in reversed(opponents(state, seat)):  # asked in seat order
        push(state, {"op": "executioner", "seat": seat, "victim": victim})


@op("executioner")
def _executioner_step(state, step):
    ask_destroy_lowest(state, step["seat"], step["victim"], "Hooded Executioner", weakest_only=True)


card("hooded_executioner", boost_paid=_executioner)

# ---- Bone Collector ---------------------------------------------------------------------------------

card("bone_collector", attacks=MakeTokens("skeleton"))


# ---- Blackhand Resurrector ------------------------------------------------------------------------


def _dead_heroes(state, seat):
    """Heroes in ``seat``'s command zone that died earlier this game (their
    cooldown record; still on cooldown is fine: ruling)."""
    p = player(state, seat)
    return [
        h
        for h in p["command"]
        if state["cards"][h]["card"] in p["hero_ready_after"]
        and not maps.hero_gone(state, seat, state["cards"][h]["card"])
    ]  # Burial Grounds


def _room_for_hero(state, seat):
    return sum(1 for i in player(state, seat)["play"] if stats.is_hero(state, i)) < hero_limit(state, seat)


def _resurrect(state, seat, iid, targets):
    """Exhaust and sacrifice it: a hero of your command zone that died this
    game arrives at max level (its max-level trigger runs: ruling)."""
    options = _dead_heroes(state, seat) if _room_for_hero(state, seat) else []
    ask(state, seat, "Blackhand Resurrector: choose a hero to bring back.", options, {"op": "resurrect", "seat": seat})


def _bring_back(state, seat, hero):
    if hero not in player(state, seat)["command"]:
        return
    log(state, f"{seat_name(state, seat)} brought {name(state, hero)} back.", cards=[hero])
    hero = enter_play(state, hero, seat)
    gain_levels(state, hero, catalog.card(card_of(state, hero)["card"])["max_level"])


each("resurrect", Call(_bring_back))


card(
    "blackhand_resurrector",
    abilities=[
        ability(
            "bring back a hero of your command zone that died, at max level.",
            _resurrect,
            exhaust=True,
            sacrifice=True,
            available=lambda s, i: bool(_dead_heroes(s, _controller(s, i))) and _room_for_hero(s, _controller(s, i)),
        )
    ],
)


# ---- Skeletal Lord -----------------------------------------------------------------------------------


def _skeletal_lord_aura(state, src, iid):
    """Your Skeletons get +1/+1."""
    return (1, 1, {}) if is_skeleton(state, iid) else NONE


def _ready_skeletons(state, seat):
    # Arrival fatigue doesn't stop them (Skeletal Lord ruling).
    return [i for i in units_of(state, seat) if is_skeleton(state, i) and not card_of(state, i)["exhausted"]]


def _hand_units(state, seat):
    return [i for i in player(state, seat)["hand"] if catalog.card(state["cards"][i]["card"])["kind"] == "unit"]


def _lord_available(state, iid):
    seat = _controller(state, iid)
    return len(_ready_skeletons(state, seat)) >= 5 and bool(_hand_units(state, seat))


# Exhaust five of your Skeletons: put a unit from your hand into play (no
# gold, no tech building, tech III too: ruling).
_skeletal_lord_use = Choose(
    "skeletal_lord",
    Exhaust(),
    options=lambda state, seat, iid: _ready_skeletons(state, seat),
    prompt="Skeletal Lord: choose five Skeletons to exhaust.",
    count=5,
    with_seat=True,
    alive=True,
    after=Choose(
        "skeletal_lord_put",
        PutIntoPlay(),
        options=lambda state, seat, iid: _hand_units(state, seat),
        prompt="Skeletal Lord: choose a unit of your hand to put into play.",
        with_seat=True,
    ),
)


card(
    "skeletal_lord",
    aura=_skeletal_lord_aura,
    abilities=[
        ability(
            "exhaust five of your Skeletons: put a unit from your hand into play.",
            _skeletal_lord_use,
            available=_lord_available,
        )
    ],
)


# ---- Corpse Catapult -------------------------------------------------------------------------------------


def _corpse_rune(state, src, dead):
    """Whenever one of your units dies: a corpse rune."""
    if dead != src and card_of(state, dead)["controller"] == _controller(state, src):
        add_named_rune(state, src, "corpse")


def _catapult_fire(state, seat, iid, targets):
    card_of(state, iid)["marks"]["runes"]["corpse"] -= 2
    Damage(6).resolve(state, seat, iid, targets)


card(
    "corpse_catapult",
    unit_dies=_corpse_rune,
    abilities=[
        ability(
            "remove two corpse runes: 6 damage to a building.",
            _catapult_fire,
            targets=[A_BUILDING],
            exhaust=True,
            available=lambda s, i: rune_count(s, i, "corpse") >= 2,
        )
    ],
)


# ---- Wight ----------------------------------------------------------------------------------------------


def _wight_aura(state, src, iid):
    """Deathtouch while attacking a hero."""
    if iid != src:
        return NONE
    target = attacking(state, iid)
    if (
        target is not None
        and not target.startswith(("bld:", "base:"))
        and thing_exists(state, target)
        and stats.is_hero(state, target)
    ):
        return (0, 0, {"deathtouch": 1})
    return NONE


def _wight_unstoppable(state, iid, target):
    """Unstoppable when attacking heroes."""
    return not target.startswith(("bld:", "base:")) and thing_exists(state, target) and stats.is_hero(state, target)


card("wight", aura=_wight_aura, unstoppable_toward=_wight_unstoppable)


# ---- Necromancer ---------------------------------------------------------------------------------------


def _necromancer_hears(state, src, dead):
    """Whenever another non-token unit of yours dies: a Skeleton token."""
    inst = card_of(state, dead)
    if dead != src and inst["controller"] == _controller(state, src) and not catalog.card(inst["card"]).get("token"):
        make_token(state, "skeleton", _controller(state, src))


card("necromancer", unit_dies=_necromancer_hears)


# ---- Lord of Shadows ---------------------------------------------------------------------------------


def _shadows(state, src, iid):
    """Your black units (himself too: ruling) are invisible."""
    if stats.is_unit(state, iid) and catalog.card(card_of(state, iid)["card"])["color"] == "black":
        return (0, 0, {"invisible": 1})
    return NONE


card("lord_of_shadows", aura=_shadows)


# ---- Garth Torken -------------------------------------------------------------------------------------


def _garth_skeleton(state, seat, iid, targets):
    """Pay 1: a Skeleton token; once per turn."""
    use_once(state, iid, "garth_turn")
    make_token(state, "skeleton", seat)


def _own_skeleton(state, seat, tid):
    return yours(state, seat, tid) and is_skeleton(state, tid) and tid in sacrificeable_units(state, seat)


def _garth_draw(state, seat, iid, targets):
    """Sacrifice a Skeleton: draw a card."""
    if sacrifice(state, targets[0]):
        draw(state, seat, 1, in_main=state["phase"] == "main")


def _garth_max(state, iid):
    """Max level: you may put a tech I or II unit costing 5 or less from your
    discard pile into play, if you have its tech building (Garth Torken
    rulings: free; the spec's Tech II for a tech II unit). Reached on
    another team's turn, the choice fizzles (Nether Drain ruling)."""
    seat = _controller(state, iid)
    if not on_own_turn(state, seat):
        return
    options = []
    for c in player(state, seat)["discard"]:
        rec = catalog.card(state["cards"][c]["card"])
        if (
            rec["kind"] == "unit"
            and rec["tech"] in (1, 2)
            and (rec["cost"] or 0) <= 5
            and not tech_problem(state, seat, rec)
        ):
            options.append(c)
    ask(
        state,
        seat,
        "Garth Torken: you may put a unit from your discard pile into play.",
        options,
        {"op": _GARTH_RAISE, "seat": seat},
        optional=True,
    )


_GARTH_RAISE = each("garth_raise", PutIntoPlay("discard", " from their discard pile"))


card(
    "garth_torken",
    max_level=_garth_max,
    abilities=by_band(
        base=[
            ability(
                "get a 1/1 Skeleton token (once per turn).",
                _garth_skeleton,
                gold=1,
                available=once_per_turn("garth_turn"),
            )
        ],
        mid=[
            ability(
                "sacrifice a Skeleton: draw a card.",
                _garth_draw,
                targets=[slot("unit", _own_skeleton, icon=False, prompt="Choose a Skeleton to sacrifice.")],
            )
        ],
    ),
)
