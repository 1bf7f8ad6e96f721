"""Display names: the name a player shows at tables, in chat and in logs.

A display name is 2 to 24 characters of letters, digits, spaces and . ' _ -
(spaces around it dropped, runs of spaces made one), and it is nobody else's:
no other account shows it, ignoring case, as its display name or as its
username (the name shown when an account has no display name). So nobody
appears at a table under a friend's name.
"""
import re

from django.core.exceptions import ValidationError

MIN_CHARS, MAX_CHARS = 2, 24
ALLOWED = re.compile(r"[^\W_]|[ .'_-]")  # a letter or digit (any script), or one of these


def clean_display_name(value: str, user=None) -> str:
    """Return ``value`` tidied (spaces trimmed and collapsed).

    ``user``: the account the name is for (None for a new one), whose own
    names do not count as taken. Raises django ValidationError with a
    sentence for the player when the name is empty, too short or long, has
    other characters, or is taken.
    """
    from lobby.models import User

    name = " ".join(str(value or "").split())
    if len(name) < MIN_CHARS or len(name) > MAX_CHARS:
        raise ValidationError(f"A display name is {MIN_CHARS} to {MAX_CHARS} characters.")
    if not all(ALLOWED.fullmatch(ch) for ch in name):
        raise ValidationError("Use letters, digits, spaces and . ' _ - only.")
    others = User.objects.exclude(pk=getattr(user, "pk", None))
    if others.filter(display_name__iexact=name).exists() or others.filter(username__iexact=name).exists():
        raise ValidationError("Another player already uses that name.")
    return name
