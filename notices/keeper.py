"""The notice keeper (issue 32 "Reliability"; docs/ARCHITECTURE.md
"Notices"): daemon threads of each process that works the task queue
(a ``run_huey`` worker, or the server's in-process consumer), started
with its consumer (codexsite.taskqueue.on_consumer_start) when
CODEX_NOTICE_SWEEP is on:

- the lease thread renews, every CODEX_NOTICE_TICK seconds, the leases of
  the rows this process is sending (notices.outbox.renew), so a lease can
  be short: the rows of a process that died come due again within
  CODEX_NOTICE_LEASE seconds;
- CODEX_NOTICE_SENDERS sweepers, each over its own share of the rows,
  send what is due, the longest due first (notices.tasks.sweep: retries
  whose backoff ended, the rows of a process that died, rows whose queued
  task was lost or still waits behind others), and rest a tick when a
  sweep found nothing to send.

They are started by the thread that starts the consumer, before its
workers lower their OS priority for the bots (game.tasks.lower_priority):
notices, which a player waits for, are sent at the server's priority.
"""

import logging
import threading
import time

from django.conf import settings
from django.db import connection

from codexsite import taskqueue
from notices import outbox, tasks

log = logging.getLogger(__name__)

_started = False
_lock = threading.Lock()


@taskqueue.on_consumer_start
def start() -> bool:
    """Start this process's keeper threads (see the module) once, unless
    CODEX_NOTICE_SWEEP is off. Returns True when this call started them."""
    global _started
    if not settings.CODEX_NOTICE_SWEEP:
        return False
    with _lock:
        if _started:
            return False
        _started = True
    threading.Thread(target=_forever, args=(outbox.renew, False), name="notice-lease", daemon=True).start()
    senders = max(1, settings.CODEX_NOTICE_SENDERS)
    for index in range(senders):
        sweep = _share_sweep(index, senders)
        threading.Thread(target=_forever, args=(sweep, True), name=f"notice-sweep-{index}", daemon=True).start()
    return True


def _share_sweep(index: int, senders: int):
    def sweep() -> int:
        return tasks.sweep(share=(index, senders))

    return sweep


def _forever(step, busy_again: bool) -> None:
    """Run ``step`` forever, a tick apart; at once again when it did
    something and ``busy_again``. A fault is logged and its database
    connection dropped (the next step opens a new one)."""
    while True:
        try:
            done = step()
        except Exception:
            log.exception("notice keeper: %s failed", step.__name__)
            connection.close()
            done = 0
        if not (done and busy_again):
            time.sleep(settings.CODEX_NOTICE_TICK)
