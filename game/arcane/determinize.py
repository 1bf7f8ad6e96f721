"""An Arcane Codex state as one seat might believe it to be: every card
hidden from that seat re-dealt at random, for search bots that sample the
worlds the seat cannot tell apart (issue 28, "One kernel, three games").
"""

import random

from game.kernel.copying import copy_sharing_log
from game.kernel.determinize import redeal, reseed
from game.kernel.types import State, Viewer

from .invariants import hidden_from


def determinize(state: State, seat: Viewer, rng: random.Random) -> State:
    """A copy of ``state`` in which every card hidden from ``seat`` (a seat,
    or None for a spectator) is re-dealt with ``rng``: the cards of the
    shared deck and of the other hands (both hands for a spectator; house
    rule A31) change places at random among those same places. Every card
    id stays in its zone and with its seat, so each hidden zone keeps its
    count and each hand its owner, and only the card an id stands for
    changes; the deck's order is drawn anew with it. What ``seat`` sees
    (its hand, the arena, the discard pile, the banished cards, the stack,
    the log lines it reads, every count) stays as it is, so its view and
    its legal actions are those of ``state``. The generator's secret key
    is drawn anew from ``rng`` too, so what comes next (a reshuffle of the
    discard pile, A30) is not the real game's either.

    What a seat could remember beyond the state (a card it saw go back into
    a hand or the deck) is not recorded in the state, so it is re-dealt with
    the rest. The log lines other seats read are shared with ``state``
    unchanged: they may name the real cards, so a search bot reads only
    ``seat``'s view of the copy. ``state`` is unchanged; ``rng`` is the
    caller's generator (never the game's). Raises KeyError for a state that
    is not an Arcane one."""
    out = copy_sharing_log(state)
    cards = out["cards"]
    redeal(cards, sorted(hidden_from(out, seat)), rng)
    reseed(out, rng)
    return out
