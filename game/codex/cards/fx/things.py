"""Declarative verbs about a chosen thing: a card or a building (damage,
runes, destroy, sideline, control, ...), with the stored steps a trigger
queues for them (see :mod:`game.codex.cards.fx`).
"""

from ... import catalog, stats
from ...effects import (
    add_rune,
    damage_target,
    destroy,
    disable,
    exhaust,
    repair_building,
    return_to_hand,
    sacrifice,
    sideline,
)
from ...flow import op
from ...state import card_of, change_control, log, name, seat_name
from ...targeting import thing_exists
from ...timerunes import add_time_runes
from ..common import add_named_rune, at_end_of_turn, become_copy, lasting, until_end_of_turn
from .base import TARGET, Effect


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


class TakeControl(Effect):
    """``seat`` takes control of the target (nothing changes when it is
    already ``seat``'s), logged."""

    def apply(self, state, seat, tid, source):
        if card_of(state, tid)["controller"] != seat:
            change_control(state, tid, seat)
            log(state, f"{seat_name(state, seat)} took control of {name(state, tid)}.", cards=[tid])


class BecomeCopy(Effect):
    """A copy in play between the target and a card named by the step
    (common.become_copy: the printed card, no modifiers). With ``copier``
    (e.g. ``field("unit")``) that card becomes a copy of the target; with
    ``original``, the target becomes a copy of that card. ``illusion``,
    ``tied_to`` (ids: :func:`~.base.field` too): as become_copy; ``ends``:
    the stored step queued for the end of this turn on the copy
    (``{"op": ends, "iid": copy}``, common.at_end_of_turn). Nothing happens
    unless the copy and every card it is tied to are in play
    (Manufactured Truth, Sirus Quince)."""

    def __init__(self, copier=None, *, original=None, illusion: bool = False, tied_to=(), ends: str = None, **kw):
        super().__init__(**kw)
        self.copier, self.original, self.illusion = copier, original, illusion
        self.tied_to, self.ends = list(tied_to), ends

    def apply(self, state, seat, tid, source):
        copy, original = (self.copier, tid) if self.copier is not None else (tid, self.original)
        if not all(thing_exists(state, i) for i in [copy, *self.tied_to]):
            return
        become_copy(state, copy, original, illusion=self.illusion, tied_to=self.tied_to)
        if self.ends:
            at_end_of_turn(state, {"op": self.ends, "iid": copy})


class TimeRunes(Effect):
    """``count`` time runes on the target (timerunes.add_time_runes: in play
    or in the future; fading X is no limit)."""

    def __init__(self, count: int = 1, **kw):
        super().__init__(**kw)
        self.count = count

    def apply(self, state, seat, tid, source):
        add_time_runes(state, tid, self.count)


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


class Call(Effect):
    """A card's own small verb: ``fn(state, seat, tid, *args, **kwargs)`` on
    the target (a helper the card module already has, e.g. a random
    discard); ``args`` and ``kwargs`` may hold :func:`~.base.field`
    references, read from the stored step it runs in (red's damage: the
    amount and the source the step keeps)."""

    def __init__(self, fn, *args, to=TARGET, **kwargs):
        super().__init__(to=to)
        self.fn, self.args, self.kwargs = fn, args, kwargs

    def apply(self, state, seat, tid, source):
        self.fn(state, seat, tid, *self.args, **self.kwargs)
