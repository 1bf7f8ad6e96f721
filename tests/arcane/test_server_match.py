"""An Arcane Codex match through the server's game-blind services (issue
17, "One server, several games"): created from an Arcane config, played
to the end action by action with the server's bots (game.rules.GreedyBot,
as stand-ins play), stored, its result recorded, and replayed from the
action log to the same final views (game/replays.py). No lobby yet: the
lobby's Arcane table is the next step (docs/ARCANE.md "Not done yet")."""

import json

import pytest

from game import replays, rules
from game.arcane.bots import RandomBot, play_game
from game.arcane.moves import ACTION_KEYS, ACTIONS
from game.models import Match
from game.services import create_match, normalise_action
from tests.arcane.helpers import config
from tests.server.matchkit import play_out_with_bots

pytestmark = pytest.mark.django_db


def test_an_arcane_match_is_played_stored_finished_and_replayed(django_user_model):
    """The whole match through services.apply_seat_action; the stored state says "arcane";
    the replay's last step is the final view of each viewer (A31: spectators see no hand)."""
    users = [django_user_model.objects.create_user(username=n, password="pw-secret-123") for n in ("north", "south")]
    match = create_match(config(seed=21), users)
    assert match.state["game"] == "arcane"
    match = play_out_with_bots(match)
    assert match.status == Match.Status.FINISHED
    assert match.result["winner"] == match.state["winner"] and match.result["reason"] == "life"
    for viewer in (None, 0, 1):
        steps = replays.steps(match, viewer)
        assert len(steps) == match.version + 1
        assert json.dumps(steps[-1]["view"]) == json.dumps(rules.view(match.state, viewer))
    spectator_start = replays.steps(match, None)[0]["view"]
    assert all("hand" not in p for p in spectator_start["players"])


def test_every_arcane_action_type_has_its_keys_and_legal_actions_are_stored_whole():
    """The server stores an action with the keys its game's engine reads (game.codex.action_keys,
    issue 11 finding 12): every Arcane action a random game offers keeps all its keys, and junk
    keys are dropped. Before, the server's table was Codex's and cut Arcane Bolt's ``target``
    (rulebook "Spells"; A27), so the engine refused the play."""
    assert set(ACTION_KEYS) == set(ACTIONS)

    def check(state, _seat, _action):
        for seat in (0, 1):
            for action in rules.legal_actions(state, seat):
                assert normalise_action(action, state) == action, action

    for seed in range(6):
        play_game(
            config(seed=seed, options={"blockers": "many"} if seed % 2 else None),
            [RandomBot(seed), RandomBot(seed + 1)],
            on_action=check,
        )
    state = rules.new_game(config(seed=1))
    assert normalise_action({"type": "play", "card": "a1", "target": "player", "junk": 1}, state) == {
        "type": "play",
        "card": "a1",
        "target": "player",
    }
