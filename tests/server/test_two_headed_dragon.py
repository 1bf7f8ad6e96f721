"""Two-Headed Dragon (2v2) through the lobby, the REST API and the live
protocol: four seats in two teams plus a spectator.

- A 2v2 table from creation to start through the REST API.
- Hidden information: teammates see each other's hands; the other team and the
  spectator never receive either hand (every message scanned for hidden ids and
  names).
- Both teammates act at the same instant, 50 times: every legal action applied
  exactly once, versions strictly increasing and gapless on every connection,
  everyone at the same public state (tests/server/teamplay.py checks it all
  against the action log, replayed).
- The same with two real daphne worker processes on PostgreSQL and Redis, the
  teammates on different workers, 200 pairs (marked postgres and redis).
"""

import asyncio
import random

import pytest
from asgiref.sync import sync_to_async

from game import rules
from game.codex import catalog
from game.models import Match
from tests.server.live import daphne, open_match
from tests.server.matchkit import (
    db_match,
    known_names,
    leaks,
    logged_in,
    playable,
    recv,
    recv_until,
    secrets_for,
    start_match,
)
from tests.server.teamplay import HEROES, NAMES, Player, play_and_check, play_live_2v2, wrap_communicator

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_2v2_table_from_creation_to_start_over_the_rest_api(make_user):
    ana, ari, bo, bea = (logged_in(make_user(n)) for n in NAMES)
    mode = next(m for m in ana.get("/api/modes/").json() if m["key"] == "2hg")
    assert mode["label"] == "Two-Headed Dragon (2v2)" and mode["teams"] == [0, 0, 1, 1]
    assert (mode["min_seats"], mode["max_seats"]) == (4, 4)
    assert ana.post("/api/tables/", {"mode": "2hg", "seat_count": 2}, format="json").json()["code"] == "bad_seats"

    table = ana.post("/api/tables/", {"mode": "2hg"}, format="json").json()
    assert [(s["index"], s["team"], s["player"]) for s in table["seats"]] == [
        (0, 0, "Ana"),
        (1, 0, None),
        (2, 1, None),
        (3, 1, None),
    ]
    url = f"/api/tables/{table['id']}"
    # Bo opens the second team, Bea joins him, Ari joins Ana; the lobby list shows who sits where.
    assert bo.post(f"{url}/join/", {"index": 2}, format="json").status_code == 200
    listed = next(t for t in bea.get("/api/tables/").json() if t["id"] == table["id"])
    open_by_team = {(s["team"], s["index"]) for s in listed["seats"] if s["player"] is None}
    assert open_by_team == {(0, 1), (1, 3)}
    taken = bea.post(f"{url}/join/", {"index": 2}, format="json")
    assert taken.status_code == 409 and taken.json()["code"] == "seat_taken"
    assert bea.post(f"{url}/join/", {"index": 4}, format="json").json()["code"] == "no_seat"
    assert bea.post(f"{url}/join/", {"index": 3}, format="json").status_code == 200
    assert ari.post(f"{url}/join/", {"index": 1}, format="json").status_code == 200
    # Ari changes his mind and moves to... no: the seat is taken. He stays with Ana.
    assert ari.post(f"{url}/join/", {"index": 3}, format="json").json()["code"] == "seat_taken"
    for client, hero in zip((ana, ari, bo), HEROES, strict=False):
        client.patch(f"{url}/seat/", {"heroes": [hero], "ready": True}, format="json")
    assert ana.post(f"{url}/start/").json()["code"] == "not_ready"  # Bea is not ready
    bea.patch(f"{url}/seat/", {"heroes": [HEROES[3]], "ready": True}, format="json")
    assert bo.post(f"{url}/start/").json()["code"] == "not_host"
    started = ana.post(f"{url}/start/")
    assert started.status_code == 200 and started.json()["status"] == "started"

    match = Match.objects.get(pk=started.json()["match_id"])
    assert match.config["mode"] == "2hg"
    assert match.config["seats"] == [
        {"name": n.title(), "hero": h, "team": t} for n, h, t in zip(NAMES, HEROES, (0, 0, 1, 1), strict=True)
    ]
    assert [p["team"] for p in match.state["players"]] == [0, 0, 1, 1]
    assert [t["hp"] for t in match.state["teams"]] == [30, 30]
    detail = bea.get(f"/api/matches/{match.pk}/").json()
    assert detail["mode"] == "2hg"
    assert [(p["seat"], p["name"], p["team"]) for p in detail["players"]] == [
        (0, "Ana", 0),
        (1, "Ari", 0),
        (2, "Bo", 1),
        (3, "Bea", 1),
    ]
    for client in (ana, ari, bo, bea):
        assert client.get(f"/match/{match.pk}/").status_code == 200


@pytest.fixture
async def team_table(make_user, ws, layer, machine_speed):
    """A started 2v2 match: ana & ari (team 0, seats 0-1) against bo & bea
    (team 1, seats 2-3), connected, and carl watching. Returns a dict with
    the match, the users by seat and the communicators by seat (None: carl),
    each past its first `state` (in ``firsts``)."""
    users = [await sync_to_async(make_user)(n) for n in NAMES]
    carl = await sync_to_async(make_user)("carl")
    match = await start_match(users, heroes=HEROES, mode="2hg", seed=11)
    comms, firsts = {}, {}
    for seat, user in [*enumerate(users), (None, carl)]:
        comm, connected, _ = await ws(f"/ws/match/{match.pk}/", user)
        assert connected
        comms[seat] = comm
        firsts[seat] = await recv(comm)
    return {"match": match, "users": users, "comms": comms, "firsts": firsts}


async def test_teammates_see_each_others_hands_and_nobody_else_does(team_table):
    """Random legal play by whichever seats may act; every message each of the
    five viewers receives is scanned for the instance ids of cards in hidden
    zones it may not see and for the names of the other team's hand, worker
    and discard cards it cannot otherwise know."""
    match = await db_match(team_table["match"].pk)
    comms = team_table["comms"]
    first = team_table["firsts"]
    assert [p["team"] for p in first[0]["view"]["players"]] == [0, 0, 1, 1]
    # The partner's hand is shown to the partner, with the real cards; not to the others.
    for viewer, partner in ((0, 1), (1, 0), (2, 3), (3, 2)):
        shown = first[viewer]["view"]["players"][partner]
        assert [c["iid"] for c in shown["hand"]] == match.state["players"][partner]["hand"]
        assert shown["codex"] and "discard" in shown
    for viewer in (2, 3, None):
        for seat in (0, 1):
            assert "hand" not in first[viewer]["view"]["players"][seat]
    # Both first-team players may act now; the second team may not.
    assert all(playable(match.state, s) for s in (0, 1))
    assert first[2]["legal_actions"] == [{"type": "concede"}] or not any(
        a["type"] == "end_main" for a in first[2]["legal_actions"]
    )

    rng = random.Random(5)
    known = {viewer: known_names(match.state, viewer) for viewer in comms}
    inbox = {viewer: [first[viewer]] for viewer in comms}
    scanned_names = set()
    for step in range(80):
        for viewer in comms:
            known[viewer] |= known_names(match.state, viewer)
            iids, names = secrets_for(match.state, viewer, known[viewer])
            scanned_names |= names
            assert not leaks(inbox[viewer], iids, names), (step, viewer)
        if match.status != "playing":
            break
        movers = [
            s
            for s in range(4)
            if any(a["type"] not in ("concede", "attack") for a in rules.legal_actions(match.state, s))
        ]
        seat = rng.choice(movers)
        options = [a for a in playable(match.state, seat) if a["type"] != "attack"]
        action = rng.choice(options)
        if action["type"] == "play":  # playing a card shows it to everyone
            card_id = match.state["cards"][action["card"]]["card"]
            for viewer in known:
                known[viewer] |= {card_id, catalog.card(card_id)["name"]}
        await comms[seat].send_json_to({"type": "action", "action": action, "version": match.version, "id": step})
        assert (await recv(comms[seat]))["type"] == "applied"
        inbox = {viewer: await recv_until(comm, "state") for viewer, comm in comms.items()}
        match = await db_match(match.pk)
        assert all(msgs[-1]["version"] == match.version for msgs in inbox.values())
    assert match.version >= 40
    assert scanned_names  # the scan had secret names to look for
    assert {p["turns_ended"] for p in match.state["players"]} != {0}  # turns passed


async def _players(comms: dict, firsts: dict) -> tuple[dict, Player]:
    """Wrap the communicators in teamplay Players (reading in the background)."""
    players = {seat: wrap_communicator(seat, comm, firsts[seat]) for seat, comm in comms.items() if seat is not None}
    return players, wrap_communicator(None, comms[None], firsts[None])


async def test_teammates_acting_at_the_same_instant_50_times(team_table):
    """Both teammates (and any seat owing tech) send at once, 50 times: each
    action is applied once or refused by the engine, every connection gets
    every version in order, and all end with the same public state."""
    players, spectator = await _players(team_table["comms"], team_table["firsts"])
    _, summary, match = await play_and_check(team_table["match"].pk, players, [spectator], pairs=50, seed=3)
    assert summary["applied"] >= 80
    assert summary["applied_behind"] >= 20  # made at an older version (the partner's came first), applied
    assert summary["stale"] >= 3  # refused by the engine after the partner's action (or a double click)
    assert {p["turns_ended"] for p in match.state["players"]} != {0}


async def test_a_refusal_after_the_partner_moved_says_the_state_changed(team_table):
    """Ana and Ari both build a Tower at the same instant, from version 0:
    the first to get the row lock is applied; the other is judged after it
    and refused as stale_version, with the engine's reason (R18: a team holds
    one add-on of a kind). Both, the other team and the spectator then get
    version 1, once."""
    match = await db_match(team_table["match"].pk)
    comms = team_table["comms"]
    tower = {"type": "build", "building": "tower"}
    assert all(tower in rules.legal_actions(match.state, s) for s in (0, 1))
    await asyncio.gather(
        *(
            comms[s].send_json_to(
                {"type": "action", "action": tower, "version": 0, "id": f"t{s}", "nonce": f"tower-{s}"}
            )
            for s in (0, 1)
        )
    )
    replies = {}
    for seat in (0, 1):
        got = await recv_until(comms[seat], "state")
        while not any(m["type"] in ("applied", "refused") for m in got):
            got += await recv_until(comms[seat], "refused")
        replies[seat] = next(m for m in got if m["type"] in ("applied", "refused"))
    assert sorted(r["type"] for r in replies.values()) == ["applied", "refused"], replies
    winner = next(s for s, r in replies.items() if r["type"] == "applied")
    refused = replies[1 - winner]
    assert refused["id"] == f"t{1 - winner}"
    assert (refused["code"], refused["rules_code"], refused["version"]) == ("stale_version", "team_addon", 1)
    assert "teammate" in refused["reason"]
    assert refused["acted"] == [winner]  # whose action came first: the page names the teammate
    for viewer in (2, 3, None):
        assert (await recv(comms[viewer]))["version"] == 1
    for comm in comms.values():
        assert await comm.receive_nothing(timeout=0.2)
    match = await db_match(match.pk)
    assert match.version == 1
    assert match.state["players"][winner]["buildings"]["addon"]["id"] == "tower"
    assert match.state["players"][1 - winner]["buildings"]["addon"] is None


async def test_a_refusal_after_ones_other_tab_moved_names_that_seat(team_table, ws):
    """Ana's two tabs send the same hire at the same instant, from version 0:
    one is applied, the other refused stale_version with ``acted`` [0], her
    own seat, not her teammate's (the page read every stale refusal in a
    team turn as "Your teammate ... acted first")."""
    match = await db_match(team_table["match"].pk)
    second, connected, _ = await ws(f"/ws/match/{match.pk}/", team_table["users"][0])
    assert connected and (await recv(second))["version"] == 0
    tabs = [team_table["comms"][0], second]
    hire = next(a for a in rules.legal_actions(match.state, 0) if a["type"] == "hire")
    await asyncio.gather(
        *(
            tab.send_json_to({"type": "action", "action": hire, "version": 0, "id": i, "nonce": f"hire-{i}"})
            for i, tab in enumerate(tabs)
        )
    )
    replies = []
    for tab in tabs:
        got = await recv_until(tab, "state")
        while not any(m["type"] in ("applied", "refused") for m in got):
            got += await recv_until(tab, "refused")
        replies.append(next(m for m in got if m["type"] in ("applied", "refused")))
    assert sorted(r["type"] for r in replies) == ["applied", "refused"], replies
    refused = next(r for r in replies if r["type"] == "refused")
    assert (refused["code"], refused["version"], refused["acted"]) == ("stale_version", 1, [0])
    assert (await db_match(match.pk)).version == 1


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.timeout(900)
async def test_teammates_on_two_workers_200_pairs(make_user, close_db_thread, settings):
    """Two real daphne worker processes on PostgreSQL and the Redis channel
    layer; each team has one player on each worker (the spectator on the
    first): 200 pairs of simultaneous actions, checked like the 50 above
    (tests/server/teamplay.py play_live_2v2; test_proxy.py plays the same
    through nginx)."""
    # The test drives several actions a second per connection: lift the rate limit.
    limits = {"CODEX_WS_RATE": "1000", "CODEX_WS_BURST": "1000", "REDIS_URL": settings.REDIS_URL}
    workers = await asyncio.gather(*(asyncio.to_thread(daphne, **limits) for _ in range(2)))

    async def connect(seat, match_id, user):
        index = 0 if seat is None else seat % 2  # teammates 0/1 and 2/3 split
        label = "spectator" if seat is None else f"seat {seat} on worker {index}"
        return await open_match(workers[index].url, match_id, user), label

    try:
        await play_live_2v2(make_user, connect, match_seed=23, play_seed=29)
    finally:
        await asyncio.gather(*(asyncio.to_thread(w.stop) for w in workers))


async def test_a_concession_ends_the_match_for_both_teams(team_table):
    """Bea concedes: her team loses together; the result names both winners."""
    comms = team_table["comms"]
    await comms[3].send_json_to({"type": "action", "action": {"type": "concede"}, "version": 0, "id": 1})
    assert (await recv(comms[3]))["type"] == "applied"
    for comm in comms.values():
        final = (await recv_until(comm, "state"))[-1]
        assert final["status"] == "finished" and final["legal_actions"] == []
        assert final["result"]["winners"] == [0, 1] and final["result"]["winner"] is None
    await comms[0].send_json_to({"type": "action", "action": {"type": "end_main"}, "version": 1, "id": 2})
    assert (await recv(comms[0]))["code"] == "match_over"
    match = await db_match(team_table["match"].pk)
    assert match.status == "finished" and match.result["winners"] == [0, 1]


def test_the_rest_action_log_shows_the_partners_actions_in_full(make_user):
    """R21: teammates see each other's hands and tech picks, so the REST
    action log gives a teammate's actions in full; the other team (and
    spectators) get their type only."""
    from asgiref.sync import async_to_sync

    from game.services import apply_match_action

    users = [make_user(n) for n in NAMES]
    match = async_to_sync(start_match)(users, heroes=HEROES, mode="2hg", seed=11)
    hire = next(a for a in playable(match.state, 0) if a["type"] == "hire")
    apply_match_action(match.pk, users[0].pk, hire, 0)
    for viewer, full in ((0, True), (1, True), (2, False), (3, False)):
        log = logged_in(users[viewer]).get(f"/api/matches/{match.pk}/log/").json()
        assert log["actions"][0]["action"] == (hire if full else {"type": "hire"}), viewer
