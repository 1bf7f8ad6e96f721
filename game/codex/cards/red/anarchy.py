"""Anarchy (red spec): its codex cards and its hero Captain Zane (Surprise
Attack's Sharks are tokens with keywords only)."""

from .. import kit
from .common import SLOTS, attacks_building, controller, hit, later_target, own_turn


def _printed_atk(state, iid):
    inst = kit.card_of(state, iid)
    rec = kit.catalog.card(inst["card"])
    printed = kit.catalog.hero_band(inst["card"], inst["level"])["atk"] if rec["kind"] == "hero" else rec["atk"]
    return kit.stats.printed_atk(state, iid, printed or 0)


def _chaos_mirror(state, seat, iid, targets):
    """Chaos Mirror: two units and/or heroes swap their printed ATK until the
    end of the turn; runes and other bonuses still apply on top (Chaos Mirror
    ruling). It doesn't target (no ◎)."""
    first, second = targets
    if first == second or not (kit.thing_exists(state, first) and kit.thing_exists(state, second)):
        return
    a, b = _printed_atk(state, first), _printed_atk(state, second)
    state["temp"].append({"iid": first, "printed_atk": b})
    state["temp"].append({"iid": second, "printed_atk": a})
    kit.log(
        state,
        f"{kit.name(state, first)} and {kit.name(state, second)} swapped their printed ATK.",
        cards=[first, second],
    )


kit.card(
    "chaos_mirror",
    targets=[kit.Target(kit.CHARACTER, icon=False), kit.Target(kit.CHARACTER, icon=False)],
    resolve=_chaos_mirror,
)


def _detonate(state, seat, iid, targets):
    """Detonate: trash a worker or a building card (◎; not a base, tech
    building or add-on), then trash Detonate itself. A worker is picked at
    random and unseen: workers are all alike (Detonate rulings; your own
    are allowed)."""
    options = [
        t
        for p in state["players"]
        for t in p["play"]
        if kit.kind_of(state, t) == "building"
        and kit.can_target(state, seat, t)
        and kit.resist_cost(state, seat, [t]) <= kit.player(state, seat)["gold"]
    ]
    options += [f"workers:{p['seat']}" for p in state["players"] if kit.worker_total(state, p["seat"]) > 0]
    if not options:
        kit.trash(state, iid)
        return
    kit.ask(
        state,
        seat,
        "Detonate: trash a worker (choose whose) or a building card.",
        options,
        {"op": _DETONATE, "seat": seat, "spell": iid},
    )


_DETONATE = kit.each_then(
    "detonate", kit.WorkersOr(kit.PayResist(targeted=False), kit.Trash()), last=("spell", kit.Trash())
)


kit.card("detonate", resolve=_detonate)


def _surprise_attack(state, seat, iid, targets):
    """Surprise Attack: two Shark tokens (3/1, haste, ephemeral)."""
    for _ in range(2):
        kit.make_token(state, "shark", seat)


kit.card("surprise_attack", resolve=_surprise_attack)


def _maximum_anarchy(state, seat, iid, targets):
    """Maximum Anarchy: destroy every unit and hero, Zane too; they die, so
    dies triggers and patrol slot bonuses happen (Maximum Anarchy rulings)."""
    for tid in [i for p in state["players"] for i in p["play"]]:
        if kit.stats.is_character(state, tid):
            kit.destroy(state, tid)


kit.card("maximum_anarchy", resolve=_maximum_anarchy)


def _calypso(state, seat, iid, targets):
    """Calypso Vystari: exhaust: if you played a spell this turn, sideline a
    patroller (◎). Without a spell this turn it does nothing and doesn't
    even target (Calypso Vystari rulings)."""
    if kit.player(state, seat).get("spell_turn") != state["turn"]:
        kit.log(state, "No spell was played this turn: nothing happens.")
        return
    kit.ask_target(
        state, seat, SLOTS["patroller"], "Calypso Vystari: choose a patroller to sideline.", {"op": "red_sideline"}
    )


kit.card(
    "calypso_vystari",
    abilities=lambda state, iid: [
        kit.Ability("if you played a spell this turn, sideline a patroller.", _calypso, exhaust=True)
    ],
)


def _taxman_kills(state, killer, victim, slot):
    """Gunpoint Taxman: whenever he kills a patroller, steal 1 gold from its
    player (nothing from a player without gold, ruling)."""
    if slot is not None:
        kit.steal(state, killer["seat"], controller(state, victim), 1)


kit.card("gunpoint_taxman", kills=_taxman_kills)


def _disguised_monkey(state, iid):
    """Disguised Monkey arrives: stealth this turn."""
    kit.until_end_of_turn(state, iid, kw={"stealth": 1})


kit.card("disguised_monkey", arrives=_disguised_monkey)


def _lizzo_end(state, iid):
    """Chameleon Lizzo: at the end of every turn, if he's still in play, he
    goes back to his owner's hand, after the draw phase (rulings)."""
    kit.return_to_hand(state, iid)


kit.card("chameleon_lizzo", end_of_turn=_lizzo_end)


def _marauder(state, iid):
    """Marauder's boost (as it arrives, or as it is played into a Jail:
    Boost ruling): trash a worker of the player you choose, your own
    allowed (Marauder ruling); the worker is picked at random, unseen (as
    for Detonate)."""
    seat = controller(state, iid)
    options = [f"workers:{p['seat']}" for p in state["players"] if kit.worker_total(state, p["seat"]) > 0]
    kit.push(
        state,
        {
            "op": "red_ask",
            "seat": seat,
            "text": "Marauder: trash a worker of which player?",
            "options": options,
            "then": {"op": _MARAUDER_TRASH},
        },
    )


_MARAUDER_TRASH = kit.each("marauder", kit.TrashWorker())


kit.card("marauder", boost_paid=_marauder)


def _steam_tank_bonus(state, iid, target):
    """Steam Tank: +4 ATK while attacking a building."""
    return 4 if attacks_building(state, target) else 0


kit.card("steam_tank", modifies={"attack": _steam_tank_bonus})


def _sanatorium(state, seat, iid, targets):
    """Sanatorium: pay 1 and exhaust: draw a card, then put up to two tech
    0, I or II units from your hand into play, free and without tech
    buildings; they gain haste and ephemeral for good (Sanatorium rulings)."""
    kit.draw(state, seat, 1, in_main=True)
    _SANATORIUM.ask(state, seat)


def _sanatorium_offers(state, seat, iid):
    """A tech 0-II unit in hand, but not a second copy of a legendary in play."""
    rec = kit.catalog.card(kit.card_of(state, iid)["card"])
    return rec["kind"] == "unit" and (rec["tech"] or 0) <= 2 and not kit.holds_legendary(state, seat, rec["id"])


def _sanatorium_put(state, seat, iid):
    """The unit comes into play, and gains haste and ephemeral if it stays."""
    unit = kit.enter_play(state, iid, seat)
    inst = state["cards"].get(unit)
    if inst is not None and inst["zone"] == "play":
        inst["granted"]["haste"] = 1
        inst["granted"]["ephemeral"] = 1
        kit.log(state, f"{kit.name(state, unit)} gained haste and ephemeral.", cards=[unit])


_SANATORIUM = kit.Again(
    "sanatorium",
    kit.Call(_sanatorium_put),
    options=lambda state, seat, _fields: [
        i for i in kit.player(state, seat)["hand"] if _sanatorium_offers(state, seat, i)
    ],
    prompt="Sanatorium: you may put a tech 0, I or II unit from your hand into play.",
    most=2,
)


kit.card(
    "sanatorium",
    abilities=lambda state, iid: [
        kit.Ability(
            "draw a card, then put up to two tech 0-II units from your hand into play.",
            _sanatorium,
            gold=1,
            exhaust=True,
        )
    ],
)


def _zane_kills(state, killer, victim, slot):
    """Captain Zane, mid band: when Zane's own damage (combat or his max
    level ability, not a spell) kills a scavenger, 1 gold; a technician, a
    card (Zane ruling)."""
    if killer["level"] < kit.band_level(killer["card"], "mid"):
        return
    seat = killer["seat"]
    if slot == "scavenger" and kit.gain_gold(state, seat, 1):
        kit.log(state, f"{kit.seat_name(state, seat)} gained 1 gold: Zane killed a scavenger.")
    elif slot == "technician":
        kit.draw(state, seat, 1, in_main=own_turn(state, seat) and state["phase"] == "main")


def _zane_max(state, iid):
    """Captain Zane reaches max level: shove a patroller (◎) to an empty
    slot of its own patrol zone (any one, Zane ruling), then 1 damage to it
    from Zane; with no empty slot it stays and still takes the damage (do
    as much as you can, ruling)."""
    seat = controller(state, iid)
    later_target(
        state,
        seat,
        "patroller",
        "Captain Zane: choose a patroller to shove.",
        {"op": "zane_shove", "seat": seat, "zane": iid},
    )


def _empty_slots(state, seat, tid):
    """The empty slots of the patrol zone of ``tid``'s controller, while
    ``tid`` patrols (as ``slot:<seat>:<slot>``)."""
    owner = controller(state, tid)
    patrolling = kit.patrol_slot(state, tid) is not None
    return [
        f"slot:{owner}:{s}"
        for s, occupant in kit.player(state, owner)["patrol"].items()
        if occupant is None and patrolling
    ]


# The shove, then 1 damage to the patroller from Zane (a red ability:
# Hotter Fire counts), slot or no slot, while it is in play.
kit.each_then(
    "zane_shoved",
    kit.MoveToSlot(kit.field("target"), say="{name} was shoved to the {slot} slot."),
    then=kit.Call(hit, 1, kit.field("zane"), by=kit.catalog.card("captain_zane")["name"], to=kit.field("target")),
)
kit.each(
    "zane_shove",
    kit.Choose(
        "zane_shoved",
        keep="target",
        options=_empty_slots,
        prompt="Captain Zane: choose the empty slot to shove it to.",
        with_seat=True,
        fields={"zane": kit.field("zane")},
    ),
    alive=True,
)


kit.card("captain_zane", kills=_zane_kills, max_level=_zane_max)
