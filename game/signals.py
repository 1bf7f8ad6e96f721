"""Reactions of the match server to account events.

Logging out ends the live match connections opened with that session: the
consumers of that session join a per-session group (``session_group``) and
close with 4401 when told (docs/PROTOCOL.md, "Connecting").

A password change ends every live match connection of the account: its
consumers join a per-account group (``account_group``) and close with 4001
when told; a page then connects again, and only a session still logged in
(the one that changed the password) gets back in (issue 27, point 5).
"""
import hashlib

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.auth.signals import user_logged_out
from django.dispatch import receiver

from lobby.models import password_changed


def session_group(session_key: str) -> str:
    """The channel-layer group of the connections opened with one session.

    Takes the session key (text); returns a group name that does not carry
    the key itself (a digest of it).
    """
    return "session." + hashlib.sha256(session_key.encode()).hexdigest()[:40]


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
