"""The engine's entry points: apply an action, list the legal actions.

``apply_action`` never changes the state it is given: it works on a copy and
returns it, so an illegal action (RulesError) leaves the caller's state
exactly as it was (ARCHITECTURE.md, "The rules engine").
``apply_action_in_place`` is the same rules without the copy, for a caller
that owns its state (the bots): every check runs before anything changes,
so a refused action changes nothing there either.
"""

import marshal
from bisect import bisect_right

from game.kernel.copying import copy_sharing_log
from game.kernel.envelope import action_type, is_seat, require_plain_json

from . import stats
from .actions import MOVES, listed_actions
from .checks import run
from .errors import EngineFault, RulesError
from .freeforall import has_conceded
from .freeforall_end import settle
from .state import PATROL_SLOTS, fresh_instance

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
    kind = action_type(state, seat, action, MOVES)
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
    move = MOVES[kind]
    plan = move.verdict(state, seat, action)
    # The state keeps only the last LOG_KEEP lines, so count by line
    # number, not by list length (a full log is trimmed as lines are added).
    before = state["log_seq"]
    try:
        canonical_order(state)
        state["acting"] = seat
        move.change(state, seat, plan)
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
        MOVES[kind].verdict(state, seat, action)
    except RulesError:
        return False
    return True


def legal_actions(state: dict, seat: int) -> list:
    """Every action ``seat`` may take now, as action dicts, in the order of
    the table of moves (actions.table.LISTING).

    Lists prompt answers when a prompt waits for ``seat``; the tech choice
    when ``seat`` owes one (R11); and in ``seat``'s main phase: hire, build,
    summon, level up (one level at a time and up to the next band), play
    (with every legal target combination, with and without ``boost`` for a
    card with boost), abilities, attacks, patrol moves, base repair in a
    free-for-all (R24) and end_main (also with each hand card as ``stash``
    while the seat has stash); in ``seat``'s free-for-all lending step each
    possible ``lend`` and ``end_lending`` (R26); ``concede`` always while
    the game runs. Nothing for a seat that has conceded.
    """
    if state["status"] != "playing" or not is_seat(state, seat) or has_conceded(state, seat):
        return []
    with stats.frozen(state):
        return listed_actions(state, seat)
