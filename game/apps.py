"""The game app: matches, their persistence and the live match consumer."""

from django.apps import AppConfig


class GameConfig(AppConfig):
    """App config for matches (the rules engine itself lives in game.rules)."""

    name = "game"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        """Connect the account signal receivers (game.signals) and the
        deadlines' scheduler (game.tasks)."""
        from game import signals, tasks  # noqa: F401
