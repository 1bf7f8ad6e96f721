"""The notices app's configuration."""

from django.apps import AppConfig


class NoticesConfig(AppConfig):
    """Turn notices (issue 32 part 2): the outbox, the channels and their settings page."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "notices"

    def ready(self) -> None:
        """Register the huey task (the sender), the keeper (started with
        a consumer of the queue: notices.keeper) and the receiver of the
        match server's ``turn_came``."""
        from notices import keeper, receivers, tasks  # noqa: F401
