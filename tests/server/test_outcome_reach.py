"""The server reads a match's result and its actions' visibility from the
engine only (issue 28 point 3): the stored result is game.rules.outcome of
the final state, the lobby tells it from that stored result, and replays
and the action log redact actions by game.rules.action_for."""

import pytest
from asgiref.sync import async_to_sync

from game import replays, rules
from lobby.overview import lobby_matches
from tests.server.lobbykit import conceded
from tests.server.matchkit import logged_in, start_match

pytestmark = pytest.mark.django_db

HEROES = ("troq_bashar", "river_montoya", "jaina_stormborne", "master_midori")


def test_the_stored_result_is_the_engines_outcome(make_user):
    users = [make_user(n) for n in ("ann", "bo", "cy", "di")]
    match = conceded(async_to_sync(start_match)(users, heroes=HEROES, mode="2hg", seed=5), users[3])
    end = rules.outcome(match.state)
    assert end["conceded_by"] == 3 and end["winners"] == [0, 1]
    assert match.result == {
        "winner": None,
        "winners": end["winners"],
        "reason": end["reason"],
        "conceded_by": end["conceded_by"],
        "fallen": end["fallen"],
        "shared": end["shared"],
    }
    (entry,) = lobby_matches(users[0])["history"]
    assert entry["result"]["outcome"] == "won" and entry["result"]["conceded_by"] == 3


def test_the_lobby_reads_the_stored_result_not_the_state(make_user):
    """The lobby loads no state of a finished match: a result saying
    otherwise than the state is what it tells."""
    users = [make_user(n) for n in ("ann", "bo")]
    match = conceded(async_to_sync(start_match)(users, heroes=HEROES[:2]), users[1])
    type(match).objects.filter(pk=match.pk).update(result={**match.result, "conceded_by": None, "shared": True})
    (entry,) = lobby_matches(users[0])["history"]
    assert entry["result"]["conceded_by"] is None and entry["result"]["outcome"] == "shared"


def test_replays_and_the_action_log_redact_by_the_engines_policy(make_user, monkeypatch):
    users = [make_user(n) for n in ("ann", "bo")]
    match = conceded(async_to_sync(start_match)(users, heroes=HEROES[:2]), users[1])
    asked = []
    real = rules.action_for

    def spy(state, actor, action, viewer):
        asked.append((actor, viewer))
        return real(state, actor, action, viewer)

    monkeypatch.setattr(rules, "action_for", spy)
    steps = replays.steps(match, 0)
    assert asked == [(1, 0)] and steps[-1]["action"] == {"type": "concede"}
    asked.clear()
    client = logged_in(users[0])
    body = client.get(f"/api/matches/{match.pk}/log/").json()
    assert asked == [(1, 0)] and body["actions"][-1]["action"] == {"type": "concede"}
