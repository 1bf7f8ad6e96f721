"""The declarative effect's base (docs/ENGINE.md "Writing a new card"):
:class:`Effect`, what it acts on without a chosen target (TARGET, SELF,
CASTER) and the helpers the step shapes share.
"""

import copy
from typing import Self

from ...state import card_of
from ...targeting import standing, thing_exists
from ..common import ask_target

TARGET, SELF, CASTER = "target", "self", "caster"


class Field:
    """A reference to a field of the stored step an effect runs in (see
    :func:`field`)."""

    def __init__(self, key: str, default=None, required: bool = True):
        self.key, self.default, self.required = key, default, required

    def of(self, step: dict):
        """The field's value in ``step``. Raises KeyError when a required
        field is missing."""
        return step[self.key] if self.required else step.get(self.key, self.default)

    def __repr__(self) -> str:
        return f"field({self.key!r})"


def field(key: str, *args) -> Field:
    """A verb argument read from the stored step when it runs (issue 28):
    ``kit.Damage(kit.field("amount"))``, ``kit.ThisTurn(kw=..., to=kit.field("hero"))``.
    Resolved by the step shapes (:func:`~.steps.each`, :func:`~.steps.on_card`,
    :func:`~.steps.each_as`, a :class:`~.steps.Choose`'s ``fields`` and
    ``after``); ``to=field(key)``: the effect acts on what the step names
    there instead of each chosen thing. One more argument is the value
    when the step has no such field (a step stored before it was
    recorded); without it a missing field raises KeyError when the step
    runs."""
    return Field(key, args[0], required=False) if args else Field(key)


def holds_field(value) -> bool:
    """True when ``value`` (an argument, or a list, tuple, dict or effect
    of them) holds a :func:`field` still to be read from a running step."""
    if isinstance(value, Field):
        return True
    if isinstance(value, (list, tuple)):
        return any(holds_field(v) for v in value)
    if isinstance(value, dict):
        return any(holds_field(v) for v in value.values())
    return isinstance(value, Effect) and bool(value.field_names())


def _resolved(value, step: dict):
    if isinstance(value, Field):
        return value.of(step)
    if isinstance(value, (list, tuple)):
        return type(value)(_resolved(v, step) for v in value)
    if isinstance(value, dict):
        return {k: _resolved(v, step) for k, v in value.items()}
    return value.bound(step) if isinstance(value, Effect) else value


class Effect:
    """One declarative effect (see :mod:`game.codex.cards.fx`).

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

    def field_names(self) -> tuple:
        """The names of this effect's arguments that hold a :func:`field`
        (worked out once)."""
        names = self.__dict__.get("_field_names")
        if names is None:
            # (``to`` is read by the step shapes themselves: apply_to_each)
            names = self._field_names = tuple(k for k, v in vars(self).items() if k != "to" and holds_field(v))
        return names

    def bound(self, step: dict) -> Self:
        """This effect with every :func:`field` of its arguments read from
        ``step`` (a copy; itself when it has none). Raises KeyError for a
        required field the step lacks."""
        names = self.field_names()
        if not names:
            return self
        clone = copy.copy(self)
        for key in names:
            setattr(clone, key, _resolved(getattr(self, key), step))
        return clone

    # -- how the card declaration calls it --------------------------------

    def resolve(self, state: dict, seat: int, iid: str, targets: list) -> None:
        """A spell's or an ability's effect: ``(state, seat, iid, targets)``."""
        if self.to == SELF:
            self.apply(state, seat, iid, iid)
        elif self.to == CASTER:
            self.apply(state, seat, seat, iid)
        elif targets and standing(state, targets[0]):
            # (an Illusion that died when targeted is doomed: nothing to do)
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


def as_tuple(then) -> tuple:
    """``then`` as a tuple of effects (one Effect, or a list or tuple of them)."""
    return tuple(then) if isinstance(then, (list, tuple)) else (then,)


def apply_to_each(state: dict, step: dict, tids, effects: tuple, alive: bool) -> None:
    """Every thing of ``tids`` (``alive``: still standing, not gone nor
    doomed as an Illusion that died when targeted: targeting.standing)
    gets ``effects`` in order, bound to the stored ``step``
    (:meth:`Effect.bound`), for the step's ``seat`` (None when it keeps
    none); one with ``to=CASTER`` acts on that seat instead, one with
    ``to=field(key)`` on what the step names there (nothing once a card or
    building so named has left play)."""
    seat = step.get("seat")
    for tid in tids:
        if alive and not standing(state, tid):
            continue
        for effect in effects:
            to = effect.to
            if isinstance(to, Field):
                tid_ = to.of(step)
                if isinstance(tid_, str) and not thing_exists(state, tid_):
                    continue
            else:
                tid_ = seat if to == CASTER else tid
            effect.bound(step).apply(state, seat, tid_, None)
