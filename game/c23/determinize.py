"""A C-23 state as one seat might believe it to be: every card hidden from
that seat re-dealt at random, for search bots that sample the worlds the
seat cannot tell apart (issue 28, "One kernel, three games").
"""

from game.kernel.copying import copy_sharing_log
from game.kernel.determinize import Generator, redeal, reseed

from .state import State, hidden_zones


def determinize(state: State, seat: int | None, rng: Generator) -> State:
    """A copy of ``state`` in which every card hidden from ``seat`` (a seat,
    or None for a spectator) is re-dealt with ``rng``: each player's cards
    in the zones hidden from ``seat`` (the deck, and the hand unless it is
    ``seat``'s own or shown, K19, K24) change places at random among those
    same zones. Every zone keeps its count and every card its owner; what
    ``seat`` sees (its hand, shown hands, discard piles, play, the log it
    reads, every count) stays as it is, so its view and its legal actions
    are those of ``state``. The unknown cards come from the pool that
    ``seat`` cannot place: the owner's cards in those hidden zones (a
    player's cards are their deck's, K1). The generator's secret key is
    drawn anew from ``rng`` too, so what comes next (new card ids, the
    elimination bonus's random cards) is not the real game's either.

    What a seat could remember beyond the state (a card it saw taken back
    into a hand, a hand shown before it changed, the cards the elimination
    bonus put at a deck's bottom) is not recorded in the state, so it is
    re-dealt with the rest. Cards gone from the game (K24) stay as they are:
    they never come back. ``state`` is unchanged; ``rng`` is the caller's
    generator (a random.Random; never the game's)."""
    out = copy_sharing_log(state)
    cards = out["cards"]
    for p in out["players"]:
        redeal(cards, [iid for q, zone in hidden_zones(out, seat) if q is p for iid in p[zone]], rng)
    reseed(out, rng)
    return out
