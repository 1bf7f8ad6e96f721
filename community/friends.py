"""Following people (friends) and what the friends page shows of them (issue 33)."""

from community.errors import CommunityError
from community.models import Follow
from community.people import find_user, is_online
from community.watching import playing_now


def follow(user, name: str):
    """``user`` follows the account named ``name`` (community.people.find_user).
    Returns the followed account. Raises CommunityError ``unknown_name``,
    ``self_follow`` (yourself) or ``already_following`` (409)."""
    other = find_user(name)
    if other.pk == user.pk:
        raise CommunityError("self_follow", "You cannot follow yourself: pick someone else's name.")
    _, created = Follow.objects.get_or_create(follower=user, followed=other)
    if not created:
        raise CommunityError("already_following", f"You already follow {other.public_name}.", 409)
    return other


def unfollow(user, name: str):
    """``user`` stops following ``name``. Returns that account. Raises
    CommunityError ``unknown_name`` or ``not_following``."""
    other = find_user(name)
    if not Follow.objects.filter(follower=user, followed=other).delete()[0]:
        raise CommunityError("not_following", f"You do not follow {other.public_name}.")
    return other


def follows(user, other) -> bool:
    """True when ``user`` (maybe anonymous) follows ``other``."""
    return user.is_authenticated and Follow.objects.filter(follower=user, followed=other).exists()


def friends_of(user, viewer) -> list[dict]:
    """The accounts ``user`` follows, online ones first, then by name: each
    ``{"user", "online", "playing"}`` (``playing``: community.watching.playing_now
    as ``viewer`` may see it)."""
    rows = [f.followed for f in Follow.objects.filter(follower=user).select_related("followed")]
    out = [{"user": u, "online": is_online(u), "playing": playing_now(u, viewer)} for u in rows]
    out.sort(key=lambda e: (not e["online"], e["user"].public_name.casefold()))
    return out
