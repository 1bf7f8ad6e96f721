"""The puzzles app's answer to the match server's signals: an action after
which the acting seat no longer holds the turn, or that ended the game
(game.matchsignals' ``turn_passed``), settles the puzzle attempt played in
that match, if any, once the action is committed (puzzles.tasks), so the
match ends for its viewers without anyone opening the puzzle page."""

from django.db import transaction
from django.dispatch import receiver

from game.matchsignals import turn_passed
from puzzles import tasks
from puzzles.models import Attempt


@receiver(turn_passed)
def _turn_passed(sender, match_id: int, state: dict, seat: int, puzzle: bool, **kwargs) -> None:
    """Queue the settling of ``match_id``'s open attempt after the commit
    (nothing for a match that is no puzzle's: not even a query)."""
    if puzzle and Attempt.objects.filter(match_id=match_id, result="").exists():
        transaction.on_commit(lambda: tasks.settle_match(match_id))
