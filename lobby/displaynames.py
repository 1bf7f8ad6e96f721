"""A display name an account may take: the cleaning and rules of
lobby.names, and nobody else's (the accounts of lobby.models). Apart from
lobby.names so that the text rules need no model and the model's
``name_keys`` import makes no cycle (issue 28)."""

from django.core.exceptions import ValidationError
from django.db.models import Q

from lobby.models import User
from lobby.names import ALLOWED, MAX_CHARS, MIN_CHARS, clean_name, name_keys, require_not_reserved


def clean_display_name(value: str, user=None) -> str:
    """Return ``value`` cleaned as every user-written name is (lobby.names.clean_name).

    ``user``: the account the name is for (None for a new one), whose own
    names do not count as taken. Raises django ValidationError with a
    sentence for the player when the name is empty, too short or long, has
    other characters, or looks like a name another account shows (or its
    username) or one the site shows (:func:`require_free`).
    """
    name = clean_name(value or "", "A display name", MIN_CHARS, MAX_CHARS)
    if not all(ALLOWED.fullmatch(ch) for ch in name):
        raise ValidationError("Use letters, digits, spaces and . ' _ - only.")
    if not all(name_keys(name)):
        raise ValidationError("A display name needs a letter or a digit.")
    require_free(name, user)
    return name


def require_free(name: str, user=None) -> None:
    """Raise django ValidationError with a sentence for the player when
    ``name`` looks like a name the site shows (lobby.names.require_not_reserved),
    the name another account than ``user`` shows, or its username (the keys
    of lobby.names.name_keys); return None else."""
    require_not_reserved(name)
    keys = name_keys(name)
    others = User.objects.exclude(pk=getattr(user, "pk", None))
    if others.filter(Q(name_key__in=keys) | Q(shape_key__in=keys) | Q(username__iexact=name)).exists():
        raise ValidationError("Another player already uses that name, or one that looks just like it.")
