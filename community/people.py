"""Finding people by the name they go by, and whether they are on the site."""

from django.contrib.auth import get_user_model

from codexsite.usertext import clipped
from community.errors import CommunityError
from lobby.names import name_keys
from lobby.seen import host_gone_cutoff

MAX_NAME = 60  # characters of a typed name looked up (longer is no account's)


def find_user(name: str):
    """The active account whose username is ``name`` (any case), else whose
    shown name looks like it (lobby.names.name_keys: case, spacing and
    look-alike letters aside). Raises CommunityError ``unknown_name`` with
    the name in the sentence."""
    text = (name or "").strip()[:MAX_NAME]
    users = get_user_model().objects.filter(is_active=True)
    found = users.filter(username__iexact=text).first() if text else None
    if found is None and text:
        folded, _ = name_keys(text)
        found = users.filter(name_key=folded).first() if folded else None
    if found is None:
        raise CommunityError("unknown_name", f"Nobody here goes by the name {clipped(text)!r}: check the spelling.")
    return found


def is_online(user) -> bool:
    """True when ``user`` was seen on the site lately (User.last_seen, within
    the minutes after which a host counts as gone: lobby.seen)."""
    return user.last_seen is not None and user.last_seen >= host_gone_cutoff()
