"""The black starting deck: Pestering Haunt, Skeleton Javelineer,
Poisonblade Rogue, Thieving Imp, Jandra the Negator, Graveyard, Skeletal
Archery, Deteriorate, Summon Skeletons and Sacrifice the Weak."""

from .. import kit
from .common import DISCARD_RANDOM, is_demon, is_skeleton, names, sacrificeable_units, units_of, weakest

NONE = (0, 0, {})


def _controller(state, iid):
    return kit.card_of(state, iid)["controller"]


# ---- Pestering Haunt ------------------------------------------------------------


def _haunt_cap(state, src, iid):
    """Pestering Haunt can't have more than 1 ATK: whatever raises it above
    1 counts for nothing (frenzy included)."""
    if iid != src or kit.is_busy("pestering_haunt", iid):
        return NONE
    raw = kit.raw_stats(state, iid, "pestering_haunt")["atk"]
    return (min(0, 1 - raw), 0, {})


kit.card(
    "pestering_haunt",
    can_patrol=lambda state, iid: False,
    aura=_haunt_cap,
    restricts={"sacrifice": lambda state, iid: True},
)


# ---- Skeleton Javelineer --------------------------------------------------------


def _javelin(state, iid):
    kit.add_named_rune(state, iid, "javelin")
    kit.log(state, f"{kit.name(state, iid)} got a javelin rune.", cards=[iid])


def _throw_javelin(state, seat, iid, targets):
    """Remove a javelin rune: long-range this turn (no exhaust)."""
    kit.card_of(state, iid)["marks"]["runes"]["javelin"] -= 1
    kit.until_end_of_turn(state, iid, kw={"long_range": 1})
    kit.log(state, f"{kit.name(state, iid)} has long-range this turn.", cards=[iid])


kit.card(
    "skeleton_javelineer",
    arrives=_javelin,
    abilities=[
        kit.ability(
            "remove a javelin rune: long-range this turn.",
            _throw_javelin,
            available=lambda s, i: kit.rune_count(s, i, "javelin") > 0,
        )
    ],
)


# ---- Poisonblade Rogue ----------------------------------------------------------


def _poisonblade_attacks(state, iid, ctx):
    """Attacks: armor piercing and damage as -1/-1 runes this turn."""
    kit.until_end_of_turn(state, iid, kw={"armor_piercing": 1})
    kit.card_of(state, iid)["marks"]["poison_turn"] = state["turn"]


kit.card(
    "poisonblade_rogue",
    attacks=_poisonblade_attacks,
    damage_as_runes=lambda state, iid: kit.card_of(state, iid)["marks"].get("poison_turn") == state["turn"],
)


# ---- Thieving Imp ---------------------------------------------------------------


# Arrives: an opponent (its controller picks which, when several) discards a
# card at random.
_imp_arrives = kit.Choose(
    DISCARD_RANDOM, options=kit.OPPONENTS, prompt="Thieving Imp: choose an opponent to discard a card."
)


kit.card("thieving_imp", arrives=_imp_arrives)


# ---- Jandra, the Negator --------------------------------------------------------


def _jandra_dies(state, iid):
    """Dies from combat damage (-1/-1 runes dealt as combat damage count,
    Jandra ruling): destroy all your units except Demons."""
    if not kit.card_of(state, iid)["marks"].get("combat_death"):
        return
    victims = [u for u in units_of(state, _controller(state, iid)) if u != iid and not is_demon(state, u)]
    if victims:
        kit.log(state, f"Jandra's death destroys {names(state, victims)}.", cards=victims)
    for u in victims:
        kit.destroy(state, u)


kit.card("jandra_the_negator", dies=_jandra_dies)


# ---- Graveyard --------------------------------------------------------------------


def _buried(state, src):
    return [b for b in kit.card_of(state, src)["marks"].get("buried", []) if b in state["cards"]]


def _graveyard_buries(state, src, dead):
    """Its controller's non-token units that die go into the Graveyard (a
    zone of its own, not in play: Graveyard ruling) instead of the discard
    pile; the first Graveyard in play takes them."""
    inst = kit.card_of(state, dead)
    if (
        dead == src
        or inst["controller"] != _controller(state, src)
        or not kit.stats.is_unit(state, dead)
        or kit.catalog.card(inst["card"]).get("token")
        or inst["marks"].get("dies_to")
    ):
        return
    inst["marks"]["dies_to"] = "buried"
    kit.card_of(state, src)["marks"].setdefault("buried", []).append(dead)
    kit.log(state, f"{kit.name(state, dead)} will be buried in the Graveyard.", cards=[dead])


def _graveyard_full(state, iid):
    """Sacrificed once four or more units are buried in it."""
    return len(_buried(state, iid)) >= 4


def _graveyard_gone(state, iid):
    """Leaving play, it discards the units buried in it (to their owners'
    discard piles)."""
    for b in _buried(state, iid):
        state["cards"][b]["marks"].pop("dies_to", None)  # dying with it: not buried after all
        if state["cards"][b]["zone"] == "buried":
            kit.log(state, f"{kit.name(state, b)} left the Graveyard for the discard pile.", cards=[b])
            kit.move(state, b, "discard")
    kit.card_of(state, iid)["marks"]["buried"] = []


def _playable_buried(state, seat, src):
    gold = kit.player(state, seat)["gold"]
    out = []
    for b in _buried(state, src):
        card_id = state["cards"][b]["card"]
        if state["cards"][b]["zone"] != "buried":
            continue
        if (
            kit.tech_problem(state, seat, kit.catalog.card(card_id))
            or kit.holds_legendary(state, seat, card_id)
            or kit.play_refusal(state, seat, card_id, from_hand=False)
        ):
            continue
        if kit.card_cost(state, seat, card_id) <= gold:
            out.append(b)
    return out


def _graveyard_play(state, seat, iid, targets):
    """Exhaust: play a buried unit, paying its cost and meeting its tech
    requirement."""
    kit.ask(
        state,
        seat,
        "Graveyard: choose a buried unit to play.",
        _playable_buried(state, seat, iid),
        {"op": "graveyard_play", "seat": seat, "graveyard": iid},
    )


def _still_buried(state, src, b):
    return src in state["cards"] and b in _buried(state, src) and state["cards"][b]["zone"] == "buried"


@kit.op("graveyard_play")
def _graveyard_play_step(state, step):
    """The buried unit chosen: its boost is offered (Boost ruling:
    common.offer_boost), then it is played."""
    seat, src = step["seat"], step["graveyard"]
    for b in step["choice"]:
        if not _still_buried(state, src, b):
            continue
        card_id = state["cards"][b]["card"]
        if not kit.offer_boost(
            state,
            seat,
            card_id,
            kit.card_cost(state, seat, card_id),
            {"op": "graveyard_boost", "seat": seat, "graveyard": src, "card": b},
        ):
            _play_buried(state, seat, src, b, 0)


@kit.op("graveyard_boost")
def _graveyard_boost(state, step):
    """The answer to the boost question of a buried unit (still buried)."""
    seat, src, b = step["seat"], step["graveyard"], step["card"]
    if _still_buried(state, src, b):
        _play_buried(state, seat, src, b, kit.boost_chosen(step, state["cards"][b]["card"]))


def _play_buried(state, seat, src, b, boost):
    """``seat`` plays buried unit ``b`` out of Graveyard ``src``, paying
    its cost and the ``boost`` chosen (0: none)."""
    marks = kit.card_of(state, src)["marks"]
    marks["buried"] = [x for x in marks["buried"] if x != b]
    inst = state["cards"][b]
    # It comes back as a new card: nothing it had before stays (ruling).
    state["cards"][b] = kit.fresh_instance(b, inst["card"], inst["owner"], "buried")
    kit.do_play(state, seat, (b, kit.card_cost(state, seat, inst["card"]) + boost, [], bool(boost)))


kit.card(
    "graveyard",
    unit_dies=_graveyard_buries,
    must_sacrifice=_graveyard_full,
    leaves=_graveyard_gone,
    abilities=[
        kit.ability(
            "play a unit buried here (paying for it, with its tech building).",
            _graveyard_play,
            exhaust=True,
            available=lambda s, i: bool(_playable_buried(s, _controller(s, i), i)),
        )
    ],
)


# ---- Skeletal Archery -------------------------------------------------------------


def _archery(state, src, iid):
    """Your Skeletons have long-range and anti-air."""
    if is_skeleton(state, iid):
        return (0, 0, {"long_range": 1, "anti_air": 1})
    return NONE


kit.card("skeletal_archery", aura=_archery)

# ---- Deteriorate, Summon Skeletons --------------------------------------------------

kit.card(
    "deteriorate", targets=[kit.slot("unit")], resolve=kit.ThisTurn(atk=-1, hp=-1, say="{name} gets -1/-1 this turn.")
)
kit.card("summon_skeletons", resolve=kit.MakeTokens("skeleton", 2))


# ---- Sacrifice the Weak ----------------------------------------------------------


def _sacrifice_the_weak(state, seat, iid, targets):
    """Each player, in seat order, sacrifices their weakest unit that can
    be sacrificed; the caster breaks ties (Sacrifice the Weak rulings)."""
    _next_weak(state, seat, [p["seat"] for p in state["players"]], [])


def _next_weak(state, caster, seats, chosen):
    while seats:
        victim, seats = seats[0], seats[1:]
        options = weakest(state, [u for u in sacrificeable_units(state, victim) if u not in chosen])
        if options:
            kit.ask(
                state,
                caster,
                f"Sacrifice the Weak: choose {kit.seat_name(state, victim)}'s weakest unit.",
                options,
                {"op": "sacrifice_weak", "caster": caster, "seats": seats, "chosen": chosen},
            )
            return
    for u in chosen:
        kit.sacrifice(state, u)


@kit.op("sacrifice_weak")
def _sacrifice_weak_step(state, step):
    _next_weak(state, step["caster"], step["seats"], step["chosen"] + step["choice"])


kit.card("sacrifice_the_weak", resolve=_sacrifice_the_weak)
