"""Failed log-ins are limited per account and address (issue 11, finding 9:
30 wrong passwords in 16 s were all answered)."""

import re

import pytest
from django.conf import settings
from django.test import AsyncClient, Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

RIGHT, WRONG = "pw-secret-123", "not-the-password"


def try_login(client, username, password, address="127.0.0.1"):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address)


def logged_in(client) -> bool:
    return client.get(reverse("lobby")).status_code == 200


def test_the_limit_is_ten_failures_in_fifteen_minutes():
    assert settings.AXES_FAILURE_LIMIT == 10
    assert settings.AXES_COOLOFF_TIME.total_seconds() == 15 * 60


def test_after_ten_failures_even_the_right_password_is_refused_with_the_time_to_wait(make_user):
    make_user("victim")
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        response = try_login(client, "victim", WRONG)
        assert response.status_code == 200 and "correct username and password" in response.content.decode()
    locked = try_login(client, "victim", WRONG)
    assert locked.status_code == 429
    page = locked.content.decode()
    assert "Too many failed log-ins" in page and "15 minutes" in page
    assert re.search(r"after \d\d:\d\d UTC", page)
    again = try_login(client, "victim", RIGHT)
    assert again.status_code == 429 and not logged_in(client)


def test_the_lock_is_per_account_and_address(make_user):
    make_user("victim")
    make_user("friend")
    attacker = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        try_login(attacker, "victim", WRONG)
    assert try_login(attacker, "victim", RIGHT).status_code == 429
    # the same account from another address, another account from the same address
    elsewhere = Client()
    assert try_login(elsewhere, "victim", RIGHT, address="127.0.0.2").status_code == 302 and logged_in(elsewhere)
    neighbour = Client()
    assert try_login(neighbour, "friend", RIGHT).status_code == 302 and logged_in(neighbour)


def test_a_success_starts_the_count_again(make_user):
    make_user("forgetful")
    client = Client()
    for _ in range(3):
        for _ in range(settings.AXES_FAILURE_LIMIT - 1):
            assert try_login(client, "forgetful", WRONG).status_code == 200
        assert try_login(client, "forgetful", RIGHT).status_code == 302
        client.post(reverse("logout"))


def test_the_lock_ends_after_the_wait(make_user):
    from axes.models import AccessAttempt
    from django.utils import timezone

    make_user("victim")
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        try_login(client, "victim", WRONG)
    assert try_login(client, "victim", RIGHT).status_code == 429
    AccessAttempt.objects.update(attempt_time=timezone.now() - settings.AXES_COOLOFF_TIME)
    assert try_login(client, "victim", RIGHT).status_code == 302 and logged_in(client)


@pytest.mark.django_db(transaction=True)
async def test_the_lock_page_is_served_by_the_asgi_server_too(make_user):
    """daphne runs the middleware chain asynchronously: the page must come out there as well."""
    from asgiref.sync import sync_to_async

    await sync_to_async(make_user)("victim")
    client = AsyncClient()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        response = await client.post(reverse("login"), {"username": "victim", "password": WRONG})
        assert response.status_code == 200
    locked = await client.post(reverse("login"), {"username": "victim", "password": WRONG})
    assert locked.status_code == 429 and "Too many failed log-ins" in locked.content.decode()
    again = await client.post(reverse("login"), {"username": "victim", "password": RIGHT})
    assert again.status_code == 429
