"""Signs of life of accounts (issue 27 point 27): every request of a
logged-in user marks them seen (``User.last_seen``, written at most once in
CODEX_SEEN_EVERY_SECONDS), so the lobby knows whose open tables still have
a host: the lobby page asks the server every few seconds while it is shown,
and once a minute while it is in the background (static/js/lobby.js).

A table whose host was not seen for CODEX_HOST_GONE_MINUTES (the host
closed the page or the browser) leaves the public list and takes no new
player (lobby.services.take_seat); it is alive again when the host comes
back. Logging out frees the host's seats at once (lobby.signals).
"""

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone


def mark_seen(user, force: bool = False) -> None:
    """Record that ``user`` (a logged-in account) is on the site now: write
    ``last_seen`` when it is older than CODEX_SEEN_EVERY_SECONDS (or
    ``force``), one UPDATE; nothing else. Keeps ``user.last_seen`` in step."""
    now = timezone.now()
    last = user.last_seen
    if force or last is None or now - last >= timedelta(seconds=settings.CODEX_SEEN_EVERY_SECONDS):
        get_user_model().objects.filter(pk=user.pk).update(last_seen=now)
        user.last_seen = now


def host_gone_cutoff():
    """The time before which a host last seen has left their open tables."""
    return timezone.now() - timedelta(minutes=settings.CODEX_HOST_GONE_MINUTES)


class SeenMiddleware:
    """Marks the logged-in user of each request seen (:func:`mark_seen`);
    after Django's AuthenticationMiddleware, which gives ``request.user``."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        """Mark the user, then answer the request as usual."""
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            mark_seen(user)
        return self.get_response(request)
