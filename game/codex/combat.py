"""Attacks: declaring, attack triggers, obliterate, and combat damage.

Sources: Deluxe rulebook "Attacking" and "Combat damage"; glossary Flying,
Anti-air, Swift strike, Long-range, Deathtouch, Overpower, Sparkshot,
Obliterate, Readiness, Stealth, Invisible; house rules R6 (squad leader
armor), R8 (obliterate once per attack; exhausted defenders still strike
back), R10 (Tower), R16 (overpower excess).
"""

from . import stats
from .cards import registry
from .checks import state_based_checks
from .effects import (
    armor_left,
    base_id,
    building_name,
    can_leave_play,
    damage_building,
    damage_card,
    damage_prevented,
    damage_target,
    destroy,
    exhaust,
    is_building_id,
)
from .flow import ask, op, push_all
from .state import PATROL_SLOTS, is_patrolling, log, name, patrol_slot, player
from .targeting import (
    attack_targets,
    controller_of,
    evades_patrol,
    group_of_target,
    group_things,
    has_detector,
    kind_of,
    patrollers,
    revealed,
    sneaky,
    thing_exists,
    tower_can_detect,
)


def label(state: dict, tid: str) -> str:
    """A readable name for a card or building id."""
    return building_name(state, tid) if is_building_id(tid) else name(state, tid)


def declare_attack(state: dict, attacker: str, target: str) -> None:
    """``attacker`` attacks ``target`` (validated by the caller).

    The attacker exhausts (not with readiness) and counts an attack; a Tower
    of the defenders detects a stealth or invisible attacker if its detect
    is unused (R10). Then the attack's steps are queued: triggers,
    obliterate, a new target if the defender left, combat damage, and the
    end of the attack (event ``in_combat``, "attack_done").
    """
    seat = state["cards"][attacker]["controller"]
    group = group_of_target(state, attacker, target)
    inst = state["cards"][attacker]
    inst["attacks"] += 1
    if not stats.kw(state, attacker, "readiness"):
        exhaust(state, attacker)
    with stats.frozen(state):  # reads only (issue 13)
        unseen = sneaky(state, attacker, target) and not revealed(state, attacker) and not has_detector(state, group)
        tower_seat = tower_can_detect(state, group) if unseen else None
        # Who it flies over, read now unless a Tower's reveal changes it.
        flew_over = _flown_over(state, attacker, target, group) if tower_seat is None else None
    if tower_seat is not None:
        player(state, tower_seat)["buildings"]["addon"]["detect_turn"] = state["turn"]
        inst["marks"]["revealed"] = state["turn"]
        log(state, f"A Tower detected {name(state, attacker)}.", cards=[attacker])
        with stats.frozen(state):  # reads only (issue 13)
            flew_over = _flown_over(state, attacker, target, group)
    log(state, f"{name(state, attacker)} attacked {label(state, target)}.", cards=[attacker])
    ctx = {
        "attacker": attacker,
        "target": target,
        "group": group,
        "seat": seat,
        "defender": controller_of(state, target),
        "flew_over": flew_over,
    }
    push_all(
        state,
        [
            {"op": "attack_triggers", "ctx": ctx},
            {"op": "obliterate", "ctx": ctx},
            {"op": "recheck_defender", "ctx": ctx},
            {"op": "combat", "ctx": ctx},
            {"op": "attack_done", "ctx": ctx},
        ],
    )


@op("attack_done")
def _attack_done(state: dict, step: dict) -> None:
    """The attack is over: an attacker still in play (it survived the
    combat, or there was none to survive) hears ``in_combat``,
    "attack_done" (Ogre Recruiter)."""
    attacker = step["ctx"]["attacker"]
    if thing_exists(state, attacker):
        registry.emit(state, "in_combat", attacker, "attack_done", step["ctx"])


def attacking(state: dict, attacker: str):
    """The target of ``attacker``'s attack in progress (from its declaration
    until its combat is over, a new target after a retarget), or None when
    it is not attacking ("units attacking Debilitator Alpha")."""
    for step in state["queue"]:
        if step.get("op") == "attack_done" and step["ctx"]["attacker"] == attacker:
            return step["ctx"]["target"]
    return None


def attack_atk(state: dict, attacker: str, target: str) -> int:
    """The ATK ``attacker`` deals its combat damage with while attacking
    ``target``: its ATK plus its ``modifies attack`` ("+4 ATK when
    attacking buildings": Steam Tank, Makeshift Rambaster)."""
    extra = registry.ask(state, "modifies:attack", attacker, 0, target)
    return max(0, stats.atk(state, attacker) + extra)


def _flown_over(state: dict, attacker: str, target: str, group: list) -> list:
    """Anti-air ground patrollers that ``attacker`` ignored by flying
    (glossary: Anti-air: only when flying is what let it pass)."""
    if not stats.kw(state, attacker, "flying") or evades_patrol(state, attacker, group):
        return []
    ground = [(slot, iid) for _, slot, iid in patrollers(state, group) if not stats.kw(state, iid, "flying")]
    if patrol_slot(state, target) == "squad_leader" and is_patrolling(state, target):
        ignored = []
    elif is_patrolling(state, target):
        ignored = [iid for slot, iid in ground if slot == "squad_leader"]
    else:
        ignored = [iid for _, iid in ground]
    return [iid for iid in ignored if iid != target and stats.kw(state, iid, "anti_air")]


@op("attack_triggers")
def _attack_triggers(state: dict, step: dict) -> None:
    ctx = step["ctx"]
    attacker = ctx["attacker"]
    if not thing_exists(state, attacker):
        return
    registry.emit(state, "attacks", attacker, ctx)
    # Triggers other cards give the attacker (attachments: Spirit of the
    # Panda, Final Showdown), whoever controls them.
    watchers = registry.answering("any_attacks")
    for src in [i for p in state["players"] for i in p["play"]]:
        other = watchers.get(registry.answers_as(state, src))
        if other is not None and thing_exists(state, attacker):
            other(state, src, attacker, ctx)


@op("obliterate")
def _obliterate(state: dict, step: dict) -> None:
    """Obliterate X: destroy the defender's X lowest-tech units first; no
    targeting; indestructible units are skipped; ties are the attacking
    player's choice (R17: the active player decides). Units that can't
    leave play are skipped too (Gilded Glaxx ruling). Once per attack (R8)."""
    ctx = step["ctx"]
    attacker = ctx["attacker"]
    if not thing_exists(state, attacker):
        return
    count = stats.kw(state, attacker, "obliterate")
    if not count:
        return
    # The defender is the player attacked, fixed when the attack was
    # declared: an attack trigger may have destroyed the attacked building
    # card already (Trojan Duck hitting it), obliterate still happens.
    defender = ctx["defender"] if "defender" in ctx else controller_of(state, ctx["target"])
    units = [
        i
        for i in player(state, defender)["play"]
        if kind_of(state, i) == "unit" and not stats.kw(state, i, "indestructible") and can_leave_play(state, i)
    ]
    units.sort(key=lambda i: stats.tech_level(state, i) or 0)
    if len(units) <= count:
        chosen, ties = units, []
    else:
        cutoff = stats.tech_level(state, units[count - 1]) or 0
        chosen = [i for i in units if (stats.tech_level(state, i) or 0) < cutoff]
        ties = [i for i in units if (stats.tech_level(state, i) or 0) == cutoff]
    for iid in chosen:
        destroy(state, iid)
    need = min(count - len(chosen), len(ties))
    if need > 0:
        ask(state, ctx["seat"], f"Choose {need} unit(s) to obliterate.", ties, {"op": "destroy_chosen"}, count=need)


@op("destroy_chosen")
def _destroy_chosen(state: dict, step: dict) -> None:
    for iid in step["choice"]:
        destroy(state, iid)


@op("recheck_defender")
def _recheck_defender(state: dict, step: dict) -> None:
    """If the defender left play before damage, the attacker may pick a
    new target (glossary, Obliterate: "you may select a new thing to
    attack"; without new attack triggers, R8). Picking none, or having
    none, ends the attack without combat damage."""
    ctx = step["ctx"]
    if not thing_exists(state, ctx["attacker"]) or thing_exists(state, ctx["target"]):
        return
    options = attack_targets(state, ctx["attacker"])
    if options:
        ask(
            state,
            ctx["seat"],
            "The defender is gone: you may choose a new target.",
            options,
            {"op": "retarget", "ctx": ctx},
            optional=True,
        )
    else:
        ctx["target"] = None


@op("retarget")
def _retarget(state: dict, step: dict) -> None:
    ctx = step["ctx"]
    old = dict(ctx)
    if step["choice"]:
        target = step["choice"][0]
        group = group_of_target(state, ctx["attacker"], target)
        new = {"target": target, "group": group, "flew_over": _flown_over(state, ctx["attacker"], target, group)}
        log(state, f"{name(state, ctx['attacker'])} turned on {label(state, target)}.", cards=[ctx["attacker"]])
    else:  # no new target: no combat damage (the combat step finds none)
        new = {"target": None}
        log(state, f"{name(state, ctx['attacker'])} chose no new target.", cards=[ctx["attacker"]])
    ctx.update(new)
    # The attack's later steps (combat, attack_done) hold their own copy of
    # the context once the state was stored between the question and its
    # answer: give them the new target too.
    for queued in state["queue"]:
        if queued.get("ctx") == old:
            queued["ctx"].update(new)


def _remaining(state: dict, iid: str, piercing: int = 0) -> int:
    """Damage needed to kill ``iid`` now, counting its armor (R16) unless
    the attacker's armor piercing ignores it."""
    return max(0, stats.hp(state, iid) - state["cards"][iid]["damage"]) + armor_left(state, iid, piercing)


def _adjacent_patrollers(state: dict, iid: str) -> list:
    slot = patrol_slot(state, iid)
    owner = state["cards"][iid]["controller"]
    index = PATROL_SLOTS.index(slot)
    out = []
    for j in (index - 1, index + 1):
        if 0 <= j < len(PATROL_SLOTS):
            other = player(state, owner)["patrol"][PATROL_SLOTS[j]]
            if other is not None and is_patrolling(state, other):
                out.append(other)
    return out


@op("combat")
def _combat(state: dict, step: dict) -> None:
    """Combat damage. First the choices (which adjacent patrollers
    sparkshot's points hit, overpower's second target), then damage: swift strikers first,
    then everyone else still in play, simultaneously within each step (the
    Tower strikes in the attacker's step, R10)."""
    ctx = step["ctx"]
    attacker, target = ctx["attacker"], ctx["target"]
    if target is None or not thing_exists(state, attacker) or not thing_exists(state, target):
        return
    target_patrols = not is_building_id(target) and is_patrolling(state, target)
    with stats.frozen(state):  # only reads until the question or the damage (issue 13)
        sparkshot = target_patrols and stats.kw(state, attacker, "sparkshot") and "spark_to" not in ctx
        overpower = (
            not sparkshot
            and target_patrols
            and stats.kw(state, attacker, "overpower")
            and "over_to" not in ctx
            and not excess_to_base(state, attacker)
        )
        if overpower:
            excess = attack_atk(state, attacker, target) - _remaining(
                state, target, stats.kw(state, attacker, "armor_piercing")
            )
            options = []
            if excess > 0:
                # What it could have attacked with the defender gone: another
                # patroller that stops it if any, otherwise anything (ruling).
                options = [
                    t for t in attack_targets(state, attacker, ignore=target) if t in group_things(state, ctx["group"])
                ]
    if sparkshot:
        _ask_sparkshot(state, ctx, [])
        return
    if overpower:
        ctx["over_amount"] = max(0, excess)
        ask(
            state,
            ctx["seat"],
            "Choose where the overpower damage goes.",
            options,
            {"op": "combat_choice", "ctx": ctx, "key": "over_to"},
        )
        return
    _deal_combat_damage(state, ctx)


def _ask_sparkshot(state: dict, ctx: dict, chosen: list) -> None:
    """Sparkshot X (X instances, stacking): X points of damage, each to a
    patroller adjacent to the defender, chosen one point at a time, so
    they may go to one neighbour or be split (Sparkshot ruling: "2 damage
    to an adjacent patroller or 1 damage to each of 2 adjacent
    patrollers"). ``chosen`` lists the neighbour of each point so far; with
    every point placed, or no neighbour, combat goes on with
    ``ctx["spark_to"]`` holding that list."""
    points = stats.kw(state, ctx["attacker"], "sparkshot")
    options = _adjacent_patrollers(state, ctx["target"])
    if len(chosen) >= points or not options:
        _combat(state, {"ctx": dict(ctx, spark_to=chosen)})
        return
    text = (
        "Choose the patroller that sparkshot hits."
        if points == 1
        else f"Sparkshot: choose the patroller that takes point {len(chosen) + 1} of {points}."
    )
    ask(state, ctx["seat"], text, options, {"op": "sparkshot_point", "ctx": ctx, "chosen": chosen})


@op("sparkshot_point")
def _sparkshot_point(state: dict, step: dict) -> None:
    _ask_sparkshot(state, step["ctx"], step["chosen"] + step["choice"])


@op("combat_choice")
def _combat_choice(state: dict, step: dict) -> None:
    ctx = dict(step["ctx"])
    ctx[step["key"]] = step["choice"][0] if step["choice"] else None
    _combat(state, {"ctx": ctx})


def _strikes_back(state: dict, attacker: str, defender: str) -> bool:
    if is_building_id(defender) or kind_of(state, defender) not in ("unit", "hero"):
        return False
    if stats.kw(state, attacker, "flying") and not (
        stats.kw(state, defender, "flying") or stats.kw(state, defender, "anti_air")
    ):
        return False
    if stats.kw(state, attacker, "long_range") and not stats.kw(state, defender, "long_range"):
        return False
    return True


def _tower_sees(state: dict, attacker: str, group: list, target: str = None) -> bool:
    for s in group:
        addon = player(state, s)["buildings"]["addon"]
        if addon and addon["id"] == "tower" and addon["done"]:
            if not sneaky(state, attacker, target) or revealed(state, attacker) or has_detector(state, group):
                return True
    return False


def excess_to_base(state: dict, iid: str) -> bool:
    """True while a this-turn effect sends the excess of ``iid``'s combat
    damage to units and heroes on to their controller's base (Stampede; it
    takes the place of overpower, Stampede ruling)."""
    return any(e["iid"] == iid and e.get("excess_to_base") for e in state["temp"])


def _deal_combat_damage(state: dict, ctx: dict) -> None:
    attacker, target = ctx["attacker"], ctx["target"]
    # Who hits whom, and how hard, is only read from the state: one frozen
    # block computes each fighter's stats once (issue 13). No damage yet.
    with stats.frozen(state):
        hits = []  # (source or None, destination, amount, swift); sparkshot's and the Tower's are abilities
        a_swift = bool(stats.kw(state, attacker, "swift_strike"))
        a_atk = attack_atk(state, attacker, target)
        over = ctx.get("over_to")
        if over and ctx.get("over_amount"):
            main = max(0, a_atk - ctx["over_amount"])
            hits.append((attacker, target, main, a_swift))
            hits.append((attacker, over, ctx["over_amount"], a_swift))
        else:
            hits.append((attacker, target, a_atk, a_swift))
        sparks = ctx.get("spark_to") or []
        if isinstance(sparks, str):  # a stored choice made before points were split: all to one
            sparks = [sparks] * stats.kw(state, attacker, "sparkshot")
        spark_hits = []
        for dest in dict.fromkeys(sparks):  # the points one neighbour takes are one hit
            spark_hits.append((attacker, dest, sparks.count(dest), a_swift))
        hits.extend(spark_hits)
        if _strikes_back(state, attacker, target):
            hits.append((target, attacker, stats.atk(state, target), bool(stats.kw(state, target, "swift_strike"))))
        for iid in ctx["flew_over"]:
            if thing_exists(state, iid):
                hits.append((iid, attacker, stats.atk(state, iid), bool(stats.kw(state, iid, "swift_strike"))))
        if _tower_sees(state, attacker, ctx["group"], target):
            # House rule R10 and the Tower ruling: the Tower's 1 damage is combat
            # damage dealt together with the attacker's own (in the swift strike
            # step when the attacker has swift strike), not before it.
            hits.append((None, attacker, 1, a_swift))
    for swift in (True, False):
        batch = [h for h in hits if h[3] == swift and (h[0] is None or thing_exists(state, h[0]))]
        dealt = []  # the attacker's combat damage in this step: (target, amount)
        for hit in batch:
            source, dest, amount, _ = hit
            by_ability = hit in spark_hits
            if amount <= 0 or not thing_exists(state, dest):
                continue
            if source is None:
                log(state, f"A Tower shot {name(state, dest)}.", cards=[dest])
                damage_card(state, dest, amount, by="a Tower", combat=True, ability=True)
                continue
            source_kw = stats.compute(state, source)["kw"]  # read once: nothing changes until damage_target
            piercing = source_kw.get("armor_piercing", 0)
            spill = 0
            if (
                source == attacker
                and excess_to_base(state, attacker)
                and not is_building_id(dest)
                and kind_of(state, dest) in ("unit", "hero")
            ):
                spill = max(0, amount - _remaining(state, dest, piercing))
                amount -= spill
            # The defender's share of a hit whose excess went on (overpower's
            # second target, Stampede's base) is no "would take excess".
            sent_on = spill > 0 or (
                source == attacker and dest == target and over is not None and bool(ctx.get("over_amount"))
            )
            by = f"{name(state, source)}'s sparkshot" if by_ability else name(state, source)
            damage_target(
                state,
                dest,
                amount,
                by=by,
                combat=True,
                deathtouch=bool(source_kw.get("deathtouch", 0)),
                piercing=piercing,
                source=source,
                ability=by_ability,
                excess_sent_on=sent_on,
            )
            if damage_prevented(state):
                continue  # the map prevents damage: it is not dealt, so nothing triggers
            if amount > 0 and not is_building_id(dest) and thing_exists(state, source):
                # armor may have taken it all: still dealt (Guardian of the Gates ruling)
                registry.emit(state, "in_combat", source, "dealt", dest)
            if source == attacker and amount > 0:
                dealt.append((dest, amount))
            if spill:
                base = base_id(state, controller_of(state, dest))
                damage_building(state, base, spill, by=name(state, source))
                dealt.append((base, spill))
        if dealt:
            _attacker_dealt(state, attacker, dealt)
        state_based_checks(state)


def _attacker_dealt(state: dict, attacker: str, dealt: list) -> None:
    """Run the ``attacker_dealt`` hooks of the attacker's controller's cards
    (the attacker included) once for this damage step: sparkshot and
    overpower damage count with the main hit as one instance (Might of Leaf
    and Claw ruling)."""
    seat = state["cards"][attacker]["controller"]
    registry.emit_to(state, "attacker_dealt", player(state, seat)["play"], attacker, dealt)
