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
from ...state import card_of, log, move, name, patrol_slot, player
from ...targeting import resist_cost, thing_exists
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


class MoveToSlot(Effect):
    """The patroller ``card`` (a card id, usually a
    :func:`~.base.field` of the stored step) moves to the picked slot of
    its controller's patrol zone (an option ``"<slot>"`` or
    ``"slot:<seat>:<slot>"``), any one, whatever lies between; nothing
    moves when the card no longer patrols or the slot is taken. ``say``:
    the log line (``{name}``: the card's, ``{slot}``: the slot's).
    Grappling Hook, Captain Zane."""

    def __init__(self, card, say: str, **kw):
        super().__init__(**kw)
        self.card, self.say = card, say

    def apply(self, state, seat, tid, source):
        card = self.card
        old = patrol_slot(state, card) if thing_exists(state, card) else None
        if old is None:
            return
        new = tid.split(":")[-1]
        zone = player(state, card_of(state, card)["controller"])["patrol"]
        if zone.get(new) is None:
            zone[old], zone[new] = None, card
            log(state, self.say.format(name=name(state, card), slot=new.replace("_", " ")), cards=[card])
