"""A match survives a server restart: state, version and log live in the database.

One test replaces the consumer and channel layer in-process; the other runs the
real server (daphne) as a separate process, kills it mid-match and starts a new
one on the same database.
"""

import asyncio
import json
import os
import signal

import pytest
from asgiref.sync import sync_to_async
from channels.layers import channel_layers, get_channel_layer

from game.models import Match
from tests.server.live import daphne, open_match
from tests.server.matchkit import active_seat, db_match, playable, recv, recv_until, start_match

pytestmark = pytest.mark.django_db(transaction=True)


async def test_fresh_consumer_and_layer_resume_the_match(make_user, ws, layer):
    alice, bob = [await sync_to_async(make_user)(n) for n in ("alice", "bob")]
    match = await start_match([alice, bob])
    comms = {}
    for seat, user in ((0, alice), (1, bob)):
        comms[seat], connected, _ = await ws(f"/ws/match/{match.pk}/", user)
        await recv(comms[seat])
    for _ in range(3):
        match = await db_match(match.pk)
        seat = active_seat(match.state)
        await comms[seat].send_json_to(
            {"type": "action", "action": playable(match.state, seat)[0], "version": match.version}
        )
        views = {s: (await recv_until(c, "state"))[-1] for s, c in comms.items()}
    for comm in comms.values():
        await comm.disconnect()
    # "restart": forget every channel layer instance, connect new consumers
    if layer == "redis":
        await get_channel_layer().flush()
    channel_layers.backends.clear()
    for seat, user in ((0, alice), (1, bob)):
        comm, connected, _ = await ws(f"/ws/match/{match.pk}/", user)
        assert connected
        state = await recv(comm)
        assert state["version"] == 3 and state["view"] == views[seat]["view"]
        comms[seat] = comm
    match = await db_match(match.pk)
    seat = active_seat(match.state)
    await comms[seat].send_json_to({"type": "action", "action": playable(match.state, seat)[0], "version": 3})
    assert (await recv(comms[seat]))["version"] == 4


async def next_of(sock, kind):
    while True:
        msg = json.loads(await asyncio.wait_for(sock.recv(), 10))
        if msg["type"] == kind:
            return msg


async def test_match_survives_a_real_server_restart(make_user, close_db_thread):
    alice, bob = [await sync_to_async(make_user)(n) for n in ("alice", "bob")]
    match = await start_match([alice, bob])
    server = await asyncio.to_thread(daphne)
    try:
        socks = {0: await open_match(server.url, match.pk, alice), 1: await open_match(server.url, match.pk, bob)}
        for sock in socks.values():
            await next_of(sock, "state")
        for _ in range(3):
            match = await db_match(match.pk)
            seat = active_seat(match.state)
            await socks[seat].send(
                json.dumps(
                    {"type": "action", "action": playable(match.state, seat)[0], "version": match.version, "id": 1}
                )
            )
            assert (await next_of(socks[seat], "applied"))["version"] == match.version + 1
            last = {s: await next_of(sock, "state") for s, sock in socks.items()}
    finally:
        await asyncio.to_thread(server.stop)
    server = await asyncio.to_thread(daphne)
    try:
        match = await db_match(match.pk)
        seat = active_seat(match.state)
        sock = await open_match(server.url, match.pk, (alice, bob)[seat])
        state = await next_of(sock, "state")
        assert state["version"] == 3 and state["view"] == last[seat]["view"]
        action = playable(match.state, seat)[0]
        await sock.send(json.dumps({"type": "action", "action": action, "version": 3, "id": 2}))
        assert (await next_of(sock, "applied"))["version"] == 4
        await sock.close()
    finally:
        await asyncio.to_thread(server.stop)


async def test_presence_is_right_after_a_server_was_killed(make_user, close_db_thread):
    """Issue 11, finding 6: after a SIGKILL and a restart, every seat that
    was connected stayed counted as connected for good. A socket is live
    only while its worker refreshes it: the killed worker's sockets stop
    counting within CODEX_WS_LIVE_SECONDS, and the seat whose player did not
    come back is away (so the others may be offered a bot for it)."""
    alice, bob = [await sync_to_async(make_user)(n) for n in ("alice", "bob")]
    match = await start_match([alice, bob])
    quick = {"CODEX_WS_HEARTBEAT": "0.3", "CODEX_WS_LIVE_SECONDS": "1.5"}
    server = await asyncio.to_thread(daphne, **quick)
    try:
        socks = [await open_match(server.url, match.pk, user) for user in (alice, bob)]
        for sock in socks:
            await next_of(sock, "state")
        await asyncio.sleep(2)  # live sockets stay live: their worker refreshes them
        await socks[1].send(json.dumps({"type": "ping", "id": 1}))
        assert [p["away"] for p in (await next_of(socks[1], "pong"))["presence"]] == [False, False]
    finally:
        os.kill(server.pid, signal.SIGKILL)  # no cleanup runs at all
        await asyncio.to_thread(server.proc.wait)
    server = await asyncio.to_thread(daphne, **quick)
    try:
        sock = await open_match(server.url, match.pk, bob)
        await next_of(sock, "state")
        await asyncio.sleep(2)
        await sock.send(json.dumps({"type": "ping", "id": 2}))
        presence = (await next_of(sock, "pong"))["presence"]
        assert [p["away"] for p in presence] == [True, False]
        await sock.close()
    finally:
        await asyncio.to_thread(server.stop)


async def test_a_killed_worker_loses_no_action_acknowledged_between_snapshots(make_user, close_db_thread):
    """Issue 29: the row stores the state every 10th version only; actions
    11 to 13 were acknowledged, then the worker was SIGKILLed (nothing it
    kept survives). The next worker rebuilds version 13 from the snapshot
    at 10 and the action log, as the players last saw it, and play goes on."""
    alice, bob = [await sync_to_async(make_user)(n) for n in ("alice", "bob")]
    match = await start_match([alice, bob])
    server = await asyncio.to_thread(daphne, CODEX_SNAPSHOT_EVERY="10")
    try:
        socks = {0: await open_match(server.url, match.pk, alice), 1: await open_match(server.url, match.pk, bob)}
        for sock in socks.values():
            await next_of(sock, "state")
        for n in range(13):
            match = await db_match(match.pk)
            seat = active_seat(match.state)
            action = playable(match.state, seat)[0]
            await socks[seat].send(json.dumps({"type": "action", "action": action, "version": n, "id": n}))
            assert (await next_of(socks[seat], "applied"))["version"] == n + 1
            last = {s: await next_of(sock, "state") for s, sock in socks.items()}
    finally:
        os.kill(server.pid, signal.SIGKILL)
        await asyncio.to_thread(server.proc.wait)
    row = await sync_to_async(Match.objects.get)(pk=match.pk)
    assert (row.version, row.state_version) == (13, 10)
    server = await asyncio.to_thread(daphne, CODEX_SNAPSHOT_EVERY="10")
    try:
        match = await db_match(match.pk)
        seat = active_seat(match.state)
        sock = await open_match(server.url, match.pk, (alice, bob)[seat])
        state = await next_of(sock, "state")
        assert state["version"] == 13 and state["view"] == last[seat]["view"]
        await sock.send(
            json.dumps({"type": "action", "action": playable(match.state, seat)[0], "version": 13, "id": 99})
        )
        assert (await next_of(sock, "applied"))["version"] == 14
        await sock.close()
    finally:
        await asyncio.to_thread(server.stop)
