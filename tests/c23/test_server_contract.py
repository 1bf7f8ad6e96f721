"""C-23 behind the server's one contract (issue 18, "Same contract as the
other games"): game.rules dispatches a ``"game": "c23"`` config and state
to game.c23; the server keeps an action's keys from the game's own table
(game.codex.action_keys); the turn clock and the stand-ins wait on the
seat that must answer (game.rules.waiting_on); and a whole match goes
through the services, stored, finished and replayed to the same views."""

import json

import pytest

from game import replays, rules, turnclock
from game.c23.bots import RandomBot, play_game
from game.c23.engine import ACTION_KEYS, RULES
from game.models import Match
from game.services import create_match, normalise_action
from tests.server.matchkit import play_out_with_bots


def config(seed: int, seats: int = 2) -> dict:
    """A C-23 table of ``seats`` players with the starter decks."""
    return {"game": "c23", "seed": seed, "seats": [{"name": f"P{i}"} for i in range(seats)]}


def test_the_dispatch_reaches_c23_and_refuses_an_unknown_game():
    state = rules.new_game(config(3))
    assert rules.game_of(state) == "c23" and state["game"] == "c23"
    with pytest.raises(rules.RulesError) as err:
        rules.new_game({**config(3), "game": "poker"})
    assert err.value.code == "unknown_game"


@pytest.mark.parametrize("seats", [2, 3])
def test_every_listed_action_keeps_its_keys_and_the_game_waits_on_who_may_act(seats):
    """Each action legal_actions lists keeps all its keys through
    normalise_action (junk dropped), and waiting_on is exactly the seats
    with a listed action, one at a time (K3, K13: the active player's
    steps, or the player the open question is for)."""
    assert set(ACTION_KEYS) == set(RULES.by_type)

    def check(state, _seat, _action):
        waiting = rules.waiting_on(state)
        for seat in range(seats):
            listed = rules.legal_actions(state, seat)
            assert bool(listed) == (seat in waiting)
            for action in listed:
                assert normalise_action(action, state) == action, action
        if state["status"] == "playing":
            assert len(waiting) == 1, waiting
        else:
            assert waiting == []

    for seed in range(4):
        play_game(config(seed, seats), [RandomBot(seed + i) for i in range(seats)], on_action=check)
    state = rules.new_game(config(1))
    assert normalise_action({"type": "attack", "attackers": ["k1"], "junk": 1}, state) == {
        "type": "attack",
        "attackers": ["k1"],
    }


def test_the_turn_clock_waits_on_the_c23_seat_to_act():
    state = rules.new_game(config(5))
    assert turnclock.waiting_seats(state) == rules.waiting_on(state) == [state["active"]]


@pytest.mark.django_db
def test_a_c23_match_is_played_stored_finished_and_replayed(django_user_model):
    """The whole 3-player match through services.apply_seat_action with
    the server's bots (game.rules.GreedyBot, as stand-ins play); the
    replay's last step is each viewer's final view (K19: spectators see no hand)."""
    users = [
        django_user_model.objects.create_user(username=n, password="pw-secret-123") for n in ("north", "east", "south")
    ]
    match = create_match(config(21, 3), users)
    assert match.state["game"] == "c23"
    match = play_out_with_bots(match)
    assert match.status == Match.Status.FINISHED
    assert match.result["winner"] == match.state["winner"]
    for viewer in (None, 0, 1, 2):
        steps = replays.steps(match, viewer)
        assert len(steps) == match.version + 1
        assert json.dumps(steps[-1]["view"]) == json.dumps(rules.view(match.state, viewer))
    assert all("hand" not in p for p in replays.steps(match, None)[0]["view"]["players"])
