"""Background work (docs/ARCHITECTURE.md "Background work"; issue 30 point 4):
table bots and stand-ins play off the event loop, with or without a page open.

The queue is huey's (settings HUEY, huey.contrib.djhuey). Without Redis
(`make run`) it is in memory and worked by threads inside the server
process (serve_here, started at ASGI start and on first need); with
REDIS_URL it is in Redis and worked by `manage.py run_huey` processes. A
bots' run and a hint's search run on the process's bot threads
(on_bot_thread), which lower their OS priority (os.nice, settings
CODEX_TASKS_NICE): a bot thinking yields the cores to live matches'
actions. The worker threads keep the server's priority, so the short work
players wait on (notices, deadlines) is not starved behind the bots.

A match's bots are woken (wake_bots) whenever they may owe a move: after a
person's action, at a person's connect, when a stand-in is given, at the
start of a match with table bots. At most one run per match is pending or
running (a mark in huey's storage, put only when empty). The run
(play_bots) plays the bots' moves one at a time (game.standins.play_next:
each a short database call applied only at the version it was chosen at),
publishes each version to the match's live viewers (game.delivery), and
paces them for reading as whole turns (game.pacing): a pause of
CODEX_STAND_IN_DELAY before a side's turn (a team's, in Two-Headed Dragon), then beats between its moves that
start at CODEX_BOT_BEAT and shrink move by move, so a long turn's pauses stay
bounded. It stops when no bot
has anything to do, and a match where every seat is a bot or a stand-in,
with no seated person connected, waits for a person to come back, unless
every seat is a table bot's (a tournament's board of two bots:
game.standins._bots_play).

The deadlines of turn-based matches (issue 32; game.turnbased,
game.deadlines): each deadline set is a task scheduled for that time
(deadline_due), and a periodic sweep (sweep_deadlines, every minute)
handles any deadline whose task was lost (a restart of `make run`'s memory
queue, a worker killed while it ran): docs/ARCHITECTURE.md "Background work".
"""

import logging
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from django.conf import settings
from django.db import connection
from django.dispatch import receiver
from huey import crontab
from huey.contrib.djhuey import HUEY, db_task, periodic_task

from codexsite import taskqueue
from game import assist, deadlines, delivery, pacing, standins, turnbased
from game.models import Match
from game.services import ActionRefused
from game.statereads import MatchNotFound

log = logging.getLogger(__name__)


pace = time.sleep  # how a run waits between moves (a test reads the pauses instead)
clock = time.monotonic  # when a move landed, for the pause after it (a test holds it still)


def _mark(match_id: int) -> str:
    """The storage key marking a pending or running bot run of match ``match_id``."""
    return f"codex.bots.{match_id}"


def serve_here() -> bool:
    """Start this process's in-process consumer once, when settings say the
    queue is worked in-process (CODEX_TASKS_IN_PROCESS). Returns True when
    this call started it."""
    if not settings.CODEX_TASKS_IN_PROCESS or HUEY.immediate:
        return False
    return taskqueue.serve_here(HUEY, dict(settings.HUEY.get("consumer", {})))


def lower_priority() -> None:
    """Lower the calling thread (Linux keeps a nice value per thread) to
    CODEX_TASKS_NICE below the server's priority: each bot thread's start."""
    if settings.CODEX_TASKS_NICE:
        os.nice(settings.CODEX_TASKS_NICE)


_bot_threads: ThreadPoolExecutor | None = None
_bot_threads_lock = threading.Lock()


def on_bot_thread(work, *args):
    """Run ``work(*args)`` on one of this process's bot threads (as many as
    its queue's worker threads, each lowered by lower_priority at its
    start) while the calling worker thread waits; returns what it returns
    and raises what it raises. The bot thread's database connection is
    closed after (a run lasts a bot turn; an idle thread holds nothing)."""
    global _bot_threads
    with _bot_threads_lock:
        if _bot_threads is None:
            size = max(1, int(settings.HUEY.get("consumer", {}).get("workers", 1)))
            _bot_threads = ThreadPoolExecutor(size, thread_name_prefix="codex-bots", initializer=lower_priority)

    def run():
        try:
            return work(*args)
        finally:
            connection.close()

    return _bot_threads.submit(run).result()


def wake_bots(match_id: int) -> bool:
    """Have the bots of match ``match_id`` play what they owe (play_bots),
    unless a run of them is pending or running. A mark left by a run that
    showed no life for CODEX_BOT_STALE_SECONDS (its worker died) is taken
    over. Returns True when a run was queued. Safe from any thread (not
    the event loop's: the queue may be Redis)."""
    serve_here()
    mark = _mark(match_id)
    now = time.time()
    if not HUEY.put_if_empty(mark, now):
        since = HUEY.get(mark, peek=True)
        if since is not None and now - since < settings.CODEX_BOT_STALE_SECONDS:
            return False
        HUEY.put(mark, now)
    play_bots(match_id)
    return True


def _version(match_id: int) -> int | None:
    return Match.objects.filter(pk=match_id).values_list("version", flat=True).first()


def _play(match_id: int, mark: str) -> int | None:
    """Play the bots' moves of match ``match_id`` until they have nothing to
    do (at most CODEX_STAND_IN_MAX_MOVES), paced and published (each move
    chosen at once and held until its pause since the last move has passed:
    the thinking is part of the pause, game.pacing.turn_shown); a side's
    moves in a row this turn (both Two-Headed Dragon teammates', then their
    tech picks: game.pacing.streak_after) are one run, counted for the
    per-turn thinking budget (standins.play_next's ``streak``) as for the pace. Returns the
    match's version read before the last look that found nothing to do."""
    think, beat = settings.CODEX_STAND_IN_DELAY, settings.CODEX_BOT_BEAT
    streak = None  # the current run of moves: (pacing.run_of, its moves so far)
    seen = None
    landed = clock()  # the last move (a person's, which woke the run) landed about now
    for _ in range(settings.CODEX_STAND_IN_MAX_MOVES):
        due = landed + pacing.pause_before(0 if streak is None else streak[1], think, beat)
        seen = _version(match_id)
        done = standins.play_next(match_id, streak, hold=lambda due=due: _hold_until(due))
        if done is None:
            return seen
        seat, applied = done
        landed = clock()
        HUEY.put(mark, time.time())  # still alive
        if applied.snapshot is None:
            continue
        delivery.publish_from_thread(match_id, applied.snapshot)
        # Its side still acting this turn (a teammate, a tech pick): the next beat of the run; else the pause.
        moves = 1 if streak is None else streak[1] + 1
        streak = pacing.streak_after(applied.snapshot.state, seat, moves, standins.played_seats(match_id))
    return seen


def _hold_until(due: float) -> None:
    """Wait until ``due`` (a :data:`clock` time): a chosen move is held
    until its pause (game.pacing.pause_before) has passed since the move
    before it landed; the bot's thinking took part of it (pacing.turn_shown)."""
    wait = due - clock()
    if wait > 0:
        pace(wait)


@db_task()
def play_bots(match_id: int) -> None:
    """The background run of match ``match_id``'s bots (wake_bots queues it):
    _play, then the mark goes; a wake that came while the mark was still set
    was not queued, so when the match moved on since the last look, wake again.
    A fault is logged (the next wake tries again). It runs on a bot thread
    (on_bot_thread: a lowered priority)."""
    on_bot_thread(_run, match_id)


def _run(match_id: int) -> None:
    mark = _mark(match_id)
    try:
        seen = _play(match_id, mark)
    except Exception:
        log.exception("match %s: bots failed", match_id)
        return
    finally:
        HUEY.delete(mark)
    if seen is not None and _version(match_id) != seen:
        wake_bots(match_id)


@db_task()
def give_hint(match_id: int, seat: int, channel: str, msg_id) -> None:
    """Work out the hint ``seat`` asked for in match ``match_id`` (the hard
    bot's search, game.assist.hint: background work, off the event loop
    that answers everyone's actions) and send it to the asking connection
    ``channel`` as a ``hint`` message, or its refusal (MatchConsumer's
    match_hint). A fault is logged and answered with ``internal_error``."""
    try:
        message = {"type": "hint", "id": msg_id, **on_bot_thread(assist.hint, match_id, seat)}
    except ActionRefused as refused:
        message = refused.as_message(msg_id)
    except MatchNotFound:
        message = {"type": "error", "id": msg_id, "code": "match_gone", "reason": "This match no longer exists."}
    except Exception:
        log.exception("match %s: hint failed", match_id)
        reason = "The hint could not be worked out."
        message = {"type": "error", "id": msg_id, "code": "internal_error", "reason": reason}
    finally:
        connection.close()
    delivery.tell_from_thread(channel, {"type": "match.hint", "message": message})


def ask_hint(match_id: int, seat: int, channel: str, msg_id) -> None:
    """Queue give_hint (starting this process's workers when they work in-process)."""
    serve_here()
    give_hint(match_id, seat, channel, msg_id)


@receiver(turnbased.deadline_set)
def schedule_deadline(sender, match_id: int, deadline, **kwargs) -> None:
    """A turn-based match's deadline was set (committed): schedule
    deadline_due for that time. A deadline moved later leaves its old task
    behind, which finds nothing due."""
    serve_here()
    deadline_due.schedule(args=(match_id,), eta=deadline)


@db_task()
def deadline_due(match_id: int) -> None:
    """The task of a turn-based match's deadline: handle what is due (handle_deadlines)."""
    try:
        handle_deadlines(match_id)
    finally:
        connection.close()


@periodic_task(crontab(minute="*"))
def sweep_deadlines() -> None:
    """Every minute (when CODEX_DEADLINE_SWEEP is on): handle every
    turn-based match whose deadline passed (game.deadlines.overdue), the
    ones a lost task left behind. Off, it touches no database (a test
    process's consumer runs it too)."""
    if not settings.CODEX_DEADLINE_SWEEP:
        return
    try:
        sweep()
    finally:
        connection.close()


def sweep() -> int:
    """Handle every overdue turn-based match now (handle_deadlines);
    returns how many were overdue."""
    due = deadlines.overdue()
    for match_id in due:
        handle_deadlines(match_id)
    return len(due)


def handle_deadlines(match_id: int) -> deadlines.Handled | None:
    """Apply the table's rule to the seats of match ``match_id`` whose
    deadline passed (game.deadlines.handle_due), publish the concessions
    it made to live viewers and wake the bots when a stand-in got a seat.
    A fault is logged (the sweep tries again) and gives None."""
    try:
        done = deadlines.handle_due(match_id)
    except Exception:
        log.exception("match %s: deadline failed", match_id)
        return None
    for applied in done.applied:
        if applied.snapshot is not None:
            delivery.publish_from_thread(match_id, applied.snapshot)
    if done.given or done.conceded:
        wake_bots(match_id)
    return done
