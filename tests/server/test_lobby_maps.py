"""Map cards in the lobby (issue 16; Deluxe rulebook "Map Cards"): a table
picks no map (the default), a map, or a random map drawn when the match
starts; the match's config and every view carry it; a rematch keeps the
choice."""

import pytest

from game.codex import maps
from game.models import Match
from game.rules import view
from lobby import services
from tests.server.lobbykit import conceded

pytestmark = pytest.mark.django_db


def _table(client, **body) -> dict:
    response = client.post("/api/tables/", {"mode": "1hero", **body}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def _start(alice, bob, table) -> Match:
    bob.post(f"/api/tables/{table['id']}/join/", {"index": 1}, format="json")
    alice.patch(f"/api/tables/{table['id']}/seat/", {"heroes": ["troq_bashar"], "ready": True}, format="json")
    bob.patch(f"/api/tables/{table['id']}/seat/", {"heroes": ["river_montoya"], "ready": True}, format="json")
    started = alice.post(f"/api/tables/{table['id']}/start/")
    assert started.status_code == 200, started.content
    return Match.objects.get(pk=started.json()["match_id"])


def test_a_table_has_no_map_by_default_and_its_match_none(api):
    alice, bob = api("alice"), api("bob")
    table = _table(alice)
    assert table["map"] == "" and table["map_name"] is None
    match = _start(alice, bob, table)
    assert "map" not in match.config and "map" not in match.state
    assert all("map" not in m for m in alice.get("/api/lobby/matches/").json()["mine"])


def test_a_named_map_reaches_the_engine_and_every_view(api):
    alice, bob = api("alice"), api("bob")
    table = _table(alice, map="fury_road")
    assert table["map"] == "fury_road" and table["map_name"] == "Fury Road"
    match = _start(alice, bob, table)
    assert match.config["map"] == "fury_road" and match.state["map"] == "fury_road"
    for viewer in (0, 1, None):
        assert view(match.state, viewer)["map"]["name"] == "Fury Road"
    shown = alice.get(f"/api/tables/{table['id']}/").json()
    assert shown["map_drawn"] == "fury_road" and shown["map_name"] == "Fury Road"


def test_a_random_map_is_drawn_at_the_start_and_shown(api):
    alice, bob = api("alice"), api("bob")
    table = _table(alice, map="random")
    assert table["map_name"] == "Random map" and table["map_drawn"] == ""
    match = _start(alice, bob, table)
    drawn = match.config["map"]
    assert maps.exists(drawn) and drawn != "vortoss_ruins"  # it changes nothing in a 1-hero game
    shown = alice.get(f"/api/tables/{table['id']}/").json()
    assert shown["map"] == "random" and shown["map_drawn"] == drawn
    assert shown["map_name"] == maps.map_info(drawn)["name"]


def test_random_draws_cover_the_maps_of_the_mode():
    one_hero = {services.draw_map("1hero") for _ in range(400)}
    assert one_hero == set(maps.map_ids()) - {"vortoss_ruins"}
    assert "vortoss_ruins" in {services.draw_map("3hero") for _ in range(400)}


@pytest.mark.parametrize("bad", ["mars", "Random", "fury road", 5])
def test_an_unknown_map_is_refused(api, bad):
    response = api("alice").post("/api/tables/", {"mode": "1hero", "map": bad}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "bad_map" and response.json()["detail"]


def test_a_rematch_keeps_the_map_choice(api, django_user_model):
    alice, bob = api("alice"), api("bob")
    table = _table(alice, map="random")
    match = _start(alice, bob, table)
    conceded(match, django_user_model.objects.get(username="alice"))
    again = services.offer_rematch(match.pk, django_user_model.objects.get(username="bob"))
    assert again.map == "random" and again.map_drawn == ""


def test_the_lobby_lists_a_match_with_its_map(api):
    alice, bob = api("alice"), api("bob")
    match = _start(alice, bob, _table(alice, map="bloodbowl"))
    mine = alice.get("/api/lobby/matches/").json()["mine"]
    assert [m["map"] for m in mine if m["id"] == match.pk] == ["Bloodbowl"]


def test_other_users_see_a_public_match_on_a_map_to_watch(api):
    alice, bob, carol = api("alice"), api("bob"), api("carol")
    match = _start(alice, bob, _table(alice, map="lost_temple"))
    response = carol.get("/api/lobby/matches/")
    assert response.status_code == 200, response.content[:2000]
    assert [m["map"] for m in response.json()["watch"] if m["id"] == match.pk] == ["Lost Temple"]


def test_a_public_match_with_a_table_bot_is_listed_to_others_and_its_players(api):
    """Found with the map pages: a public match with a table bot (no user)
    made every other user's lobby match list fail (500)."""
    alice, carol = api("alice"), api("carol")
    table = _table(alice, map="bloodbowl")
    alice.patch(f"/api/tables/{table['id']}/seat/", {"heroes": ["troq_bashar"], "ready": True}, format="json")
    alice.post(
        f"/api/tables/{table['id']}/bot/", {"index": 1, "kind": "greedy", "heroes": ["river_montoya"]}, format="json"
    )
    match_id = alice.post(f"/api/tables/{table['id']}/start/").json()["match_id"]
    for client, key in ((carol, "watch"), (alice, "mine")):
        response = client.get("/api/lobby/matches/")
        assert response.status_code == 200
        listed = [m for m in response.json()[key] if m["id"] == match_id]
        assert [p["name"] for p in listed[0]["players"]] == ["Alice", "Greedy bot"]
