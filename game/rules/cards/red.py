"""The red cards (Blood Anarchs): the red starting deck, the Anarchy, Blood
and Fire specs, their heroes Captain Zane, Drakk Ramhorn and Jaina
Stormborne, and the red Pirate token (Surprise Attack's Sharks are blue
tokens with keywords only).

Each hook names its card; fine points follow the official rulings
(reference/codex-cards/rulings.json, "Red" and "Heroes") and the decisions
in docs/RULINGS.md ("Red cards"). Keywords stay in the engine: Nautical Dog,
Mad Man, Shoddy Glider, Crashbarrow, Pirate Gunship, Hotter Fire (counted by
:func:`burn`) and the tokens need no hooks.

Triggers that must ask something while the engine is busy (a card arriving,
attacking, dying, a hero reaching max level) queue a ``red_target`` step
instead of asking at once, so two triggers of one moment never open two
prompts over each other; each step asks in its turn.
"""
from .. import catalog, rng, stats
from ..effects import (base_id, building_owner, damage_target, destroy, draw, gain_gold,
                       is_building_id, return_to_hand, sacrifice, sideline, trash)
from ..flow import ask, op, push
from ..state import (card_of, change_control, is_opponent, log, name, player, seat_name,
                     team_of)
from ..targeting import can_target, controller_of, is_flagbearer, kind_of, resist_cost, thing_exists
from ..turns import acting_seats
from . import Ability, Hooks, Target, register
from .common import (_take_from_codex, add_named_rune, ask_target, at_end_of_turn, cast_free,
                     free_cast_ready, make_token, patroller, rune_count, tech_at_most,
                     trash_worker, until_end_of_turn, worker_total, yours)

CHARACTER = ("unit", "hero")
BUILDING = ("building", "base")
ANYTHING = ("unit", "hero", "building", "base")
NONE = (0, 0, {})


def _controller(state, iid):
    return card_of(state, iid)["controller"]


def _is_building(state, tid):
    """A tech building, add-on, base or building card in play."""
    return is_building_id(tid) or (tid in state["cards"] and kind_of(state, tid) == "building")


def _patroller_or_building(state, seat, tid):
    return _is_building(state, tid) or patroller(state, seat, tid)


def _own_turn(state, seat):
    """True during the turn of ``seat``'s team ("on your turn")."""
    return team_of(state, seat) == team_of(state, state["active"])


def _opposing_bases(state, seat):
    """One base id per opposing team (Two-Headed Dragon: one shared base,
    Captured Bugblatter and Drakk Ramhorn rulings)."""
    return sorted({base_id(state, p["seat"]) for p in state["players"]
                   if is_opponent(state, seat, p["seat"])})


def burn(state, seat, amount):
    """Damage of a red spell or of a red card's ability, dealt for ``seat``:
    +1 for each Hotter Fire ``seat`` controls (Hotter Fire rulings: every
    red spell and red card ability that deals damage, your own base too,
    and they stack; combat damage never)."""
    fires = sum(1 for i in player(state, seat)["play"] if card_of(state, i)["card"] == "hotter_fire")
    return amount + fires if amount > 0 else amount


# Hotter Fire is an ongoing spell with nothing to do of its own: burn()
# counts it wherever red damage is dealt.
register("hotter_fire", Hooks())


def _hit(state, seat, target, amount, source=None):
    """Deal red damage ``amount`` (plus Hotter Fire) to ``target``;
    ``source`` is the card in play dealing it (so its kills count)."""
    if source is not None and not thing_exists(state, source):
        source = None
    damage_target(state, target, burn(state, seat, amount), source=source)


def _steal(state, seat, victim, amount):
    """``seat`` takes up to ``amount`` gold from ``victim``: never more than
    the victim has (Pillage and Gunpoint Taxman rulings)."""
    if victim == seat:
        return
    taken = min(amount, player(state, victim)["gold"])
    if taken <= 0:
        return
    player(state, victim)["gold"] -= taken
    gain_gold(state, seat, taken)
    log(state, f"{seat_name(state, seat)} stole {taken} gold from {seat_name(state, victim)}.")


# Target slots, by name, for the steps a trigger queues (steps are plain data).
SLOTS = {
    "unit": Target(("unit",)),
    "patroller": Target(CHARACTER, patroller),
    "patroller_or_building": Target(ANYTHING, _patroller_or_building),
    "tech01_unit": Target(("unit",), tech_at_most(1)),
    "opposing_base": Target(("base",), lambda s, seat, t: is_opponent(s, seat, controller_of(s, t))),
    "anything": Target(ANYTHING),
}


def _later_target(state, seat, slot, text, then):
    """Queue a step that asks ``seat`` for a target of ``SLOTS[slot]`` (see
    the module docstring), then runs ``then`` with the choice."""
    push(state, {"op": "red_target", "seat": seat, "slot": slot, "text": text, "then": then})


@op("red_target")
def _red_target(state, step):
    ask_target(state, step["seat"], SLOTS[step["slot"]], step["text"], step["then"])


@op("red_damage")
def _red_damage(state, step):
    """The chosen target takes red damage ``amount`` (Hotter Fire counted
    now) from ``source``, when that is still in play."""
    for tid in step["choice"]:
        _hit(state, step["seat"], tid, step["amount"], step.get("source"))


# ---- red starting deck ------------------------------------------------------

def _bombaster(state, seat, iid, targets):
    """Bombaster: pay 1 and sacrifice it: 2 damage to a patrolling unit."""
    _hit(state, seat, targets[0], 2)


register("bombaster", Hooks(abilities=lambda state, iid: [Ability(
    "2 damage to a patrolling unit.", _bombaster, targets=[Target(("unit",), patroller)],
    gold=1, sacrifice=True)]))


def _careless_musketeer(state, seat, iid, targets):
    """Careless Musketeer: exhaust: 1 damage to a unit or building, and 1
    to your own base (Hotter Fire ruling: both get the extra damage)."""
    _hit(state, seat, targets[0], 1, iid)
    _hit(state, seat, base_id(state, seat), 1)


register("careless_musketeer", Hooks(abilities=lambda state, iid: [Ability(
    "1 damage to a unit or building and 1 to your own base.", _careless_musketeer,
    targets=[Target(("unit",) + BUILDING)], exhaust=True)]))


def _bloodrage_ogre_end(state, iid):
    """Bloodrage Ogre: at the end of his controller's turn he goes back to
    his owner's hand unless he arrived or attacked this turn (rulings: only
    on his controller's turn, after the draw phase)."""
    inst = card_of(state, iid)
    if inst["controller"] not in acting_seats(state):
        return
    if inst["arrived"] >= state["turn"] or inst["attacks"]:
        return
    return_to_hand(state, iid)


register("bloodrage_ogre", Hooks(end_of_turn=_bloodrage_ogre_end))


def _attacks_building(state, target):
    return target is not None and thing_exists(state, target) and _is_building(state, target)


def _rambaster_bonus(state, iid, target):
    """Makeshift Rambaster: +2 ATK while attacking a building (a base, tech
    building, add-on or building card)."""
    return 2 if _attacks_building(state, target) else 0


def _never_patrols(state, iid):
    """Makeshift Rambaster, Land Octopus: "can't patrol"."""
    return False


register("makeshift_rambaster", Hooks(attack_bonus=_rambaster_bonus, can_patrol=_never_patrols))


def _bloodburn_rune(state, src, dead):
    """Bloodburn: whenever any unit dies, a blood rune (at most 4)."""
    if rune_count(state, src, "blood") < 4:
        add_named_rune(state, src, "blood")


def _bloodburn_shot(state, seat, iid, targets):
    """Bloodburn: exhaust and remove two blood runes: 1 damage to a unit or
    building (an upgrade has arrival fatigue too, Bloodburn ruling, R5)."""
    card_of(state, iid)["marks"]["runes"]["blood"] -= 2
    _hit(state, seat, targets[0], 1, iid)


register("bloodburn", Hooks(unit_dies=_bloodburn_rune, abilities=lambda state, iid: [Ability(
    "remove two blood runes: 1 damage to a unit or building.", _bloodburn_shot,
    targets=[Target(("unit",) + BUILDING)], exhaust=True,
    available=lambda s, i: rune_count(s, i, "blood") >= 2)]))


def _scorch(state, seat, iid, targets):
    """Scorch: 2 damage to a patroller or a building (3 with Hotter Fire,
    ruling)."""
    _hit(state, seat, targets[0], 2)


register("scorch", Hooks(targets=[SLOTS["patroller_or_building"]], resolve=_scorch))


def _charge(state, seat, iid, targets):
    """Charge: one of your units gets haste and +1 ATK this turn."""
    if not thing_exists(state, targets[0]):
        return  # an Illusion that died when targeted
    until_end_of_turn(state, targets[0], atk=1, kw={"haste": 1})
    log(state, f"{name(state, targets[0])} charges: haste and +1 ATK this turn.")


register("charge", Hooks(targets=[Target(("unit",), yours)], resolve=_charge))


def _pillage(state, seat, iid, targets):
    """Pillage: 1 damage to a base and steal 1 gold from its player; 2 and 2
    if you control a Pirate. Hotter Fire adds damage, not gold. In
    Two-Headed Dragon the caster picks which player of that team pays
    (house rule R27)."""
    pirates = any(stats.is_unit(state, i) and "Pirate" in catalog.card(card_of(state, i)["card"])["subtypes"]
                  for i in player(state, seat)["play"])
    amount = 2 if pirates else 1
    _hit(state, seat, targets[0], amount)
    ask(state, seat, "Pillage: steal from which player?", building_owner(state, targets[0]),
        {"op": "pillage_steal", "seat": seat, "amount": amount})


@op("pillage_steal")
def _pillage_steal(state, step):
    for victim in step["choice"]:
        _steal(state, step["seat"], victim, step["amount"])


register("pillage", Hooks(targets=[Target(("base",))], resolve=_pillage))


# ---- Anarchy ----------------------------------------------------------------

def _printed_atk(state, iid):
    inst = card_of(state, iid)
    rec = catalog.card(inst["card"])
    printed = catalog.hero_band(inst["card"], inst["level"])["atk"] if rec["kind"] == "hero" else rec["atk"]
    return stats.printed_atk(state, iid, printed or 0)


def _chaos_mirror(state, seat, iid, targets):
    """Chaos Mirror: two units and/or heroes swap their printed ATK until the
    end of the turn; runes and other bonuses still apply on top (Chaos Mirror
    ruling). It doesn't target (no ◎)."""
    first, second = targets
    if first == second or not (thing_exists(state, first) and thing_exists(state, second)):
        return
    a, b = _printed_atk(state, first), _printed_atk(state, second)
    state["temp"].append({"iid": first, "printed_atk": b})
    state["temp"].append({"iid": second, "printed_atk": a})
    log(state, f"{name(state, first)} and {name(state, second)} swapped their printed ATK.")


register("chaos_mirror", Hooks(targets=[Target(CHARACTER, icon=False), Target(CHARACTER, icon=False)],
                               resolve=_chaos_mirror))


def _detonate(state, seat, iid, targets):
    """Detonate: trash a worker or a building card (◎; not a base, tech
    building or add-on), then trash Detonate itself. A worker is picked at
    random and unseen: workers are all alike (Detonate rulings; your own
    are allowed)."""
    options = [t for p in state["players"] for t in p["play"]
               if kind_of(state, t) == "building" and can_target(state, seat, t)
               and resist_cost(state, seat, [t]) <= player(state, seat)["gold"]]
    options += [f"workers:{p['seat']}" for p in state["players"] if worker_total(state, p["seat"]) > 0]
    if not options:
        trash(state, iid)
        return
    ask(state, seat, "Detonate: trash a worker (choose whose) or a building card.", options,
        {"op": "detonate", "seat": seat, "spell": iid})


@op("detonate")
def _detonate_hit(state, step):
    from ..effects import pay
    for pick in step["choice"]:
        if pick.startswith("workers:"):
            trash_worker(state, int(pick.split(":")[1]))
        else:
            pay(state, step["seat"], resist_cost(state, step["seat"], [pick]))
            trash(state, pick)
    if step["spell"] in state["cards"]:
        trash(state, step["spell"])


register("detonate", Hooks(resolve=_detonate))


def _surprise_attack(state, seat, iid, targets):
    """Surprise Attack: two Shark tokens (3/1, haste, ephemeral)."""
    for _ in range(2):
        make_token(state, "shark", seat)


register("surprise_attack", Hooks(resolve=_surprise_attack))


def _maximum_anarchy(state, seat, iid, targets):
    """Maximum Anarchy: destroy every unit and hero, Zane too; they die, so
    dies triggers and patrol slot bonuses happen (Maximum Anarchy rulings)."""
    for tid in [i for p in state["players"] for i in p["play"]]:
        if stats.is_character(state, tid):
            destroy(state, tid)


register("maximum_anarchy", Hooks(resolve=_maximum_anarchy))


def _calypso(state, seat, iid, targets):
    """Calypso Vystari: exhaust: if you played a spell this turn, sideline a
    patroller (◎). Without a spell this turn it does nothing and doesn't
    even target (Calypso Vystari rulings)."""
    if player(state, seat).get("spell_turn") != state["turn"]:
        log(state, "No spell was played this turn: nothing happens.")
        return
    ask_target(state, seat, SLOTS["patroller"], "Calypso Vystari: choose a patroller to sideline.",
               {"op": "red_sideline"})


@op("red_sideline")
def _red_sideline(state, step):
    for tid in step["choice"]:
        sideline(state, tid)


register("calypso_vystari", Hooks(abilities=lambda state, iid: [Ability(
    "if you played a spell this turn, sideline a patroller.", _calypso, exhaust=True)]))


def _taxman_kills(state, killer, victim, slot):
    """Gunpoint Taxman: whenever he kills a patroller, steal 1 gold from its
    player (nothing from a player without gold, ruling)."""
    if slot is not None:
        _steal(state, killer["seat"], _controller(state, victim), 1)


register("gunpoint_taxman", Hooks(kills=_taxman_kills))


def _disguised_monkey(state, iid):
    """Disguised Monkey arrives: stealth this turn."""
    until_end_of_turn(state, iid, kw={"stealth": 1})


register("disguised_monkey", Hooks(arrives=_disguised_monkey))


def _lizzo_end(state, iid):
    """Chameleon Lizzo: at the end of every turn, if he's still in play, he
    goes back to his owner's hand, after the draw phase (rulings)."""
    return_to_hand(state, iid)


register("chameleon_lizzo", Hooks(end_of_turn=_lizzo_end))


def _marauder(state, iid):
    """Marauder arrives: if its boost was paid, trash a worker of the
    player you choose, your own allowed (Marauder ruling); the worker is
    picked at random, unseen (as for Detonate)."""
    if not card_of(state, iid)["marks"].get("boosted"):
        return
    seat = _controller(state, iid)
    options = [f"workers:{p['seat']}" for p in state["players"] if worker_total(state, p["seat"]) > 0]
    push(state, {"op": "red_ask", "seat": seat, "text": "Marauder: trash a worker of which player?",
                 "options": options, "then": {"op": "marauder"}})


@op("red_ask")
def _red_ask(state, step):
    """A queued question (see the module docstring); ``optional``: "you may"."""
    ask(state, step["seat"], step["text"], step["options"], step["then"],
        optional=step.get("optional", False))


@op("marauder")
def _marauder_trash(state, step):
    for pick in step["choice"]:
        trash_worker(state, int(pick.split(":")[1]))


register("marauder", Hooks(arrives=_marauder))


def _steam_tank_bonus(state, iid, target):
    """Steam Tank: +4 ATK while attacking a building."""
    return 4 if _attacks_building(state, target) else 0


register("steam_tank", Hooks(attack_bonus=_steam_tank_bonus))


def _sanatorium(state, seat, iid, targets):
    """Sanatorium: pay 1 and exhaust: draw a card, then put up to two tech
    0, I or II units from your hand into play, free and without tech
    buildings; they gain haste and ephemeral for good (Sanatorium rulings)."""
    draw(state, seat, 1, in_main=True)
    _sanatorium_ask(state, seat, 2)


def _sanatorium_ask(state, seat, left):
    options = [i for i in player(state, seat)["hand"]
               if catalog.card(card_of(state, i)["card"])["kind"] == "unit"
               and (catalog.card(card_of(state, i)["card"])["tech"] or 0) <= 2]
    if left > 0 and options:
        ask(state, seat, "Sanatorium: you may put a tech 0, I or II unit from your hand into play.",
            options, {"op": "sanatorium", "seat": seat, "left": left - 1}, optional=True)


@op("sanatorium")
def _sanatorium_put(state, step):
    from ..actions import enter_play
    if not step["choice"]:
        return
    unit = enter_play(state, step["choice"][0], step["seat"])
    inst = state["cards"].get(unit)
    if inst is not None and inst["zone"] == "play":
        inst["granted"]["haste"] = 1
        inst["granted"]["ephemeral"] = 1
        log(state, f"{name(state, unit)} gained haste and ephemeral.")
    _sanatorium_ask(state, step["seat"], step["left"])


register("sanatorium", Hooks(abilities=lambda state, iid: [Ability(
    "draw a card, then put up to two tech 0-II units from your hand into play.", _sanatorium,
    gold=1, exhaust=True)]))


# ---- Blood ------------------------------------------------------------------

def _desperation(state, seat, iid, targets):
    """Desperation: if your hand is empty (Desperation itself has left it,
    ruling), trash it and draw three (R9 limits reshuffles); either way you
    discard your hand when your main phase ends, before the draw phase
    (ruling; turns.end_main_phase)."""
    p = player(state, seat)
    if not p["hand"]:
        trash(state, iid)
        draw(state, seat, 3, in_main=True)
    p["discard_hand_turn"] = state["turn"]


register("desperation", Hooks(resolve=_desperation))


def _kidnapping(state, seat, iid, targets):
    """Kidnapping: take control of an opposing tech 0, I or II unit until
    the end of the turn; it readies and has haste. If it is still in play
    then, its former controller gets it back (Kidnapping rulings; dying, it
    goes to its owner's discard pile)."""
    unit = targets[0]
    if not thing_exists(state, unit):
        return  # an Illusion that died when targeted
    former = _controller(state, unit)
    change_control(state, unit, seat)
    card_of(state, unit)["exhausted"] = False
    until_end_of_turn(state, unit, kw={"haste": 1})
    log(state, f"{seat_name(state, seat)} kidnapped {name(state, unit)}.")
    at_end_of_turn(state, {"op": "kidnap_return", "iid": unit, "seat": former, "taker": seat})


@op("kidnap_return")
def _kidnap_return(state, step):
    inst = state["cards"].get(step["iid"])
    if inst is not None and inst["zone"] == "play" and inst["controller"] == step["taker"]:
        change_control(state, step["iid"], step["seat"])
        log(state, f"{name(state, step['iid'])} went back to {seat_name(state, step['seat'])}.")


register("kidnapping", Hooks(
    targets=[Target(("unit",), lambda s, seat, t: is_opponent(s, seat, controller_of(s, t))
                    and tech_at_most(2)(s, seat, t))],
    resolve=_kidnapping))


def _bloodlust(state, seat, iid, targets):
    """Bloodlust: up to two units and/or heroes (◎, chosen one at a time,
    none is allowed) get +1 ATK and haste this turn; each still in play takes
    1 damage at the end of the turn (a red spell's damage: Hotter Fire
    counts)."""
    _bloodlust_ask(state, seat, [])


def _bloodlust_ask(state, seat, chosen):
    ask_target(state, seat, Target(CHARACTER), "Bloodlust: you may choose a unit or hero.",
               {"op": "bloodlust", "seat": seat, "chosen": chosen}, exclude=chosen, optional=True)


@op("bloodlust")
def _bloodlust_pick(state, step):
    seat = step["seat"]
    for tid in step["choice"]:
        until_end_of_turn(state, tid, atk=1, kw={"haste": 1})
        at_end_of_turn(state, {"op": "bloodlust_burn", "iid": tid, "seat": seat})
        log(state, f"{name(state, tid)} got +1 ATK and haste this turn.")
    chosen = step["chosen"] + step["choice"]
    if step["choice"] and len(chosen) < 2:
        _bloodlust_ask(state, seat, chosen)


@op("bloodlust_burn")
def _bloodlust_burn(state, step):
    if thing_exists(state, step["iid"]):
        _hit(state, step["seat"], step["iid"], 1)


register("bloodlust", Hooks(resolve=_bloodlust))


def _war_drums(state, src, iid):
    """War Drums: your units get +X ATK, X = the units you control now
    (War Drums ruling: stolen units count for their new controller)."""
    if not stats.is_unit(state, iid):
        return NONE
    seat = _controller(state, src)
    return (sum(1 for i in player(state, seat)["play"] if stats.is_unit(state, i)), 0, {})


register("war_drums", Hooks(aura=_war_drums))


def _crash_bomber(state, iid):
    """Crash Bomber dies: on its controller's turn, 1 damage to a patroller
    or building (◎); on another player's turn, 1 damage to that player's
    base."""
    seat = _controller(state, iid)
    if _own_turn(state, seat):
        _later_target(state, seat, "patroller_or_building",
                      "Crash Bomber: choose a patroller or building to take 1 damage.",
                      {"op": "red_damage", "seat": seat, "amount": 1})
    else:
        _hit(state, seat, base_id(state, state["active"]), 1)


register("crash_bomber", Hooks(dies=_crash_bomber))


def _rickety_mine(state, seat, iid, targets):
    """Rickety Mine: exhaust: gain 3 gold and flip a coin (the game's seeded
    generator); tails: sacrifice it and your base takes 2 damage (an ability
    of a red card: Hotter Fire counts). No haste: not the turn it arrives
    (ruling, R5)."""
    gained = gain_gold(state, seat, 3)
    log(state, f"{seat_name(state, seat)} gained {gained} gold.")
    if rng.randbelow(state, 2) == 0:
        log(state, "The coin came up heads.")
        return
    log(state, "The coin came up tails.")
    sacrifice(state, iid)
    _hit(state, seat, base_id(state, seat), 2)


register("rickety_mine", Hooks(abilities=lambda state, iid: [Ability(
    "gain 3 gold and flip a coin.", _rickety_mine, exhaust=True)]))


def _bugblatter(state, src, dead):
    """Captured Bugblatter: whenever a unit dies (itself too, ruling): on an
    opponent's turn, that player's base takes 1 damage; on your turn, 1
    damage to an opposing base you choose (◎). One base per team in
    Two-Headed Dragon (ruling)."""
    seat = _controller(state, src)
    if _own_turn(state, seat):
        _later_target(state, seat, "opposing_base", "Captured Bugblatter: choose a base to take 1 damage.",
                      {"op": "red_damage", "seat": seat, "amount": 1})
    else:
        _hit(state, seat, base_id(state, state["active"]), 1)


register("captured_bugblatter", Hooks(unit_dies=_bugblatter))


def _octopus_upkeep(state, iid):
    """Land Octopus, upkeep: sacrifice two workers (they are trashed,
    ruling) or sacrifice it. With fewer than two workers it is sacrificed."""
    seat = _controller(state, iid)
    if worker_total(state, seat) < 2:
        sacrifice(state, iid)
        return
    push(state, {"op": "red_ask", "seat": seat, "text": "Land Octopus: sacrifice two workers, or the Octopus?",
                 "options": [f"workers:{seat}", iid], "then": {"op": "octopus", "seat": seat, "octopus": iid}})


@op("octopus")
def _octopus_choice(state, step):
    for pick in step["choice"]:
        if pick.startswith("workers:"):
            trash_worker(state, step["seat"])
            trash_worker(state, step["seat"])
        else:
            sacrifice(state, step["octopus"])


register("land_octopus", Hooks(upkeep=_octopus_upkeep, can_patrol=_never_patrols))


def _ogre_recruiter(state, iid, ctx):
    """Ogre Recruiter: after its attack, if it survived, take control of a
    tech 0 or tech I unit (◎; a forced pick may be your own: nothing
    changes then)."""
    seat = _controller(state, iid)
    _later_target(state, seat, "tech01_unit", "Ogre Recruiter: choose a tech 0 or I unit to take.",
                  {"op": "red_take", "seat": seat})


@op("red_take")
def _red_take(state, step):
    for tid in step["choice"]:
        if thing_exists(state, tid) and _controller(state, tid) != step["seat"]:
            change_control(state, tid, step["seat"])
            log(state, f"{seat_name(state, step['seat'])} took control of {name(state, tid)}.")


register("ogre_recruiter", Hooks(after_attack=_ogre_recruiter))


def _blood_unit(card_id):
    rec = catalog.card(card_id)
    return rec["kind"] == "unit" and rec["spec"] == "blood" and rec["tech"] in (1, 2)


def _pgc_arrives(state, iid):
    """Pirate-Gang Commander arrives: three Pirate tokens (2/2)."""
    for _ in range(3):
        make_token(state, "pirate", _controller(state, iid))


def _pgc_unit_dies(state, src, dead):
    """Pirate-Gang Commander: each of your units has "dies: 1 damage to each
    opposing base" (himself too); a red ability, so Hotter Fire counts."""
    seat = _controller(state, src)
    if _controller(state, dead) == seat:
        for base in _opposing_bases(state, seat):
            _hit(state, seat, base, 1)


def _pgc_cost(state, src, seat, card_id, cost):
    """Pirate-Gang Commander: your tech I and II Blood units cost 0."""
    return 0 if _blood_unit(card_id) else cost


def _pgc_no_tech(state, src, seat, card_id):
    """Pirate-Gang Commander: your tech I and II Blood units need no tech
    building (nor, in the 3-hero game, a Tech II of the Blood spec)."""
    return _blood_unit(card_id)


register("pirate_gang_commander", Hooks(arrives=_pgc_arrives, unit_dies=_pgc_unit_dies,
                                        cost_mod=_pgc_cost, tech_waiver=_pgc_no_tech))


# ---- Fire -------------------------------------------------------------------

def _fire_dart(state, seat, iid, targets):
    """Fire Dart: 3 damage to a unit or 2 damage to a building."""
    _hit(state, seat, targets[0], 2 if _is_building(state, targets[0]) else 3)


register("fire_dart", Hooks(targets=[Target(("unit",) + BUILDING)], resolve=_fire_dart))


def _flame_arrow(state, seat, iid, targets):
    """Flame Arrow: 4 damage to a unit or hero, or 3 to a building."""
    _hit(state, seat, targets[0], 3 if _is_building(state, targets[0]) else 4)


register("flame_arrow", Hooks(targets=[Target(ANYTHING)], resolve=_flame_arrow))


def divide(state, seat, slot, total, most, title):
    """Divide ``total`` damage among at most ``most`` targets of
    ``SLOTS[slot]``, one point per prompt: each point goes to a target
    already chosen or, while fewer than ``most`` are, to a new one (◎: its
    resist is paid, an Illusion dies, the first target must be an opposing
    flagbearer if one can be targeted, Flagbearer ruling). At least one
    point per target (Burning Volley ruling); the damage is dealt at once at
    the end."""
    push(state, {"op": "divide", "seat": seat, "slot": slot, "left": total, "most": most,
                 "title": title, "split": {}, "choice": None})


@op("divide")
def _divide(state, step):
    from ..actions import _kill_targeted_illusions
    from ..effects import pay
    from ..targeting import slot_candidates
    seat, split, left = step["seat"], dict(step["split"]), step["left"]
    for pick in step["choice"] or []:
        if pick not in split:
            pay(state, seat, resist_cost(state, seat, [pick]))
            _kill_targeted_illusions(state, [pick])
        split[pick] = split.get(pick, 0) + 1
        left -= 1
    options = [t for t in sorted(split) if thing_exists(state, t) and not _doomed(state, t)]
    if len(split) < step["most"]:
        gold = player(state, seat)["gold"]
        new = [t for t in slot_candidates(state, seat, SLOTS[step["slot"]], exclude=list(split))
               if resist_cost(state, seat, [t]) <= gold]
        flags = [t for t in new if is_flagbearer(state, t) and is_opponent(state, seat, controller_of(state, t))]
        if flags and not any(is_flagbearer(state, t) for t in split if thing_exists(state, t)):
            new = flags
        options += new
    if left > 0 and options:
        ask(state, seat, f"{step['title']}: {left} damage left; choose where the next 1 goes.", options,
            dict(step, split=split, left=left))
        return
    for tid, amount in sorted(split.items()):  # a stored state's key order is not kept
        if thing_exists(state, tid) and not _doomed(state, tid):
            damage_target(state, tid, amount)


def _doomed(state, tid):
    return not is_building_id(tid) and card_of(state, tid)["marks"].get("doomed", False)


def _ember_sparks(state, seat, iid, targets):
    """Ember Sparks: divide 3 damage among one to three patrollers and/or
    buildings; Hotter Fire makes it 4, still on at most three (rulings)."""
    divide(state, seat, "patroller_or_building", burn(state, seat, 3), 3, "Ember Sparks")


register("ember_sparks", Hooks(resolve=_ember_sparks))


def _burning_volley(state, seat, iid, targets):
    """Burning Volley: divide 5 damage among any number of units, heroes and
    buildings; with Hotter Fire 6, on up to six targets (rulings)."""
    total = burn(state, seat, 5)
    divide(state, seat, "anything", total, total, "Burning Volley")


register("burning_volley", Hooks(resolve=_burning_volley))


def _lobber(state, seat, iid, targets):
    """Lobber: exhaust: 1 damage to a building."""
    _hit(state, seat, targets[0], 1, iid)


register("lobber", Hooks(abilities=lambda state, iid: [Ability(
    "1 damage to a building.", _lobber, targets=[Target(BUILDING)], exhaust=True)]))


def _firebat(state, seat, iid, targets):
    """Firebat: pay 1 and exhaust: 2 damage to a patroller or building."""
    _hit(state, seat, targets[0], 2, iid)


register("firebat", Hooks(abilities=lambda state, iid: [Ability(
    "2 damage to a patroller or building.", _firebat, targets=[SLOTS["patroller_or_building"]],
    gold=1, exhaust=True)]))


def _bamstamper(state, iid):
    """Bamstamper Lizzo arrives: 3 damage to a unit, not optional: his
    controller's own units too, himself if he's the only one (ruling)."""
    seat = _controller(state, iid)
    _later_target(state, seat, "unit", "Bamstamper Lizzo: choose a unit to take 3 damage.",
                  {"op": "red_damage", "seat": seat, "amount": 3, "source": iid})


register("bamstamper_lizzo", Hooks(arrives=_bamstamper))


def _doubleshot(state, iid, ctx):
    """Doubleshot Archer attacks: the base of the player controlling what it
    attacks takes 3 damage."""
    seat = _controller(state, iid)
    _hit(state, seat, base_id(state, ctx["defender"]), 3, iid)


register("doubleshot_archer", Hooks(attacks=_doubleshot))


def _firebird(state, src, attacker, dealt):
    """Molting Firebird: whenever its combat damage hits a building, every
    unit and hero of that building's player takes 1 damage (both players of
    a Two-Headed Dragon team when it hits their shared base); a red ability,
    so Hotter Fire counts (ruling)."""
    if src != attacker:
        return
    seat = _controller(state, src)
    for target, _amount in dealt:
        if is_building_id(target):
            owners = building_owner(state, target)
        elif target in state["cards"] and kind_of(state, target) == "building":
            owners = [_controller(state, target)]
        else:
            continue
        for victim in [i for s in owners for i in player(state, s)["play"] if stats.is_character(state, i)]:
            _hit(state, seat, victim, 1, src)


register("molting_firebird", Hooks(attacker_dealt=_firebird))


def _firehouse(state, seat, iid, targets):
    """Firehouse: exhaust: 2 damage to a unit, hero or building; if that
    damage destroys it, Firehouse readies (no limit, ruling). An Illusion
    that died on being targeted took no damage: no ready (ruling)."""
    target = targets[0]
    if not thing_exists(state, target) or _doomed(state, target):
        return
    _hit(state, seat, target, 2, iid)
    push(state, {"op": "firehouse_check", "house": iid, "target": target})


@op("firehouse_check")
def _firehouse_check(state, step):
    """After the damage (deaths applied): the target is gone, so Firehouse
    readies."""
    house = state["cards"].get(step["house"])
    if not thing_exists(state, step["target"]) and house is not None and house["zone"] == "play":
        house["exhausted"] = False
        log(state, "Firehouse readied.")


register("firehouse", Hooks(abilities=lambda state, iid: [Ability(
    "2 damage to a unit, hero or building.", _firehouse, targets=[Target(ANYTHING)], exhaust=True)]))


def _fire_spell(card_id):
    rec = catalog.card(card_id)
    return rec["kind"] == "spell" and rec["spec"] == "fire" and rec.get("spell_kind") != "ultimate"


def _cinderblast(state, iid, *_ctx):
    """Cinderblast Dragon, arrives or attacks: you may cast a non-ultimate
    Fire spell from your hand or codex for free (no Fire hero needed,
    ruling), then it is discarded. On an attack it resolves before the
    combat; a killed defender means a new target, no second trigger
    (ruling; the engine's recheck_defender)."""
    seat = _controller(state, iid)
    p = player(state, seat)
    hand = [i for i in p["hand"] if _fire_spell(card_of(state, i)["card"])
            and free_cast_ready(state, seat, card_of(state, i)["card"])]
    codex = [c for c in sorted(p["codex"]) if p["codex"][c] > 0 and _fire_spell(c)
             and free_cast_ready(state, seat, c)]
    if hand or codex:
        push(state, {"op": "red_ask", "optional": True, "seat": seat, "options": hand + codex,
                     "text": "Cinderblast Dragon: you may cast a Fire spell from your hand or codex for free.",
                     "then": {"op": "cinderblast", "seat": seat}})


@op("cinderblast")
def _cinderblast_cast(state, step):
    from ..state import make_instance
    seat = step["seat"]
    for pick in step["choice"]:
        if pick in state["cards"]:
            cast_free(state, seat, pick)
        elif player(state, seat)["codex"].get(pick, 0) > 0:
            _take_from_codex(player(state, seat), pick)
            cast_free(state, seat, make_instance(state, pick, seat, "stack"))


register("cinderblast_dragon", Hooks(arrives=_cinderblast, attacks=_cinderblast))


# ---- heroes -----------------------------------------------------------------

def _zane_kills(state, killer, victim, slot):
    """Captain Zane, mid band: when Zane's own damage (combat or his max
    level ability, not a spell) kills a scavenger, 1 gold; a technician, a
    card (Zane ruling)."""
    if killer["level"] < 4:
        return
    seat = killer["seat"]
    if slot == "scavenger" and gain_gold(state, seat, 1):
        log(state, f"{seat_name(state, seat)} gained 1 gold: Zane killed a scavenger.")
    elif slot == "technician":
        draw(state, seat, 1, in_main=_own_turn(state, seat) and state["phase"] == "main")


def _zane_max(state, iid):
    """Captain Zane reaches max level: shove a patroller (◎) to an empty
    slot of its own patrol zone (any one, Zane ruling), then 1 damage to it
    from Zane; with no empty slot it stays and still takes the damage (do
    as much as you can, ruling)."""
    seat = _controller(state, iid)
    _later_target(state, seat, "patroller", "Captain Zane: choose a patroller to shove.",
                  {"op": "zane_shove", "seat": seat, "zane": iid})


@op("zane_shove")
def _zane_shove(state, step):
    from ..state import patrol_slot
    for tid in step["choice"]:
        if not thing_exists(state, tid):
            continue  # an Illusion that died when targeted
        owner = _controller(state, tid)
        empty = [f"slot:{owner}:{s}" for s, occupant in player(state, owner)["patrol"].items()
                 if occupant is None and patrol_slot(state, tid) is not None]
        ask(state, step["seat"], "Captain Zane: choose the empty slot to shove it to.", empty,
            {"op": "zane_shoved", "seat": step["seat"], "zane": step["zane"], "target": tid})


@op("zane_shoved")
def _zane_shoved(state, step):
    from ..state import patrol_slot
    tid = step["target"]
    if not thing_exists(state, tid):
        return
    for pick in step["choice"]:
        _, owner, slot = pick.split(":")
        zone = player(state, int(owner))["patrol"]
        old = patrol_slot(state, tid)
        if old is not None and zone[slot] is None:
            zone[old], zone[slot] = None, tid
            log(state, f"{name(state, tid)} was shoved to the {slot.replace('_', ' ')} slot.")
    _hit(state, step["seat"], tid, 1, step["zane"])


register("captain_zane", Hooks(kills=_zane_kills, max_level=_zane_max))


def _drakk_dies(state, iid):
    """Drakk Ramhorn dies: 1 damage to each opponent's base (one per team in
    Two-Headed Dragon, ruling); a red ability, so Hotter Fire counts."""
    seat = _controller(state, iid)
    for base in _opposing_bases(state, seat):
        _hit(state, seat, base, 1)


def _drakk_aura(state, src, iid):
    """Drakk Ramhorn, mid band: your units have frenzy 1."""
    if card_of(state, src)["level"] >= 4 and stats.is_unit(state, iid):
        return (0, 0, {"frenzy": 1})
    return NONE


def _drakk_haste(state, src, iid):
    """Drakk Ramhorn, max band: the first unit that arrives from your hand
    each turn gains haste for good; only the very first of the turn, and
    only if Drakk is at max level when it arrives (Drakk rulings; put into
    play from hand counts, from anywhere else not)."""
    inst = card_of(state, iid)
    if card_of(state, src)["level"] >= 6 and inst["marks"].get("first_from_hand") == state["turn"]:
        inst["granted"]["haste"] = 1
        log(state, f"{name(state, iid)} gained haste from Drakk Ramhorn.")


register("drakk_ramhorn", Hooks(dies=_drakk_dies, aura=_drakk_aura, other_arrives=_drakk_haste))


def _jaina_mid(state, seat, iid, targets):
    """Jaina Stormborne, mid band: exhaust: 1 damage to a patrolling unit or
    a building (heroes are no targets)."""
    _hit(state, seat, targets[0], 1, iid)


def _jaina_max(state, seat, iid, targets):
    """Jaina Stormborne, max band: exhaust: 3 damage to a unit or building
    (4 with Hotter Fire, ruling)."""
    _hit(state, seat, targets[0], 3, iid)


def _jaina_abilities(state, iid):
    """Jaina's abilities by level: a hero has those of its band and the
    bands below, so at max level both, the mid band one first."""
    level = card_of(state, iid)["level"]
    out = []
    if level >= 4:
        out.append(Ability("1 damage to a patrolling unit or a building.", _jaina_mid,
                           targets=[Target(("unit",) + BUILDING, _patroller_or_building)], exhaust=True))
    if level >= 7:
        out.append(Ability("3 damage to a unit or building.", _jaina_max,
                           targets=[Target(("unit",) + BUILDING)], exhaust=True))
    return out


register("jaina_stormborne", Hooks(abilities=_jaina_abilities))
