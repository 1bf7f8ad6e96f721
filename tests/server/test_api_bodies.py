"""Bad request bodies on every REST write (issue 27, point 3): deeply
nested JSON made Python's parser raise RecursionError, which escaped as a
500. Each write that reads a body now answers 400 ``{"code": "bad_json",
"detail": sentence}`` for any body that is not JSON it can read, and 415
for one not sent as JSON; nothing changes.

The writes are read from the published schema, so a write added later is
covered without touching this file.
"""
import re

import pytest

from decks.models import Deck
from lobby import services
from lobby.models import Table
from tests.server.matchkit import logged_in

pytestmark = pytest.mark.django_db

WRITES = ("post", "put", "patch")
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
    assert {("post", "/api/tables/"), ("patch", "/api/me/"), ("post", "/api/decks/check/"),
            ("post", "/api/tables/1/join/")} <= set(found)


@pytest.mark.parametrize("name", sorted(BAD_BODIES))
def test_every_write_refuses_a_bad_body_with_a_sentence(writes, name):
    client, found = writes
    before = (Table.objects.count(), list(Deck.objects.values_list("name", "cards")))
    wrong = []
    for method, url in found:
        answer = getattr(client, method)(url, BAD_BODIES[name], content_type="application/json")
        body = answer.json() if answer.headers.get("Content-Type") == "application/json" else None
        if answer.status_code != 400 or not body or body.get("code") != "bad_json" \
                or not str(body.get("detail", "")).endswith("."):
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
