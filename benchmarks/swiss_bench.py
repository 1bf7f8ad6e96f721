"""Swiss pairing at scale (issue 33, "Measured"): a 64-player Swiss of 6
rounds simulated to the end, results drawn at random from the players'
strengths (a stronger player wins more often; a draw now and then), paired
each round by tournaments.pairing.swiss from the standings of
tournaments.standings. Target: every round paired in under a second, and
no pairing repeated while one was avoidable (with 64 players and 6 rounds
a round without a repeat always exists, so none may repeat).

Prints one JSON line: events, rounds, the CPU time of pairing a round
(median and the slowest, seconds, of the process: time.process_time),
the same as a share of the 1-second budget, repeats, byes given twice, the
largest seat imbalance. ``--players`` and ``--rounds`` change the event,
``--events`` how many are simulated (different seeds), ``--seed`` the first.

    .venv/bin/python -m benchmarks.swiss_bench [--players 64] [--rounds 6] [--events 5]
"""

import argparse
import json
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.getcwd())

BUDGET = 1.0  # seconds a round may take to pair (the target)


def simulate(players: int, rounds: int, seed: int) -> dict:
    """One simulated event; returns its pairing times (CPU seconds per
    round), repeats, double byes and the largest seat imbalance."""
    from tournaments import pairing
    from tournaments.standings import DRAW, LOSS, WIN, Game, standings

    rng = random.Random(seed)
    strength = {p: rng.gauss(0, 1) for p in range(1, players + 1)}
    entries, games, times = list(strength), [], []
    for _ in range(rounds):
        order = [s.entry for s in standings(entries, games)]
        began = time.process_time()
        pairs = pairing.swiss(order, games)
        times.append(time.process_time() - began)
        for a, b in pairs:
            if b is None:
                games.append(Game(a, None, (WIN, LOSS)))
                continue
            edge = strength[a] - strength[b] + rng.gauss(0, 1)
            points = (DRAW, DRAW) if abs(edge) < 0.08 else (WIN, LOSS) if edge > 0 else (LOSS, WIN)
            games.append(Game(a, b, points))
    met = pairing.met(games)
    byes: dict[int, int] = {}
    for g in games:
        if g.second is None:
            byes[g.first] = byes.get(g.first, 0) + 1
    return {
        "times": times,
        "repeats": sum(n - 1 for n in met.values()),
        "double_byes": sum(1 for n in byes.values() if n > 1),
        "seat_imbalance": max(abs(pairing.seat_balance(p, games)) for p in entries),
    }


def main(argv: list[str] | None = None) -> dict:
    """Run the benchmark (module docstring) and print its JSON line; returns it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--events", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    runs = [simulate(args.players, args.rounds, args.seed + i) for i in range(args.events)]
    times = [t for run in runs for t in run["times"]]
    figures = {
        "players": args.players,
        "rounds": args.rounds,
        "events": args.events,
        "round_cpu_median_s": round(statistics.median(times), 4),
        "round_cpu_max_s": round(max(times), 4),
        "max_share_of_budget": round(max(times) / BUDGET, 3),
        "repeats": sum(run["repeats"] for run in runs),
        "double_byes": sum(run["double_byes"] for run in runs),
        "seat_imbalance_max": max(run["seat_imbalance"] for run in runs),
    }
    print(json.dumps(figures))
    return figures


if __name__ == "__main__":
    main()
