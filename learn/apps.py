"""The learn app's config."""

from django.apps import AppConfig


class LearnConfig(AppConfig):
    """Learn to play: the tutorial (issue 34)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "learn"
