"""What game.codex.reasons adds to a view: the median time of
``reasons(state, seat)`` over every state of greedy-bot 1-hero games and
both seats, and over the acting seat's main-phase views only (the costly
case: outside it one sentence is given), next to the whole view's time.

Run: ``python -m benchmarks.reasons_bench [--games N]``. Prints one line;
docs/BENCHMARKS.md records it. Timing lives here, never in tests.
"""

import argparse
import statistics
import time

from game.codex import stats
from game.codex.bots import GreedyBot
from game.codex.reasons import reasons
from game.rules import apply_action, new_game, view


def _states(games: int) -> list:
    """Every state of ``games`` greedy 1-hero games, with each seat as viewer."""
    out = []
    for seed in range(games):
        state = new_game(
            {
                "mode": "1hero",
                "seed": seed,
                "seats": [{"name": "A", "hero": "troq_bashar"}, {"name": "B", "hero": "river_montoya"}],
            }
        )
        bots = [GreedyBot(seed), GreedyBot(seed + 1)]
        for _ in range(400):
            if state["status"] != "playing":
                break
            seat = state["prompt"]["seat"] if state["prompt"] else state["active"]
            out.extend((state, viewer) for viewer in (0, 1))
            state, _ = apply_action(state, seat, bots[seat].choose(state, seat))
    return out


def _median_us(fn, states, repeats=5) -> float:
    times = []
    for state, seat in states:
        best = min(_timed(fn, state, seat) for _ in range(repeats))
        times.append(best)
    return statistics.median(times) * 1e6


def _timed(fn, state, seat) -> float:
    start = time.perf_counter()
    fn(state, seat)
    return time.perf_counter() - start


def _reasons_alone(state, seat):
    with stats.frozen(state):
        reasons(state, seat)


def main() -> None:
    """Print the median reasons time and view time (microseconds)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5)
    every = _states(parser.parse_args().games)
    main_phase = [
        (s, seat) for s, seat in every if s["phase"] == "main" and s["prompt"] is None and s["active"] == seat
    ]
    for label, states in (("all views", every), ("the acting seat's main-phase views", main_phase)):
        print(
            f"{label} ({len(states)}): reasons {_median_us(_reasons_alone, states):.1f} us, "
            f"whole view {_median_us(view, states):.0f} us (median of best-of-5)"
        )


if __name__ == "__main__":
    main()
