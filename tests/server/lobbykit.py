"""Helpers of the lobby tests (issue 14): matches started and finished
through the lobby and game services, without websockets."""

from asgiref.sync import async_to_sync

from game.models import Match
from game.services import apply_match_action
from tests.server.matchkit import start_match


def started(players, **options) -> Match:
    """A 1-hero (or ``mode=``) match of ``players`` started through the lobby services."""
    return async_to_sync(start_match)(players, **options)


def conceded(match: Match, user) -> Match:
    """``user`` concedes ``match``; returns the match row as stored then."""
    match.refresh_from_db()
    apply_match_action(match.pk, user.pk, {"type": "concede"}, match.version)
    match.refresh_from_db()
    return match
