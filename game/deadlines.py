"""The deadlines of turn-based matches, handled (issue 32 point 1;
docs/RULINGS.md "Server: turn-based deadlines"; game.turnbased sets them):
at a seat's deadline the table's rule applies. The background tasks
(game.tasks.deadline_due, game.tasks.sweep_deadlines) call handle_due."""

from dataclasses import dataclass, field
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from game import turnbased
from game.models import Match, MatchPlayer
from game.services import apply_seat_action
from game.statereads import load_snapshot


@dataclass
class Handled:
    """What handle_due did: ``given``, the seats a stand-in now plays;
    ``struck``, the seats that got a strike; ``conceded``, the seats whose
    last strike conceded; ``applied``, the concessions' Applied (to
    publish)."""

    given: list = field(default_factory=list)
    struck: list = field(default_factory=list)
    conceded: list = field(default_factory=list)
    applied: list = field(default_factory=list)


def handle_due(match_id: int, now: datetime | None = None) -> Handled:
    """Apply the table's rule to every person's seat of the turn-based
    match ``match_id`` in play whose deadline passed by ``now``; nothing
    when none did (a deadline moved by an action or days off, a match
    over, or a deadline already handled by another worker: the row is
    locked while it is handled, and read again). Idempotent. Returns what
    it did (Handled)."""
    now = now or timezone.now()
    done = Handled()
    with transaction.atomic():
        match = (
            Match.objects.select_for_update()
            .filter(pk=match_id, turn_based=True, status=Match.Status.PLAYING, deadline__lte=now)
            .only("pk", "turn_seconds", "clock", "clock_since", "deadline", "deadline_rule", "strikes_allowed")
            .first()
        )
        if match is None:
            return done
        due = list(
            MatchPlayer.objects.filter(match_id=match_id, deadline__lte=now, bot="", stand_in=False).order_by("seat")
        )
        if match.deadline_rule == Match.DeadlineRule.STAND_IN:
            MatchPlayer.objects.filter(pk__in=[p.pk for p in due]).update(stand_in=True, timed_out=True, deadline=None)
            done.given = [p.seat for p in due]
            rest = dict(
                MatchPlayer.objects.filter(match_id=match_id, deadline__isnull=False).values_list("seat", "deadline")
            )
            match.deadline = min(rest.values(), default=None)
            match.save(update_fields=["deadline"])
            return done
        for player in due:
            player.strikes += 1
            player.save(update_fields=["strikes"])
        done.struck = [p.seat for p in due]
        losers = [p.seat for p in due if p.strikes >= match.strikes_allowed]
        for seat in losers:
            done.applied.append(concede(match_id, seat))
            done.conceded.append(seat)
        match.refresh_from_db(fields=["status", "clock", "clock_since", "deadline"])
        if match.status == Match.Status.PLAYING and match.deadline is not None and match.deadline <= now:
            match.clock_since = now  # a strike: a full clock again for the seats waited on
            turnbased.store_deadlines(match, turnbased.seat_deadlines(match, match.clock.get("seats", [])))
            match.save(update_fields=["clock_since", "deadline"])
    return done


def concede(match_id: int, seat: int):
    """Concede the match for ``seat`` through the engine, at its current
    version (game.services.apply_seat_action); returns the Applied."""
    current = load_snapshot(match_id)
    return apply_seat_action(match_id, seat, {"type": "concede"}, current.version)


def overdue(now: datetime | None = None, limit: int = 500) -> list:
    """The ids of turn-based matches in play whose earliest deadline
    passed by ``now`` (at most ``limit``, the earliest first): what the
    sweep hands to handle_due. One indexed query."""
    now = now or timezone.now()
    return list(
        Match.objects.filter(turn_based=True, status=Match.Status.PLAYING, deadline__lte=now)
        .order_by("deadline")
        .values_list("pk", flat=True)[:limit]
    )
