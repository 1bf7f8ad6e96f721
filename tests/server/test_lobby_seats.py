"""Seats at tables that have not started (issue 11, finding 10): one account
sat at every open table and kept the seats after logging out, and the host
could not remove anyone."""

from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from django.test import Client
from django.utils import timezone

from lobby.models import Seat, Table
from tests.server.matchkit import logged_in, start_match

pytestmark = pytest.mark.django_db


def create(client, **data):
    response = client.post("/api/tables/", {"mode": "1hero", **data}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def join(client, table, index=1, **data):
    return client.post(f"/api/tables/{table['id']}/join/", {"index": index, **data}, format="json")


def remove(client, table, index):
    return client.post(f"/api/tables/{table['id']}/remove/", {"index": index}, format="json")


def seated_tables(user) -> set:
    return set(Seat.objects.filter(user=user).values_list("table_id", flat=True))


def test_a_player_sits_at_three_waiting_tables_at_most(api, settings):
    assert settings.CODEX_OPEN_SEATS_PER_USER == 3
    hosts = [api(name) for name in ("h1", "h2", "h3", "h4")]
    tables = [create(host, seat_count=3, mode="ffa") for host in hosts]
    bob = api("bob")
    for table in tables[:3]:
        assert join(bob, table).status_code == 200
    fourth = join(bob, tables[3])
    assert fourth.status_code == 409 and fourth.json()["code"] == "too_many_seats"
    assert "3 tables" in fourth.json()["detail"]
    # opening a table takes a seat too
    opened = bob.post("/api/tables/", {"mode": "1hero"}, format="json")
    assert opened.status_code == 409 and opened.json()["code"] == "too_many_seats"
    # moving to another seat of a table where you sit is no new seat
    assert join(bob, tables[0], index=2).status_code == 200
    # leaving one frees room
    assert bob.post(f"/api/tables/{tables[0]['id']}/leave/").status_code == 200
    assert join(bob, tables[3]).status_code == 200
    assert Seat.objects.filter(user__username="bob").count() == 3


def test_started_and_idle_tables_do_not_count(api, make_user, settings):
    settings.CODEX_OPEN_SEATS_PER_USER = 1
    bob = make_user("bob")
    client = api("alice")
    # a started match keeps bob's seat but takes no room
    match = async_to_sync(start_match)([make_user("carol"), bob])
    assert match.players.filter(user=bob).exists()
    bob_client = logged_in(bob)
    idle = create(bob_client)
    Table.objects.filter(pk=idle["id"]).update(updated=timezone.now() - timedelta(minutes=31))
    assert join(bob_client, create(client)).status_code == 200


def test_logging_out_frees_the_waiting_seats_only(api, make_user):
    bob = make_user("bob")
    alice, carol = api("alice"), api("carol")
    bob_api = logged_in(bob)
    match = async_to_sync(start_match)([make_user("dave"), bob])
    at_alices = create(alice)
    assert join(bob_api, at_alices).status_code == 200
    bobs_own = create(bob_api)  # bob hosts, carol sits: carol becomes the host
    assert join(carol, bobs_own).status_code == 200
    alone = create(bob_api)  # bob alone: the table closes
    browser = Client()
    browser.force_login(bob)
    assert browser.post("/logout/").status_code == 302
    assert seated_tables(bob) == {match.table.pk}  # only the started match's seat is kept
    assert Table.objects.get(pk=bobs_own["id"]).host.username == "carol"
    assert not Table.objects.filter(pk=alone["id"]).exists()
    assert alice.get(f"/api/tables/{at_alices['id']}/").json()["seats"][1]["player"] is None
    assert match.players.filter(user=bob).exists()


def test_the_host_removes_a_seated_player_before_the_start(api):
    alice, bob = api("alice"), api("bob")
    table = create(alice, is_public=False)
    token = table["invite_token"]
    assert join(bob, table, invite=token).status_code == 200
    alice.patch(f"/api/tables/{table['id']}/seat/", {"heroes": ["troq_bashar"], "ready": True}, format="json")
    after = remove(alice, table, 1)
    assert after.status_code == 200
    seats = after.json()["seats"]
    assert seats[1]["player"] is None and seats[0]["ready"] is False  # the table changed: ready again
    # the removed player sees it, on the table and in the list, and cannot sit there again
    seen = bob.get(f"/api/tables/{table['id']}/").json()
    assert seen["removed"] is True and seen["invite_token"] is None
    assert [t["removed"] for t in bob.get("/api/tables/").json() if t["id"] == table["id"]] == [True]
    again = join(bob, table, invite=token)
    assert again.status_code == 403 and again.json()["code"] == "removed"
    assert "removed you" in again.json()["detail"]
    assert alice.get(f"/api/tables/{table['id']}/").json()["removed"] is False


def test_only_the_host_removes_and_not_themself(api):
    alice, bob, carol = api("alice"), api("bob"), api("carol")
    table = create(alice, mode="ffa", seat_count=3)
    join(bob, table, index=1)
    join(carol, table, index=2)
    refused = remove(bob, table, 2)
    assert refused.status_code == 403 and refused.json()["code"] == "not_host"
    own = remove(alice, table, 0)
    assert own.status_code == 400 and own.json()["code"] == "remove_self" and "Leave" in own.json()["detail"]
    assert remove(alice, table, 1).status_code == 200
    empty = remove(alice, table, 1)
    assert empty.status_code == 400 and empty.json()["code"] == "seat_empty"
    missing = remove(alice, table, 7)
    assert missing.status_code == 400 and missing.json()["code"] == "no_seat"
    bad = alice.post(f"/api/tables/{table['id']}/remove/", {"index": "x"}, format="json")
    assert bad.status_code == 400
    assert [s["player"] for s in alice.get(f"/api/tables/{table['id']}/").json()["seats"]] == ["Alice", None, "Carol"]


def test_nobody_is_removed_from_a_started_match(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    match = async_to_sync(start_match)([alice, bob])
    response = logged_in(alice).post(f"/api/tables/{match.table.pk}/remove/", {"index": 1}, format="json")
    assert response.status_code == 409 and response.json()["code"] == "table_started"
    assert match.players.filter(user=bob).exists()
