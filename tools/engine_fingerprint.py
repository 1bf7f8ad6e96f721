"""One hash of everything the Codex engine answers over many bot games, to
show that a change made for speed leaves its results byte for byte the same
(issue 13, "What must not change").

Wider than the behaviour corpus (tools/behaviour_corpus.py, which hashes
views, events and final states): before every action of 5 modes (1-hero,
3-hero, Two-Headed Dragon, free-for-all of 3 and of 5) x 8 seeds x the
random and greedy bots, it hashes every seat's legal actions and view, the
spectators' view and the refusal (code and sentence) of a few probe
actions for every seat; then the action, its events and the state after
it, applying with ``apply_action`` and ``apply_action_in_place`` in turn.
Every 7th step the frames are also rendered inside one shared memo
(``rules.reading``, as the server renders a version) and must equal the
plain ones.

Run from the root of the tree to check (``python -m tools.engine_fingerprint``,
about 2 minutes) on the commit before a change and after it: the two lines
printed (the sha256 and the number of actions) must be the same. A change
of the rules or of a log sentence changes it on purpose.
``--game arcane`` and ``--game c23`` do the same for Arcane Codex (every
table option varied over 4 tables x 6 seeds) and C-23 (2 and 3 seats, 3
tables x 4 seeds). The loop is the kernel's (game.kernel.fingerprint).
"""

import argparse
import itertools

import game.rules  # noqa: F401 - registers the three games with the kernel
from game.kernel import game as kernel
from game.kernel.fingerprint import fingerprint
from tools.behaviour_corpus import BOTS, _config

ROWS = ("1hero", "3hero", "2hg", "ffa-3", "ffa-5")
SEEDS = range(8)
MAX_ACTIONS = 800
# Actions that are often refused, asked of every seat before each step.
PROBES = (
    {"type": "end_main"},
    {"type": "attack", "attacker": "c1", "target": "base:0"},
    {"type": "play", "card": "c5"},
    {"type": "level_up", "hero": "c2"},
)
# The other games: tables (None: the defaults) and their probes.
ARCANE_TABLES = (
    None,
    {"main_phases": "two", "blockers": "many", "land_power": "next_turn"},
    {"crush_vs_sage": "target", "sage_ultimate": "not_on_entry", "round_cap": 8},
    {"blockers": "many", "round_cap": None},
)
ARCANE_PROBES = (
    {"type": "end_turn"},
    {"type": "play", "card": "a5"},
    {"type": "attack", "attacker": "a1", "target": "player"},
    {"type": "fight"},
    {"type": "done_blocking"},
    {"type": "discard", "card": "a3"},
    {"type": "offer_draw"},
)
C23_TABLES = (
    None,
    {"summoning_sickness": True, "deck_out": "draw", "combat_cards_each": 2},
    {"simultaneous_loss": "active_loses", "elimination_bonus": False},
)
C23_PROBES = (
    {"type": "end_turn"},
    {"type": "pass"},
    {"type": "block", "blocks": {}},
    {"type": "attack", "attackers": []},
)


def _runs(game: str):
    """``(config, bots)`` of every game of the fingerprint of ``game``."""
    if game == "codex":
        for row, seed, bot in itertools.product(ROWS, SEEDS, ("random", "greedy")):
            config = _config(row, seed)
            yield config, [BOTS[bot](seed * 10 + i) for i in range(len(config["seats"]))]
        return
    engine = kernel.get(game)
    tables, seats = (ARCANE_TABLES, (2,)) if game == "arcane" else (C23_TABLES, (2, 3))
    for seed, table, n, bot in itertools.product(
        range(6 if game == "arcane" else 4), tables, seats, ("random", "greedy")
    ):
        config = {"game": game, "seed": seed, "seats": [{"name": f"P{i}"} for i in range(n)]}
        if game == "c23":
            for seat, colour in zip(config["seats"], ("red", "blue", "green"), strict=False):
                seat["deck"] = colour
        if table is not None:
            config["options"] = table
        yield config, [engine.bots[bot](seed * 10 + i) for i in range(n)]


def run(game: str = "codex") -> tuple[str, int]:
    """``(sha256 hex, actions played)`` of ``game``'s fingerprint. Raises
    AssertionError when frames rendered inside a shared memo differ from
    the same frames rendered alone."""
    probes = {"codex": PROBES, "arcane": ARCANE_PROBES, "c23": C23_PROBES}[game]
    return fingerprint(kernel.get(game), _runs(game), probes, MAX_ACTIONS)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="The engine fingerprint of one game.")
    parser.add_argument("--game", choices=("codex", "arcane", "c23"), default="codex")
    print(*run(parser.parse_args().game))
