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
"""

from ..effects import add_rune, damage_target, destroy, disable, draw, gain_gold, return_to_hand, sideline
from ..flow import op
from ..state import card_of, log, name, seat_name
from ..targeting import thing_exists
from .common import ask_target, make_token, until_end_of_turn

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

    def apply(self, state: dict, seat: int, tid, source: str) -> None:
        """Do the effect to ``tid`` (a thing id, or a seat for CASTER) for
        ``seat``; ``source`` is the card it comes from."""
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
    chosen target takes it in the stored step ``deal_damage``."""

    def __init__(self, amount: int, **kw):
        super().__init__(**kw)
        self.amount = amount

    def apply(self, state, seat, tid, source):
        damage_target(state, tid, self.amount, by=name(state, source))

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
        for _ in range(self.count):
            make_token(state, self.card_id, seat)


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
