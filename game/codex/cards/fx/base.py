"""The declarative effect's base (docs/ENGINE.md "Writing a new card"):
:class:`Effect`, what it acts on without a chosen target (TARGET, SELF,
CASTER) and the helpers the step shapes share.
"""

from ...state import card_of
from ...targeting import thing_exists
from ..common import ask_target

TARGET, SELF, CASTER = "target", "self", "caster"


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


def as_tuple(then) -> tuple:
    return tuple(then) if isinstance(then, (list, tuple)) else (then,)


def apply_to_each(state: dict, seat, tids, effects: tuple, alive: bool) -> None:
    """Every thing of ``tids`` (``alive``: still there) gets ``effects`` in
    order for ``seat``; one with ``to=CASTER`` acts on ``seat`` instead."""
    for tid in tids:
        if alive and not thing_exists(state, tid):
            continue
        for effect in effects:
            effect.apply(state, seat, seat if effect.to == CASTER else tid, None)
