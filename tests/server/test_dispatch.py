"""game/dispatch.py: a version broadcast (and an echo frame) reaches the
viewers while the worker's database thread is busy with something else;
channels' default dispatch first waited for that thread on every message."""

import asyncio
import json
import threading

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer

from game.delivery import versions_group
from tests.server.matchkit import db_match, recv, start_match

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_version_reaches_the_viewers_while_the_database_thread_is_held(make_user, ws, layer):
    ann, ben, cy = [await sync_to_async(make_user)(n) for n in ("ann", "ben", "cy")]
    match = await start_match([ann, ben])
    comms = []
    for user in (ann, cy):  # a seat and a spectator
        comm, connected, _ = await ws(f"/ws/match/{match.pk}/", user)
        assert connected and (await recv(comm))["version"] == 0
        comms.append(comm)
    state = (await db_match(match.pk)).state
    started, release = threading.Event(), threading.Event()

    def hold_the_database_thread():
        started.set()
        release.wait(30)

    holder = asyncio.ensure_future(sync_to_async(hold_the_database_thread)())  # thread-sensitive: that thread
    try:
        assert await asyncio.to_thread(started.wait, 10)
        event = {
            "type": "match.version",
            "match": match.pk,
            "version": 1,
            "state": json.dumps(state),
            "status": "playing",
            "result": None,
        }  # as another worker sends it (game.delivery)
        await get_channel_layer().group_send(versions_group(match.pk), event)
        for comm in comms:
            assert (await recv(comm))["version"] == 1
        assert not release.is_set()  # delivered while the database thread was still held
    finally:
        release.set()
        await holder
