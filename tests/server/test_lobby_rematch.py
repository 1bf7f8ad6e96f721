"""Rematch (issue 14, point 12): at the end, one click offers the same
table again to the same players: a new table, public or private as the
last one, same mode, seats,
teams and heroes; each player accepts by asking too (or taking a seat)."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from game.models import Match
from lobby.models import Table
from tests.server.lobbykit import conceded, started
from tests.server.matchkit import logged_in

pytestmark = pytest.mark.django_db


def ask(user, match):
    return logged_in(user).post(f"/api/lobby/rematch/{match.pk}/")


@pytest.fixture
def finished(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    return alice, bob, conceded(started([alice, bob]), bob)


def test_the_first_to_ask_opens_a_table_like_the_last_one(finished):
    """A public table's rematch is public (a fresh tester found every
    rematch private)."""
    alice, bob, match = finished
    response = ask(bob, match)
    assert response.status_code == 200
    table = response.json()
    assert table["mode"] == "1hero" and table["is_public"] is True and table["status"] == "open"
    assert table["rematch_of_match"] == match.pk and table["host_id"] == bob.pk
    seats = {s["index"]: s for s in table["seats"]}
    # bob sits where he sat (seat 1), with his hero of last time, not ready; seat 0 waits for alice
    assert seats[1]["user_id"] == bob.pk and seats[1]["heroes"] == ["river_montoya"] and not seats[1]["ready"]
    assert seats[0]["user_id"] is None
    assert Table.objects.get(pk=table["id"]).rematch_of.match_id == match.pk


@pytest.fixture
def finished_private(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    return alice, bob, conceded(started([alice, bob], public=False), bob)


def test_a_private_tables_rematch_is_private(finished_private):
    alice, bob, match = finished_private
    table = ask(alice, match).json()
    assert table["is_public"] is False and table["rematch_of_match"] == match.pk


def test_the_other_player_sees_it_and_accepts_by_asking_too(finished):
    alice, bob, match = finished
    offered = ask(bob, match).json()
    listed = {t["id"]: t for t in logged_in(alice).get("/api/tables/").json()}
    assert offered["id"] in listed  # private, yet in alice's lobby without the link
    history = logged_in(alice).get("/api/lobby/matches/").json()["history"]
    assert history[0]["rematch_table"] == offered["id"] and history[0]["rematch_joined"] is False
    assert logged_in(bob).get("/api/lobby/matches/").json()["history"][0]["rematch_joined"] is True
    accepted = ask(alice, match)
    assert accepted.status_code == 200 and accepted.json()["id"] == offered["id"]
    seats = {s["index"]: s for s in accepted.json()["seats"]}
    assert seats[0]["user_id"] == alice.pk and seats[0]["heroes"] == ["troq_bashar"]
    assert ask(alice, match).json()["id"] == offered["id"]  # asking again changes nothing
    assert Table.objects.filter(rematch_of__match=match).count() == 1


def test_both_ready_the_rematch_starts_with_the_same_seats(finished):
    alice, bob, match = finished
    table_id = ask(alice, match).json()["id"]
    ask(bob, match)
    for user in (alice, bob):
        assert logged_in(user).patch(f"/api/tables/{table_id}/seat/", {"ready": True}, format="json").status_code == 200
    response = logged_in(alice).post(f"/api/tables/{table_id}/start/")
    assert response.status_code == 200
    new = Table.objects.get(pk=table_id).match
    assert [(p.seat, p.user_id) for p in new.players.all()] == [(0, alice.pk), (1, bob.pk)]
    assert [s.get("hero") for s in new.config["seats"]] == [s.get("hero") for s in match.config["seats"]]
    late = ask(alice, match)  # it is being played now: a new ask opens nothing new
    assert late.status_code == 200 and late.json()["id"] == table_id
    assert Table.objects.filter(rematch_of__match=match).count() == 1


def test_others_neither_see_nor_join_a_private_rematch_without_the_link(finished_private, make_user):
    alice, bob, match = finished_private
    carol = make_user("carol")
    offered = ask(alice, match).json()
    assert offered["id"] not in [t["id"] for t in logged_in(carol).get("/api/tables/").json()]
    assert logged_in(carol).get(f"/api/tables/{offered['id']}/").status_code == 404
    refused = logged_in(carol).post(f"/api/tables/{offered['id']}/join/", {"index": 1}, format="json")
    assert refused.status_code == 404  # as a table that does not exist (issue 27, point 13)
    assert ask(carol, match).status_code == 404  # carol did not play it
    joined = logged_in(carol).post(
        f"/api/tables/{offered['id']}/join/", {"index": 1, "invite": offered["invite_token"]}, format="json"
    )
    assert joined.status_code == 409 and joined.json()["code"] == "seat_held"  # even with the link: bob's seat
    assert ask(bob, match).status_code == 200


def test_no_rematch_of_a_match_still_played(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    match = started([alice, bob])
    response = ask(alice, match)
    assert response.status_code == 409 and response.json()["code"] == "not_finished"
    assert not Table.objects.filter(rematch_of__isnull=False).exists()


def test_the_match_page_button_goes_to_the_rematch_table(finished):
    alice, bob, match = finished
    client = Client()
    client.force_login(alice)
    page = client.get(f"/match/{match.pk}/").content.decode()
    assert f'formaction="/match/{match.pk}/rematch/"' in page and 'name="csrfmiddlewaretoken"' in page
    response = client.post(f"/match/{match.pk}/rematch/")
    table = Table.objects.get(rematch_of__match=match)
    assert response.status_code == 302 and response.url == f"/invite/{table.invite_token}/"
    assert client.get(f"/match/{match.pk}/rematch/").status_code == 405


def test_the_match_page_refusal_is_a_page_with_the_reason(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    match = started([alice, bob])
    client = Client()
    client.force_login(alice)
    response = client.post(f"/match/{match.pk}/rematch/")
    assert response.status_code == 409
    page = response.content.decode()
    assert "That match is still being played." in page and 'id="back-to-lobby"' in page


def test_a_spectator_page_has_no_rematch_button_nor_turn_alerts(finished, make_user):
    alice, _, match = finished
    client = Client()
    client.force_login(make_user("carol"))
    page = client.get(f"/match/{match.pk}/")
    assert page.status_code == 200
    assert 'id="rematch"' not in page.content.decode() and 'id="alerts-toggle"' not in page.content.decode()
    client.force_login(alice)
    page = client.get(f"/match/{match.pk}/").content.decode()
    assert 'id="alerts-toggle"' in page
    assert 'id="nav-password"' not in page  # the match header keeps its height on a phone
    assert 'id="nav-password"' in client.get("/").content.decode()


def test_a_two_headed_dragon_rematch_keeps_seats_and_teams(make_user):
    players = [make_user(n) for n in ("ana", "ari", "bo", "bea")]
    heroes = ("troq_bashar", "river_montoya", "captain_zane", "master_midori")
    match = conceded(started(players, mode="2hg", heroes=heroes), players[2])
    assert match.status == "finished"
    table = ask(players[3], match).json()
    assert table["mode"] == "2hg" and len(table["seats"]) == 4
    old = Table.objects.get(match=match)
    assert [s["team"] for s in table["seats"]] == [s.team for s in old.seats.order_by("index")]
    seats = {s["index"]: s for s in table["seats"]}
    assert seats[3]["user_id"] == players[3].pk and seats[3]["heroes"] == ["master_midori"]
    for user in players[:3]:
        ask(user, match)
    final = logged_in(players[0]).get(f"/api/tables/{table['id']}/").json()
    assert [(s["user_id"], s["heroes"]) for s in final["seats"]] == [
        (u.pk, [h]) for u, h in zip(players, heroes, strict=True)
    ]


def test_a_rematch_against_bots_seats_the_same_bots_again(make_user, settings):
    """Trial 14: the rematch of a 1v1 against a bot left the bot's seat
    empty, waiting for "the other players" to accept; a bot cannot ask, so
    the rematch table seats the same bots again (kind, seat, heroes), ready."""
    from asgiref.sync import async_to_sync, sync_to_async

    from game.models import Match
    from lobby import services

    settings.CODEX_STAND_IN_DELAY = 0
    alice = make_user("alice")
    table = services.create_table(alice, "1hero")
    services.update_seat(table.pk, alice, heroes=["troq_bashar"], ready=True)
    services.seat_bot(table.pk, alice, 1, "random", ["garth_torken"])
    table = async_to_sync(sync_to_async(services.start_table))(table.pk, alice, seed=3)
    match = conceded(Match.objects.get(pk=table.match_id), alice)
    response = ask(alice, match)
    assert response.status_code == 200
    seats = {s["index"]: s for s in response.json()["seats"]}
    assert seats[0]["user_id"] == alice.pk and seats[0]["heroes"] == ["troq_bashar"]
    assert seats[1]["bot"] == "random" and seats[1]["heroes"] == ["garth_torken"] and seats[1]["ready"]


def test_a_table_says_whether_its_match_is_still_played_or_over(make_user):
    """A fresh tester saw "Play the match" on a table whose match was over:
    the table now says its match's status, in the list and on its own."""
    alice, bob = make_user("alice"), make_user("bob")
    match = started([alice, bob])
    table = Table.objects.get(match=match)
    listed = {t["id"]: t for t in logged_in(alice).get("/api/tables/").json()}
    assert listed[table.pk]["match_status"] == "playing"
    conceded(match, bob)
    assert logged_in(alice).get(f"/api/tables/{table.pk}/").json()["match_status"] == "finished"
    listed = {t["id"]: t for t in logged_in(bob).get("/api/tables/").json()}
    assert listed[table.pk]["match_status"] == "finished"


def test_a_stranger_cannot_take_a_players_seat_at_a_public_rematch(finished, make_user, settings):
    """Issue 27 point 9: carol took the loser's seat at a public rematch and the
    loser was then refused (409). The match's players keep their seats while
    the rematch waits; a stranger is told whose seat it is and until when."""
    alice, bob, match = finished
    offered = ask(alice, match).json()  # alice won; bob (seat 1) lost
    held = offered["held_seats"]
    assert [(h["index"], h["user_id"], h["player"]) for h in held] == [(1, bob.pk, "Bob")]
    carol = logged_in(make_user("carol"))
    refused = carol.post(f"/api/tables/{offered['id']}/join/", {"index": 1}, format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "seat_held"
    # the time left, not a UTC clock time that contradicts the lobby's local one (tester's point 1)
    assert "Bob played this seat" in refused.json()["detail"] and "UTC" not in refused.json()["detail"]
    assert f"for {settings.CODEX_TABLE_IDLE_MINUTES} more minutes" in refused.json()["detail"]
    assert Table.objects.get(pk=offered["id"]).seats.get(index=1).user_id is None
    accepted = ask(bob, match)
    assert accepted.status_code == 200
    assert {s["index"]: s["user_id"] for s in accepted.json()["seats"]} == {0: alice.pk, 1: bob.pk}
    assert accepted.json()["held_seats"] == []


def test_the_host_cannot_put_a_bot_in_a_players_kept_seat(finished):
    alice, bob, match = finished
    offered = ask(alice, match).json()
    refused = logged_in(alice).post(f"/api/tables/{offered['id']}/bot/", {"index": 1, "kind": "greedy"}, format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "seat_held"


def test_a_kept_seat_is_free_once_the_rematch_has_waited(finished, make_user, settings):
    """After the waiting time of a table (CODEX_TABLE_IDLE_MINUTES from its opening) anyone may sit."""
    alice, bob, match = finished
    offered = ask(alice, match).json()
    Table.objects.filter(pk=offered["id"]).update(
        created=timezone.now() - timedelta(minutes=settings.CODEX_TABLE_IDLE_MINUTES, seconds=1)
    )
    carol = logged_in(make_user("carol"))
    assert carol.get(f"/api/tables/{offered['id']}/").json()["held_seats"] == []
    assert carol.post(f"/api/tables/{offered['id']}/join/", {"index": 1}, format="json").status_code == 200


def test_a_player_who_sits_elsewhere_frees_their_kept_seat(make_user):
    """Three players: the one who moved to another seat no longer holds theirs."""
    alice, bob, cy = make_user("alice"), make_user("bob"), make_user("cy")
    match = started([alice, bob, cy], mode="ffa", heroes=("troq_bashar", "river_montoya", "jaina_stormborne"))
    # A free-for-all concession starts final rounds (R28): the match is marked over here instead.
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED, result={"winner": 0, "reason": "test"})
    offered = ask(alice, match).json()
    assert {h["index"] for h in offered["held_seats"]} == {1, 2}
    moved = logged_in(bob).post(f"/api/tables/{offered['id']}/join/", {"index": 2}, format="json")
    assert moved.status_code == 409  # cy's seat
    assert ask(bob, match).status_code == 200
    table = logged_in(cy).get(f"/api/tables/{offered['id']}/").json()
    assert [h["index"] for h in table["held_seats"]] == [2]


@pytest.mark.parametrize(
    "pace",
    [
        {"turn_based": True, "turn_seconds": 2 * 86400, "deadline_rule": "strikes", "strikes_allowed": 2},
        {"turn_based": True, "turn_seconds": 3600, "deadline_rule": "stand_in", "strikes_allowed": None},
        {"turn_based": False, "turn_seconds": 90, "deadline_rule": "", "strikes_allowed": None},
    ],
)
def test_a_rematch_keeps_the_pace_its_deadline_rule_and_being_rated(make_user, pace):
    """Issue 32: a rematch of a turn-based table was a live table with no
    clock (only mode, seats, visibility, map and options were copied): the
    time per move, what a missed deadline does, the strikes that lose, the
    live turn timer and being rated are the table's settings too."""
    from lobby import services

    alice, bob = make_user("alice"), make_user("bob")
    table = services.create_table(alice, "1hero", rated=True, **pace)
    services.take_seat(table.pk, bob, 1)
    services.update_seat(table.pk, alice, heroes=["troq_bashar"], ready=True)
    services.update_seat(table.pk, bob, heroes=["river_montoya"], ready=True)
    match = conceded(services.start_table(table.pk, alice, seed=9).match, bob)
    again = Table.objects.get(pk=ask(bob, match).json()["id"])
    old = Table.objects.get(pk=table.pk)
    fields = ("turn_based", "turn_seconds", "deadline_rule", "strikes_allowed", "rated", "options", "mode")
    assert [getattr(again, f) for f in fields] == [getattr(old, f) for f in fields]
    assert again.rematch_of_id == old.pk
