"""What a C-23 move is (one action type: who may take it, its check, its
change and the actions it lists) and the checks several moves share: the
player's own turn and step, the open question, a card in hand.

The table of every move is game/c23/engine.py's ``MOVES``; the engine
applies, checks and lists actions through it alone.
"""

from collections.abc import Callable
from dataclasses import dataclass

from .shared import RulesError
from .state import Action, Plan, State


@dataclass(frozen=True)
class Move:
    """One action type of C-23.

    ``type``: the action's ``"type"``; ``keys``: the keys its check reads
    besides the type (the server keeps only these: game.codex.action_keys);
    ``check(state, seat, action)``: the plan of a legal action, raising
    RulesError (changes nothing); ``change(state, seat, plan)``: carries the
    plan out on the state; ``options(state, seat)``: the legal actions of
    this type (None: never listed, a move always open: conceding, showing
    one's hand); ``who(state, seat)``: True when ``seat`` may take it now
    (its turn and step, or the open question is its own), so that its
    options are listed (None: any seat)."""

    type: str
    keys: tuple[str, ...]
    check: Callable[[State, int, Action], Plan]
    change: Callable[[State, int, Plan], None]
    options: Callable[[State, int], list[Action]] | None = None
    who: Callable[[State, int], bool] | None = None


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
