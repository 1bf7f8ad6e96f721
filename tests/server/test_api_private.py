"""What the API shows of things a caller may not see (issue 27, point
13): a private table's existence showed through ``join`` (403, or 409
once started, where an unknown id got 404), and an id that is not digits
under /api/ answered Django's HTML page instead of JSON.

A private table the caller may not see now answers every table operation
exactly as a table that does not exist: same status, same body.
"""

import pytest

from lobby import services
from lobby.models import Table
from tests.server.matchkit import logged_in

pytestmark = pytest.mark.django_db

# Every operation on one table, each with a body it accepts.
OPERATIONS = [
    ("get", "", None),
    ("post", "join/", {"index": 1}),
    ("post", "leave/", None),
    ("patch", "seat/", {"ready": True}),
    ("post", "start/", None),
    ("post", "remove/", {"index": 1}),
    ("post", "bot/", {"index": 1, "kind": "greedy"}),
]
UNKNOWN = 987654


def answers(client, table_id) -> list:
    """``[(operation, status, body)]`` of every table operation on ``table_id``."""
    out = []
    for method, tail, body in OPERATIONS:
        answer = getattr(client, method)(f"/api/tables/{table_id}/{tail}", body, format="json")
        out.append((f"{method} {tail}", answer.status_code, answer.json()))
    return out


@pytest.mark.parametrize("started", [False, True], ids=["open", "started"])
def test_a_private_table_answers_an_outsider_as_an_unknown_id(make_user, started):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    table = services.create_table(alice, "1hero", is_public=False)
    if started:
        services.take_seat(table.pk, bob, 1, table.invite_token)
        for user, hero in ((alice, "troq_bashar"), (bob, "river_montoya")):
            services.update_seat(table.pk, user, heroes=[hero], ready=True)
        services.start_table(table.pk, alice, seed=1)
    before = list(Table.objects.values_list("status", "seats__user", "seats__bot", "seats__ready"))
    outsider = logged_in(carol)
    assert answers(outsider, table.pk) == answers(outsider, UNKNOWN)
    assert answers(outsider, UNKNOWN)[1][1:] == (404, {"code": "no_table", "detail": services.NO_TABLE})
    assert list(Table.objects.values_list("status", "seats__user", "seats__bot", "seats__ready")) == before


def test_the_invite_token_still_opens_a_private_table(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    table = services.create_table(alice, "1hero", is_public=False)
    joined = logged_in(bob).post(
        f"/api/tables/{table.pk}/join/", {"index": 1, "invite": table.invite_token}, format="json"
    )
    assert joined.status_code == 200 and joined.json()["seats"][1]["player"] == "Bob"
    # Seated now, bob sees it: the table's own refusals again.
    assert logged_in(bob).post(f"/api/tables/{table.pk}/start/").json()["code"] == "not_host"


def test_a_removed_player_is_told_so(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    table = services.create_table(alice, "1hero", is_public=False)
    services.take_seat(table.pk, bob, 1, table.invite_token)
    services.remove_player(table.pk, alice, 1)
    again = logged_in(bob).post(f"/api/tables/{table.pk}/join/", {"index": 1}, format="json")
    assert again.status_code == 403 and again.json()["code"] == "removed"


@pytest.mark.parametrize(
    "path",
    [
        "/api/tables/abc/",
        "/api/tables/abc/join/",
        "/api/matches/1.5/log/",
        "/api/decks/x/",
        "/api/lobby/rematch/abc/",
        "/api/nothing/",
    ],
)
@pytest.mark.parametrize("method", ["get", "post"])
def test_an_address_no_api_route_matches_answers_json(make_user, path, method):
    answer = getattr(logged_in(make_user("alice")), method)(path)
    assert answer.status_code == 404 and answer.headers["Content-Type"] == "application/json"
    assert answer.json() == {"code": "not_found", "detail": "There is nothing at this address."}


def test_pages_keep_their_own_not_found_page(client):
    answer = client.get("/no/such/page/")
    assert answer.status_code == 404 and answer.headers["Content-Type"].startswith("text/html")
    assert b"There is nothing here" in answer.content
