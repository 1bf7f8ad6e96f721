"""The notices app's answer to the match server's signals: a turn that came
to a seat of a turn-based match (game.matchsignals' ``turn_came``, sent in
the action's transaction) goes into the outbox (notices.api.turn_waits)."""

from django.dispatch import receiver

from game.matchsignals import turn_came
from notices.api import turn_waits


@receiver(turn_came)
def _turn_came(sender, match_id: int, seat: int, deadline, **kwargs) -> None:
    """Write the seat's notices of ``match_id`` (issue 32 point 2)."""
    turn_waits(match_id, seat, deadline)
