"""A user's saved C-23 decks."""

from django.conf import settings
from django.db import models

MAX_DECKS_PER_USER = 50
NAME_LENGTH = 60


class Deck(models.Model):
    """One saved C-23 deck: its owner, a name and its cards as
    ``{card name: count}`` (JSON). The server saves only decks that pass
    house rule K1 (game.c23.validate_deck: at least 40 cards, at most 4 of a
    name, every name in the pool); see decks.services.
    """

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="c23_decks")
    name = models.CharField(max_length=NAME_LENGTH)
    cards = models.JSONField(default=dict)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name", "id"]
        constraints = [models.UniqueConstraint(fields=["owner", "name"], name="deck_owner_name_unique")]

    def __str__(self):
        return f"{self.name} ({self.owner_id})"
