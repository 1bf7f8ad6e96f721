"""The puzzles app (issue 34 point 3)."""

from django.apps import AppConfig


class PuzzlesConfig(AppConfig):
    """Puzzles served as matches, and the ratings of puzzles and solvers."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "puzzles"
