"""Mine "win this turn" puzzles from bot games (issue 34 point 3).

    python -m tools.mine_puzzles --games 200 --out game/codex/data/puzzles.jsonl

Plays seeded Codex 1-hero games (greedy against greedy; ``--bots hard`` puts
the hard search bot at seat 0), the heroes going round every playable hero
so every colour acts. The winner's last turn is where a win this turn
surely existed: its main-phase decisions of that turn are proved
(game.codex.puzzles.prove_codex: within ``--budget`` nodes, the line
replayed in ``--worlds`` determinized worlds) from the last one back until
a search goes over the budget, and up to ``--keep`` proved positions are
kept, the earliest (the hardest that fits) first (:func:`mine_game`). A
proved position becomes one JSON line of the data file (:func:`record`).
Found: a proof from the start of such a turn rarely fits 2,000 nodes; one
or two decisions later it often does. ``--colours`` plays only the games
whose two heroes are both of those colours (to steer the mix toward the
colours that lag).

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
from game.kernel.puzzles import OverBudget, PositionKeys, Proof

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


def record(
    seed: int, state: dict[str, Any], seat: int, heroes: tuple[str, str], proof: Proof, decision: int
) -> dict[str, Any]:
    """The data file's line for one proved puzzle: its id (the game's
    seed, the turn, the seat and ``decision``, the position's index among
    the seat's decisions of that turn), the game's seed, the solver's
    seat, hero and colour, the opponent's hero, the position (the state
    with its log emptied: the log is no part of the puzzle), the solution
    line, the share of first actions that still win, the number of first
    actions and the nodes searched."""
    stored = rules.copy_state(state)
    stored["log"] = []
    hero = heroes[seat]
    return {
        "id": f"g{seed}-t{state['turn']}-s{seat}-d{decision}",
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


def play(seed: int, bots: str) -> tuple[int, list[dict[str, Any]]] | None:
    """Bot game ``seed`` (``bots`` at seat 0, greedy at seat 1):
    ``(winner, the winner's main-phase decisions of its last turn)``, or
    None when the game found no single winner on its own last turn."""
    heroes = heroes_of(seed)
    state = rules.new_game(
        {
            "mode": "1hero",
            "seed": seed,
            "seats": [{"name": "A", "heroes": [heroes[0]]}, {"name": "B", "heroes": [heroes[1]]}],
        }
    )
    players = [rules.make_bot(bots, seed=seed), rules.make_bot("greedy", seed=seed + 1000)]
    turn: list[dict[str, Any]] = []  # the acting seat's main-phase decisions of the current turn
    for _ in range(MAX_STEPS):
        if rules.outcome(state)["over"]:
            break
        seat = rules.waiting_on(state)[0]
        if turn and turn[0]["turn"] != state["turn"]:
            turn = []
        if state["phase"] == "main" and state["active"] == seat:
            turn.append(state)
        action = players[seat].choose(state, seat)
        if action is None:
            return None
        state, _ = rules.apply_action(state, seat, action)
    result = rules.outcome(state)
    if not result["over"] or len(result["winners"]) != 1 or not turn or turn[0]["active"] != result["winners"][0]:
        return None
    return result["winners"][0], turn


def along(state: dict[str, Any], seat: int, line: list[dict[str, Any]], keys: PositionKeys) -> set[str]:
    """The keys of the positions ``line`` (``seat``'s winning actions)
    passes through from ``state``, ``state`` itself among them."""
    seen = {keys.key(state)}
    for action in line[:-1]:
        state, _ = rules.apply_action(state, seat, action)
        seen.add(keys.key(state))
    return seen


def mine_game(seed: int, args: argparse.Namespace) -> list[dict[str, Any]]:
    """The puzzles proved in bot game ``seed`` (module docstring): the
    winner's last ``--tries`` decisions of its last turn are proved from
    the last one back until a search goes over the budget (an earlier
    decision has more of the turn left to search); of those proved, at most
    ``--keep`` are kept, the earliest first, leaving out a position that a
    kept puzzle's line passes through (the same puzzle, part solved)."""
    played = play(seed, args.bots)
    if played is None:
        return []
    winner, turn = played
    proved: list[tuple[int, dict[str, Any], Proof]] = []
    first = max(0, len(turn) - args.tries)
    for decision in range(len(turn) - 1, first - 1, -1):
        try:
            proof = prove_codex(turn[decision], winner, args.budget, worlds=args.worlds, seed=seed, strict=True)
        except OverBudget:
            break
        if proof is not None:
            proved.append((decision, turn[decision], proof))
    keys, passed, kept = PositionKeys(), set(), []
    for decision, position, proof in reversed(proved):
        if len(kept) == args.keep or keys.key(position) in passed:
            continue
        kept.append(record(seed, position, winner, heroes_of(seed), proof, decision))
        passed |= along(position, winner, proof.line, keys)
    return kept


def main_parser() -> argparse.ArgumentParser:
    """The command line's options (module docstring), with their defaults."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    parser.add_argument("--step", type=int, default=1, help="seed step (two runs: --first 0/1 --step 2)")
    parser.add_argument("--out", default="game/codex/data/puzzles.jsonl")
    parser.add_argument("--bots", default="greedy", choices=("greedy", "hard"))
    parser.add_argument("--tries", type=int, default=6)
    parser.add_argument("--keep", type=int, default=3, help="puzzles kept a game at most")
    parser.add_argument("--budget", type=int, default=2000)
    parser.add_argument("--worlds", type=int, default=8)
    parser.add_argument(
        "--colours", default="", help="only games whose heroes are all of these colours (comma-separated)"
    )
    return parser


def main(argv: list[str] | None = None) -> None:
    """Mine puzzles into ``--out`` (module docstring); prints one line a game."""
    args = main_parser().parse_args(argv)
    out = Path(args.out)
    progress = out.with_name(out.name + ".progress")
    played = set(progress.read_text().split()) if progress.exists() else set()
    colours = set(args.colours.split(",")) if args.colours else None
    for seed in range(args.first, args.first + args.games * args.step, args.step):
        if str(seed) in played or (colours and not {catalog.card(h)["color"] for h in heroes_of(seed)} <= colours):
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
