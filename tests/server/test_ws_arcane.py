"""A whole Arcane Codex match over websockets (issue 17): two seats playing
through the live protocol, a spectator watching, a reconnect and chat on the
way, the match finished and replayed; no frame a viewer receives holds a
card id of the deck or of the other seat's hand, or a private log line of
another seat (house rule A31)."""

import pytest
from asgiref.sync import sync_to_async

from game import rules
from lobby import services
from tests.server.matchkit import db_match, frame_leaks, logged_in, recv, recv_until

pytestmark = pytest.mark.django_db(transaction=True)


@sync_to_async
def start_arcane(players, options, seed=11):
    """An Arcane table of ``players`` started through the lobby services; returns the Match."""
    table = services.create_table(players[0], "arcane", options=options)
    services.take_seat(table.pk, players[1], 1)
    for user in players:
        services.update_seat(table.pk, user, ready=True)
    return services.start_table(table.pk, players[0], seed=seed).match


def hidden_ids(state: dict, viewer) -> set:
    """The ids ``viewer`` must not receive: the deck's, and every hand but its own."""
    out = set(state["deck"])
    for player in state["players"]:
        if player["seat"] != viewer:
            out.update(player["hand"])
    return out


async def test_a_whole_arcane_match_with_a_spectator(make_user, ws, layer, machine_speed):
    alice, bob, carol = [await sync_to_async(make_user)(n) for n in ("alice", "bob", "carol")]
    match = await start_arcane([alice, bob], {"round_cap": 25, "blockers": "many"})
    comms, inbox = {}, {}
    for seat, user in ((0, alice), (1, bob), (None, carol)):
        comm, connected, _ = await ws(f"/ws/match/{match.pk}/", user)
        assert connected
        comms[seat] = comm
        inbox[seat] = [await recv(comm)]
        assert inbox[seat][0]["view"]["game"] == "arcane" and inbox[seat][0]["seat"] == seat
    assert inbox[None][0]["legal_actions"] == []
    bots = {0: rules.GreedyBot(seed=1), 1: rules.GreedyBot(seed=2)}
    kinds, steps = set(), 0
    while True:
        match = await db_match(match.pk)
        for viewer in comms:
            assert frame_leaks(inbox[viewer], hidden_ids(match.state, viewer), viewer) == [], (steps, viewer)
        if match.status != "playing":
            break
        seat = rules.waiting_on(match.state)[0]
        legal = inbox[seat][-1]["legal_actions"]
        action = bots[seat].choose(match.state, seat)
        assert action in legal  # the frame's legal actions are the engine's
        kinds.add(action["type"])
        await comms[seat].send_json_to({"type": "action", "action": action, "version": match.version, "id": steps})
        answer = await recv(comms[seat])
        assert answer["type"] == "applied", (answer, action, steps)
        inbox = {viewer: await recv_until(comm, "state") for viewer, comm in comms.items()}
        steps += 1
        if steps == 10:  # bob's page reloads: a full state of the same version comes back
            await comms[1].disconnect()
            comms[1], connected, _ = await ws(f"/ws/match/{match.pk}/", bob)
            again = await recv(comms[1])
            assert connected and again["version"] == inbox[0][-1]["version"] and again["seat"] == 1
            inbox[1] = [again]
            await comms[None].send_json_to({"type": "chat", "text": "good luck", "id": "c1"})
            for comm in comms.values():
                chat = [m for m in await recv_until(comm, "chat") if m["type"] == "chat"][-1]
                assert chat["text"] == "good luck" and chat["seat"] is None
        assert steps < 2000
    assert {"play", "attack", "fight", "end_turn"} <= kinds
    final = inbox[None][-1]
    assert final["status"] == "finished" and final["view"]["status"] == "finished"
    assert match.result is not None and match.state["result_reason"] in ("life", "round_cap")
    # the replay rebuilds every step, and the spectator's replay shows actions by type only
    client = await sync_to_async(logged_in)(carol)
    index = (await sync_to_async(client.get)(f"/api/matches/{match.pk}/replay/")).json()
    assert index["count"] == match.version + 1
    assert all(set(s["action"]) == {"type"} for s in index["steps"][1:])
    last = (await sync_to_async(client.get)(f"/api/matches/{match.pk}/replay/{match.version}/")).json()
    assert last["view"] == rules.view(match.state, None)
