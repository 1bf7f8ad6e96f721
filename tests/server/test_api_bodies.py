"""Bad request bodies on every REST write (issue 27, point 3): deeply
nested JSON made Python's parser raise RecursionError, which escaped as a
500. Each write that reads a body now answers 400 ``{"code": "bad_json",
"detail": sentence}`` for any body that is not JSON it can read, and 415
for one not sent as JSON; nothing changes.

The writes are read from the published schema, so a write added later is
covered without touching this file.
"""

import json
import re

import pytest
from django.test import Client

from codexsite.apierrors import SENTENCES, too_big
from decks.models import Deck
from lobby import services
from lobby.models import Table
from tests.server.matchkit import logged_in

pytestmark = pytest.mark.django_db

WRITES = ("post", "put", "patch")  # with a body (a DELETE has none)
# Text that is not JSON the API reads: nested past any depth a parser
# copes with, nested a little past the API's own limit, cut short, not
# UTF-8, JSON's forbidden constants, an empty object's braces unbalanced.
BAD_BODIES = {
    "nested 100000 deep": b"[" * 100_000 + b"]" * 100_000,
    "objects nested 5000 deep": b'{"a":' * 5000 + b"1" + b"}" * 5000,
    "nested 40 deep": b"[" * 40 + b"]" * 40,
    "cut short": b'{"index": ',
    "not UTF-8": b'{"name": "\xff\xfe"}',
    "NaN": b'{"index": NaN}',
    "unbalanced": b"{}}",
}


@pytest.fixture
def writes(make_user):
    """``(client, [(method, url)])``: every write of the schema that reads a
    body, its ids those of things the client's user owns (a table it
    hosts, a deck it saved)."""
    alice = make_user("alice")
    table = services.create_table(alice, "1hero")
    deck = Deck.objects.create(owner=alice, name="Mine", cards={})
    client = logged_in(alice)
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    ids = {"tables": table.pk, "decks": deck.pk}
    found = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if method in WRITES and "requestBody" in operation:
                kind = path.split("/")[2]
                found.append((method, re.sub(r"{\w+}", str(ids.get(kind, 1)), path)))
    return client, found


def test_the_schema_lists_the_writes_with_bodies(writes):
    _, found = writes
    assert {
        ("post", "/api/tables/"),
        ("patch", "/api/me/"),
        ("post", "/api/decks/check/"),
        ("post", "/api/tables/1/join/"),
    } <= set(found)


@pytest.mark.parametrize("name", sorted(BAD_BODIES))
def test_every_write_refuses_a_bad_body_with_a_sentence(writes, name):
    client, found = writes
    before = (Table.objects.count(), list(Deck.objects.values_list("name", "cards")))
    wrong = []
    for method, url in found:
        answer = getattr(client, method)(url, BAD_BODIES[name], content_type="application/json")
        body = answer.json() if answer.headers.get("Content-Type") == "application/json" else None
        if (
            answer.status_code != 400
            or not body
            or body.get("code") != "bad_json"
            or not str(body.get("detail", "")).endswith(".")
        ):
            wrong.append(f"{method.upper()} {url} -> {answer.status_code} {body}")
    assert not wrong, "\n".join(wrong)
    assert (Table.objects.count(), list(Deck.objects.values_list("name", "cards"))) == before


def test_every_write_refuses_a_form_body(writes):
    client, found = writes
    wrong = []
    for method, url in found:
        answer = getattr(client, method)(url, "index=1&name=x", content_type="application/x-www-form-urlencoded")
        if answer.status_code != 415 or answer.json()["code"] != "unsupported_media_type":
            wrong.append(f"{method.upper()} {url} -> {answer.status_code}")
    assert not wrong, "\n".join(wrong)


def test_a_deep_body_names_the_limit(writes):
    client, _ = writes
    answer = client.post("/api/decks/check/", b"[" * 100_000 + b"]" * 100_000, content_type="application/json")
    assert answer.json()["detail"] == "The request body nests deeper than 32 levels."


# Bodies the API cannot read (the tester's F5): one over the size Django
# reads (met by the CSRF check before any view) was a bare HTML "Bad Request
# (400)"; a multipart one got DRF's 415 sentence repeating the Content-Type
# sent. (Under daphne a multipart body Twisted cannot parse is answered an
# empty 400 before Django sees it.)
UNREADABLE = {
    "3 MB of JSON": (
        json.dumps({"mode": "m" * 3_000_000, "name": "m" * 10}).encode(),
        "application/json",
        413,
        "too_big",
    ),
    "multipart without a boundary": (b"garbage", "multipart/form-data", 415, "unsupported_media_type"),
    "multipart with a bad boundary": (b"garbage", "multipart/form-data; boundary=xyz", 415, "unsupported_media_type"),
}


@pytest.fixture
def browser(make_user):
    """``(client, [(method, url)])``: a browser logged in as alice that sends
    the CSRF token as the site's pages do, and every write of the schema."""
    alice = make_user("alice")
    table = services.create_table(alice, "1hero")
    deck = Deck.objects.create(owner=alice, name="Mine", cards={})
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    client.get("/lobby/")
    client.defaults["HTTP_X_CSRFTOKEN"] = client.cookies["csrftoken"].value
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    ids = {"tables": table.pk, "decks": deck.pk}
    found = [
        (method, re.sub(r"{\w+}", str(ids.get(path.split("/")[2], 1)), path))
        for path, operations in schema["paths"].items()
        for method in operations
        if method in WRITES
    ]
    return client, found


@pytest.mark.parametrize("name", sorted(UNREADABLE))
def test_every_write_refuses_a_body_django_cannot_read_in_json(browser, name):
    client, found = browser
    body, content_type, status, code = UNREADABLE[name]
    before = (Table.objects.count(), list(Deck.objects.values_list("name", "cards")))
    wrong = []
    for method, url in found:
        answer = getattr(client, method)(url, body, content_type=content_type)
        json_body = answer.json() if answer.headers.get("Content-Type") == "application/json" else None
        if (
            answer.status_code != status
            or not json_body
            or json_body.get("code") != code
            or json_body["detail"] != (too_big() if status == 413 else SENTENCES[code])
        ):
            wrong.append(f"{method.upper()} {url} -> {answer.status_code} {answer.content[:120]!r}")
    assert not wrong, "\n".join(wrong)
    assert (Table.objects.count(), list(Deck.objects.values_list("name", "cards"))) == before


def test_a_page_keeps_its_own_page_for_a_body_too_large(browser):
    client, _ = browser
    answer = client.post("/login/", b"username=" + b"a" * 3_000_000, content_type="application/x-www-form-urlencoded")
    assert answer.status_code == 400 and answer.headers["Content-Type"].startswith("text/html")
    assert (
        "The server could not read this request" in answer.content.decode()
        and "Back to the lobby" in answer.content.decode()
    )


def test_a_host_not_allowed_is_refused_in_json_under_the_api(browser):
    client, _ = browser
    answer = client.get("/api/me/", HTTP_HOST="elsewhere.example")
    assert answer.status_code == 400
    assert answer.json() == {"code": "bad_request", "detail": "The server could not read this request."}
