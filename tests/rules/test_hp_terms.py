"""stats.hp adds up only the terms of stats.compute that change HP (issue
13): along random games with every playable hero, the HP it gives each
thing in play, outside any frozen block and inside one, is the HP of the
full stats computation, so the two ways cannot drift apart."""

import pytest

from game.codex import stats
from game.codex.bots import RandomBot, play_game
from tests.rules.test_properties import config, config_ffa


@pytest.mark.parametrize(
    "game",
    [config(seed) for seed in range(8)] + [config_ffa(3, 2)],
    ids=[f"1hero-{seed}" for seed in range(8)] + ["ffa3"],
)
def test_hp_is_the_hp_of_the_full_stats(game):
    compared = []

    def compare(state, seat, action):
        for p in state["players"]:
            for iid in p["play"]:
                full = stats._compute(state, iid)["hp"]
                assert stats.hp(state, iid) == full, (action, iid)
                with stats.frozen(state):
                    assert stats.hp(state, iid) == full, (action, iid)
                compared.append(iid)

    play_game(game, [RandomBot(seed=i) for i in range(len(game["seats"]))], max_actions=400, on_action=compare)
    assert len(compared) > 200  # things were in play to compare
