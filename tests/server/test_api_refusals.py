"""The API's refusals that come before any view (issue 27, points 3 and
12): JSON ``{"code", "detail"}`` with a sentence of our own, as every
other refusal of the API (codexsite/apierrors.py)."""

import pytest
from django.test import Client
from rest_framework.throttling import UserRateThrottle

from codexsite.apierrors import CSRF_FAILED, SENTENCES
from tests.server.matchkit import logged_in

pytestmark = pytest.mark.django_db


def test_logged_out(client):
    answer = client.get("/api/me/")
    assert answer.status_code == 403
    assert answer.json() == {"code": "not_authenticated", "detail": SENTENCES["not_authenticated"]}


def test_a_write_without_the_csrf_token(make_user):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(make_user("alice"))
    answer = browser.post("/api/tables/", {"mode": "1hero"}, content_type="application/json")
    assert answer.status_code == 403 and answer.json() == {"code": "permission_denied", "detail": CSRF_FAILED}


def test_a_method_the_address_does_not_take(make_user):
    answer = logged_in(make_user("alice")).delete("/api/modes/")
    assert answer.status_code == 405 and answer.headers["Allow"]
    assert answer.json() == {"code": "method_not_allowed", "detail": "This address does not take DELETE requests."}


def test_an_answer_the_caller_does_not_accept(make_user):
    answer = logged_in(make_user("alice")).get("/api/modes/", HTTP_ACCEPT="text/csv")
    assert answer.status_code == 406
    assert answer.json() == {"code": "not_acceptable", "detail": SENTENCES["not_acceptable"]}


def test_the_throttle(make_user, monkeypatch):
    monkeypatch.setattr(UserRateThrottle, "THROTTLE_RATES", {"user": "1/min"})
    alice = logged_in(make_user("alice"))
    alice.get("/api/modes/")
    answer = alice.get("/api/modes/")
    assert answer.status_code == 429 and answer.headers["Retry-After"].isdigit()
    assert answer.json()["code"] == "throttled"
    assert (
        answer.json()["detail"] == f"Too many requests: wait {answer.headers['Retry-After']} seconds, then try again."
    )
