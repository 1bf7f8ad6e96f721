"""The tournaments' background work: every minute, the boards of rounds
whose deadline passed are decided (tournaments.rounds.decide_overdue) and
the tournaments move on; a round that a lost callback left complete moves
on too."""

from django.conf import settings
from django.db import connection
from huey import crontab
from huey.contrib.djhuey import periodic_task

from tournaments import rounds
from tournaments.models import Round, Tournament


@periodic_task(crontab(minute="*"))
def sweep_rounds() -> None:
    """Every minute (when CODEX_DEADLINE_SWEEP is on, as game.tasks'
    sweep): decide overdue boards and advance complete rounds. Off, it
    touches no database."""
    if not settings.CODEX_DEADLINE_SWEEP:
        return
    try:
        rounds.decide_overdue()
        stuck = Round.objects.filter(done=False, tournament__status=Tournament.Status.RUNNING).exclude(
            boards__result=""
        )
        for tournament_id in set(stuck.values_list("tournament_id", flat=True)):
            rounds.advance_safely(tournament_id)
    finally:
        connection.close()
