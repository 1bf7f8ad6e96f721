"""The C-23 move table: every move (game.kernel.game.Move: who may, check,
change, options) in listing order, C-23's envelope, and whom the game waits
on. The kernel's MoveTable applies, checks and lists actions through it
(game.kernel.game); the rules themselves live in the modules the moves call
(turns, combat, effects).

Authority: the C-23 rulebook (shared/seeds/004_e9585cfdc02414d2.txt) and
the house rules K1-K27 (shared/c23-house-rules.md).
"""

from typing import Any

from game.kernel.envelope import action_type, require_plain_json
from game.kernel.errors import RulesError
from game.kernel.game import MoveTable
from game.kernel.types import Seat, State

from .anytime_moves import CONCEDE, REVEAL_HAND
from .combat_moves import ASSIGN, BLOCK, COMBAT_CARD
from .state import LOG
from .turn_moves import ATTACK, END_TURN, PASS, PLAY, PLAY_RESOURCE

MAX_ACTION_BYTES = 4096
# The moves open while a question is open to another seat (never listed).
ANYTIME = (REVEAL_HAND.type, CONCEDE.type)


def validate_envelope(state: State, seat: Any, action: Any) -> str:
    """What every action needs: a JSON object with a known ``type``, a seat
    of this game, a game in progress (the shared envelope), the seat still
    in the game, plain JSON under MAX_ACTION_BYTES, and the prompt
    discipline (while a prompt is open only its seat answers; concede and
    reveal_hand are always open). Returns the type; raises RulesError
    ``bad_action``, ``unknown_action``, ``bad_seat``, ``game_over``,
    ``out``, ``not_your_prompt``, in that order."""
    kind = action_type(state, seat, action, RULES.by_type)
    if state["players"][seat]["out"]:
        raise RulesError("out", "You are out of the game.")
    require_plain_json(action, MAX_ACTION_BYTES)
    prompt = state["prompt"]
    if prompt is not None and kind not in ANYTIME and prompt["seat"] != seat:
        raise RulesError("not_your_prompt", "The open question is for another player.")
    return kind


RULES = MoveTable(
    moves=(PLAY_RESOURCE, PASS, PLAY, ATTACK, END_TURN, BLOCK, COMBAT_CARD, ASSIGN, REVEAL_HAND, CONCEDE),
    log=LOG,
    max_action_bytes=MAX_ACTION_BYTES,
    envelope=validate_envelope,
)
"""C-23's moves in listing order (legal_actions is the union of their
options, each move's listed when its ``who`` lets the seat make it; a seat
out of the game is never asked), its envelope and its log. ``concede`` and
``reveal_hand`` are always open and never listed."""

apply_action = RULES.apply_action
apply_action_in_place = RULES.apply_action_in_place
is_legal = RULES.is_legal
legal_actions = RULES.legal_actions
ACTION_KEYS = RULES.action_keys


def waiting_on(state: State) -> list[Seat]:
    """The seats the game waits on now: each seat with an action listed by
    ``legal_actions`` (the active player in its steps, or whoever the
    open question is for); empty once the game is over. ``concede`` and
    ``reveal_hand``, always open, do not count."""
    return [seat for seat in range(len(state["players"])) if legal_actions(state, seat)]
