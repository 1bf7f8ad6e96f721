"""A fixed corpus of seeded bot games in every mode, hashed, to show that a
change of the engine's code leaves its behaviour byte for byte the same
(issue 12: the card API redesign must not change any outcome).

For each game it hashes, in order, every view (each seat's and a
spectator's) after every action, the events returned and the final state
(canonical JSON). ``python -m tools.behaviour_corpus --record`` writes the
expected hashes to tests/rules/data/behaviour_corpus.json;
``python -m tools.behaviour_corpus`` (and tests/rules/test_behaviour_corpus.py)
compares against them. A change of the game's generator (rng.py) or of any
rule changes the hashes: record them again, on purpose, in that commit.
"""

import argparse
import hashlib
import json
import pathlib
import sys

from game.codex.bots import GreedyBot, RandomBot, _next_to_act
from game.codex.setup import sampled_config
from game.rules import apply_action, new_game, view

EXPECTED = pathlib.Path(__file__).resolve().parent.parent / "tests" / "rules" / "data" / "behaviour_corpus.json"

# (row name, engine mode, seats, heroes per seat)
MODES = (
    ("1hero", "1hero", 2, 1),
    ("3hero", "3hero", 2, 3),
    ("2hg", "2hg", 4, 1),
    ("ffa-3", "ffa", 3, 1),
    ("ffa-4", "ffa", 4, 1),
    ("ffa-5", "ffa", 5, 1),
)
SEEDS = range(3)
BOTS = {"random": RandomBot, "greedy": GreedyBot}
MAX_ACTIONS = 1500


def _config(row: str, seed: int) -> dict:
    """The game of ``row`` and ``seed``: heroes drawn by the seed from every
    playable hero, different within a seat; the first games of the corpus
    together cover all of them."""
    _, mode, seats, per_seat = next(m for m in MODES if m[0] == row)
    return sampled_config(mode, seats, per_seat, seed, f"{row}:{seed}")


def _canon(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def play(row: str, seed: int, bot: str) -> dict:
    """Play one corpus game; return ``{"views": hex, "final": hex, "actions": n}``."""
    config = _config(row, seed)
    seats = len(config["seats"])
    bots = [BOTS[bot](seed * 10 + i) for i in range(seats)]
    state = new_game(config)
    views = hashlib.sha256()
    actions = 0
    while state["status"] == "playing" and actions < MAX_ACTIONS:
        seat = _next_to_act(state, actions)
        action = bots[seat].choose(state, seat)
        if action is None:
            break
        state, events = apply_action(state, seat, action)
        actions += 1
        views.update(_canon(events))
        for viewer in [*range(seats), None]:
            views.update(_canon(view(state, viewer)))
    return {"views": views.hexdigest(), "final": hashlib.sha256(_canon(state)).hexdigest(), "actions": actions}


def corpus() -> dict:
    """Every game of the corpus, keyed ``"<row>/<bot>/<seed>"``."""
    return {f"{row}/{bot}/{seed}": play(row, seed, bot) for row, *_ in MODES for bot in BOTS for seed in SEEDS}


def main() -> int:
    """Record (``--record``) or check the corpus; exit status 1 on a difference."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--record", action="store_true")
    args = parser.parse_args()
    got = corpus()
    if args.record:
        EXPECTED.parent.mkdir(parents=True, exist_ok=True)
        EXPECTED.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n")
        print(f"recorded {len(got)} games")
        return 0
    want = json.loads(EXPECTED.read_text())
    bad = [k for k in want if got.get(k) != want[k]]
    for k in bad:
        print("differs:", k, want[k], got.get(k))
    print(f"{len(want) - len(bad)}/{len(want)} games the same")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
