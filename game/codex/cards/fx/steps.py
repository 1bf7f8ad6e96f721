"""Step shapes and continuations: the stored steps a declaration leaves
(:func:`each`, :func:`on_card`, :func:`each_as`), the questions that
continue in one (:class:`Choose`, :class:`UpTo`, :class:`PickUpTo`,
:func:`ask_later`, :func:`ask_team_later`) and the effects that combine
others (:class:`Seq`, :class:`Modes`, :class:`AtEndOfTurn`); see
:mod:`game.codex.cards.fx`.
"""

from ...flow import ask, op
from ...state import name
from ...targeting import standing
from ..common import answer_up_to, ask_target, ask_up_to, at_end_of_turn
from .base import CASTER, TARGET, Effect, apply_to_each, as_tuple, holds_field


def on_card(step: str, *effects: Effect, alive: bool = False, on: str = "iid") -> str:
    """Declare the stored step ``step`` left to act later on one card, the
    step's ``iid`` (or the field ``on`` names: a seat too): queued for the
    end of the turn (common.at_end_of_turn), pushed to run next (flow.push)
    or run when a lasting effect ends (common.lasting's ``end``). The card
    gets ``effects`` in order (bound to the step: :func:`~.base.field`),
    for the step's ``seat`` when it stores one; ``alive``: nothing happens
    when the card has left play (or never was: a building gone). Returns
    ``step``; raises ValueError when ``step`` is taken (issue 28: the
    copies, transformations and dooms that end)."""

    def run(state: dict, stored: dict) -> None:
        apply_to_each(state, stored, [stored[on]], effects, alive)

    run.__doc__ = f"Stored step {step!r}: its card gets {', '.join(type(e).__name__ for e in effects)}."
    op(step)(run)
    return step


def each(step: str, *effects: Effect, alive: bool = False, after: "Choose" = None) -> str:
    """Declare the stored step ``step``: every chosen thing of its
    ``choice`` (a card id, a building id or a seat) gets ``effects`` in
    order, for the step's ``seat`` (when it stores one); an effect with
    ``to=CASTER`` (Draw, MakeTokens, GainGold unless told ``to=TARGET``)
    acts on that seat instead, once per chosen thing, one with
    ``to=field(key)`` on what the step stores there. The effects'
    :func:`~.base.field` arguments are read from the step. ``alive``: a
    card gone since the question is skipped. ``after``: the next question
    (a :class:`Choose`, its fields bound to this step), asked of the
    step's ``seat`` once every chosen thing is done ("then choose...").
    Returns ``step`` (to name in a question's ``then``). Raises ValueError
    when ``step`` is taken."""

    def run(state: dict, stored: dict) -> None:
        apply_to_each(state, stored, stored.get("choice", ()), effects, alive)
        if after is not None:
            after.bound(stored).ask(state, stored["seat"])  # (a step with a next question keeps its seat)

    run.__doc__ = f"Stored step {step!r}: each chosen thing gets {', '.join(type(e).__name__ for e in effects)}."
    op(step)(run)
    return step


class Choose(Effect):
    """ "Choose ``count`` of these, then ..." as a declaration (issue 28).

    ``step``: the continuation's name, stored in the state with the
    question; ``then``: the effects each chosen thing gets (an Effect or a
    list; the step is declared here with :func:`each`), or None when
    ``step`` is declared elsewhere; ``options``: ``fn(state, seat, iid)``,
    what may be chosen (``iid``: the card or spell); ``prompt``: the
    question; ``optional``: "you may" (none chosen; with no option there
    is no question); ``with_seat``: the
    stored step records the choosing seat (the effects act for it);
    ``alive``, ``after``: see :func:`each`. Used as a spell's effect, a trigger, or
    from card code with :meth:`ask`. With one option or none the choice is
    made at once (flow.ask).

    ``with_card``: the stored step records the card (or spell) the
    question comes from under that name (``iid``; "that card" of the
    effects: ``field(with_card)``).

    ``slot``: ask for a target of that slot instead (common.ask_target: ◎
    rules, resist paid); ``options`` then goes unused. ``fields``: more
    fields of the stored step (``{"source": field("source")}`` copies one
    of the step this question is asked from). ``to=TARGET`` (the default
    with ``keep``): the question is about each thing chosen before, as an
    effect of :func:`each`: ``options`` get it as ``iid``, ``{name}`` in
    the prompt is its name, and ``keep`` names the field that stores it
    ("choose a unit, then the unit it copies").
    """

    def __init__(
        self,
        step: str,
        then=None,
        *,
        options=None,
        prompt: str = "",
        count: int = 1,
        optional: bool = False,
        with_seat: bool = False,
        alive: bool = False,
        after: "Choose" = None,
        slot=None,
        fields: dict = None,
        keep: str = None,
        with_card: str = None,
        **kw,
    ):
        kw.setdefault("to", TARGET if keep else CASTER)
        super().__init__(**kw)
        self.name, self.options, self.count, self.slot = step, options, count, slot
        self.text, self.may, self.with_seat = prompt, optional, with_seat
        self.fields, self.keep, self.with_card = dict(fields or {}), keep, with_card
        if then is not None:
            each(step, *as_tuple(then), alive=alive, after=after)

    def ask(self, state: dict, seat: int, iid: str = None, options=None, prompt: str = None, **fields) -> None:
        """Ask ``seat`` now; ``options`` (default: the declared ones for
        card ``iid``) and ``prompt`` may be given by the caller; ``fields``
        go into the stored step beside ``op`` (and ``seat``) and the
        declared ``fields``. Raises TypeError when a declared field is a
        :func:`field` not yet read: a Choose asked from card code must be
        bound to its step first (``Effect.bound``), or the reference itself
        would be stored in the state."""
        then = {"op": self.name, **({"seat": seat} if self.with_seat else {}), **self.fields, **fields}
        if holds_field(then):
            raise TypeError(f"Choose {self.name!r} asked with an unread field(...): bind it to its step first")
        if self.with_card:
            then[self.with_card] = iid
        if self.slot is not None:
            ask_target(state, seat, self.slot, prompt or self.text, then, optional=self.may)
            return
        if options is None:
            options = self.options(state, seat, iid)
        ask(state, seat, prompt or self.text, options, then, count=self.count, optional=self.may and bool(options))

    def apply(self, state, seat, tid, source):
        if self.to == CASTER:
            self.ask(state, seat, source)
        else:  # a question about ``tid``
            kept = {self.keep: tid} if self.keep else {}
            self.ask(state, seat, tid, prompt=self.text.format(name=name(state, tid)), **kept)


class Seq(Effect):
    """Several effects one after the other, e.g. "draw a card, then choose
    a pile to look at": as a spell's effect, a trigger or on a target."""

    def __init__(self, *effects: Effect):
        super().__init__()
        self.effects = effects

    def apply(self, state, seat, tid, source):
        for effect in self.effects:
            effect.apply(state, seat, tid, source)

    def resolve(self, state, seat, iid, targets):
        for effect in self.effects:
            effect.resolve(state, seat, iid, targets)

    def trigger(self, state, iid, *ctx):
        for effect in self.effects:
            effect.trigger(state, iid, *ctx)


class UpTo(Effect):
    """ "Choose up to ``most`` targets of ``slot``", one optional question
    at a time (common.ask_up_to: the question reads ``prompt`` and how many
    are left; the stored step ``step`` holds ``seat`` and ``chosen``).
    ``pick``: effects each target gets as it is chosen; ``then``: effects
    every chosen target gets once the choosing ends, together (``alive``:
    one gone or doomed since is skipped: targeting.standing). Used as a spell's effect, a trigger, or
    from card code with :meth:`ask`."""

    def __init__(self, step: str, slot, most: int, prompt: str, *, pick=(), then=(), alive=False, **kw):
        kw.setdefault("to", CASTER)
        super().__init__(**kw)
        self.name, self.slot, self.most, self.text = step, slot, most, prompt
        self.picks, self.thens, self.alive = as_tuple(pick), as_tuple(then), alive
        op(step)(self._answer)

    def ask(self, state: dict, seat: int, chosen=()) -> None:
        """Ask ``seat`` for one more target (``chosen``: those chosen so far)."""
        ask_up_to(state, seat, self.slot, self.most, self.text, self.name, list(chosen), self._finish)

    def _answer(self, state: dict, step: dict) -> None:
        for tid in step["choice"]:
            for effect in self.picks:
                effect.apply(state, step["seat"], tid, None)
        answer_up_to(state, step, self.ask, self._finish)

    def _finish(self, state: dict, chosen: list) -> None:
        for tid in chosen:
            if self.alive and not standing(state, tid):
                continue
            for effect in self.thens:
                effect.apply(state, None, tid, None)

    def apply(self, state, seat, tid, source):
        self.ask(state, seat)


class PickUpTo(Effect):
    """ "Up to ``most`` targets of ``slot``, each one as it is chosen": one
    optional question at a time reading ``prompt`` (the stored step
    ``step`` holds ``seat`` and ``picked``, the targets so far, never
    offered again); each pick gets ``pick`` (effects) at once, and the
    choosing ends at ``most`` or when none is chosen (Sensei's Advice,
    Thunderclap, Elite Training, Bloodlust). ``field``: the stored step's
    name for the targets so far. Used like :class:`UpTo`."""

    def __init__(self, step: str, slot, most: int, prompt: str = None, *, pick=(), field: str = "picked", **kw):
        kw.setdefault("to", CASTER)
        super().__init__(**kw)
        self.name, self.slot, self.most, self.field = step, slot, most, field
        self.text, self.picks = prompt or slot.prompt, as_tuple(pick)
        op(step)(self._answer)

    def ask(self, state: dict, seat: int, picked=()) -> None:
        """Ask ``seat`` for one more target (``picked``: those so far)."""
        picked = list(picked)
        then = {"op": self.name, "seat": seat, self.field: picked}
        ask_target(state, seat, self.slot, self.text, then, exclude=picked, optional=True)

    def _answer(self, state: dict, step: dict) -> None:
        picked = list(step[self.field])
        for tid in step["choice"]:
            for effect in self.picks:
                effect.apply(state, step["seat"], tid, tid)
            picked.append(tid)
        if step["choice"] and len(picked) < self.most:
            self.ask(state, step["seat"], picked)

    def apply(self, state, seat, tid, source):
        self.ask(state, seat)


def ask_later(step: str, question: "Choose") -> str:
    """Declare the stored step ``step`` (``{"op", "seat"}``, queued behind
    other steps with flow.push) that asks ``question`` of its ``seat`` when
    it runs (its :func:`~.base.field` arguments read from the step): a
    trigger's question waits its turn. Returns ``step``."""

    def run(state: dict, stored: dict) -> None:
        question.bound(stored).ask(state, stored["seat"])

    run.__doc__ = f"Stored step {step!r}: ask {question.name!r} now."
    op(step)(run)
    return step


def ask_team_later(step: str, question: "Choose", where=None) -> str:
    """Declare the stored step ``step`` (``{"op", "seat", "team"}``, queued
    with flow.push after a team's base was hit) that asks ``question`` of
    its ``seat``: which player of ``team`` (``where(state, seat)``: only
    the players it accepts) it acts on; asked only when there are several
    (Cursed Crow's random discard, Predator Tiger's trashed worker).
    Returns ``step``."""

    def run(state: dict, stored: dict) -> None:
        seats = [p["seat"] for p in state["players"] if p["team"] == stored["team"]]
        question.ask(state, stored["seat"], options=[s for s in seats if where is None or where(state, s)])

    run.__doc__ = f"Stored step {step!r}: ask {question.name!r} about a player of the step's team."
    op(step)(run)
    return step


class Modes(Effect):
    """ "Choose one": the target is a mode's name, and the effects named for
    it run (``modes``: name -> an Effect or a list; an effect with
    ``to=CASTER``, a :class:`Choose` or :class:`UpTo` too, acts for
    ``seat``)."""

    def __init__(self, modes: dict, **kw):
        super().__init__(**kw)
        self.modes = {mode: as_tuple(then) for mode, then in modes.items()}

    def names(self, *_args) -> list:
        """The modes' names, in order (``options`` for a :class:`Choose`)."""
        return list(self.modes)

    def apply(self, state, seat, tid, source):
        for effect in self.modes[tid]:
            effect.apply(state, seat, seat if effect.to == CASTER else tid, source)


class AtEndOfTurn(Effect):
    """Queue the stored step ``step`` (``{"op", "iid": the target, "seat"}``)
    to run when this turn ends (common.at_end_of_turn: Bloodlust's burn)."""

    def __init__(self, step: str, **kw):
        super().__init__(**kw)
        self.step_name = step

    def apply(self, state, seat, tid, source):
        at_end_of_turn(state, {"op": self.step_name, "iid": tid, "seat": seat})


def each_as(step: str, effects_of, after=None) -> str:
    """Declare the stored step ``step`` whose effects depend on what the
    step stores (a mode chosen before the target: Versatile Style; an
    amount counted when the question was asked: Pillage).
    ``effects_of(stored)`` returns the effects (an Effect or a list); every
    chosen thing of the step's ``choice`` gets them in order, for the
    step's ``seat`` when it keeps one (an effect with ``to=CASTER`` acts on
    that seat, as with :func:`each`). ``after(stored)``: the next question
    (a :class:`Choose`) or None, asked as :func:`each`'s ``after`` is:
    one question of several in turn, the step storing which (Final
    Smash's ``part``). Returns ``step``; raises ValueError when ``step`` is
    taken (issue 28)."""

    def run(state: dict, stored: dict) -> None:
        apply_to_each(state, stored, stored.get("choice", ()), as_tuple(effects_of(stored)), False)
        question = after(stored) if after is not None else None
        if question is not None:
            question.bound(stored).ask(state, stored["seat"])

    run.__doc__ = f"Stored step {step!r}: each chosen thing gets the effects its fields name."
    op(step)(run)
    return step
