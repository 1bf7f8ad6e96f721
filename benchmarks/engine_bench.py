"""Engine benchmark: whole random games per second, actions per second,
state and view sizes, and the time to build a view.

Run: ``python -m benchmarks.engine_bench [--games N] [--bot random|greedy]``
(``make bench`` runs it). Prints a Markdown table; docs/BENCHMARKS.md
records the figures with the command that produced them. Timing lives here,
never in tests.
"""
import argparse
import json
import platform
import statistics
import time

import random

from game.rules import catalog, legal_actions, view
from game.rules.bots import GreedyBot, RandomBot, play_game

# Each row of the table: (row name, engine mode, seats, heroes per seat).
MODES = (("1hero", "1hero", 2, 1), ("3hero", "3hero", 2, 3), ("2hg", "2hg", 4, 1),
         ("ffa-3", "ffa", 3, 1), ("ffa-4", "ffa", 4, 1), ("ffa-5", "ffa", 5, 1))
SEATS = {row: seats for row, _, seats, _ in MODES}


def _config(seed: int, row: str) -> dict:
    """A game of table row ``row``: heroes drawn by the seed from every
    playable hero (catalog.playable_heroes), different within a seat."""
    _, mode, seats, per_seat = next(m for m in MODES if m[0] == row)
    picker = random.Random(seed)
    heroes = catalog.playable_heroes()
    return {"mode": mode, "seed": seed,
            "seats": [{"name": f"P{i}", "heroes": picker.sample(heroes, per_seat)} for i in range(seats)]}


def run(games: int, bot: str, mode: str) -> dict:
    """Play ``games`` bot games of ``mode``; return the measured figures."""
    make = RandomBot if bot == "random" else GreedyBot
    actions = 0
    turns = []
    states = []
    start = time.perf_counter()
    for seed in range(games):
        state, log = play_game(_config(seed, mode), [make(seed + i) for i in range(SEATS[mode])])
        actions += len(log)
        turns.append(state["turn"])
        states.append(state)
    elapsed = time.perf_counter() - start
    sample = states[: min(20, len(states))]
    view_times, view_sizes, state_sizes, legal_times = [], [], [], []
    for state in sample:
        state_sizes.append(len(json.dumps(state)))
        t0 = time.perf_counter()
        shown = view(state, 0)
        view_times.append(time.perf_counter() - t0)
        view_sizes.append(len(json.dumps(shown)))
        t0 = time.perf_counter()
        legal_actions(state, state["active"])
        legal_times.append(time.perf_counter() - t0)
    return {
        "bot": bot, "mode": mode, "games": games, "seconds": elapsed,
        "games_per_s": games / elapsed, "actions_per_s": actions / elapsed,
        "actions_per_game": actions / games, "turns_median": statistics.median(turns),
        "state_bytes": statistics.median(state_sizes), "view_bytes": statistics.median(view_sizes),
        "view_ms": 1000 * statistics.median(view_times),
    }


def main() -> None:
    """Parse arguments, run the bots in every mode, print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--bot", choices=("random", "greedy", "both"), default="both")
    args = parser.parse_args()
    bots = ("random", "greedy") if args.bot == "both" else (args.bot,)
    print(f"Python {platform.python_version()} on {platform.machine()}, {args.games} games per bot\n")
    print("| mode | bot | games/s | actions/s (incl. legal_actions each step) | actions/game | median turns "
          "| state JSON (end, median) | view JSON | view build |")
    print("|---|---|---|---|---|---|---|---|---|")
    for mode in SEATS:
        for bot in bots:
            r = run(args.games, bot, mode)
            print(f"| {mode} | {r['bot']} | {r['games_per_s']:.2f} | {r['actions_per_s']:.0f} | "
                  f"{r['actions_per_game']:.0f} | {r['turns_median']:.0f} | {r['state_bytes'] / 1024:.1f} KB | "
                  f"{r['view_bytes'] / 1024:.1f} KB | {r['view_ms']:.2f} ms |")


if __name__ == "__main__":
    main()
