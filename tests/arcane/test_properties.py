"""Arcane Codex property tests (issue 17, "Done when"): seeded random games
reach a result with the invariants (game/arcane/invariants.py: 52 cards
conserved, banished ones included; no hidden card in another viewer's
view, A31) after every action, and replays reproduce a game byte for byte.

`make test` plays a handful; `make soak` the full runs: ARCANE_PROPERTY_GAMES
(500 there) and ARCANE_REPLAY_GAMES (100). The games mix the bots and walk
through every value of every \u2605 table option (A4, A6, A14, A18, A23, A33)."""

import itertools
import json
import os

import pytest

from game import rules
from game.arcane.bots import GreedyBot, RandomBot, play_game
from game.arcane.invariants import check_all
from game.arcane.setup import OPTIONS

GAMES = int(os.environ.get("ARCANE_PROPERTY_GAMES", "12"))
REPLAYS = int(os.environ.get("ARCANE_REPLAY_GAMES", "4"))
CHUNKS = 20
MAX_ACTIONS = 4000
pytestmark = pytest.mark.timeout(1200)

_CHOICES = [values if values else (60, 8, None) for values, _default in OPTIONS.values()]
OPTION_SETS = [dict(zip(OPTIONS, combo, strict=True)) for combo in itertools.product(*_CHOICES)]


def config(seed: int) -> dict:
    """An Arcane config whose options walk through every combination."""
    return {
        "game": "arcane",
        "seed": seed * 7919 + 13,
        "seats": [{"name": "North"}, {"name": "South"}],
        "options": OPTION_SETS[seed % len(OPTION_SETS)],
    }


def bots(seed: int) -> list:
    """Random against random, greedy against random, greedy against greedy."""
    kind = seed % 3
    return [GreedyBot(seed) if kind else RandomBot(seed), GreedyBot(seed + 1) if kind == 2 else RandomBot(seed + 1)]


def _chunk(games: int, chunk: int) -> range:
    count = max(1, min(games, CHUNKS))
    return range(chunk, games, count)


@pytest.mark.parametrize("chunk", range(max(1, min(GAMES, CHUNKS))))
def test_random_games_keep_the_invariants_and_reach_a_result(chunk):
    """Every game ends (a win, a draw at the round cap or by life, A32, A33)
    within MAX_ACTIONS, with every invariant after every action."""
    for seed in _chunk(GAMES, chunk):
        state, log = play_game(config(seed), bots(seed), MAX_ACTIONS, on_action=lambda s, _seat, _a: check_all(s))
        assert state["status"] == "finished", (seed, len(log))
        assert state["result_reason"] in ("life", "round_cap")


@pytest.mark.parametrize("chunk", range(max(1, min(REPLAYS, CHUNKS))))
def test_replays_reproduce_the_game_byte_for_byte(chunk):
    """A game rebuilt from its config and action log through game.rules is
    the same, byte for byte, at every step and in every view (the
    generator lives in the state, rulebook "Always": replays reproduce the shuffle)."""
    for seed in _chunk(REPLAYS, chunk):
        recorded = []
        state, log = play_game(
            config(seed),
            bots(seed),
            MAX_ACTIONS,
            on_action=lambda s, _seat, _a: recorded.append(json.dumps(s, sort_keys=False)),  # noqa: B023 (called before the loop moves on)
        )
        replay = rules.new_game(config(seed))
        for (seat, action), expected in zip(log, recorded, strict=True):
            replay, _events = rules.apply_action(replay, seat, action)
            assert json.dumps(replay) == expected
        for viewer in (0, 1, None):
            assert json.dumps(rules.view(replay, viewer)) == json.dumps(rules.view(state, viewer))
