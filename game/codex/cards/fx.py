"""Declarative effects: the shapes the printed cards repeat, written once
(issue 12; docs/ENGINE.md "Cards").

An effect is a small object that one card declaration uses in one of three
places, and :mod:`game.codex.cards.api` calls it the right way:

- a spell's or an ability's effect (``resolve``): it acts on the chosen
  target of its slot (``targets[0]``), or with ``to=SELF`` on the card
  itself, or with ``to=CASTER`` on the casting player;
- a trigger (``arrives``, ``attacks``, ``dies``, ...): with ``target=`` a
  slot it asks the card's controller for a target (◎ rules applied:
  :func:`~game.codex.cards.common.ask_target`) and stores the rest as one
  queued step (a plain dict named by a registered op, so prompts survive a
  stored state); without a slot it acts on the card itself (``to=SELF``)
  or its controller (``to=CASTER``).

Each verb names the stored step it queues (``op``); the names are the ones
the cards used before issue 12, so stored states keep working.

"Choose up to N, then continue" (issue 28) is declared, not written:
:class:`Choose` asks a question and names its continuation, a stored step
declared with :func:`each` (or by ``Choose(then=...)``) whose handler applies
effects to every chosen thing (a card, a building or a seat). The step in the
state stays a plain dict ``{"op": name, ...}``; the effects live in the code
under that name, so a stored prompt resumes as before.
"""

from .. import catalog, stats
from ..effects import (
    add_rune,
    damage_target,
    destroy,
    disable,
    draw,
    exhaust,
    gain_gold,
    repair_building,
    return_to_hand,
    sacrifice,
    sideline,
)
from ..flow import ask, op
from ..state import EVERYONE, card_of, change_control, log, name, opponents, seat_name
from ..targeting import thing_exists
from .common import (
    add_named_rune,
    answer_up_to,
    ask_target,
    ask_up_to,
    at_end_of_turn,
    discard_chosen,
    enter_play,
    fetch_from_codex,
    lasting,
    look_at,
    make_token,
    put_chosen_into_play,
    put_from_codex,
    steal,
    trash_worker,
    until_end_of_turn,
)

TARGET, SELF, CASTER = "target", "self", "caster"


class Effect:
    """One declarative effect (see the module docstring).

    ``target``: the slot a trigger asks for (None: no question);
    ``prompt``: the question's text; ``optional``: "you may"; ``to``:
    what it acts on without a chosen target (TARGET, SELF or CASTER).
    Subclasses define :meth:`apply` and, when used with ``target``,
    :meth:`step` (the stored continuation).
    """

    def __init__(self, *, target=None, prompt=None, optional=False, to=TARGET):
        self.target, self.prompt, self.optional, self.to = target, prompt, optional, to

    def apply(self, state: dict, seat: int | None, tid, source: str | None) -> None:
        """Do the effect to ``tid`` (a thing id, or a seat for CASTER) for
        ``seat``; ``source`` is the card it comes from (None in a stored
        continuation, whose ``seat`` is None when the step keeps none)."""
        raise NotImplementedError

    def step(self, state: dict, seat: int, source: str) -> dict:
        """The stored step that finishes a trigger once its target is chosen
        (it receives ``choice``: [target] or [])."""
        raise NotImplementedError(f"{type(self).__name__} can't wait for a target")

    # -- how the card declaration calls it --------------------------------

    def resolve(self, state: dict, seat: int, iid: str, targets: list) -> None:
        """A spell's or an ability's effect: ``(state, seat, iid, targets)``."""
        if self.to == SELF:
            self.apply(state, seat, iid, iid)
        elif self.to == CASTER:
            self.apply(state, seat, seat, iid)
        elif targets and thing_exists(state, targets[0]):
            # (an Illusion that died when targeted is gone: nothing to do)
            self.apply(state, seat, targets[0], iid)

    def trigger(self, state: dict, iid: str, *_ctx) -> None:
        """A trigger of in-play ``iid``: ask for a target or act at once."""
        seat = card_of(state, iid)["controller"]
        if self.target is not None:
            ask_target(
                state,
                seat,
                self.target,
                self.prompt or self.target.prompt,
                self.step(state, seat, iid),
                optional=self.optional,
            )
        elif self.to == CASTER:
            self.apply(state, seat, seat, iid)
        else:
            self.apply(state, seat, iid, iid)


class Damage(Effect):
    """``amount`` damage to the target (a card or a building); a trigger's
    chosen target takes it in the stored step ``deal_damage``. ``by``: the
    catalog id of the card that deals it, when it is not the source (a
    continuation has no source card)."""

    def __init__(self, amount: int, by: str = None, **kw):
        super().__init__(**kw)
        self.amount, self.by = amount, by

    def apply(self, state, seat, tid, source):
        dealer = catalog.card(self.by)["name"] if self.by else name(state, source)
        damage_target(state, tid, self.amount, by=dealer)

    def step(self, state, seat, source):
        return {"op": "deal_damage", "amount": self.amount, "by": name(state, source)}


@op("deal_damage")
def _deal_damage(state: dict, step: dict) -> None:
    """Each chosen target takes ``amount`` damage from ``by`` (the card's
    name; a step stored before it was recorded has none)."""
    for tid in step["choice"]:
        damage_target(state, tid, step["amount"], by=step.get("by"))


class AddRune(Effect):
    """``plus`` +1/+1 and ``minus`` -1/-1 runes on the target; ``say`` is
    the log line (``{name}``: the target's name)."""

    def __init__(self, plus: int = 0, minus: int = 0, say: str = None, **kw):
        super().__init__(**kw)
        self.plus, self.minus = plus, minus
        self.say = say or ("{name} got a +1/+1 rune." if plus else "{name} got a -1/-1 rune.")

    def apply(self, state, seat, tid, source):
        add_rune(state, tid, plus=self.plus, minus=self.minus)
        log(state, self.say.format(name=name(state, tid)), cards=[tid])

    def step(self, state, seat, source):
        return {"op": "add_runes", "plus": self.plus, "minus": self.minus, "say": self.say}


@op("add_runes")
def _add_runes(state: dict, step: dict) -> None:
    """Each chosen target gets the runes (Cursed Ghoul)."""
    for tid in step["choice"]:
        add_rune(state, tid, plus=step["plus"], minus=step["minus"])
        log(state, step["say"].format(name=name(state, tid)), cards=[tid])


class ThisTurn(Effect):
    """The target gets ``atk``/``hp`` and keywords ``kw`` until the end of
    the turn; ``say`` is the log line (``{name}``: the target's name)."""

    def __init__(self, atk: int = 0, hp: int = 0, kw: dict = None, say: str = None, **kw_):
        super().__init__(**kw_)
        self.atk, self.hp, self.kw, self.say = atk, hp, dict(kw or {}), say

    def apply(self, state, seat, tid, source):
        until_end_of_turn(state, tid, atk=self.atk, hp=self.hp, kw=self.kw)
        if self.say:
            log(state, self.say.format(name=name(state, tid)), cards=[tid])


class Destroy(Effect):
    """Destroy the target (it dies at the next check)."""

    def apply(self, state, seat, tid, source):
        destroy(state, tid)

    def step(self, state, seat, source):
        return {"op": "destroy_them"}


@op("destroy_them")
def _destroy_them(state: dict, step: dict) -> None:
    """Destroy each chosen target."""
    for tid in step["choice"]:
        destroy(state, tid)


class ReturnToHand(Effect):
    """Return the target to its owner's hand."""

    def apply(self, state, seat, tid, source):
        return_to_hand(state, tid)


class Sideline(Effect):
    """Sideline the target (out of the patrol zone, still in play)."""

    def apply(self, state, seat, tid, source):
        sideline(state, tid)

    def step(self, state, seat, source):
        return {"op": "red_sideline"}


@op("red_sideline")
def _sideline_them(state: dict, step: dict) -> None:
    """Sideline each chosen target."""
    for tid in step["choice"]:
        sideline(state, tid)


class Disable(Effect):
    """Disable the target: exhausted, it skips its next ready step, and it
    is sidelined if it was patrolling (effects.disable; glossary: Disable)."""

    def apply(self, state, seat, tid, source):
        disable(state, tid)


class MakeTokens(Effect):
    """``count`` tokens ``card_id`` for the card's controller (or the caster)."""

    def __init__(self, card_id: str, count: int = 1, **kw):
        kw.setdefault("to", CASTER)
        super().__init__(**kw)
        self.card_id, self.count = card_id, count

    def apply(self, state, seat, tid, source):
        # tid: the player who gets them (the caster, or a chosen seat)
        for _ in range(self.count):
            make_token(state, self.card_id, tid)


class Draw(Effect):
    """The player draws ``count`` cards (a main-phase draw is limited by
    house rule R9)."""

    def __init__(self, count: int = 1, **kw):
        kw.setdefault("to", CASTER)
        super().__init__(**kw)
        self.count = count

    def apply(self, state, seat, tid, source):
        draw(state, tid, self.count, in_main=state["phase"] == "main")


class GainGold(Effect):
    """The player gains ``amount`` gold, logged (``say``: the log line,
    ``{seat}``: the player's name)."""

    def __init__(self, amount: int, say: str = "{seat} gained {amount} gold.", **kw):
        kw.setdefault("to", CASTER)
        super().__init__(**kw)
        self.amount, self.say = amount, say

    def apply(self, state, seat, tid, source):
        if gain_gold(state, tid, self.amount):
            log(state, self.say.format(seat=seat_name(state, tid), amount=self.amount))


# ---- verbs for chosen things (issue 28: "choose up to N then continue") ----


class Exhaust(Effect):
    """Exhaust the target."""

    def apply(self, state, seat, tid, source):
        exhaust(state, tid)


class Sacrifice(Effect):
    """Sacrifice the target (effects.sacrifice: refused for what can't be
    sacrificed)."""

    def apply(self, state, seat, tid, source):
        sacrifice(state, tid)


class Repair(Effect):
    """Repair ``amount`` damage of the target building."""

    def __init__(self, amount: int, **kw):
        super().__init__(**kw)
        self.amount = amount

    def apply(self, state, seat, tid, source):
        repair_building(state, tid, self.amount)


class TrashWorker(Effect):
    """The target player (a seat, or an option ``"worker:<seat>"``) loses
    ``count`` workers picked at random (common.trash_worker)."""

    def __init__(self, count: int = 1, **kw):
        super().__init__(**kw)
        self.count = count

    def apply(self, state, seat, tid, source):
        victim = int(tid.split(":")[1]) if isinstance(tid, str) else tid
        for _ in range(self.count):
            trash_worker(state, victim)


class Steal(Effect):
    """``seat`` takes up to ``amount`` gold from the target player
    (common.steal)."""

    def __init__(self, amount: int, **kw):
        super().__init__(**kw)
        self.amount = amount

    def apply(self, state, seat, tid, source):
        steal(state, seat, tid, self.amount)


class LookAt(Effect):
    """``seat`` looks at the target pile (an option of common.look_options)."""

    def apply(self, state, seat, tid, source):
        look_at(state, seat, tid)


class FromCodex(Effect):
    """The target (a card id of ``seat``'s codex) goes from the codex into
    play (``into="play"``: common.put_from_codex) or, shown to all, into
    the hand (``into="hand"``: common.fetch_from_codex)."""

    def __init__(self, into: str = "play", **kw):
        super().__init__(**kw)
        self.into = into

    def apply(self, state, seat, tid, source):
        (put_from_codex if self.into == "play" else fetch_from_codex)(state, seat, tid)


class NamedRune(Effect):
    """A named rune (``"feather"``, ``"insurance"``...) on the target, and
    the log line ``say`` (``{name}``: the target's name), if any."""

    def __init__(self, rune: str, say: str = None, **kw):
        super().__init__(**kw)
        self.rune, self.say = rune, say

    def apply(self, state, seat, tid, source):
        add_named_rune(state, tid, self.rune)
        if self.say:
            log(state, self.say.format(name=name(state, tid)), cards=[tid])


class Discard(Effect):
    """``seat`` discards the target from its hand, named in the log
    (common.discard_chosen: a card no longer in the hand is left alone)."""

    def apply(self, state, seat, tid, source):
        discard_chosen(state, seat, [tid])


class PutIntoPlay(Effect):
    """The target, a card of ``seat``'s ``zone`` (hand or discard), goes
    into play under ``seat``'s control (common.put_chosen_into_play;
    ``whence``: how the log says where from; ``say``: another log line,
    ``{seat}`` and ``{name}``)."""

    def __init__(self, zone: str = "hand", whence: str = "", say: str = None, **kw):
        super().__init__(**kw)
        self.zone, self.whence, self.say = zone, whence, say

    def apply(self, state, seat, tid, source):
        if self.say is None:
            put_chosen_into_play(state, seat, [tid], self.zone, self.whence)
        elif tid in state["players"][seat][self.zone]:
            text = self.say.format(seat=seat_name(state, seat), name=name(state, tid))
            log(state, text, cards=[tid], shown_to=EVERYONE)
            enter_play(state, tid, seat)


class Call(Effect):
    """A card's own small verb: ``fn(state, seat, tid)`` on the target (a
    helper the card module already has, e.g. a random discard)."""

    def __init__(self, fn, **kw):
        super().__init__(**kw)
        self.fn = fn

    def apply(self, state, seat, tid, source):
        self.fn(state, seat, tid)


def _effects(then) -> tuple:
    return tuple(then) if isinstance(then, (list, tuple)) else (then,)


def _apply_to_each(state: dict, seat, tids, effects: tuple, alive: bool) -> None:
    """Every thing of ``tids`` (``alive``: still there) gets ``effects`` in
    order for ``seat``; one with ``to=CASTER`` acts on ``seat`` instead."""
    for tid in tids:
        if alive and not thing_exists(state, tid):
            continue
        for effect in effects:
            effect.apply(state, seat, seat if effect.to == CASTER else tid, None)


def on_card(step: str, *effects: Effect, alive: bool = False) -> str:
    """Declare the stored step ``step`` left to act later on one card, the
    step's ``iid``: queued for the end of the turn (common.at_end_of_turn)
    or run when a lasting effect ends (common.lasting's ``end``). The card
    gets ``effects`` in order, for the step's ``seat`` when it stores one;
    ``alive``: nothing happens when the card has left play (or never was:
    a building gone). Returns ``step``; raises ValueError when ``step`` is
    taken (issue 28: the copies, transformations and dooms that end)."""

    def run(state: dict, stored: dict) -> None:
        _apply_to_each(state, stored.get("seat"), [stored["iid"]], effects, alive)

    run.__doc__ = f"Stored step {step!r}: its card gets {', '.join(type(e).__name__ for e in effects)}."
    op(step)(run)
    return step


def each(step: str, *effects: Effect, alive: bool = False, after: "Choose" = None) -> str:
    """Declare the stored step ``step``: every chosen thing of its
    ``choice`` (a card id, a building id or a seat) gets ``effects`` in
    order, for the step's ``seat`` (when it stores one); an effect with
    ``to=CASTER`` (Draw, MakeTokens, GainGold unless told ``to=TARGET``)
    acts on that seat instead, once per chosen thing. ``alive``: a card
    gone since the question is skipped. ``after``: the next question (a
    :class:`Choose`), asked of the step's ``seat`` once every chosen thing
    is done ("then choose..."). Returns ``step`` (to name in a question's
    ``then``). Raises ValueError when ``step`` is taken."""

    def run(state: dict, stored: dict) -> None:
        _apply_to_each(state, stored.get("seat"), stored.get("choice", ()), effects, alive)
        if after is not None:
            after.ask(state, stored["seat"])  # (a step with a next question keeps its seat)

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
        **kw,
    ):
        kw.setdefault("to", CASTER)
        super().__init__(**kw)
        self.name, self.options, self.count = step, options, count
        self.text, self.may, self.with_seat = prompt, optional, with_seat
        if then is not None:
            each(step, *_effects(then), alive=alive, after=after)

    def ask(self, state: dict, seat: int, iid: str = None, options=None, prompt: str = None, **fields) -> None:
        """Ask ``seat`` now; ``options`` (default: the declared ones for
        card ``iid``) and ``prompt`` may be given by the caller; ``fields``
        go into the stored step beside ``op`` (and ``seat``)."""
        if options is None:
            options = self.options(state, seat, iid)
        then = {"op": self.name, **({"seat": seat} if self.with_seat else {}), **fields}
        ask(state, seat, prompt or self.text, options, then, count=self.count, optional=self.may and bool(options))

    def apply(self, state, seat, tid, source):
        self.ask(state, seat, source)


def OPPONENTS(state: dict, seat: int, iid: str = None) -> list:
    """``options`` for :class:`Choose`: ``seat``'s opponents ("an
    opponent": asked only when there are several)."""
    return opponents(state, seat)


class EachUnitOf(Effect):
    """Every unit the target player controls (``where(state, iid)``: only
    those it accepts) gets ``effects`` in order, e.g. "a -1/-1 rune on each
    unit of that opponent"."""

    def __init__(self, *effects: Effect, where=None, **kw):
        super().__init__(**kw)
        self.effects, self.where = effects, where

    def apply(self, state, seat, tid, source):
        for iid in list(state["players"][tid]["play"]):
            if stats.is_unit(state, iid) and (self.where is None or self.where(state, iid)):
                for effect in self.effects:
                    effect.apply(state, seat, iid, source)


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


class Say(Effect):
    """A log line about the target, read by everyone: ``{seat}`` is the
    target player's name (a seat), ``{name}`` the target card's."""

    def __init__(self, text: str, **kw):
        super().__init__(**kw)
        self.text = text

    def apply(self, state, seat, tid, source):
        if isinstance(tid, int):
            log(state, self.text.format(seat=seat_name(state, tid)))
        else:
            log(state, self.text.format(name=name(state, tid)), cards=[tid])


class UpTo(Effect):
    """ "Choose up to ``most`` targets of ``slot``", one optional question
    at a time (common.ask_up_to: the question reads ``prompt`` and how many
    are left; the stored step ``step`` holds ``seat`` and ``chosen``).
    ``pick``: effects each target gets as it is chosen; ``then``: effects
    every chosen target gets once the choosing ends, together (``alive``:
    one gone since is skipped). Used as a spell's effect, a trigger, or
    from card code with :meth:`ask`."""

    def __init__(self, step: str, slot, most: int, prompt: str, *, pick=(), then=(), alive=False, **kw):
        kw.setdefault("to", CASTER)
        super().__init__(**kw)
        self.name, self.slot, self.most, self.text = step, slot, most, prompt
        self.picks, self.thens, self.alive = _effects(pick), _effects(then), alive
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
            if self.alive and not thing_exists(state, tid):
                continue
            for effect in self.thens:
                effect.apply(state, None, tid, None)

    def apply(self, state, seat, tid, source):
        self.ask(state, seat)


class TakeControl(Effect):
    """``seat`` takes control of the target (nothing changes when it is
    already ``seat``'s), logged."""

    def apply(self, state, seat, tid, source):
        if card_of(state, tid)["controller"] != seat:
            change_control(state, tid, seat)
            log(state, f"{seat_name(state, seat)} took control of {name(state, tid)}.", cards=[tid])


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
        self.text, self.picks = prompt or slot.prompt, _effects(pick)
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
    it runs: a trigger's question waits its turn. Returns ``step``."""

    def run(state: dict, stored: dict) -> None:
        question.ask(state, stored["seat"])

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


class Lasting(Effect):
    """The target gets ``atk``/``hp`` and keywords ``kw`` for ``seat``
    until an end (common.lasting: ``end`` is the step name run when it
    ends); ``say``: the log line (``{name}``)."""

    def __init__(self, atk: int = 0, hp: int = 0, kw: dict = None, end: str = None, say: str = None, **kw_):
        super().__init__(**kw_)
        given = {"atk": atk, "hp": hp, "kw": dict(kw or {}), "end": end}
        self.entry = {k: v for k, v in given.items() if v}  # (only what is given is stored)
        self.say = say

    def apply(self, state, seat, tid, source):
        lasting(state, seat, iid=tid, **self.entry)
        if self.say:
            log(state, self.say.format(name=name(state, tid)), cards=[tid])


class Modes(Effect):
    """ "Choose one": the target is a mode's name, and the effects named for
    it run (``modes``: name -> an Effect or a list; an effect with
    ``to=CASTER``, a :class:`Choose` or :class:`UpTo` too, acts for
    ``seat``)."""

    def __init__(self, modes: dict, **kw):
        super().__init__(**kw)
        self.modes = {mode: _effects(then) for mode, then in modes.items()}

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


def each_as(step: str, effects_of) -> str:
    """Declare the stored step ``step`` whose effects depend on what the
    step stores (a mode chosen before the target: Versatile Style; an
    amount counted when the question was asked: Pillage).
    ``effects_of(stored)`` returns the effects (an Effect or a list); every
    chosen thing of the step's ``choice`` gets them in order, for the
    step's ``seat`` when it keeps one (an effect with ``to=CASTER`` acts on
    that seat, as with :func:`each`). Returns ``step``; raises ValueError
    when ``step`` is taken (issue 28)."""

    def run(state: dict, stored: dict) -> None:
        _apply_to_each(state, stored.get("seat"), stored.get("choice", ()), _effects(effects_of(stored)), False)

    run.__doc__ = f"Stored step {step!r}: each chosen thing gets the effects its fields name."
    op(step)(run)
    return step
