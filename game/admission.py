"""Who may open a match websocket, and as what (game.consumers.connect):
the access check, the hiding of matches an outsider may not know of, the
per-user socket limit, and the channel-layer group of a match's sockets."""

from game import livesockets
from game.services import AccessDenied, load_access
from game.statereads import MatchNotFound
from lobby.models import Table


def group_name(match_id: int) -> str:
    """The channel-layer group of a match's connections."""
    return f"match.{match_id}"


class TooManySockets(Exception):
    """The user already has CODEX_WS_PER_USER live match sockets."""


def shown_to_outsiders(match_id: int, invite: str | None) -> bool:
    """True when an outsider who presents ``invite`` (text or None) knows
    that match ``match_id`` exists: its table is public (listed in the
    lobby), or ``invite`` is its table's invite token. A private table's
    match, or one made outside the lobby, is hidden from everyone else
    (issue 27, F4)."""
    table = Table.objects.filter(match_id=match_id).only("is_public", "invite_token").first()
    return table is not None and (table.is_public or table.invite_matches(invite))


def admit(match_id: int, user_id: int, invite: str | None, channel: str):
    """Decide what ``user_id`` is in the match (services.load_access) and
    register the connection ``channel`` as live (game.livesockets), in one
    trip to the database thread. Returns the Access; raises MatchNotFound
    (also for a match an outsider may not know of: shown_to_outsiders,
    so ids cannot be enumerated), AccessDenied (the outsider may not watch
    a match they know of), or TooManySockets (nothing registered)."""
    try:
        access = load_access(match_id, user_id, invite)
    except AccessDenied:
        if not shown_to_outsiders(match_id, invite):
            raise MatchNotFound(match_id) from None
        raise
    if not livesockets.register(channel, user_id, match_id, access.seat):
        raise TooManySockets(user_id)
    return access
