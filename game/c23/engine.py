"""The C-23 rules engine's doors: apply an action, check one, list the
legal ones, say whom the game waits on; all driven by one table of moves
(:data:`MOVES`, each move a game.c23.move.Move).

Authority: the C-23 rulebook (shared/seeds/004_e9585cfdc02414d2.txt) and
the house rules K1-K27 (shared/c23-house-rules.md); the rules themselves
live in the modules the moves call (turns, combat, effects).

``apply_action`` never changes the state it is given (it works on a copy);
``apply_action_in_place`` changes the caller's state, after every check has
passed (a refused action changes nothing).
"""

from typing import Any

from .anytime_moves import CONCEDE, REVEAL_HAND
from .combat_moves import ASSIGN, BLOCK, COMBAT_CARD
from .move import Move
from .shared import EngineFault, RulesError, action_type, is_seat, require_plain_json
from .state import Action, State, copy_state
from .turn_moves import ATTACK, END_TURN, PASS, PLAY, PLAY_RESOURCE

MAX_ACTION_BYTES = 4096

# Every move, in the order legal_actions lists their actions.
MOVES: dict[str, Move] = {
    m.type: m for m in (PLAY_RESOURCE, PASS, PLAY, ATTACK, END_TURN, BLOCK, COMBAT_CARD, ASSIGN, REVEAL_HAND, CONCEDE)
}
# The moves open while a question is open to another seat (never listed).
ANYTIME = (REVEAL_HAND.type, CONCEDE.type)
# The keys each action type's check reads, besides "type": the server keeps
# only these of an action it applies and stores (game.codex.action_keys;
# tests/c23/test_server_contract.py checks it against every listed action).
ACTION_KEYS: dict[str, tuple[str, ...]] = {t: m.keys for t, m in MOVES.items()}


def validate_envelope(state: State, seat: Any, action: Any) -> str:
    """What every action needs: a JSON object with a known ``type``, a seat
    of this game, a game in progress (the shared envelope), the seat still
    in the game, plain JSON under MAX_ACTION_BYTES, and the prompt
    discipline (while a prompt is open only its seat answers; concede and
    reveal_hand are always open). Returns the type; raises RulesError
    ``bad_action``, ``unknown_action``, ``bad_seat``, ``game_over``,
    ``out``, ``not_your_prompt``."""
    kind = action_type(state, seat, action, MOVES)
    if state["players"][seat]["out"]:
        raise RulesError("out", "You are out of the game.")
    require_plain_json(action, MAX_ACTION_BYTES)
    prompt = state["prompt"]
    if prompt is not None and kind not in ANYTIME and prompt["seat"] != seat:
        raise RulesError("not_your_prompt", "The open question is for another player.")
    return kind


def _apply(state: State, seat: int, action: Action, in_place: bool) -> list[dict[str, Any]]:
    kind = validate_envelope(state, seat, action)
    move = MOVES[kind]
    plan = move.check(state, seat, action)
    before = state["log_seq"]
    try:
        move.change(state, seat, plan)
    except Exception as exc:
        if not in_place:
            raise
        raise EngineFault(f"The engine failed in the middle of {kind!r}; the state is half-changed.") from exc
    return [e for e in state["log"] if e["n"] > before]


def apply_action(state: State, seat: int, action: Action) -> tuple[State, list[dict[str, Any]]]:
    """Apply ``action`` for ``seat``; return ``(new_state, events)`` (events:
    the log lines added, ``{"n", "text", "to"?}``). ``state`` is unchanged.
    Raises RulesError (code, message; docs/C23.md lists the codes)."""
    validate_envelope(state, seat, action)
    new = copy_state(state)
    return new, _apply(new, seat, action, in_place=False)


def apply_action_in_place(state: State, seat: int, action: Action) -> list[dict[str, Any]]:
    """As :func:`apply_action` on the caller's own ``state``; returns the
    events. RulesError comes from the checks, before any change; an
    exception after them is an EngineFault (drop the state)."""
    return _apply(state, seat, action, in_place=True)


def is_legal(state: State, seat: int, action: Action) -> bool:
    """True when ``action`` for ``seat`` would pass its checks now."""
    try:
        kind = validate_envelope(state, seat, action)
        MOVES[kind].check(state, seat, action)
    except RulesError:
        return False
    return True


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action ``seat`` may take now, as action dicts: the union of
    the options of the moves ``seat`` may take (game.c23.move.Move), in
    the table's order (payment left to the engine; attacks: each single
    attacker and all of them; blocks: every assignment when there are at
    most 64, else none, each single block and one blocker per attacker).
    Empty when ``seat`` has nothing to do. ``concede`` and ``reveal_hand``
    are not listed (always open)."""
    if state["status"] != "playing" or not is_seat(state, seat) or state["players"][seat]["out"]:
        return []
    out: list[Action] = []
    for move in MOVES.values():
        if move.options is not None and (move.who is None or move.who(state, seat)):
            out.extend(move.options(state, seat))
    return out


def waiting_on(state: State) -> list[int]:
    """The seats the game waits on now: each seat with an action listed by
    :func:`legal_actions` (the active player in its steps, or whoever the
    open question is for); empty once the game is over. ``concede`` and
    ``reveal_hand``, always open, do not count."""
    return [seat for seat in range(len(state["players"])) if legal_actions(state, seat)]
