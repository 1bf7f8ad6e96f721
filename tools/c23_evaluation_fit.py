"""Fit the weights of C-23's evaluation (game.c23.evaluation.WEIGHTS) to
games of the greedy bot against itself (issue 30: the search's playouts
are the greedy bot's, so the evaluation should say who wins those games).

At the start of every turn of ``--games`` games (seeds from 10000, every
pair of starter decks drawn by the seed) it records the difference of the
two seats' features (game.c23.evaluation.features) and who won (a drawn
game is left out), each position also from the other seat's side; then a
logistic regression without intercept, by batch gradient descent on the
features scaled to unit size, gives one weight per feature in the units of
the score (the evaluation squashes it with scale 1). On ``--test`` other
games (seeds from 90000) it prints the log loss and the accuracy of the
fitted weights beside the module's current ones.

``python -m tools.c23_evaluation_fit --games 3000 --test 1000`` (about 20
minutes of one core: the games take a third, the descent the rest).
"""

import argparse
import math
import random

from game.c23 import bots
from game.c23.evaluation import WEIGHTS, features

DECKS = ("red", "blue", "green")


def positions(games: int, first_seed: int) -> list[tuple[list[float], float]]:
    """``(feature differences, 1 if that side won else 0)`` at the start of
    every turn of ``games`` greedy games from seed ``first_seed`` on, each
    position from both seats' sides."""
    names = list(WEIGHTS)
    rows = []
    for g in range(games):
        seed = first_seed + g
        pick = random.Random(seed)
        decks = [pick.choice(DECKS), pick.choice(DECKS)]
        config = {
            "game": "c23",
            "seed": seed,
            "seats": [{"name": "A", "deck": decks[0]}, {"name": "B", "deck": decks[1]}],
        }
        seen: list[list[float]] = []
        turn = [-1]

        def note(state: dict, _seat: int, _action: dict, seen: list = seen, turn: list = turn) -> None:
            if state["turn"] != turn[0] and state["status"] == "playing":
                turn[0] = state["turn"]
                mine, theirs = features(state, 0), features(state, 1)
                seen.append([mine[n] - theirs[n] for n in names])

        state, _ = bots.play_game(config, [bots.GreedyBot(2 * seed), bots.GreedyBot(2 * seed + 1)], on_action=note)
        if state["status"] != "finished" or state["winner"] is None:
            continue
        won = 1.0 if state["winner"] == 0 else 0.0
        for diff in seen:
            rows.append((diff, won))
            rows.append(([-v for v in diff], 1.0 - won))
    return rows


def _logistic(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def fit(rows: list[tuple[list[float], float]], steps: int = 300, rate: float = 1.0) -> list[float]:
    """The logistic regression's weights (no intercept) for ``rows``, by
    ``steps`` of gradient descent at ``rate`` on unit-scaled features."""
    k = len(rows[0][0])
    size = [max(1e-9, math.sqrt(sum(x[j] ** 2 for x, _ in rows) / len(rows))) for j in range(k)]
    w = [0.0] * k
    for _ in range(steps):
        grad = [0.0] * k
        for x, y in rows:
            err = _logistic(sum(w[j] * x[j] / size[j] for j in range(k))) - y
            for j in range(k):
                grad[j] += err * x[j] / size[j]
        w = [w[j] - rate * grad[j] / len(rows) for j in range(k)]
    return [w[j] / size[j] for j in range(k)]


def score(rows: list[tuple[list[float], float]], weights: list[float]) -> tuple[float, float]:
    """The mean log loss and the accuracy of ``weights`` on ``rows``."""
    loss = right = 0.0
    for x, y in rows:
        p = _logistic(sum(w * v for w, v in zip(weights, x, strict=True)))
        loss -= y * math.log(max(p, 1e-12)) + (1 - y) * math.log(max(1 - p, 1e-12))
        right += (p > 0.5) == (y > 0.5)
    return loss / len(rows), right / len(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--test", type=int, default=1000)
    parser.add_argument("--steps", type=int, default=300)
    options = parser.parse_args()
    train, test = positions(options.games, 10_000), positions(options.test, 90_000)
    fitted = fit(train, options.steps)
    print("fitted:", {n: round(w, 3) for n, w in zip(WEIGHTS, fitted, strict=True)})
    for label, weights in (("fitted", fitted), ("current", list(WEIGHTS.values()))):
        loss, right = score(test, weights)
        print(f"{label}: log loss {loss:.4f}, accuracy {right:.3f} over {len(test)} positions of {options.test} games")


if __name__ == "__main__":
    main()
