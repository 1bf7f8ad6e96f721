"""Admin registrations for matches (read-mostly)."""

from django.contrib import admin

from game.models import Match, MatchAction, MatchPlayer


class MatchPlayerInline(admin.TabularInline):
    """Players shown inside their match."""

    model = MatchPlayer
    extra = 0


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    """Matches with their players. The stored state is a snapshot of
    version ``state_version`` (game.statereads.current_state gives the
    current one): shown, never edited."""

    list_display = ("id", "status", "version", "state_version", "created", "updated")
    readonly_fields = ("state", "state_version")
    inlines = [MatchPlayerInline]


@admin.register(MatchAction)
class MatchActionAdmin(admin.ModelAdmin):
    """The append-only action log."""

    list_display = ("match", "seq", "seat", "created")
