"""Real answers of every REST operation against the published schema
(issue 27, points 11 and 12): ``Seat.bot`` was null where the schema said a
string, ``MatchLog.lines`` held objects where it said strings,
``GET /api/cards/`` answered an array where it said an object, and most
operations documented only their success (the 400/403/404/409/429 bodies
the API answers were missing).

A walk through the lobby, a match, its replay and rematch, the catalog
and the deck builder, as two players and logged out, checks each answer:
its status is one the operation documents, and its body validates
against that response's schema (OpenAPI 3.1: JSON Schema 2020-12). The
walk must reach every operation of the schema, so an operation added
later fails here until the walk covers it.
"""

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from jsonschema import Draft202012Validator
from rest_framework.test import APIClient
from rest_framework.throttling import UserRateThrottle

from game.c23.cards import starter
from game.models import Match
from tests.server.lobbykit import conceded
from tests.server.matchkit import logged_in

pytestmark = pytest.mark.django_db


class SchemaChecker:
    """Sends requests and checks each answer against the published schema;
    ``seen`` holds the operation ids reached, ``wrong`` what did not match."""

    def __init__(self, schema: dict):
        self.schema = schema
        self.seen, self.wrong = set(), []
        self.routes = []  # (regex, template), fewest variables first: /api/decks/pool/ before /api/decks/{id}/
        for template in sorted(schema["paths"], key=lambda t: t.count("{")):
            self.routes.append((re.compile("^" + re.sub(r"{\w+}", "[^/]+", template) + "$"), template))

    def operation(self, method: str, path: str) -> dict:
        """The schema's operation for ``method`` on ``path`` (a real URL path)."""
        for regex, template in self.routes:
            if regex.match(path) and method in self.schema["paths"][template]:
                return self.schema["paths"][template][method]
        raise AssertionError(f"no operation of the schema for {method.upper()} {path}")

    def call(self, client, method: str, url: str, body=None, status: int | None = None, **extra):
        """Send the request (a JSON body), check the answer, return it. ``status``:
        the status the walk itself expects (so the walk cannot drift)."""
        kwargs = {"format": "json"} if body is not None and "content_type" not in extra else {}
        answer = getattr(client, method)(url, body, **kwargs, **extra)
        path = url.split("?")[0]
        operation = self.operation(method, path)
        self.seen.add(operation["operationId"])
        where = f"{method.upper()} {url} -> {answer.status_code}"
        if status is not None:
            assert answer.status_code == status, f"{where} (the walk expected {status}): {answer.content[:300]}"
        documented = operation["responses"].get(str(answer.status_code))
        if documented is None:
            self.wrong.append(f"{where}: status not documented ({sorted(operation['responses'])})")
            return answer
        content = documented.get("content")
        if content is None:
            if answer.content:
                self.wrong.append(f"{where}: a body where the schema documents none")
            return answer
        schema = content["application/json"]["schema"]
        validator = Draft202012Validator({**schema, "components": self.schema["components"]})
        for error in validator.iter_errors(answer.json()):
            self.wrong.append(f"{where}: {'/'.join(map(str, error.absolute_path))}: {error.message[:200]}")
        return answer


@pytest.fixture
def checker():
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    return SchemaChecker(schema)


def test_every_operation_answers_as_its_schema_says(checker, make_user, monkeypatch):
    alice_user, bob_user = make_user("alice"), make_user("bob")
    alice, bob, nobody = logged_in(alice_user), logged_in(bob_user), APIClient()
    call = checker.call

    # The account and the modes.
    call(nobody, "get", "/api/me/", status=403)
    call(alice, "get", "/api/me/", status=200)
    call(alice, "patch", "/api/me/", {"display_name": "Alicia"}, status=200)
    call(alice, "patch", "/api/me/", {"display_name": "Bob"}, status=400)
    call(alice, "patch", "/api/me/", "display_name=x", status=415, content_type="application/x-www-form-urlencoded")
    call(alice, "get", "/api/modes/", status=200)

    # Tables: refusals first, then a table to a started match.
    call(alice, "post", "/api/tables/", {"mode": "1hero", "seat_count": 3}, status=400)
    call(alice, "post", "/api/tables/", {"mode": "nowhere"}, status=400)
    call(alice, "post", "/api/tables/", {"mode": "c23", "deck": "4040"}, status=400)
    private = call(bob, "post", "/api/tables/", {"mode": "1hero", "is_public": False}, status=201).json()
    call(alice, "get", f"/api/tables/{private['id']}/", status=404)
    call(alice, "post", f"/api/tables/{private['id']}/join/", {"index": 1}, status=404)
    call(bob, "post", f"/api/tables/{private['id']}/leave/", status=204)
    table = call(alice, "post", "/api/tables/", {"mode": "1hero", "turn_seconds": 60}, status=201).json()
    url = f"/api/tables/{table['id']}"
    call(alice, "get", "/api/tables/", status=200)
    call(bob, "get", f"{url}/", status=200)
    call(alice, "post", f"{url}/bot/", {"index": 1, "kind": "greedy"}, status=200)
    call(alice, "post", f"{url}/bot/", {"index": 1, "kind": "greedy"}, status=409)
    call(alice, "post", f"{url}/bot/", {"index": 1, "kind": "genius"}, status=400)
    call(alice, "post", f"{url}/remove/", {"index": 1}, status=200)
    call(alice, "post", f"{url}/remove/", {"index": 0}, status=400)
    call(bob, "post", f"{url}/remove/", {"index": 0}, status=403)
    call(bob, "post", f"{url}/leave/", status=400)
    call(bob, "post", f"{url}/join/", {"index": 1}, status=200)
    call(alice, "post", f"{url}/join/", {"index": 1}, status=409)
    call(bob, "patch", f"{url}/seat/", {"heroes": ["nobody"]}, status=400)
    call(bob, "patch", f"{url}/seat/", {"heroes": ["river_montoya"], "ready": True}, status=200)
    call(alice, "patch", f"{url}/seat/", {"heroes": ["troq_bashar"], "ready": True}, status=200)
    call(bob, "post", f"{url}/start/", status=403)
    match_id = call(alice, "post", f"{url}/start/", status=200).json()["match_id"]
    call(alice, "post", f"{url}/start/", status=409)

    # The match while it is played, then over.
    call(alice, "get", "/api/matches/", status=200)
    call(alice, "get", f"/api/matches/{match_id}/", status=200)
    call(bob, "get", f"/api/matches/{match_id}/log/", status=200)
    call(alice, "get", f"/api/matches/{match_id}/replay/", status=409)
    call(alice, "post", f"/api/lobby/rematch/{match_id}/", status=409)
    call(alice, "post", f"/api/matches/{match_id}/visit/", status=200)
    call(alice, "post", "/api/matches/99999/visit/", status=404)
    call(bob, "get", f"/api/matches/{match_id}/turn-text/", status=200)
    call(alice, "get", "/api/lobby/turn-based/", status=200)
    call(alice, "get", "/api/lobby/turn-based/?page=0", status=400)
    soon = str(timezone.now().date() + timedelta(days=3))
    call(alice, "get", "/api/vacations/", status=200)
    call(alice, "post", "/api/vacations/", {"first": soon, "last": soon}, status=201)
    call(alice, "post", "/api/vacations/", {"first": soon, "last": soon}, status=400)
    call(alice, "delete", "/api/vacations/?id=x", status=400)
    call(alice, "delete", f"/api/vacations/?id={alice_user.vacations.get().pk}", status=200)
    call(alice, "get", "/api/pairing/", status=200)
    call(alice, "post", "/api/pairing/", {"mode": "arcane", "turn_seconds": 86400}, status=201)
    call(alice, "post", "/api/pairing/", {"mode": "1hero", "heroes": ["nobody"]}, status=400)
    call(alice, "delete", "/api/pairing/", status=200)
    conceded(Match.objects.get(pk=match_id), bob_user)
    call(alice, "get", f"/api/matches/{match_id}/log/", status=200)
    call(alice, "get", f"/api/matches/{match_id}/replay/", status=200)
    call(alice, "get", f"/api/matches/{match_id}/replay/?view=seat", status=200)
    call(alice, "get", f"/api/matches/{match_id}/replay/?view=sideways", status=400)
    call(alice, "get", f"/api/matches/{match_id}/replay/1/", status=200)
    call(alice, "get", f"/api/matches/{match_id}/replay/99999/", status=404)
    call(alice, "get", "/api/matches/99999/", status=404)
    call(alice, "get", "/api/lobby/matches/", status=200)
    call(bob, "post", f"/api/lobby/rematch/{match_id}/", status=200)
    call(alice, "post", "/api/lobby/rematch/99999/", status=404)

    # The card catalog.
    call(alice, "get", "/api/cards/?kind=hero", status=200)
    call(alice, "get", "/api/cards/troq_bashar/", status=200)
    call(alice, "get", "/api/cards/no_such_card/", status=404)

    # The deck builder.
    cards = {}
    for name in starter("red"):
        cards[name] = cards.get(name, 0) + 1
    call(alice, "get", "/api/decks/pool/", status=200)
    call(alice, "post", "/api/decks/check/", {"cards": {"No such card": 1}}, status=200)
    call(alice, "post", "/api/decks/check/", {"cards": []}, status=400)
    deck = call(alice, "post", "/api/decks/", {"name": "Red", "cards": cards}, status=201).json()
    call(alice, "post", "/api/decks/", {"name": "Red", "cards": cards}, status=409)
    call(alice, "post", "/api/decks/", {"name": "Small", "cards": {"No such card": 1}}, status=400)
    call(alice, "get", "/api/decks/", status=200)
    call(alice, "get", f"/api/decks/{deck['id']}/", status=200)
    call(alice, "patch", f"/api/decks/{deck['id']}/", {"name": "Red again"}, status=200)
    call(bob, "patch", f"/api/decks/{deck['id']}/", {"name": "Mine now"}, status=404)
    call(bob, "get", f"/api/decks/{deck['id']}/", status=404)
    call(bob, "delete", f"/api/decks/{deck['id']}/", status=404)
    call(alice, "delete", f"/api/decks/{deck['id']}/", status=204)

    # The API throttle.
    monkeypatch.setattr(UserRateThrottle, "THROTTLE_RATES", {"user": "1/min"})
    call(bob, "get", "/api/modes/")
    call(bob, "get", "/api/modes/", status=429)

    assert not checker.wrong, "\n".join(checker.wrong)
    every = {op["operationId"] for ops in checker.schema["paths"].values() for op in ops.values()}
    assert every - checker.seen == set(), "operations the walk does not reach"
