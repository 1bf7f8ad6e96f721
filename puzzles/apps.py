"""The puzzles app (issue 34 point 3)."""

from django.apps import AppConfig


class PuzzlesConfig(AppConfig):
    """Puzzles served as matches, and the ratings of puzzles and solvers."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "puzzles"

    def ready(self) -> None:
        """Connect the receiver of the match server's ``turn_passed`` (puzzles.receivers)."""
        from puzzles import receivers  # noqa: F401
