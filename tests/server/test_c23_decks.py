"""The C-23 deck builder's endpoints and deck_for_seat (issue 18, house rule K1):
owner-only, K1 checked on the server (game.c23.validate_deck), bad input refused."""

import json

import pytest
from rest_framework.test import APIClient

from decks.models import Deck
from decks.services import DeckError, deck_for_seat
from game.c23 import new_game
from game.c23.cards import starter

pytestmark = pytest.mark.django_db


def counts(names):
    out = {}
    for n in names:
        out[n] = out.get(n, 0) + 1
    return out


RED = counts(starter("red"))


def post(client, body):
    return client.post("/api/decks/", json.dumps(body), content_type="application/json")


def test_save_list_rename_delete(api):
    alice = api("alice")
    made = post(alice, {"name": "Fire", "cards": RED})
    assert made.status_code == 201, made.content
    deck_id = made.json()["id"]
    assert made.json()["size"] == 40 and made.json()["problems"] == []
    assert [d["name"] for d in alice.get("/api/decks/").json()] == ["Fire"]
    renamed = alice.patch(f"/api/decks/{deck_id}/", {"name": "Blaze"}, format="json")
    assert renamed.status_code == 200 and renamed.json()["name"] == "Blaze"
    assert renamed.json()["cards"] == RED
    assert alice.delete(f"/api/decks/{deck_id}/").status_code == 204
    assert alice.get("/api/decks/").json() == []


def test_someone_elses_deck_is_not_found(api, django_user_model):
    alice, bob = api("alice"), api("bob")
    deck_id = post(alice, {"name": "Fire", "cards": RED}).json()["id"]
    assert bob.get(f"/api/decks/{deck_id}/").status_code == 404
    assert bob.patch(f"/api/decks/{deck_id}/", {"name": "Mine"}, format="json").status_code == 404
    assert bob.delete(f"/api/decks/{deck_id}/").status_code == 404
    assert bob.get("/api/decks/").json() == []
    assert Deck.objects.get(pk=deck_id).name == "Fire"
    with pytest.raises(DeckError) as err:
        deck_for_seat(django_user_model.objects.get(username="bob"), deck_id)
    assert err.value.code == "no_such_deck"


def test_anonymous_is_refused(db):
    anon = APIClient()
    assert anon.get("/api/decks/").status_code == 403
    assert post(anon, {"name": "Fire", "cards": RED}).status_code == 403


@pytest.mark.parametrize(
    "cards, code",
    [
        ({**RED, "Cinder Vein": 5}, "too_many_copies"),
        ({**RED, "Cinder Vein": RED["Cinder Vein"] - 1}, "deck_too_small"),
        ({**RED, "Not A Card": 1}, "unknown_card"),
    ],
)
def test_k1_is_checked_on_the_server(api, cards, code):
    alice = api("alice")
    answer = post(alice, {"name": "Bad", "cards": cards})
    assert answer.status_code == 400
    assert answer.json()["code"] == "illegal_deck"
    assert code in [p["code"] for p in answer.json()["problems"]]
    assert not Deck.objects.exists()
    checked = alice.post("/api/decks/check/", {"cards": cards}, format="json").json()
    assert code in [p["code"] for p in checked["problems"]]


def test_a_39_card_deck_says_why(api):
    cards = dict(RED)
    first = next(iter(cards))
    cards[first] -= 1
    answer = api("alice").post("/api/decks/check/", {"cards": cards}, format="json").json()
    assert answer["size"] == 39
    assert answer["problems"] == [
        {"code": "deck_too_small", "message": "A deck needs at least 40 cards; this one has 39."}
    ]


@pytest.mark.parametrize(
    "body",
    [
        {"name": "X", "cards": ["Cinder Vein"] * 40},  # a list, not counts
        {"name": "X", "cards": {"Cinder Vein": 10**9}},  # a count that would expand into a huge list
        {"name": "X", "cards": {"Cinder Vein": "4"}},
        {"name": "X", "cards": {"Cinder Vein": True}},
        {"name": "X", "cards": {"Cinder Vein": -1}},
        {"name": "X", "cards": {f"card {i}": 1 for i in range(5000)}},  # a huge payload
        {"name": "X", "cards": {"x" * 10000: 40}},
        {"name": "", "cards": RED},
        {"name": "y" * 61, "cards": RED},
        {"name": ["Fire"], "cards": RED},
        {"cards": RED},
        {"name": "X"},
    ],
)
def test_bad_input_is_refused(api, body):
    answer = post(api("alice"), body)
    assert answer.status_code == 400
    assert answer.json()["code"] in ("bad_deck", "bad_name")
    assert not Deck.objects.exists()


def test_a_body_that_is_not_an_object(api):
    alice = api("alice")
    answer = alice.post("/api/decks/", "[1, 2]", content_type="application/json")
    assert answer.status_code == 400


def test_names_are_unique_per_owner(api):
    alice, bob = api("alice"), api("bob")
    assert post(alice, {"name": "Fire", "cards": RED}).status_code == 201
    assert post(alice, {"name": " Fire ", "cards": RED}).json()["code"] == "name_taken"
    assert post(bob, {"name": "Fire", "cards": RED}).status_code == 201


def test_a_change_that_breaks_k1_is_refused_and_keeps_the_deck(api):
    alice = api("alice")
    deck_id = post(alice, {"name": "Fire", "cards": RED}).json()["id"]
    answer = alice.patch(f"/api/decks/{deck_id}/", {"cards": {"Cinder Vein": 4}}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "illegal_deck"
    assert Deck.objects.get(pk=deck_id).cards == RED


def test_deck_for_seat_starts_a_game(api, django_user_model):
    alice = api("alice")
    mixed = dict(RED)
    mixed.pop("Cinder Vein")
    mixed["Tide Pool"] = RED["Cinder Vein"]
    deck_id = post(alice, {"name": "Mixed", "cards": mixed}).json()["id"]
    user = django_user_model.objects.get(username="alice")
    names = deck_for_seat(user, deck_id)
    assert counts(names) == mixed
    assert deck_for_seat(user, str(deck_id)) == names
    assert deck_for_seat(user, "blue") == starter("blue")
    state = new_game(
        {"game": "c23", "seed": 5, "seats": [{"name": "A", "deck": names}, {"name": "B", "deck": "green"}]}
    )
    seat0 = state["players"][0]
    assert len(seat0["deck"]) + len(seat0["hand"]) == 40


@pytest.mark.parametrize("bad", ["purple", "", None, True, 10**30, "12abc", "٣", [1]])
def test_deck_for_seat_refuses_what_is_no_deck(api, django_user_model, bad):
    api("alice")
    with pytest.raises(DeckError) as err:
        deck_for_seat(django_user_model.objects.get(username="alice"), bad)
    assert err.value.code == "no_such_deck"


def test_deck_for_seat_checks_k1_again(api, django_user_model):
    alice = api("alice")
    deck_id = post(alice, {"name": "Fire", "cards": RED}).json()["id"]
    Deck.objects.filter(pk=deck_id).update(cards={"Cinder Vein": 4})  # a deck saved under an older pool
    with pytest.raises(DeckError) as err:
        deck_for_seat(django_user_model.objects.get(username="alice"), deck_id)
    assert err.value.code == "illegal_deck"


def test_the_page_needs_a_login_and_shows_the_pool(client, make_user):
    assert client.get("/decks/").status_code == 302
    client.force_login(make_user("alice"))
    page = client.get("/decks/").content.decode()
    assert "this server&#x27;s own invention" in page or "this server's own invention" in page
    assert "Inferno Drake" in page and "/c23/how-to-play/" in page
    assert client.get("/c23/how-to-play/").status_code == 200


@pytest.mark.parametrize(
    "sent, kept",
    [
        ("Fire\x00", "Fire"),  # a NUL (PostgreSQL refuses it: a 500)
        ("\u202eeriF", "eriF"),  # a right-to-left override that turns the table's text
        ("Fi\u200bre\u2066", "Fire"),  # zero-width space, bidi isolate
        ("Fire\nand\tice", "Fire and ice"),  # one line
        ("Fire\u0007 ", "Fire"),  # other control characters
        ("Fir" + "e" + "\u0301" * 40, "Fir\u00e9\u0301"),  # a pile of accents: 2 stay
        ("\uff26\uff49\uff52\uff45", "Fire"),  # full-width letters: their plain form
    ],
)
def test_a_deck_name_is_cleaned_as_other_names(api, django_user_model, sent, kept):
    """Issue 27 point 4: the name is kept (and shown at a table) as lobby.names.clean_name makes it.
    (A lone surrogate never reaches it: the API's parser refuses it, tests/server/test_api_strings.py.)"""
    alice = api("alice")
    answer = alice.post("/api/decks/", json.dumps({"name": sent, "cards": RED}), content_type="application/json")
    assert answer.status_code == 201 and answer.json()["name"] == kept
    deck = Deck.objects.get()
    assert deck.name == kept
    alice.post("/api/tables/", {"mode": "c23", "deck": str(deck.pk)}, format="json")
    seat = django_user_model.objects.get(username="alice").seat_set.get()
    assert seat.deck["name"] == kept


@pytest.mark.parametrize(
    "sent",
    [
        "\u200b\u200b\u200b",
        "\u3164\u3164",
        "\u202e",
        "\u0301\u0301",
        "Red starter",
        "blue STARTER",
        # shown at a seat as if the site said it (the tester's F6 of issue 27)
        "You",
        "You.",
        "Greedy bot",
        "Random bot 2",
        "greedy_bot 12",
        "seat 3",
    ],
)
def test_a_deck_name_that_shows_nothing_or_a_starter_is_refused(api, sent):
    alice = api("alice")
    answer = alice.post("/api/decks/", json.dumps({"name": sent, "cards": RED}), content_type="application/json")
    assert answer.status_code == 400 and answer.json()["code"] == "bad_name"
    assert not Deck.objects.exists()
    deck_id = post(alice, {"name": "Fire", "cards": RED}).json()["id"]
    renamed = alice.patch(f"/api/decks/{deck_id}/", json.dumps({"name": sent}), content_type="application/json")
    assert renamed.status_code == 400 and Deck.objects.get().name == "Fire"


@pytest.mark.django_db(transaction=True)
def test_names_saved_before_are_cleaned_by_the_migration(make_user):
    """Decks saved with a bidi override, zero-width characters only, a
    starter's name or a name that clashes once cleaned get a clean one."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    alice = make_user("alice")
    executor = MigrationExecutor(connection)
    executor.migrate([("decks", "0001_saved_c23_decks")])
    executor.loader.build_graph()
    old = executor.loader.project_state([("decks", "0001_saved_c23_decks")]).apps.get_model("decks", "Deck")
    made = {
        name: old.objects.create(owner_id=alice.pk, name=name, cards=RED).pk
        for name in ("\u202eeriF", "\u200b\u200b", "Red starter", "Ice", "Ice\u200b", "Fine")
    }
    executor = MigrationExecutor(connection)
    executor.migrate([("decks", "0002_clean_deck_names")])
    names = {made[name]: Deck.objects.get(pk=made[name]).name for name in made}
    assert names[made["\u202eeriF"]] == "eriF" and names[made["Fine"]] == "Fine" and names[made["Ice"]] == "Ice"
    assert names[made["\u200b\u200b"]] == f"Deck {made[chr(0x200B) * 2]}"
    assert names[made["Red starter"]] == f"Deck {made['Red starter']}"
    assert names[made["Ice\u200b"]] == f"Ice ({made['Ice' + chr(0x200B)]})"
