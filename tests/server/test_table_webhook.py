"""A table's own webhook (issue 32: "a webhook to a chat server, per user
or per table"): the host of a turn-based table sets it at creation, through
the same SSRF guard as a user's; every turn of its match is posted there
too, and the address is never shown back."""

import json

import pytest
from django.db.models import F
from django.test import override_settings
from django.utils import timezone

from benchmarks.notice_audit import hidden_cards
from benchmarks.receivers import Receiver, wait_for
from game import rules
from game.models import LiveSocket, Match
from game.services import apply_match_action
from game.statereads import current_state
from lobby import services
from lobby.models import Table
from notices import outbox
from notices.models import EMAIL, TABLE, Notice
from tests.server.matchkit import leaks, logged_in, row_now
from tests.server.test_notices_presence import wants_mail

pytestmark = pytest.mark.django_db(transaction=True)

DAY = 86400
TURN_BASED = {"mode": "1hero", "turn_based": True, "turn_seconds": DAY, "deadline_rule": "stand_in"}


@pytest.fixture
def receiver(settings):
    """A webhook receiver on this machine, allowed for this test only."""
    settings.CODEX_NOTICE_ALLOW_NETWORKS = ["127.0.0.1/32"]
    settings.CODEX_NOTICE_BACKOFF = 0.0
    settings.CODEX_STAND_IN_DELAY = 0
    got = Receiver()
    yield got
    got.close()


def test_bad_table_webhooks_are_refused_and_change_nothing(make_user, settings):
    settings.CODEX_NOTICE_ALLOW_NETWORKS = []
    client = logged_in(make_user("alice"))
    refused = [
        ({"webhook_url": "ftp://chat.example.org/hook"}, "http"),
        ({"webhook_url": "http://127.0.0.1:8000/hook"}, "public"),  # this machine
        ({"webhook_url": "http://10.1.2.3/hook"}, "public"),  # a private network
        ({"webhook_url": "http://169.254.169.254/latest/meta-data"}, "public"),  # link-local (cloud metadata)
        ({"webhook_url": "not a url"}, "http"),
        ({"webhook_url": "https://" + "a" * 500 + ".org/"}, "500"),
        (
            {"turn_based": False, "turn_seconds": None, "deadline_rule": "", "webhook_url": "https://93.184.216.34/h"},
            "turn-based",
        ),
    ]
    for change, words in refused:
        answer = client.post("/api/tables/", {**TURN_BASED, **change}, format="json")
        body = answer.json()
        assert answer.status_code == 400, (change, body)
        assert body.get("code") == "bad_webhook" or "webhook_url" in body, (change, body)
        assert words in json.dumps(body), (change, body)
    assert not Table.objects.exists()


def test_a_table_webhook_is_kept_and_never_shown_back(make_user, receiver):
    alice, bob = make_user("alice"), make_user("bob")
    url = receiver.url("/table-hook?token=secret-part")
    made = logged_in(alice).post("/api/tables/", {**TURN_BASED, "webhook_url": f"  {url} "}, format="json")
    assert made.status_code == 201, made.json()
    assert Table.objects.get(pk=made.json()["id"]).webhook_url == url
    for client in (logged_in(alice), logged_in(bob)):
        shown = client.get(f"/api/tables/{made.json()['id']}/").content.decode() + json.dumps(made.json())
        assert "secret-part" not in shown and "table-hook" not in shown
    empty = logged_in(bob).post("/api/tables/", {**TURN_BASED, "webhook_url": ""}, format="json")
    assert empty.status_code == 201 and Table.objects.get(pk=empty.json()["id"]).webhook_url == ""


def test_each_turn_of_the_table_is_posted_to_its_webhook(make_user, receiver):
    """bob chose no notice at all; the table's webhook still gets his turn,
    once, with its idempotency key, his name, the link and no hidden card."""
    alice, bob = make_user("alice", "Alice"), make_user("bob", "Bob")
    table = services.create_table(alice, **{**TURN_BASED, "webhook_url": receiver.url("/table")})
    services.take_seat(table.pk, bob, 1)
    services.update_seat(table.pk, alice, heroes=["troq_bashar"], ready=True)
    services.update_seat(table.pk, bob, heroes=["river_montoya"], ready=True)
    match = services.start_table(table.pk, alice, seed=9).match
    assert wait_for(lambda: len(receiver.got) == 1)  # alice's first turn
    apply_match_action(match.pk, alice.pk, {"type": "end_main"}, 0)
    tech = next(a for a in rules.legal_actions(row_now(match.pk).state, 0) if a["type"] == "tech")
    apply_match_action(match.pk, alice.pk, tech, 1)  # the game now waits on bob
    assert wait_for(lambda: Notice.objects.filter(match=match, status="sent").count() == 2)
    rows = list(Notice.objects.filter(match=match).order_by("version"))
    assert [(row.channel, row.seat, row.user_id) for row in rows] == [(TABLE, 0, alice.pk), (TABLE, 1, alice.pk)]
    assert [entry["headers"]["idempotency-key"] for entry in receiver.got] == [row.key for row in rows]
    assert {entry["path"] for entry in receiver.got} == {"/table"}
    text = json.loads(receiver.got[1]["body"])["content"]
    assert f"It is Bob's turn in match {match.pk}" in text and "Alice and Bob" in text
    assert f"/match/{match.pk}/" in text and "/notices/stop/" not in text
    assert leaks([text], set(), set().union(*hidden_cards(current_state(row_now(match.pk))))) == []


def test_the_table_webhook_is_told_while_the_player_looks_and_their_own_channels_wait(make_user, receiver):
    """The merge of "held while you look" with the table's webhook: bob has
    the match open, so his own e-mail is held (due after the look grace),
    but the table's chat (read by all the table) hears his turn at once;
    with CODEX_NOTICES_WHILE_LOOKING (the soak's) his own channel is due at
    once too."""
    alice, bob = make_user("alice", "Alice"), make_user("bob", "Bob")
    wants_mail(bob)
    table = services.create_table(alice, **{**TURN_BASED, "webhook_url": receiver.url("/table")})
    services.take_seat(table.pk, bob, 1)
    services.update_seat(table.pk, alice, heroes=["troq_bashar"], ready=True)
    services.update_seat(table.pk, bob, heroes=["river_montoya"], ready=True)
    match = services.start_table(table.pk, alice, seed=9).match
    LiveSocket.objects.create(channel="w!1", user=bob, match=match, seat=1, alive_at=timezone.now())
    assert [row.channel for row in Notice.objects.filter(match=match)] == [TABLE]  # alice's first turn
    outbox.write_turn(match.pk, 1, None)
    now = timezone.now()
    due = {row.channel: row.next_try <= now for row in Notice.objects.filter(match=match, seat=1)}
    assert due == {EMAIL: False, TABLE: True}
    with override_settings(CODEX_NOTICES_WHILE_LOOKING=True):
        Match.objects.filter(pk=match.pk).update(version=F("version") + 1)  # a later turn of bob's
        outbox.write_turn(match.pk, 1, None)
    later = Notice.objects.filter(match=match, seat=1, version=F("match__version"))
    assert sorted((row.channel, row.next_try <= timezone.now()) for row in later) == [(EMAIL, True), (TABLE, True)]
