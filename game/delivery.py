"""Deliver each committed version of a match to every connection of it
(docs/PROTOCOL.md "Inside the server", issue 29).

- The connections this worker process holds get it by a direct call
  (MatchConsumer.deliver): no channel-layer message per connection, no trip
  through each consumer's queue and dispatch loop.
- The other worker processes get it once each: every process that holds
  connections of a match has one channel of its own in the match's
  ``versions`` group (one member per process, not per connection); the
  event carries the state as JSON text (game.fanout.version_event) and the
  channel of the process that sent it, which skips its own copy. A
  version of a match no other process holds connections of (the layer can
  tell: codexsite.layers) is not sent through the layer at all. With the
  in-memory layer there is one process only, so a version made here never
  goes through the layer (the group and its listener still take a version
  sent from outside a consumer: the tests' stand-in for another worker).

A process's channel joins a match's group before any of its connections
reads the state (join), so no version committed elsewhere slips between:
with a shared layer, its connections then wait until
CODEX_VERSIONS_ALONE_SECONDS have passed since its subscription, the time
another process trusts Redis's answer that nobody else listens
(codexsite.layers: group_heard_elsewhere).
"""

import asyncio
import concurrent.futures
import logging
import time

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.conf import settings

from game import fanout
from game.statereads import Snapshot

log = logging.getLogger(__name__)

_here = {}  # match id -> {consumer: None}: this process's connections of each match, in joining order
_subscribed = {}  # match id -> future: the monotonic time this process's channel last joined its versions group
_worker = None  # (event loop, layer, this process's channel, its listening task), made on first need


def versions_group(match_id: int) -> str:
    """The channel-layer group of the worker processes holding connections of match ``match_id``."""
    return f"match.{match_id}.versions"


def shared(layer) -> bool:
    """True when ``layer`` reaches other processes (not the in-memory layer)."""
    return not isinstance(layer, InMemoryChannelLayer)


async def _channel(layer) -> str:
    """This process's channel on ``layer``, listened to by one task (made
    on first use, and again for another event loop or layer: tests)."""
    global _worker
    loop = asyncio.get_running_loop()
    if _worker is None or _worker[0] is not loop or _worker[1] is not layer or _worker[3].done():
        channel = await layer.new_channel("worker.")
        _worker = (loop, layer, channel, loop.create_task(_listen(layer, channel)))
    return _worker[2]


async def join(consumer) -> None:
    """Count ``consumer`` (a MatchConsumer with ``match_id``) among this
    process's connections of its match, and make sure this process gets the
    versions other processes commit, before returning: with a shared layer,
    returns once CODEX_VERSIONS_ALONE_SECONDS have passed since this
    process's channel joined the match's versions group (at once for a
    connection of a match it joined longer ago)."""
    match_id = consumer.match_id
    first = match_id not in _here
    _here.setdefault(match_id, {})[consumer] = None
    layer = get_channel_layer()
    if not shared(layer):
        await layer.group_add(versions_group(match_id), await _channel(layer))
        return
    if first or match_id not in _subscribed:
        await _subscribe(layer, match_id)
    else:
        await layer.group_add(versions_group(match_id), await _channel(layer))  # joined already: nothing new
    await _settled(match_id)


async def _subscribe(layer, match_id: int) -> None:
    """Join this process's channel to the versions group of match
    ``match_id``, noting when that was done (``_subscribed``: a future that
    the connections joining meanwhile wait for)."""
    done = asyncio.get_running_loop().create_future()
    _subscribed[match_id] = done
    try:
        await layer.group_add(versions_group(match_id), await _channel(layer))
    finally:
        done.set_result(time.monotonic())


async def _settled(match_id: int) -> None:
    """Wait until CODEX_VERSIONS_ALONE_SECONDS have passed since this
    process's channel last joined the versions group of match ``match_id``
    (again if it joined anew meanwhile): by then no other process trusts
    an answer of Redis given before that (codexsite.layers)."""
    while True:
        joined = _subscribed.get(match_id)
        if joined is None:
            return  # no connection of the match here any more
        left = await asyncio.shield(joined) + settings.CODEX_VERSIONS_ALONE_SECONDS - time.monotonic()
        if left > 0:
            await asyncio.sleep(left)
        if _subscribed.get(match_id) is joined:
            return


def forget(consumer) -> None:
    """Stop delivering to ``consumer`` (synchronous: safe in a ``finally``
    of a cancelled consumer). Returns nothing; the process stays in the
    match's group until leave() finds no connection of it."""
    match_id = getattr(consumer, "match_id", None)
    consumers = _here.get(match_id)
    if consumers is not None:
        consumers.pop(consumer, None)
        if not consumers:
            del _here[match_id]
            _subscribed.pop(match_id, None)


async def leave(consumer) -> None:
    """forget() ``consumer``; when it was this process's last connection of
    its match, leave the match's group (and join again if a connection of
    the match came meanwhile)."""
    forget(consumer)
    match_id = consumer.match_id
    layer = get_channel_layer()
    if match_id in _here or _worker is None or _worker[1] is not layer:
        return
    channel = _worker[2]
    await layer.group_discard(versions_group(match_id), channel)
    if match_id in _here:
        if shared(layer):
            await _subscribe(layer, match_id)  # the connection that came waits for this one (_settled)
        else:
            await layer.group_add(versions_group(match_id), channel)


async def publish(match_id: int, snapshot: Snapshot, sender=None, answer: dict | None = None) -> None:
    """Deliver the committed ``snapshot`` of match ``match_id``: first to
    this process's connections of it (``sender``, the connection whose
    action made it, with ``answer``, its ``applied`` message, to send with
    or before the state: MatchConsumer.deliver), then, with a layer shared
    between processes, to the other processes holding connections of it."""
    kept = fanout.keep(match_id, snapshot)
    await _deliver_here(match_id, kept, sender, answer)
    layer = get_channel_layer()
    if shared(layer) and await layer.group_heard_elsewhere(versions_group(match_id)):
        event = fanout.version_event(match_id, snapshot)
        event["origin"] = await _channel(layer)
        await layer.group_send(versions_group(match_id), event)


def publish_from_thread(match_id: int, snapshot: Snapshot, timeout: float = 30.0) -> None:
    """publish() from a thread that is not the event loop's (background
    work: game.tasks). With a layer shared between processes, the version
    goes to the match's group, for every process holding connections of it
    (this one's listener delivers it here too). With the in-memory layer,
    publish() runs on the event loop of this process's connections and this
    waits for it (up to ``timeout`` seconds); a process that never held a
    connection has nobody to tell."""
    layer = get_channel_layer()
    if shared(layer):
        async_to_sync(layer.group_send)(versions_group(match_id), fanout.version_event(match_id, snapshot))
        return
    if not _on_the_loop(layer, lambda: publish(match_id, snapshot), timeout):
        log.warning("match %s: version %s not delivered from a thread", match_id, snapshot.version)


def tell_from_thread(channel: str, event: dict, timeout: float = 30.0) -> None:
    """Send ``event`` (a channel-layer message: its ``type`` names the
    consumer's handler) to the one connection ``channel``, from a thread
    that is not the event loop's (background work: game.tasks.give_hint).
    With the in-memory layer it is sent on this process's event loop (a
    process that never held a connection has nobody to tell)."""
    layer = get_channel_layer()
    if shared(layer):
        async_to_sync(layer.send)(channel, event)
        return
    if not _on_the_loop(layer, lambda: layer.send(channel, event), timeout):
        log.warning("%s not told from a thread", channel)


def _on_the_loop(layer, make, timeout: float) -> bool:
    """Run the coroutine ``make()`` on the event loop of this process's
    connections (the in-memory ``layer``'s) and wait for it up to
    ``timeout`` seconds. Returns False when it did not run to its end
    (the loop stopped meanwhile: a test's end); True when it did, or when
    there is no such loop (nobody here to tell)."""
    worker = _worker
    if worker is None or not worker[0].is_running() or worker[1] is not layer:
        return True
    future = asyncio.run_coroutine_threadsafe(make(), worker[0])
    try:
        future.result(timeout)
    except concurrent.futures.TimeoutError:
        future.cancel()
        return False
    return True


async def _deliver_here(match_id: int, snapshot: Snapshot, sender=None, answer: dict | None = None) -> None:
    """Hand ``snapshot`` to each of this process's connections of the match, in joining order."""
    for consumer in list(_here.get(match_id, ())):
        try:
            await consumer.deliver(snapshot, answer if consumer is sender else None)
        except Exception:  # one connection's fault must not keep the version from the others
            log.exception("match %s: delivering version %s failed", match_id, snapshot.version)
    if sender is not None and sender not in _here.get(match_id, ()):
        await sender.send_json(answer)  # the sender left meanwhile: its answer still goes, if it can


async def _listen(layer, channel: str) -> None:
    """Deliver the versions other processes send to this process's channel."""
    while True:
        try:
            event = await layer.receive(channel)
        except asyncio.CancelledError:
            raise
        except Exception:  # the layer's own fault (Redis away: it retries); keep listening
            log.exception("versions: receiving failed")
            await asyncio.sleep(0.5)
            continue
        match_id = event.get("match")
        if event.get("origin") == channel or match_id not in _here:
            continue
        await _deliver_here(match_id, fanout.event_snapshot(match_id, event))
