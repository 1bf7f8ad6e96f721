"""Replays of finished matches (issue 14 point 11; game/replays.py): every
step rebuilt from the action log with the engine, as a spectator sees it or
as a player saw their own seat; nothing hidden leaks; who may watch the
match (or played it) may replay it."""

import json

import pytest
from asgiref.sync import async_to_sync

from game import rules
from game.codex import catalog
from game.codex.bots import GreedyBot
from game.codex.state import acting_seats
from game.models import Match
from game.services import apply_match_action, apply_seat_action
from tests.server.matchkit import known_names, leaks, logged_in, row_now, secrets_for, start_match

pytestmark = pytest.mark.django_db


def finished_match(players, moves=60, **table):
    """A match of ``players`` (a 1v1 through the lobby) played by greedy bots
    for ``moves`` actions, then conceded by seat 1: finished."""
    match = async_to_sync(start_match)(players, **table)
    for _ in range(moves):
        match = row_now(match.pk)
        if match.status != "playing":
            break
        seat = acting_seats(match.state)[0]
        action = GreedyBot(seed=match.version).choose(match.state, seat)
        apply_seat_action(match.pk, seat, action, match.version)
    match = row_now(match.pk)
    if match.status == "playing":
        apply_match_action(match.pk, players[1].pk, {"type": "concede"}, match.version)
        match = row_now(match.pk)
    assert match.status == "finished"
    return match


def seen_by(match, viewer) -> list:
    """For each step, what ``viewer`` may know by then: the public cards of
    every state so far (matchkit.known_names) and every card played (a
    spell goes straight to the discard pile, but everyone saw it played)."""
    states, known, out = states_of(match), set(), []
    actions = [None] + list(match.actions.order_by("seq").values_list("action", flat=True))
    for at, state in enumerate(states):
        if actions[at] and actions[at]["type"] == "play":
            card_id = states[at - 1]["cards"][actions[at]["card"]]["card"]
            known |= {card_id, catalog.card(card_id)["name"]}
        known |= known_names(state, viewer)
        out.append(set(known))
    return out


def states_of(match):
    """Every state of the match (0..version), replayed here independently."""
    state = rules.new_game(match.config)
    out = [state]
    for entry in match.actions.order_by("seq"):
        state, _ = rules.apply_action(state, entry.seat, entry.action)
        out.append(state)
    return out


@pytest.fixture
def players(make_user):
    return [make_user("alice"), make_user("bob"), make_user("carol")]


def test_the_replay_is_rebuilt_from_the_log_to_the_final_view(players):
    match = finished_match(players[:2])
    client = logged_in(players[2])  # a spectator of a public match
    index = client.get(f"/api/matches/{match.pk}/replay/").json()
    assert index["seat"] is None and index["count"] == match.version + 1
    assert [s["at"] for s in index["steps"]] == list(range(match.version + 1))
    assert index["steps"][0]["seat"] is None and index["steps"][0]["action"] is None
    assert index["turns"][0] == {"turn": 1, "at": 0} and len(index["turns"]) > 2
    last = client.get(f"/api/matches/{match.pk}/replay/{match.version}/").json()
    assert last["view"] == rules.view(match.state, None)
    assert states_of(match)[-1] == match.state  # the log replays to the stored state: nothing stored twice
    middle = match.version // 2
    step = client.get(f"/api/matches/{match.pk}/replay/{middle}/").json()
    assert step["view"] == rules.view(states_of(match)[middle], None) and step["turn"] == step["view"]["turn"]


def test_the_spectator_replay_leaks_nothing_hidden(players):
    match = finished_match(players[:2])
    client = logged_in(players[2])
    index = client.get(f"/api/matches/{match.pk}/replay/").json()
    assert all(set(s["action"]) == {"type"} for s in index["steps"][1:])  # actions by type only
    known = seen_by(match, None)
    for at, state in enumerate(states_of(match)):
        step = client.get(f"/api/matches/{match.pk}/replay/{at}/").json()
        iids, names = secrets_for(state, None, known[at])
        assert leaks([step], iids, names) == [], at


def test_a_player_replays_their_own_seat_and_sees_no_other(players):
    match = finished_match(players[:2])
    alice = logged_in(players[0])
    index = alice.get(f"/api/matches/{match.pk}/replay/?view=seat").json()
    assert index["seat"] == 0
    mine = [s for s in index["steps"][1:] if s["seat"] == 0]
    theirs = [s for s in index["steps"][1:] if s["seat"] == 1]
    assert any(len(s["action"]) > 1 for s in mine) and all(set(s["action"]) == {"type"} for s in theirs)
    states = states_of(match)
    known = seen_by(match, 0)
    for at, state in enumerate(states):
        if at % 7:
            continue
        step = alice.get(f"/api/matches/{match.pk}/replay/{at}/?view=seat").json()
        assert step["view"] == rules.view(state, 0)
        iids, names = secrets_for(state, 0, known[at])
        assert leaks([step], iids, names) == [], at
    spectator = alice.get(f"/api/matches/{match.pk}/replay/3/").json()
    assert spectator["view"] == rules.view(states[3], None)  # a player may also replay the spectators' view


def test_who_may_replay(players, make_user):
    alice, bob, carol = players
    private = finished_match([alice, bob], moves=4, public=False)
    token = private.table.invite_token
    assert logged_in(carol).get(f"/api/matches/{private.pk}/replay/").status_code == 404
    assert logged_in(carol).get(f"/api/matches/{private.pk}/replay/?invite={token}").status_code == 200
    assert logged_in(bob).get(f"/api/matches/{private.pk}/replay/").status_code == 200
    closed = finished_match([make_user("dan"), make_user("eve")], moves=4, spectators=False)
    assert logged_in(carol).get(f"/api/matches/{closed.pk}/replay/").status_code == 404
    assert logged_in(carol).get(f"/match/{closed.pk}/replay/").status_code == 404
    assert logged_in(alice).get(f"/match/{private.pk}/replay/").status_code == 200


def test_replay_refusals_say_why(players):
    alice, bob, carol = players
    playing = async_to_sync(start_match)([alice, bob])
    answer = logged_in(alice).get(f"/api/matches/{playing.pk}/replay/")
    assert answer.status_code == 409 and answer.json()["code"] == "not_finished"
    match = Match.objects.get(pk=playing.pk)
    apply_match_action(match.pk, bob.pk, {"type": "concede"}, match.version)
    spectator = logged_in(carol)
    answer = spectator.get(f"/api/matches/{playing.pk}/replay/?view=seat")
    assert answer.status_code == 403 and answer.json()["code"] == "not_a_player"
    assert spectator.get(f"/api/matches/{playing.pk}/replay/?view=everything").json()["code"] == "bad_view"
    past = spectator.get(f"/api/matches/{playing.pk}/replay/99/")
    assert past.status_code == 404 and past.json()["code"] == "no_step"


def test_a_replay_is_built_once_and_kept(players, monkeypatch):
    """Issue 27 point 7: ten replays fetched from four threads held a core
    for seconds, each worker keeping 8 and rebuilding the rest on every
    request. Now the engine replays a match's log once per viewer, whatever
    the order and number of requests (and a step is read without it)."""
    from game import replays

    alice, bob, carol = players
    matches = [finished_match([alice, bob], moves=4) for _ in range(5)]
    runs = []
    real_new_game = rules.new_game
    monkeypatch.setattr(rules, "new_game", lambda config: runs.append(1) or real_new_game(config))
    client = logged_in(alice)
    for _ in range(3):  # 5 matches x 2 views, round after round: more than 8 of them
        for match in matches:
            for view in ("seat", "spectator"):
                index = client.get(f"/api/matches/{match.pk}/replay/?view={view}")
                assert index.status_code == 200
                last = index.json()["count"] - 1
                step = client.get(f"/api/matches/{match.pk}/replay/{last}/?view={view}").json()
                assert step["at"] == last == match.version
    assert len(runs) == 10
    # kept in the database, not in this process: another worker reads them as they are
    monkeypatch.setattr(rules, "apply_action", None)  # no engine run from here on
    first = Match.objects.get(pk=matches[0].pk)
    assert replays.steps(first, None)[-1]["view"] == json.loads(json.dumps(rules.view(first.state, None)))
    assert len(runs) == 10


def test_a_changed_engine_builds_the_replay_again(players, monkeypatch):
    from game import replays
    from game.models import ReplayStep

    match = finished_match(players[:2], moves=4)
    before = replays.index(match, 0)
    monkeypatch.setattr(replays, "engine_version", lambda: "another-engine")
    assert replays.index(match, 0) == before
    assert set(ReplayStep.objects.filter(match=match, viewer=0).values_list("engine", flat=True)) == {
        "another-engine"
    }  # the other engine's steps dropped
