"""The in-process task queue (settings CODEX_TASKS_IN_PROCESS; game.tasks).

huey's MemoryHuey keeps the queue in the process's memory, and its workers
poll it: a task enqueued while a worker sleeps waits out the sleep (up to
ten seconds once idle). Here a worker waits on the queue instead, and an
enqueued task wakes one at once; idle, a worker wakes once every WAIT seconds.

The consumer runs inside the server process (serve_here): its worker
threads and scheduler, without the signal handlers a consumer process sets
(the server's own stay in charge of stopping it; the threads are daemons).

The storage counts the tasks its workers took and have not finished, and
``drain`` empties it and waits for them: the test suite drains the queue at
the end of each test (tests/server/conftest.py), so a bot run a test
started never plays on into the next test's database.
"""

import threading
import time

from huey import Huey, RedisHuey
from huey.consumer import Consumer
from huey.storage import MemoryStorage

WAIT = 1.0  # seconds an idle worker waits on the queue before looking again


class WaitingMemoryStorage(MemoryStorage):
    """MemoryStorage whose dequeue waits up to WAIT seconds for a task."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._ready = threading.Condition(self._lock)
        self.running = 0  # tasks taken by a worker and not finished

    def enqueue(self, data, priority=None):
        """Queue ``data`` and wake one waiting worker."""
        with self._ready:
            super().enqueue(data, priority)
            self._ready.notify()

    def dequeue(self):
        """The next task's data, waiting up to WAIT seconds for one; None
        when none came. A task taken counts as running until finished()."""
        with self._ready:
            data = super().dequeue()
            if data is None:
                self._ready.wait(WAIT)
                data = super().dequeue()
            if data is not None:
                self.running += 1
            return data

    def finished(self) -> None:
        """A task taken by dequeue ended (WaitingMemoryHuey.execute)."""
        with self._ready:
            self.running -= 1
            self._ready.notify_all()

    def drain(self, timeout: float) -> bool:
        """Drop every queued and scheduled task and every stored value (the
        bot runs' marks), then wait up to ``timeout`` seconds for the tasks
        running now to end, dropping what they queue meanwhile. Returns True
        when nothing runs any more, False when the time ran out first."""
        end = time.monotonic() + timeout
        with self._ready:
            while True:
                self.flush_all()
                if not self.running:
                    return True
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._ready.wait(left)


class WaitingMemoryHuey(Huey):
    """A huey whose queue is in this process's memory (WaitingMemoryStorage)."""

    storage_class = WaitingMemoryStorage

    def execute(self, task, timestamp=None):
        """Run ``task`` (huey's execute), then tell the storage it ended."""
        try:
            return super().execute(task, timestamp)
        finally:
            self.storage.finished()


_start_hooks: list = []


def on_consumer_start(hook):
    """Register ``hook`` (no arguments) to run when a consumer of the queue
    starts in this process (run_huey's, or the in-process one of
    serve_here), in the thread that starts it and before its worker
    threads: threads it starts keep that thread's priority, not the one
    the workers lower themselves to (game.tasks.lower_priority). Returns
    ``hook`` (a decorator)."""
    _start_hooks.append(hook)
    return hook


class HookedConsumer(Consumer):
    """A huey consumer that runs the on_consumer_start hooks first."""

    def start(self):
        """Run the hooks, then start the scheduler and workers (huey's start)."""
        for hook in _start_hooks:
            hook()
        super().start()


class QueueRedisHuey(RedisHuey):
    """huey's RedisHuey whose consumer (``manage.py run_huey``) is a HookedConsumer."""

    def create_consumer(self, **options):
        """The consumer of this queue, with the start hooks."""
        return HookedConsumer(self, **options)


class InProcessConsumer(HookedConsumer):
    """A huey consumer inside another program's process: no signal handlers."""

    def _set_signal_handlers(self):
        """Leave the process's signals to its own program (daphne, pytest)."""


_consumer = None
_lock = threading.Lock()


def serving() -> bool:
    """True once this process's in-process consumer was started (serve_here)."""
    return _consumer is not None


def serve_here(huey, options: dict) -> bool:
    """Start, once per process, an in-process consumer of ``huey`` with the
    consumer ``options`` (settings HUEY["consumer"]: workers, worker_type
    "thread"). Returns True when this call started it."""
    global _consumer
    with _lock:
        if _consumer is not None:
            return False
        # Workers look again at once after a task or an empty wait (the wait is in dequeue).
        _consumer = InProcessConsumer(huey, initial_delay=0.01, max_delay=0.01, **options)
        _consumer.start()
        return True
