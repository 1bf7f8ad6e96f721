"""The in-process task queue (settings CODEX_TASKS_IN_PROCESS; game.tasks).

huey's MemoryHuey keeps the queue in the process's memory, and its workers
poll it: a task enqueued while a worker sleeps waits out the sleep (up to
ten seconds once idle). Here a worker waits on the queue instead, and an
enqueued task wakes one at once; idle, a worker wakes once every WAIT seconds.

The consumer runs inside the server process (serve_here): its worker
threads and scheduler, without the signal handlers a consumer process sets
(the server's own stay in charge of stopping it; the threads are daemons).
"""

import threading

from huey import Huey
from huey.consumer import Consumer
from huey.storage import MemoryStorage

WAIT = 1.0  # seconds an idle worker waits on the queue before looking again


class WaitingMemoryStorage(MemoryStorage):
    """MemoryStorage whose dequeue waits up to WAIT seconds for a task."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._ready = threading.Condition(self._lock)

    def enqueue(self, data, priority=None):
        """Queue ``data`` and wake one waiting worker."""
        with self._ready:
            super().enqueue(data, priority)
            self._ready.notify()

    def dequeue(self):
        """The next task's data, waiting up to WAIT seconds for one; None when none came."""
        with self._ready:
            data = super().dequeue()
            if data is None:
                self._ready.wait(WAIT)
                data = super().dequeue()
            return data


class WaitingMemoryHuey(Huey):
    """A huey whose queue is in this process's memory (WaitingMemoryStorage)."""

    storage_class = WaitingMemoryStorage


class InProcessConsumer(Consumer):
    """A huey consumer inside another program's process: no signal handlers."""

    def _set_signal_handlers(self):
        """Leave the process's signals to its own program (daphne, pytest)."""


_consumer = None
_lock = threading.Lock()


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
