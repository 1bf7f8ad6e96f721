"""The 3-hero game in the lobby (issue 6): the modes come from the engine,
every playable hero is offered in every mode, a 3-hero seat picks exactly 3
different playable heroes and marks its main one, and the match starts with
the main hero's starting deck."""

import pytest

from game.codex import catalog
from game.codex.setup import MODES as ENGINE_MODES
from game.models import Match
from lobby.models import Seat

pytestmark = pytest.mark.django_db

PLAYABLE = {
    "troq_bashar",
    "river_montoya",
    "captain_zane",
    "drakk_ramhorn",
    "jaina_stormborne",
    "master_midori",
    "calamandra_moss",
    "argagarg_garg",
    "bigby_hayes",
    "general_onimaru",
    "sirus_quince",  # the blue heroes (issue 12)
    "garth_torken",
    "orpal_gloor",
    "vandy_anadrose",  # the black heroes (issue 15)
    "setsuki_hiruki",
    "grave_stormborne",
    "garus_rook",  # the white heroes (issue 15)
    "prynn_pasternaak",
    "max_geiger",
    "vir_garbarean",
}  # the purple heroes (issue 16)


def make_max_geiger_unplayable(monkeypatch) -> None:
    """Every hero is playable now: one Present card loses its behaviour for
    the test, so Max Geiger is the hero that can't be picked (the lobby's
    modes list their heroes once, on import: they are rebuilt here)."""
    import dataclasses

    from game.codex.cards import REGISTRY
    from lobby import modes

    monkeypatch.delitem(REGISTRY, "now")
    for key, mode in list(modes.MODES.items()):
        monkeypatch.setitem(modes.MODES, key, dataclasses.replace(mode, heroes=tuple(catalog.playable_heroes())))


def three_hero_table(client) -> dict:
    response = client.post("/api/tables/", {"mode": "3hero"}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def seat_url(table) -> str:
    return f"/api/tables/{table['id']}/seat/"


def my_seat(table_id: int, index: int = 0) -> Seat:
    return Seat.objects.get(table_id=table_id, index=index)


def test_modes_come_from_the_engine_with_every_playable_hero(api):
    # Codex's modes (another game, Arcane Codex, is a mode of its own: tests/server/test_lobby_arcane.py)
    modes = {m["key"]: m for m in api("alice").get("/api/modes/").json() if m["game"] == "codex"}
    assert {"1hero", "3hero", "2hg"} <= set(modes) <= set(ENGINE_MODES)
    for key, mode in modes.items():
        seat_counts, heroes_per_seat, _ = ENGINE_MODES[key]
        assert (mode["min_seats"], mode["max_seats"]) == (min(seat_counts), max(seat_counts))
        assert mode["heroes_per_seat"] == heroes_per_seat
        assert set(mode["heroes"]) == PLAYABLE == set(catalog.playable_heroes())
    assert modes["3hero"]["heroes_per_seat"] == 3 and modes["3hero"]["max_seats"] == 2
    assert modes["3hero"]["teams"] is None and modes["2hg"]["teams"] == [0, 0, 1, 1]


def test_three_hero_table_has_two_seats(api):
    table = three_hero_table(api("alice"))
    assert table["mode"] == "3hero" and [s["index"] for s in table["seats"]] == [0, 1]


@pytest.mark.parametrize(
    "heroes, main, code",
    [
        (["troq_bashar", "captain_zane"], None, "bad_heroes"),  # two
        (["troq_bashar", "captain_zane", "master_midori", "river_montoya"], None, "bad_heroes"),  # four
        (["troq_bashar", "troq_bashar", "captain_zane"], None, "bad_heroes"),  # twice the same
        (["troq_bashar", "captain_zane", "max_geiger"], None, "bad_heroes"),  # not playable (see below)
        (["troq_bashar", "captain_zane", "no_such_hero"], None, "bad_heroes"),  # unknown
        (["troq_bashar", "captain_zane", "iron_man"], None, "bad_heroes"),  # not a hero
        (["troq_bashar", "captain_zane", "master_midori"], "river_montoya", "bad_main"),  # main not picked
    ],
)
def test_bad_three_hero_picks_are_refused_and_change_nothing(api, heroes, main, code, monkeypatch):
    make_max_geiger_unplayable(monkeypatch)
    alice = api("alice")
    table = three_hero_table(alice)
    good = alice.patch(
        seat_url(table), {"heroes": ["drakk_ramhorn", "troq_bashar", "argagarg_garg"], "ready": True}, format="json"
    )
    assert good.status_code == 200
    body = {"heroes": heroes} if main is None else {"heroes": heroes, "main": main}
    response = alice.patch(seat_url(table), body, format="json")
    assert response.status_code == 400 and response.json()["code"] == code
    assert response.json()["detail"]
    seat = my_seat(table["id"])
    assert seat.heroes == ["drakk_ramhorn", "troq_bashar", "argagarg_garg"] and seat.ready


def test_pick_three_heroes_and_mark_the_main_one(api):
    alice = api("alice")
    table = three_hero_table(alice)
    picked = alice.patch(
        seat_url(table),
        {"heroes": ["troq_bashar", "captain_zane", "master_midori"], "main": "master_midori"},
        format="json",
    ).json()["seats"][0]
    assert picked["heroes"] == ["master_midori", "troq_bashar", "captain_zane"]
    assert picked["main_hero"] == "master_midori"
    # Without "main" the first listed hero is the main one.
    picked = alice.patch(
        seat_url(table), {"heroes": ["captain_zane", "troq_bashar", "master_midori"]}, format="json"
    ).json()["seats"][0]
    assert picked["main_hero"] == "captain_zane"


def test_changing_the_main_hero_alone_reorders_and_clears_ready(api):
    alice = api("alice")
    table = three_hero_table(alice)
    alice.patch(
        seat_url(table), {"heroes": ["troq_bashar", "captain_zane", "master_midori"], "ready": True}, format="json"
    )
    assert my_seat(table["id"]).ready
    seat = alice.patch(seat_url(table), {"main": "captain_zane"}, format="json").json()["seats"][0]
    assert seat["heroes"] == ["captain_zane", "troq_bashar", "master_midori"] and seat["ready"] is False
    # The same main again changes nothing (ready stays as set).
    alice.patch(seat_url(table), {"ready": True}, format="json")
    seat = alice.patch(seat_url(table), {"main": "captain_zane"}, format="json").json()["seats"][0]
    assert seat["ready"] is True
    refused = alice.patch(seat_url(table), {"main": "argagarg_garg"}, format="json")
    assert refused.json()["code"] == "bad_main" and my_seat(table["id"]).heroes[0] == "captain_zane"


def test_ready_needs_three_heroes_and_an_empty_pick_clears(api):
    alice = api("alice")
    table = three_hero_table(alice)
    refused = alice.patch(seat_url(table), {"ready": True}, format="json")
    assert refused.json()["code"] == "no_heroes" and "heroes" in refused.json()["detail"]
    alice.patch(
        seat_url(table), {"heroes": ["troq_bashar", "captain_zane", "master_midori"], "ready": True}, format="json"
    )
    seat = alice.patch(seat_url(table), {"heroes": []}, format="json").json()["seats"][0]
    assert seat["heroes"] == [] and seat["main_hero"] is None and seat["ready"] is False
    assert alice.patch(seat_url(table), {"main": "troq_bashar"}, format="json").json()["code"] == "bad_main"


def test_every_playable_hero_is_offered_in_the_one_hero_game(api, monkeypatch):
    alice = api("alice")
    table = alice.post("/api/tables/", {"mode": "1hero"}, format="json").json()
    for hero in sorted(PLAYABLE):
        assert alice.patch(seat_url(table), {"heroes": [hero]}, format="json").status_code == 200
    make_max_geiger_unplayable(monkeypatch)
    refused = alice.patch(seat_url(table), {"heroes": ["max_geiger"]}, format="json")
    assert refused.json()["code"] == "bad_heroes"


def test_a_three_hero_match_starts_with_the_main_heroes_deck(api):
    alice, bob = api("alice"), api("bob")
    table = three_hero_table(alice)
    bob.post(f"/api/tables/{table['id']}/join/", {"index": 1}, format="json")
    alice.patch(
        seat_url(table),
        {"heroes": ["troq_bashar", "jaina_stormborne", "calamandra_moss"], "main": "calamandra_moss", "ready": True},
        format="json",
    )
    bob.patch(
        seat_url(table),
        {"heroes": ["river_montoya", "drakk_ramhorn", "argagarg_garg"], "main": "drakk_ramhorn", "ready": True},
        format="json",
    )
    started = alice.post(f"/api/tables/{table['id']}/start/")
    assert started.status_code == 200, started.content
    match = Match.objects.get(pk=started.json()["match_id"])
    state = match.state
    assert state["mode"] == "3hero"
    assert state["players"][0]["heroes"] == ["calamandra_moss", "troq_bashar", "jaina_stormborne"]
    assert state["players"][1]["heroes"][0] == "drakk_ramhorn"
    for seat, colour in ((0, "green"), (1, "red")):
        p = state["players"][seat]
        deck = {catalog.card(state["cards"][i]["card"])["color"] for i in p["deck"] + p["hand"]}
        assert deck == {colour}
        assert sum(p["codex"].values()) == 72 and len(p["command"]) == 3


def test_an_unknown_hero_refusal_lists_the_heroes_by_name(api):
    """A refused pick names the heroes as a player reads them (Troq
    Bashar), never by their ids (troq_bashar)."""
    alice = api("alice")
    table = three_hero_table(alice)
    response = alice.patch(seat_url(table), {"heroes": ["troq_bashar", "captain_zane", "nobody"]}, format="json")
    detail = response.json()["detail"]
    assert response.json()["code"] == "bad_heroes"
    assert "Troq Bashar" in detail and "Captain Zane" in detail
    assert "troq_bashar" not in detail and "captain_zane" not in detail
