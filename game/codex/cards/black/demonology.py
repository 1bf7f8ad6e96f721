"""Demonology (Vandy Anadrose): Soul Stone, Dark Pact, Shadow Blade,
Metamorphosis, Gargoyle, Twilight Baron, Voidblocker, Blackhand Dozer,
Banefire Golem, Terras Q the Shackled, Shrine of Forbidden Knowledge,
Zarramonde the Obliterator, and the hero Vandy Anadrose."""

from .. import kit
from .common import (
    DESTROY,
    ask_opponent,
    buildings_of,
    destroyable_units,
    discard_random,
    is_demon,
    lowest_tech,
    on_own_turn,
    sacrificeable_units,
    units_of,
)

NONE = (0, 0, {})


def _controller(state, iid):
    return kit.card_of(state, iid)["controller"]


# ---- Soul Stone ----------------------------------------------------------------------


def _soul_stone(state, seat, iid, targets):
    kit.attach(state, iid, targets[0])


def _soul_stone_aura(state, src, iid):
    """Attached unit gets +1/+1 (whoever controls it)."""
    return (1, 1, {}) if kit.attached_to(state, src) == iid else NONE


def _soul_stone_saves(state, src, host):
    """The attached unit would die: all its damage goes and every Soul
    Stone on it is sacrificed instead; it doesn't die ("dies" triggers
    don't run: ruling), after two lives had their turn (ruling)."""
    inst = kit.card_of(state, host)
    for mark in ("combat_death", "doomed", "expired", "killed_by"):
        inst["marks"].pop(mark, None)
    inst["damage"] = 0
    kit.log(state, f"{kit.name(state, host)} was saved by its Soul Stone.", cards=[host])
    for stone in [
        i
        for p in state["players"]
        for i in p["play"]
        if kit.card_of(state, i)["card"] == "soul_stone" and kit.attached_to(state, i) == host
    ]:
        kit.card_of(state, stone)["marks"]["doomed"] = True
    return True


kit.card(
    "soul_stone",
    targets=[kit.slot("unit")],
    resolve=_soul_stone,
    aura_all=_soul_stone_aura,
    grants={"host_save": _soul_stone_saves},
    must_sacrifice=kit.host_gone,
)


# ---- Dark Pact ---------------------------------------------------------------------------


def _dark_pact(state, seat, iid, targets):
    """2 damage to a base, then its player draws 2 (a team's base: the
    caster picks which of its players)."""
    base = targets[0]
    kit.damage_building(state, base, 2, by=kit.name(state, iid))
    team = int(base.split(":")[1])
    _PACT_DRAW.ask(state, seat, options=[p["seat"] for p in state["players"] if p["team"] == team])


_PACT_DRAW = kit.Choose("dark_pact", kit.Draw(2, to=kit.TARGET), prompt="Dark Pact: choose the player who draws 2.")


kit.card("dark_pact", targets=[kit.slot("base")], resolve=_dark_pact)


# ---- Shadow Blade -------------------------------------------------------------------------


def _shadow_blade(state, seat, iid, targets):
    """3 damage to a patroller; if that kills it, its controller discards a
    card at random. An Illusion destroyed because Shadow Blade targeted it
    counts too: its controller then (spell mark ``vanished``,
    play.cast_spell) discards (Shadow Blade ruling)."""
    tid = targets[0]
    vanished = kit.card_of(state, iid)["marks"].get("vanished", {})
    if tid in vanished:
        discard_random(state, vanished[tid])
        return
    if not kit.standing(state, tid):
        return
    owner = _controller(state, tid)
    kit.damage_card(state, tid, 3, by=kit.name(state, iid))
    inst = kit.card_of(state, tid)
    if inst["damage"] >= kit.stats.hp(state, tid) and not kit.stats.kw(state, tid, "indestructible"):
        discard_random(state, owner)


kit.card("shadow_blade", targets=[kit.slot(kit.CHARACTER, kit.patroller)], resolve=_shadow_blade)


# ---- Metamorphosis -------------------------------------------------------------------------


def _metamorphosis(state, seat, iid, targets):
    """Sacrifice all your units; each of your heroes that isn't a Demon
    reaches max level and becomes a Demon with two +1/+1 runes, readiness
    and invisibility until it leaves play (rulings)."""
    for u in sacrificeable_units(state, seat):
        kit.sacrifice(state, u)
    for h in [i for i in kit.player(state, seat)["play"] if kit.stats.is_hero(state, i) and not is_demon(state, i)]:
        inst = kit.card_of(state, h)
        kit.gain_levels(state, h, kit.catalog.card(inst["card"])["max_level"])
        inst["marks"]["demon"] = True
        inst["plus"] += 2
        for kw in ("readiness", "invisible"):
            inst["granted"][kw] = inst["granted"].get(kw, 0) + 1
        kit.log(state, f"{kit.name(state, h)} became a Demon.", cards=[h])


kit.card("metamorphosis", resolve=_metamorphosis)


# ---- Gargoyle -------------------------------------------------------------------------------


def _wake(state, iid):
    """The lasting entry of ``iid``'s wake, or None while it sleeps."""
    return next((e for e in state.get("lasting", []) if e.get("iid") == iid and e.get("gargoyle")), None)


def _awake(state, iid):
    return _wake(state, iid) is not None


def _woken_since(state, iid):
    """Since when its wake lets it attack and patrol whatever held it
    before (Gargoyle ruling: in the order they were made), 0 asleep."""
    entry = _wake(state, iid)
    return 0 if entry is None else entry.get("since", 0)


def _gargoyle_wakes(state, seat, iid, targets):
    """Pay 1 (once per turn): until your next upkeep it isn't indestructible,
    flies, has +3 ATK and may attack and patrol. Woken again while awake (a
    new controller's: Kidnapping), the new wake replaces the old one: it
    lasts until the new controller's upkeep and is newer than a hold made
    since (Gargoyle ruling)."""
    kit.use_once(state, iid, "gargoyle_turn")
    state["lasting"] = [e for e in state.get("lasting", []) if not (e.get("iid") == iid and e.get("gargoyle"))]
    kit.lasting(
        state, seat, iid=iid, atk=3, kw={"flying": 1, "indestructible": -1}, gargoyle=True, since=kit.tick(state)
    )
    kit.log(state, f"{kit.name(state, iid)} woke up.", cards=[iid])


kit.card(
    "gargoyle",
    can_attack=_awake,
    can_patrol=_awake,
    grants={"freedom": _woken_since},
    abilities=[
        kit.ability(
            "until your next upkeep: not indestructible, flying, +3 ATK, may attack and patrol (once per turn).",
            _gargoyle_wakes,
            gold=1,
            available=kit.once_per_turn("gargoyle_turn"),
        )
    ],
)


# ---- Twilight Baron ---------------------------------------------------------------------------


def _baron_forbids(state, src, seat, card_id, from_hand):
    """While you control him you can't play tech II or III units (putting
    them into play is fine; buildings and upgrades too: rulings)."""
    rec = kit.catalog.card(card_id)
    if seat == _controller(state, src) and rec["kind"] == "unit" and (rec["tech"] or 0) >= 2:
        return "Twilight Baron: you can't play tech II or III units."
    return None


kit.card("twilight_baron", forbids_play=_baron_forbids)


# ---- Voidblocker ---------------------------------------------------------------------------------


def _voidblocker(state, src, attacker, ctx):
    """An opponent attacking it exhausts another of their ready units or
    heroes (none: no cost, ruling); the attacker's player picks which."""
    if ctx.get("target") != src or not kit.is_opponent(state, ctx["seat"], _controller(state, src)):
        return
    seat = ctx["seat"]
    ready = [
        i
        for i in kit.player(state, seat)["play"]
        if i != attacker and kit.stats.is_character(state, i) and not kit.card_of(state, i)["exhausted"]
    ]
    _VOID_EXHAUST.ask(state, seat, options=ready)


_VOID_EXHAUST = kit.Choose(
    "voidblocker",
    kit.Exhaust(),
    prompt="Voidblocker: choose another of your ready units or heroes to exhaust.",
    alive=True,
)


kit.card("voidblocker", any_attacks=_voidblocker)


# ---- Blackhand Dozer -------------------------------------------------------------------------------


def _dozer_floor(state, src, team, dealer):
    """Damage its controller deals can't take an opposing base below 6 HP."""
    seat = _controller(state, src)
    foe = any(p["team"] == team and kit.is_opponent(state, seat, p["seat"]) for p in state["players"])
    return 6 if dealer == seat and foe else 0


def _dozer_dies(state, iid):
    """Dies: the active player destroys one of its controller's lowest tech
    units (not the Dozer itself)."""
    seat = _controller(state, iid)
    units = [u for u in destroyable_units(state, seat) if u != iid]
    kit.ask(
        state,
        state["active"],
        "Blackhand Dozer: choose a unit to destroy.",
        lowest_tech(state, units),
        {"op": DESTROY},
    )


kit.card("blackhand_dozer", modifies={"base_floor": _dozer_floor}, dies=_dozer_dies)


# ---- Banefire Golem -----------------------------------------------------------------------------------


def _banefire_upkeep(state, iid):
    """Upkeep: sacrifice a unit (himself if need be: ruling); if you do,
    1 damage to each opposing unit, hero and building."""
    seat = _controller(state, iid)
    kit.ask(
        state,
        seat,
        "Banefire Golem: choose a unit to sacrifice.",
        sacrificeable_units(state, seat),
        {"op": "banefire", "seat": seat},
    )


def _banefire(state, seat, unit):
    """Sacrificed: 1 damage to each opposing character and building."""
    if not kit.sacrifice(state, unit):
        return
    hit = []
    for o in kit.opponents(state, seat):
        hit.extend(i for i in kit.player(state, o)["play"] if kit.stats.is_character(state, i))
        hit.extend(b for b in buildings_of(state, o) if b not in hit)
    for tid in hit:
        if kit.thing_exists(state, tid):
            kit.damage_target(state, tid, 1, by=kit.catalog.card("banefire_golem")["name"])


kit.each("banefire", kit.Call(_banefire))
kit.card("banefire_golem", upkeep=_banefire_upkeep)


# ---- Terras Q, the Shackled ----------------------------------------------------------------------------


def _terras_arrives(state, iid):
    ask_opponent(
        state,
        _controller(state, iid),
        "Terras Q: choose an opponent to get four Warlocks.",
        {"op": "terras_warlocks", "terras": iid},
    )


@kit.op("terras_warlocks")
def _terras_warlocks(state, step):
    """Four 0/1 Warlock tokens for that opponent; they shackle this Terras
    Q only (rulings)."""
    if step["terras"] not in state["cards"]:
        return
    for victim in step["choice"]:
        made = [kit.make_token(state, "warlock", victim) for _ in range(4)]
        kit.card_of(state, step["terras"])["marks"].setdefault("warlocks", []).extend(made)


def _terras_free(state, iid):
    """Can't attack or patrol while any of its Warlocks is in play."""
    return not any(
        w in state["cards"] and state["cards"][w]["zone"] == "play"
        for w in kit.card_of(state, iid)["marks"].get("warlocks", ())
    )


kit.card("terras_q_the_shackled", arrives=_terras_arrives, can_attack=_terras_free, can_patrol=_terras_free)


# ---- Shrine of Forbidden Knowledge -----------------------------------------------------------------------


def _shrine_upkeep(state, iid):
    kit.damage_building(state, kit.base_id(state, _controller(state, iid)), 1, by=kit.name(state, iid))


def _shrine_lets_pass(state, src, attacker, blocker):
    """Your Demons are unstoppable by units (patrolling heroes still stop
    them)."""
    return (
        _controller(state, attacker) == _controller(state, src)
        and is_demon(state, attacker)
        and kit.stats.is_unit(state, blocker)
    )


kit.card(
    "shrine_of_forbidden_knowledge",
    upkeep=_shrine_upkeep,
    grants={"pass_patroller": _shrine_lets_pass},
    modifies={"draw_count": lambda state, src, seat: 1 if seat == _controller(state, src) else 0},
)


# ---- Zarramonde, the Obliterator ----------------------------------------------------------------------------


def _zarramonde_arrives(state, iid):
    """Played from hand: destroy a unit, hero, worker, upgrade or ongoing
    spell (not targeted); a worker is picked at random among that player's
    workers (workers are alike face down)."""
    if not kit.card_of(state, iid)["marks"].get("played_from_hand"):
        return
    options = []
    for p in state["players"]:
        for i in p["play"]:
            rec = kit.catalog.card(kit.card_of(state, i)["card"])
            if i != iid and (rec["kind"] in ("unit", "hero", "upgrade") or (rec["kind"] == "spell" and rec["ongoing"])):
                options.append(i)
        if p["base_workers"] + len(p["workers"]) > 0:
            options.append(f"worker:{p['seat']}")
    kit.ask(state, _controller(state, iid), "Zarramonde: choose what to destroy.", options, {"op": "zarramonde"})


def _obliterate(state, _seat, pick):
    if pick.startswith("worker:"):
        kit.trash_worker(state, int(pick.split(":")[1]))
    else:
        kit.destroy(state, pick)


kit.each("zarramonde", kit.Call(_obliterate))


kit.card("zarramonde_the_obliterator", arrives=_zarramonde_arrives)


# ---- Vandy Anadrose ------------------------------------------------------------------------------------------------


def _demonology_spells(state, seat):
    return sorted(
        c
        for c, n in kit.player(state, seat)["codex"].items()
        if n > 0 and kit.catalog.card(c)["kind"] == "spell" and kit.catalog.card(c)["spec"] == "demonology"
    )


# Pay 1, exhaust, discard a card: fetch a Demonology spell from your codex,
# shown to all, into your hand.
_vandy_fetch = kit.Choose(
    "vandy_discard",
    kit.Discard(),
    options=lambda state, seat, iid: list(kit.player(state, seat)["hand"]),
    prompt="Vandy Anadrose: choose a card to discard.",
    with_seat=True,
    after=kit.Choose(
        "vandy_fetch",
        kit.FromCodex(into="hand"),
        options=lambda state, seat, iid: _demonology_spells(state, seat),
        prompt="Vandy Anadrose: choose a Demonology spell from your codex.",
        with_seat=True,
    ),
)


def _tech_low(state, seat, tid):
    return kit.stats.is_unit(state, tid) and (kit.stats.tech_level(state, tid) or 0) <= 1


def _vandy_max(state, iid):
    """Max level (not optional: as much as can be done, ruling): one
    friendly and one opposing tech 0 or I unit get +2/+2; at her
    controller's next upkeep they lose it and die (even if she is gone:
    ruling). Not targeted (no ◎)."""
    seat = _controller(state, iid)
    if not on_own_turn(state, seat):
        return  # her controller would decide on another team's turn: it fizzles (Nether Drain ruling)
    mine = [
        i
        for p in state["players"]
        if not kit.is_opponent(state, seat, p["seat"])
        for i in units_of(state, p["seat"])
        if _tech_low(state, seat, i)
    ]
    theirs = [i for o in kit.opponents(state, seat) for i in units_of(state, o) if _tech_low(state, seat, i)]
    kit.push(state, {"op": "vandy_pick", "seat": seat, "options": theirs})
    kit.ask(
        state,
        seat,
        "Vandy Anadrose: choose a friendly tech 0 or I unit for +2/+2.",
        mine,
        {"op": "vandy_doom", "seat": seat},
    )


@kit.op("vandy_pick")
def _vandy_pick(state, step):
    options = [i for i in step["options"] if kit.thing_exists(state, i)]
    kit.ask(
        state,
        step["seat"],
        "Vandy Anadrose: choose an opposing tech 0 or I unit for +2/+2.",
        options,
        {"op": "vandy_doom", "seat": step["seat"]},
    )


kit.each("vandy_doom", kit.Lasting(atk=2, hp=2, end="vandy_dies", say="{name} gets +2/+2 until its doom."), alive=True)


# The +2/+2 is gone; the unit dies.
kit.on_card("vandy_dies", kit.Destroy(), alive=True)


kit.card(
    "vandy_anadrose",
    max_level=_vandy_max,
    abilities=kit.by_band(
        mid=[
            kit.ability(
                "discard a card: fetch a Demonology spell from your codex into your hand.",
                _vandy_fetch,
                gold=1,
                exhaust=True,
                available=lambda s, i: (
                    bool(kit.player(s, _controller(s, i))["hand"]) and bool(_demonology_spells(s, _controller(s, i)))
                ),
            )
        ]
    ),
)
