"""How good a C-23 position is for a seat, for the search bots' cut-off
playouts (issue 30; game.kernel.search).

C-23 is a race: a player is out when its deck runs out (K4, K24, K26); each
turn it draws one card ("Your Turn" step 2, K3), and every attacker its
blockers do not stop discards as many cards from its deck as it has power
("Attacking", K15-K17). So a seat's score counts its deck, its clock (the
turns until its deck is empty: the deck over one draw plus the damage the
board of the player who attacks it gets through its blockers each turn, a
blocker stopping an attacker of no more power, K14-K15), its board (its
characters and their power), its resources (what it can pay for, K9), its
hand, and whether it is the seat whose turn it is (the tempo of the next
attack). The evaluation is the seat's score less the strongest opponent's
still in the game, squashed to 0..1.

The weights are a logistic fit, not guesses: positions at the start of
every turn of 3,000 games of the greedy bot against itself (every pair of
starter decks, seeds 10000-12999), the score difference predicting who won;
on 1,000 other games (seeds 90000-90999) it scored a log loss of 0.52 where
the previous hand-set weights scored 0.58 (docs/BENCHMARKS.md "Search
bots"). The greedy bot is the one the search plays its playouts with, so
the score says who wins the playout's game from here.
Reads the board and the counts only (what a determinized copy holds), never
the log."""

from game.kernel.search import squash

from .state import State, power, right_of

WEIGHTS = {
    "deck": 0.107,
    "clock": 0.0,
    "resources": 0.605,
    "hand": 0.064,
    "characters": 0.314,
    "power": 0.294,
    "to_move": 0.809,
}
"""The weight of each of :func:`features` in a seat's score (tools/c23_evaluation_fit.py)."""
SCALE = 1.0


def damage_through(attack: list[int], defence: list[int]) -> int:
    """The deck cards an attack of characters of power ``attack`` discards
    against blockers of power ``defence`` when every blocker that survives
    its block (power at least the attacker's, K15) blocks one attacker, the
    largest attackers first, each with the smallest such blocker; what is
    left unblocked discards its power (K17)."""
    blockers = sorted(defence)
    through = 0
    for strength in sorted(attack, reverse=True):
        for k, guard in enumerate(blockers):
            if guard >= strength:
                del blockers[k]
                break
        else:
            through += strength
    return through


def clock(state: State, seat: int) -> float:
    """The turns until ``seat``'s deck is empty at this pace: its deck over
    one draw a turn plus :func:`damage_through` of the board of the player
    who attacks it (the next surviving player to its right)."""
    players = state["players"]
    attacker = players[right_of(state, seat)]
    p = players[seat]
    hit = damage_through([power(state, i) for i in attacker["characters"]], [power(state, i) for i in p["characters"]])
    return len(p["deck"]) / (1 + hit)


def features(state: State, seat: int) -> dict[str, float]:
    """What a seat's score counts (module docstring), by the names of
    :data:`WEIGHTS`: its deck, its :func:`clock`, its resources, its hand,
    its characters and their power, and 1 when its turn is on (else 0)."""
    p = state["players"][seat]
    return {
        "deck": len(p["deck"]),
        "clock": clock(state, seat),
        "resources": len(p["resources"]),
        "hand": len(p["hand"]),
        "characters": len(p["characters"]),
        "power": sum(power(state, i) for i in p["characters"]),
        "to_move": 1.0 if state["active"] == seat else 0.0,
    }


def seat_score(state: State, seat: int) -> float:
    """The score of ``seat``: its :func:`features` weighed by :data:`WEIGHTS`."""
    found = features(state, seat)
    return sum(weight * found[name] for name, weight in WEIGHTS.items())


def evaluate(state: State, seat: int) -> float:
    """``seat``'s score less its strongest opponent's (those not out),
    squashed to 0..1 (0.5: even; 0 once ``seat`` is out)."""
    if state["players"][seat]["out"]:
        return 0.0
    others = [seat_score(state, p["seat"]) for p in state["players"] if p["seat"] != seat and not p["out"]]
    if not others:
        return 1.0
    return squash(seat_score(state, seat) - max(others), SCALE)
