"""Look-alike names (issue 11, finding 8): a display name that looks like one
another account shows is refused, at sign-up, through the API and in the
database itself."""

import json

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from lobby.names import name_keys

pytestmark = pytest.mark.django_db

CYRILLIC_A = "\u0430"


def signup_as(client, username, display_name):
    return client.post(
        reverse("signup"),
        {
            "username": username,
            "display_name": display_name,
            "password1": "a-Long-pass-42",
            "password2": "a-Long-pass-42",
        },
    )


@pytest.mark.parametrize(
    "shown, look_alike",
    [
        ("sec_auth_a", "sec_auth_" + CYRILLIC_A),  # one Cyrillic letter among Latin ones
        ("sec_auth_a", "\uff53\uff45\uff43\uff3f\uff41\uff55\uff54\uff48\uff3f\uff41"),  # full-width Latin
        ("Alice", "\U0001d400\U0001d425\U0001d422\U0001d41c\U0001d41e"),  # mathematical bold
        ("scope", "\u0455\u0441\u043e\u0440\u0435"),  # every letter Cyrillic
        ("Bill", "BiII"),  # capital I for small l
        ("Paul", "Pau1"),  # digit one for small l
        ("Alice", "ALICE"),  # case, as before
        # Spaces, punctuation and accents (the tester's F6 of issue 27; docs/RULINGS.md "Look-alike names").
        ("Miragioo", "Miragioo."),
        ("Miragioo", "Miragioo_"),
        ("Miragioo", "Mi ragioo"),
        ("Miragioo", "M\u00edrag\u00edoo"),
        ("Zoe", "Zo\u00eb"),
        ("Ann Lee", "Ann-Lee"),
    ],
)
def test_signup_refuses_a_look_alike_of_a_shown_name(client, make_user, django_user_model, shown, look_alike):
    make_user("first", display_name=shown)
    response = signup_as(client, "mallory", look_alike)
    assert response.status_code == 200 and "already uses" in response.content.decode()
    assert not django_user_model.objects.filter(username="mallory").exists()


def test_a_look_alike_of_a_username_shown_as_the_name_is_refused(client, django_user_model):
    django_user_model.objects.create_user(username="bob", password="pw-secret-123")  # shown as "bob"
    response = signup_as(client, "mallory", "b\u043eb")  # Cyrillic o
    assert response.status_code == 200 and "already uses" in response.content.decode()


def test_the_api_refuses_a_look_alike_too(api):
    api("alice")
    bob = api("bob")
    response = bob.patch("/api/me/", {"display_name": CYRILLIC_A + "lice"}, format="json")
    assert response.status_code == 400 and "already uses" in str(response.json()["display_name"])
    assert bob.get("/api/me/").json()["display_name"] == "Bob"


@pytest.mark.parametrize("first, second", [("Eli", "Ell"), ("Ann", "Anna"), ("Jo", "Io"), ("Miragioo", "Miragio")])
def test_names_that_only_resemble_each_other_stay_free(client, make_user, django_user_model, first, second):
    make_user("first", display_name=first)
    assert signup_as(client, "second", second).status_code == 302
    assert django_user_model.objects.get(username="second").display_name == second


def test_a_name_is_stored_in_its_plain_form(client, django_user_model):
    """Full-width or mathematical letters are stored as the letters they stand for (NFKC)."""
    assert signup_as(client, "zed", "\uff3a\uff45\uff44 \U0001d7d0").status_code == 302
    assert django_user_model.objects.get(username="zed").display_name == "Zed 2"


def test_the_database_refuses_two_look_alikes_saved_at_once(django_user_model):
    """The check before saving can lose a race; the unique keys cannot."""
    django_user_model.objects.create_user(username="one", password="x", display_name="sec_auth_a")
    with pytest.raises(IntegrityError), transaction.atomic():
        django_user_model.objects.create_user(username="two", password="x", display_name="SEC_AUTH_" + CYRILLIC_A)
    with pytest.raises(IntegrityError), transaction.atomic():
        django_user_model.objects.create_user(username="three", password="x", display_name="sec_auth_\uff41")


def test_keys_follow_a_changed_name(django_user_model):
    user = django_user_model.objects.create_user(username="kim", password="x", display_name="Kim")
    user.display_name = "Kimberly"
    user.save(update_fields=["display_name"])
    user.refresh_from_db()
    assert (user.name_key, user.shape_key) == name_keys("Kimberly")
    # the old name is free again
    django_user_model.objects.create_user(username="other", password="x", display_name="Kim")


def test_the_migration_keys_existing_accounts_and_drops_later_look_alikes(django_user_model):
    """Accounts from before the keys: the oldest keeps a clashing name, a
    later look-alike shows its username instead (lobby migration 0003)."""
    from importlib import import_module

    from django.apps import apps

    fill_keys = import_module("lobby.migrations.0003_name_keys").fill_keys
    django_user_model.objects.bulk_create(
        [  # bulk_create skips save(): no keys, as before the migration
            django_user_model(username="first", display_name="sec_auth_a"),
            django_user_model(username="second", display_name="sec_auth_" + CYRILLIC_A),
            django_user_model(username="third", display_name=""),
        ]
    )
    fill_keys(apps, None)
    users = {u.username: u for u in django_user_model.objects.all()}
    assert users["first"].display_name == "sec_auth_a"
    assert (users["first"].name_key, users["first"].shape_key) == name_keys("sec_auth_a")
    assert users["second"].display_name == "" and users["second"].name_key == name_keys("second")[0]
    assert users["third"].shape_key == name_keys("third")[1]


def test_the_migration_to_letters_only_keys_drops_later_look_alikes(django_user_model):
    """Accounts keyed before spacing and punctuation were dropped (lobby
    migration 0012): the older "Miragioo" keeps its name, the later
    "Miragioo." shows its username instead; every key is the new one."""
    from importlib import import_module

    from django.apps import apps

    django_user_model.objects.bulk_create(
        [  # their keys as the older keys made them: distinct
            django_user_model(username="first", display_name="Miragioo", name_key="miragioo", shape_key="miragioo"),
            django_user_model(username="second", display_name="Miragioo.", name_key="miragioo.", shape_key="miragioo."),
            django_user_model(username="third", display_name="Ann Lee", name_key="ann lee", shape_key="ann lee"),
        ]
    )
    import_module("lobby.migrations.0012_bare_name_keys").refill_keys(apps, None)
    users = {u.username: u for u in django_user_model.objects.all()}
    assert users["first"].display_name == "Miragioo" and users["second"].display_name == ""
    assert (users["second"].name_key, users["second"].shape_key) == name_keys("second")
    assert (users["third"].name_key, users["third"].shape_key) == name_keys("Ann Lee") == ("annlee", "annlee")


def _admin_change(client, django_user_model, user, **changes):
    """POST the admin's change form of ``user`` with ``changes`` as a staff member would."""
    staff = django_user_model.objects.create_superuser(
        username="root", password="pw-secret-123", email="root@example.org"
    )
    client.force_login(staff)
    data = {
        "username": user.username,
        "display_name": user.display_name,
        "is_active": "on",
        "date_joined_0": "2026-12-01",
        "date_joined_1": "12:00:00",
        **changes,
    }
    return client.post(reverse("admin:lobby_user_change", args=[user.pk]), data)


@pytest.mark.parametrize(
    "changes",
    [
        {"display_name": "Al" + CYRILLIC_A + "n"},  # looks like another player's shown name
        {"display_name": "", "username": "ALAN"},  # no display name: the username is shown, and clashes
    ],
)
def test_the_admin_refuses_a_look_alike_with_a_form_error(client, make_user, django_user_model, changes):
    make_user("first", display_name="Alan")
    victim = make_user("second", display_name="Bea")
    response = _admin_change(client, django_user_model, victim, **changes)
    assert response.status_code == 200, response.status_code  # the form again, not a server error
    assert "already uses" in response.content.decode()
    victim.refresh_from_db()
    assert victim.public_name == "Bea"


def test_the_admin_still_saves_a_free_name(client, make_user, django_user_model):
    victim = make_user("second", display_name="Bea")
    response = _admin_change(client, django_user_model, victim, display_name="Beatrix")
    assert response.status_code == 302
    victim.refresh_from_db()
    assert victim.public_name == "Beatrix"


def test_the_admin_keeps_a_username_shown_as_the_name_to_its_own_rules(client, make_user, django_user_model):
    victim = make_user("second", display_name="Bea")
    response = _admin_change(client, django_user_model, victim, display_name="", username="bea@home")
    assert response.status_code == 302  # "@" is fine in a username, not in a display name
    victim.refresh_from_db()
    assert victim.public_name == "bea@home"


@pytest.mark.parametrize(
    "name",
    [
        "Greedy bot",
        "Random bot",
        "You",
        "you",
        "Y\u043eu",
        "Greedy bot 2",
        "RANDOM BOT 5",
        "seat 1",
        "Team 0",
        "Gr\u0435edy b\u043et",
        # The tester's F6 of issue 27: any number, other digits, spacing, punctuation.
        "Greedy bot 6",
        "Greedy bot 9",
        "Greedy bot 05",
        "Greedy bot \u0663",
        "Random bot 6",
        "seat 6",
        "seat 9",
        "team 12",
        "Greedy_bot",
        "Greedy-bot",
        "Greedybot",
        "Greedy bot.",
        "Greedy.bot",
        "You.",
        "You 2",
        "Y o u",
        # Issue 30 point 5: the levels' bots.
        "Easy bot",
        "Normal bot 2",
        "HARD BOT",
        # The puzzles' opponent (lobby.names PUZZLE_OPPONENT).
        "Puzzle",
        "PUZZLE 2",
        "Puzz1e",
    ],
)
def test_names_the_site_shows_are_reserved(client, api, django_user_model, name):
    """Issue 27 point 10: nobody signs up (or renames themselves) as a bot, "You" or a seat."""
    response = signup_as(client, "mallory", name)
    assert response.status_code == 200 and "site itself shows" in response.content.decode()
    assert not django_user_model.objects.filter(username="mallory").exists()
    bob = api("bob")
    answer = bob.patch("/api/me/", {"display_name": name}, format="json")
    assert answer.status_code == 400 and "site itself shows" in str(answer.json()["display_name"])
    assert bob.get("/api/me/").json()["display_name"] == "Bob"


@pytest.mark.parametrize("name", ["Red starter", "blue STARTER", "Green-starter", "R\u0435d starter", "Blue starter."])
def test_a_c23_starter_deck_label_is_no_display_name(client, api, django_user_model, name):
    """The tester's F9: a C-23 seat shows "Red starter" for a starter deck,
    so no player may show that name (look-alikes folded as for every name)."""
    response = signup_as(client, "mallory", name)
    assert response.status_code == 200 and "starter decks are called that" in response.content.decode()
    assert not django_user_model.objects.filter(username="mallory").exists()
    bob = api("bob")
    answer = bob.patch("/api/me/", {"display_name": name}, format="json")
    assert answer.status_code == 400 and "starter decks" in str(answer.json()["display_name"])


@pytest.mark.parametrize(
    "name", ["Yours", "Botany", "Greedy", "Seat belt", "Bot 9", "Seat", "Greedy bots", "Youssef 2", "Puzzles"]
)
def test_names_near_a_reserved_one_stay_free(client, django_user_model, name):
    assert signup_as(client, "zed", name).status_code == 302


@pytest.mark.parametrize(
    "sent, kept",
    [
        ("Bill\u200b", "Bill"),  # a zero-width space would make a second "Bill"
        ("\u202eBill", "Bill"),  # a bidi override
        ("Ann\u3164\u3164Lee", "Ann Lee"),  # blank-drawing letters are spaces
    ],
)
def test_a_display_name_loses_invisible_characters(api, sent, kept):
    """Issue 27 point 4: display names get the cleaning of every user-written name (lobby.names.clean_name)."""
    bob = api("bob")
    answer = bob.patch("/api/me/", json.dumps({"display_name": sent}), content_type="application/json")
    assert answer.status_code == 200 and answer.json()["display_name"] == kept


@pytest.mark.parametrize(
    "sent", ["\u200b\u200b\u200b", "\u3164\u3164\u3164", "\u202e\u202e", "Bi\x00ll", "Bill\ud800", "--", "._.", "' '"]
)
def test_a_display_name_of_nothing_visible_is_refused(api, sent):
    """A NUL or a lone surrogate is refused by the API's field itself (DRF), with a sentence."""
    bob = api("bob")
    answer = bob.patch("/api/me/", json.dumps({"display_name": sent}), content_type="application/json")
    assert answer.status_code == 400 and bob.get("/api/me/").json()["display_name"] == "Bob"
