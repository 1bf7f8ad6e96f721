"""Targets of spells and abilities (the ◎ icon) and what may be attacked.

Glossary sources: Untargetable, Invisible, Stealth, Detector, Resist,
Illusion, Flagbearer, Unattackable, Flying, Anti-air; house rule R10 (the
Tower detects the first stealth or invisible attacker each opponent turn).
"""

from . import catalog, stats
from .cards import registry
from .effects import building_ids, building_owner, building_record, is_building_id
from .state import card_of, is_opponent, is_patrolling, player, team_of


def thing_exists(state: dict, tid) -> bool:
    """True when ``tid`` names a card in play or a standing building."""
    if not isinstance(tid, str):
        return False
    if is_building_id(tid):
        return building_record(state, tid) is not None
    inst = state["cards"].get(tid)
    return inst is not None and inst["zone"] == "play"


def standing(state: dict, tid) -> bool:
    """True when ``tid`` names a standing building or a card in play not
    doomed to die at the next check: a ◎ target an effect may still act
    on (an Illusion that vanished when targeted is doomed, a Smoker who
    slipped back to hand is gone: Illusion and Smoker rulings)."""
    return thing_exists(state, tid) and (is_building_id(tid) or not state["cards"][tid]["marks"].get("doomed", False))


def controller_of(state: dict, tid: str) -> int:
    """The seat that controls card or building ``tid`` (a base: its team's
    first seat)."""
    if is_building_id(tid):
        parts = tid.split(":")
        if parts[0] == "base":
            return next(p["seat"] for p in state["players"] if p["team"] == int(parts[1]))
        return int(parts[1])
    return state["cards"][tid]["controller"]


def kind_of(state: dict, tid: str) -> str:
    """ "unit", "hero", "spell", "upgrade", "building" (tech, add-on) or "base"."""
    if tid.startswith("base:"):
        return "base"
    if tid.startswith("bld:"):
        return "building"
    return catalog.card(state["cards"][tid]["card"])["kind"]


def all_things(state: dict) -> list:
    """Every card in play and every standing building and base, as ids."""
    out = [iid for p in state["players"] for iid in p["play"]]
    for p in state["players"]:
        out.extend(building_ids(state, p["seat"]))
    out.extend(f"base:{t}" for t in range(len(state["teams"])))
    return out


def has_detector(state: dict, seats) -> bool:
    """True when any of ``seats`` controls something with detector."""
    return any(stats.kw(state, iid, "detector") for s in seats for iid in player(state, s)["play"])


def revealed(state: dict, iid: str) -> bool:
    """True when ``iid`` was revealed by a Tower this turn (house rule R10)."""
    return state["cards"][iid]["marks"].get("revealed") == state["turn"]


def hidden_from(state: dict, iid: str, seat: int) -> bool:
    """True when ``iid`` is invisible to ``seat``: an opposing invisible thing,
    not revealed this turn, while ``seat`` has no detector."""
    inst = state["cards"][iid]
    return (
        is_opponent(state, seat, inst["controller"])
        and stats.kw(state, iid, "invisible") > 0
        and not revealed(state, iid)
        and not has_detector(state, [seat])
    )


def can_target(state: dict, seat: int, tid: str) -> bool:
    """Whether a spell or ability of ``seat`` may ◎ ``tid`` at all."""
    return thing_exists(state, tid) and _targetable(state, seat, tid)


def _targetable(state: dict, seat: int, tid: str) -> bool:
    """:func:`can_target` of a thing known to exist (:func:`thing_exists`)."""
    if is_building_id(tid):
        return True
    if stats.kw(state, tid, "untargetable"):
        return False
    if _target_forbidden(state, seat, tid):
        return False
    return not hidden_from(state, tid, seat)


def _target_forbidden(state: dict, seat: int, tid: str) -> bool:
    """True when a card in play forbids ``seat`` to ◎ ``tid`` (question
    ``restricts target``: Mind-Parry Monk)."""
    answers = registry.answering("restricts:target")
    if not answers:
        return False
    for src in in_play_answering(state, "restricts:target"):
        fn = answers.get(registry.answers_as(state, src))
        if fn is not None and fn(state, src, seat, tid):
            return True
    return False


def resist_cost(state: dict, seat: int, tids: list) -> int:
    """Gold ``seat`` must pay to ◎ ``tids``: each opposing target's resist."""
    total = 0
    for tid in tids:
        if not is_building_id(tid) and is_opponent(state, seat, controller_of(state, tid)):
            total += stats.kw(state, tid, "resist")
    return total


def slot_candidates(state: dict, seat: int, slot, exclude=()) -> list:
    """Every id that fits target slot ``slot`` (a cards.Target) for ``seat``;
    memoised while the state is only being read."""
    # The memo keeps ``slot`` itself alive, so its id() can't be reused by
    # another slot object while the memo lives.
    kept, result = stats.memoised(
        state, ("slot", seat, id(slot), tuple(exclude)), lambda: (slot, _slot_candidates(state, seat, slot, exclude))
    )
    return result if kept is slot else _slot_candidates(state, seat, slot, exclude)


def shuns(state: dict, tid: str, spells) -> bool:
    """True when thing ``tid`` can't be ◎ by one of the spells (catalog
    ids) ``spells``: its card answers ``restricts spell_target`` (Nullcraft and Buff
    or Debuff spells)."""
    if tid not in state["cards"] or not registry.answering("restricts:spell_target"):
        return False
    return any(registry.ask(state, "restricts:spell_target", tid, False, spell) for spell in spells)


def resolving_spells(state: dict) -> list:
    """Catalog ids of the spells resolving now (in the zone ``stack``): the
    targets a spell picks while it resolves are its own (Nullcraft)."""
    if not registry.answering("restricts:spell_target"):
        return []
    return [c["card"] for c in state["cards"].values() if c["zone"] == "stack"]


def _slot_candidates(state: dict, seat: int, slot, exclude=()) -> list:
    out = []
    for tid in all_things(state):  # each exists: no thing_exists in can_target
        if tid in exclude or kind_of(state, tid) not in slot.kinds:
            continue
        if slot.icon and not _targetable(state, seat, tid):
            continue
        if slot.icon and slot.spell and shuns(state, tid, [slot.spell]):
            continue
        if slot.filter is not None and not slot.filter(state, seat, tid):
            continue
        out.append(tid)
    return out


def is_illusion(state: dict, tid: str) -> bool:
    """True when card ``tid`` in play is an Illusion now: its card (its
    face, for a copy) has the subtype, an effect made it one (mark
    ``illusion``: Sirus Quince's copies; a this-turn entry ``illusion``:
    Hallucination), or a card in play says so (question
    ``grants illusion``: Dreamscape). Illusion is a subtype, not an ability
    (Illusion rulings). False for buildings and things not in play."""
    inst = state["cards"].get(tid) if isinstance(tid, str) else None
    if inst is None or inst["zone"] != "play":
        return False
    rec = catalog.card(inst["card"])
    if rec["kind"] != "unit":
        return False
    if "Illusion" in rec["subtypes"] or inst["marks"].get("illusion"):
        return True
    if state["temp"] and any(e.get("iid") == tid and e.get("illusion") for e in state["temp"]):
        return True
    makers = in_play_answering(state, "grants:illusion")
    return bool(makers) and registry.any_says(state, "grants:illusion", makers, tid)


def in_play_answering(state: dict, name: str) -> list:
    """The cards in play (every player's, in play order) whose card answers
    question ``name`` or a mechanism's ``"mechanism:key"`` (registry.answering), silenced or not: the only ones
    of all the cards in play that a question over them can hear from.
    Memoised while the state is only read (stats.frozen): the list is
    shared then, never change it."""
    index = registry.answering(name)
    return stats.memoised(
        state,
        ("in_play_answering", name),
        lambda: [i for p in state["players"] for i in p["play"] if state["cards"][i]["card"] in index],
    )


def dies_when_targeted(state: dict, tid: str) -> bool:
    """True when ``tid`` is an Illusion that dies on being targeted (glossary:
    Illusion), unless a card of its controller keeps it alive (question
    ``grants keep_illusion``: Macciatus, The Whisperer)."""
    if not is_illusion(state, tid):
        return False
    seat = state["cards"][tid]["controller"]
    return not registry.any_says(state, "grants:keep_illusion", player(state, seat)["play"], tid)


def is_flagbearer(state: dict, tid: str) -> bool:
    """True for a unit with the flagbearer ability."""
    return not is_building_id(tid) and stats.kw(state, tid, "flagbearer") > 0


def flagbearer_duty(state: dict, seat: int, slots: list, chosen: list, budget: int) -> bool:
    """True when ``chosen`` obeys opposing flagbearers: if any ◎ slot could
    target an opposing flagbearer that ``seat`` can afford to target (its
    resist within ``budget`` gold), at least one chosen target must be an
    opposing flagbearer (glossary: Flagbearer, and its rulings)."""
    possible = False
    for slot in slots:
        if not slot.icon:
            continue
        for tid in slot_candidates(state, seat, slot):
            if (
                is_flagbearer(state, tid)
                and is_opponent(state, seat, controller_of(state, tid))
                and resist_cost(state, seat, [tid]) <= budget
            ):
                possible = True
                break
    if not possible:
        return True
    return any(is_flagbearer(state, t) and is_opponent(state, seat, controller_of(state, t)) for t in chosen)


# ---- attacking -----------------------------------------------------------


def defending_groups(state: dict, seat: int) -> list:
    """The groups of seats an attacker of ``seat`` may attack, each a list.

    In 1-hero and Two-Headed Dragon games all opponents form one group (both
    opposing patrol zones constrain the attacker, house rule R20); in
    free-for-all each opponent is a group of its own (house rule R27).
    """
    foes = [p["seat"] for p in state["players"] if is_opponent(state, seat, p["seat"])]
    if state["mode"] == "ffa":
        return [[s] for s in foes]
    return [foes]


def detects(state: dict, group: list, attacker: str) -> bool:
    """Whether ``group`` sees stealth/invisible ``attacker`` now: a detector,
    a Tower whose once-per-turn detect is unused (house rule R10), or a
    reveal earlier this turn."""
    if revealed(state, attacker) or has_detector(state, group):
        return True
    return tower_can_detect(state, group) is not None


def tower_can_detect(state: dict, group: list):
    """The seat whose finished Tower still has its detect this turn, or None."""
    for s in group:
        addon = player(state, s)["buildings"]["addon"]
        if addon and addon["id"] == "tower" and addon["done"] and addon.get("detect_turn") != state["turn"]:
            return s
    return None


def sneaky(state: dict, attacker: str, target: str = None) -> bool:
    """True when ``attacker`` has stealth or invisible, or has stealth
    while attacking ``target`` (``grants stealth``, Stalking Tiger)."""
    if stats.kw(state, attacker, "stealth") or stats.kw(state, attacker, "invisible"):
        return True
    if target is None:
        return False
    return bool(registry.ask(state, "grants:stealth", attacker, False, target))


def evades_patrol(state: dict, attacker: str, group: list) -> bool:
    """True when ``attacker`` may ignore every patroller of ``group``:
    unstoppable, or stealth / invisible that the group does not detect."""
    if stats.kw(state, attacker, "unstoppable"):
        return True
    sneaky = stats.kw(state, attacker, "stealth") or stats.kw(state, attacker, "invisible")
    return bool(sneaky) and not detects(state, group, attacker)


def patrollers(state: dict, group: list) -> list:
    """``(seat, slot, iid)`` of every patroller of ``group``, in slot order."""
    out = []
    for s in group:
        for slot, iid in player(state, s)["patrol"].items():
            if iid is not None and is_patrolling(state, iid):
                out.append((s, slot, iid))
    return out


def can_hit(state: dict, attacker: str, tid: str) -> bool:
    """Whether ``attacker`` could attack ``tid`` ignoring patrol duties:
    it exists, is attackable and visible, and fliers need flying or anti-air.
    Building cards in play are attacked like buildings; a flying base
    (:func:`base_flies`) only by fliers and anti-air. A card's hook
    ``attackable_by`` may refuse the attacker (Tiny Basilisk), and a unit
    can't attack a player a lasting ``protect`` effect guards
    (:func:`at_peace`).

    What depends on ``tid`` and the attacker's controller only
    (:func:`_reach`) is memoised while the state is only read, so the
    attackers of one legal_actions call share it (issue 13)."""
    seat = state["cards"][attacker]["controller"]
    reach = stats.memoised(state, ("reach", tid, seat), lambda: _reach(state, tid, seat))
    if reach is False or at_peace(state, attacker, tid):
        return False
    if reach is _ASK:
        if not registry.ask(state, "attackable_by", tid, True, attacker):
            return False
        reach = _reach_past_hook(state, tid, seat)
    if reach is _FLIERS:
        return bool(stats.kw(state, attacker, "flying") or stats.kw(state, attacker, "anti_air"))
    return reach


# What :func:`_reach` may answer besides True and False: only attackers
# with flying or anti-air reach the target; the target's hook
# ``attackable_by`` must be asked of each attacker first.
_FLIERS, _ASK = "fliers", "ask"


def _reach(state: dict, tid: str, seat: int):
    """Whether an attacker of ``seat`` reaches ``tid`` by what ``tid`` is
    (see :func:`can_hit`): True, False, _FLIERS or _ASK."""
    if not thing_exists(state, tid):
        return False
    return _reach_existing(state, tid, seat)


def _reach_existing(state: dict, tid: str, seat: int):
    """:func:`_reach` of a thing known to exist (:func:`thing_exists`)."""
    if tid.startswith("base:"):
        return _FLIERS if base_flies(state, int(tid[5:])) else True
    if is_building_id(tid):
        return True
    kind = catalog.card(state["cards"][tid]["card"])["kind"]  # kind_of, a card's (it exists, in play)
    if kind == "building":
        return True
    if kind not in ("unit", "hero"):
        return False
    if stats.kw(state, tid, "unattackable"):
        return False
    if registry.handler_in(state, registry.answering("attackable_by"), tid) is not None:
        return _ASK
    return _reach_past_hook(state, tid, seat)


def _reach_past_hook(state: dict, tid: str, seat: int):
    """The rest of :func:`_reach` once ``tid``'s hook ``attackable_by`` let
    the attacker through: hidden (and not patrolling), flying, or True."""
    if hidden_from(state, tid, seat) and not is_patrolling(state, tid):
        return False
    return _FLIERS if stats.kw(state, tid, "flying") else True


def base_flies(state: dict, team: int) -> bool:
    """True when a card in play answers ``grants base_flying`` for team ``team``'s
    base (Lawbringer Gryphon: "your base gains flying"; only while it is in
    play, ruling): then only attackers with flying or anti-air can attack
    that base."""
    answers = registry.answering("grants:base_flying")
    for src in in_play_answering(state, "grants:base_flying"):
        fn = answers.get(state["cards"][src]["card"])
        if fn is not None and fn(state, src, team):
            return True
    return False


def at_peace(state: dict, attacker: str, tid: str) -> bool:
    """True when ``attacker`` is a unit and ``tid`` belongs to an opponent of
    its controller who is protected by a lasting ``protect`` effect
    (cards/common.lasting: nothing that player controls, and not their
    team's base, can be attacked by opposing units; heroes still can. Its
    card's rulings, docs/RULINGS.md)."""
    lasting = state.get("lasting")
    if not lasting:
        return False  # no lasting effect at all: no protection (asked of every attack target, issue 13)
    entries = [e for e in lasting if e.get("protect")]
    if not entries or not stats.is_unit(state, attacker):
        return False
    seat = state["cards"][attacker]["controller"]
    owners = building_owner(state, tid) if tid.startswith("base:") else [controller_of(state, tid)]
    return any(e["seat"] in owners and is_opponent(state, seat, e["seat"]) for e in entries)


def constrains(state: dict, attacker: str, patroller: str, group: list) -> bool:
    """A patroller stops an attacker on its own level: ground stops ground,
    flying stops flying (glossary: Flying, Anti-air), unless the attacker
    evades patrollers altogether or its hook ``unstoppable_by`` lets it
    ignore this one (Tiny Basilisk, Predator Tiger)."""
    if evades_patrol(state, attacker, group):
        return False
    if registry.ask(state, "unstoppable_by", attacker, False, patroller):
        return False
    if registry.any_says(
        state,
        "grants:pass_patroller",
        player(state, state["cards"][attacker]["controller"])["play"],
        attacker,
        patroller,
    ):
        return False  # Shrine of Forbidden Knowledge
    same_level = bool(stats.kw(state, attacker, "flying")) == bool(stats.kw(state, patroller, "flying"))
    return same_level and can_hit(state, attacker, patroller)


def group_things(state: dict, group: list) -> list:
    """Everything ``group`` controls that could be attacked: units, heroes,
    building cards, tech buildings, add-ons and bases. Memoised while the
    state is only read: the list is shared then, never change it."""
    return stats.memoised(state, ("group_things", tuple(group)), lambda: _group_things(state, group))


def _group_things(state: dict, group: list) -> list:
    out = []
    for s in group:
        out.extend(i for i in player(state, s)["play"] if kind_of(state, i) in ("unit", "hero", "building"))
        out.extend(building_ids(state, s))
    for team in sorted({team_of(state, s) for s in group}):
        out.append(f"base:{team}")
    return out


def defence(state: dict, seat: int) -> list:
    """``(group, patrollers)`` for each of :func:`defending_groups` of
    ``seat``, with :func:`patrollers` of that group. Memoised while the
    state is only read, so the attackers of one legal_actions call share
    it (issue 13): the lists are shared then, never change them."""
    return stats.memoised(
        state, ("defence", seat), lambda: [(group, patrollers(state, group)) for group in defending_groups(state, seat)]
    )


def _hittable(state: dict, attacker: str, seat: int, group: list, ignore) -> list:
    """What of :func:`group_things` ``attacker`` (of ``seat``) can hit
    (:func:`can_hit`), but ``ignore``. A target whose reach for ``seat``
    is plainly True or False needs no more of can_hit while no lasting
    effect could protect it (:func:`at_peace`), so the reaches of the
    group's things are listed once per seat while the state is only
    read, and can_hit is asked of the rest only (issue 13). Everything
    group_things lists exists: its cards are in play, its buildings
    standing, so their reach needs no :func:`thing_exists`."""
    reaches = stats.memoised(
        state,
        ("reaches", tuple(group), seat),
        lambda: [
            (t, stats.memoised(state, ("reach", t, seat), lambda: _reach_existing(state, t, seat)))  # noqa: B023 (called before the loop moves on)
            for t in group_things(state, group)
        ],
    )  # what group_things lists exists
    plain = not state.get("lasting")
    out = []
    for t, reach in reaches:
        if reach is False or t == ignore:
            continue
        if (reach is True and plain) or can_hit(state, attacker, t):
            out.append(t)
    return out


def attack_targets(state: dict, attacker: str, ignore: str = None) -> list:
    """Every id ``attacker`` may legally attack now (see _attack_targets);
    memoised while the state is only being read."""
    return stats.memoised(state, ("attack_targets", attacker, ignore), lambda: _attack_targets(state, attacker, ignore))


def _attack_targets(state: dict, attacker: str, ignore: str = None) -> list:
    """Every id ``attacker`` may legally attack now, patrol duties applied:
    a squad leader that stops it if there is one, otherwise a patroller that
    stops it, otherwise anything attackable (rulebook "Patrol zone"; house
    rules R15, R20); past the patrollers, what it has stealth or is
    unstoppable toward (hooks ``grants stealth``, ``unstoppable_toward``).
    ``ignore`` leaves one thing out, as if it were gone (overpower asks
    what else the attacker could have attacked, R16)."""
    seat = state["cards"][attacker]["controller"]
    out = []
    for group, guards in defence(state, seat):
        stoppers = [(slot, iid) for _, slot, iid in guards if iid != ignore and constrains(state, attacker, iid, group)]
        leaders = [iid for slot, iid in stoppers if slot == "squad_leader"]
        if leaders:
            out.extend(leaders)
        elif stoppers:
            out.extend(iid for _, iid in stoppers)
        else:
            out.extend(_hittable(state, attacker, seat, group, ignore))
            continue
        # Evasion toward some targets only gets past the patrollers to
        # those: stealth (``grants stealth``, Stalking Tiger: while
        # attacking a unit) unless the group detects it, unstoppable (hook
        # ``unstoppable_toward``, Traffic Director: while attacking a
        # building) always.
        card_id = registry.answers_as(state, attacker)
        sneaks = registry.handler("grants:stealth", card_id) is not None and not detects(state, group, attacker)
        passes = registry.handler("unstoppable_toward", card_id)
        if sneaks or passes is not None:
            out.extend(
                t
                for t in group_things(state, group)
                if t != ignore
                and t not in out
                and can_hit(state, attacker, t)
                and ((sneaks and sneaky(state, attacker, t)) or (passes is not None and passes(state, attacker, t)))
            )
    if ignore is None:
        # A target that asks gold to attack it is out of reach without it
        # (only a card in play answering ``modifies attack_tax`` asks any).
        gold = player(state, seat)["gold"]
        if gold < 0 or in_play_answering(state, "modifies:attack_tax"):
            out = [t for t in out if attack_tax(state, attacker, t) <= gold]
    return out


def attack_tax(state: dict, attacker: str, tid: str) -> int:
    """Gold ``attacker``'s controller must pay to attack ``tid`` now
    (:func:`seat_attack_tax`). Without it, no attack (Morningstar Pass
    ruling)."""
    return seat_attack_tax(state, state["cards"][attacker]["controller"], tid)


def seat_attack_tax(state: dict, seat: int, tid: str) -> int:
    """Gold ``seat`` must pay for each attack of its units or heroes on
    ``tid`` now (``modifies attack_tax`` of the card attacked: Setsuki
    Hiruki, Morningstar Pass; the view shows it on the card); 0 for
    buildings, bases and cards that ask nothing."""
    if not isinstance(tid, str) or tid not in state["cards"]:
        return 0
    return registry.ask(state, "modifies:attack_tax", tid, 0, seat)


def group_of_target(state: dict, attacker: str, tid: str) -> list:
    """The defending group that ``tid`` belongs to, for ``attacker``."""
    seat = state["cards"][attacker]["controller"]
    owner = controller_of(state, tid)
    for group in defending_groups(state, seat):
        if owner in group or (tid.startswith("base:") and any(team_of(state, s) == int(tid[5:]) for s in group)):
            return group
    return []


def held_fast(state: dict, iid: str) -> bool:
    """True when a card in play stops ``iid`` attacking and patrolling
    (``restricts attack_and_patrol``, answered with the time its hold began:
    Entangling Vines) by a hold newer than what last let ``iid`` attack and
    patrol (``grants freedom``, the time it began, 0 for nothing:
    an awake Gargoyle). They apply in the order they were made (Gargoyle
    ruling; times from state.tick). Used for attacking and patrolling."""
    sources = in_play_answering(state, "restricts:attack_and_patrol")
    if not sources:
        return False
    freed = registry.ask(state, "grants:freedom", iid, 0)
    answers = registry.answering("restricts:attack_and_patrol")
    for src in sources:
        fn = registry.handler_in(state, answers, src)
        since = fn(state, src, iid) if fn is not None else None
        if since is not None and since >= freed:  # equal: both 0, a hold from before the clock
            return True
    return False


def patrol_refusal(state, seat, iid):
    """Why in-play ``iid`` can't stand in a patrol slot of ``seat``'s zone
    now, as ``(code, message)``, or None when it can: only ready units and
    heroes patrol; a card whose hook ``can_patrol`` says no never patrols
    (Makeshift Rambaster: "can't patrol"); a lasting ``no_patrol`` effect of
    ``seat``'s keeps units out (heroes may still patrol), refused with the
    sentence its card gave it (:func:`lasting_refusal`). Used for the patrol
    action and for lending (house rule R26)."""
    if not stats.is_character(state, iid):
        return "cannot_patrol", "Only units and heroes patrol."
    if card_of(state, iid)["exhausted"]:
        return "exhausted", "Only ready units and heroes can patrol."
    if not registry.ask(state, "can_patrol", iid, True):
        return "cannot_patrol", "That card can't patrol."
    if held_fast(state, iid):
        return "cannot_patrol", "That card is held fast and can't patrol."
    if stats.is_unit(state, iid):
        for entry in state.get("lasting", ()):
            if entry["seat"] == seat and entry.get("no_patrol"):
                return "cannot_patrol", lasting_refusal(
                    entry, "Those units can't patrol until their player's next turn."
                )
    return None


def lasting_refusal(entry: dict, general: str) -> str:
    """The sentence refusing an action that the lasting effect ``entry``
    (an item of ``state["lasting"]``, cards/common.lasting) forbids: the
    ``why`` its card gave it, in the card's own words, or ``general`` (the
    rule's words) for an effect that gives none, as in states stored before
    effects carried one (issue 28: no card named in the engine)."""
    return entry.get("why") or general
