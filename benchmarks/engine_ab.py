"""Engine figures of issue 13 that any commit since its baseline (2aca43a)
can produce, to compare commits in the same minutes on one machine: the
median CPU time of one ``apply_action``, ``legal_actions`` and one seat's
view on 1-hero states sampled from random games (each state's best of 3;
``apply_action_in_place`` too on a commit that has it),
and random 1-hero games' actions per CPU second (legal_actions and
applying the action each step, as ``play_game`` does on that commit).

It needs only the entry points 2aca43a already had, and imports the engine
from the working directory, so run it from a worktree of the commit to
measure, alternating the commits (A B C A B C ...):
``cd TREE && python /path/to/benchmarks/engine_ab.py [--games N]``.
Prints one JSON line. benchmarks/engine_bench.py is the full table of the
current commit.
"""
import argparse
import json
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.getcwd())

from game.rules import apply_action, catalog, legal_actions, view  # noqa: E402 (the tree's engine)
from game.rules.bots import GreedyBot, RandomBot, play_game  # noqa: E402
from game.rules.engine import copy_state  # noqa: E402

try:  # since e645024 (issue 13): timed too where the commit has it
    from game.rules.engine import apply_action_in_place  # noqa: E402
except ImportError:
    apply_action_in_place = None


# Each game row as engine_bench.MODES has it: row -> (engine mode, seats,
# heroes per seat); written out here because the commits compared may not
# have benchmarks/engine_bench.py's table.
MODES = {"1hero": ("1hero", 2, 1), "3hero": ("3hero", 2, 3), "2hg": ("2hg", 4, 1),
         "ffa-3": ("ffa", 3, 1), "ffa-4": ("ffa", 4, 1), "ffa-5": ("ffa", 5, 1)}


def _config(seed: int, row: str = "1hero") -> dict:
    """The config of a game of table row ``row`` (MODES), heroes drawn by
    the seed from the tree's playable heroes, different within a seat."""
    mode, seats, per_seat = MODES[row]
    picker = random.Random(seed)
    heroes = catalog.playable_heroes()
    return {"mode": mode, "seed": seed,
            "seats": [{"name": f"P{i}", "heroes": picker.sample(heroes, per_seat)} for i in range(seats)]}


def _actions_per_s(row: str, bot: str, games: int) -> int:
    """Actions per CPU second of ``games`` games of row ``row`` played by
    ``bot`` ("random" or "greedy") bots, seeds 0..games-1 (legal_actions
    and applying the action each step, as the tree's ``play_game`` does)."""
    make = RandomBot if bot == "random" else GreedyBot
    seats = MODES[row][1]
    actions = 0
    t0 = time.process_time()
    for seed in range(games):
        actions += len(play_game(_config(seed, row), [make(seed + i) for i in range(seats)])[1])
    return round(actions / (time.process_time() - t0))


def _steps(games: int, every: int = 3) -> list:
    """``(state, seat, action)`` copied before every ``every``-th action of
    random 1-hero games seeded 1000...."""
    steps, seen = [], [0]

    class Recorder(RandomBot):
        def choose(self, state, seat):
            action = super().choose(state, seat)
            if action is not None and seen[0] % every == 0:
                steps.append((copy_state(state), seat, action))
            seen[0] += 1
            return action

    for seed in range(1000, 1000 + games):
        seen[0] = 0
        play_game(_config(seed), [Recorder(seed), Recorder(seed + 1)])
    return steps


def _best_us(fn, repeats: int = 3) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.thread_time()
        fn()
        times.append(time.thread_time() - t0)
    return min(times) * 1e6


def _in_place_us(state: dict, seat: int, action: dict, repeats: int = 3) -> float:
    """The best CPU time of ``apply_action_in_place`` on fresh copies of
    ``state`` (each copy made outside the timing), in µs."""
    times = []
    for _ in range(repeats):
        mine = copy_state(state)
        t0 = time.thread_time()
        apply_action_in_place(mine, seat, action)
        times.append(time.thread_time() - t0)
    return min(times) * 1e6


def main() -> None:
    """Measure and print ``{"apply_action", "legal_actions", "view": median
    µs, "actions_per_s": random 1-hero games}`` as JSON, with
    ``"apply_action_in_place"`` (median µs) on a commit that has it; with
    ``--modes``, ``{"actions_per_s": {"ROW BOT": actions per CPU second}}``
    of each named row with both bots instead (the "every mode" target)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--samples", type=int, default=6, help="games to sample states from")
    parser.add_argument("--games", type=int, default=20, help="random 1-hero games to play")
    parser.add_argument("--modes", help="comma-separated rows of MODES: whole games of each, random and "
                                        "greedy bots, --games games each (no per-call timing)")
    args = parser.parse_args()
    if args.modes:
        print(json.dumps({"actions_per_s": {f"{row} {bot}": _actions_per_s(row, bot, args.games)
                                            for row in args.modes.split(",") for bot in ("random", "greedy")}}))
        return
    times = {"apply_action": [], "legal_actions": [], "view": []}
    if apply_action_in_place is not None:
        times["apply_action_in_place"] = []
    for state, seat, action in _steps(args.samples):
        times["apply_action"].append(_best_us(lambda: apply_action(state, seat, action)))
        if apply_action_in_place is not None:
            times["apply_action_in_place"].append(_in_place_us(state, seat, action))
        times["legal_actions"].append(_best_us(lambda: legal_actions(state, seat)))
        times["view"].append(_best_us(lambda: view(state, seat)))
    out = {name: round(statistics.median(ts), 1) for name, ts in times.items()}
    out["actions_per_s"] = _actions_per_s("1hero", "random", args.games)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
