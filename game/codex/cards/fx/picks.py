"""Declarative effects on a thing picked from a plain question (issue 28,
"Effects as declarations"; docs/ENGINE.md "Cards").

A plain question (flow.ask) may offer things a target question would not:
a player's workers as one option ``workers:<seat>`` (workers are all alike
and unseen, so one is picked at random), or units whose ◎ costs the
question could not pay itself. These verbs act on such a pick, inside a
stored step declared with :func:`~game.codex.cards.fx.each` or the verbs
of :mod:`.stored`.
"""

from ...effects import pay, trash
from ...play import on_targeted
from ...state import move
from ...targeting import resist_cost
from .base import Effect
from .players import TrashWorker

WORKERS = "workers:"


class WorkersOr(Effect):
    """A picked ``workers:<seat>`` option: that player loses ``count``
    workers at random (:class:`~game.codex.cards.fx.TrashWorker`); any other
    pick gets ``effects`` in order (Tyrannosaurus Rex: destroy a unit, an
    upgrade or a worker; Detonate: trash a worker or a building card; Land
    Octopus: two workers or the Octopus)."""

    def __init__(self, *effects: Effect, count: int = 1, **kw):
        super().__init__(**kw)
        self.effects, self.workers = effects, TrashWorker(count)

    def apply(self, state, seat, tid, source):
        if isinstance(tid, str) and tid.startswith(WORKERS):
            self.workers.apply(state, seat, tid, source)
            return
        for effect in self.effects:
            effect.apply(state, seat, tid, source)


class PayResist(Effect):
    """``seat`` pays the resist of a thing picked from a plain question (a
    target question pays it itself: common.ask_target); ``targeted``: the
    thing is then ◎ (play.on_targeted: an Illusion dies, Smoker slips
    away), as Tyrannosaurus Rex's picks are; Detonate's are not."""

    def __init__(self, targeted: bool = True, **kw):
        super().__init__(**kw)
        self.targeted = targeted

    def apply(self, state, seat, tid, source):
        pay(state, seat, resist_cost(state, seat, [tid]))
        if self.targeted:
            on_targeted(state, [tid])


class Trash(Effect):
    """Trash the thing (effects.trash: out of the game, no death)."""

    def apply(self, state, seat, tid, source):
        trash(state, tid)


class MoveTo(Effect):
    """Move the card to ``zone`` of its owner, with no log line of its own
    (state.move; e.g. the cards discarded to pay a cost, which the card
    then names in one line: Calamandra Moss)."""

    def __init__(self, zone: str, **kw):
        super().__init__(**kw)
        self.zone = zone

    def apply(self, state, seat, tid, source):
        move(state, tid, self.zone)
