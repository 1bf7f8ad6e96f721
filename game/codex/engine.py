"""The engine's entry points: apply an action, list the legal actions.

``apply_action`` never changes the state it is given: it works on a copy and
returns it, so an illegal action (RulesError) leaves the caller's state
exactly as it was (ARCHITECTURE.md, "The rules engine").
``apply_action_in_place`` is the same rules without the copy, for a caller
that owns its state (the bots): every check runs before anything changes,
so a refused action changes nothing there either.
"""

import itertools
import marshal
from bisect import bisect_right

from game.kernel.copying import copy_sharing_log
from game.kernel.envelope import action_type, is_seat, require_plain_json

from . import catalog, maps, stats
from .actions import (
    ACTIONS,
    abilities_of,
    ability_use_refusal,
    addon_refusal,
    build_plan,
    build_refusal,
    character_attack_refusal,
    check_targets,
    hire_refusal,
    level_up_refusal,
    on_acting_team,
    patrol_move_refusal,
    play_card_verdict,
    revealable,
    summon_refusal,
    tower_refusal,
)
from .cards import registry
from .checks import run
from .errors import EngineFault, RulesError
from .freeforall import has_conceded, is_ffa, lend_options
from .freeforall_end import settle
from .specs import TECH_BUILDINGS, build_candidates
from .state import PATROL_SLOTS, fresh_instance, is_opponent, patrol_slot, player
from .targeting import attack_targets, patrol_refusal, slot_candidates
from .turns import has_stash, tech_count_required

MAX_ACTION_BYTES = 4096


def copy_state(state: dict) -> dict:
    """A deep copy of ``state`` (plain dicts, lists, strings, numbers), in
    the same key order, but for the log's lines: the copy's log is a new
    list of the same line dicts, which nothing ever changes once written
    (state.log makes a new dict per line), so they are shared, not copied.

    Card instances (most of a state) are copied by their known shape
    (state.fresh_instance: scalars but for the ``granted`` and ``marks``
    dicts): a shallow copy of the instance and copies of those two, about
    4x faster than marshal on the whole state (issue 13); an instance of
    another size is copied whole. Everything else is copied as every game
    copies its state (game.kernel.copying: marshal). JSON-ability of the state is proven
    by the round-trip tests, not on every action. The copy shares nothing
    but the log lines with ``state``, as a state stored as JSON and read
    back shares nothing: the engine must never count on two steps holding
    the same object across actions (tests/rules/test_copy_state.py).
    """
    return copy_sharing_log(state, _BY_KEY)


def _copy_cards(cards: dict) -> dict:
    """A copy of the state's card instances (see copy_state)."""
    return {iid: _copy_instance(inst) for iid, inst in cards.items()}


_loads, _dumps = marshal.loads, marshal.dumps
_INSTANCE_SIZE = len(fresh_instance("c0", "", 0, "deck"))
_BY_KEY = {"cards": _copy_cards}


def _copy_instance(inst: dict) -> dict:
    """A copy of one card instance sharing nothing with it (see copy_state)."""
    if len(inst) != _INSTANCE_SIZE:
        return _loads(_dumps(inst, 2))
    out = inst.copy()
    granted, marks = inst["granted"], inst["marks"]
    out["granted"] = _loads(_dumps(granted, 2)) if granted else {}
    out["marks"] = _loads(_dumps(marks, 2)) if marks else {}
    return out


def validate_envelope(state: dict, seat, action) -> str:
    """Check what every action needs before the rules: a dict with a known
    ``type``, a real seat, a game in progress (game.kernel.envelope), the
    prompt discipline (while a prompt is open only its seat's answer, tech
    and concede pass), and plain JSON under MAX_ACTION_BYTES.

    Returns the action type. Raises RulesError ``bad_action``,
    ``unknown_action``, ``bad_seat``, ``game_over``, ``prompt_pending``.
    """
    kind = action_type(state, seat, action, ACTIONS)
    if state["prompt"] is not None and kind not in ("choose", "tech", "concede"):
        raise RulesError("prompt_pending", "Answer the open question first.")
    require_plain_json(action, MAX_ACTION_BYTES)
    return kind


def apply_action(state: dict, seat: int, action: dict) -> tuple:
    """Apply ``action`` for ``seat`` and return ``(new_state, events)``.

    ``state`` is not modified (the rules run on a copy, so even an error in
    the middle of an action leaves it as it was). ``events`` are the log
    entries the action added (dicts ``{"n", "text", "to"?}``; ``to`` lists
    the seats allowed to read a private line). Raises RulesError with a
    stable code and a readable message when the action is illegal
    (docs/ENGINE.md lists the codes).
    """
    validate_envelope(state, seat, action)
    new = copy_state(state)
    return new, _apply(new, seat, action, in_place=False)


def apply_action_in_place(state: dict, seat: int, action: dict) -> list:
    """Apply ``action`` for ``seat`` to ``state`` itself and return the
    events (as :func:`apply_action`), for a caller that owns ``state``
    and keeps no other reference to it that must stay as it was (the bots'
    games, the benchmarks). Same rules, same resulting state byte for byte,
    without copying the state.

    Raises RulesError (the same codes as :func:`apply_action`) from the
    checks, before anything is changed: ``state`` is then exactly as it
    was. Raises EngineFault when anything fails after the checks passed
    (an engine bug, never an illegal action; a RulesError there included):
    ``state`` is then half-changed and must be dropped (rebuild it from the
    config and the action log).
    """
    return _apply(state, seat, action, in_place=True)


def _apply(state: dict, seat: int, action: dict, in_place: bool) -> list:
    """The rules of one action on ``state`` itself: the envelope and the
    action's checks (RulesError, nothing changed yet), then the engine's
    key order, the action, the queue and the state-based checks; returns
    the events. ``in_place``: an exception after the checks becomes an
    EngineFault (see :func:`apply_action_in_place`); otherwise it is raised
    as it is (``state`` is then :func:`apply_action`'s dropped copy)."""
    kind = validate_envelope(state, seat, action)
    check, perform = ACTIONS[kind]
    plan = check(state, seat, action)
    # The state keeps only the last LOG_KEEP lines, so count by line
    # number, not by list length (a full log is trimmed as lines are added).
    before = state["log_seq"]
    try:
        canonical_order(state)
        state["acting"] = seat
        perform(state, seat, plan)
        run(state)
        settle(state)  # free-for-all: a base fell this turn, so the turn ends (R28)
        state["acting"] = None
    except Exception as exc:
        if not in_place:
            raise
        raise EngineFault(f"The engine failed in the middle of {action['type']!r}; the state is half-changed.") from exc
    log = state["log"]
    first = len(log)
    while first and log[first - 1]["n"] > before:  # the new lines are the last ones
        first -= 1
    return log[first:]


BUILDING_SLOTS = ("tech_1", "tech_2", "tech_3", "addon")


def canonical_order(state: dict) -> dict:
    """Put the key order of the state's collections back to the engine's own
    order and return ``state`` (changed in place): cards by creation (iid
    number), each player's patrol slots and buildings in board order, the
    codex by card id. A stored state may come back with its keys reordered
    (PostgreSQL's jsonb sorts them), and the rules must not play out
    differently for that (a hand-run 2v2 replay showed buildings finishing
    in another order); tests/rules/test_properties.py checks it."""
    cards = state["cards"]
    ids = list(cards)
    if not _in_number_order(ids):
        # "c<n>" ids in number order: by length, then as text (two sorts in
        # C, no key function).
        state["cards"] = {iid: cards[iid] for iid in sorted(sorted(ids), key=len)}
    for p in state["players"]:
        if list(p["patrol"]) != _PATROL_ORDER:
            p["patrol"] = {slot: p["patrol"][slot] for slot in PATROL_SLOTS}
        if list(p["buildings"]) != _BUILDING_ORDER:
            p["buildings"] = {slot: p["buildings"][slot] for slot in BUILDING_SLOTS}
        codex = list(p["codex"])
        if codex != sorted(codex):
            p["codex"] = dict(sorted(p["codex"].items()))
    return state


def _in_number_order(ids: list) -> bool:
    """True when the ``"c<n>"`` ids ``ids`` are in number order: their
    lengths never fall and the ids of one length are in text order (checked
    in C in linear time on ids in order, which they are but for a state
    read back with its keys reordered; cf. canonical_order's two sorts)."""
    lengths = list(map(len, ids))
    if lengths != sorted(lengths):
        return False
    start, end_all = 0, len(ids)
    while start < end_all:
        end = bisect_right(lengths, lengths[start], start)
        same_length = ids[start:end]
        if same_length != sorted(same_length):
            return False
        start = end
    return True


_PATROL_ORDER = list(PATROL_SLOTS)
_BUILDING_ORDER = list(BUILDING_SLOTS)


def is_legal(state: dict, seat: int, action: dict) -> bool:
    """True when ``apply_action(state, seat, action)`` would succeed at its
    checks (a dry run on the state; nothing is changed)."""
    try:
        kind = validate_envelope(state, seat, action)
        ACTIONS[kind][0](state, seat, action)
    except RulesError:
        return False
    return True


def legal_actions(state: dict, seat: int) -> list:
    """Every action ``seat`` may take now, as action dicts.

    Lists prompt answers when a prompt waits for ``seat``; the tech choice
    when ``seat`` owes one (R11); and in ``seat``'s main phase: hire, build,
    summon, level up (one level at a time and up to the next band), play
    (with every legal target combination, with and without ``boost`` for a
    card with boost), abilities, attacks, patrol moves, base repair in a
    free-for-all (R24) and end_main (also with each hand card as ``stash``
    while the seat has stash); in ``seat``'s free-for-all lending step each
    possible ``lend`` and ``end_lending`` (R26); ``concede`` always while
    the game runs.
    """
    if state["status"] != "playing" or not is_seat(state, seat):
        return []
    with stats.frozen(state):
        return _legal_actions(state, seat)


def _legal_actions(state: dict, seat: int) -> list:
    if has_conceded(state, seat):
        return []  # out of the free-for-all: nothing left to do
    out = []
    prompt = state["prompt"]
    if prompt is not None and prompt["seat"] == seat:
        sizes = [prompt["count"]] + ([0] if prompt["optional"] else [])
        for size in sizes:
            for combo in itertools.combinations(prompt["options"], size):
                out.append({"type": "choose", "choice": list(combo)})
    out.extend(_tech_choices(state, seat))  # legal by construction
    if prompt is None and on_acting_team(state, seat):
        out.extend(_main_phase_actions(state, seat))
    if prompt is None and state["phase"] == "lend" and seat == state["active"]:
        out.extend(
            a
            for a in (
                {"type": "lend", "card": iid, "to": to, "slot": slot} for iid, to, slot in lend_options(state, seat)
            )  # house rule R26
            if _passes_checks(state, seat, a)
        )
        if _passes_checks(state, seat, {"type": "end_lending"}):
            out.append({"type": "end_lending"})
    out.append({"type": "concede"})  # check_concede: not conceded, as above
    return out


def _passes_checks(state: dict, seat: int, action: dict) -> bool:
    """True when the rules checks of a candidate that ``_legal_actions``
    built accept it. Its envelope is sound by construction (a known type,
    the seat, small plain JSON, and only what an open prompt allows), so
    only the action's own checks run (cf. is_legal)."""
    try:
        ACTIONS[action["type"]][0](state, seat, action)
    except RulesError:
        return False
    return True


def _tech_choices(state: dict, seat: int) -> list:
    """Every tech choice ``seat`` may make now (house rules R11, R12), legal
    by construction (what actions.check_tech asks: a choice is owed, least
    to most cards, none more often than the codex holds it), so none is
    checked again: each choice of a size as a multiset of the codex, in
    sorted order (the order of the sorted distinct combinations of the
    codex's copies, as before issue 13, without making them all)."""
    p = player(state, seat)
    if not p["tech_owed"]:
        return []
    least, most = tech_count_required(state, seat)
    stock = {cid: n for cid, n in sorted(p["codex"].items()) if n > 0}
    return [{"type": "tech", "cards": cards} for size in range(least, most + 1) for cards in _multisets(stock, size)]


def _multisets(stock: dict, size: int) -> list:
    """The lists of ``size`` ids of ``stock`` (``{id: copies}`` in id
    order), each id at most ``copies`` times, in sorted order: the
    combinations with repetition of the ids (itertools, in their order),
    but those with an id more often than its copies (issue 13: about 8x
    faster than building them by recursion)."""
    combos = itertools.combinations_with_replacement(stock, size)
    if min(stock.values(), default=size) >= size:
        return [list(c) for c in combos]  # no id is short of copies
    return [list(c) for c in combos if len(set(c)) == size or all(c.count(cid) <= stock[cid] for cid in c)]


def _main_phase_actions(state: dict, seat: int) -> list:
    """The legal main-phase actions of ``seat``, in the order legal_actions
    lists them. Each candidate passes the same checks apply_action runs.
    The main-phase test (actions.require_main) holds here, so a check
    that is the test and then its refusals is asked for the refusals
    only, as a value (``(code, message)`` or None: actions.hire_refusal,
    summon_refusal, level_up_refusal), and a check that asks nothing
    more is not asked (end_main, with or without a stash: check_end_main;
    concede: check_concede, asked of a seat that has not conceded). What
    a check asks of a card of ``p["play"]`` (the seat controls it, in
    play) or ``p["future"]`` (the seat owns it, forecasted) and of its
    kind is known here, so the rest is asked directly: a unit's or hero's
    attack (actions.character_attack_refusal), its patrol
    (targeting.patrol_refusal, all that actions.patrol_move_refusal asks
    of a move into a slot it is not in, but on Fury Road; leaving its slot
    is never refused), an ability (actions.ability_use_refusal). A
    check whose verdict cannot depend on part of the candidate runs once
    for all the candidates that differ only there: hiring (any hand card),
    an attack checked once without its target (its targets are
    attack_targets, what check_attack asks too, only computed for an
    attacker that passed), a card's patrol slots (the refusal is the
    card's; it stands in at most one slot, never offered again), stashing
    (any hand card), and a play or an ability checked once without its
    targets (actions.play_card_verdict, ability_use_refusal), then each
    target combination with actions.check_targets (not asked without
    target slots: _targets_pass). A building is checked in check_build's
    two parts, the refusal once per building (actions.build_refusal, or
    addon_refusal for the game's add-ons that specs.build_candidates
    lists) and then actions.build_plan (its refusal a value); reveals are
    listed only while actions.tower_refusal lets one through, of the
    opponents' cards that actions.revealable accepts (the rest of
    check_reveal; a card no opponent controls is never hidden from
    ``seat``) (issue 13)."""
    p = player(state, seat)
    gold = p["gold"]
    out = []
    hire_ok = None
    if not maps.hire_takes_card(state):  # Daggerfall Prison Camp: no card (maps.py)
        hire_ok = False
        if hire_refusal(state, seat, None) is None:
            out.append({"type": "hire"})
    for iid in p["hand"]:
        if hire_ok is None:
            hire_ok = hire_refusal(state, seat, iid) is None
        if hire_ok:
            out.append({"type": "hire", "card": iid})
        card_id = state["cards"][iid]["card"]
        slots = registry.card_of_id(card_id).targets
        boosts = [False, True] if catalog.card(card_id)["keywords"].get("boost") else [False]
        # glossary: Boost - with and without it; the cost before resist of each
        costs = {}
        for boost in boosts:
            plan = play_card_verdict(state, seat, iid, boost)
            if not isinstance(plan, RulesError):
                costs[boost] = plan
        if not costs:  # every one refused
            continue
        for targets in _target_combos(state, seat, slots):
            for boost in boosts:
                plan = costs.get(boost)
                if plan is None or not _targets_pass(state, seat, slots, targets, gold - plan[1]):
                    continue
                play = {"type": "play", "card": iid, "targets": targets}
                if boost:
                    play["boost"] = True
                out.append(play)
    refusals = {}  # a building surely refused is not checked in full
    for build in build_candidates(state, seat):  # tech buildings and this game's add-ons, some once per spec
        what = build["building"]
        if what not in refusals:
            refusals[what] = (build_refusal if what in TECH_BUILDINGS else addon_refusal)(state, seat, what)
        if refusals[what] is None and not isinstance(build_plan(state, seat, what, build), RulesError):
            out.append(build)
    out.extend({"type": "summon", "hero": iid} for iid in p["command"] if summon_refusal(state, seat, iid) is None)
    for iid in p["play"]:
        inst = state["cards"][iid]
        rec = catalog.card(inst["card"])
        kind = rec["kind"]  # stats.is_hero and is_character, read once
        if kind == "hero":
            room = rec["max_level"] - inst["level"]
            steps = {1} | {t - inst["level"] for t in (rec["mid_level"], rec["max_level"]) if t > inst["level"]}
            out.extend(
                {"type": "level_up", "hero": iid, "levels": n}
                for n in sorted(steps)
                if n <= room and level_up_refusal(state, seat, iid, n) is None
            )
        _ability_actions(state, seat, iid, gold, out, False)
        if kind == "hero" or kind == "unit":
            if not inst["exhausted"] and character_attack_refusal(state, iid, inst) is None:
                out.extend({"type": "attack", "attacker": iid, "target": t} for t in attack_targets(state, iid))
            current = patrol_slot(state, iid)
            slots = [slot for slot in PATROL_SLOTS if slot != current]
            if maps.on(state, "fury_road"):  # one patroller: the verdict depends on the slot
                out.extend(
                    {"type": "patrol", "card": iid, "slot": slot}
                    for slot in slots
                    if patrol_move_refusal(state, seat, iid, slot) is None
                )
            elif patrol_refusal(state, seat, iid) is None:  # all patrol_move_refusal asks here
                out.extend({"type": "patrol", "card": iid, "slot": slot} for slot in slots)
            if current:  # patrol_move_refusal refuses nothing: it leaves the slot it is in
                out.append({"type": "patrol", "card": iid, "slot": None})
    for iid in p["future"]:  # abilities used while forecasted (Omegacron)
        _ability_actions(state, seat, iid, gold, out, True)
    if tower_refusal(state, seat) is None:  # house rule R10: reveal
        # Only an opponent's card can be hidden from ``seat`` (targeting.hidden_from): the others are refused.
        out.extend(
            {"type": "reveal", "target": i}
            for q in state["players"]
            if is_opponent(state, seat, q["seat"])
            for i in q["play"]
            if revealable(state, seat, i)
        )
    repair = {"type": "repair"}
    if is_ffa(state) and _passes_checks(state, seat, repair):  # house rule R24
        out.append(repair)
    out.append({"type": "end_main"})  # check_end_main: the main phase only
    if has_stash(state, seat):  # glossary: Stash - keep any one hand card (check_end_main asks no more)
        out.extend({"type": "end_main", "stash": iid} for iid in p["hand"])
    return out


def _ability_actions(state: dict, seat: int, iid: str, gold: int, out: list, forecasted: bool) -> None:
    """Append to ``out`` each ability action of card ``iid`` (in ``seat``'s
    play, or its future zone when ``forecasted``) that ``seat`` may take
    now, one per target combination."""
    for index, ability in enumerate(abilities_of(state, iid)):  # the check's own list while frozen
        if ability_use_refusal(state, seat, iid, ability, forecasted) is not None:
            continue
        for targets in _target_combos(state, seat, ability.targets):
            if _targets_pass(state, seat, ability.targets, targets, gold - ability.gold):
                out.append({"type": "ability", "card": iid, "ability": index, "targets": targets})


def _targets_pass(state: dict, seat: int, slots: list, targets: list, gold_left: int) -> bool:
    """True when actions.check_targets accepts ``targets`` (one of
    _target_combos' combinations) for ``slots`` with ``gold_left`` gold
    after the cost. Without slots it always does (no target, no resist to
    pay, and the check before it refused a cost above the gold, so
    ``gold_left`` >= 0): it is not asked then (issue 13)."""
    if not slots:
        return True
    try:
        check_targets(state, seat, slots, targets, gold_left)
    except RulesError:
        return False
    return True


def _target_combos(state: dict, seat: int, slots: list) -> list:
    if not slots:
        return [[]]
    pools = [slot_candidates(state, seat, slot) for slot in slots]
    return [list(c) for c in itertools.product(*pools) if len(set(c)) == len(c)]
