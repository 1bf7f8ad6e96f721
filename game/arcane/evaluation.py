"""How good an Arcane Codex position is for a seat, for the search bots'
cut-off playouts (issue 30; game.kernel.search): a seat loses at 0 life
(house rule A32), so life counts most, then creatures in play (power and
toughness left), lands, relics, charms and sages, and cards in hand; the
seat's score less the other's, squashed to 0..1. Reads the board and the
counts only (what a determinized copy holds), never the log."""

from game.kernel.search import squash

from .state import other, power, toughness

CREATURE_POWER = 0.8
CREATURE_TOUGHNESS = 0.4
LAND = 0.7
RELIC_OR_CHARM = 1.0
SAGE = 1.5
HAND_CARD = 0.4
SCALE = 5.0


def seat_score(state: dict, seat: int) -> float:
    """The score of ``seat`` (module docstring): higher is better."""
    p = state["players"][seat]
    score = float(p["life"])
    for cid in p["creatures"]:
        left = max(0, toughness(state, cid) - state["cards"][cid]["damage"])
        score += CREATURE_POWER * power(state, cid) + CREATURE_TOUGHNESS * left
    score += LAND * len(p["lands"]) + RELIC_OR_CHARM * (len(p["relics"]) + len(p["charms"]))
    score += SAGE * len(p["sages"]) + HAND_CARD * len(p["hand"])
    return score


def evaluate(state: dict, seat: int) -> float:
    """``seat``'s score less the other seat's, squashed to 0..1 (0.5: even)."""
    return squash(seat_score(state, seat) - seat_score(state, other(seat)), SCALE)
