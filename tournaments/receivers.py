"""What the tournaments do when a match finishes (game.matchsignals'
match_finished, sent in the finish's transaction): its board's result."""

from django.dispatch import receiver

from game.matchsignals import match_finished
from tournaments import rounds


@receiver(match_finished)
def record_on_finish(sender, match_id: int, state: dict, **kwargs) -> None:
    """Record the board result of the finished match ``match_id``
    (tournaments.rounds.on_match_finished) inside the finishing transaction."""
    rounds.on_match_finished(match_id, state)
