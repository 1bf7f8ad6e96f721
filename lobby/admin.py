"""Admin registrations for accounts and tables."""
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from lobby.models import Seat, Table, User


@admin.register(User)
class CodexUserAdmin(UserAdmin):
    """Users with their display name."""

    fieldsets = UserAdmin.fieldsets + (("Codex", {"fields": ("display_name",)}),)
    list_display = ("username", "display_name", "is_staff")


class SeatInline(admin.TabularInline):
    """Seats shown inside their table."""

    model = Seat
    extra = 0


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    """Tables with their seats."""

    list_display = ("id", "mode", "host", "status", "is_public", "updated")
    inlines = [SeatInline]
