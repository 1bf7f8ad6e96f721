"""What the community does when something happens elsewhere: a finished
match moves ratings (game.matchsignals' match_finished, sent in the finish's transaction)."""

from django.dispatch import receiver

from community import ratings
from game.matchsignals import match_finished


@receiver(match_finished)
def rate_on_finish(sender, match_id: int, state: dict, seat: int | None = None, **kwargs) -> None:
    """Rate the finished match ``match_id`` (community.ratings.rate_finished)
    inside the transaction that finished it."""
    ratings.rate_finished(match_id, state, seat)
