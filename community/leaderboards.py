"""Leaderboards per rating family (issue 33): the users with at least
COMMUNITY_LEADERBOARD_MIN_GAMES rated matches in it, by shown rating
(mu - 3 sigma, community.skill.shown)."""

from django.conf import settings
from django.db.models import F

from community.models import Rating
from community.skill import shown

SIZE = 100  # rows shown


def leaderboard(family: str) -> list[dict]:
    """The leaderboard of ``family``: ``{"rank", "user", "shown", "mu",
    "sigma", "games"}`` best first, at most SIZE."""
    rows = (
        Rating.objects.filter(family=family, games__gte=settings.COMMUNITY_LEADERBOARD_MIN_GAMES)
        .select_related("user")
        .annotate(low=F("mu") - 3 * F("sigma"))
        .order_by("-low", "user__username")[:SIZE]
    )
    return [
        {
            "rank": i,
            "user": r.user,
            "shown": round(shown(r.mu, r.sigma), 1),
            "mu": round(r.mu, 1),
            "sigma": round(r.sigma, 2),
            "games": r.games,
        }
        for i, r in enumerate(rows, start=1)
    ]
