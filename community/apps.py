"""The community app (issue 33): ratings, profiles, friends, invites by name, leaderboards."""

from django.apps import AppConfig


class CommunityConfig(AppConfig):
    """Connects the ratings to the end of matches (community.receivers) when Django starts."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "community"

    def ready(self) -> None:
        """Import the receivers of game.matchsignals' match_finished (connecting them)."""
        from community import receivers  # noqa: F401
