"""Reading or changing a state leaves no reference cycles behind (issue 13).

A cycle is freed only by Python's garbage collector, and a server worker
that collects a large heap stalls every connection while it does (a full
collection there took about 0.3 s, docs/BENCHMARKS.md "Issue 13, server,
session 8"). So every engine call a move makes (legal_actions for each
seat, each viewer's view, applying the action) must leave only what plain
reference counting frees: these games run with the collector off and then
count what it finds. Seen before the fix: a refusal kept with its
traceback (the play verdict in the check memo, a reason's refusal) tied
the checks' frames to the memo and to their callers, about 140 objects per
legal_actions call.
"""

import gc

import pytest

from game.arcane import bots as arcane_bots
from game.c23 import bots as c23_bots
from game.codex import bots as codex_bots
from game.codex import catalog
from game.rules import legal_actions, view

HEROES = catalog.playable_heroes()


def _codex(mode: str, seats: int, per_seat: int, seed: int) -> dict:
    return {
        "mode": mode,
        "seed": seed,
        "seats": [
            {"name": f"P{i}", "heroes": HEROES[(seed + 3 * i) % len(HEROES) :][:per_seat] or HEROES[:per_seat]}
            for i in range(seats)
        ],
    }


GAMES = {
    "1hero": (codex_bots, lambda seed: _codex("1hero", 2, 1, seed)),
    "3hero": (codex_bots, lambda seed: _codex("3hero", 2, 3, seed)),
    "2hg": (codex_bots, lambda seed: _codex("2hg", 4, 1, seed)),
    "ffa-3": (codex_bots, lambda seed: _codex("ffa", 3, 1, seed)),
    "arcane": (arcane_bots, lambda seed: {"game": "arcane", "seed": seed, "seats": [{"name": "A"}, {"name": "B"}]}),
    "c23": (
        c23_bots,
        lambda seed: {
            "game": "c23",
            "seed": seed,
            "seats": [{"name": "A", "deck": "red"}, {"name": "B", "deck": "blue"}],
        },
    ),
}


@pytest.fixture
def collector_off():
    """The garbage collector off, with nothing pending when the test starts."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_with_every_viewers_frames_leaves_nothing_for_the_collector(game, collector_off):
    bots, config = GAMES[game]
    seats = len(config(0)["seats"])

    def frames(state, _seat, _action):
        for seat in range(seats):
            legal_actions(state, seat)
            view(state, seat)
        view(state, None)

    for seed in (1, 2):
        bots.play_game(
            config(seed), [bots.RandomBot(seed + i) for i in range(seats)], max_actions=300, on_action=frames
        )
    assert gc.collect() == 0
