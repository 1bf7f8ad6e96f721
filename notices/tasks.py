"""The notices' background work on huey (docs/ARCHITECTURE.md "Background
work", "Notices"): send_notices sends the rows of one commit at once; the
periodic sweep (every minute) sends what is due again: retries after their
backoff, rows of a worker that died, rows whose commit-time task was lost
(a memory queue at a restart)."""

from django.conf import settings
from django.db import connection
from huey import crontab
from huey.contrib.djhuey import db_periodic_task, db_task

from game.tasks import serve_here
from notices import outbox


def send_soon(keys: list[str]) -> None:
    """Queue the sending of the rows ``keys`` (after their commit)."""
    serve_here()
    send_notices(keys)


@db_task()
def send_notices(keys: list[str]) -> None:
    """Send the rows ``keys`` (outbox.deliver each); a row not due or
    taken by another worker is left to it."""
    try:
        for key in keys:
            outbox.deliver(key)
    finally:
        connection.close()


def sweep() -> int:
    """Send every due row (outbox.due); returns how many were sent or tried."""
    tried = 0
    for key in outbox.due():
        if outbox.deliver(key) is not None:
            tried += 1
    return tried


@db_periodic_task(crontab(minute="*"))
def sweep_notices() -> None:
    """The periodic sweep (see the module), unless CODEX_NOTICE_SWEEP is off."""
    if not settings.CODEX_NOTICE_SWEEP:
        return
    try:
        sweep()
    finally:
        connection.close()
