"""The lobby app: accounts, tables, seats and the REST API."""

from django.apps import AppConfig


class LobbyConfig(AppConfig):
    """App config for accounts and lobbies."""

    name = "lobby"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        """Connect the account signal receivers (lobby.signals)."""
        from lobby import signals  # noqa: F401
