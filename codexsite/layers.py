"""The channel layers: the in-memory one of the one-process setup, made
cheaper; the Redis pub/sub one of several workers, made to ride out a
Redis outage (OutageTolerantPubSubLayer).

The in-memory layer:

channels' ``InMemoryChannelLayer`` looks through every channel's queue and
every group member for expired entries on each ``receive`` and
``group_send``: work proportional to the open connections for every message
delivered, so quadratic under load (14 % of the server's time with 200
match sockets and 200 echo sockets: docs/BENCHMARKS.md, "Profile"). Here
that sweep runs at most once per ``CLEAN_EVERY`` seconds; a message or
group membership then lives up to that much longer than its expiry (60 s
and a day by default), which nothing relies on.
"""

import asyncio
import logging
import time

from channels.layers import InMemoryChannelLayer
from channels_redis.pubsub import RedisPubSubChannelLayer, RedisPubSubLoopLayer, RedisSingleShardConnection
from channels_redis.utils import _wrap_close, decode_hosts
from django.conf import settings
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

CLEAN_EVERY = 1.0  # seconds between two sweeps for expired messages and members
# For how many times CODEX_VERSIONS_ALONE_SECONDS after it was last asked about (a version
# published) a group is asked about again with another (_TolerantLoopLayer._due_with)
ASKED_ALONG_FOR = 10


class SweepingInMemoryChannelLayer(InMemoryChannelLayer):
    """``InMemoryChannelLayer`` that sweeps for expired entries at most once
    per CLEAN_EVERY seconds instead of on every receive and group send."""

    _swept = float("-inf")

    def _clean_expired(self):
        """Sweep (the base class's sweep) unless one ran less than CLEAN_EVERY seconds ago."""
        now = time.monotonic()
        if now - self._swept < CLEAN_EVERY:
            return
        self._swept = now
        super()._clean_expired()


# What a Redis channel layer operation raises while Redis cannot be reached
# (redis-py's errors; a refused or reset socket, a timeout).
LAYER_FAILURES = (RedisError, OSError)


class _TolerantShard(RedisSingleShardConnection):
    """One Redis connection of the pub/sub layer that rides out an outage:
    a subscription that fails is kept as wanted (``pending``) and made by
    the receiving loop as soon as Redis answers again; a failed unsubscribe
    is let go (a message for a channel nobody here listens to is dropped)."""

    def __init__(self, host, channel_layer):
        super().__init__(host, channel_layer)
        self.pending = set()  # channel names to subscribe to once Redis answers

    async def subscribe(self, channel):
        """Subscribe to ``channel``; while Redis cannot be reached, later."""
        try:
            await super().subscribe(channel)
        except LAYER_FAILURES as exc:
            log.warning("channel layer: cannot subscribe now (%s); retrying in the background", exc)
            self.pending.add(channel)
            self._ensure_receiver()

    async def unsubscribe(self, channel):
        """Unsubscribe from ``channel``; nothing when Redis cannot be reached."""
        self.pending.discard(channel)
        try:
            await super().unsubscribe(channel)
        except LAYER_FAILURES as exc:
            log.warning("channel layer: cannot unsubscribe (%s)", exc)

    async def flush(self):
        """Forget every subscription, the pending ones too (the base class's flush)."""
        self.pending.clear()
        await super().flush()

    async def _subscribe_pending(self) -> None:
        """Make the pending subscriptions (all, or none: then raises what
        Redis, still unreachable, raised)."""
        async with self._lock:
            wanted = self.pending - self._subscribed_to
            if wanted:
                self._ensure_redis()
                await self._pubsub.subscribe(*wanted)
            self._subscribed_to |= wanted
            self.pending.clear()

    async def _do_receiving(self):
        """Hand each message received to its channels' queues, first making
        any pending subscriptions; an error (Redis gone) is logged and the
        loop goes on a second later (redis-py reconnects and subscribes
        again to what it was subscribed to). Logs the start and the end of
        an outage, not each second of it."""
        failing = False
        while True:
            try:
                if self.pending:
                    await self._subscribe_pending()
                if self._pubsub is not None and self._pubsub.subscribed:
                    self._receive_message(await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=0.1))
                else:
                    await asyncio.sleep(0.1)
                if failing and not self.pending:
                    log.warning("channel layer: receiving again")
                    failing = False
            except (asyncio.CancelledError, GeneratorExit):
                raise
            except Exception as exc:  # Redis gone: wait, then try again
                if not failing:
                    log.warning("channel layer: receiving failed (%s); trying again every second", exc)
                    failing = True
                await asyncio.sleep(1)


class _TolerantLoopLayer(RedisPubSubLoopLayer):
    """channels-redis's pub/sub layer of one event loop, made to ride out a
    Redis outage (issue 27, point 6): subscriptions wait for Redis
    (_TolerantShard), and a message that cannot be published reaches the
    channels of this process at least, instead of raising: the consumer
    that sent it, and its neighbours here, go on; the other workers' miss
    it as any group message may be missed (the pages resync:
    docs/PROTOCOL.md "When Redis is down")."""

    def __init__(self, hosts=None, *args, **kwargs):
        super().__init__(hosts, *args, **kwargs)
        self._shards = [_TolerantShard(host, self) for host in decode_hosts(hosts)]
        self._alone_until = {}  # group channel -> monotonic time until which "heard by no other process" holds
        self._wanted = {}  # group channel -> monotonic time of the last group_heard_elsewhere about it

    async def send(self, channel, message):
        """Publish ``message`` to ``channel``; while Redis cannot be reached, deliver it here only."""
        await self._publish_or_deliver_here(channel, message)

    async def group_send(self, group, message):
        """Publish ``message`` to ``group``; while Redis cannot be reached, deliver it here only."""
        await self._publish_or_deliver_here(self._get_group_channel_name(group), message)

    async def group_heard_elsewhere(self, group: str) -> bool:
        """False when no process but this one listens to ``group``: Redis
        (PUBSUB NUMSUB) counted no subscriber of its channel besides this
        process's own subscription, less than CODEX_VERSIONS_ALONE_SECONDS
        ago (counted from before the question was sent: the answer is
        trusted that long, without asking again). True otherwise, and when
        Redis cannot be asked.

        A process that subscribes to the group meanwhile waits that long
        after its subscription before any of its connections reads the
        state (game.delivery.join): a version this process committed and
        did not send because of a trusted answer was committed before that
        read, so it is in what the newcomer reads (issue 29: a match whose
        viewers are all on one worker costs no Redis message per move).

        The question also asks anew, in the same command, about the other
        groups asked about lately whose trusted answer ends soon or has
        ended (_due_with): a worker whose matches move asks Redis about
        three times a second in all, not about nearly every move (issue 29:
        those questions were 6 % of a worker's busy time)."""
        name = self._get_group_channel_name(group)
        asked = time.monotonic()
        self._wanted[name] = asked
        if asked < self._alone_until.get(name, float("-inf")):
            return False
        shard = self._get_shard(name)
        names = self._due_with(name, shard, asked)
        try:
            shard._ensure_redis()
            counts = await shard._redis.pubsub_numsub(*names)
        except LAYER_FAILURES:
            return True
        heard = True
        for each, (_, count) in zip(names, counts, strict=True):
            mine = each in self.groups and each in shard._subscribed_to and each not in shard.pending
            if count > (1 if mine else 0) or (each != name and not mine):
                self._alone_until.pop(each, None)  # heard elsewhere, or left meanwhile: nothing trusted
            else:
                self._alone_until[each] = asked + settings.CODEX_VERSIONS_ALONE_SECONDS
            if each == name:
                heard = name not in self._alone_until
        return heard

    def _due_with(self, name: str, shard, now: float) -> list:
        """``name`` and the other group channels of ``shard`` whose trusted
        "nobody else listens" holds for less than half of
        CODEX_VERSIONS_ALONE_SECONDS more, or no longer holds, among those
        asked about in the last ASKED_ALONG_FOR times that (a match that no
        longer moves drops out: it is asked about when it next moves)."""
        alone = settings.CODEX_VERSIONS_ALONE_SECONDS
        soon, lately = now + alone / 2, now - ASKED_ALONG_FOR * alone
        due = [name]
        for other, until in self._alone_until.items():
            wanted = self._wanted.get(other, float("-inf"))
            if until < soon and wanted >= lately and other != name and self._get_shard(other) is shard:
                due.append(other)
        return due

    async def group_discard(self, group, channel):
        """Remove ``channel`` from ``group`` (channels-redis), and forget
        any trusted answer of group_heard_elsewhere about it."""
        self._alone_until.pop(self._get_group_channel_name(group), None)
        self._wanted.pop(self._get_group_channel_name(group), None)
        await super().group_discard(group, channel)

    async def _publish_or_deliver_here(self, name: str, message: dict) -> None:
        """Publish ``message`` to the Redis channel ``name``, or else hand it
        to this process's channels of that name (the shard's own routing)."""
        data = self.channel_layer.serialize(message)
        shard = self._get_shard(name)
        try:
            await shard.publish(name, data)
        except LAYER_FAILURES as exc:
            log.warning("channel layer: cannot publish (%s); delivered in this process only", exc)
            shard._receive_message({"channel": name, "data": data})


class OutageTolerantPubSubLayer(RedisPubSubChannelLayer):
    """The Redis pub/sub channel layer (channels-redis) of the multi-worker
    setup, which rides out a Redis outage (_TolerantLoopLayer): connecting,
    acting and chatting go on without raising, group messages reach this
    process's sockets, and subscriptions are made once Redis is back.
    Configured as channels-redis's layer (hosts, prefix)."""

    def _get_layer(self):
        loop = asyncio.get_running_loop()
        layer = self._layers.get(loop)
        if layer is None:
            layer = self._layers[loop] = _TolerantLoopLayer(*self._args, **self._kwargs, channel_layer=self)
            _wrap_close(self, loop)
        return layer
