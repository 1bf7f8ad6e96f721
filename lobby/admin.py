"""Admin registrations for accounts and tables."""

from django import forms
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import UserChangeForm

from lobby.displaynames import clean_display_name, require_free
from lobby.models import Seat, Table, User


class CodexUserChangeForm(UserChangeForm):
    """The admin's form of an account: the name it would show (its display
    name, or its username when that is empty) is checked like a player's
    own choice (lobby.names: no look-alike of another account's name; a
    username keeps its own character rules), so a clash is a form error,
    not a database error (the unique name keys, a 500 before)."""

    class Meta(UserChangeForm.Meta):
        model = User

    def clean(self) -> dict:
        """The cleaned fields; a form error on the display name (its rules
        and clashes), or on the username when it is the name shown and
        clashes."""
        cleaned = super().clean()
        try:
            if cleaned.get("display_name"):
                cleaned["display_name"] = clean_display_name(cleaned["display_name"], self.instance)
            elif cleaned.get("username"):
                require_free(cleaned["username"], self.instance)
        except forms.ValidationError as err:
            self.add_error("display_name" if cleaned.get("display_name") else "username", err)
        return cleaned


@admin.register(User)
class CodexUserAdmin(UserAdmin):
    """Users with their display name."""

    form = CodexUserChangeForm
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
