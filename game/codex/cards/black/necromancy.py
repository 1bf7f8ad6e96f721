"""Necromancy (Garth Torken): Nether Drain, Lich's Bargain, Doom Grasp,
Death Rites, Hooded Executioner, Bone Collector, Blackhand Resurrector,
Skeletal Lord, Corpse Catapult, Wight, Necromancer, Lord of Shadows, and
the hero Garth Torken."""

from .. import kit
from .common import ask_destroy_lowest, is_skeleton, on_own_turn, sacrificeable_units, units_of

NONE = (0, 0, {})


def _controller(state, iid):
    return kit.card_of(state, iid)["controller"]


# ---- Nether Drain -------------------------------------------------------------------


def _is_hero(state, seat, tid):
    return kit.stats.is_hero(state, tid)


def _nether_drain(state, seat, iid, targets):
    """The first hero loses two levels and can't gain levels this turn; the
    second gains two (within 1 and its max; either may be anyone's: ruling)."""
    drained, fed = targets
    if kit.standing(state, drained):
        kit.lose_levels(state, drained, 2)
        kit.card_of(state, drained)["marks"]["no_levels_turn"] = state["turn"]
    if kit.standing(state, fed) and fed != drained:
        kit.gain_levels(state, fed, 2)


kit.card(
    "nether_drain",
    targets=[
        kit.slot("hero", prompt="Choose the hero that loses two levels."),
        kit.slot("hero", prompt="Choose another hero to gain two levels."),
    ],
    resolve=_nether_drain,
)


# ---- Lich's Bargain -------------------------------------------------------------------


def _lichs_bargain(state, seat, iid, targets):
    """Sacrifice a worker (a starting one just lowers the count: ruling),
    your base takes 4, then a Skeleton, a Zombie and a Horror token."""
    kit.trash_worker(state, seat)
    kit.damage_building(state, kit.base_id(state, seat), 4, by=kit.name(state, iid))
    for token in ("skeleton", "zombie", "horror"):
        kit.make_token(state, token, seat)


kit.card("lich_s_bargain", resolve=_lichs_bargain)


# ---- Doom Grasp -------------------------------------------------------------------------


def _low_tech_or_hero(state, seat, tid):
    return kit.stats.is_hero(state, tid) or (kit.stats.tech_level(state, tid) or 0) <= 2


def _doom_grasp(state, seat, iid, targets):
    """Sacrifice a unit of yours (one that can be sacrificed); if you do,
    destroy the target (Doom Grasp rulings: a Soul Stone or two lives
    saving it still counts)."""
    kit.ask(
        state,
        seat,
        "Doom Grasp: choose a unit of yours to sacrifice.",
        sacrificeable_units(state, seat),
        {"op": "doom_grasp", "target": targets[0]},
    )


@kit.op("doom_grasp")
def _doom_grasp_step(state, step):
    if step["choice"] and kit.sacrifice(state, step["choice"][0]):
        kit.destroy(state, step["target"])


kit.card("doom_grasp", targets=[kit.slot(kit.CHARACTER, _low_tech_or_hero)], resolve=_doom_grasp)


# ---- Death Rites ----------------------------------------------------------------------------


def _death_rites(state, seat, iid, targets):
    """This turn, whenever one of your units dies, you destroy one of an
    opponent's lowest tech units."""
    state.setdefault("turn_watchers", []).append({"card": "death_rites", "seat": seat, "turn": state["turn"]})
    kit.at_end_of_turn(state, {"op": "death_rites_end", "turn": state["turn"]})


def _death_rites_hears(state, watch, dead):
    if watch["turn"] != state["turn"] or kit.card_of(state, dead)["controller"] != watch["seat"]:
        return
    kit.push(state, {"op": "death_rites", "seat": watch["seat"]})


# A unit of yours died: choose an opponent with units; you destroy one of
# its lowest tech units.
kit.ask_later(
    "death_rites",
    kit.Choose(
        "death_rites_victim",
        kit.Call(lambda state, seat, victim: ask_destroy_lowest(state, seat, victim, "Death Rites")),
        options=lambda state, seat, iid: [o for o in kit.opponents(state, seat) if units_of(state, o)],
        prompt="Death Rites: choose an opponent.",
        with_seat=True,
    ),
)


@kit.op("death_rites_end")
def _death_rites_end(state, step):
    state["turn_watchers"] = [w for w in state.get("turn_watchers", []) if w["turn"] != step["turn"]]
    if not state["turn_watchers"]:
        state.pop("turn_watchers")


kit.card("death_rites", resolve=_death_rites, unit_dies=_death_rites_hears)


# ---- Hooded Executioner ------------------------------------------------------------------------


def _executioner(state, iid):
    """Its boost (as it arrives, or as it is played into a Jail: Boost
    ruling): each opponent's weakest unit is destroyed (the Executioner's
    controller breaks ties; indestructible ones are skipped: ruling)."""
    seat = kit.card_of(state, iid)["controller"]
    for victim in reversed(kit.opponents(state, seat)):  # asked in seat order
        kit.push(state, {"op": "executioner", "seat": seat, "victim": victim})


def _execute(state, seat, victim):
    ask_destroy_lowest(state, seat, victim, "Hooded Executioner", weakest_only=True)


# One opponent's turn to lose its weakest unit (pushed in seat order).
kit.on_card("executioner", kit.Call(_execute), on="victim")


kit.card("hooded_executioner", boost_paid=_executioner)

# ---- Bone Collector ---------------------------------------------------------------------------------

kit.card("bone_collector", attacks=kit.MakeTokens("skeleton"))


# ---- Blackhand Resurrector ------------------------------------------------------------------------


def _dead_heroes(state, seat):
    """Heroes in ``seat``'s command zone that died earlier this game (their
    cooldown record; still on cooldown is fine: ruling)."""
    p = kit.player(state, seat)
    return [
        h
        for h in p["command"]
        if state["cards"][h]["card"] in p["hero_ready_after"]
        and not kit.barred_for_good(state, seat, state["cards"][h]["card"])
    ]  # Burial Grounds


def _room_for_hero(state, seat):
    return sum(1 for i in kit.player(state, seat)["play"] if kit.stats.is_hero(state, i)) < kit.hero_limit(state, seat)


def _resurrect(state, seat, iid, targets):
    """Exhaust and sacrifice it: a hero of your command zone that died this
    game arrives at max level (its max-level trigger runs: ruling)."""
    options = _dead_heroes(state, seat) if _room_for_hero(state, seat) else []
    kit.ask(
        state, seat, "Blackhand Resurrector: choose a hero to bring back.", options, {"op": "resurrect", "seat": seat}
    )


def _bring_back(state, seat, hero):
    if hero not in kit.player(state, seat)["command"]:
        return
    kit.log(state, f"{kit.seat_name(state, seat)} brought {kit.name(state, hero)} back.", cards=[hero])
    hero = kit.enter_play(state, hero, seat)
    kit.gain_levels(state, hero, kit.catalog.card(kit.card_of(state, hero)["card"])["max_level"])


kit.each("resurrect", kit.Call(_bring_back))


kit.card(
    "blackhand_resurrector",
    abilities=[
        kit.ability(
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
    return [i for i in units_of(state, seat) if is_skeleton(state, i) and not kit.card_of(state, i)["exhausted"]]


def _hand_units(state, seat):
    return [i for i in kit.player(state, seat)["hand"] if kit.catalog.card(state["cards"][i]["card"])["kind"] == "unit"]


def _lord_available(state, iid):
    seat = _controller(state, iid)
    return len(_ready_skeletons(state, seat)) >= 5 and bool(_hand_units(state, seat))


# Exhaust five of your Skeletons: put a unit from your hand into play (no
# gold, no tech building, tech III too: ruling).
_skeletal_lord_use = kit.Choose(
    "skeletal_lord",
    kit.Exhaust(),
    options=lambda state, seat, iid: _ready_skeletons(state, seat),
    prompt="Skeletal Lord: choose five Skeletons to exhaust.",
    count=5,
    with_seat=True,
    alive=True,
    after=kit.Choose(
        "skeletal_lord_put",
        kit.PutIntoPlay(),
        options=lambda state, seat, iid: _hand_units(state, seat),
        prompt="Skeletal Lord: choose a unit of your hand to put into play.",
        with_seat=True,
    ),
)


kit.card(
    "skeletal_lord",
    aura=_skeletal_lord_aura,
    abilities=[
        kit.ability(
            "exhaust five of your Skeletons: put a unit from your hand into play.",
            _skeletal_lord_use,
            available=_lord_available,
        )
    ],
)


# ---- Corpse Catapult -------------------------------------------------------------------------------------


def _corpse_rune(state, src, dead):
    """Whenever one of your units dies: a corpse rune."""
    if dead != src and kit.card_of(state, dead)["controller"] == _controller(state, src):
        kit.add_named_rune(state, src, "corpse")


def _catapult_fire(state, seat, iid, targets):
    kit.card_of(state, iid)["marks"]["runes"]["corpse"] -= 2
    kit.Damage(6).resolve(state, seat, iid, targets)


kit.card(
    "corpse_catapult",
    unit_dies=_corpse_rune,
    abilities=[
        kit.ability(
            "remove two corpse runes: 6 damage to a building.",
            _catapult_fire,
            targets=[kit.A_BUILDING],
            exhaust=True,
            available=lambda s, i: kit.rune_count(s, i, "corpse") >= 2,
        )
    ],
)


# ---- Wight ----------------------------------------------------------------------------------------------


def _wight_aura(state, src, iid):
    """Deathtouch while attacking a hero."""
    if iid != src:
        return NONE
    target = kit.attacking(state, iid)
    if (
        target is not None
        and not target.startswith(("bld:", "base:"))
        and kit.thing_exists(state, target)
        and kit.stats.is_hero(state, target)
    ):
        return (0, 0, {"deathtouch": 1})
    return NONE


def _wight_unstoppable(state, iid, target):
    """Unstoppable when attacking heroes."""
    return (
        not target.startswith(("bld:", "base:"))
        and kit.thing_exists(state, target)
        and kit.stats.is_hero(state, target)
    )


kit.card("wight", aura=_wight_aura, unstoppable_toward=_wight_unstoppable)


# ---- Necromancer ---------------------------------------------------------------------------------------


def _necromancer_hears(state, src, dead):
    """Whenever another non-token unit of yours dies: a Skeleton token."""
    inst = kit.card_of(state, dead)
    if (
        dead != src
        and inst["controller"] == _controller(state, src)
        and not kit.catalog.card(inst["card"]).get("token")
    ):
        kit.make_token(state, "skeleton", _controller(state, src))


kit.card("necromancer", unit_dies=_necromancer_hears)


# ---- Lord of Shadows ---------------------------------------------------------------------------------


def _shadows(state, src, iid):
    """Your black units (himself too: ruling) are invisible."""
    if kit.stats.is_unit(state, iid) and kit.catalog.card(kit.card_of(state, iid)["card"])["color"] == "black":
        return (0, 0, {"invisible": 1})
    return NONE


kit.card("lord_of_shadows", aura=_shadows)


# ---- Garth Torken -------------------------------------------------------------------------------------


def _garth_skeleton(state, seat, iid, targets):
    """Pay 1: a Skeleton token; once per turn."""
    kit.use_once(state, iid, "garth_turn")
    kit.make_token(state, "skeleton", seat)


def _own_skeleton(state, seat, tid):
    return kit.yours(state, seat, tid) and is_skeleton(state, tid) and tid in sacrificeable_units(state, seat)


def _garth_draw(state, seat, iid, targets):
    """Sacrifice a Skeleton: draw a card."""
    if kit.sacrifice(state, targets[0]):
        kit.draw(state, seat, 1, in_main=state["phase"] == "main")


def _garth_max(state, iid):
    """Max level: you may put a tech I or II unit costing 5 or less from your
    discard pile into play, if you have its tech building (Garth Torken
    rulings: free; the spec's Tech II for a tech II unit). Reached on
    another team's turn, the choice fizzles (Nether Drain ruling)."""
    seat = _controller(state, iid)
    if not on_own_turn(state, seat):
        return
    options = []
    for c in kit.player(state, seat)["discard"]:
        rec = kit.catalog.card(state["cards"][c]["card"])
        if (
            rec["kind"] == "unit"
            and rec["tech"] in (1, 2)
            and (rec["cost"] or 0) <= 5
            and not kit.tech_problem(state, seat, rec)
        ):
            options.append(c)
    kit.ask(
        state,
        seat,
        "Garth Torken: you may put a unit from your discard pile into play.",
        options,
        {"op": _GARTH_RAISE, "seat": seat},
        optional=True,
    )


_GARTH_RAISE = kit.each("garth_raise", kit.PutIntoPlay("discard", " from their discard pile"))


kit.card(
    "garth_torken",
    max_level=_garth_max,
    abilities=kit.by_band(
        base=[
            kit.ability(
                "get a 1/1 Skeleton token (once per turn).",
                _garth_skeleton,
                gold=1,
                available=kit.once_per_turn("garth_turn"),
            )
        ],
        mid=[
            kit.ability(
                "sacrifice a Skeleton: draw a card.",
                _garth_draw,
                targets=[kit.slot("unit", _own_skeleton, icon=False, prompt="Choose a Skeleton to sacrifice.")],
            )
        ],
    ),
)
