"""The basic things effects do: damage, healing, drawing, gold, runes, moving
cards between play and other zones, and buildings taking damage.

Sources: Deluxe rulebook ("Damage", "Armor", "Buildings", "Draw/discard
phase", "Runes"), house rules R2, R6, R9.
"""

from . import catalog, rng, stats
from .cards import registry
from .state import (
    HIDDEN_ZONES,
    attachments_of,
    card_of,
    is_patrolling,
    listed,
    log,
    move,
    name,
    patrol_slot,
    player,
    seat_name,
    team_of,
)

GOLD_CAP = 20  # Deluxe rulebook: you cannot have more than 20 gold.
BUILDING_HP = {"tech_1": 5, "tech_2": 5, "tech_3": 5}  # house rule R1
ADDON_HP = 4  # house rule R1


# ---- gold --------------------------------------------------------------


def gain_gold(state: dict, seat: int, amount: int) -> int:
    """Give ``seat`` up to ``amount`` gold within the 20-gold cap; return the gain."""
    p = player(state, seat)
    before = p["gold"]
    p["gold"] = min(GOLD_CAP, before + amount)
    return p["gold"] - before


def pay(state: dict, seat: int, amount: int) -> None:
    """Take ``amount`` gold from ``seat``; the caller has checked affordability."""
    player(state, seat)["gold"] -= amount


# ---- drawing -----------------------------------------------------------


def draw(state: dict, seat: int, count: int = 1, in_main: bool = False) -> int:
    """Draw up to ``count`` cards for ``seat``; return how many were drawn.

    An empty deck is replaced by the shuffled discard pile. In a main phase
    that may happen once; a second empty deck in the same main phase stops
    drawing for that main phase (house rule R9). Upkeep and draw-phase draws
    (``in_main`` False) are not limited.
    """
    p = player(state, seat)
    drawn = []
    for _ in range(count):
        if not p["deck"]:
            if not p["discard"]:
                break
            if in_main:
                if p["reshuffled_in_main"]:
                    break
                p["reshuffled_in_main"] = True
            reshuffle(state, seat)
        drawn.append(move(state, p["deck"][0], "hand"))
    if drawn:
        log(
            state,
            f"{seat_name(state, seat)} drew {', '.join(name(state, i) for i in drawn)}.",
            cards=drawn,
            veiled=f"{seat_name(state, seat)} drew {len(drawn)} card{'s' if len(drawn) != 1 else ''}.",
        )
    return len(drawn)


def reshuffle(state: dict, seat: int) -> None:
    """Shuffle ``seat``'s discard pile to form a new deck (rulebook "Drawing")."""
    p = player(state, seat)
    for iid in list(p["discard"]):
        move(state, iid, "deck")
    rng.shuffle(state, p["deck"])
    log(state, f"{seat_name(state, seat)} shuffled their discard pile into a new deck.")


# ---- buildings -----------------------------------------------------------


def building_ids(state: dict, seat: int) -> list:
    """Target ids of ``seat``'s standing buildings: tech buildings and add-on."""
    p = player(state, seat)
    out = [f"bld:{seat}:{slot}" for slot in ("tech_1", "tech_2", "tech_3") if p["buildings"][slot] is not None]
    if p["buildings"]["addon"] is not None:
        out.append(f"bld:{seat}:addon")
    return out


def base_id(state: dict, seat: int) -> str:
    """The target id of ``seat``'s base (shared by a team)."""
    return f"base:{team_of(state, seat)}"


def is_building_id(target: str) -> bool:
    """True for building and base target ids."""
    return isinstance(target, str) and target.startswith(("bld:", "base:"))


def building_record(state: dict, target: str):
    """The dict holding a building's damage, or None when it does not exist."""
    parts = target.split(":")
    try:
        if parts[0] == "base" and len(parts) == 2:
            return state["teams"][int(parts[1])]
        if parts[0] == "bld" and len(parts) == 3:
            return player(state, int(parts[1]))["buildings"].get(parts[2])
    except (ValueError, IndexError):
        return None
    return None


def building_owner(state: dict, target: str) -> list:
    """The seats that control the building (a base: every seat of its team)."""
    parts = target.split(":")
    if parts[0] == "base":
        return [p["seat"] for p in state["players"] if p["team"] == int(parts[1])]
    return [int(parts[1])]


def building_max_hp(state: dict, target: str) -> int:
    """Maximum HP of a building id (house rule R1)."""
    parts = target.split(":")
    if parts[0] == "base":
        return state["teams"][int(parts[1])]["hp"]
    if parts[2] == "addon":
        return ADDON_HP
    return BUILDING_HP[parts[2]]


def building_name(state: dict, target: str) -> str:
    """A readable name: "Alice's base", "Bob's Tech II building"."""
    parts = target.split(":")
    if parts[0] == "base":
        seats = building_owner(state, target)
        return listed(seat_name(state, s) for s in seats) + "'s base"
    seat = int(parts[1])
    rec = player(state, seat)["buildings"][parts[2]]
    label = (
        catalog.card(rec["id"])["name"]
        if parts[2] == "addon"
        else {"tech_1": "Tech I building", "tech_2": "Tech II building", "tech_3": "Tech III building"}[parts[2]]
    )
    return f"{seat_name(state, seat)}'s {label}"


def damage_prevented(state: dict):
    """What prevents all damage now (its name, for the log), or None: the
    game's global card answering ``restricts damage`` (a map that holds
    all damage back for the first turns, cards/maps/). Damage to a card or a
    building is then not dealt and triggers nothing (combat)."""
    return registry.global_says(state, "restricts:damage")


def damage_building(state: dict, target: str, amount: int, *, by) -> None:
    """Deal ``amount`` damage to building ``target``; ``by`` names what
    deals it, for the log line (a card's name, "the fall of Alice's Tech I
    building", ...; None only for a step stored before steps recorded it).

    A tech building or add-on at 0 HP is destroyed and deals 2 damage to its
    base (rulebook "Buildings"; a destroyed tech building can be rebuilt for
    free, house rule R2). A base at 0 HP ends the game (see checks). A
    building card in play (an instance id, e.g. Verdant Tree) takes the
    damage as a card and dies at its HP (docs/RULINGS.md, "Green cards").
    No damage while the game's map prevents all damage (:func:`damage_prevented`).
    """
    if amount <= 0:
        return
    prevented_by = damage_prevented(state)
    if prevented_by:
        log(state, f"Damage to {_target_name(state, target)}{_from(by)} was prevented ({prevented_by}).")
        return
    if registry.answering("restricts:building_damage") and registry.any_says(
        state, "restricts:building_damage", [i for p in state["players"] for i in p["play"]], target
    ):
        log(state, f"Damage to {_target_name(state, target)}{_from(by)} was prevented.")
        return
    if not is_building_id(target):
        damage_card(state, target, amount, by=by)
        return
    rec = building_record(state, target)
    if rec is None:
        return
    if target.startswith("base:"):
        amount = _above_floor(state, target, rec, amount)
        if amount <= 0:
            return
    rec["damage"] += amount
    log(state, f"{building_name(state, target)} took {amount} damage{_from(by)}.")
    if target.startswith("bld:") and rec["damage"] >= building_max_hp(state, target):
        destroy_building(state, target)


def _target_name(state: dict, target: str) -> str:
    return building_name(state, target) if is_building_id(target) else name(state, target)


def _from(by) -> str:
    """The part of a damage log line that names its source (docs/RULINGS.md
    "Log lines name what dealt the damage")."""
    return f" from {by}" if by else ""


def _above_floor(state: dict, target: str, rec: dict, amount: int) -> int:
    """The part of ``amount`` damage to base ``target`` that its floor lets
    through: a card in play may keep the damage of the player dealing it
    (the acting player) from taking the base below some HP (question
    ``modifies base_floor``: Blackhand Dozer; its ruling counts every damage that
    player causes, a destroyed building's 2 too)."""
    team = int(target.split(":")[1])
    dealer = state.get("acting")
    dealer = state["active"] if dealer is None else dealer
    sources = [i for p in state["players"] for i in p["play"]]
    floor = max(
        [
            registry.answering("modifies:base_floor")[registry.answers_as(state, i)](state, i, team, dealer)
            for i in sources
            if registry.answers_as(state, i) in registry.answering("modifies:base_floor")
        ]
        or [0]
    )
    return min(amount, max(0, rec["hp"] - floor - rec["damage"])) if floor else amount


def destroy_building(state: dict, target: str) -> None:
    """Destroy a tech building or add-on: it is gone, and its base takes 2."""
    _, seat_text, slot = target.split(":")
    seat = int(seat_text)
    p = player(state, seat)
    label = building_name(state, target)
    p["buildings"][slot] = None
    if slot != "addon":
        p["free_rebuild"][slot] = True  # house rule R2
    log(state, f"{label} was destroyed.")
    damage_building(state, base_id(state, seat), 2, by=f"the fall of {label}")


def repair_building(state: dict, target: str, amount: int) -> None:
    """Remove up to ``amount`` damage from a building (never above max HP);
    ``target`` may be a building card in play (an instance id)."""
    if not is_building_id(target):
        inst = state["cards"].get(target)
        if inst is not None and inst["damage"] > 0:
            healed = min(inst["damage"], amount)
            inst["damage"] -= healed
            log(state, f"{name(state, target)} was repaired by {healed}.", cards=[target])
        return
    rec = building_record(state, target)
    if rec is not None and rec["damage"] > 0:
        healed = min(rec["damage"], amount)
        rec["damage"] -= healed
        log(state, f"{building_name(state, target)} was repaired by {healed}.")


# ---- units and heroes --------------------------------------------------


def armor_left(state: dict, iid: str, piercing: int = 0) -> int:
    """Armor of ``iid`` still able to absorb damage this turn (house rule R6).

    ``piercing`` (truthy) means the damage comes from a source with armor
    piercing, which ignores armor entirely: no armor absorbs it (glossary:
    Armor piercing; it does not stack, see docs/RULINGS.md "Keywords").
    """
    if piercing:
        return 0
    inst = card_of(state, iid)
    return max(0, stats.kw(state, iid, "armor") - inst["armor_used"])


def damage_card(
    state: dict,
    iid: str,
    amount: int,
    *,
    by,
    combat: bool = False,
    deathtouch: bool = False,
    piercing: int = 0,
    source: str = None,
    ability: bool = False,
    excess_sent_on: bool = False,
) -> int:
    """Deal ``amount`` damage to unit or hero ``iid``; return damage taken.
    ``by`` names what deals it, for the log line (as :func:`damage_building`).

    Armor absorbs first, once per turn (house rule R6). Deathtouch combat
    damage kills a unit or hero even if armor absorbed it (glossary). Death
    itself is applied by the state-based checks; lethal combat damage marks
    it ``combat_death`` for them (Brave Knight rulings), only when some got
    past the armor or deathtouch hit (Gilded Glaxx rulings). ``source``: the
    card in play dealing it (combat, or a card's own ability); the hit that
    makes the damage lethal records its source as the killer
    (:func:`_note_killer`). Damage of a spell or ability (not combat, or
    ``ability``: sparkshot and the Tower, combat damage that an ability
    deals, Sentry ruling) may be prevented by the question
    ``modifies effect_damage_taken`` (Sentry). While the map prevents all
    damage (:func:`damage_prevented`) nothing is dealt: 0.
    ``excess_sent_on``: this is what is left of a combat hit whose excess
    went elsewhere (overpower, Stampede): it would not have taken exactly
    lethal damage, so the ``modifies damage_taken`` is not asked (Focus
    Master ruling).
    """
    inst = state["cards"].get(iid)
    if inst is None or inst["zone"] != "play" or amount <= 0:
        return 0
    prevented_by = damage_prevented(state)
    if prevented_by:  # nothing at all, armor untouched
        log(state, f"Damage to {name(state, iid)}{_from(by)} was prevented ({prevented_by}).", cards=[iid])
        return 0
    absorbed = min(amount, armor_left(state, iid, piercing))
    inst["armor_used"] += absorbed
    taken = amount - absorbed
    if not excess_sent_on:
        taken = _after_prevention(state, iid, taken, combat and deathtouch)
    if taken > 0 and (ability or not combat) and registry.answering("modifies:effect_damage_taken"):
        for src in [i for p in state["players"] for i in p["play"]]:
            fn = registry.handler_in(state, registry.answering("modifies:effect_damage_taken"), src)
            if fn is not None:
                taken = fn(state, src, iid, taken)
    if source is not None and source in state["cards"] and registry.ask(state, "damage_as_runes", source, False):
        # Damage dealt as -1/-1 runes is still damage, combat damage in a
        # fight (Plague Spitter, Poisonblade Rogue, Orpal Gloor, Jandra rulings).
        add_rune(state, iid, minus=taken)
        log(state, _damage_line(state, iid, taken, absorbed, by, runes=True), cards=[iid])
        taken_as_runes = True
    else:
        inst["damage"] += taken
        taken_as_runes = False
    if combat and deathtouch and (taken > 0 or absorbed > 0):
        inst["marks"]["doomed"] = True
    if (
        combat
        and stats.is_character(state, iid)
        and (inst["marks"].get("doomed") or (taken > 0 and inst["damage"] >= stats.hp(state, iid)))
    ):
        # It dies from combat damage (Brave Knight: Tower, sparkshot,
        # overpower and deathtouch count; checks._escapes_death clears it)
        # only when some got through: a hit its armor took whole doesn't
        # kill one already at 0 HP, deathtouch aside (Gilded Glaxx ruling).
        inst["marks"]["combat_death"] = True
    if not taken_as_runes:
        log(state, _damage_line(state, iid, taken, absorbed, by), cards=[iid])
    if source is not None and (taken > 0 or (combat and deathtouch)):
        _note_killer(state, iid, source)
    return taken


def _damage_line(state: dict, iid: str, taken: int, absorbed: int, by, runes: bool = False) -> str:
    """The log line of ``taken`` damage (as -1/-1 runes when ``runes``) to
    unit or hero ``iid`` from ``by``, after its armor absorbed ``absorbed``
    (house rule R6): "Tenderfoot took 2 damage from Iron Man (its armor
    absorbed 1 more).", "Tenderfoot's armor absorbed the 1 damage from
    Iron Man." when the armor took it all, "... took no damage ..." when
    nothing got through otherwise (docs/RULINGS.md "Log lines name what
    dealt the damage")."""
    who = name(state, iid)
    if taken == 0 and absorbed:
        return f"{who}'s armor absorbed the {absorbed} damage{_from(by)}."
    what = (
        f"got {taken} -1/-1 rune{'s' if taken != 1 else ''}"
        if runes
        else f"took {taken} damage"
        if taken
        else "took no damage"
    )
    return f"{who} {what}{_from(by)}" + (f" (its armor absorbed {absorbed} more)." if absorbed else ".")


def _after_prevention(state: dict, iid: str, taken: int, deathtouch: bool) -> int:
    """The damage ``iid`` takes after the cards in play that prevent some
    (``modifies damage_taken``: Focus Master) had their say."""
    answers = registry.answering("modifies:damage_taken")
    if not answers or taken <= 0:
        return taken
    for p in state["players"]:
        for src in list(p["play"]):
            fn = answers.get(registry.answers_as(state, src))
            if fn is not None:
                taken = fn(state, src, iid, taken, deathtouch)
    return taken


def _note_killer(state: dict, iid: str, source: str) -> None:
    """Record ``source`` as the killer of unit or hero ``iid`` if this hit
    made it die (lethal damage, or deathtouch) and no earlier hit did. The
    record is a snapshot (id, card, controller, level) so a killer that died
    in the same combat still counts (combat damage is simultaneous); the
    ``kills`` hook of the killer's card runs when the victim dies
    (checks.die; Captain Zane and Gunpoint Taxman)."""
    inst = state["cards"][iid]
    killer = state["cards"].get(source)
    if killer is None or "killed_by" in inst["marks"] or not stats.is_character(state, iid):
        return
    if inst["damage"] >= stats.hp(state, iid) or inst["marks"].get("doomed"):
        inst["marks"]["killed_by"] = {
            "iid": source,
            "card": killer["card"],
            "seat": killer["controller"],
            "level": killer["level"],
        }


def damage_target(state: dict, target: str, amount: int, *, by, **kw) -> None:
    """Deal damage to a card id or a building id; ``by`` names what deals
    it (see :func:`damage_building`), ``kw`` as :func:`damage_card`."""
    if is_building_id(target):
        damage_building(state, target, amount, by=by)
    else:
        damage_card(state, target, amount, by=by, **kw)


def heal(state: dict, iid: str, amount: int) -> None:
    """Remove up to ``amount`` damage from a unit or hero (glossary: Healing)."""
    inst = state["cards"][iid]
    if inst["damage"]:
        healed = min(amount, inst["damage"])
        inst["damage"] -= healed
        log(state, f"{name(state, iid)} healed {healed}.", cards=[iid])


def add_rune(state: dict, iid: str, plus: int = 0, minus: int = 0) -> None:
    """Put +1/+1 or -1/-1 runes on ``iid``; opposite runes cancel in pairs."""
    inst = state["cards"][iid]
    inst["plus"] += plus
    inst["minus"] += minus
    both = min(inst["plus"], inst["minus"])
    inst["plus"] -= both
    inst["minus"] -= both


def exhaust(state: dict, iid: str) -> None:
    """Exhaust ``iid``. During its controller's own turn an exhausted card
    leaves its planned patrol slot (only ready cards lock in as patrollers).
    Then the card itself hears ``affected`` ("exhausted": Rampaging
    Elephant)."""
    inst = state["cards"][iid]
    inst["exhausted"] = True
    slot = patrol_slot(state, iid)
    if slot and not is_patrolling(state, iid):
        player(state, inst["controller"])["patrol"][slot] = None
    registry.emit(state, "affected", iid, "exhausted", None)  # e.g. Rampaging Elephant readies


def destroy(state: dict, iid: str) -> None:
    """Mark ``iid`` destroyed: it dies at the next state-based check.

    Indestructible things are exhausted and cleaned instead
    (:func:`indestructible_instead`).
    """
    inst = state["cards"].get(iid)
    if inst is None or inst["zone"] != "play":
        return
    if stats.kw(state, iid, "indestructible"):
        indestructible_instead(state, iid)
        return
    inst["marks"]["doomed"] = True


def indestructible_instead(state: dict, iid: str) -> None:
    """Indestructible ``iid`` would die: "instead exhaust it and remove all
    damage and attachments from it" (glossary; Immortal's text). Its
    attachments are destroyed (they go to their owner's discard pile at the
    next state-based check); at 0 HP it stays exhausted and loses any new
    damage or attachment at once (Indestructible ruling). The one place
    that replaces an indestructible thing's death (destroy and
    checks._escapes_death use it)."""
    inst = state["cards"][iid]
    for mark in ("combat_death", "doomed", "expired", "killed_by"):  # it didn't die: no kill
        inst["marks"].pop(mark, None)
    attachments = attachments_of(state, iid)
    if inst["damage"] or not inst["exhausted"] or attachments:
        log(state, f"{name(state, iid)} is indestructible: it was exhausted instead of dying.", cards=[iid])
    inst["damage"] = 0
    if not inst["exhausted"]:
        exhaust(state, iid)
    for attached in attachments:
        log(state, f"{name(state, attached)} was removed from {name(state, iid)}.", cards=[attached, iid])
        state["cards"][attached]["marks"]["doomed"] = True


def can_sacrifice(state: dict, iid: str) -> bool:
    """False for indestructible things: "you can't sacrifice it" (glossary:
    Indestructible), and for those whose card says it can't be sacrificed
    (``restricts sacrifice``: Pestering Haunt); effects that sacrifice
    skip them (Pestering Haunt and Sacrifice the Weak rulings)."""
    return not stats.kw(state, iid, "indestructible") and not registry.ask(state, "restricts:sacrifice", iid, False)


def sacrifice(state: dict, iid: str) -> bool:
    """Sacrifice ``iid``: it dies at the next state-based check (glossary:
    Sacrifice; dying, so "dies" triggers run and two lives can save it,
    Doom Grasp ruling). Returns False, doing nothing, when ``iid`` is not in
    play or can't be sacrificed (indestructible)."""
    inst = state["cards"].get(iid)
    if inst is None or inst["zone"] != "play" or not can_sacrifice(state, iid):
        return False
    inst["marks"]["doomed"] = True
    return True


def sideline(state: dict, iid: str) -> None:
    """Sideline ``iid``: move it out of the patrol zone; it stays in play
    (glossary: Sideline)."""
    inst = state["cards"].get(iid)
    if inst is None:
        return
    for slot, occupant in player(state, inst["controller"])["patrol"].items():
        if occupant == iid:
            player(state, inst["controller"])["patrol"][slot] = None
            log(state, f"{name(state, iid)} was sidelined.", cards=[iid])


def disable(state: dict, iid: str) -> None:
    """Disable ``iid``: exhaust it, it doesn't ready during its next ready
    step, and it is sidelined if it was patrolling (glossary: Disable, the
    reminder text of Porkhand Magistrate and Arresting Constable). The ready
    step (turns.begin_turn) consumes the ``disabled`` mark."""
    inst = state["cards"].get(iid)
    if inst is None or inst["zone"] != "play":
        return
    sideline(state, iid)
    inst["exhausted"] = True
    inst["marks"]["disabled"] = True
    log(state, f"{name(state, iid)} was disabled.", cards=[iid])


def trash(state: dict, iid: str) -> None:
    """Trash ``iid``: it leaves the game for its owner's trash pile instead
    of being discarded (glossary: Trash; Nature Reclaims' reminder). From
    play it leaves play ("leaves" triggers run) but does not die; a token
    ceases to exist. A trashed worker or hidden card is not revealed
    (Detonate ruling); the trash pile is hidden like the discard pile."""
    inst = state["cards"].get(iid)
    if inst is None:
        return
    seat = inst["owner"]
    if inst["zone"] == "play" and not can_leave_play(state, iid):
        log(state, f"{name(state, iid)} can't leave play.", cards=[iid])
        return
    if inst["zone"] == "play":
        leave_play(state, iid)
    if inst["zone"] in HIDDEN_ZONES:
        where = "workers" if inst["zone"] == "workers" else f"{inst['zone']} cards"
        log(state, f"One of {seat_name(state, seat)}'s {where} was trashed.")
    else:
        log(state, f"{name(state, iid)} was trashed.", cards=[iid])
    move(state, iid, "trash")


def can_leave_play(state: dict, iid: str) -> bool:
    """False while in-play ``iid`` can't leave play other than by dying
    (``restricts leave_play``: Gilded Glaxx while his controller has
    gold); returning to hand and trashing then do nothing (Temporal
    Distortion ruling: "if you do" is not met)."""
    return not registry.ask(state, "restricts:leave_play", iid, False)


def return_to_hand(state: dict, iid: str) -> None:
    """Return ``iid`` from play to its owner's hand (tokens vanish); nothing
    when it can't leave play (:func:`can_leave_play`)."""
    if state["cards"][iid]["zone"] == "play" and not can_leave_play(state, iid):
        log(state, f"{name(state, iid)} can't leave play.", cards=[iid])
        return
    owner = card_of(state, iid)["owner"]
    log(state, f"{name(state, iid)} returned to {seat_name(state, owner)}'s hand.", cards=[iid])  # still in play
    leave_play(state, iid)
    move(state, iid, "hand")


def leave_play(state: dict, iid: str) -> None:
    """Bookkeeping for ``iid`` leaving play by any means: this-turn effects
    on it end, its "leaves" hooks run, and the cards tied to it (mark
    ``tied_to``: a copy that lasts while its maker and its original stay,
    Sirus Quince's max band) are trashed; for a unit, the cards in play
    answering ``unit_leaves`` hear of it (Second Chances). The caller then
    moves the card."""
    state["temp"] = [e for e in state["temp"] if e["iid"] != iid]
    state["lasting"] = [e for e in state.get("lasting", []) if e.get("iid") != iid]
    registry.emit(state, "leaves", iid)
    watchers = registry.answering("unit_leaves")
    if watchers and stats.is_unit(state, iid):
        registry.emit_to(
            state,
            "unit_leaves",
            [i for p in state["players"] for i in p["play"] if registry.answers_as(state, i) in watchers],
            iid,
        )
    for other in [i for p in state["players"] for i in p["play"]]:
        if other != iid and iid in state["cards"][other]["marks"].get("tied_to", ()):
            trash(state, other)
