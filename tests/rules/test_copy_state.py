"""copy_state (engine.copy_state) gives an equal state, key order included,
that shares no dict or list with the original but the log's lines (which
nothing changes once written): so apply_action never changes the caller's
state through a shared object (issue 13: card instances are copied by
their shape, the rest with marshal)."""

import json
import random

import pytest

from game import rules
from game.arcane import bots as arcane_bots
from game.c23 import bots as c23_bots
from game.codex import catalog
from game.codex.bots import GreedyBot, RandomBot, _next_to_act
from game.rules import apply_action_in_place, copy_state, new_game

HEROES = catalog.playable_heroes()
MODES = [("1hero", 2, 1), ("3hero", 2, 3), ("2hg", 4, 1), ("ffa", 4, 1)]


def _containers(value, into: set, skip: set) -> set:
    """The ids of every dict and list inside ``value`` (itself included),
    but for the objects whose ids are in ``skip`` and what they hold."""
    if isinstance(value, (dict, list)) and id(value) not in skip:
        into.add(id(value))
        for item in value.values() if isinstance(value, dict) else value:
            _containers(item, into, skip)
    return into


def _assert_copy_apart(state: dict) -> None:
    copied = rules.copy_state(state)  # the game's own: Codex, Arcane Codex or C-23
    assert json.dumps(copied) == json.dumps(state) and copied == state
    lines = {id(line) for line in state.get("log", ())}
    shared = _containers(copied, set(), lines) & _containers(state, set(), lines)
    assert not shared
    assert [id(line) for line in copied.get("log", ())] == [id(line) for line in state.get("log", ())]


@pytest.mark.parametrize("mode,seats,per_seat", MODES)
def test_copy_is_equal_and_shares_nothing_through_bot_games(mode, seats, per_seat):
    picker = random.Random(7)
    config = {
        "mode": mode,
        "seed": 7,
        "seats": [{"name": f"P{i}", "heroes": picker.sample(HEROES, per_seat)} for i in range(seats)],
    }
    bots = [(GreedyBot if i % 2 else RandomBot)(70 + i) for i in range(seats)]
    state = copy_state(new_game(config))
    for step in range(250):
        if state["status"] != "playing":
            break
        _assert_copy_apart(state)
        seat = _next_to_act(state, step)
        action = bots[seat].choose(state, seat)
        if action is None:
            break
        apply_action_in_place(state, seat, action)
    _assert_copy_apart(state)


def test_an_instance_of_another_shape_is_copied_whole():
    """A card instance with a key fresh_instance does not make (a stored
    state of another schema) still shares nothing with its copy."""
    state = new_game(
        {
            "mode": "1hero",
            "seed": 1,
            "seats": [{"name": "A", "heroes": HEROES[:1]}, {"name": "B", "heroes": HEROES[1:2]}],
        }
    )
    iid = next(iter(state["cards"]))
    state["cards"][iid]["extra"] = {"nested": [1, 2]}
    state["cards"][iid]["marks"]["killed_by"] = {"iid": "c1", "card": "x"}
    _assert_copy_apart(state)


@pytest.mark.parametrize(
    "bots,config",
    [
        (arcane_bots, {"game": "arcane", "seed": 5, "seats": [{"name": "A"}, {"name": "B"}]}),
        (
            c23_bots,
            {
                "game": "c23",
                "seed": 5,
                "seats": [{"name": "A", "deck": "red"}, {"name": "B", "deck": "blue"}, {"name": "C", "deck": "green"}],
            },
        ),
    ],
    ids=["arcane", "c23"],
)
def test_the_other_games_copies_share_only_the_log_lines_through_bot_games(bots, config):
    """Arcane Codex and C-23 copy a state the same way (game.kernel.copying)."""
    seats = len(config["seats"])
    bots.play_game(
        config,
        [bots.RandomBot(50 + i) for i in range(seats)],
        max_actions=250,
        on_action=lambda state, _seat, _action: _assert_copy_apart(state),
    )
