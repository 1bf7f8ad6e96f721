"""Reactions of the match server to account events.

Logging out ends the live match connections opened with that session: the
consumers of that session join a per-session group (``session_group``) and
close with 4401 when told (docs/PROTOCOL.md, "Connecting").
"""
import hashlib

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.auth.signals import user_logged_out
from django.dispatch import receiver


def session_group(session_key: str) -> str:
    """The channel-layer group of the connections opened with one session.

    Takes the session key (text); returns a group name that does not carry
    the key itself (a digest of it).
    """
    return "session." + hashlib.sha256(session_key.encode()).hexdigest()[:40]


@receiver(user_logged_out)
def close_sockets_on_logout(sender, request, user, **kwargs):
    """Tell the connections of the session being logged out to close.

    Runs in the logout request, before Django flushes the session.
    """
    key = getattr(getattr(request, "session", None), "session_key", None)
    if key:
        async_to_sync(get_channel_layer().group_send)(session_group(key), {"type": "session.ended"})
