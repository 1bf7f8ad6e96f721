"""Quick pairing, "Play now" (issue 33 point 3), through the API: two people
of one queue are seated and their match begins at once; queues of another
mode, pace or rating choice stay apart; near ratings first, far ones once the
wait is long; a closed page's request goes; what the lobby refuses fails the
request that caused it with the lobby's sentence; bad input changes nothing."""

from datetime import timedelta
from unittest.mock import patch

import pytest
from django.utils import timezone

from community import pairing
from community.models import PairingRequest, Rating
from decks.models import Deck
from game.models import Match, MatchPlayer
from lobby.models import Table
from tests.server.matchkit import logged_in
from tests.server.test_api_strings import red_cards

pytestmark = pytest.mark.django_db(transaction=True)

URL = "/api/pairing/"


def join(client, **body):
    return client.post(URL, {"mode": "1hero", **body}, format="json")


def test_two_players_of_one_queue_get_a_started_match_at_once(make_user):
    ann, bo = make_user("pann"), make_user("pbo")
    first = join(logged_in(ann), heroes=["troq_bashar"])
    assert first.status_code == 201 and first.json()["state"] == "waiting"
    assert first.json()["window"] == pairing.BASE and first.json()["waited"] == 0
    second = join(logged_in(bo)).json()
    assert second["state"] == "paired" and second["match_id"]
    match = Match.objects.get(pk=second["match_id"])
    seats = dict(MatchPlayer.objects.filter(match=match).values_list("user__username", "seat"))
    assert seats == {"pann": 0, "pbo": 1}  # the one who waited longer hosts, seat 0
    table = Table.objects.get(match=match)
    assert table.status == Table.Status.STARTED and not table.rated and not table.turn_based
    picked = dict(table.seats.values_list("user__username", "heroes"))
    assert picked["pann"] == ["troq_bashar"] and len(picked["pbo"]) == 1  # bo's hero drawn
    # The first player's page learns it on its next ask.
    seen = logged_in(ann).get(URL).json()
    assert (seen["state"], seen["match_id"], seen["table_id"]) == ("paired", match.pk, table.pk)


@pytest.mark.parametrize(
    "other",
    [{"mode": "3hero"}, {"rated": True}, {"turn_seconds": 86400}],
    ids=["another mode", "rated against casual", "turn-based against live"],
)
def test_other_queues_are_not_paired_together(make_user, other):
    join(logged_in(make_user("qann")))
    assert join(logged_in(make_user("qbo")), **other).json()["state"] == "waiting"
    assert not Table.objects.exists() and PairingRequest.objects.filter(table=None).count() == 2


def test_a_far_rating_waits_until_the_window_has_widened(make_user):
    ann, bo = make_user("rann"), make_user("rbo")
    Rating.objects.create(user=bo, family="codex-1hero", mu=35.0, sigma=3.0)
    join(logged_in(ann))
    assert join(logged_in(bo)).json()["state"] == "waiting"  # 10 apart, windows of 2.5
    long_ago = timezone.now() - timedelta(seconds=45)
    PairingRequest.objects.update(created=long_ago)  # both waited 45 s: windows of 12.5
    assert pairing.pair_waiting() == 1
    assert PairingRequest.objects.filter(table=None).count() == 0


def test_a_2v2_queue_seats_four_in_even_teams(make_user):
    people = [make_user(f"t{i}") for i in range(4)]
    for person, mu in zip(people, (30.0, 20.0, 25.0, 10.0), strict=True):
        Rating.objects.create(user=person, family="codex-2v2", mu=mu, sigma=3.0)
    for person in people[:3]:
        assert join(logged_in(person), mode="2hg").json()["state"] == "waiting"
    PairingRequest.objects.update(created=timezone.now() - timedelta(minutes=5))  # anyone now
    assert join(logged_in(people[3]), mode="2hg").json()["state"] == "waiting"  # its own window is narrow
    PairingRequest.objects.update(created=timezone.now() - timedelta(minutes=5))
    assert pairing.pair_waiting() == 1
    table = Table.objects.get()
    teams = {s.user.username: s.team for s in table.seats.select_related("user")}
    assert teams["t0"] == teams["t3"] != teams["t1"] == teams["t2"]  # 30 + 10 against 20 + 25


def test_a_live_request_whose_page_went_away_is_dropped(make_user):
    ann = make_user("gann")
    join(logged_in(ann))
    PairingRequest.objects.update(asked=timezone.now() - timedelta(seconds=pairing.LIVE_GONE_AFTER + 1))
    join(logged_in(make_user("gbo")))
    assert not Table.objects.exists()
    back = logged_in(ann).get(URL).json()  # back on the page: told why the wait ended
    assert back["state"] == "failed" and back["detail"] == pairing.GONE
    assert logged_in(ann).get(URL).json()["state"] == "none"  # told once


def test_a_turn_based_request_waits_with_no_page_and_the_minute_run_pairs_it(make_user):
    ann, bo = make_user("wann"), make_user("wbo")
    join(logged_in(ann), turn_seconds=86400)
    PairingRequest.objects.update(asked=timezone.now() - timedelta(days=2))  # not on the page for days
    body = join(logged_in(bo), turn_seconds=86400).json()
    assert body["state"] == "paired"
    table = Table.objects.get(pk=body["table_id"])
    assert table.turn_based and table.turn_seconds == 86400 and table.deadline_rule == "strikes"


def test_a_pick_gone_by_the_pairing_fails_that_request_and_the_others_wait_on(make_user):
    ann, bo = make_user("fann"), make_user("fbo")
    saved = Deck.objects.create(owner=bo, name="Mine", cards=red_cards())
    join(logged_in(ann), mode="c23")
    PairingRequest.objects.update(created=timezone.now() - timedelta(minutes=5))
    with patch.object(pairing, "pair_waiting"):  # bo joins with his saved deck, not paired yet
        assert join(logged_in(bo), mode="c23", deck=str(saved.pk)).status_code == 201
    saved.delete()  # gone before the pairing comes
    assert pairing.pair_waiting() == 0
    body = logged_in(bo).get(URL).json()
    assert body["state"] == "failed" and "no such deck" in body["detail"].lower()
    assert logged_in(ann).get(URL).json()["state"] == "waiting"
    assert not Table.objects.exists()  # nothing kept of the table that could not start


def test_leaving_takes_the_request_out(make_user):
    ann = logged_in(make_user("lann"))
    join(ann)
    assert ann.delete(URL).json()["state"] == "none"
    assert ann.delete(URL).status_code == 200  # nothing to leave is no error
    assert not PairingRequest.objects.exists()


@pytest.mark.parametrize(
    "body, field",
    [
        ({"mode": "chess"}, "mode"),
        ({"turn_seconds": 5}, "turn_seconds"),
        ({"heroes": "troq_bashar"}, "heroes"),
        ({"heroes": ["x" * 41]}, "heroes"),
    ],
)
def test_bad_fields_are_refused_and_change_nothing(make_user, body, field):
    answer = join(logged_in(make_user("bann")), **body)
    assert answer.status_code == 400 and field in answer.json()
    assert not PairingRequest.objects.exists()


@pytest.mark.parametrize(
    "body, code",
    [
        ({"heroes": ["nobody"]}, "bad_heroes"),
        ({"heroes": ["troq_bashar", "river_montoya"]}, "bad_heroes"),
        ({"deck": "red"}, "bad_deck"),
        ({"mode": "c23", "deck": "purple"}, "no_such_deck"),
    ],
)
def test_a_pick_the_lobby_would_refuse_is_refused_with_its_sentence(make_user, body, code):
    answer = join(logged_in(make_user("hann")), **body)
    assert answer.status_code == 400 and answer.json()["code"] == code and answer.json()["detail"]
    assert not PairingRequest.objects.exists()


def test_a_c23_pairing_brings_decks(make_user):
    join(logged_in(make_user("cann")), mode="c23", deck="red")
    body = join(logged_in(make_user("cbo")), mode="c23").json()
    assert body["state"] == "paired"
    decks = dict(Table.objects.get(pk=body["table_id"]).seats.values_list("user__username", "deck__choice"))
    assert decks["cann"] == "red" and decks["cbo"] in ("red", "blue", "green")


def test_asking_needs_an_account(client):
    assert client.get(URL).status_code == 403
