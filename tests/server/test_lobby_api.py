"""REST API for tables and seats, CSRF on the API, the schema and the catalog."""

import io
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone
from rest_framework.test import APIClient

from lobby.models import Table
from lobby.services import delete_abandoned_tables

pytestmark = pytest.mark.django_db


def create(client, **data):
    response = client.post("/api/tables/", {"mode": "1hero", **data}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_api_needs_login():
    assert APIClient().get("/api/tables/").status_code == 403


def test_create_table_seats_host(api):
    alice = api("alice")
    table = create(alice)
    assert table["status"] == "open" and table["host"] == "Alice"
    assert [s["index"] for s in table["seats"]] == [0, 1]
    assert table["seats"][0]["player"] == "Alice" and table["seats"][1]["player"] is None
    assert table["invite_token"]


def test_unknown_mode_and_bad_seat_count_refused(api):
    alice = api("alice")
    assert alice.post("/api/tables/", {"mode": "nope"}, format="json").status_code == 400
    response = alice.post("/api/tables/", {"mode": "1hero", "seat_count": 3}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "bad_seats"


def test_public_tables_listed_private_only_by_invite(api):
    alice, bob = api("alice"), api("bob")
    public = create(alice)
    private = create(alice, is_public=False)
    listed = {t["id"]: t for t in bob.get("/api/tables/").json()}
    assert public["id"] in listed and private["id"] not in listed
    assert listed[public["id"]]["invite_token"] is None  # not for outsiders
    assert bob.get(f"/api/tables/{private['id']}/").status_code == 404
    assert bob.get(f"/api/tables/{private['id']}/?invite={private['invite_token']}").status_code == 200
    refused = bob.post(f"/api/tables/{private['id']}/join/", {"index": 1}, format="json")
    assert refused.status_code == 404  # as a table that does not exist (issue 27, point 13)
    joined = bob.post(
        f"/api/tables/{private['id']}/join/", {"index": 1, "invite": private["invite_token"]}, format="json"
    )
    assert joined.status_code == 200 and joined.json()["seats"][1]["player"] == "Bob"


def test_seat_taken_and_moving_seats(api):
    alice, bob, carol = api("alice"), api("bob"), api("carol")
    table = create(alice)
    assert bob.post(f"/api/tables/{table['id']}/join/", {"index": 1}, format="json").status_code == 200
    taken = carol.post(f"/api/tables/{table['id']}/join/", {"index": 1}, format="json")
    assert taken.status_code == 409 and taken.json()["code"] == "seat_taken"
    assert carol.post(f"/api/tables/{table['id']}/join/", {"index": 5}, format="json").status_code == 400


def test_heroes_and_ready(api):
    alice = api("alice")
    table = create(alice)
    url = f"/api/tables/{table['id']}/seat/"
    assert alice.patch(url, {"ready": True}, format="json").json()["code"] == "no_heroes"
    assert alice.patch(url, {"heroes": ["nobody"]}, format="json").json()["code"] == "bad_heroes"
    assert alice.patch(url, {"heroes": ["troq_bashar", "river_montoya"]}, format="json").status_code == 400
    seat = alice.patch(url, {"heroes": ["troq_bashar"], "ready": True}, format="json").json()["seats"][0]
    assert seat["heroes"] == ["troq_bashar"] and seat["ready"] is True
    # changing the hero clears ready
    seat = alice.patch(url, {"heroes": ["river_montoya"]}, format="json").json()["seats"][0]
    assert seat["ready"] is False


def test_leave_passes_host_and_empty_table_closes(api):
    alice, bob = api("alice"), api("bob")
    table = create(alice)
    bob.post(f"/api/tables/{table['id']}/join/", {"index": 1}, format="json")
    after = alice.post(f"/api/tables/{table['id']}/leave/").json()
    assert after["host"] == "Bob" and after["seats"][0]["player"] is None
    assert bob.post(f"/api/tables/{table['id']}/leave/").status_code == 204
    assert not Table.objects.filter(pk=table["id"]).exists()


def test_a_host_keeps_only_a_few_open_tables(api, settings):
    """A double click, a script or a forgetful host cannot fill the lobby:
    past CODEX_OPEN_TABLES_PER_HOST open tables, creating another is refused
    (409) until one starts, closes or goes idle; other hosts are not affected."""
    settings.CODEX_OPEN_TABLES_PER_HOST = 2
    alice, bob = api("alice"), api("bob")
    first, _ = create(alice), create(alice)
    third = alice.post("/api/tables/", {"mode": "1hero"}, format="json")
    assert third.status_code == 409 and third.json()["code"] == "too_many_tables"
    assert Table.objects.filter(host__username="alice").count() == 2
    create(bob)
    assert alice.post(f"/api/tables/{first['id']}/leave/").status_code == 204
    create(alice)


def test_start_needs_host_and_everyone_ready(api):
    alice, bob = api("alice"), api("bob")
    table = create(alice)
    start = f"/api/tables/{table['id']}/start/"
    assert alice.post(start).json()["code"] == "not_ready"
    bob.post(f"/api/tables/{table['id']}/join/", {"index": 1}, format="json")
    assert bob.post(start).json()["code"] == "not_host"


def test_abandoned_tables_hidden_then_deleted(api, settings):
    alice, bob = api("alice"), api("bob")
    table = create(alice)
    Table.objects.filter(pk=table["id"]).update(updated=timezone.now() - timedelta(minutes=31))
    assert table["id"] not in [t["id"] for t in bob.get("/api/tables/").json()]
    assert delete_abandoned_tables() == 1
    create(alice)
    Table.objects.update(updated=timezone.now() - timedelta(minutes=31))
    call_command("cleanup_tables", stdout=io.StringIO())
    assert not Table.objects.exists()


def test_api_enforces_csrf_for_session_users(make_user):
    strict = APIClient(enforce_csrf_checks=True)
    strict.force_login(make_user("alice"))
    assert strict.post("/api/tables/", {"mode": "1hero"}, format="json").status_code == 403
    token = strict.get("/login/").cookies["csrftoken"].value
    response = strict.post("/api/tables/", {"mode": "1hero"}, format="json", HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 201


def test_me_and_modes(api):
    alice = api("alice")
    assert alice.get("/api/me/").json()["display_name"] == "Alice"
    assert alice.patch("/api/me/", {"display_name": "Al"}, format="json").json()["display_name"] == "Al"
    api("bob")
    taken = alice.patch("/api/me/", {"display_name": "BOB"}, format="json")
    assert taken.status_code == 400 and "display_name" in taken.json()
    assert alice.patch("/api/me/", {"display_name": "<i>x</i>"}, format="json").status_code == 400
    assert alice.get("/api/me/").json()["display_name"] == "Al"
    modes = alice.get("/api/modes/").json()
    assert modes[0]["key"] == "1hero" and "troq_bashar" in modes[0]["heroes"]


def test_schema_and_docs(api):
    alice = api("alice")
    schema = alice.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    for path in (
        "/api/tables/",
        "/api/tables/{id}/join/",
        "/api/tables/{id}/remove/",
        "/api/matches/{id}/log/",
        "/api/cards/",
    ):
        assert path in paths
    assert alice.get("/api/docs/").status_code == 200


def test_card_catalog(api):
    alice = api("alice")
    heroes = alice.get("/api/cards/?kind=hero").json()
    assert "troq_bashar" in [c["id"] for c in heroes]
    assert alice.get("/api/cards/troq_bashar/").json()["kind"] == "hero"
    assert alice.get("/api/cards/no_such_card/").status_code == 404


def test_a_hero_may_be_named_as_the_refusal_names_it(api):
    """A tester's finding: a refused pick lists heroes by printed name, and
    "Troq Bashar" was refused in turn; a printed name, in any case, picks."""
    alice = api("alice")
    table = alice.post("/api/tables/", {"mode": "1hero"}, format="json").json()
    url = f"/api/tables/{table['id']}/seat/"
    refused = alice.patch(url, {"heroes": ["nobody"]}, format="json").json()
    assert "Troq Bashar" in refused["detail"]
    picked = alice.patch(url, {"heroes": [" troq BASHAR "]}, format="json")
    assert picked.status_code == 200
    seat = next(s for s in picked.json()["seats"] if s["index"] == 0)
    assert seat["heroes"] == ["troq_bashar"]
