"""The lobby's Arcane Codex tables (issue 17): the game and its six table
options offered with their defaults, an Arcane table created with options,
joined, readied without heroes, a bot seated, started, and the config its
match gets (docs/ARCANE.md "Config")."""

import pytest

import game.arcane as arcane
from game import rules
from game.models import Match
from lobby.models import Table

pytestmark = pytest.mark.django_db


def test_modes_offer_arcane_with_its_options_and_defaults(api):
    modes = {m["key"]: m for m in api("alice").get("/api/modes/").json()}
    assert modes["1hero"]["game"] == "codex" and modes["1hero"]["options"] == []
    mode = modes["arcane"]
    assert mode["game"] == "arcane" and (mode["min_seats"], mode["max_seats"]) == (2, 2)
    assert mode["heroes_per_seat"] == 0 and mode["heroes"] == []
    options = {o["key"]: o for o in mode["options"]}
    assert {k: o["default"] for k, o in options.items()} == {k: d for k, (_, d) in arcane.OPTIONS.items()}
    assert [v for v, _ in options["blockers"]["choices"]] == ["one", "many"]
    assert options["round_cap"]["choices"] == [] and options["round_cap"]["nullable"]
    assert (options["round_cap"]["minimum"], options["round_cap"]["maximum"]) == (1, 1000)


def test_arcane_table_with_options_joined_readied_and_started(api):
    alice, bob = api("alice"), api("bob")
    made = alice.post(
        "/api/tables/", {"mode": "arcane", "options": {"blockers": "many", "round_cap": 30}}, format="json"
    )
    assert made.status_code == 201, made.content
    table = made.json()
    assert table["game"] == "arcane" and table["options"] == {"blockers": "many", "round_cap": 30}
    assert len(table["seats"]) == 2
    url = f"/api/tables/{table['id']}"
    assert bob.post(f"{url}/join/", {"index": 1}, format="json").status_code == 200
    refused = bob.patch(f"{url}/seat/", {"heroes": ["troq_bashar"]}, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "bad_heroes"
    for client in (alice, bob):  # no hero to pick: Ready at once
        assert client.patch(f"{url}/seat/", {"ready": True}, format="json").status_code == 200
    started = alice.post(f"{url}/start/").json()
    match = Match.objects.get(pk=started["match_id"])
    config = match.config
    assert config["game"] == "arcane" and isinstance(config["seed"], int)
    assert config["seats"] == [{"name": "Alice"}, {"name": "Bob"}]
    assert config["options"] == {"blockers": "many", "round_cap": 30}
    assert match.state["game"] == "arcane" and match.state["options"]["blockers"] == "many"
    assert alice.get(f"/api/matches/{match.pk}/").json()["mode"] == "arcane"
    mine = alice.get("/api/lobby/matches/").json()["mine"]
    assert mine[0]["mode"] == "arcane" and mine[0]["players"][0]["heroes"] == []


def test_bad_options_refused_with_the_engines_sentence(api):
    alice = api("alice")
    for options in ({"blockers": "all"}, {"round_cap": 0}, {"nope": 1}):
        response = alice.post("/api/tables/", {"mode": "arcane", "options": options}, format="json")
        assert response.status_code == 400 and response.json()["code"] == "bad_options", options
    codex = alice.post("/api/tables/", {"mode": "1hero", "options": {"blockers": "many"}}, format="json")
    assert codex.status_code == 400 and codex.json()["code"] == "bad_options"
    assert not Table.objects.exists()


def test_maps_are_offered_for_codex_modes_only_and_an_arcane_map_refusal_says_why(api):
    """The modes say whether a map applies (the new-table form hides the
    map menu otherwise); an Arcane table without a map (absent or
    empty) is made; one with a map is refused with what to do."""
    alice = api("alice")
    modes = {m["key"]: m for m in alice.get("/api/modes/").json()}
    assert modes["arcane"]["maps"] is False
    assert all(m["maps"] for key, m in modes.items() if m["game"] == "codex")
    for body in ({}, {"map": ""}):
        made = alice.post("/api/tables/", {"mode": "arcane", **body}, format="json")
        assert made.status_code == 201, (body, made.content)
        Table.objects.filter(pk=made.json()["id"]).delete()
    refused = alice.post("/api/tables/", {"mode": "arcane", "map": "random"}, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "bad_map"
    assert (
        refused.json()["detail"] == "Arcane Codex (2 players, 52 playing cards) is played without a map: "
        'leave the map at "no map".'
    )


def test_arcane_table_with_a_bot_starts_and_the_bot_plays(api):
    alice = api("alice")
    table = alice.post("/api/tables/", {"mode": "arcane"}, format="json").json()
    url = f"/api/tables/{table['id']}"
    assert alice.post(f"{url}/bot/", {"index": 1, "kind": "greedy"}, format="json").status_code == 200
    assert alice.patch(f"{url}/seat/", {"ready": True}, format="json").status_code == 200
    started = alice.post(f"{url}/start/")
    assert started.status_code == 200, started.content
    match = Match.objects.get(pk=started.json()["match_id"])
    assert match.config["options"] == {} and match.config["seats"][1]["name"]
    assert match.players.get(seat=1).bot == "greedy"


def test_arcane_how_to_play_is_open_to_everyone_and_linked_from_the_board(client):
    from pathlib import Path

    from django.urls import reverse

    url = reverse("arcane_how_to_play")
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    for section in ("arcane-start", "arcane-cards", "arcane-turn", "arcane-page"):
        assert f'id="{section}"' in html
    for word in ("Venom", "Swift", "Sentinel", "Crush", "Arcane Bolt", "Oblivion", "Blood Debt", "essence"):
        assert word in html
    root = Path(__file__).resolve().parents[2] / "static" / "js"
    assert f'"{url}"' in (root / "arcaneboard.js").read_text() and f'"{url}"' in (root / "lobbygames.js").read_text()


def test_a_rematch_of_an_arcane_match_keeps_its_game_and_options(api):
    alice, bob = api("alice"), api("bob")
    table = alice.post("/api/tables/", {"mode": "arcane", "options": {"land_power": "next_turn"}}, format="json").json()
    url = f"/api/tables/{table['id']}"
    bob.post(f"{url}/join/", {"index": 1}, format="json")
    for client in (alice, bob):
        client.patch(f"{url}/seat/", {"ready": True}, format="json")
    match = Match.objects.get(pk=alice.post(f"{url}/start/").json()["match_id"])
    state, _ = rules.apply_action(match.state, 1, {"type": "concede"})
    match.state, match.status, match.result = state, Match.Status.FINISHED, {"winner": 0, "reason": "concede"}
    match.save()
    again = bob.post(f"/api/lobby/rematch/{match.pk}/")
    assert again.status_code == 200, again.content
    rematch = again.json()
    assert rematch["game"] == "arcane" and rematch["options"] == {"land_power": "next_turn"}
    assert [s["heroes"] for s in rematch["seats"]] == [[], []] and rematch["seats"][1]["player"] == "Bob"
