"""Bot levels against each other (issue 30, "Measured"): seat-swapped games
of one bot kind ("A", e.g. hard) against another ("B", e.g. greedy) per
game and mode, the A side's win rate with its 95% interval (Wilson), and
A's decision time p50/p95 (wall time per choice, in this process).

Rows: ``codex-1hero``, ``codex-3hero``, ``codex-2hg`` (A plays one team's
two seats, B the other's), ``codex-ffa`` (one A among three B, A's seat
rotating), ``arcane``, ``c23``. Game ``k`` puts A on side ``k % sides``, so
the sides swap from game to game. A draw, a shared win and a game cut at
``--max-actions`` count half.

``python benchmarks/bots_ab.py --row codex-1hero --a hard --b greedy
--games 20 [--jobs 2] [--iterations N]`` prints one line per game and a
summary line (also as JSON with ``--json``); ``--a oracle`` is "hard" seeing
every card (a bound on what the deals allow, for measuring only); ``--level
noise=0,turns=0`` plays A at its level with those fields replaced (a lever
tried without editing game.rules); ``--running`` prints the
summary so far after every game (an interrupted run still has its
figures), ``--first K`` starts at game K (two runs split a row's games).

A whole bot turn (issue 30: "shows in <= 6 s at p95") is a run of A's side's
decisions in one turn, counted as the server counts it (game.pacing.streak_after:
in Two-Headed Dragon both teammates' parts and their tech picks are one run), shown at the server's pace
(game.pacing: ``--pause`` before a bot's turn, then beats between its moves
from ``--beat`` on, each shorter than the last; the defaults of
CODEX_STAND_IN_DELAY and CODEX_BOT_BEAT), a bot thinking during each pause
(game.pacing.turn_shown: each move after the longer of its pause and its
decision's time, wall and CPU); A's side's game turn adds up the runs of A's seats
that began in one game turn (what the other side waits through; with
runs counted by side, mostly the one run). A search bot is told each decision's place in such
a run (its level's budget per turn, ``Level.shrink``), as the server's run
of bot moves tells it (game.tasks). ``--save FILE`` appends each game's result (its
decision times too) as a JSON line, to sum up again later; ``--each-turn``
prints each of A's turns as it ends (a game of Codex's hard takes minutes
of CPU, which a loaded machine may not give a run before it must stop).
"""

import argparse
import dataclasses
import json
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.getcwd())

import game.rules as rules  # noqa: E402 (the tree's engine)
from game import pacing  # noqa: E402
from game.codex.setup import sampled_config  # noqa: E402
from game.kernel import game as kernel  # noqa: E402
from game.kernel.search import Level, SearchBot, level_for  # noqa: E402
from game.kernel.tree import search_bot  # noqa: E402


def _codex(mode: str, seats: int, per_seat: int, seed: int) -> dict:
    """A Codex game of ``mode``: ``seats`` seats of ``per_seat`` heroes
    each, drawn by ``seed`` from every playable hero."""
    return sampled_config(mode, seats, per_seat, seed, f"{mode}:{seats}:{seed}")


ROWS = {
    "codex-1hero": lambda seed: _codex("1hero", 2, 1, seed),
    "codex-3hero": lambda seed: _codex("3hero", 2, 3, seed),
    "codex-2hg": lambda seed: _codex("2hg", 4, 1, seed),
    "codex-ffa": lambda seed: _codex("ffa", 4, 1, seed),
    "arcane": lambda seed: {"game": "arcane", "seed": seed, "seats": [{"name": "N"}, {"name": "S"}]},
    "c23": lambda seed: {
        "game": "c23",
        "seed": seed,
        "seats": [{"name": "A", "deck": ("red", "blue", "green")[seed % 3]}, {"name": "B", "deck": "red"}],
    },
}


ORACLE = "oracle"
"""A kind for measuring only, never a table bot: "hard" that sees every card."""


def oracle(engine: kernel.Game, seed: int, iterations: int | None, level: Level | None = None) -> SearchBot:
    """The "hard" level's search (or ``level``) with every card in sight: its worlds are
    copies of the real state (the hidden cards, the deck's order, the
    game's generator), so its win rate bounds what the deals let a bot that
    never peeks reach (docs/BENCHMARKS.md "Search bots")."""
    seeing = dataclasses.replace(engine, determinize=lambda state, seat, rng: engine.copy_state(state))
    return search_bot(seeing, seed=seed, level=level or rules.LEVELS["hard"], iterations=iterations)


def tuned(engine: kernel.Game, kind: str, fields: str) -> Level | None:
    """The level search bot ``kind`` plays ``engine``'s game at (its
    ``per_game`` level, if it names one; the oracle's is hard's) with the
    fields ``fields`` names replaced, e.g. ``"noise=0,turns=0,depth=400"``
    (game.kernel.search.Level; each value read as JSON, else as text:
    ``playout=random``); None when ``fields`` is empty. Raises TypeError for
    a field a Level has not."""
    if not fields:
        return None
    changes = {}
    for item in fields.split(","):
        key, _, text = item.partition("=")
        try:
            changes[key.strip()] = json.loads(text)
        except json.JSONDecodeError:
            changes[key.strip()] = text.strip()
    played = level_for(engine, rules.LEVELS["hard" if kind == ORACLE else kind])  # its per_game level
    return dataclasses.replace(played, **changes)


def a_seats(row: str, seats: int, k: int) -> set:
    """The seats side A plays in game ``k`` of ``row``."""
    if row == "codex-2hg":
        return {0, 1} if k % 2 == 0 else {2, 3}
    return {k % seats}


def asks(engine: kernel.Game, row: str, state: dict, step: int, streak: tuple | None = None) -> int:
    """The seat asked at ``step`` of a game of ``row``: the game's bot
    order (``seat_to_ask``), except where teammates share a turn
    (``codex-2hg``), which the server's order: game.tasks plays the first
    seat the game waits on until it has nothing left to do
    (standins.play_next), so each teammate plays its part of the turn in
    one run, its budget per turn shrinking over it, where the bots' order
    interleaves the teammates' actions, which restarts each one's budget
    at every move and splits a turn into runs of one move. A seat that
    goes on with the run ``streak`` comes first, as the server lets it
    (game.pacing.goes_on: a team's tech picks right after its turn)."""
    if row == "codex-2hg":
        waiting = engine.waiting_on(state)
        return next((s for s in waiting if pacing.goes_on(streak, state, s)), waiting[0])
    return engine.seat_to_ask(state, step)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple:
    """The 95% Wilson interval of a rate ``wins / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_one(args: tuple) -> dict:
    """Play game ``k`` of ``row``: A against B; returns A's score (1, 0.5,
    0), its seats, the actions and A's decision times: wall time and the
    process's CPU time (which the machine's load hardly changes: the
    one-core figure on a loaded machine). With ``each_turn`` it prints
    each of A's turns as it ends (its moves, its thinking's CPU time, the
    whole turn at the pace ``pause`` and ``beat``): a game of Codex's hard
    takes minutes of CPU, and a loaded machine may not finish one."""
    row, k, kind_a, kind_b, iterations, think_ms, max_actions, each_turn, pause, beat, fields = args
    config = ROWS[row](1000 + k)
    engine = kernel.get(rules.game_of(config))
    seats = len(config["seats"])
    mine = a_seats(row, seats, k)

    def make(kind: str, seed: int, level: Level | None = None):
        if kind in ("random", "greedy"):
            return rules.make_bot(kind, seed=seed)
        if kind == ORACLE:
            return oracle(engine, seed, iterations, level)
        if level is not None:
            return search_bot(engine, seed=seed, level=level, iterations=iterations, think_ms=think_ms)
        return rules.make_bot(kind, seed=seed, iterations=iterations, think_ms=think_ms)

    level_a = None if kind_a in ("random", "greedy") else tuned(engine, kind_a, fields)
    bots = [make(kind_a, 100 * k + s, level_a) if s in mine else make(kind_b, 100 * k + s) for s in range(seats)]
    state = engine.copy_state(engine.new_game(config))
    times = []
    cpu = []
    turns: list[list[int]] = []  # the indexes in times of each run of A's decisions
    turn_of: list[int | None] = []  # the game's turn count at each run's start
    step = 0
    last = began = streak = None
    while state["status"] == "playing" and step < max_actions:
        seat = asks(engine, row, state, step, streak)
        run = pacing.moves_before(streak, state, seat)  # as the server counts a side's run (game.tasks)
        if each_turn and turns and run == 0 and last in mine:
            thought = sum(cpu[i] for i in turns[-1])
            whole = pacing.turn_shown([cpu[i] for i in turns[-1]], pause, beat)
            print(
                f"game {k} turn {began}: A moves {len(turns[-1])} thinking CPU {thought:.2f}s "
                f"whole turn with CPU times {whole:.2f}s",
                flush=True,
            )
        if hasattr(bots[seat], "move"):
            bots[seat].move = run  # a search level's budget per turn, as the server counts it (game.tasks)
        started, started_cpu = time.perf_counter(), time.process_time()
        action = bots[seat].choose(state, seat)
        if seat in mine:
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - started_cpu)
            if run == 0 or not turns:
                turns.append([])
                began = state.get("turn")
                turn_of.append(began)
            turns[-1].append(len(times) - 1)
        last = seat
        if action is None:
            break
        engine.apply_action_in_place(state, seat, action)
        streak = pacing.streak_after(state, seat, run + 1)
        step += 1
    found = rules.outcome(state)
    if not found["over"] or found["draw"]:
        score = 0.5
    elif mine & set(found["winners"]):
        score = 0.5 if found["shared"] else 1.0
    else:
        score = 0.0
    return {
        "k": k,
        "score": score,
        "seats": sorted(mine),
        "actions": step,
        "times": times,
        "cpu": cpu,
        "turns": turns,
        "turn_of": turn_of,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--row", default="codex-1hero", choices=sorted(ROWS))
    parser.add_argument("--a", default="hard", choices=(*rules.BOT_KINDS, ORACLE))
    parser.add_argument("--b", default="greedy", choices=rules.BOT_KINDS)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=None, help="replaces the level's iteration budget")
    parser.add_argument("--think-ms", type=float, default=None)
    parser.add_argument(
        "--level", default="", help="A's level with these fields replaced, e.g. noise=0,turns=0,depth=400 (tuned)"
    )
    parser.add_argument("--max-actions", type=int, default=3000)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--running", action="store_true", help="print the summary so far after every game")
    parser.add_argument("--first", type=int, default=0, help="the first game's number (to split a row's games)")
    parser.add_argument("--pause", type=float, default=1.2, help="seconds before a bot's turn (CODEX_STAND_IN_DELAY)")
    parser.add_argument("--beat", type=float, default=0.4, help="seconds between a turn's moves (CODEX_BOT_BEAT)")
    parser.add_argument("--each-turn", action="store_true", help="print each of A's turns as it ends")
    parser.add_argument("--save", default=None, help="append each game's result to this file, one JSON line a game")
    options = parser.parse_args()
    jobs = [
        (
            options.row,
            k,
            options.a,
            options.b,
            options.iterations,
            options.think_ms,
            options.max_actions,
            options.each_turn,
            options.pause,
            options.beat,
            options.level,
        )
        for k in range(options.first, options.first + options.games)
    ]
    results = []
    with ProcessPoolExecutor(max_workers=options.jobs) as pool:
        for result in pool.map(play_one, jobs):
            results.append(result)
            if options.save:
                with open(options.save, "a") as out:
                    out.write(json.dumps(result) + "\n")
            t = result["times"]
            print(
                f"game {result['k']}: A seats {result['seats']} score {result['score']} "
                f"actions {result['actions']} A decisions {len(t)} mean {statistics.fmean(t) if t else 0:.3f}s",
                flush=True,
            )
            if options.running:
                print(f"  so far: {summary_line(options, results)}", flush=True)
    if options.json:
        print(json.dumps(summarize(options, results)))
    print(summary_line(options, results))


def percentile(ordered: list, q: float) -> float:
    """The ``q`` quantile (0..1) of the sorted list ``ordered`` (0 when
    it is empty)."""
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else 0.0


def summarize(options: argparse.Namespace, results: list) -> dict:
    """The A side's score, win rate, 95% interval and decision time
    p50/p95 over ``results`` (the games played so far), with the load
    average of the last minute (decision times grow with the load)."""
    wins = sum(r["score"] for r in results)
    n = len(results)
    low, high = wilson(wins, n)
    times = sorted(t for r in results for t in r["times"])
    cpu = sorted(t for r in results for t in r["cpu"])
    turn_wall, turn_cpu = [], []
    for r in results:
        for moves in r["turns"]:
            turn_wall.append(pacing.turn_shown([r["times"][i] for i in moves], options.pause, options.beat))
            turn_cpu.append(pacing.turn_shown([r["cpu"][i] for i in moves], options.pause, options.beat))
    turn_wall.sort()
    turn_cpu.sort()
    side_cpu = sorted(t for r in results for t in side_turns(options, r))
    return {
        "row": options.row,
        "a": options.a,
        "b": options.b,
        "games": n,
        "a_score": wins,
        "win_rate": round(wins / n, 3) if n else None,
        "ci95": [round(low, 3), round(high, 3)],
        "decision_p50_s": round(percentile(times, 0.5), 3),
        "decision_p95_s": round(percentile(times, 0.95), 3),
        "cpu_p50_s": round(percentile(cpu, 0.5), 3),
        "cpu_p95_s": round(percentile(cpu, 0.95), 3),
        "decisions": len(times),
        "turn_p95_s": round(percentile(turn_wall, 0.95), 2),
        "turn_cpu_p95_s": round(percentile(turn_cpu, 0.95), 2),
        "turns": len(turn_wall),
        "side_turn_cpu_p95_s": round(percentile(side_cpu, 0.95), 2),
        "side_turns": len(side_cpu),
        "load": round(os.getloadavg()[0], 1),
    }


def side_turns(options: argparse.Namespace, result: dict) -> list:
    """The whole turns of A's side in one game's ``result``, shown at the
    server's pace with CPU times: its runs of decisions that began in one
    game turn added up, each run paced as the server paces it (in
    Two-Headed Dragon both teammates' runs of the team's turn; elsewhere
    mostly one run a turn)."""
    turns: dict = {}
    for i, moves in enumerate(result["turns"]):
        began = result["turn_of"][i] if "turn_of" in result else None
        key = ("run", i) if began is None else began
        turns[key] = turns.get(key, 0.0) + pacing.turn_shown(
            [result["cpu"][j] for j in moves], options.pause, options.beat
        )
    return list(turns.values())


def summary_line(options: argparse.Namespace, results: list) -> str:
    """:func:`summarize` as one line of text."""
    s = summarize(options, results)
    low, high = s["ci95"]
    return (
        f"{s['row']}: {s['a']} vs {s['b']}: {s['a_score']}/{s['games']} = {s['win_rate']} "
        f"(95% {low:.2f}-{high:.2f}); {s['a']} decision p50 {s['decision_p50_s']:.3f}s "
        f"p95 {s['decision_p95_s']:.3f}s (CPU p50 {s['cpu_p50_s']:.3f}s p95 {s['cpu_p95_s']:.3f}s) "
        f"over {s['decisions']}; whole turn at the server's pace p95 {s['turn_p95_s']:.2f}s "
        f"(with CPU times {s['turn_cpu_p95_s']:.2f}s) over {s['turns']}; A's side's game turn "
        f"(its seats' runs of one turn together) p95 with CPU times {s['side_turn_cpu_p95_s']:.2f}s "
        f"over {s['side_turns']}; load {s['load']}"
    )


if __name__ == "__main__":
    main()
