"""Engine benchmark: whole random games per second, actions per second,
state and view sizes, and the median time of one ``apply_action``, one
``legal_actions`` and one view on 1-hero states, each beside its target
(issue 13).

Run: ``python -m benchmarks.engine_bench [--games N] [--bot random|greedy|both]
[--samples N]`` (``make bench`` runs it). Prints Markdown tables;
docs/BENCHMARKS.md records the figures with the command that produced them.
Timing lives here, never in tests. Times are CPU time (time.process_time,
time.thread_time), not wall time, so other work on a shared machine
does not count (it still slows the caches); on a quiet machine the two agree.
"""

import argparse
import json
import platform
import random
import statistics
import time

from game.arcane import bots as arcane_bots
from game.c23 import bots as c23_bots
from game.codex import catalog
from game.codex.bots import GreedyBot, RandomBot, play_game
from game.rules import apply_action, apply_action_in_place, copy_state, legal_actions, reading, view

# Each row of the table: (row name, engine mode, seats, heroes per seat).
MODES = (
    ("1hero", "1hero", 2, 1),
    ("3hero", "3hero", 2, 3),
    ("2hg", "2hg", 4, 1),
    ("ffa-3", "ffa", 3, 1),
    ("ffa-4", "ffa", 4, 1),
    ("ffa-5", "ffa", 5, 1),
)
SEATS = {row: seats for row, _, seats, _ in MODES}
# The other games, each with its own bots and play loop and no target yet:
# row -> (the config's game, its bots module, seats). Arcane Codex (issue 17)
# for two; C-23 (issue 18, its starter decks) for two and for three (K24).
ARCANE = "arcane"
OTHER_GAMES = {ARCANE: ("arcane", arcane_bots, 2), "c23-2": ("c23", c23_bots, 2), "c23-3": ("c23", c23_bots, 3)}
SEATS.update({row: seats for row, (_, _, seats) in OTHER_GAMES.items()})

# Targets of issue 13 (1-hero: about 1,650 actions/s before, on a quiet
# machine; every mode's factor is a paired ratio against the commit before
# the engine work, in docs/BENCHMARKS.md).
TARGET_ACTIONS_PER_S = {"1hero": 6000}
TARGET_MODE_FACTOR = 3  # every mode at least 3x its figure before the change
TARGET_US = {"apply_action": 100, "apply_action_in_place": 100, "legal_actions": 60, "view": 60}
FRAMES = "frames of a version"  # not a target of its own: what the server renders per move


def _config(seed: int, row: str) -> dict:
    """A game of table row ``row``: heroes drawn by the seed from every
    playable hero (catalog.playable_heroes), different within a seat."""
    _, mode, seats, per_seat = next(m for m in MODES if m[0] == row)
    picker = random.Random(seed)
    heroes = catalog.playable_heroes()
    return {
        "mode": mode,
        "seed": seed,
        "seats": [{"name": f"P{i}", "heroes": picker.sample(heroes, per_seat)} for i in range(seats)],
    }


def _other_config(seed: int, row: str) -> dict:
    """A game of another game's row: its seats, C-23's with the red, blue
    and green starters in seat order."""
    game, _, seats = OTHER_GAMES[row]
    config = {"game": game, "seed": seed, "seats": [{"name": f"P{i}"} for i in range(seats)]}
    if game == "c23":
        for seat, colour in zip(config["seats"], ("red", "blue", "green"), strict=False):
            seat["deck"] = colour
    return config


def run(games: int, bot: str, mode: str) -> dict:
    """Play ``games`` bot games of ``mode``; return the measured figures
    (CPU seconds, games and actions per CPU second, actions/game, median turns, median state
    and view JSON bytes of the final states, median view build in ms)."""
    if mode in OTHER_GAMES:
        bots = OTHER_GAMES[mode][1]
        make = bots.RandomBot if bot == "random" else bots.GreedyBot
        play = bots.play_game
    else:
        make = RandomBot if bot == "random" else GreedyBot
        play = play_game
    actions = 0
    turns = []
    states = []
    start = time.process_time()
    for seed in range(games):
        config = _other_config(seed, mode) if mode in OTHER_GAMES else _config(seed, mode)
        state, log = play(config, [make(seed + i) for i in range(SEATS[mode])])
        actions += len(log)
        turns.append(state["turn"])
        states.append(state)
    elapsed = time.process_time() - start
    sample = states[: min(20, len(states))]
    view_times, view_sizes, state_sizes = [], [], []
    for state in sample:
        state_sizes.append(len(json.dumps(state)))
        t0 = time.thread_time()
        shown = view(state, 0)
        view_times.append(time.thread_time() - t0)
        view_sizes.append(len(json.dumps(shown)))
    return {
        "bot": bot,
        "mode": mode,
        "games": games,
        "seconds": elapsed,
        "games_per_s": games / elapsed,
        "actions_per_s": actions / elapsed,
        "actions_per_game": actions / games,
        "turns_median": statistics.median(turns),
        "state_bytes": statistics.median(state_sizes),
        "view_bytes": statistics.median(view_sizes),
        "view_ms": 1000 * statistics.median(view_times),
    }


def sample_steps(games: int, every: int) -> list:
    """``(state, seat, action)`` before every ``every``-th action of
    ``games`` random 1-hero games (seeds 1000...), the states copied."""
    steps = []

    class Recorder(RandomBot):
        def choose(self, state, seat):
            action = super().choose(state, seat)
            if action is not None and len(steps_seen) % every == 0:
                steps.append((copy_state(state), seat, action))
            steps_seen.append(1)
            return action

    for seed in range(1000, 1000 + games):
        steps_seen = []
        play_game(_config(seed, "1hero"), [Recorder(seed), Recorder(seed + 1)])
    return steps


def _best_us(fn, repeats: int) -> float:
    best = None
    for _ in range(repeats):
        t0 = time.thread_time()
        fn()
        took = time.thread_time() - t0
        best = took if best is None or took < best else best
    return best * 1e6


def per_call(games: int, every: int = 3, repeats: int = 3) -> dict:
    """Median microseconds of one call on 1-hero states sampled from random
    games (each state's best of ``repeats``): ``apply_action`` of the
    action the bot took there (it copies the state), the same with
    ``apply_action_in_place`` (no copy: what the bots' games use),
    ``legal_actions`` of the seat to move, that seat's view, and the
    frames of a version as the server renders them (game.fanout: each
    seat's legal_actions and view and the spectators' view, sharing one
    memo). Returns ``{name: (median_us, samples)}``."""
    steps = sample_steps(games, every)
    times = {"apply_action": [], "apply_action_in_place": [], "legal_actions": [], "view": [], FRAMES: []}
    for state, seat, action in steps:
        times["apply_action"].append(
            _best_us(lambda state=state, seat=seat, action=action: apply_action(state, seat, action), repeats)
        )
        times["apply_action_in_place"].append(_in_place_us(state, seat, action, repeats))
        times["legal_actions"].append(_best_us(lambda state=state, seat=seat: legal_actions(state, seat), repeats))
        times["view"].append(_best_us(lambda state=state, seat=seat: view(state, seat), repeats))
        times[FRAMES].append(_best_us(lambda state=state: _frames(state), repeats))
    return {name: (statistics.median(ts), len(ts)) for name, ts in times.items()}


def _frames(state: dict) -> None:
    """What the server renders for one version of a 1-hero match: both
    seats' legal actions and views, then the spectators' view, under one
    shared memo (game.services.render_for with game.fanout's memo)."""
    with reading(state, {}):
        for seat in (0, 1):
            legal_actions(state, seat)
            view(state, seat)
        view(state, None)


def _in_place_us(state: dict, seat: int, action: dict, repeats: int) -> float:
    """Best of ``repeats`` of apply_action_in_place, each on a fresh copy
    of ``state`` made outside the timing."""
    best = None
    for _ in range(repeats):
        mine = copy_state(state)
        t0 = time.thread_time()
        apply_action_in_place(mine, seat, action)
        took = time.thread_time() - t0
        best = took if best is None or took < best else best
    return best * 1e6


def _verdict(ok: bool) -> str:
    return "met" if ok else "missed"


def main() -> None:
    """Parse arguments, time single calls, run the bots in every mode, print
    Markdown tables with each figure beside its target."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--bot", choices=("random", "greedy", "both"), default="both")
    parser.add_argument("--samples", type=int, default=6, help="random 1-hero games to sample states from")
    parser.add_argument("--modes", default=",".join(SEATS), help="comma-separated rows to play")
    args = parser.parse_args()
    bots = ("random", "greedy") if args.bot == "both" else (args.bot,)
    print(f"Python {platform.python_version()} on {platform.machine()}, {args.games} games per bot\n")
    calls = per_call(args.samples)
    print("| call (1-hero states from random games) | median | samples | target | |")
    print("|---|---|---|---|---|")
    for name, (median, count) in calls.items():
        target = TARGET_US.get(name)
        shown = f"<= {target} µs | {_verdict(median <= target)}" if target else "– | per move on the server"
        print(f"| {name} | {median:.0f} µs | {count} | {shown} |")
    print()
    print(
        "| mode | bot | games/s | actions/s (incl. legal_actions each step, CPU) | target | | actions/game "
        "| median turns | state JSON (end, median) | view JSON | view build |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for mode in args.modes.split(","):
        for bot in bots:
            r = run(args.games, bot, mode)
            target = TARGET_ACTIONS_PER_S.get(mode) if bot == "random" else None
            other = mode in OTHER_GAMES
            shown = f">= {target}" if target else ("none" if other else f"{TARGET_MODE_FACTOR}x before")
            verdict = (
                _verdict(r["actions_per_s"] >= target)
                if target
                else "new game, no figure before"
                if other
                else "paired: benchmarks.engine_ab --against"
            )
            print(
                f"| {mode} | {r['bot']} | {r['games_per_s']:.2f} | {r['actions_per_s']:.0f} | {shown} | "
                f"{verdict} | {r['actions_per_game']:.0f} | {r['turns_median']:.0f} | "
                f"{r['state_bytes'] / 1024:.1f} KB | {r['view_bytes'] / 1024:.1f} KB | {r['view_ms']:.2f} ms |"
            )


if __name__ == "__main__":
    main()
