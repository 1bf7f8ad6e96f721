"""Account pages: sign up, log in, log out, CSRF on forms, login-only pages."""

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.server.lobbykit import started

pytestmark = pytest.mark.django_db


def test_signup_creates_account_with_display_name_and_logs_in(client, django_user_model):
    response = client.post(
        reverse("signup"),
        {"username": "alice", "display_name": "Alice A.", "password1": "a-Long-pass-42", "password2": "a-Long-pass-42"},
    )
    assert response.status_code == 302 and response.url == reverse("lobby")
    user = django_user_model.objects.get(username="alice")
    assert user.public_name == "Alice A."
    assert client.get(reverse("lobby")).status_code == 200


def test_signup_rejects_mismatched_passwords(client, django_user_model):
    response = client.post(
        reverse("signup"), {"username": "bob", "password1": "a-Long-pass-42", "password2": "other-pass-42"}
    )
    assert response.status_code == 200
    assert not django_user_model.objects.filter(username="bob").exists()


def test_login_and_logout(client, make_user):
    make_user("carol")
    response = client.post(reverse("login"), {"username": "carol", "password": "pw-secret-123"})
    assert response.status_code == 302
    assert client.get(reverse("lobby")).status_code == 200
    assert client.post(reverse("logout")).status_code == 302
    assert client.get(reverse("lobby")).status_code == 302


def test_pages_need_login(client):
    response = client.get(reverse("lobby"))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_forms_enforce_csrf(make_user):
    make_user("dave")
    strict = Client(enforce_csrf_checks=True)
    assert strict.post(reverse("login"), {"username": "dave", "password": "pw-secret-123"}).status_code == 403
    assert strict.post(reverse("signup"), {"username": "eve"}).status_code == 403
    page = strict.get(reverse("login"))
    token = page.cookies["csrftoken"].value
    response = strict.post(
        reverse("login"), {"username": "dave", "password": "pw-secret-123", "csrfmiddlewaretoken": token}
    )
    assert response.status_code == 302


def test_display_name_is_escaped_in_pages(client, make_user):
    user = make_user("mallory", display_name="<script>alert(1)</script>")
    client.force_login(user)
    body = client.get(reverse("lobby")).content.decode()
    assert "<script>alert(1)</script>" not in body
    assert "&lt;script&gt;" in body


# Ways a page's script could turn text into markup: assigning HTML (other
# than clearing with ""), inserting it, or writing it.
HTML_SINKS = re.compile(
    r"\.(?:innerHTML|outerHTML)\s*\+?=(?!\s*(?:\"\"|''|``)\s*;)|insertAdjacentHTML|"
    r"document\.write|\.html\(|createContextualFragment|DOMParser"
)


def test_display_name_is_escaped_on_the_match_and_replay_pages(client, make_user):
    """The tester's F6 of issue 27: a name such as ``<script>`` is fine as
    long as every page shows it as text. The pages hold it escaped (the
    match's own page and the lobby), and the pages' scripts, which show the
    names the server sends (the lobby's lists, the match's players and
    log), never write HTML: every name is set as text."""
    mallory = make_user("mallory", display_name="<script>alert(1)</script>")
    match = started([mallory, make_user("bob")])
    client.force_login(mallory)
    for url in (reverse("lobby"), reverse("match", args=[match.pk])):
        body = client.get(url).content.decode()
        assert "<script>alert(1)</script>" not in body
    scripts = sorted((settings.BASE_DIR / "static" / "js").glob("*.js"))
    assert scripts
    writers = [f"{path.name}: {m.group(0)}" for path in scripts for m in HTML_SINKS.finditer(path.read_text())]
    assert not writers, writers


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


@pytest.mark.parametrize("taken", ["Alice", "alice", "  ALICE ", "bob"])
def test_signup_refuses_a_name_someone_already_shows(client, make_user, django_user_model, taken):
    """Nobody may appear at a table under another player's name: display
    names are unique ignoring case and spaces around, and may not be another
    account's username either (a name shown when no display name is set)."""
    make_user("alice", display_name="Alice")
    django_user_model.objects.create_user(username="bob", password="pw-secret-123")  # no display name
    response = signup_as(client, "mallory", taken)
    assert response.status_code == 200 and "already" in response.content.decode()
    assert not django_user_model.objects.filter(username="mallory").exists()


# Invisible characters ("Bob\u200b", a bidi override) are dropped, as from every
# name a player writes (issue 27; tests/server/test_names.py), not refused.
@pytest.mark.parametrize("bad", ["", "   ", "A", "x" * 25, "<b>Bob</b>", "\u200b\u200b\u200b"])
def test_signup_refuses_empty_short_long_or_odd_names(client, django_user_model, bad):
    response = signup_as(client, "mallory", bad)
    assert response.status_code == 200
    assert not django_user_model.objects.filter(username="mallory").exists()


def test_signup_tidies_spaces_in_a_name(client, django_user_model):
    assert signup_as(client, "zoe", "  Zoë   the \n Brave ").status_code == 302
    assert django_user_model.objects.get(username="zoe").display_name == "Zoë the Brave"
