"""Saved C-23 decks in the admin (read them, remove one)."""

from django.contrib import admin

from decks.models import Deck


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    """A deck's owner, name and when it last changed."""

    list_display = ("name", "owner", "updated")
    search_fields = ("name", "owner__username")
    readonly_fields = ("created", "updated")
