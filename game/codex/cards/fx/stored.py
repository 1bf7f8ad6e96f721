"""Stored steps that keep fields of their own, declared (issue 28, "choose
up to N then continue"; docs/ENGINE.md "Cards").

:func:`~game.codex.cards.fx.each` declares a step that keeps ``seat`` and
``choice``. Some continuations keep more: how many picks are left and the
picks so far (:class:`Again`), a card to act on once the chosen things are
done (:func:`each_then`), or the words of a question queued behind other
steps (:func:`ask_stored`, :func:`target_stored`), or the points of
damage divided so far (:class:`Divide`). The step in the state
stays a plain dict ``{"op": name, ...}`` with the same fields as before;
the effects live in the code under that name, so a stored prompt resumes.
"""

from ...effects import damage_target, pay
from ...flow import ask, op, push
from ...play import on_targeted
from ...state import is_opponent, player
from ...targeting import controller_of, is_flagbearer, resist_cost, slot_candidates, standing, thing_exists
from ..common import ask_target
from .base import CASTER, Effect, apply_to_each, as_tuple

_OWN = ("op", "seat", "left", "choice")  # the fields Again keeps for itself


class Again(Effect):
    """ "Up to ``most`` times: you may choose one of these, and it gets
    ``then``", one optional question at a time, asked again after each pick
    until ``most`` are taken, none is chosen or nothing is left to choose
    (Feral Strike, Sanatorium, Tyrannosaurus Rex).

    ``step``: the stored step's name; it holds ``seat``, ``left`` (the picks
    still allowed after this one) and the card's own fields (``fields``:
    their values when the question is asked by :meth:`apply`; :meth:`ask`
    may give others). ``options``: ``fn(state, seat, fields)``, what may be
    chosen now; ``prompt``: the question; ``gather``: the name of a field
    listing the picks so far (for ``options`` to offer none twice);
    ``done``: ``fn(state, seat, fields)``, run once the choosing ends.
    Effects with ``to=CASTER`` act on the seat. Raises ValueError when
    ``step`` is taken.
    """

    def __init__(self, step: str, then=(), *, options, prompt: str, most: int, fields=None, gather=None, done=None):
        super().__init__(to=CASTER)
        self.name, self.options, self.text, self.most = step, options, prompt, most
        self.thens, self.fields, self.gather, self.done = as_tuple(then), dict(fields or {}), gather, done
        op(step)(self._answer)

    def ask(self, state: dict, seat: int, left: int = None, **fields) -> None:
        """Ask ``seat`` for one more pick (``left``: the picks allowed, at
        first ``most``; ``fields``: the card's own, over the declared ones),
        or end the choosing when there is nothing to choose."""
        left = self.most if left is None else left
        fields = {**self.fields, **({self.gather: []} if self.gather else {}), **fields}
        options = self.options(state, seat, fields) if left > 0 else []
        if options:
            then = {"op": self.name, "seat": seat, "left": left - 1, **fields}
            ask(state, seat, self.text, options, then, optional=True)
        elif self.done is not None:
            self.done(state, seat, fields)

    def _answer(self, state: dict, step: dict) -> None:
        seat, choice = step["seat"], step["choice"]
        apply_to_each(state, step, choice, self.thens, False)
        fields = {k: v for k, v in step.items() if k not in _OWN}
        if self.gather:
            fields[self.gather] = fields[self.gather] + choice
        if choice:
            self.ask(state, seat, step["left"], **fields)
        elif self.done is not None:
            self.done(state, seat, fields)

    def apply(self, state, seat, tid, source):
        self.ask(state, seat)


def each_then(step: str, *effects: Effect, then=(), last: tuple = None) -> str:
    """Declare the stored step ``step``: every chosen thing of its
    ``choice`` gets ``effects`` in order, for the step's ``seat``; then that
    seat gets ``then`` (effects acting on the player: Draw, Say, a
    :class:`~game.codex.cards.fx.Choose` asking the next question; one with
    ``to=field(key)`` acts on the card the step names there, while it is
    in play), once however many were chosen, none too; then ``last``, a
    pair ``(field, effects)``: the card the step names in ``field``, while
    it is still in the game (a spell on the stack too), gets those effects
    (Calamandra Moss's stealth after the discard, Detonate trashing
    itself). Returns ``step``; raises ValueError
    when ``step`` is taken."""
    thens = as_tuple(then)

    def run(state: dict, stored: dict) -> None:
        seat = stored["seat"]
        apply_to_each(state, stored, stored["choice"], effects, False)
        apply_to_each(state, stored, [seat], thens, False)
        if last is not None and stored[last[0]] in state["cards"]:
            apply_to_each(state, stored, [stored[last[0]]], as_tuple(last[1]), False)

    run.__doc__ = f"Stored step {step!r}: each chosen thing gets {', '.join(type(e).__name__ for e in effects)}."
    op(step)(run)
    return step


def ask_stored(step: str) -> str:
    """Declare the stored step ``step`` (``{"op", "seat", "text",
    "options", "then"}``, ``optional`` and ``count`` when given) that asks
    ``seat`` the question it stores (flow.ask): a trigger queues its
    question behind the other steps of its moment, so two triggers never
    open two prompts over each other. Returns ``step``."""

    def run(state: dict, stored: dict) -> None:
        ask(
            state,
            stored["seat"],
            stored["text"],
            stored["options"],
            stored["then"],
            count=stored.get("count", 1),
            optional=stored.get("optional", False),
        )

    run.__doc__ = f"Stored step {step!r}: ask the question it stores."
    op(step)(run)
    return step


def target_stored(step: str, slots: dict) -> str:
    """Declare the stored step ``step`` (``{"op", "seat", "slot", "text",
    "then"}``) that asks ``seat`` for a target of ``slots[slot]`` (◎ rules
    applied: common.ask_target), queued as :func:`ask_stored`'s question
    is; the slot is stored by name (a stored state holds plain data).
    Returns ``step``."""

    def run(state: dict, stored: dict) -> None:
        ask_target(state, stored["seat"], slots[stored["slot"]], stored["text"], stored["then"])

    run.__doc__ = f"Stored step {step!r}: ask for a target of the slot it names."
    op(step)(run)
    return step


class Divide:
    """ "Divide ``total`` damage among up to ``most`` targets", one point
    per question (Ember Sparks, Burning Volley): each point goes to a
    target already chosen or, while fewer than ``most`` are, to a new one
    of the slot ``slots[slot]`` (◎ as the point is given: its resist is
    paid, an Illusion dies; the first target must be an opposing
    flagbearer if one can be targeted, Flagbearer ruling). At least one
    point per target (Burning Volley ruling); the damage is dealt at once
    at the end, named ``title``; a target gone or doomed by then takes
    none.

    ``step``: the stored step's name (``{"op", "seat", "slot", "left",
    "most", "title", "split", "choice"}``, ``split`` the points given so
    far); ``slots``: the target slots by name (a stored state keeps the
    name). Raises ValueError when ``step`` is taken.
    """

    def __init__(self, step: str, slots: dict):
        self.name, self.slots = step, slots
        op(step)(self._answer)

    def start(self, state: dict, seat: int, slot: str, total: int, most: int, title: str) -> None:
        """Queue the first question: ``seat`` divides ``total`` damage
        among at most ``most`` targets of ``slots[slot]``."""
        fields = {"seat": seat, "slot": slot, "left": total, "most": most, "title": title, "split": {}}
        push(state, {"op": self.name, **fields, "choice": None})

    def _answer(self, state: dict, step: dict) -> None:
        seat, split, left = step["seat"], dict(step["split"]), step["left"]
        for pick in step["choice"] or []:
            if pick not in split:
                pay(state, seat, resist_cost(state, seat, [pick]))
                on_targeted(state, [pick])
            split[pick] = split.get(pick, 0) + 1
            left -= 1
        options = [t for t in sorted(split) if standing(state, t)]
        if len(split) < step["most"]:
            options += self._new_targets(state, seat, step["slot"], split)
        if left > 0 and options:
            text = f"{step['title']}: {left} damage left; choose where the next 1 goes."
            ask(state, seat, text, options, dict(step, split=split, left=left))
            return
        for tid, amount in sorted(split.items()):  # a stored state's key order is not kept
            if standing(state, tid):
                damage_target(state, tid, amount, by=step["title"])

    def _new_targets(self, state: dict, seat: int, slot: str, split: dict) -> list:
        """The targets not chosen yet whose resist ``seat`` can pay; only
        opposing flagbearers while one is offered and none is chosen."""
        gold = player(state, seat)["gold"]
        new = [
            t
            for t in slot_candidates(state, seat, self.slots[slot], exclude=list(split))
            if resist_cost(state, seat, [t]) <= gold
        ]
        flags = [t for t in new if is_flagbearer(state, t) and is_opponent(state, seat, controller_of(state, t))]
        if flags and not any(is_flagbearer(state, t) for t in split if thing_exists(state, t)):
            return flags
        return new
