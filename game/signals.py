"""Reactions of the match server to account events.

Logging out ends the live match connections opened with that session: the
consumers of that session join a per-session group (``session_group``) and
close with 4401 when told (docs/PROTOCOL.md, "Connecting").

A password change ends every live match connection of the account: its
consumers join a per-account group (``account_group``) and close with 4001
when told; a page then connects again, and only a session still logged in
(the one that changed the password) gets back in (issue 27, point 5).

Those group messages are the fast path only: one lost (Redis down, a
password set with QuerySet.update, which sends no signal) must not leave a
socket acting for a session that no longer authenticates. So the consumers
also ask still_logged_in themselves (game.socketsessions: at every heartbeat,
and before acting; issue 27, F3).
"""

import hashlib
from importlib import import_module
from types import SimpleNamespace

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib.auth import get_user
from django.contrib.auth.signals import user_logged_out
from django.dispatch import receiver

from lobby.models import password_changed


def session_group(session_key: str) -> str:
    """The channel-layer group of the connections opened with one session.

    Takes the session key (text); returns a group name that does not carry
    the key itself (a digest of it).
    """
    return "session." + hashlib.sha256(session_key.encode()).hexdigest()[:40]


class _SessionData(dict):
    """A stored session's data, read to judge it with Django's get_user
    without changing it: what get_user would do to the session (flush it,
    or give it a new key when it was made under a SECRET_KEY_FALLBACKS key)
    is left to the next HTTP request, whose response the browser reads."""

    def cycle_key(self) -> None:
        """Leave the stored session as it is (see the class)."""

    def flush(self) -> None:
        """Leave the stored session as it is (see the class)."""


def still_logged_in(session_key: str | None, user_id: int) -> bool:
    """True when the session ``session_key`` (None: no session) still logs
    in the user ``user_id``, as Django's auth would judge it on a request
    now (django.contrib.auth.get_user): the session is still stored, names
    that user through a configured backend, the user may still log in, and
    the password hash the session was made with is still the account's.
    False otherwise. Reads the database (session and user); changes nothing."""
    if not session_key:
        return False
    store = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
    user = logged_in_user(dict(store.items()))
    return user is not None and user.pk == user_id


def logged_in_user(session_data: dict):
    """The user that a stored session's decoded data ``session_data`` logs
    in, as Django's auth would judge it on a request now (get_user: a
    configured backend, a user who may log in, the password hash the session
    was made with still the account's), or None. Reads the user; changes
    nothing (not the stored session either: _SessionData)."""
    user = get_user(SimpleNamespace(session=_SessionData(session_data)))
    return user if user.is_authenticated else None


def account_group(user_id: int) -> str:
    """The channel-layer group of every match connection of the account ``user_id``."""
    return f"account.{user_id}"


@receiver(user_logged_out)
def close_sockets_on_logout(sender, request, user, **kwargs):
    """Tell the connections of the session being logged out to close.

    Runs in the logout request, before Django flushes the session.
    """
    key = getattr(getattr(request, "session", None), "session_key", None)
    if key:
        async_to_sync(get_channel_layer().group_send)(session_group(key), {"type": "session.ended"})


@receiver(password_changed)
def close_sockets_on_password_change(sender, user, **kwargs):
    """Tell every match connection of ``user``, whose password changed, to
    close (each page connects again: the sessions the change logged out are
    refused then)."""
    async_to_sync(get_channel_layer().group_send)(account_group(user.pk), {"type": "account.password_changed"})
