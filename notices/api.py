"""What the rest of the server calls (issue 32 part 2): the receiver of the
match server's ``turn_came`` (notices.receivers), in the transaction of the
action that made the turn come to a seat, and the settings page's test
notice."""

from datetime import datetime

from django.db import transaction

from notices import outbox, tasks


def _send_after_commit(keys: list[str]) -> None:
    if keys:
        transaction.on_commit(lambda: tasks.send_soon(keys))


def turn_waits(match_id: int, seat: int, deadline: datetime | None) -> list[str]:
    """Tell the user at ``seat`` of match ``match_id`` that the game waits
    on them, with ``deadline`` (None: no time limit): one outbox row per
    channel they chose, at the match's current version, written in the
    caller's transaction and sent once it commits (nothing when it rolls
    back; a second call for the same turn writes nothing new). A bot's seat
    gets nothing. Returns the rows' idempotency keys.

    Source: issue 32 "Notices outside the tab" and "Reliability" (the outbox)."""
    with transaction.atomic():
        keys = outbox.write_turn(match_id, seat, deadline)
    _send_after_commit(keys)
    return keys


def send_test(user, channel: str) -> str:
    """Queue a test notice to ``user`` on ``channel`` (one of
    notices.models.CHANNELS), sent after the commit; returns its key."""
    with transaction.atomic():
        key = outbox.write_trial(user, channel)
    _send_after_commit([key])
    return key
