"""Mine "win this turn" puzzles from bot games (issue 34 point 3).

    python -m tools.mine_puzzles --games 200 --out game/codex/data/puzzles.jsonl

Plays seeded Codex 1-hero games (greedy against greedy; ``--bots hard`` puts
the hard search bot at seat 0), the heroes going round every playable hero
so every colour acts. The winner's last turn is where a win this turn
surely existed: its main-phase decisions of that turn are proved
(game.codex.puzzles.prove_codex: within ``--budget`` nodes, the line
replayed in ``--worlds`` determinized worlds) from the last one back, and
the earliest proved is kept (the hardest that fits). A proved position
becomes one JSON line of the data file (:func:`record`), at most one a
game. Found: a proof from the start of such a turn rarely fits 2,000
nodes; one or two decisions later it often does.

Resumable: the seeds already played are listed in ``<out>.progress`` (one
a line), and a run skips them, so it can be stopped and started again.
Run it niced on a shared machine (``nice -n 10``).
"""

import argparse
import json
import time
from pathlib import Path
from typing import Any

from game import rules
from game.codex import catalog
from game.codex.puzzles import prove_codex
from game.kernel.puzzles import Proof

MAX_STEPS = 3000  # actions before a bot game is given up


def heroes_of(seed: int) -> tuple[str, str]:
    """The two heroes of game ``seed``: the playable heroes taken in turn
    for seat 0, a different one (stepping by 7) for seat 1."""
    heroes = catalog.playable_heroes()
    n = len(heroes)
    first = heroes[seed % n]
    second = heroes[(seed * 7 + 3) % n]
    if second == first:
        second = heroes[(seed + 1) % n]
    return first, second


def record(seed: int, state: dict[str, Any], seat: int, heroes: tuple[str, str], proof: Proof) -> dict[str, Any]:
    """The data file's line for one proved puzzle: its id, the game's seed,
    the solver's seat, hero and colour, the opponent's hero, the position
    (the state with its log emptied: the log is no part of the puzzle),
    the solution line, the share of first actions that still win, the
    number of first actions and the nodes searched."""
    stored = rules.copy_state(state)
    stored["log"] = []
    hero = heroes[seat]
    return {
        "id": f"g{seed}-t{state['turn']}-s{seat}",
        "seed": seed,
        "seat": seat,
        "hero": hero,
        "colour": catalog.card(hero)["color"],
        "opponent": heroes[1 - seat],
        "line": proof.line,
        "share": round(proof.share, 4),
        "first": proof.first,
        "nodes": proof.nodes,
        "worlds": proof.worlds,
        "state": stored,
    }


def mine_game(seed: int, args: argparse.Namespace) -> list[dict[str, Any]]:
    """The puzzle proved in bot game ``seed``, if any (module docstring):
    the winner's decisions of its last turn are proved from the last one
    back (at most ``--tries`` of them), and the earliest proved before the
    first that fails after a success is kept (the hardest that fits)."""
    heroes = heroes_of(seed)
    state = rules.new_game(
        {
            "mode": "1hero",
            "seed": seed,
            "seats": [{"name": "A", "heroes": [heroes[0]]}, {"name": "B", "heroes": [heroes[1]]}],
        }
    )
    bots = [rules.make_bot(args.bots, seed=seed), rules.make_bot("greedy", seed=seed + 1000)]
    turn: list[dict[str, Any]] = []  # the acting seat's main-phase decisions of the current turn
    for _ in range(MAX_STEPS):
        if rules.outcome(state)["over"]:
            break
        seat = rules.waiting_on(state)[0]
        if turn and turn[0]["turn"] != state["turn"]:
            turn = []
        if state["phase"] == "main" and state["active"] == seat:
            turn.append(state)
        action = bots[seat].choose(state, seat)
        if action is None:
            return []
        state, _ = rules.apply_action(state, seat, action)
    result = rules.outcome(state)
    if not result["over"] or len(result["winners"]) != 1 or not turn or turn[0]["active"] != result["winners"][0]:
        return []
    winner = result["winners"][0]
    best = None
    for position in reversed(turn[-args.tries :]):
        proof = prove_codex(position, winner, args.budget, worlds=args.worlds, seed=seed)
        if proof is None and best is not None:
            break
        if proof is not None:
            best = record(seed, position, winner, heroes, proof)
    return [best] if best else []


def main(argv: list[str] | None = None) -> None:
    """Mine puzzles into ``--out`` (module docstring); prints one line a game."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    parser.add_argument("--step", type=int, default=1, help="seed step (two runs: --first 0/1 --step 2)")
    parser.add_argument("--out", default="game/codex/data/puzzles.jsonl")
    parser.add_argument("--bots", default="greedy", choices=("greedy", "hard"))
    parser.add_argument("--tries", type=int, default=6)
    parser.add_argument("--budget", type=int, default=2000)
    parser.add_argument("--worlds", type=int, default=8)
    args = parser.parse_args(argv)
    out = Path(args.out)
    progress = out.with_name(out.name + ".progress")
    played = set(progress.read_text().split()) if progress.exists() else set()
    for seed in range(args.first, args.first + args.games * args.step, args.step):
        if str(seed) in played:
            continue
        start = time.process_time()
        found = mine_game(seed, args)
        with out.open("a") as data:
            for puzzle in found:
                data.write(json.dumps(puzzle, sort_keys=True, separators=(",", ":")) + "\n")
        with progress.open("a") as done:
            done.write(f"{seed}\n")
        print(f"game {seed} {heroes_of(seed)}: {len(found)} puzzles, {time.process_time() - start:.1f} s", flush=True)


if __name__ == "__main__":
    main()
