"""Admin registrations for tournaments, their entries, rounds and boards."""

from django.contrib import admin

from tournaments.models import Board, Entry, Round, Tournament


class EntryInline(admin.TabularInline):
    """A tournament's entries, on its admin page."""

    model = Entry
    extra = 0
    raw_id_fields = ["user"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    """Tournaments: name, mode, format, status, round."""

    list_display = ["name", "organiser", "mode", "format", "status", "round", "signup_closes"]
    list_filter = ["status", "format", "game"]
    raw_id_fields = ["organiser"]
    inlines = [EntryInline]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    """Rounds: their tournament, number, deadline, whether done."""

    list_display = ["tournament", "number", "started", "deadline", "done"]


@admin.register(Board)
class BoardAdmin(admin.ModelAdmin):
    """Boards: who played whom, where, and the result."""

    list_display = ["round", "index", "first", "second", "result", "by_deadline"]
    raw_id_fields = ["first", "second", "table", "match"]
