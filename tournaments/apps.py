"""The tournaments app (issue 33): Swiss, round-robin and single-elimination events."""

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Connects the boards' results to the end of matches (tournaments.receivers) when Django starts."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self) -> None:
        """Import the receivers of game.matchsignals' match_finished (connecting
        them) and the minute sweep of round deadlines (tournaments.tasks: the
        in-process task queue registers the periodic tasks it has imported)."""
        from tournaments import receivers, tasks  # noqa: F401
