"""How good a C-23 position is for a seat, for the search bots' cut-off
playouts (issue 30; game.kernel.search): a player is out when its deck runs
out (K5, K24), so the cards left in its deck count, then its characters in
play (their power), its resources and its hand; the seat's score less its
strongest opponent still in the game, squashed to 0..1. Reads the board and
the counts only (what a determinized copy holds), never the log."""

from game.kernel.search import squash

from .state import State, power

DECK_CARD = 0.5
CHARACTER_POWER = 1.0
CHARACTER = 1.0
RESOURCE = 0.8
HAND_CARD = 0.3
SCALE = 6.0


def seat_score(state: State, seat: int) -> float:
    """The score of ``seat`` (module docstring): higher is better."""
    p = state["players"][seat]
    score = DECK_CARD * len(p["deck"]) + RESOURCE * len(p["resources"]) + HAND_CARD * len(p["hand"])
    for iid in p["characters"]:
        score += CHARACTER + CHARACTER_POWER * power(state, iid)
    return score


def evaluate(state: State, seat: int) -> float:
    """``seat``'s score less its strongest opponent's (those not out),
    squashed to 0..1 (0.5: even; 0 once ``seat`` is out)."""
    if state["players"][seat]["out"]:
        return 0.0
    others = [seat_score(state, p["seat"]) for p in state["players"] if p["seat"] != seat and not p["out"]]
    if not others:
        return 1.0
    return squash(seat_score(state, seat) - max(others), SCALE)
