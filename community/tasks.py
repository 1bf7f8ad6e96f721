"""The community's background work (huey, as game.tasks; docs/ARCHITECTURE.md
"Background work"): the quick-pairing queue paired once a minute, for the
turn-based requests whose players are not on the page to ask (a live
request is paired by its page's own polls: community.pairing)."""

from django.conf import settings
from django.db import connection
from huey import crontab
from huey.contrib.djhuey import db_periodic_task

from community import pairing


@db_periodic_task(crontab(minute="*"))
def pair_queue() -> None:
    """Every minute (when CODEX_PAIRING_SWEEP is on): pair what the queue
    allows now (community.pairing.pair_waiting). Off, it touches no
    database (a test process's in-process scheduler runs it too)."""
    if not settings.CODEX_PAIRING_SWEEP:
        return
    try:
        pairing.pair_waiting()
    finally:
        connection.close()
