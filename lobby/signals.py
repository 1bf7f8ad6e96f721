"""Reactions of the lobby to account events.

Logging out frees the user's seats at tables that have not started, so a
player who left does not hold seats others wait for (issue 11); seats of
started matches stay (the player comes back to them).
"""

from django.contrib.auth.signals import user_logged_out
from django.dispatch import receiver

from lobby.services import leave_waiting_tables


@receiver(user_logged_out)
def free_waiting_seats_on_logout(sender, request, user, **kwargs):
    """Free the logged-out user's waiting seats (``user`` is None when nobody was logged in)."""
    if user is not None:
        leave_waiting_tables(user)
