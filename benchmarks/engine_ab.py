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

``--playouts`` times random 1-hero games only; with ``--against REV``
it prints issue 30's row (point 3: those playouts' actions per CPU
second, at least :data:`PLAYOUT_FACTOR` times REV's; ``make bench``
pairs it with PLAYOUT_BASELINE, the commit before that speed work).

``--against REV`` (``make bench``) does the pairing itself: it extracts
commit REV of this repository (``git archive``) into a temporary folder,
runs this script there and in this tree in turn, ``--rounds`` times each,
and prints two Markdown tables: the 1-hero calls and games beside the
issue's own figures at 2aca43a divided by the ratio (what this tree would
measure on the issue's machine), and every mode's ratio beside the "every
mode at least 3x" target.
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time

sys.path.insert(0, os.getcwd())

import importlib.util  # noqa: E402

from game.rules import apply_action, legal_actions, view  # noqa: E402 (the tree's engine)

# Codex's own package: game.codex since the kernel issue (28), the package
# game.rules itself before it.
_CODEX = "game.codex" if importlib.util.find_spec("game.codex") else "game.rules"
catalog = importlib.import_module(_CODEX + ".catalog")
_bots = importlib.import_module(_CODEX + ".bots")
GreedyBot, RandomBot, play_game = _bots.GreedyBot, _bots.RandomBot, _bots.play_game
_engine = importlib.import_module(_CODEX + ".engine")
copy_state = _engine.copy_state
# since e645024 (issue 13): timed too where the commit has it
apply_action_in_place = getattr(_engine, "apply_action_in_place", None)


# Each game row as engine_bench.MODES has it: row -> (engine mode, seats,
# heroes per seat); written out here because the commits compared may not
# have benchmarks/engine_bench.py's table.
MODES = {
    "1hero": ("1hero", 2, 1),
    "3hero": ("3hero", 2, 3),
    "2hg": ("2hg", 4, 1),
    "ffa-3": ("ffa", 3, 1),
    "ffa-4": ("ffa", 4, 1),
    "ffa-5": ("ffa", 5, 1),
}


def _config(seed: int, row: str = "1hero") -> dict:
    """The config of a game of table row ``row`` (MODES), heroes drawn by
    the seed from the tree's playable heroes, different within a seat."""
    mode, seats, per_seat = MODES[row]
    picker = random.Random(seed)
    heroes = catalog.playable_heroes()
    return {
        "mode": mode,
        "seed": seed,
        "seats": [{"name": f"P{i}", "heroes": picker.sample(heroes, per_seat)} for i in range(seats)],
    }


def _actions_per_s(row: str, bot: str, games: int) -> int:
    """Actions per CPU second of ``games`` games of row ``row`` played by
    ``bot`` ("random" or "greedy") bots, seeds 0..games-1 (legal_actions
    and applying the action each step, as the tree's ``play_game`` does),
    after 50 untimed actions of another game of the row (what a first game
    loads and caches is not counted against the row that comes first)."""
    make = RandomBot if bot == "random" else GreedyBot
    seats = MODES[row][1]
    play_game(_config(10_000, row), [make(i) for i in range(seats)], max_actions=50)  # warm: not timed
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


# Issue 13's figures at its baseline 2aca43a, on the machine it was filed
# from: µs per call on 1-hero states, and random 1-hero actions per second.
ISSUE_FIGURES = {"apply_action": 424, "legal_actions": 200, "view": 133, "actions_per_s": 1650}
TARGETS = {"apply_action": 100, "apply_action_in_place": 100, "legal_actions": 60, "view": 60, "actions_per_s": 6000}
MODE_FACTOR = 3  # every mode at least 3x its figure at the baseline
ALL_MODES = ",".join(MODES)
# Issue 30, point 3: random 1-hero playouts (legal_actions and applying the
# action each step, the JS anchor's protocol) at >= 8x the anchor where the
# engine stood at 4.8-5.1x before the issue's speed work (PLAYOUT_BASELINE
# in the Makefile, the commit before it): 1.6x that commit's actions per
# CPU second, paired in the same minutes.
PLAYOUT_FACTOR = 1.6
PLAYOUT_ROW = "random 1-hero playouts, actions per CPU-second"


def _run_in(tree: str, args: list) -> dict:
    """Run this script with ``args`` in the tree at ``tree`` (its engine) and
    return the JSON it prints. Raises CalledProcessError when it fails."""
    done = subprocess.run(
        [sys.executable, os.path.abspath(__file__), *args], cwd=tree, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


def _extract(rev: str, into: str) -> None:
    """Write the files of commit ``rev`` of this script's repository into
    the folder ``into``. Raises CalledProcessError when git does not know
    ``rev`` (a shallow clone, a copy without .git)."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    archive = os.path.join(into, "tree.tar")
    subprocess.run(
        ["git", "-C", root, "archive", "--format=tar", "-o", archive, rev], check=True, stderr=subprocess.DEVNULL
    )
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    os.unlink(archive)


def _ratio_cell(base: list, here: list, higher_is_better: bool) -> tuple:
    """``(median ratio, "min-max")`` of the per-round speed-ups of ``here``
    over ``base`` (paired by round)."""
    ratios = [(h / b if higher_is_better else b / h) for b, h in zip(base, here, strict=True)]
    return statistics.median(ratios), f"{min(ratios):.2f}-{max(ratios):.2f}"


def against(rev: str, rounds: int, games: int, samples: int, modes: str) -> None:
    """Pair this tree with commit ``rev`` (see the module's docstring) and
    print the two tables. Times are each side's median over the rounds."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    calls = {"base": [], "here": []}
    games_of = {"base": [], "here": []}
    with tempfile.TemporaryDirectory() as base_tree:
        _extract(rev, base_tree)
        for _ in range(rounds):
            for side, tree in (("base", base_tree), ("here", root)):
                calls[side].append(_run_in(tree, ["--samples", str(samples), "--games", str(games)]))
                games_of[side].append(_run_in(tree, ["--modes", modes, "--games", str(games)])["actions_per_s"])
    print(
        f"Paired with {rev}: {rounds} rounds, each side in turn (1-hero states of {samples} games; "
        f"{games} games a row)\n"
    )
    print(
        f"| 1-hero | {rev} | this tree | speed-up (min-max) "
        "| the issue's figure at 2aca43a, scaled by the speed-up | target | |"
    )
    print("|---|---|---|---|---|---|---|")
    for name in ("apply_action", "apply_action_in_place", "legal_actions", "view", "actions_per_s"):
        here = [c[name] for c in calls["here"] if name in c]
        base_name = name if all(name in c for c in calls["base"]) else "apply_action"  # in place: none before
        base = [c[base_name] for c in calls["base"]]
        if not here:
            continue
        better = name == "actions_per_s"
        ratio, spread = _ratio_cell(base, here, better)
        unit = "actions/s" if better else "µs"
        issue = ISSUE_FIGURES.get(base_name)  # none for a commit that had apply_action_in_place
        if issue is None:
            estimate, shown, judged = statistics.median(here), "–", "as measured"
        else:
            estimate = issue * ratio if better else issue / ratio
            shown, judged = f"{estimate:.0f} {unit}", "estimate"
        met = estimate >= TARGETS[name] if better else estimate <= TARGETS[name]
        print(
            f"| {name} | {statistics.median(base):.0f} {unit} | {statistics.median(here):.0f} {unit} | "
            f"{ratio:.2f}x ({spread}) | {shown} | {'>=' if better else '<='} {TARGETS[name]} | "
            f"{'met' if met else 'missed'} ({judged}) |"
        )
    print()
    print(f"| mode | bot | actions/s {rev} | this tree | speed-up (min-max) | target | |")
    print("|---|---|---|---|---|---|---|")
    for key in games_of["here"][0]:
        base = [g[key] for g in games_of["base"]]
        here = [g[key] for g in games_of["here"]]
        ratio, spread = _ratio_cell(base, here, True)
        row, bot = key.split()
        print(
            f"| {row} | {bot} | {statistics.median(base):.0f} | {statistics.median(here):.0f} | {ratio:.2f}x "
            f"({spread}) | >= {MODE_FACTOR}x | {'met' if ratio >= MODE_FACTOR else 'missed'} |"
        )


def playouts_against(rev: str, rounds: int, games: int) -> None:
    """Pair random 1-hero playouts (:func:`_actions_per_s`, ``games`` games
    a round) of this tree with commit ``rev``, each side in turn
    ``rounds`` times, and print the row of issue 30's target: both sides'
    median actions per CPU second, the median of the rounds' ratios
    (min-max) beside :data:`PLAYOUT_FACTOR`. Raises CalledProcessError
    when ``rev`` cannot be extracted or run."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    figures: dict[str, list[int]] = {"base": [], "here": []}
    with tempfile.TemporaryDirectory() as base_tree:
        _extract(rev, base_tree)
        for _ in range(rounds):
            for side, tree in (("base", base_tree), ("here", root)):
                figures[side].append(_run_in(tree, ["--playouts", "--games", str(games)])["playouts"])
    ratio, spread = _ratio_cell(figures["base"], figures["here"], True)
    print(f"Paired with {rev}: {rounds} rounds, each side in turn, {games} random 1-hero games a round\n")
    print(f"| row | {rev} | this tree | speed-up (min-max) | target | |")
    print("|---|---|---|---|---|---|")
    print(
        f"| {PLAYOUT_ROW}, against {rev} | {statistics.median(figures['base']):.0f} | "
        f"{statistics.median(figures['here']):.0f} | {ratio:.2f}x ({spread}) | >= {PLAYOUT_FACTOR}x | "
        f"{'met' if ratio >= PLAYOUT_FACTOR else 'missed'} |"
    )


def main() -> None:
    """Measure and print ``{"apply_action", "legal_actions", "view": median
    µs, "actions_per_s": random 1-hero games}`` as JSON, with
    ``"apply_action_in_place"`` (median µs) on a commit that has it; with
    ``--modes``, ``{"actions_per_s": {"ROW BOT": actions per CPU second}}``
    of each named row with both bots instead (the "every mode" target)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--samples", type=int, default=6, help="games to sample states from")
    parser.add_argument("--games", type=int, default=20, help="random 1-hero games to play")
    parser.add_argument(
        "--modes",
        help="comma-separated rows of MODES: whole games of each, random and "
        "greedy bots, --games games each (no per-call timing)",
    )
    parser.add_argument("--against", metavar="REV", help="pair this tree with commit REV and print the tables")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each side, with --against")
    parser.add_argument(
        "--playouts",
        action="store_true",
        help='random 1-hero games only: {"playouts": actions per CPU second}; with --against, issue 30\'s row',
    )
    args = parser.parse_args()
    if args.against:
        try:
            if args.playouts:
                playouts_against(args.against, args.rounds, args.games)
            else:
                against(args.against, args.rounds, args.games, args.samples, args.modes or ALL_MODES)
        except subprocess.CalledProcessError as err:
            print(
                f"No pairing with {args.against}: `{' '.join(map(str, err.cmd))[:80]}` failed "
                f"(is {args.against} in this clone's history?)."
            )
        return
    if args.playouts:
        print(json.dumps({"playouts": _actions_per_s("1hero", "random", args.games)}))
        return
    if args.modes:
        print(
            json.dumps(
                {
                    "actions_per_s": {
                        f"{row} {bot}": _actions_per_s(row, bot, args.games)
                        for row in args.modes.split(",")
                        for bot in ("random", "greedy")
                    }
                }
            )
        )
        return
    times = {"apply_action": [], "legal_actions": [], "view": []}
    if apply_action_in_place is not None:
        times["apply_action_in_place"] = []
    for state, seat, action in _steps(args.samples):
        times["apply_action"].append(
            _best_us(lambda state=state, seat=seat, action=action: apply_action(state, seat, action))
        )
        if apply_action_in_place is not None:
            times["apply_action_in_place"].append(_in_place_us(state, seat, action))
        times["legal_actions"].append(_best_us(lambda state=state, seat=seat: legal_actions(state, seat)))
        times["view"].append(_best_us(lambda state=state, seat=seat: view(state, seat)))
    out = {name: round(statistics.median(ts), 1) for name, ts in times.items()}
    out["actions_per_s"] = _actions_per_s("1hero", "random", args.games)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
