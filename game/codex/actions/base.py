"""What every move of the table shares: the :class:`Move` record (who may
act, the check, the change, the options), the main-phase test, the target
checks and the target combinations the options list (Deluxe rulebook,
"Main phase"; issue 28: one table of moves)."""

import itertools
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, NoReturn

from .. import catalog, stats
from ..errors import RulesError
from ..state import card_of, is_opponent
from ..targeting import controller_of, flagbearer_duty, is_flagbearer, resist_cost, slot_candidates

Refusal = tuple[str, str] | None  # (code, message) of a RulesError not raised, or None
Who = Callable[[dict, int], Refusal]
Lister = Callable[[dict, int, Any, list], None]  # (state, seat, subject, out): appends the options of one subject


@dataclass(frozen=True)
class Move:
    """One action type: ``type``; ``who`` (state, seat) -> the refusal of a
    seat that may not take it now (always the check's first refusals, in
    its order), or None; ``check`` (state, seat, action) -> the plan, or
    RulesError with the rest of the refusals; ``change`` (state, seat,
    plan) does it; ``options`` (state, seat) -> its legal actions when
    ``who`` lets the seat through, in legal_actions' order. A move whose
    options interleave with other moves' per card (hire and play per hand
    card; level up, abilities, attacks and patrols per card in play) gives
    its ``each`` lister and the ``subjects`` it walks instead, and its
    options are :func:`walked` from them (actions.table lists the walks)."""

    type: str
    who: Who
    check: Callable[[dict, int, dict], Any]
    change: Callable[[dict, int, Any], None]
    options: Callable[[dict, int], list]
    each: Lister | None = None

    def verdict(self, state: dict, seat: int, action: dict) -> Any:
        """The plan of ``action`` (of this move's type) for ``seat``, once
        ``who`` and ``check`` pass. Raises RulesError with the first
        refusal, nothing changed."""
        refusal = self.who(state, seat)
        if refusal is not None:
            raise RulesError(*refusal)
        return self.check(state, seat, action)


def walked(subjects: Callable[[dict, int], Iterable], each: Lister) -> Callable[[dict, int], list]:
    """The options function of a move listed per subject: ``each`` over
    ``subjects(state, seat)``, in their order."""

    def options(state: dict, seat: int) -> list:
        out: list = []
        for subject in subjects(state, seat):
            each(state, seat, subject, out)
        return out

    return options


def fail(code: str, message: str) -> NoReturn:
    """Raise RulesError(code, message)."""
    raise RulesError(code, message)


# ---- shared checks ------------------------------------------------------


def on_acting_team(state: dict, seat: int) -> bool:
    """True when ``seat`` may take main-phase actions now: its team's turn,
    in the main phase, and it has not ended its own main phase."""
    players = state["players"]  # state.team_of and state.player, read in place (asked of every check)
    return (
        state["phase"] == "main"
        and players[seat]["team"] == players[state["active"]]["team"]
        and not players[seat]["ended_main"]
    )


def main_refusal(state: dict, seat: int) -> Refusal:
    """Why ``seat`` may not take a main-phase action now, as ``(code,
    message)``, or None: a prompt is open, or not :func:`on_acting_team`
    (read in place: every main-phase check asks it first)."""
    if state["prompt"] is not None:
        return "prompt_pending", "Answer the open question first."
    players = state["players"]
    if not (
        state["phase"] == "main"
        and players[seat]["team"] == players[state["active"]]["team"]
        and not players[seat]["ended_main"]
    ):
        return "not_your_turn", "You can only do that in your own main phase."
    return None


def controlled_in_play(state: dict, seat: int, iid: object) -> dict | None:
    """The instance ``iid`` (any value) if ``seat`` controls it in play,
    else None."""
    inst = state["cards"].get(iid) if isinstance(iid, str) else None
    if inst is None or inst["zone"] != "play" or inst["controller"] != seat:
        return None
    return inst


def arrival_fatigued(state: dict, iid: str) -> bool:
    """True when ``iid`` came under its controller's control this turn and
    lacks haste (glossary: Arrival fatigue; house rule R5: every card type)."""
    inst = card_of(state, iid)
    return inst["arrived"] >= state["turn"] and not stats.kw(state, iid, "haste")


def everyone_in_play(state: dict) -> list:
    """The ids of every card in play, seat by seat."""
    return [i for p in state["players"] for i in p["play"]]


def check_targets(state: dict, seat: int, slots: list, targets: object, gold_left: int) -> int:
    """Validate ``targets`` against target ``slots``; return the resist gold.

    Raises ``bad_targets`` (shape or a target that doesn't fit),
    ``flagbearer`` (an opposing flagbearer must be targeted) or
    ``not_enough_gold`` (resist unaffordable).
    """
    if targets is None:
        targets = []
    if not isinstance(targets, list) or len(targets) != len(slots) or any(not isinstance(t, str) for t in targets):
        fail("bad_targets", f"Choose exactly {len(slots)} target(s).")
    for slot, tid in zip(slots, targets, strict=True):  # the lengths are equal: checked above
        if tid not in slot_candidates(state, seat, slot):
            fail("bad_targets", "That is not a legal target.")
    icon_targets = [t for s, t in zip(slots, targets, strict=True) if s.icon]
    if len(set(icon_targets)) != len(icon_targets):
        fail("bad_targets", "Choose different targets.")
    extra = resist_cost(state, seat, icon_targets)
    if extra > gold_left:
        fail("not_enough_gold", f"Targeting that costs {extra} more gold (resist); you have {gold_left} left.")
    if not flagbearer_duty(state, seat, slots, icon_targets, gold_left):
        fail("flagbearer", "You must target an opposing flagbearer.")
    return extra


def targets_pass(state: dict, seat: int, slots: list, targets: list, gold_left: int) -> bool:
    """True when :func:`check_targets` accepts ``targets`` (one of
    :func:`target_combos`' combinations) for ``slots`` with ``gold_left``
    gold after the cost. Without slots it always does (no target, no
    resist to pay, and the check before it refused a cost above the gold,
    so ``gold_left`` >= 0): it is not asked then (issue 13).

    A combination of target_combos passes check_targets' shape, candidate
    and different-targets tests by construction (its candidates, one per
    slot, no card twice), so only the rest is asked, from
    :func:`_target_facts` read once per seat and slots while the state is
    frozen: the resist of its ◎ targets within ``gold_left`` (targeting.
    resist_cost), and an opposing flagbearer among them when a ◎ slot
    could target one ``seat`` can afford (targeting.flagbearer_duty; the
    glossary's Flagbearer and Resist; issue 28: one pass over the
    candidates, not one per combination)."""
    if not slots:
        return True
    facts, cheapest_flagbearer = _target_facts(state, seat, slots)
    resist, flagbearer = 0, False
    for slot, tid in zip(slots, targets, strict=True):
        if slot.icon:
            cost, bearer = facts[tid]
            resist += cost
            flagbearer = flagbearer or bearer
    if resist > gold_left:
        return False
    return flagbearer or cheapest_flagbearer > gold_left


def _target_facts(state: dict, seat: int, slots: list) -> tuple[dict, float]:
    """``({candidate: (resist, opposing flagbearer)}, the least resist of
    an opposing flagbearer)`` over the candidates of ``slots``' ◎ slots
    for ``seat`` (resist: targeting.resist_cost of the candidate alone;
    no opposing flagbearer: infinity). Memoised while the state is frozen;
    the memo keeps ``slots`` itself, so its id() can't stand for another
    list."""
    kept, facts = stats.memoised(
        state, ("target_facts", seat, id(slots)), lambda: (slots, _read_target_facts(state, seat, slots))
    )
    return facts if kept is slots else _read_target_facts(state, seat, slots)


def _read_target_facts(state: dict, seat: int, slots: list) -> tuple[dict, float]:
    """:func:`_target_facts`, read from the state."""
    facts: dict = {}
    cheapest = math.inf
    for slot in slots:
        if not slot.icon:
            continue
        for tid in slot_candidates(state, seat, slot):
            if tid not in facts:
                cost = resist_cost(state, seat, [tid])
                bearer = is_flagbearer(state, tid) and is_opponent(state, seat, controller_of(state, tid))
                facts[tid] = (cost, bearer)
                if bearer and cost < cheapest:
                    cheapest = cost
    return facts, cheapest


def target_combos(state: dict, seat: int, slots: list) -> list:
    """Every combination of candidates for target ``slots`` (one per slot,
    no card twice), as lists; ``[[]]`` without slots."""
    if not slots:
        return [[]]
    if len(slots) == 1:  # one slot, no card twice: each candidate alone (issue 30, point 3)
        return [[tid] for tid in slot_candidates(state, seat, slots[0])]
    pools = [slot_candidates(state, seat, slot) for slot in slots]
    return [list(c) for c in itertools.product(*pools) if len(set(c)) == len(c)]


def hand_subjects(state: dict, seat: int) -> list:
    """What the hand's options walk: None first (a move that takes no hand
    card: hiring when the map takes no card), then each hand card."""
    return [None, *state["players"][seat]["hand"]]


Card = tuple[str, dict, dict]  # a card's id, its instance and its catalog record


def _cards(state: dict, ids: list) -> list[Card]:
    """``(id, instance, record)`` of each card of ``ids``: read once for
    all the moves a walk lists per card."""
    cards = state["cards"]
    return [(iid, inst, catalog.card(inst["card"])) for iid, inst in zip(ids, map(cards.__getitem__, ids), strict=True)]


def in_play(state: dict, seat: int) -> list[Card]:
    """What the options of ``seat``'s cards in play walk: each as a Card."""
    return _cards(state, state["players"][seat]["play"])


def forecasted(state: dict, seat: int) -> list[Card]:
    """What the options of ``seat``'s forecasted cards walk (their
    abilities used from the future zone): each as a Card."""
    return _cards(state, state["players"][seat]["future"])
