"""Background work of the puzzles app: settling an attempt whose turn
passed (puzzles.receivers) and showing the match's end to its viewers,
as the bots' moves are shown (game.tasks, game.delivery)."""

import logging

from django.db import connection
from huey.contrib.djhuey import db_task

from game.tasks import serve_here
from puzzles import services
from puzzles.models import Attempt

log = logging.getLogger(__name__)


def settle_match(match_id: int) -> None:
    """Queue settle_attempt for match ``match_id`` (starting this process's
    workers when they work in-process)."""
    serve_here()
    settle_attempt(match_id)


@db_task()
def settle_attempt(match_id: int) -> None:
    """Settle the open attempt of match ``match_id`` (puzzles.services.settle,
    which tells the match's live viewers of the concession that ended it).
    A fault is logged (the puzzle page settles it again)."""
    try:
        attempt = Attempt.objects.filter(match_id=match_id, result="").first()
        if attempt is None:
            return
        services.settle(attempt)
    except Exception:
        log.exception("match %s: settling the puzzle failed", match_id)
    finally:
        connection.close()
