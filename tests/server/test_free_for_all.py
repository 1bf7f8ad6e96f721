"""Free-for-all (3 to 5 players) through the lobby and the live protocol:
five seats and two spectators connected at once.

- A table for 3, 4 or 5 seats over the REST API; the lobby lists the open seats.
- Random legal play over the websockets by whichever seat may act (the active
  player, and the one before it still picking tech, R11), with retries and
  double clicks: every action applied once or refused by the engine, every
  connection gets every version in order, all seven end with the same public
  state, and nobody receives another player's hand, discard or hidden ids
  (tests/server/teamplay.py checks it all against the replayed action log).
"""

import pytest
from asgiref.sync import sync_to_async

from game.models import Match
from tests.server.matchkit import logged_in, recv, start_match
from tests.server.teamplay import play_and_check, wrap_communicator

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ("ann", "ben", "cat", "dan", "eve")
HEROES = ("troq_bashar", "river_montoya", "jaina_stormborne", "master_midori", "argagarg_garg")


@pytest.mark.parametrize("count", [3, 4, 5])
def test_a_free_for_all_table_for_3_to_5_over_the_rest_api(make_user, count):
    clients = [logged_in(make_user(n)) for n in NAMES[:count]]
    host = clients[0]
    mode = next(m for m in host.get("/api/modes/").json() if m["key"] == "ffa")
    assert (mode["min_seats"], mode["max_seats"], mode["teams"]) == (3, 5, None)
    for bad in (2, 6):
        refused = host.post("/api/tables/", {"mode": "ffa", "seat_count": bad}, format="json")
        assert refused.status_code == 400 and refused.json()["code"] == "bad_seats"
    table = host.post("/api/tables/", {"mode": "ffa", "seat_count": count}, format="json").json()
    assert [(s["index"], s["team"], s["player"]) for s in table["seats"]] == [(0, None, "Ann")] + [
        (i, None, None) for i in range(1, count)
    ]
    url = f"/api/tables/{table['id']}"
    for index, client in enumerate(clients[1:], start=1):
        listed = next(t for t in client.get("/api/tables/").json() if t["id"] == table["id"])
        assert [s["index"] for s in listed["seats"] if s["player"] is None] == list(range(index, count))
        assert client.post(f"{url}/join/", {"index": index}, format="json").status_code == 200
    for client, hero in zip(clients, HEROES, strict=False):
        client.patch(f"{url}/seat/", {"heroes": [hero], "ready": True}, format="json")
    started = host.post(f"{url}/start/")
    assert started.status_code == 200, started.content
    match = Match.objects.get(pk=started.json()["match_id"])
    assert match.config["mode"] == "ffa" and len(match.state["players"]) == count
    # R23: the first player has 4 workers, the others 5.
    assert [p["base_workers"] for p in match.state["players"]] == [4] + [5] * (count - 1)


async def test_five_players_and_two_spectators_play_live(make_user, ws, layer, machine_speed):
    users = [await sync_to_async(make_user)(n) for n in NAMES]
    watchers = [await sync_to_async(make_user)(n) for n in ("wes", "wyn")]
    match = await start_match(users, heroes=HEROES, mode="ffa", seed=5)
    players, spectators = {}, []
    for seat, user in enumerate(users):
        comm, connected, _ = await ws(f"/ws/match/{match.pk}/", user)
        assert connected
        players[seat] = wrap_communicator(seat, comm, await recv(comm))
    for number, user in enumerate(watchers, start=1):
        comm, connected, _ = await ws(f"/ws/match/{match.pk}/", user)
        assert connected
        first = await recv(comm)
        assert first["seat"] is None and first["legal_actions"] == []
        spectators.append(wrap_communicator(None, comm, first, label=f"spectator {number}"))

    records, summary, stored = await play_and_check(match.pk, players, spectators, rounds=120, seed=9)
    assert summary["applied"] >= 100
    # The turn went round the table: every player has ended a turn.
    assert all(p["turns_ended"] >= 1 for p in stored.state["players"])
    seats_that_acted = {r["seat"] for r in records if r["answer"]["type"] == "applied"}
    assert seats_that_acted == set(range(5))
