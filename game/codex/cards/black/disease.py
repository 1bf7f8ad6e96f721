"""Disease (Orpal Gloor): Sickness, Spreading Plague, Carrion Curse, Death
and Decay, Crypt Crawler, Plague Spitter, Gorgon, Cursed Ghoul, Cursed
Crow, Abomination, Plague Lab, Plague Lord, and the hero Orpal Gloor."""

from .. import kit
from .common import DISCARD_RANDOM, ask_opponent, buildings_of, is_demon, sacrificeable_units

NONE = (0, 0, {})


def _controller(state, iid):
    return kit.card_of(state, iid)["controller"]


def _characters_of(state, seat):
    return [i for i in kit.player(state, seat)["play"] if kit.stats.is_character(state, i)]


def _rune(state, iid, count=1):
    kit.add_rune(state, iid, minus=count)
    kit.log(state, f"{kit.name(state, iid)} got a -1/-1 rune.", cards=[iid])


# ---- Sickness ------------------------------------------------------------------------


def _sickness(state, seat, iid, targets):
    """A -1/-1 rune on up to two units and/or heroes: the second is asked
    for (optional) once the first has its rune (Sickness ruling: one or two)."""
    first = targets[0]
    if kit.standing(state, first):
        _rune(state, first)
    kit.ask_target(
        state,
        seat,
        kit.slot(kit.CHARACTER),
        "Sickness: you may choose a second unit or hero.",
        {"op": _SICKNESS_SECOND},
        exclude=[first],
        optional=True,
    )


_SICKNESS_SECOND = kit.each("sickness_second", kit.AddRune(minus=1))


kit.card("sickness", targets=[kit.slot(kit.CHARACTER)], resolve=_sickness)


# ---- Spreading Plague ----------------------------------------------------------------------


def _spreading_plague(state, seat, iid, targets):
    """Destroy every tech 0, I or II unit and every hero with a -1/-1 rune."""
    for p in state["players"]:
        for tid in list(p["play"]):
            if not kit.stats.is_character(state, tid) or kit.card_of(state, tid)["minus"] <= 0:
                continue
            if kit.stats.is_hero(state, tid) or (kit.stats.tech_level(state, tid) or 0) <= 2:
                kit.destroy(state, tid)


kit.card("spreading_plague", resolve=_spreading_plague)


# ---- Carrion Curse ----------------------------------------------------------------------------


def _carrion_curse(state, seat, iid, targets):
    """Look at an opponent's hand, then choose up to two of its non-unit
    cards to be discarded (one prompt each, each optional)."""
    ask_opponent(state, seat, "Carrion Curse: choose an opponent.", {"op": "carrion_curse", "seat": seat})


def _carrion_look(state, seat, victim):
    kit.look_at(state, seat, f"hand:{victim}")
    _carrion_pick(state, seat, victim, 2)


kit.each("carrion_curse", kit.Call(_carrion_look))


def _carrion_pick(state, seat, victim, left):
    if left <= 0:
        return
    options = sorted(
        {
            state["cards"][i]["card"]
            for i in kit.player(state, victim)["hand"]
            if kit.catalog.card(state["cards"][i]["card"])["kind"] != "unit"
        }
    )
    kit.ask(
        state,
        seat,
        f"Carrion Curse: you may choose a card for {kit.seat_name(state, victim)} to discard.",
        options,
        {"op": "carrion_discard", "seat": seat, "victim": victim, "left": left},
        optional=True,
    )


@kit.op("carrion_discard")
def _carrion_discard(state, step):
    victim = step["victim"]
    for card_id in step["choice"]:
        hit = next((i for i in kit.player(state, victim)["hand"] if state["cards"][i]["card"] == card_id), None)
        if hit is None:
            continue
        hit = kit.move(state, hit, "discard")
        kit.log(
            state,
            f"{kit.seat_name(state, victim)} discarded {kit.name(state, hit)}.",
            cards=[hit],
            shown_to=kit.teammates(state, step["seat"]),  # the caster's team looked at that hand
            veiled=f"{kit.seat_name(state, victim)} discarded a card.",
        )
        _carrion_pick(state, step["seat"], victim, step["left"] - 1)


kit.card("carrion_curse", resolve=_carrion_curse)


# ---- Death and Decay ----------------------------------------------------------------------------


def _death_and_decay(state, seat, iid, targets):
    ask_opponent(state, seat, "Death and Decay: choose an opponent.", {"op": "death_and_decay"})


def _decay(state, _seat, victim):
    """That opponent's units and heroes get -3/-3 this turn, and each of
    their buildings (base included) takes 3 damage."""
    for tid in _characters_of(state, victim):
        kit.until_end_of_turn(state, tid, atk=-3, hp=-3)
    kit.log(state, f"{kit.seat_name(state, victim)}'s units and heroes get -3/-3 this turn.")
    for tid in buildings_of(state, victim):
        if kit.thing_exists(state, tid):
            kit.damage_target(state, tid, 3, by=kit.catalog.card("death_and_decay")["name"])


kit.each("death_and_decay", kit.Call(_decay))


kit.card("death_and_decay", resolve=_death_and_decay)


# ---- Crypt Crawler ------------------------------------------------------------------------------


def _flier(state, seat, tid):
    return tid in state["cards"] and kit.stats.kw(state, tid, "flying") > 0


def _grounded(state, seat, iid, targets):
    """Pay 1: a flier (a unit, hero or building card: ruling) loses flying
    this turn."""
    tid = targets[0]
    if kit.standing(state, tid):
        kit.until_end_of_turn(state, tid, kw={"flying": -kit.stats.kw(state, tid, "flying")})
        kit.log(state, f"{kit.name(state, tid)} lost flying this turn.", cards=[tid])


kit.card(
    "crypt_crawler",
    abilities=[
        kit.ability(
            "a flier loses flying this turn.",
            _grounded,
            gold=1,
            targets=[kit.slot(("unit", "hero", "building"), _flier)],
        )
    ],
)

# ---- Plague Spitter, Gorgon, Cursed Ghoul ------------------------------------------------------

kit.card("plague_spitter", damage_as_runes=lambda state, iid: True)
kit.card("gorgon", dies=kit.Draw(1))
kit.card(
    "cursed_ghoul",
    arrives=kit.AddRune(minus=1, target=kit.UNIT, prompt="Cursed Ghoul: choose a unit for a -1/-1 rune."),
    unstoppable_by=lambda state, iid, patroller: (
        kit.stats.is_unit(state, patroller) and kit.card_of(state, patroller)["minus"] > 0
    ),
)


# ---- Cursed Crow -----------------------------------------------------------------------------------


def _crow_dealt(state, src, attacker, dealt):
    """It damages a base: the defending player discards a card at random (a
    building destroyed hitting the base doesn't count: ruling). A team's
    base (Two-Headed Dragon): the Crow's controller picks which of them."""
    if attacker != src:
        return
    for dest, amount in dealt:
        if dest.startswith("base:") and amount > 0:
            team = int(dest.split(":")[1])
            kit.push(state, {"op": "cursed_crow", "seat": _controller(state, src), "team": team})


kit.ask_team_later("cursed_crow", kit.Choose(DISCARD_RANDOM, prompt="Cursed Crow: choose the player who discards."))


kit.card("cursed_crow", attacker_dealt=_crow_dealt)


# ---- Abomination ------------------------------------------------------------------------------------

kit.card(
    "abomination",
    aura_all=lambda state, src, iid: (-1, -1, {}) if iid != src and kit.stats.is_unit(state, iid) else NONE,
)


# ---- Plague Lab --------------------------------------------------------------------------------------


# Arrives: a -1/-1 rune on every unit of an opponent.
_plague_lab_arrives = kit.Choose(
    "plague_lab_arrives",
    kit.EachUnitOf(kit.AddRune(minus=1)),
    options=kit.OPPONENTS,
    prompt="Plague Lab: choose an opponent.",
)


def rune_kinds(state, tid):
    """The kinds of rune in-play ``tid`` carries: "plus", "minus", "time"
    and its named runes."""
    inst = state["cards"][tid]
    kinds = [k for k in ("plus", "minus", "time") if inst.get(k, 0) > 0]
    return kinds + sorted(k for k, n in inst["marks"].get("runes", {}).items() if n > 0)


def _plague_lab_use(state, seat, iid, targets):
    _plague_lab_next(state, seat, [])


def _plague_lab_next(state, seat, done):
    options = [i for p in state["players"] for i in p["play"] if i not in done and rune_kinds(state, i)]
    kit.ask(
        state,
        seat,
        "Plague Lab: you may choose a card with runes to get one more.",
        options,
        {"op": "plague_lab_card", "seat": seat, "done": done},
        optional=True,
    )


@kit.op("plague_lab_card")
def _plague_lab_card(state, step):
    for tid in step["choice"]:
        kit.ask(
            state,
            step["seat"],
            f"Plague Lab: which kind of rune does {kit.name(state, tid)} get?",
            rune_kinds(state, tid),
            {"op": "plague_lab_rune", "seat": step["seat"], "card": tid, "done": step["done"] + [tid]},
        )


@kit.op("plague_lab_rune")
def _plague_lab_rune(state, step):
    """Add the chosen kind (Plague Lab ruling: one rune per card, of a kind
    it has), then offer the next card."""
    tid = step["card"]
    for kind in step["choice"]:
        if not kit.thing_exists(state, tid):
            continue
        inst = state["cards"][tid]
        if kind in ("plus", "minus"):
            inst[kind] += 1
        elif kind == "time":
            inst["time"] += 1
        else:
            inst["marks"]["runes"][kind] += 1
        kit.log(
            state,
            f"{kit.name(state, tid)} got another {kind.replace('plus', '+1/+1').replace('minus', '-1/-1')} rune.",
            cards=[tid],
        )
    _plague_lab_next(state, step["seat"], step["done"])


kit.card(
    "plague_lab",
    arrives=_plague_lab_arrives,
    abilities=[
        kit.ability(
            "add a rune of a kind already there to any cards with runes.", _plague_lab_use, gold=2, exhaust=True
        )
    ],
)


# ---- Plague Lord -------------------------------------------------------------------------------------


def _plague_lord_runes(state, iid, *ctx):
    """Arrives or attacks: a -1/-1 rune on each opposing unit and hero."""
    seat = _controller(state, iid)
    for p in state["players"]:
        if kit.is_opponent(state, seat, p["seat"]):
            for tid in _characters_of(state, p["seat"]):
                _rune(state, tid)


def _plague_lord_upkeep(state, iid):
    """Its controller's upkeep: each base takes 1 damage per -1/-1 rune on
    its players' units and heroes, its own too (ruling)."""
    for team in range(len(state["teams"])):
        runes = sum(
            kit.card_of(state, tid)["minus"]
            for p in state["players"]
            if p["team"] == team
            for tid in _characters_of(state, p["seat"])
        )
        if runes:
            kit.damage_building(state, f"base:{team}", runes, by=kit.name(state, iid))


kit.card("plague_lord", arrives_or_attacks=_plague_lord_runes, upkeep=_plague_lord_upkeep)


# ---- Orpal Gloor -----------------------------------------------------------------------------------------


def _fodder(state, seat, tid):
    return kit.yours(state, seat, tid) and not is_demon(state, tid) and tid in sacrificeable_units(state, seat)


def _orpal_rune(state, seat, iid, targets):
    """Sacrifice a non-Demon unit: a -1/-1 rune on a unit (◎); once per turn."""
    kit.use_once(state, iid, "orpal_turn")
    fodder, tid = targets
    kit.sacrifice(state, fodder)
    if kit.standing(state, tid):
        _rune(state, tid)


def _orpal_hears(state, src, dead):
    """Max band: the first time each turn a unit with a -1/-1 rune dies, the
    active player puts a -1/-1 rune on two units friendly to it (◎)."""
    inst = kit.card_of(state, dead)
    marks = kit.card_of(state, src)["marks"]
    if not kit.reached(state, src, "max") or inst["minus"] <= 0 or marks.get("orpal_max_turn") == state["turn"]:
        return
    marks["orpal_max_turn"] = state["turn"]
    kit.push(
        state,
        {
            "op": "orpal_plague",
            "seat": state["active"],
            "owner": inst["controller"],
            "left": 2,
            "dead": dead,
            "done": [],
        },
    )


@kit.op("orpal_plague")
def _orpal_plague(state, step):
    if step["left"] <= 0:
        return
    owner = step["owner"]
    target = kit.slot(
        "unit",
        lambda s, seat, tid: tid != step["dead"] and kit.friendly(s, owner, tid),
        prompt="Orpal Gloor: choose a unit for a -1/-1 rune.",
    )
    kit.ask_target(state, step["seat"], target, target.prompt, dict(step, op="orpal_plague_rune"), exclude=step["done"])


@kit.op("orpal_plague_rune")
def _orpal_plague_rune(state, step):
    for tid in step["choice"]:
        _rune(state, tid)
        _orpal_plague(state, dict(step, left=step["left"] - 1, done=step["done"] + [tid]))


kit.card(
    "orpal_gloor",
    damage_as_runes=lambda state, iid: True,
    unit_dies=_orpal_hears,
    abilities=kit.by_band(
        mid=[
            kit.ability(
                "sacrifice a non-Demon unit: a -1/-1 rune on a unit (once per turn).",
                _orpal_rune,
                available=kit.once_per_turn("orpal_turn"),
                targets=[
                    kit.slot("unit", _fodder, icon=False, prompt="Choose a non-Demon unit to sacrifice."),
                    kit.UNIT,
                ],
            )
        ]
    ),
)
