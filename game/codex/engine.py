"""The engine's entry points: Codex's table of moves (game.codex.actions)
as the kernel's :class:`~game.kernel.game.MoveTable` (issue 28), with
Codex's envelope, its work around every change and its state copy.

``apply_action`` never changes the state it is given: it works on a copy and
returns it, so an illegal action (RulesError) leaves the caller's state
exactly as it was (ARCHITECTURE.md, "The rules engine").
``apply_action_in_place`` is the same rules without the copy, for a caller
that owns its state (the bots): every check runs before anything changes,
so a refused action changes nothing there either. Both, ``is_legal`` and
``legal_actions`` are the kernel's, driven by :data:`RULES`.
"""

import marshal
from bisect import bisect_right

from game.kernel.copying import copy_sharing_log
from game.kernel.envelope import action_type, require_plain_json
from game.kernel.game import Move, MoveTable

from . import stats
from .action_keys import ACTION_KEYS
from .actions import MOVES, listed_actions
from .checks import run
from .errors import RulesError
from .freeforall import has_conceded
from .freeforall_end import settle
from .state import LOG, PATROL_SLOTS, fresh_instance

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


def _prepare(state: dict, seat: int) -> None:
    """Before an action's change: the engine's key order
    (:func:`canonical_order`) and the acting seat."""
    canonical_order(state)
    state["acting"] = seat


def _settle(state: dict) -> None:
    """After an action's change: the queue and the state-based checks
    (checks.run), then a free-for-all's fallen bases: the turn ends (R28)."""
    run(state)
    settle(state)
    state["acting"] = None


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


def _listed(state: dict, seat: int) -> list:
    """The legal actions of a seat of a game in progress
    (actions.listed_actions, the table's order): nothing for a seat that
    has conceded a free-for-all."""
    return [] if has_conceded(state, seat) else listed_actions(state, seat)


# Codex's moves as the kernel plays them: each move's check is its verdict
# (who may act, then the check: the same codes in the same order), listed
# in the table's order (actions.table.LISTING) while the state is frozen.
RULES = MoveTable(
    moves=tuple(Move(m.type, ACTION_KEYS[m.type], m.verdict, m.change) for m in MOVES.values()),
    log=LOG,
    max_action_bytes=MAX_ACTION_BYTES,
    envelope=validate_envelope,
    prepare=_prepare,
    settle=_settle,
    copy_state=copy_state,
    lister=_listed,
    reading=stats.frozen,
)
apply_action = RULES.apply_action
apply_action_in_place = RULES.apply_action_in_place
is_legal = RULES.is_legal
legal_actions = RULES.legal_actions
