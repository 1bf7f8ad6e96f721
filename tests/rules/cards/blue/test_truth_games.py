"""Random games with Sirus Quince and the Truth codex (he is not offered to
players yet, so the test lets a seat pick him): after every action the
invariants hold (tests/rules/test_properties.py's checks: hidden cards,
revealed hands, card counts), and every game finishes. A greedy bot plays
Quince's seat (it reaches the Tech II and III cards more often), random bots
the others. The number of games is CODEX_PROPERTY_GAMES // 50 (at least 2)
per mode."""

import os

import pytest

from game.codex.bots import GreedyBot, RandomBot, play_game
from game.codex.invariants import check_all

GAMES = max(2, int(os.environ.get("CODEX_PROPERTY_GAMES", "1000")) // 50)
pytestmark = pytest.mark.timeout(1200)


def _check(state, seat, action):
    check_all(state, action, seat)


@pytest.mark.parametrize(
    "mode,heroes",
    [("1hero", ("sirus_quince", "troq_bashar")), ("ffa", ("sirus_quince", "river_montoya", "sirus_quince"))],
)
def test_random_games_with_sirus_quince_keep_invariants_and_finish(mode, heroes):
    """Whole games in a duel and a free-for-all; the seeds are listed when a
    game doesn't finish within 3000 actions."""
    unfinished = []
    for seed in range(GAMES):
        config = {"mode": mode, "seed": seed, "seats": [{"name": f"P{i}", "hero": h} for i, h in enumerate(heroes)]}
        bots = [GreedyBot(seed)] + [RandomBot(seed * 31 + i) for i in range(1, len(heroes))]
        state, _log = play_game(config, bots, max_actions=3000, on_action=_check)
        if state["status"] != "finished":
            unfinished.append(seed)
    assert not unfinished
