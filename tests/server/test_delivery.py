"""game/delivery.py: a version reaches the connections of the worker that
made it by a direct call, and those of another worker through one layer
message per worker (issue 29); ``?merged=1`` puts the answer to a
connection's own action on its version's frame.

Each viewer (two seats, two spectators; one seat an older client without
merged answers, one spectator without patches) gets every version exactly
once, in order; what it rebuilds from its patches is what a resync
answers, exactly; nothing hidden from it reaches it. Once with every
connection in this process (the in-memory layer and Redis), once with two
daphne workers on PostgreSQL and Redis, the seats on different workers.
"""

import asyncio
import copy
import json
import random
import types

import pytest
from asgiref.sync import sync_to_async

from codexsite import layers
from game.codex import catalog
from game.patch import apply
from game.statereads import load_snapshot
from tests.server.live import daphne, open_match
from tests.server.matchkit import known_names, leaks, playable, recv, secrets_for, start_match

pytestmark = pytest.mark.django_db(transaction=True)

QUIET = ("presence", "pong", "chat_history")  # frames besides the versions and answers
# (key, seat, query): seat 1 is an older client (no merged answers); "di" asks for full states.
VIEWERS = (
    (0, 0, "?patches=1&merged=1"),
    (1, 1, "?patches=1"),
    ("cy", None, "?patches=1&merged=1"),
    ("di", None, "?merged=1"),
)


class Link:
    """One viewer's connection as ``send(message dict)`` and ``recv() -> the
    next version or answer frame`` (presence and pongs skipped)."""

    def __init__(self, send, receive):
        self.send, self.receive = send, receive

    async def recv(self) -> dict:
        while True:
            frame = await self.receive()
            if frame["type"] not in QUIET:
                return frame


async def play_and_check(match_id: int, links: dict, firsts: dict, moves: int = 30) -> None:
    """Play ``moves`` random actions through the seats' links; check every
    frame of every viewer (see the module docstring)."""
    have = dict(firsts)
    frames = {key: [] for key in links}
    seat_of = {key: seat for key, seat, _ in VIEWERS}
    merged = {key: "merged=1" in query for key, _, query in VIEWERS}
    snapshot = await sync_to_async(load_snapshot)(match_id)
    known = {key: known_names(snapshot.state, seat_of[key]) for key in links}
    rng = random.Random(5)
    for step in range(1, moves + 1):
        state = snapshot.state
        seat = rng.choice([s for s in (0, 1) if playable(state, s)])
        options = [a for a in playable(state, seat) if a["type"] != "attack"] or playable(state, seat)
        action = rng.choice(options)
        if action["type"] == "play":  # playing a card shows it to everyone
            card_id = state["cards"][action["card"]]["card"]
            for key in known:
                known[key] |= {card_id, catalog.card(card_id)["name"]}
        await links[seat].send(
            {"type": "action", "id": step, "version": snapshot.version, "action": action, "nonce": f"n{step}"}
        )
        if not merged[seat]:
            assert await links[seat].recv() == {"type": "applied", "id": step, "version": step}
        got = {seat: await links[seat].recv()}  # the actor's frame first: the action is applied by then
        snapshot = await sync_to_async(load_snapshot)(match_id)
        assert snapshot.version == step
        for key, link in links.items():
            msg = got[key] if key in got else await link.recv()
            assert msg["type"] in ("state", "patch") and msg["version"] == step, (step, key, msg)
            assert msg.pop("id", None) == (step if key == seat and merged[key] else None), (step, key)
            frames[key].append(msg)
            if msg["type"] == "patch":
                assert msg["base"] == have[key]["version"]
                have[key] = apply(copy.deepcopy(have[key]), msg["ops"])
                have[key]["version"] = msg["version"]
            else:
                have[key] = msg
        for key in links:
            known[key] |= known_names(snapshot.state, seat_of[key])
            assert not leaks(frames[key], *secrets_for(snapshot.state, seat_of[key], known[key])), (step, key)
        if snapshot.status != "playing":
            break
    for key, link in links.items():
        await link.send({"type": "resync", "id": "r"})
        full = await link.recv()
        assert full.pop("id") == "r"  # the resync's id, echoed
        assert full["type"] == "state" and json.dumps(full, sort_keys=True) == json.dumps(have[key], sort_keys=True)
        frames[key].append(full)
    assert all(kind == "state" for kind in (f["type"] for f in frames["di"]))


async def test_every_viewer_of_this_worker_gets_every_version_once(make_user, ws, layer):
    users = [await sync_to_async(make_user)(n) for n in ("ann", "ben", "cy", "di")]
    match = await start_match(users[:2])
    links, firsts = {}, {}
    for (key, _, query), user in zip(VIEWERS, users, strict=True):
        comm, connected, _ = await ws(f"/ws/match/{match.pk}/{query}", user)
        assert connected
        links[key] = Link(comm.send_json_to, lambda comm=comm: recv(comm))
        firsts[key] = await links[key].recv()
        assert firsts[key]["type"] == "state" and firsts[key]["version"] == 0
    await play_and_check(match.pk, links, firsts)


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.timeout(300)
async def test_every_viewer_on_two_workers_gets_every_version_once(make_user, close_db_thread):
    """Seat 0 and a spectator on one worker, seat 1 and the other spectator
    on the other: each action reaches the other worker's viewers once."""
    users = [await sync_to_async(make_user)(n) for n in ("ann", "ben", "cy", "di")]
    match = await start_match(users[:2])
    workers = [daphne(CODEX_WS_RATE="1000", CODEX_WS_BURST="1000") for _ in range(2)]
    socks = []
    try:
        links, firsts = {}, {}
        for index, ((key, _, query), user) in enumerate(zip(VIEWERS, users, strict=True)):
            sock = await open_match(workers[index % 2].url, match.pk, user, query)
            socks.append(sock)
            links[key] = Link(
                lambda message, sock=sock: sock.send(json.dumps(message)),
                lambda sock=sock: _recv(sock),
            )
            firsts[key] = await links[key].recv()
        await play_and_check(match.pk, links, firsts)
    finally:
        for sock in socks:
            await sock.close()
        for worker in workers:
            worker.stop()


async def _recv(sock) -> dict:
    """The next frame of the websocket ``sock``, decoded (10 s at most)."""
    return json.loads(await asyncio.wait_for(sock.recv(), 10))


async def _versions_sent(layer, group: str, listener) -> list:
    """The ``match.version`` events published to ``group`` that
    ``listener`` (a Redis pattern subscription to its channel, which Redis
    does not count as a member of it) saw up to a marker published now:
    whatever the worker published before, in order."""
    await layer.group_send(group, {"type": "test.marker"})
    events = []
    while True:
        message = await listener.get_message(ignore_subscribe_messages=True, timeout=5)
        assert message is not None, "the marker never came back"
        event = layer.deserialize(message["data"])
        if event["type"] == "test.marker":
            return events
        events.append(event)


async def _move(seat_comm, other_comm, version: int) -> None:
    """Play one legal move of the seat of ``seat_comm`` at ``version``; both
    seats get the next version, then the mover's pong: its action is
    handled to the end (published) by then."""
    snapshot = await sync_to_async(load_snapshot)(seat_comm.match_id)
    seat = seat_comm.seat
    action = next(a for a in playable(snapshot.state, seat) if a["type"] not in ("attack", "concede"))
    await seat_comm.send_json_to({"type": "action", "id": version + 1, "version": version, "action": action})
    for comm in (seat_comm, other_comm):
        msg = await recv(comm)
        while msg["type"] in QUIET:
            msg = await recv(comm)
        assert msg["version"] == version + 1, msg
    await seat_comm.send_json_to({"type": "ping", "id": "p"})
    while (await recv(seat_comm))["type"] != "pong":
        pass


@pytest.mark.redis
@pytest.mark.parametrize("layer", ["redis"], indirect=True)
async def test_a_match_held_by_one_worker_sends_no_version_through_redis(make_user, ws, layer, monkeypatch):
    """Every connection of the match is on this worker: its versions go to
    them directly and none through Redis (issue 29), and Redis is asked
    whether another process listens once per CODEX_VERSIONS_ALONE_SECONDS,
    not once per move; once another process subscribes to the match's
    versions group and waits that long (as game.delivery.join does), each
    version reaches it."""
    import redis.asyncio
    from channels.layers import get_channel_layer
    from django.conf import settings

    from game.delivery import versions_group

    asked = []
    numsub = redis.asyncio.Redis.pubsub_numsub

    def counted(self, *channels):
        asked.extend(channels)
        return numsub(self, *channels)

    monkeypatch.setattr(redis.asyncio.Redis, "pubsub_numsub", counted)
    clock = [1000.0]
    monkeypatch.setattr(layers, "time", types.SimpleNamespace(monotonic=lambda: clock[0]))

    users = [await sync_to_async(make_user)(n) for n in ("ann", "ben")]
    match = await start_match(users)
    comms = []
    for seat, user in enumerate(users):
        comm, connected, _ = await ws(f"/ws/match/{match.pk}/?patches=1&merged=1", user)
        assert connected and (await recv(comm))["version"] == 0
        comm.match_id, comm.seat = match.pk, seat
        comms.append(comm)
    layer_here = get_channel_layer()
    group = versions_group(match.pk)
    name = layer_here._get_group_channel_name(group)
    client = redis.asyncio.Redis.from_url(settings.REDIS_URL)
    listener, other_worker = client.pubsub(), client.pubsub()
    try:
        await listener.psubscribe(name)
        assert (await listener.get_message(timeout=5))["type"] == "psubscribe"
        for version in (0, 1):  # the layer's clock stands still: its answer is trusted for both moves
            snapshot = await sync_to_async(load_snapshot)(match.pk)
            mover = comms[next(s for s in (0, 1) if playable(snapshot.state, s))]
            await _move(mover, comms[1 - mover.seat], version)
        assert await _versions_sent(layer_here, group, listener) == []
        assert asked.count(name) == 1  # the first move asked Redis; the second trusted its answer

        await other_worker.subscribe(name)
        assert (await other_worker.get_message(timeout=5))["type"] == "subscribe"
        clock[0] += settings.CODEX_VERSIONS_ALONE_SECONDS  # the newcomer waits that long before it reads
        snapshot = await sync_to_async(load_snapshot)(match.pk)
        mover = comms[next(s for s in (0, 1) if playable(snapshot.state, s))]
        await _move(mover, comms[1 - mover.seat], 2)
        sent = await _versions_sent(layer_here, group, listener)
        assert [(e["type"], e["match"], e["version"]) for e in sent] == [("match.version", match.pk, 3)]
        assert asked.count(name) == 2
    finally:
        await listener.aclose()
        await other_worker.aclose()
        await client.aclose()


class _Joiner:
    """A stand-in connection of match ``match_id`` for game.delivery.join."""

    def __init__(self, match_id: int):
        self.match_id = match_id


@pytest.mark.redis
@pytest.mark.parametrize("layer", ["redis"], indirect=True)
async def test_a_process_joining_a_match_waits_out_the_trusted_answers(layer, settings):
    """With Redis, join returns only CODEX_VERSIONS_ALONE_SECONDS after this
    process's channel joined the match's versions group (Redis counts it by
    then), for a connection that joined meanwhile too: a worker that trusts
    an answer "nobody else listens" given before that has committed what it
    did not send by the time the newcomer reads (codexsite.layers)."""
    import time

    import redis.asyncio
    from channels.layers import get_channel_layer

    from game import delivery

    settings.CODEX_VERSIONS_ALONE_SECONDS = 0.3
    first, second = _Joiner(987654), _Joiner(987654)
    name = get_channel_layer()._get_group_channel_name(delivery.versions_group(987654))
    client = redis.asyncio.Redis.from_url(settings.REDIS_URL)
    try:
        start = time.monotonic()
        await asyncio.gather(delivery.join(first), delivery.join(second))
        assert time.monotonic() - start >= 0.3
        assert await client.pubsub_numsub(name) == [(name.encode(), 1)]
    finally:
        await delivery.leave(first)
        await delivery.leave(second)
        await client.aclose()
    assert 987654 not in delivery._subscribed
