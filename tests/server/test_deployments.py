"""Two deployments on one Redis server (issue 27, point 2): Redis pub/sub
ignores the database number, so each deployment's channel layer needs a
prefix of its own (codexsite/channelprefix.py).

- The prefix: CODEX_CHANNEL_PREFIX when set (checked), else derived from
  the database name and the Redis database number.
- Two real servers, each its own database and Redis database on one Redis
  server, each with a match of the same id: what happens in one never
  reaches a player of the other.
"""

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
import websockets
from asgiref.sync import sync_to_async

from benchmarks.servers import Worker
from codexsite.channelprefix import channel_prefix, redis_db
from tests.server.live import daphne, open_match
from tests.server.matchkit import start_match

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "url, db",
    [
        ("redis://127.0.0.1:6379/2", 2),
        ("redis://127.0.0.1:6379", 0),
        ("redis://h:6379/?db=5", 5),
        ("redis://h/0", 0),
        ("", 0),
    ],
)
def test_the_redis_database_number_is_read_from_the_url(url, db):
    assert redis_db(url) == db


def test_deployments_differing_in_database_or_redis_database_get_different_prefixes():
    one = channel_prefix("", "codex", "redis://127.0.0.1:6379/1")
    assert one == channel_prefix("", "codex", "redis://10.0.0.5:6379/1")  # one deployment, another route
    assert one != channel_prefix("", "codex", "redis://127.0.0.1:6379/2")
    assert one != channel_prefix("", "codex_staging", "redis://127.0.0.1:6379/1")
    assert channel_prefix("prod-eu", "codex", "redis://127.0.0.1:6379/1") == "prod-eu"


@pytest.mark.parametrize("configured", ["a b", "x" * 41, "match.*", "é"])
def test_a_configured_prefix_must_be_a_plain_word(configured):
    with pytest.raises(ValueError, match="CODEX_CHANNEL_PREFIX"):
        channel_prefix(configured, "codex", "redis://127.0.0.1:6379/1")


def on_redis_db(redis_url: str, db: int) -> str:
    """``redis_url`` with its database number replaced by ``db``."""
    parts = urlsplit(redis_url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{db}", "", ""))


async def next_of(sock, kind: str) -> dict:
    """The next message of type ``kind`` on ``sock`` (the ones before it are dropped)."""
    while True:
        msg = json.loads(await asyncio.wait_for(sock.recv(), 10))
        if msg["type"] == kind:
            return msg


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
async def test_two_deployments_on_one_redis_never_see_each_others_matches(
    make_user, settings, tmp_path, close_db_thread
):
    """Deployment "here" (the test database, Redis database N) and "there"
    (a SQLite file, database N+1 of the same Redis server), both with
    their default prefixes, each with a match of the same id. A move and a
    chat line in there's match reach there's players; here's player, who
    then says something in her own match, gets her own line and nothing
    else (before: there's state, rendered for her seat, hand included)."""
    alice, bob = [await sync_to_async(make_user)(name) for name in ("alice", "bob")]
    match = await start_match([alice, bob])
    there_db = f"sqlite:///{tmp_path / 'there.sqlite3'}"
    there_redis = on_redis_db(settings.REDIS_URL, redis_db(settings.REDIS_URL) + 1)
    seeded = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "tests.server.otherdeployment", str(match.pk)],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": there_db, "REDIS_URL": there_redis},
        capture_output=True,
        text=True,
        check=True,
    )
    seeded = json.loads(seeded.stdout.strip().splitlines()[-1])
    assert seeded["match"] == match.pk
    here = await asyncio.to_thread(daphne, REDIS_URL=settings.REDIS_URL)
    there = None
    socks = []
    try:
        there = await asyncio.to_thread(Worker, there_db, there_redis)
        mine = await open_match(here.url, match.pk, alice)
        socks.append(mine)
        await next_of(mine, "state")
        for cookie in seeded["cookies"]:
            socks.append(
                await websockets.connect(
                    f"ws{there.url.removeprefix('http')}/ws/match/{match.pk}/",
                    origin=there.url,
                    additional_headers={"Cookie": cookie},
                )
            )
        theirs = socks[1:]
        first = [await next_of(sock, "state") for sock in theirs]
        actor = next(seat for seat, state in enumerate(first) if state["legal_actions"])
        await theirs[actor].send(
            json.dumps(
                {
                    "type": "action",
                    "action": first[actor]["legal_actions"][0],
                    "version": first[actor]["version"],
                    "id": 1,
                }
            )
        )
        assert (await next_of(theirs[actor], "applied"))["version"] == 1
        assert (await next_of(theirs[1 - actor], "state"))["version"] == 1  # published, and back
        await theirs[0].send(json.dumps({"type": "chat", "text": "over there", "id": 2}))
        assert (await next_of(theirs[1], "chat"))["text"] == "over there"
        # Her line is published after theirs: her worker's subscription reads it after theirs, if at all.
        await mine.send(json.dumps({"type": "chat", "text": "over here", "id": "mine"}))
        got = []
        while not got or got[-1].get("id") != "mine":
            got.append(json.loads(await asyncio.wait_for(mine.recv(), 10)))
        assert [(m["type"], m.get("text")) for m in got] == [("chat", "over here")]
    finally:
        for sock in socks:
            await sock.close()
        for server in (there, here):
            if server is not None:
                await asyncio.to_thread(server.stop)
