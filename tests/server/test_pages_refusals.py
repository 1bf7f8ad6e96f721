"""A page for every refusal a person can meet (issue 14, point 3): 404 of a
match they may not watch, 403, 500 and a CSRF failure in the site's own
layout with a way back; form errors marked as errors; changing one's
password through Django's own views."""

import re

import pytest
from asgiref.sync import async_to_sync
from django.test import Client
from django.urls import reverse

from tests.server.matchkit import start_match

pytestmark = pytest.mark.django_db


def log_in(client: Client, username: str, password: str) -> bool:
    """Log in through the log-in page (django-axes wants a request); True on success."""
    response = client.post(reverse("login"), {"username": username, "password": password})
    return response.status_code == 302


def logged_in_client(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def assert_site_page(response, status: int, heading: str, link_id: str = "back-to-lobby") -> str:
    """The response is a refusal page of the site's layout: its status, its
    heading, a way back (a link with ``link_id``), and no technical words."""
    page = response.content.decode()
    assert response.status_code == status
    assert 'class="site-header"' in page and 'class="panel refusal"' in page
    assert heading in page
    assert f'id="{link_id}"' in page
    for word in ("Traceback", "CSRF verification failed", "Bad Request", "Server Error (500)"):
        assert word not in page
    return page


def test_a_match_nobody_may_watch_is_a_404_page_saying_so(make_user):
    alice, bob, eve = make_user("alice"), make_user("bob"), make_user("eve")
    match = async_to_sync(start_match)([alice, bob], public=False)
    page = assert_site_page(logged_in_client(eve).get(f"/match/{match.pk}/"), 404, "You cannot watch this match")
    assert "invite link" in page
    assert_site_page(logged_in_client(eve).get("/match/999999/"), 404, "You cannot watch this match")
    # a player of that match opens it
    assert logged_in_client(alice).get(f"/match/{match.pk}/").status_code == 200


def test_an_unknown_page_and_a_dead_invite_are_404_pages(make_user):
    client = logged_in_client(make_user("alice"))
    assert_site_page(client.get("/no-such-page/"), 404, "There is nothing here")
    assert_site_page(client.get("/invite/notatoken/"), 404, "This invite link leads nowhere")


def test_a_logged_out_visitor_gets_the_404_page_with_a_log_in_link():
    page = assert_site_page(Client().get("/no-such-page/"), 404, "There is nothing here")
    assert f'href="{reverse("login")}"' in page


def test_403_and_500_pages(settings, make_user):
    settings.ROOT_URLCONF = "tests.server.refusal_urls"
    client = logged_in_client(make_user("alice"))
    assert_site_page(client.get("/test-forbidden/"), 403, "You may not open this page")
    assert_site_page(client.get("/test-broken/"), 500, "Something went wrong on our side")


def test_a_csrf_failure_is_a_page_that_says_what_to_do(make_user):
    make_user("carol")
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("login"), {"username": "carol", "password": "pw-secret-123"})
    page = assert_site_page(response, 403, "That form was out of date", link_id="reload-form")
    assert f'href="{reverse("login")}"' in page and "Nothing was changed" in page
    assert "_auth_user_id" not in client.session


def test_a_csrf_failure_of_a_button_leads_to_the_lobby(make_user):
    """A form that is no page of its own (log out, rematch): the way back is the lobby."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(make_user("dora"))
    page = assert_site_page(client.post(reverse("logout")), 403, "That form was out of date")
    assert f'href="{reverse("lobby")}"' in page and 'id="reload-form"' not in page
    assert client.get(reverse("lobby")).status_code == 200  # still logged in: nothing changed


def test_sign_up_and_log_in_errors_are_marked_as_errors(client, make_user):
    response = client.post(
        reverse("signup"),
        {"username": "bob", "display_name": "Bob", "password1": "a-Long-pass-42", "password2": "other-pass-42"},
    )
    page = response.content.decode()
    assert response.status_code == 200 and 'class="errorlist' in page and 'aria-invalid="true"' in page
    make_user("carol")
    page = client.post(reverse("login"), {"username": "carol", "password": "wrong"}).content.decode()
    assert 'class="errorlist nonfield"' in page


def test_a_player_changes_their_password(make_user):
    make_user("dora")
    client = Client()
    assert log_in(client, "dora", "pw-secret-123")
    lobby = client.get(reverse("lobby")).content.decode()
    assert f'href="{reverse("password_change")}"' in lobby
    assert client.get(reverse("password_change")).status_code == 200
    wrong = client.post(
        reverse("password_change"),
        {"old_password": "not-it", "new_password1": "n3w-Long-pass", "new_password2": "n3w-Long-pass"},
    )
    assert wrong.status_code == 200 and 'class="errorlist' in wrong.content.decode()
    response = client.post(
        reverse("password_change"),
        {"old_password": "pw-secret-123", "new_password1": "n3w-Long-pass", "new_password2": "n3w-Long-pass"},
    )
    assert response.status_code == 302 and response.url == reverse("password_change_done")
    assert "Password changed" in client.get(response.url).content.decode()
    assert client.get(reverse("lobby")).status_code == 200  # still logged in here
    other = Client()
    assert not log_in(other, "dora", "pw-secret-123")
    assert log_in(other, "dora", "n3w-Long-pass")


def test_changing_a_password_needs_a_log_in():
    response = Client().get(reverse("password_change"))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def _site_routes(patterns, prefix: str = ""):
    """Every route of the URL conf ``patterns`` (includes walked), as
    ``(address with sample values, route text)``."""
    from django.urls import URLPattern, URLResolver

    samples = {"int": "1", "str": "x", "slug": "x", "path": "x", "uuid": "00000000-0000-0000-0000-000000000000"}
    for entry in patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from _site_routes(entry.url_patterns, route)
        elif isinstance(entry, URLPattern):
            address = re.sub(r"\(\?P<\w+>[^)]*\)", "alice", route).lstrip("^").rstrip("$").replace("\\", "")
            address = re.sub(r"<(?:(\w+):)?\w+>", lambda m: samples[m.group(1) or "str"], address)
            yield "/" + address, route


def test_a_get_of_every_post_only_address_is_the_site_s_refusal_page(make_user):
    """The tester's F2: a GET of a form's POST address (a reload, the
    history) gave an empty "HTTP ERROR 405". Every route of the URL conf
    outside /api/ and /admin/, asked with GET, answers either something
    other than 405 or the 405 page in the site's layout with a way back."""
    from codexsite.urls import urlpatterns

    client = logged_in_client(make_user("alice"))
    refused = []
    for address, route in _site_routes(urlpatterns):
        if address.startswith(("/api/", "/admin/")) or route.startswith(("api/", "admin/")):
            continue
        response = client.get(address)
        if response.status_code == 405:
            assert_site_page(response, 405, "This address is a button", link_id="back-to-lobby")
            assert "POST" in response["Allow"]
            refused.append(address)
    for expected in ("/notices/test/", "/learn/start/", "/puzzles/next/", "/u/alice/follow/", "/match/1/rematch/"):
        assert expected in refused, (expected, refused)
    assert "/tournaments/1/signup/" in refused and "/friends/invite/" in refused


def test_a_form_s_post_leads_back_to_its_page_and_a_reload_shows_it(make_user):
    """Post/Redirect/Get: the tournament sign-up, refused or taken, ends on
    the tournament's own address; its sentence is said once there."""
    from tests.server.test_tournaments import event as new_event

    org, ann = make_user("prgorg"), make_user("prgann")
    event = new_event(org)
    client = logged_in_client(ann)
    page = f"/tournaments/{event.pk}/"
    taken = client.post(f"{page}signup/", {"hero": ""})
    assert taken.status_code == 302 and taken["Location"] == page
    shown = client.get(page)
    assert shown.status_code == 200 and "You are signed up." in shown.content.decode()
    assert "You are signed up." not in client.get(page).content.decode()  # said once
    refused = client.post(f"{page}signup/", {"hero": ""})
    assert refused.status_code == 302 and refused["Location"] == page
    again = client.get(page)
    assert again.status_code == 409 and "already signed up" in again.content.decode()
    invited = client.post("/friends/invite/", {"names": "", "table": ""})
    assert invited.status_code == 302 and invited["Location"] == "/friends/"
