"""The notices' background work on huey (docs/ARCHITECTURE.md "Background
work", "Notices"): send_notices sends the rows of one commit at once; the
sweep (run every few seconds by notices.keeper) sends what is due: retries
after their backoff, rows of a worker that died, rows whose commit-time
task was lost (a memory queue at a restart) or still waits in the queue."""

from django.db import connection
from huey.contrib.djhuey import db_task

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


def sweep(share: tuple[int, int] = (0, 1)) -> int:
    """Send every due row (outbox.due) of ``share``; returns how many were sent or tried."""
    tried = 0
    for key in outbox.due(share=share):
        if outbox.deliver(key) is not None:
            tried += 1
    return tried
