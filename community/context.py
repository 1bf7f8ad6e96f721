"""Template context of every page: the invitations by name waiting for the
logged-in user (community.invites.pending), read only by a page that shows
them (the lobby's notice): no query elsewhere."""

from django.utils.functional import SimpleLazyObject

from community.invites import pending


def name_invites(request) -> dict:
    """``{"name_invites": the user's pending invitations (lazy)}``; ``{}`` when logged out."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"name_invites": SimpleLazyObject(lambda: pending(user))}
