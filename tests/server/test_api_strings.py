"""Strings no field takes, in every string field of every REST write (the
tester's F1 of issue 27): a lone surrogate in ``mode`` or a bot's ``kind``
was a 500 (the "... is not a valid choice." sentence repeated it and the
JSON renderer could not encode it), and a 2 MB ``mode`` got a 2 MB 400
back. Now each is a 400 in JSON (ASCII: every answer escapes what is not),
short whatever was sent, and nothing changes.

The writes and their string fields are read from the published schema
(a field's text, a list's items, an object's keys), so a field added later
is covered; each write has a body here that it would accept, into which
one bad string goes at a time.
"""

import re
from datetime import date, timedelta

import pytest

from community.models import PairingRequest
from decks.models import Deck
from game.c23.cards import starter
from lobby import services
from lobby.models import Seat, Table
from tests.server.matchkit import logged_in

pytestmark = pytest.mark.django_db

BAD_STRINGS = {
    "lone surrogate": "\ud800",
    "surrogate after text": "x\udfff",
    "100 KB": "m" * 100_000,
    "100 KB of accents": "é" * 100_000,
}
MOST_BYTES = 2000  # an answer's body holds at most this, whatever was sent


def red_cards() -> dict:
    cards = {}
    for name in starter("red"):
        cards[name] = cards.get(name, 0) + 1
    return cards


def string_places(schema: dict, components: dict) -> list:
    """The places of a request body's schema that hold text, as ``(property,
    how)``: ``how`` "value" (the property's own text or enum), "item" (a
    list of text) or "key" (an object's keys)."""

    def resolve(node):
        while "$ref" in node or "allOf" in node:
            node = components[node["$ref"].rsplit("/", 1)[1]] if "$ref" in node else node["allOf"][0]
        return node

    places = []
    for name, prop in resolve(schema).get("properties", {}).items():
        prop = resolve(prop)
        if prop.get("readOnly"):
            continue
        if prop.get("type") == "string" or "enum" in prop:
            places.append((name, "value"))
        elif prop.get("type") == "array" and resolve(prop.get("items", {})).get("type") == "string":
            places.append((name, "item"))
        elif prop.get("type") == "object" and "additionalProperties" in prop:
            places.append((name, "key"))
    return places


@pytest.fixture
def writes(make_user):
    """``[(operation id, client, method, url, accepted body, schema)]`` for
    every write of the schema with a body, and a snapshot function of what
    the writes could change."""
    alice, bob = make_user("alice"), make_user("bob")
    table = services.create_table(alice, "1hero")
    deck = Deck.objects.create(owner=alice, name="Mine", cards=red_cards())
    clients = {"alice": logged_in(alice), "bob": logged_in(bob)}
    accepted = {  # operation id: (who, body it accepts)
        "decks_create": ("alice", {"name": "Fresh", "cards": red_cards()}),
        "decks_partial_update": ("alice", {"name": "Renamed", "cards": red_cards()}),
        "decks_check_create": ("alice", {"cards": red_cards()}),
        "me_partial_update": ("alice", {"display_name": "Alicia"}),
        "tables_create": ("alice", {"mode": "1hero"}),
        "tables_bot_create": ("alice", {"index": 1, "kind": "greedy"}),
        "tables_join_create": ("bob", {"index": 1}),
        "tables_remove_create": ("alice", {"index": 0}),
        "tables_seat_partial_update": ("alice", {"heroes": ["troq_bashar"]}),
        "pairing_create": ("bob", {"mode": "1hero"}),
        "vacations_create": (
            "alice",
            {"first": str(date.today() + timedelta(days=2)), "last": str(date.today() + timedelta(days=2))},
        ),
    }
    schema = clients["alice"].get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    ids = {"tables": table.pk, "decks": deck.pk}
    found = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if method in ("post", "put", "patch") and "requestBody" in operation:
                who, body = accepted[operation["operationId"]]  # a new write needs its body here
                url = re.sub(r"{\w+}", str(ids.get(path.split("/")[2], 1)), path)
                body_schema = operation["requestBody"]["content"]["application/json"]["schema"]
                found.append(
                    (
                        operation["operationId"],
                        clients[who],
                        method,
                        url,
                        body,
                        string_places(body_schema, schema["components"]["schemas"]),
                    )
                )

    def snapshot():
        return (
            list(Table.objects.order_by("pk").values_list("pk", "mode")),
            list(Seat.objects.order_by("pk").values_list("pk", "user", "bot", "heroes", "ready")),
            list(Deck.objects.order_by("pk").values_list("name", "cards")),
            [user.display_name for user in type(alice).objects.order_by("pk")],
            list(PairingRequest.objects.order_by("pk").values_list("user", "mode", "heroes", "deck")),
        )

    return found, snapshot


def test_the_schema_has_string_fields_in_writes(writes):
    found, _ = writes
    places = {(operation, place) for operation, *_, places in found for place in places}
    assert {
        ("tables_create", ("mode", "value")),
        ("tables_bot_create", ("kind", "value")),
        ("decks_create", ("cards", "key")),
        ("tables_seat_partial_update", ("heroes", "item")),
        ("me_partial_update", ("display_name", "value")),
    } <= places


@pytest.mark.parametrize("bad", sorted(BAD_STRINGS))
def test_every_string_field_refuses_what_is_not_a_short_text(writes, bad):
    found, snapshot = writes
    before, wrong = snapshot(), []
    text = BAD_STRINGS[bad]
    for operation, client, method, url, body, places in found:
        for name, how in places:
            value = {"value": text, "item": [text], "key": {text: 1}}[how]
            answer = getattr(client, method)(url, {**body, name: value}, format="json")
            where = f"{operation} {name} ({how}) -> {answer.status_code}"
            if answer.status_code != 400 or answer.headers.get("Content-Type") != "application/json":
                wrong.append(f"{where} {answer.headers.get('Content-Type')} {answer.content[:200]!r}")
            elif len(answer.content) > MOST_BYTES or not answer.content.isascii():
                wrong.append(f"{where}: {len(answer.content)} bytes {answer.content[:200]!r}")
    assert not wrong, "\n".join(wrong)
    assert snapshot() == before
