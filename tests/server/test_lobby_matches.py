"""The lobby knows your matches (issue 14, point 10): your playing matches
first, those waiting on you marked "your turn"; finished ones as history
with their result; matches nobody plays leave the public list (their
players still see them, marked quiet after a day)."""

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from game.codex.waiting import waiting_on
from game.models import LiveSocket, Match, MatchPlayer
from tests.server.lobbykit import conceded, started
from tests.server.matchkit import logged_in

pytestmark = pytest.mark.django_db

URL = "/api/lobby/matches/"


def lobby(user) -> dict:
    response = logged_in(user).get(URL)
    assert response.status_code == 200
    return response.json()


def test_the_lobby_matches_need_a_log_in():
    from rest_framework.test import APIClient

    assert APIClient().get(URL).status_code == 403


def test_your_matches_waiting_on_you_come_first_marked_your_turn(make_user):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    matches = [started([alice, bob], seed=s) for s in (1, 2)] + [started([carol, alice], seed=s) for s in (3, 4)]
    mine = lobby(alice)["mine"]
    assert sorted(e["id"] for e in mine) == sorted(m.pk for m in matches)
    expect = {}
    for m in matches:
        seat = MatchPlayer.objects.get(match=m, user=alice).seat
        expect[m.pk] = seat in waiting_on(Match.objects.get(pk=m.pk).state)
    assert {e["id"]: e["your_turn"] for e in mine} == expect
    assert True in expect.values() and False in expect.values()  # both kinds are there to order
    flags = [e["your_turn"] for e in mine]
    assert flags == sorted(flags, reverse=True)  # those waiting on alice first
    for entry in mine:
        assert entry["status"] == "playing" and entry["turn"] >= 1 and entry["quiet"] is False
        you = [p for p in entry["players"] if p["you"]]
        assert len(you) == 1 and you[0]["name"] == "Alice" and entry["seat"] == you[0]["seat"]
        if not entry["your_turn"]:
            assert entry["waiting_for"] and "Alice" not in entry["waiting_for"]


def test_the_lobby_lists_carry_no_version_state_or_secret(make_user):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    started([alice, bob])
    data = lobby(alice)
    text = json.dumps(data)
    for secret in ('"version"', '"state"', '"seed"', '"hand"', '"deck"', '"rng'):
        assert secret not in text
    assert lobby(carol)["mine"] == [] and len(lobby(carol)["watch"]) == 1


def test_finished_matches_are_history_with_their_result(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    match = conceded(started([alice, bob]), bob)
    assert match.status == "finished"
    history = lobby(alice)["history"]
    assert [e["id"] for e in history] == [match.pk]
    assert history[0]["result"]["outcome"] == "won" and history[0]["result"]["winners"] == ["Alice"]
    assert history[0]["result"]["reason"]
    assert history[0]["rematch_table"] is None and history[0]["rematch_joined"] is False
    lost = lobby(bob)["history"][0]["result"]
    assert lost["outcome"] == "lost" and lost["winners"] == ["Alice"]
    assert lobby(alice)["mine"] == []  # no longer among the playing ones
    assert lobby(make_user("carol"))["watch"] == []  # nor among those to watch


def test_a_finished_match_says_who_conceded_it_and_the_winning_seats(make_user):
    """The lobby's result line names the player who conceded (it said "a
    player conceded"): the result carries the seat whose concession ended
    the match, and the winners' seats to tell the players apart."""
    alice, bob = make_user("alice"), make_user("bob")
    match = conceded(started([alice, bob]), bob)
    bob_seat = MatchPlayer.objects.get(match=match, user=bob).seat
    for user in (alice, bob):
        result = lobby(user)["history"][0]["result"]
        assert result["conceded_by"] == bob_seat and result["seats"] == [1 - bob_seat]


def test_only_public_matches_with_spectators_are_there_to_watch(make_user):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    public = started([alice, bob])
    started([alice, bob], public=False, seed=5)
    started([alice, bob], spectators=False, seed=6)
    watch = lobby(carol)["watch"]
    assert [e["id"] for e in watch] == [public.pk]
    assert "your_turn" not in watch[0] and all(not p["you"] for p in watch[0]["players"])
    assert lobby(alice)["watch"] == []  # one's own matches are under "mine"


def make_quiet(match, hours: float) -> None:
    """Nobody acted in ``match`` nor showed a sign of life for ``hours``."""
    then = timezone.now() - timedelta(hours=hours)
    Match.objects.filter(pk=match.pk).update(updated=then)
    MatchPlayer.objects.filter(match=match).update(seen_at=then)


def test_a_match_nobody_plays_leaves_the_list_to_watch_and_stays_with_its_players(make_user, settings):
    """Issue 27 point 27: a match nobody played stayed in "Matches to watch"
    for 24 h. It is listed while a player is connected or for
    CODEX_WATCH_QUIET_MINUTES (10) after its last action."""
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    match = started([alice, bob])
    make_quiet(match, 9 / 60)
    assert [e["id"] for e in lobby(carol)["watch"]] == [match.pk]  # acted 9 minutes ago
    make_quiet(match, 11 / 60)
    assert lobby(carol)["watch"] == []
    MatchPlayer.objects.filter(match=match).update(seen_at=timezone.now())  # a page closed a moment ago
    assert lobby(carol)["watch"] == []
    settings.CODEX_WATCH_QUIET_MINUTES = 60  # configurable
    assert [e["id"] for e in lobby(carol)["watch"]] == [match.pk]
    settings.CODEX_WATCH_QUIET_MINUTES = 10
    # its players still have it, quiet after CODEX_MATCH_QUIET_HOURS only
    assert [(e["id"], e["quiet"]) for e in lobby(alice)["mine"]] == [(match.pk, False)]
    make_quiet(match, 25)
    assert [(e["id"], e["quiet"]) for e in lobby(alice)["mine"]] == [(match.pk, True)]
    # a player connected now (a live socket) makes it live again, whatever the times say
    LiveSocket.objects.create(channel="test-live", user=bob, match=match, seat=1)
    assert [e["id"] for e in lobby(carol)["watch"]] == [match.pk]
    assert lobby(alice)["mine"][0]["quiet"] is False


def test_a_spectator_socket_does_not_keep_a_match_alive(make_user):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    match = started([alice, bob])
    make_quiet(match, 30)
    LiveSocket.objects.create(channel="test-watcher", user=carol, match=match, seat=None)
    assert lobby(carol)["watch"] == []


def test_quiet_matches_come_after_the_others(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    old, new = started([alice, bob], seed=1), started([alice, bob], seed=2)
    for m in (old, new):  # the engine waits on nobody in either: only the quiet mark orders them
        Match.objects.filter(pk=m.pk).update(state={**Match.objects.get(pk=m.pk).state, "status": "finished"})
    make_quiet(new, 30)
    Match.objects.filter(pk=old.pk).update(updated=timezone.now() - timedelta(hours=30))
    MatchPlayer.objects.filter(match=old).update(seen_at=timezone.now())
    mine = lobby(alice)["mine"]
    assert [(e["id"], e["quiet"]) for e in mine] == [(old.pk, False), (new.pk, True)]


def test_matches_against_bots_are_listed_playing_and_finished(make_user, settings):
    """A match with table bots (their seats have no user) is among the person's
    matches with the bots under their names, and once over among the finished
    ones with its result (trial 14: the list answered 500 as soon as a bot sat
    at one of the person's matches, so "Your matches" stayed empty)."""
    from asgiref.sync import async_to_sync, sync_to_async

    from lobby import services

    settings.CODEX_STAND_IN_DELAY = 0
    alice = make_user("alice")
    table = services.create_table(alice, "2hg")
    services.update_seat(table.pk, alice, heroes=["troq_bashar"], ready=True)
    for index in (1, 2, 3):
        services.seat_bot(table.pk, alice, index, "greedy", ["river_montoya"])
    table = async_to_sync(sync_to_async(services.start_table))(table.pk, alice, seed=5)
    mine = lobby(alice)["mine"]
    assert [e["id"] for e in mine] == [table.match_id]
    names = [p["name"] for p in mine[0]["players"]]
    assert names == ["Alice", "Greedy bot 2", "Greedy bot 3", "Greedy bot 4"]
    conceded(Match.objects.get(pk=table.match_id), alice)
    history = lobby(alice)["history"]
    assert [e["id"] for e in history] == [table.match_id]
    assert history[0]["result"]["outcome"] == "lost"
    assert history[0]["result"]["winners"] == ["Greedy bot 3", "Greedy bot 4"]
