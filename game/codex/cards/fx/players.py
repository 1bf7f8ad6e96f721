"""Declarative verbs about a player: tokens, cards drawn, gold, workers,
piles looked at, cards from the codex, the hand or the discard (see
:mod:`game.codex.cards.fx`).
"""

from ...effects import draw, gain_gold
from ...state import EVERYONE, log, name, opponents, seat_name
from ..common import (
    discard_chosen,
    enter_play,
    fetch_from_codex,
    look_at,
    make_token,
    put_chosen_into_play,
    put_from_codex,
    steal,
    trash_worker,
)
from .base import CASTER, Effect


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


def OPPONENTS(state: dict, seat: int, iid: str = None) -> list:
    """``options`` for :class:`Choose`: ``seat``'s opponents ("an
    opponent": asked only when there are several)."""
    return opponents(state, seat)
