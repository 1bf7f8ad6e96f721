"""The codex browser page (/cards/): open to everyone, lists the playable heroes,
linked from the lobby and the match page; its data comes from the card
catalog API, which holds every hero's bands, spec cards and starting deck."""

import json
import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from game.codex import catalog

pytestmark = pytest.mark.django_db


def page_config(body: str) -> dict:
    match = re.search(r'<script id="cards-config" type="application/json">(.*?)</script>', body, re.S)
    assert match, "the page carries its config"
    return json.loads(match.group(1))


def test_cards_page_and_its_catalog_are_open_to_everyone(client):
    """Like How to play, the codex browser needs no account (issue 27 point
    29); the catalog it reads is the game's cards, nobody's own data."""
    response = client.get(reverse("cards"))
    assert response.status_code == 200
    assert page_config(response.content.decode())["heroes"] == catalog.playable_heroes()
    cards = client.get("/api/cards/?kind=hero")
    assert cards.status_code == 200 and {c["id"] for c in cards.json()} >= set(catalog.playable_heroes())
    assert client.get("/api/cards/troq_bashar/").json()["kind"] == "hero"
    assert client.get("/api/tables/").status_code == 403  # the rest of the API still needs an account


def test_cards_page_lists_the_playable_heroes(client, make_user):
    client.force_login(make_user("alice"))
    response = client.get(reverse("cards"))
    assert response.status_code == 200
    body = response.content.decode()
    assert page_config(body)["heroes"] == catalog.playable_heroes()
    assert "js/cards.js" in body


def test_lobby_links_to_the_cards_page_and_the_match_page_opens_it_in_a_new_tab(client, make_user):
    from tests.server.test_matches import start

    alice, bob = make_user("alice"), make_user("bob")
    client.force_login(alice)
    assert f'href="{reverse("cards")}"' in client.get(reverse("lobby")).content.decode()
    match, _ = start(alice, bob)
    body = client.get(reverse("match", args=[match.pk])).content.decode()
    link = re.search(r'<a href="/cards/" id="nav-cards"([^>]*)>', body)
    assert link and 'target="_blank"' in link.group(1)
    assert 'id="codex-browser-link"' in body


def test_catalog_api_has_what_the_browser_shows_for_every_hero(make_user):
    client = APIClient()
    client.force_login(make_user("alice"))
    cards = {c["id"]: c for c in client.get("/api/cards/").json()}
    for hero_id in catalog.playable_heroes():
        hero = cards[hero_id]
        assert len(hero["bands"]) == 3 and all("text" in b for b in hero["bands"])
        spec = [c for c in cards.values() if c["starting_zone"] == "codex" and c["spec"] == hero["spec"]]
        deck = [c for c in cards.values() if c["starting_zone"] == "deck" and c["color"] == hero["color"]]
        assert len(spec) == 12 and len(deck) == 10
        for c in spec + deck:
            assert {"cost", "tech", "atk", "hp", "keywords", "text", "name", "kind"} <= set(c)
