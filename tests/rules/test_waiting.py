"""``waiting_on`` (game/codex/waiting.py) names exactly the seats for which
``legal_actions`` offers more than conceding, after every action of whole
random games of every mode (issue 14, point 10)."""

import pytest

from game.codex.bots import RandomBot, play_game
from game.codex.waiting import waiting_on
from game.rules import apply_action, legal_actions, new_game
from tests.rules.test_properties import config, config_2hg, config_3hero, config_ffa

MAX_ACTIONS = 400


def expected(state: dict) -> list:
    """The seats with a legal action other than concede (the slow way)."""
    return [p["seat"] for p in state["players"] if any(a["type"] != "concede" for a in legal_actions(state, p["seat"]))]


@pytest.mark.parametrize(
    "game",
    [config(3), config_2hg(5), config_3hero(7), config_ffa(3, 11), config_ffa(5, 2)],
    ids=["1hero", "2hg", "3hero", "ffa3", "ffa5"],
)
def test_waiting_on_matches_the_legal_actions_along_a_game(game):
    first = new_game(game)
    assert waiting_on(first) == expected(first) and waiting_on(first)
    checked = []

    def check(state, seat, action):
        assert waiting_on(state) == expected(state), (len(checked), seat, action)
        checked.append(seat)

    bots = [RandomBot(seed=i) for i in range(len(game["seats"]))]
    state, _ = play_game(game, bots, max_actions=MAX_ACTIONS, on_action=check)
    assert checked
    if state["status"] != "playing":
        assert waiting_on(state) == []


def test_a_seat_that_conceded_a_free_for_all_never_waits():
    state = new_game(config_ffa(3, 4))
    seat = next(s for s in range(3) if s not in waiting_on(state))
    state, _ = apply_action(state, seat, {"type": "concede"})
    assert seat not in waiting_on(state) and waiting_on(state) == expected(state)
