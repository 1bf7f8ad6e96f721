"""The lobby shows what is alive (issue 27 point 27): an open table whose
host left the site (closed the page or the browser) leaves the public list
and takes no new player until the host is back (lobby.seen,
lobby.services.host_here); every request of a logged-in user marks them
seen. (Matches to watch: tests/server/test_lobby_matches.py.)"""

from datetime import timedelta

import pytest
from django.utils import timezone

from lobby.models import Table
from tests.server.lobbykit import conceded, started
from tests.server.matchkit import logged_in

pytestmark = pytest.mark.django_db


def away(user, minutes: float) -> None:
    """``user``'s last request to the site was ``minutes`` ago."""
    type(user).objects.filter(pk=user.pk).update(last_seen=timezone.now() - timedelta(minutes=minutes))


def listed(client) -> list:
    return [t["id"] for t in client.get("/api/tables/").json()]


def test_a_table_whose_host_left_is_not_offered(make_user, settings):
    alice, carol = make_user("alice"), make_user("carol")
    host = logged_in(alice)
    table = host.post("/api/tables/", {"mode": "1hero"}, format="json").json()
    guest = logged_in(carol)
    assert table["id"] in listed(guest) and table["host_here"] is True
    away(alice, 2)
    assert table["id"] in listed(guest)  # a lobby page in the background asks once a minute
    away(alice, settings.CODEX_HOST_GONE_MINUTES + 1)
    assert table["id"] not in listed(guest)
    assert guest.get(f"/api/tables/{table['id']}/").json()["host_here"] is False
    refused = guest.post(f"/api/tables/{table['id']}/join/", {"index": 1}, format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "host_gone"
    assert "host has left" in refused.json()["detail"]
    assert Table.objects.get(pk=table["id"]).seats.get(index=1).user_id is None
    # the host comes back (any page or API request): the table is offered again
    assert host.get("/api/me/").status_code == 200
    assert table["id"] in listed(guest)
    assert guest.post(f"/api/tables/{table['id']}/join/", {"index": 1}, format="json").status_code == 200


def test_a_private_tables_link_does_not_seat_anyone_while_its_host_is_gone(make_user, settings):
    alice, carol = make_user("alice"), make_user("carol")
    table = logged_in(alice).post("/api/tables/", {"mode": "1hero", "is_public": False}, format="json").json()
    away(alice, settings.CODEX_HOST_GONE_MINUTES + 1)
    joined = logged_in(carol).post(
        f"/api/tables/{table['id']}/join/", {"index": 1, "invite": table["invite_token"]}, format="json"
    )
    assert joined.status_code == 409 and joined.json()["code"] == "host_gone"


def test_requests_mark_the_user_seen_at_most_once_in_a_while(make_user, settings):
    alice = make_user("alice")
    assert alice.last_seen is None
    client = logged_in(alice)
    client.get("/api/me/")
    alice.refresh_from_db()
    first = alice.last_seen
    assert first is not None and timezone.now() - first < timedelta(seconds=settings.CODEX_SEEN_EVERY_SECONDS)
    client.get("/api/me/")
    alice.refresh_from_db()
    assert alice.last_seen == first  # not written again so soon
    away(alice, 1)
    client.get("/api/me/")
    alice.refresh_from_db()
    assert timezone.now() - alice.last_seen < timedelta(seconds=settings.CODEX_SEEN_EVERY_SECONDS)


def test_a_rematch_whose_first_asker_left_is_hosted_by_the_next(make_user, settings):
    alice, bob = make_user("alice"), make_user("bob")
    match = conceded(started([alice, bob]), bob)
    offered = logged_in(alice).post(f"/api/lobby/rematch/{match.pk}/").json()
    away(alice, settings.CODEX_HOST_GONE_MINUTES + 1)
    accepted = logged_in(bob).post(f"/api/lobby/rematch/{match.pk}/")
    assert accepted.status_code == 200
    table = accepted.json()
    assert table["id"] == offered["id"] and table["host_id"] == bob.pk and table["host_here"] is True
    assert {s["index"]: s["user_id"] for s in table["seats"]} == {0: alice.pk, 1: bob.pk}
