"""A Redis outage under two real workers (issue 27, point 6;
codexsite/layers.py OutageTolerantPubSubLayer, docs/PROTOCOL.md "When
Redis is down"). Redis here is a server of the test's own, on a port of its
own, stopped and started again (never the shared one).

Before: the actor got ``applied`` and then ``internal_error`` with the same
id and nobody got the new state; a connect while Redis was down, or the
first one after, was answered HTTP 500.
"""

import asyncio
import json
import subprocess
import time
import urllib.request

import pytest
from asgiref.sync import sync_to_async

from benchmarks.servers import free_port, wait_listening
from codexsite.layers import OutageTolerantPubSubLayer
from tests.server.conftest import session_cookie
from tests.server.live import daphne, open_match
from tests.server.matchkit import start_match

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]
PREFIX = "outage-test"


def start_redis(port: int) -> subprocess.Popen:
    """A redis-server of this test's own on ``port`` (nothing saved)."""
    proc = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    if not wait_listening(proc, port):
        proc.kill()
        raise RuntimeError("redis-server did not start")
    return proc


def stop(proc: subprocess.Popen) -> None:
    """Stop the test's redis-server."""
    proc.terminate()
    proc.wait(10)


def wait_subscribers(port: int, channel: str, count: int) -> None:
    """Wait until ``count`` connections (the workers) subscribe to ``channel``
    on the test's Redis. Raises TimeoutError after a minute."""
    deadline = time.monotonic() + 60
    while True:
        out = subprocess.run(
            ["redis-cli", "-p", str(port), "PUBSUB", "NUMSUB", channel], capture_output=True, text=True
        ).stdout.split()
        if len(out) == 2 and int(out[1]) >= count:
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"{channel} has {out} subscribers")
        time.sleep(0.1)


def api_get(base_url: str, path: str, cookie: bytes) -> tuple[int, dict]:
    """GET ``path`` of the REST API with a session ``cookie``: ``(status, parsed body)``."""
    request = urllib.request.Request(base_url + path, headers={"Cookie": cookie.decode()})
    with urllib.request.urlopen(request, timeout=30) as answer:  # a status >= 400 raises HTTPError
        return answer.status, json.loads(answer.read())


async def read(sock) -> dict:
    return json.loads(await asyncio.wait_for(sock.recv(), 30))


async def until(sock, kind: str) -> list:
    """The messages of ``sock`` up to and including the first of type ``kind``."""
    got = [await read(sock)]
    while got[-1]["type"] != kind:
        got.append(await read(sock))
    return got


async def test_play_goes_on_through_a_redis_outage(make_user, close_db_thread):
    """Alice on one worker, Bob on the other, Redis stopped: the actor gets
    ``applied`` and the new state, once, no error; the other player's next
    ``pong`` names the new version, and his resync gets it; a spectator
    connects meanwhile, and the REST API answers her (its throttle was a
    500 while the cache was down). Redis back: another connect succeeds, and the next
    move reaches every socket again."""
    alice, bob, carol = [await sync_to_async(make_user)(name) for name in ("alice", "bob", "carol")]
    match = await start_match([alice, bob])
    port = free_port()
    redis = start_redis(port)
    # Each ping reads presence and version from the database (no 30 s copy).
    env = {"REDIS_URL": f"redis://127.0.0.1:{port}/0", "CODEX_CHANNEL_PREFIX": PREFIX, "CODEX_WS_PRESENCE_SECONDS": "0"}
    workers, socks = [], []
    try:
        workers = list(await asyncio.gather(*(asyncio.to_thread(daphne, **env) for _ in range(2))))
        for worker, user in zip(workers, (alice, bob), strict=True):
            socks.append(await open_match(worker.url, match.pk, user))
        states = [(await until(sock, "state"))[-1] for sock in socks]
        group = f"{PREFIX}__group__match.{match.pk}"
        await asyncio.to_thread(wait_subscribers, port, group, 2)

        await asyncio.to_thread(stop, redis)
        seat = next(s for s, state in enumerate(states) if state["legal_actions"])
        actor, other = socks[seat], socks[1 - seat]
        await actor.send(
            json.dumps({"type": "action", "action": states[seat]["legal_actions"][0], "version": 0, "id": 1})
        )
        got = await until(actor, "state")
        await actor.send(json.dumps({"type": "ping", "id": "after"}))
        got += await until(actor, "pong")
        assert [(m["type"], m.get("id"), m.get("version")) for m in got] == [
            ("applied", 1, 1),
            ("state", None, 1),
            ("pong", "after", 1),
        ]
        await other.send(json.dumps({"type": "ping", "id": "p"}))
        pong = (await until(other, "pong"))[-1]
        assert pong["version"] == 1  # newer than what it was sent: the page resyncs
        await other.send(json.dumps({"type": "resync", "id": "r"}))
        healed = (await until(other, "state"))[-1]
        assert healed["version"] == 1 and healed["seat"] == 1 - seat
        watcher = await open_match(workers[1].url, match.pk, carol)  # while Redis is down
        socks.append(watcher)
        assert (await until(watcher, "state"))[-1]["version"] == 1
        cookie = await sync_to_async(session_cookie)(carol)
        status, me = await asyncio.to_thread(api_get, workers[1].url, "/api/me/", cookie)  # the REST API too
        assert status == 200 and me["username"] == "carol"

        redis = start_redis(port)
        await asyncio.to_thread(wait_subscribers, port, group, 2)
        again = await open_match(workers[0].url, match.pk, bob)  # the first connect after
        socks.append(again)
        assert (await until(again, "state"))[-1]["version"] == 1
        now = {seat: got[1], 1 - seat: healed}  # each player's state at version 1
        seat = next(s for s, state in now.items() if state["legal_actions"])
        await socks[seat].send(
            json.dumps({"type": "action", "action": now[seat]["legal_actions"][0], "version": 1, "id": 2})
        )
        for sock in socks:
            assert (await until(sock, "state"))[-1]["version"] == 2
    finally:
        for sock in socks:
            await sock.close()
        for worker in workers:
            await asyncio.to_thread(worker.stop)
        if redis.poll() is None:
            await asyncio.to_thread(stop, redis)


async def test_a_worker_that_starts_while_redis_is_down_subscribes_once_it_is_back():
    """A worker's first sockets join their groups while Redis is down; once
    it answers, the worker subscribes (in the background) and receives what
    another worker publishes there."""
    port = free_port()
    url = f"redis://127.0.0.1:{port}/0"
    layer, other = (OutageTolerantPubSubLayer(hosts=[url], prefix=PREFIX) for _ in range(2))
    redis = None
    try:
        member = await layer.new_channel()
        await layer.group_add("match.1", member)
        redis = await asyncio.to_thread(start_redis, port)
        await asyncio.to_thread(wait_subscribers, port, f"{PREFIX}__group__match.1", 1)
        await other.group_send("match.1", {"type": "match.chat", "text": "from another worker"})
        assert (await asyncio.wait_for(layer.receive(member), 10))["text"] == "from another worker"
    finally:
        await layer.flush()
        await other.flush()
        if redis is not None:
            await asyncio.to_thread(stop, redis)
