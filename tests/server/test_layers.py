"""codexsite/layers.py: the in-memory channel layer sweeps for expired
messages and group members at most once per CLEAN_EVERY seconds, and still
sweeps them; the Redis layer rides out a Redis it cannot reach (the outage
under real workers: test_redis_outage.py)."""

import asyncio
import types

import pytest
from channels import layers as channels_layers

from benchmarks.servers import free_port
from codexsite import layers


async def test_expired_entries_are_still_swept_but_at_most_once_a_second(monkeypatch):
    clock = {"wall": 1000.0, "mono": 50.0}
    monkeypatch.setattr(channels_layers, "time", types.SimpleNamespace(time=lambda: clock["wall"]))
    monkeypatch.setattr(layers, "time", types.SimpleNamespace(monotonic=lambda: clock["mono"]))
    layer = layers.SweepingInMemoryChannelLayer(expiry=10)
    await layer.group_add("match.1", "gone.inmemory!a")
    await layer.group_add("match.1", "here.inmemory!b")
    await layer.send("gone.inmemory!a", {"type": "old"})  # never read: expires at wall 1010
    await layer.send("here.inmemory!b", {"type": "one"})
    await layer.send("here.inmemory!b", {"type": "two"})
    assert (await layer.receive("here.inmemory!b"))["type"] == "one"  # the first sweep: nothing expired yet
    clock["wall"] += 20  # "gone"'s message has expired...
    clock["mono"] += 0.5  # ...but the last sweep was half a second ago: no sweep now
    assert (await layer.receive("here.inmemory!b"))["type"] == "two"
    assert "gone.inmemory!a" in layer.channels and "gone.inmemory!a" in layer.groups["match.1"]
    clock["mono"] += 1  # a sweep is due: the expired message goes, and its channel leaves the group
    await layer.send("here.inmemory!b", {"type": "three"})
    assert (await layer.receive("here.inmemory!b"))["type"] == "three"
    assert "gone.inmemory!a" not in layer.channels
    assert set(layer.groups["match.1"]) == {"here.inmemory!b"}


async def test_the_redis_layer_without_redis_delivers_here_and_never_raises():
    """The Redis layer with no Redis to reach (a port nobody listens on;
    issue 27, point 6): a new channel, joining and leaving a group, a group
    message and a direct one raise nothing, and the messages reach this
    process's channels (the group's members, not the others)."""
    layer = layers.OutageTolerantPubSubLayer(hosts=[f"redis://127.0.0.1:{free_port()}/0"], prefix="down")
    try:
        member, outsider = await layer.new_channel(), await layer.new_channel()
        await layer.group_add("match.1", member)
        await layer.group_send("match.1", {"type": "match.chat", "text": "still here"})
        await layer.send(outsider, {"type": "direct"})
        assert (await asyncio.wait_for(layer.receive(member), 5))["text"] == "still here"
        assert (await asyncio.wait_for(layer.receive(outsider), 5))["type"] == "direct"
        await layer.group_discard("match.1", member)
        await layer.group_send("match.1", {"type": "match.chat", "text": "nobody"})
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(layer.receive(member), 0.2)
    finally:
        await layer.flush()


@pytest.mark.redis
async def test_nobody_else_listening_is_trusted_for_a_while_and_forgotten_on_leaving(monkeypatch, settings):
    """Redis's answer "no other process listens to the group" is trusted
    for CODEX_VERSIONS_ALONE_SECONDS, even once another subscribes (who
    waits that long before reading: game.delivery.join); then asked anew.
    Leaving the group forgets it at once."""
    import redis.asyncio

    clock = [100.0]
    monkeypatch.setattr(layers, "time", types.SimpleNamespace(monotonic=lambda: clock[0]))
    settings.CODEX_VERSIONS_ALONE_SECONDS = 0.5
    layer = layers.OutageTolerantPubSubLayer(hosts=[settings.REDIS_URL], prefix=f"alone-{free_port()}")
    client = redis.asyncio.Redis.from_url(settings.REDIS_URL)
    other = client.pubsub()
    try:
        member = await layer.new_channel()
        await layer.group_add("match.1.versions", member)
        name = layer._get_group_channel_name("match.1.versions")

        async def counted(subscribers: int) -> None:
            """Wait until Redis counts ``subscribers`` of the group's channel."""
            for _ in range(100):
                if await client.pubsub_numsub(name) == [(name.encode(), subscribers)]:
                    return
                await asyncio.sleep(0.05)
            raise AssertionError(f"Redis never counted {subscribers}")

        await counted(1)
        assert await layer.group_heard_elsewhere("match.1.versions") is False
        await other.subscribe(name)
        assert (await other.get_message(timeout=5))["type"] == "subscribe"
        assert await layer.group_heard_elsewhere("match.1.versions") is False  # trusted
        clock[0] += 0.5
        assert await layer.group_heard_elsewhere("match.1.versions") is True  # asked anew
        await other.unsubscribe(name)
        assert (await other.get_message(timeout=5))["type"] == "unsubscribe"
        assert await layer.group_heard_elsewhere("match.1.versions") is False
        await layer.group_discard("match.1.versions", member)
        await layer.group_add("match.1.versions", member)
        await counted(1)
        await other.subscribe(name)
        assert (await other.get_message(timeout=5))["type"] == "subscribe"
        assert await layer.group_heard_elsewhere("match.1.versions") is True  # forgotten on leaving
    finally:
        await other.aclose()
        await client.aclose()
        await layer.flush()


@pytest.mark.redis
async def test_one_question_asks_again_about_the_answers_about_to_lapse(monkeypatch, settings):
    """Asking about one group asks Redis, in the same command, about the
    other groups asked about lately whose trusted answer ends within half
    the time it is trusted (or has ended), and trusts their answers from
    then: a worker whose matches move asks a few times a second, not about
    nearly every move (issue 29). A group heard elsewhere, or not asked
    about for ASKED_ALONG_FOR times that time, is asked about on its own."""
    import redis.asyncio

    clock = [100.0]
    monkeypatch.setattr(layers, "time", types.SimpleNamespace(monotonic=lambda: clock[0]))
    settings.CODEX_VERSIONS_ALONE_SECONDS = 0.5
    layer = layers.OutageTolerantPubSubLayer(hosts=[settings.REDIS_URL], prefix=f"due-{free_port()}")
    client = redis.asyncio.Redis.from_url(settings.REDIS_URL)
    other = client.pubsub()
    try:
        member = await layer.new_channel()
        groups = ["match.1.versions", "match.2.versions", "match.3.versions"]
        for group in groups:
            await layer.group_add(group, member)
        shard = layer._get_shard(layer._get_group_channel_name(groups[0]))
        shard._ensure_redis()
        questions = []
        numsub = shard._redis.pubsub_numsub

        async def counting(*names):
            questions.append(len(names))
            return await numsub(*names)

        monkeypatch.setattr(shard._redis, "pubsub_numsub", counting)
        assert await layer.group_heard_elsewhere(groups[0]) is False  # trusted until 100.5
        clock[0] = 100.1
        assert await layer.group_heard_elsewhere(groups[1]) is False  # 0's ends in 0.4 s: not yet due
        clock[0] = 100.3
        assert await layer.group_heard_elsewhere(groups[2]) is False  # 0's due: asked along (1's not)
        assert questions == [1, 1, 2]
        await other.subscribe(layer._get_group_channel_name(groups[0]))
        assert (await other.get_message(timeout=5))["type"] == "subscribe"
        clock[0] = 100.7  # 0's answer (asked at 100.3) still holds; 1's lapsed at 100.6
        assert await layer.group_heard_elsewhere(groups[0]) is False
        assert questions == [1, 1, 2]
        assert await layer.group_heard_elsewhere(groups[1]) is False  # asked, with 0 and 2 (due by 100.95)
        assert questions == [1, 1, 2, 3]
        assert await layer.group_heard_elsewhere(groups[0]) is True  # heard elsewhere then: asked again
        assert questions == [1, 1, 2, 3, 1]  # alone (1's and 2's answers hold until 101.2)
        clock[0] = 101.3
        assert await layer.group_heard_elsewhere(groups[1]) is False
        assert questions[-1] == 2  # with 2 (lapsed at 101.2, asked about at 100.3), not 0 (heard)
        clock[0] = 100.3 + layers.ASKED_ALONG_FOR * 0.5 + 0.1  # 2 not asked about for that long
        assert await layer.group_heard_elsewhere(groups[1]) is False
        assert questions[-1] == 1
    finally:
        await other.aclose()
        await client.aclose()
        await layer.flush()
