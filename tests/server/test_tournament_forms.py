"""Every tournament form refuses bad input with a sentence and changes
nothing (issue 33, "Measured": "every form refuses bad input with a
sentence (names, sizes, dates in the past, a full tournament, signing up
twice)"): the new-tournament form field by field, and the sign-up, drop and
start buttons of a tournament's page in every state that refuses them.
test_tournaments.py and test_tournament_bots.py check the services' codes."""

from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client

from tests.server.test_tournaments import event
from tournaments import services
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

LATER = (datetime.now(UTC) + timedelta(days=3)).strftime("%Y-%m-%dT%H:%M")
GOOD = {
    "name": "Spring Swiss",
    "mode": "1hero",
    "format": "swiss",
    "rounds": "3",
    "max_players": "8",
    "signup_closes": LATER,
    "pace": "live",
    "round_hours": "2",
    "strikes": "3",
}


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def text(page) -> str:
    return page.content.decode()


@pytest.mark.parametrize(
    ("changes", "sentence"),
    [
        ({"name": "ab"}, "3 to 60 characters long"),
        ({"name": "x" * 61}, "3 to 60 characters long"),
        ({"name": "\u200b\u200b\u200b"}, "3 to 60 characters long"),
        ({"mode": "ffa"}, "A tournament plays two players a match"),
        ({"format": "ladder"}, "Choose Swiss, round robin or single elimination"),
        ({"rounds": "13"}, "A Swiss tournament plays 1 to 12 rounds"),
        ({"rounds": "three"}, "The number of rounds must be a whole number"),
        ({"max_players": "129"}, "A tournament takes 2 to 128 players"),
        ({"max_players": "1"}, "A tournament takes 2 to 128 players"),
        ({"max_players": "3"}, "A Swiss of 3 rounds needs room for 4 players at least"),
        ({"max_players": ""}, "The number of players must be a whole number"),
        ({"signup_closes": "2001-01-01T10:00"}, "The sign-up must close in the future, not in the past"),
        ({"signup_closes": "2999-01-01T10:00"}, "The sign-up must close within a year"),
        ({"signup_closes": "next week"}, "Give the time the sign-up closes as a date and a time"),
        ({"pace": ""}, "Choose a pace: live or turn-based"),
        ({"round_hours": "5"}, "A live round lasts 1, 2, 3, 4, 6, 12, 24 hours"),
        ({"pace": "turn_based", "move_seconds": "60", "round_days": "7"}, "A turn-based tournament gives 1 hour"),
        ({"pace": "turn_based", "move_seconds": "86400", "round_days": "4"}, "A turn-based round lasts 1, 2, 3, 5"),
        (
            {"pace": "turn_based", "move_seconds": str(14 * 86400), "round_days": "7"},
            "at least as long as the time for one move",
        ),
        ({"strikes": "0"}, "A player is out after 1 to 5 missed deadlines"),
    ],
)
def test_the_new_tournament_form_refuses_bad_input_with_a_sentence(make_user, changes, sentence):
    page = client_of(make_user("formorg")).post("/tournaments/new/", {**GOOD, **changes})
    assert page.status_code == 400 and sentence in text(page)
    assert 'id="tournament-error" role="alert"' in text(page)
    assert not Tournament.objects.exists()


def test_the_form_creates_a_good_event_and_refuses_a_sixth_unfinished_one(make_user):
    client = client_of(make_user("busyorg"))
    for i in range(services.OPEN_PER_ORGANISER):
        made = client.post("/tournaments/new/", {**GOOD, "name": f"Cup {i}"})
        assert made.status_code == 302
    page = client.post("/tournaments/new/", {**GOOD, "name": "One more"})
    assert page.status_code == 409 and "You already run 5 tournaments: finish one first" in text(page)
    assert Tournament.objects.count() == services.OPEN_PER_ORGANISER


def test_the_tournament_page_refuses_each_button_out_of_turn_with_a_sentence(make_user):
    org, ann, bo, cy = make_user("btnorg"), make_user("btnann"), make_user("btnbo"), make_user("btncy")
    t = event(org, format="round_robin", max_players=3, mode="c23")
    base = f"/tournaments/{t.pk}"
    page = client_of(ann).post(f"{base}/signup/", {"deck": "purple"}, follow=True)
    assert page.status_code == 400 and "Bring a starter deck" in text(page)
    page = client_of(ann).post(f"{base}/drop/", follow=True)
    assert page.status_code == 409 and "You are not signed up for this tournament" in text(page)
    assert client_of(ann).post(f"{base}/signup/", {"deck": ""}, follow=True).status_code == 200
    page = client_of(ann).post(f"{base}/signup/", {"deck": ""}, follow=True)
    assert page.status_code == 409 and "You are already signed up for this tournament" in text(page)
    page = client_of(ann).post(f"{base}/start/", follow=True)
    assert page.status_code == 403 and "Only the organiser starts the tournament" in text(page)
    page = client_of(org).post(f"{base}/start/", follow=True)
    assert page.status_code == 409 and "1 signed up: this tournament needs 2 players to start" in text(page)
    client_of(bo).post(f"{base}/signup/", {"deck": ""}, follow=True)
    client_of(cy).post(f"{base}/signup/", {"deck": ""}, follow=True)
    page = client_of(org).post(f"{base}/signup/", {"deck": ""}, follow=True)
    assert page.status_code == 409 and "This tournament is full: 3 players have signed up" in text(page)
    assert client_of(org).post(f"{base}/start/", follow=True).status_code == 200
    page = client_of(org).post(f"{base}/start/", follow=True)
    assert page.status_code == 409 and "This tournament has already started" in text(page)
    page = client_of(org).post(f"{base}/signup/", {"deck": ""}, follow=True)
    assert page.status_code == 409 and "This tournament has started: its sign-up is closed" in text(page)
    client_of(cy).post(f"{base}/drop/", follow=True)
    page = client_of(cy).post(f"{base}/drop/", follow=True)
    assert page.status_code == 409 and "You are already out of this tournament" in text(page)
    assert Entry.objects.filter(tournament=t).count() == 3 and Entry.objects.filter(dropped=True).count() == 1
    assert client_of(ann).post("/tournaments/999/signup/", {"deck": ""}, follow=True).status_code == 404
