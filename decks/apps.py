"""App config of the C-23 deck builder."""

from django.apps import AppConfig


class DecksConfig(AppConfig):
    """The decks app: saved C-23 decks, their page and REST endpoints."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "decks"
