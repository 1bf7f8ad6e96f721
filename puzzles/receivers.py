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

NO_ATTEMPT_KEPT = 10_000  # matches this process remembers having no attempt (_turn_passed)

_no_attempt = {}  # {(match id, created): None}: matches found without an attempt, which never get one


@receiver(turn_passed)
def _turn_passed(sender, match_id: int, state: dict, seat: int, created: str | None = None, **kwargs) -> None:
    """Queue the settling of ``match_id``'s open attempt after the commit
    (nothing for a match that is no puzzle's). An attempt is made only in
    the transaction that makes its match (puzzles.services.start), so a
    match found without one never has one: this process remembers up to
    NO_ATTEMPT_KEPT of them (by id and ``created``, so a reused id is not
    taken for an old match) and asks nothing more about them (issue 29: the
    question was about 3 % of a worker's busy time under load)."""
    key = (match_id, created)
    if created is not None and key in _no_attempt:
        return
    result = Attempt.objects.filter(match_id=match_id).values_list("result", flat=True).first()
    if result == "":
        transaction.on_commit(lambda: tasks.settle_match(match_id))
    elif result is None and created is not None:
        if len(_no_attempt) >= NO_ATTEMPT_KEPT:
            _no_attempt.clear()
        _no_attempt[key] = None
