"""Feral (green spec): its codex cards and its hero Calamandra Moss."""

from .. import kit
from .common import NONE, controller, is_green_unit, past_tech_0, spec_hero_in_play, units_of


def _ferocity(state, seat, iid, targets):
    """Ferocity: your units now in play have armor piercing and swift strike
    until your next upkeep (docs/RULINGS.md: "your units" means those in
    play when it resolves, as for Discord)."""
    for unit in units_of(state, seat):
        kit.lasting(state, seat, iid=unit, kw={"armor_piercing": 1, "swift_strike": 1})
    kit.log(
        state, f"{kit.seat_name(state, seat)}'s units have armor piercing and swift strike until their next upkeep."
    )


kit.card("ferocity", resolve=_ferocity)


def _ferns_aura(state, src, iid):
    """Behind the Ferns: your units with 3 ATK or less have stealth, ATK
    read before any attack bonus (Behind the Ferns rulings; with Master
    Midori see docs/RULINGS.md)."""
    if not kit.stats.is_unit(state, iid) or kit.is_busy("ferns", iid):
        return NONE
    return (0, 0, {"stealth": 1}) if kit.raw_stats(state, iid, "ferns")["atk"] <= 3 else NONE


kit.card("behind_the_ferns", aura=_ferns_aura)


def _murkwood_allies(state, seat, iid, targets):
    """Murkwood Allies: a 4/4 Beast or four 1/1 Frogs; boosted, both."""
    if kit.card_of(state, iid)["marks"].get("boosted"):
        for mode in _MURKWOOD.names():
            _MURKWOOD.apply(state, seat, mode, iid)
        return
    _MURKWOOD_CHOICE.ask(state, seat)


_MURKWOOD = kit.Modes({"beast": kit.MakeTokens("beast"), "frogs": kit.MakeTokens("frog", 4)})
_MURKWOOD_CHOICE = kit.Choose(
    "murkwood", _MURKWOOD, options=_MURKWOOD.names, prompt="Murkwood Allies: a Beast or four Frogs?", with_seat=True
)


kit.card("murkwood_allies", resolve=_murkwood_allies)


def _feral_strike(state, seat, iid, targets):
    """Feral Strike: fetch up to two units from your codex into your hand
    (shown), or put up to two units from your hand into play, each needing
    a finished tech building of its level, any spec (Feral Strike ruling);
    boosted, first the one, then the other."""
    if kit.card_of(state, iid)["marks"].get("boosted"):
        _FETCH.ask(state, seat, then_put=True)
        return
    _MODE.ask(state, seat)


def _codex_units(state, seat, fields):
    return [
        cid
        for cid, n in sorted(kit.player(state, seat)["codex"].items())
        if n > 0 and kit.catalog.card(cid)["kind"] == "unit"
    ]


def _can_put_into_play(state, seat, iid):
    rec = kit.catalog.card(kit.card_of(state, iid)["card"])
    if rec["kind"] != "unit":
        return False
    if rec["tech"] and not kit.built(state, seat, f"tech_{rec['tech']}"):
        return False
    return not kit.holds_legendary(state, seat, rec["id"])


def _hand_units(state, seat, fields):
    return [i for i in kit.player(state, seat)["hand"] if _can_put_into_play(state, seat, i)]


def _then_put(state, seat, fields):
    """Boosted, the fetching done: the putting into play."""
    if fields["then_put"]:
        _PUT.ask(state, seat)


_PUT = kit.Again(
    "feral_put",
    kit.PutIntoPlay(),
    options=_hand_units,
    prompt="Feral Strike: you may put a unit from your hand into play.",
    most=2,
)
_FETCH = kit.Again(
    "feral_fetch",
    kit.FromCodex(into="hand"),
    options=_codex_units,
    prompt="Feral Strike: you may take a unit from your codex.",
    most=2,
    fields={"then_put": False},
    done=_then_put,
)
_MODE = kit.Choose(
    "feral_mode",
    kit.Modes({"fetch": _FETCH, "put": _PUT}),
    options=lambda *_: ["fetch", "put"],
    prompt="Feral Strike: fetch units from your codex, or put units from your hand into play?",
    with_seat=True,
)


kit.card("feral_strike", resolve=_feral_strike)


def _stalking_tiger_aura(state, src, iid):
    """Stalking Tiger: invisible while its controller has a Feral hero."""
    if src == iid and spec_hero_in_play(state, controller(state, iid), "feral"):
        return (0, 0, {"invisible": 1})
    return NONE


def _stalks_units(state, iid, target):
    """Stalking Tiger: stealth while attacking a unit (not a hero or a
    building)."""
    return not target.startswith(("bld:", "base:")) and kit.kind_of(state, target) == "unit"


kit.card("stalking_tiger", aura=_stalking_tiger_aura, grants={"stealth": _stalks_units})


def _predator_dealt(state, src, attacker, dealt):
    """Predator Tiger: when its combat damage hits a base, a worker of that
    base's player is trashed (in Two-Headed Dragon the attacking player
    picks which teammate, house rule R27)."""
    if src != attacker:
        return
    for target, _amount in dealt:
        if target.startswith("base:"):
            # A step of its own, after the combat damage step: a choice is
            # never asked in the middle of one.
            kit.push(
                state, {"op": "predator_worker", "seat": controller(state, attacker), "team": int(target.split(":")[1])}
            )


kit.ask_team_later(
    "predator_worker",
    kit.Choose("trash_worker", kit.TrashWorker(), prompt="Predator Tiger: whose worker is trashed?"),
    where=lambda state, seat: kit.worker_total(state, seat) > 0,
)


kit.card("predator_tiger", unstoppable_by=past_tech_0, attacker_dealt=_predator_dealt)


def _elephant_exhausted(state, iid, how, _detail):
    """Rampaging Elephant: the first time it exhausts each turn it readies
    again (so it can attack twice)."""
    inst = kit.card_of(state, iid)
    if how == "exhausted" and inst["marks"].get("rampaged") != state["turn"]:
        inst["marks"]["rampaged"] = state["turn"]
        inst["exhausted"] = False
        kit.log(state, "Rampaging Elephant readied again.", cards=[iid])


kit.card("rampaging_elephant", affected=_elephant_exhausted)


def _gigadon_cost(state, seat, cost):
    """Gigadon costs 1 less per green unit you control, never below 0; only
    the cost of playing it changes, its printed cost stays 9 (Gigadon
    rulings)."""
    return cost - sum(1 for i in kit.player(state, seat)["play"] if is_green_unit(state, i))


kit.card("gigadon", modifies={"own_cost": _gigadon_cost})


def _three_squirrels(state, iid):
    """Moss Ancient, on arrival and each attack: three Squirrel tokens."""
    for _ in range(3):
        kit.make_token(state, "squirrel", controller(state, iid))


def _moss_ancient_aura(state, src, iid):
    """Moss Ancient: your Squirrels have haste and invisible, only while it
    is in play under your control (Moss Ancient ruling)."""
    if kit.has_subtype(state, iid, "Squirrel") and kit.stats.is_unit(state, iid):
        return (0, 0, {"haste": 1, "invisible": 1})
    return NONE


def _moss_ancient_attacks(state, iid, ctx):
    """Moss Ancient attacks: three Squirrel tokens, before combat."""
    _three_squirrels(state, iid)


kit.card("moss_ancient", arrives=_three_squirrels, aura=_moss_ancient_aura, attacks=_moss_ancient_attacks)


def _calamandra_stealth(state, seat, iid, targets):
    """Calamandra Moss, level 1: discard two cards (the cost, chosen now):
    she has stealth this turn."""
    kit.ask(
        state,
        seat,
        "Calamandra Moss: choose two cards to discard.",
        list(kit.player(state, seat)["hand"]),
        {"op": _CALAMANDRA_DISCARD, "seat": seat, "hero": iid},
        count=2,
    )


_CALAMANDRA_DISCARD = kit.each_then(
    "calamandra_discard",
    kit.MoveTo("discard"),
    then=kit.Say("{seat} discarded two cards."),
    last=("hero", kit.ThisTurn(kw={"stealth": 1}, say="{name} has stealth this turn.")),
)


def _calamandra_tiger(state, seat, iid, targets):
    """Calamandra Moss, level 5: pay 4 and exhaust: a Tiger unit from your
    codex into play, without paying for it or needing its tech building
    (Calamandra Moss ruling)."""
    tigers = [
        cid
        for cid, n in sorted(kit.player(state, seat)["codex"].items())
        if n > 0 and kit.catalog.card(cid)["kind"] == "unit" and "Tiger" in kit.catalog.card(cid)["subtypes"]
    ]
    kit.ask(state, seat, "Calamandra Moss: choose a Tiger from your codex.", tigers, {"op": "from_codex", "seat": seat})


def _two_cards_in_hand(state, iid):
    return len(kit.player(state, controller(state, iid))["hand"]) >= 2


# Calamandra Moss: level 1 and max band abilities.
_calamandra_abilities = kit.by_band(
    base=[kit.Ability("discard two cards: stealth this turn.", _calamandra_stealth, available=_two_cards_in_hand)],
    max=[kit.Ability("put a Tiger from your codex into play.", _calamandra_tiger, gold=4, exhaust=True)],
)


def _calamandra_aura(state, src, iid):
    """Calamandra Moss, mid band: your units have resist 1."""
    if kit.stats.is_unit(state, iid) and kit.reached(state, src, "mid"):
        return (0, 0, {"resist": 1})
    return NONE


kit.card("calamandra_moss", abilities=_calamandra_abilities, aura=_calamandra_aura)
