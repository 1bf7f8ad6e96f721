"""Display names: the name a player shows at tables, in chat and in logs.

A display name is 2 to 24 characters of letters, digits, spaces and . ' _ -
(in its plain form, NFKC: full-width or mathematical letters become the
letters they stand for; spaces around it dropped, runs of spaces made one),
and it is nobody else's: no other account shows a name that looks like it.
So nobody appears at a table under a friend's name (issue 11).

"Looks like" is the confusable skeleton of Unicode TR 39 (section 4), read
from the confusables data of the confusable-homoglyphs library: two names
look alike when their skeletons match after case folding (``sec_auth_a``,
``SEC_AUTH_а`` with a Cyrillic а), or before it (``Bill`` and ``BiII``
with capital i's). Each account stores both keys of the name it shows
(``name_keys``), and the database keeps each key unique.
"""
import re
import unicodedata
from functools import lru_cache

from confusable_homoglyphs import confusables
from django.core.exceptions import ValidationError
from django.db.models import Q

MIN_CHARS, MAX_CHARS = 2, 24
ALLOWED = re.compile(r"[^\W_]|[ .'_-]")  # a letter or digit (any script), or one of these
# The library wraps right-to-left glyphs in direction marks for display.
_DIRECTION_MARKS = str.maketrans("", "", "\u200e\u200f")


def _look_alikes(ch: str) -> list[str]:
    """The characters (or strings) the confusables data pairs with ``ch``."""
    found = confusables.is_confusable(ch, greedy=True)
    return [glyph["c"].translate(_DIRECTION_MARKS) for glyph in found[0]["homoglyphs"]] if found else []


@lru_cache(maxsize=8192)
def prototype(ch: str) -> str:
    """The TR 39 prototype of one character: the string every look-alike of
    it maps to (``"l"`` for ``"I"`` and ``"1"``, ``"a"`` for Cyrillic ``"а"``,
    ``"rn"`` for ``"m"``); the character itself when it has none.

    The data links each prototype with its look-alikes both ways: a
    character linked to exactly one other, which has several, is a
    look-alike of it; a pair linked only to each other stands for the
    smaller of the two.
    """
    alikes = _look_alikes(ch)
    if len(alikes) != 1:
        return ch
    other = alikes[0]
    if len(other) > 1 or len(_look_alikes(other)) > 1:
        return other
    return min(ch, other)


def skeleton(text: str) -> str:
    """The TR 39 skeleton of ``text``: NFD, each character to its prototype, NFD."""
    mapped = "".join(prototype(ch) for ch in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def name_keys(name: str) -> tuple[str, str]:
    """The two keys under which ``name`` is taken: ``(folded, shaped)``.

    ``folded`` is the skeleton of the case-folded plain (NFKC) name, so case
    and look-alike letters of other scripts do not tell names apart;
    ``shaped`` is the case-folded skeleton of the plain name, so a capital I
    and a small l (one prototype) do not either. Two names clash when they
    share a key.
    """
    plain = unicodedata.normalize("NFKC", name)
    return skeleton(plain.casefold()), skeleton(skeleton(plain).casefold())


def clean_display_name(value: str, user=None) -> str:
    """Return ``value`` tidied (plain form, spaces trimmed and collapsed).

    ``user``: the account the name is for (None for a new one), whose own
    names do not count as taken. Raises django ValidationError with a
    sentence for the player when the name is empty, too short or long, has
    other characters, or looks like a name another account shows (or its
    username).
    """
    name = " ".join(unicodedata.normalize("NFKC", str(value or "")).split())
    if len(name) < MIN_CHARS or len(name) > MAX_CHARS:
        raise ValidationError(f"A display name is {MIN_CHARS} to {MAX_CHARS} characters.")
    if not all(ALLOWED.fullmatch(ch) for ch in name):
        raise ValidationError("Use letters, digits, spaces and . ' _ - only.")
    require_free(name, user)
    return name


def require_free(name: str, user=None) -> None:
    """Raise django ValidationError with a sentence for the player when
    ``name`` looks like the name another account than ``user`` shows, or
    like its username (the keys of :func:`name_keys`); return None else."""
    from lobby.models import User

    keys = name_keys(name)
    others = User.objects.exclude(pk=getattr(user, "pk", None))
    if others.filter(Q(name_key__in=keys) | Q(shape_key__in=keys) | Q(username__iexact=name)).exists():
        raise ValidationError("Another player already uses that name, or one that looks just like it.")
