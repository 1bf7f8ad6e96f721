"""Every registered game keeps the kernel's contract (docs/ENGINE.md,
"Kernel"): what legal_actions lists passes is_legal, apply and apply in
place give the same state and events, the game's invariants hold after
every action, and replaying the actions from the config gives the same
state byte for byte."""

import json

import pytest

import game.rules  # noqa: F401 - registers the three games
from game.kernel import game as kernel
from game.kernel.bots import play_game
from game.kernel.replay import replay

CONFIGS = {
    "codex": {
        "mode": "1hero",
        "seed": 3,
        "seats": [{"name": "Ana", "hero": "troq_bashar"}, {"name": "Ben", "hero": "river_montoya"}],
    },
    "arcane": {"game": "arcane", "seed": 3, "seats": [{"name": "North"}, {"name": "South"}]},
    "c23": {"game": "c23", "seed": 3, "seats": [{"name": "A", "deck": "red"}, {"name": "B", "deck": "blue"}]},
}


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_a_bot_game_keeps_the_contract_and_replays_byte_for_byte(name):
    engine = kernel.get(name)
    config = CONFIGS[name]

    def check(state, seat, action):
        engine.invariants(state)
        for other in range(len(state["players"])):
            assert all(engine.is_legal(state, other, a) for a in engine.legal_actions(state, other))

    bots = [engine.bots["random"](seed) for seed in range(len(config["seats"]))]
    state, actions = play_game(engine, config, bots, max_actions=120, on_action=check)
    assert actions
    assert json.dumps(replay(engine, config, actions)) == json.dumps(state)
    copied = engine.new_game(config)
    in_place = engine.copy_state(copied)
    for seat, action in actions:
        copied, events = engine.apply_action(copied, seat, action)
        assert engine.apply_action_in_place(in_place, seat, action) == events
    assert json.dumps(in_place) == json.dumps(copied) == json.dumps(state)
