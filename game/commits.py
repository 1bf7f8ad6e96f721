"""Group commit: the actions a worker process's connections send at once
share one database transaction (issue 29, "batch commits").

A commit that must be durable costs the database a flush of its log to
disk: on PostgreSQL about 0.3 ms of the backend's CPU per commit on the
benchmark machine, half of what an action cost it (docs/BENCHMARKS.md).
All of a worker's database work runs on one thread, one call at a time,
so while one action is applied the next ones wait anyway: apply() queues
an action, and the thread takes every action queued by then (at most
CODEX_COMMIT_BATCH) in one trip and applies them in order, each as
services.apply_match_action does, inside one transaction. No action waits
for company: a lone action goes at once, as before, in a transaction of
its own.

Nothing changes for durability or for what each action sees: an action
is answered only once the transaction holding it is committed; each
action reads the match as the actions before it in the batch left it (its
own transaction); one refused (ActionRefused, MatchNotFound, an engine
fault) is refused alone, since it wrote nothing. A database error in a
batch (the connection lost, a deadlock, a constraint) rolls the whole
batch back, and each of its actions is applied again alone, as if it had
come alone (a nonce already committed answers ``duplicate``, as after any
lost connection: services._on_a_live_connection). The actions of a batch
write their matches in the order of the match ids (an action's order
among those of its match is kept), so two workers' batches take their row
locks in one order and do not deadlock on each other.

An action whose connection is due its session check (game.socketsessions)
takes the check along on the same trip: the sessions of a trip are judged
together, before its actions, and the action of a session that no longer
logs its user in is not applied (SessionLapsed), so a check costs no trip
of its own.
"""

import asyncio
from dataclasses import dataclass, field

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import DatabaseError, transaction

from game import statecache
from game.services import Applied, apply_match_action
from game.socketsessions import SessionLapsed, lapsed_sessions


@dataclass
class _Queue:
    """The actions waiting for the database thread on one event loop:
    ``waiting``, ``(arguments of apply_match_action, session key to check
    or None, future)`` triples,
    ``draining``, True while a task takes them to the thread, and that
    task (held here so that it is not collected while it runs)."""

    loop: asyncio.AbstractEventLoop
    waiting: list = field(default_factory=list)
    draining: bool = False
    task: asyncio.Task | None = None


_queue = None  # the _Queue of the running event loop (made on first need, again for another loop: tests)


async def apply(
    match_id: int, user_id: int, action: dict, version: int, nonce: str | None, session: str | None = None
) -> Applied:
    """services.apply_match_action(match_id, user_id, action, version,
    nonce) on the database thread, in a transaction shared with the other
    actions queued meanwhile; returns its Applied once that transaction is
    committed, or raises what it raised (ActionRefused, MatchNotFound, ...).
    ``session``: a session key to check on the same trip first
    (socketsessions.lapsed_sessions); raises SessionLapsed, the action not
    applied, when it no longer logs in ``user_id``."""
    global _queue
    loop = asyncio.get_running_loop()
    if _queue is None or _queue.loop is not loop:
        _queue = _Queue(loop)
    queue = _queue
    done = loop.create_future()
    queue.waiting.append(((match_id, user_id, action, version, nonce), session, done))
    if not queue.draining:
        queue.draining = True
        queue.task = loop.create_task(_drain(queue))
    return await done


async def _drain(queue: _Queue) -> None:
    """Take ``queue``'s waiting actions to the database thread, up to
    CODEX_COMMIT_BATCH at a time, until none is left; settle each one's
    future with its outcome. Cancelled (the loop ends): the futures of the
    actions not answered are cancelled too."""
    batch = []
    try:
        while queue.waiting:
            size = max(1, settings.CODEX_COMMIT_BATCH)
            batch, queue.waiting[:size] = queue.waiting[:size], []
            try:
                outcomes = await database_sync_to_async(checked_batch)(
                    [args for args, _, _ in batch], [session for _, session, _ in batch]
                )
            except Exception as err:  # the trip to the thread itself failed: every action of it fails so
                outcomes = [(False, err)] * len(batch)
            _settle(batch, outcomes)
    except BaseException:
        for *_, done in [*batch, *queue.waiting]:
            done.cancel()
        queue.waiting.clear()
        raise
    finally:
        queue.draining = False


def _settle(batch: list, outcomes: list) -> None:
    """Give each future of ``batch`` its outcome: ``(True, value)`` or ``(False, exception)``."""
    for (*_, done), (ok, value) in zip(batch, outcomes, strict=True):
        if done.done():
            continue  # its connection gave up waiting (cancelled)
        if ok:
            done.set_result(value)
        else:
            done.set_exception(value)


def checked_batch(batch: list, sessions: list) -> list:
    """On the database thread: judge the sessions due a check together
    (``sessions``: one session key or None per action of ``batch``;
    socketsessions.lapsed_sessions), then apply_batch the actions whose
    session, if any, still logs in their user. Returns one outcome per
    action, in order, as apply_batch: ``(False, SessionLapsed())`` for an
    action whose session lapsed (not applied)."""
    due = {key: args[1] for args, key in zip(batch, sessions, strict=True) if key is not None}
    lapsed = lapsed_sessions(due) if due else set()
    kept = [i for i, key in enumerate(sessions) if key is None or key not in lapsed]
    outcomes = dict(zip(kept, apply_batch([batch[i] for i in kept]), strict=True)) if kept else {}
    return [outcomes.get(i) or (False, SessionLapsed()) for i in range(len(batch))]


def apply_batch(batch: list) -> list:
    """On the database thread: apply each action of ``batch`` (argument
    tuples of services.apply_match_action), one transaction for all of
    them when there are several (see the module's docstring). Returns one
    ``(True, Applied)`` or ``(False, exception)`` per action, in order."""
    if len(batch) > 1:
        ordered = sorted(range(len(batch)), key=lambda i: batch[i][0])  # stable: a match's actions keep their order
        try:
            with statecache.uncommitted(), transaction.atomic():
                outcomes = {i: _outcome(batch[i], shared=True) for i in ordered}
            return [outcomes[i] for i in range(len(batch))]
        except DatabaseError:
            pass  # rolled back, nothing of it kept: each alone, as if it had come alone
    return [_outcome(args, shared=False) for args in batch]


def _outcome(args: tuple, shared: bool) -> tuple:
    """``(True, apply_match_action(*args))``, or ``(False, exception)`` for
    what it raised. In a ``shared`` transaction a database error is raised
    instead (it ended the transaction for every action of it); any other
    exception was raised before the action wrote anything that stays."""
    try:
        return True, apply_match_action(*args)
    except DatabaseError as err:
        if shared:
            raise
        return False, err
    except Exception as err:
        return False, err
