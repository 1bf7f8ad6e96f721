"""The checks several C-23 moves share: the player's own turn and step,
the open question, a card in hand; and the filter of a move's options by
its check. The moves themselves (game.kernel.game.Move: who may, check,
change, options) are in turn_moves, combat_moves and anytime_moves; their
table is game/c23/engine.py's ``RULES``.
"""

from collections.abc import Callable

from game.kernel.errors import RulesError

from .state import Action, Plan, State


def in_step(state: State, seat: int, step: str) -> bool:
    """True when no question is open and ``seat`` is the active player in ``step``."""
    return state["prompt"] is None and seat == state["active"] and state["step"] == step


def asked(state: State, seat: int, kind: str) -> bool:
    """True when the open question is of ``kind`` and for ``seat``."""
    prompt = state["prompt"]
    return prompt is not None and prompt["kind"] == kind and prompt["seat"] == seat


def own_turn(state: State, seat: int, step: str) -> None:
    """Raise RulesError ``prompt_pending``, ``not_your_turn`` or
    ``wrong_step`` unless :func:`in_step` (in that order)."""
    if state["prompt"] is not None:
        raise RulesError("prompt_pending", "Answer the open question first.")
    if seat != state["active"]:
        raise RulesError("not_your_turn", "It is not your turn.")
    if state["step"] != step:
        raise RulesError("wrong_step", f"That belongs to another step of the turn (now: {state['step']}).")


def prompt_for(state: State, seat: int, kind: str) -> None:
    """Raise RulesError ``no_such_prompt`` or ``not_your_prompt`` unless :func:`asked`."""
    prompt = state["prompt"]
    if prompt is None or prompt["kind"] != kind:
        raise RulesError("no_such_prompt", "Nothing asks for that now.")
    if prompt["seat"] != seat:
        raise RulesError("not_your_prompt", "The open question is for another player.")


def in_hand(state: State, seat: int, action: Action) -> str:
    """The action's ``card``, once it is in ``seat``'s hand; raises
    RulesError ``not_in_hand``."""
    iid = action.get("card")
    if not isinstance(iid, str) or iid not in state["players"][seat]["hand"]:
        raise RulesError("not_in_hand", "That card is not in your hand.")
    return iid


def passing(
    check: Callable[[State, int, Action], Plan], state: State, seat: int, actions: list[Action]
) -> list[Action]:
    """The actions of ``actions`` that ``check`` lets through for ``seat``."""
    out = []
    for a in actions:
        try:
            check(state, seat, a)
        except RulesError:
            continue
        out.append(a)
    return out
