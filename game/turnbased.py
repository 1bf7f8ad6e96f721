"""Turn-based matches (issue 32 points 1 and 4; docs/RULINGS.md "Server:
turn-based deadlines"): matches that last days, played with no page open.

A turn-based match keeps the turn timer's clock rule (game.turnclock: the
seats the game waits on share a clock that starts again, full, at each new
turn or phase and whenever the game starts waiting on a seat it was not
waiting on), with ``turn_seconds`` from 1 hour to 14 days. Each seat waited
on has its own deadline: the clock's start plus the time per move, plus the
time its player's declared days off (Vacation) overlap the running clock.
``Match.deadline`` is the earliest of them.

At a deadline the table's rule applies (game.deadlines.handle_due): "stand_in", the
stand-in bot plays the seat until the clock starts again (as the live
timer); or "strikes", the seat gets a strike and a new full clock, and the
strike that reaches the table's number concedes the match for it through
the engine (the result is the engine's outcome). The deadline is a huey
task scheduled for it (game.tasks.deadline_due), and a periodic sweep
(game.tasks.sweep_deadlines) handles any deadline a lost schedule missed
(docs/ARCHITECTURE.md "Background work").
"""

from datetime import UTC, date, datetime, time, timedelta

from django.db import transaction
from django.dispatch import Signal
from django.utils import timezone

from game.matchsignals import turn_came
from game.models import Match, MatchPlayer, Vacation

# The times per move a table may choose (seconds): 1 h, 8 h, 1, 2, 3, 7 and 14 days.
HOUR, DAY = 3600, 86400
MOVE_CHOICES = (HOUR, 8 * HOUR, DAY, 2 * DAY, 3 * DAY, 7 * DAY, 14 * DAY)
MIN_STRIKES, MAX_STRIKES = 1, 5
VACATION_DAYS_A_YEAR = 30  # days off a player may declare per calendar year (docs/RULINGS.md)
VACATION_AHEAD_DAYS = 365  # how far ahead days off may start

# Sent after the commit that set a turn-based match's deadline:
# ``match_id`` and ``deadline`` (game.tasks schedules the task for it).
deadline_set = Signal()


def _day_start(day: date) -> datetime:
    return datetime.combine(day, time.min, tzinfo=UTC)


def pauses_of(user_ids, since: datetime) -> dict:
    """``{user_id: [(start, end), ...]}``: the declared days off of the
    users ``user_ids`` that end after ``since``, as times (start of the
    first day, start of the day after the last), sorted. One query."""
    out: dict = {}
    rows = Vacation.objects.filter(user_id__in=list(user_ids), last__gte=since.date()).order_by("first")
    for row in rows.values_list("user_id", "first", "last"):
        out.setdefault(row[0], []).append((_day_start(row[1]), _day_start(row[2] + timedelta(days=1))))
    return out


def deadline_after(start: datetime, seconds: int, pauses: list) -> datetime:
    """The time a clock started at ``start`` runs out after ``seconds`` of
    running, standing still during ``pauses`` (``[(start, end)]``, sorted
    by start; they may overlap)."""
    now, left = start, timedelta(seconds=seconds)
    for begin, end in pauses:
        if end <= now:
            continue
        if begin >= now + left:
            break
        if begin > now:
            left -= begin - now
        now = max(now, end)
    return now + left


def seat_deadlines(match: Match, seats: list) -> dict:
    """``{seat: deadline}`` of the people's ``seats`` for the clock of
    ``match`` as it stands: not a table bot's (no clock), nor one a
    stand-in plays because its deadline passed (until the clock starts
    again)."""
    people = dict(
        MatchPlayer.objects.filter(match_id=match.pk, seat__in=seats, bot="", timed_out=False).values_list(
            "seat", "user_id"
        )
    )
    pauses = pauses_of(people.values(), match.clock_since)
    return {
        seat: deadline_after(match.clock_since, match.turn_seconds, pauses.get(user_id, []))
        for seat, user_id in people.items()
    }


def store_deadlines(match: Match, deadlines: dict) -> None:
    """Write ``deadlines`` (``{seat: time}``) on the seats of ``match``
    (every other seat: none) and its earliest on the match (not saved:
    the caller saves ``deadline``); after the commit, tell deadline_set."""
    MatchPlayer.objects.filter(match_id=match.pk, deadline__isnull=False).exclude(seat__in=list(deadlines)).update(
        deadline=None
    )
    for seat, when in deadlines.items():
        MatchPlayer.objects.filter(match_id=match.pk, seat=seat).update(deadline=when)
    match.deadline = min(deadlines.values(), default=None)
    if match.deadline is not None:
        match_id, when = match.pk, match.deadline
        transaction.on_commit(lambda: deadline_set.send(sender=Match, match_id=match_id, deadline=when))


def start(match: Match) -> None:
    """Set the deadlines of a new turn-based ``match`` (saved, its clock
    started by game.turnclock.start), in the transaction that made it, and
    announce the turn to the seats the game waits on."""
    deadlines = seat_deadlines(match, match.clock.get("seats", []))
    store_deadlines(match, deadlines)
    match.save(update_fields=["deadline"])
    _announce_all(match, deadlines)


def announce_waiting(match: Match) -> None:
    """Announce the turn again to every seat of the turn-based ``match``
    that has a deadline now (announce_turn), in the caller's transaction:
    for the lobby's start of a table with a webhook of its own, which
    learns its match only after the match's first announcement. Receivers
    take each turn once (notices.outbox keys its rows per turn and channel)."""
    deadlines = dict(
        MatchPlayer.objects.filter(match_id=match.pk, deadline__isnull=False).values_list("seat", "deadline")
    )
    _announce_all(match, deadlines)


def after_action(match: Match, before: dict, changed: list) -> list:
    """After an action of a turn-based ``match`` (its clock just followed
    by game.turnclock.on_applied; ``before``: the clock before it,
    ``changed``: the fields that changed): set the deadlines again when the
    clock started again or its seats changed, and announce the turn to the
    seats the game waits on now and did not before (announce_turn), in the
    action's transaction. Returns the fields to save besides ``changed``."""
    seats = match.clock.get("seats", [])
    if "clock_since" not in changed and seats == before.get("seats"):
        return []
    if "clock_since" in changed:
        deadlines = seat_deadlines(match, seats)
    else:  # fewer seats, the same clock: theirs stand
        deadlines = dict(
            MatchPlayer.objects.filter(match_id=match.pk, seat__in=seats, deadline__isnull=False).values_list(
                "seat", "deadline"
            )
        )
    store_deadlines(match, deadlines)
    new = {seat: when for seat, when in deadlines.items() if seat not in before.get("seats", [])}
    _announce_all(match, new)
    return ["deadline"]


def _announce_all(match: Match, deadlines: dict) -> None:
    """announce_turn for the seats of ``deadlines``, those of one deadline together."""
    by_time: dict = {}
    for seat, when in sorted(deadlines.items()):
        by_time.setdefault(when, []).append(seat)
    for when, seats in by_time.items():
        announce_turn(match, seats, when)


def announce_turn(match: Match, seats: list, deadline: datetime) -> None:
    """The turn came to ``seats`` of the turn-based ``match`` (the game
    waits on them, and did not before), to play by ``deadline``: sends
    game.matchsignals' ``turn_came`` for each seat inside the action's
    transaction, so what a receiver writes (the notices app's outbox, issue
    32 point 2) commits with the action or not at all."""
    for seat in seats:
        turn_came.send(sender=Match, match_id=match.pk, seat=seat, deadline=deadline)


class VacationRefused(Exception):
    """Days off that cannot be declared; ``code`` and ``reason`` say why."""

    def __init__(self, code: str, reason: str):
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason


def days_off_in(user_id: int, year: int, exclude: int | None = None) -> int:
    """The days off ``user_id`` declared that fall in ``year`` (a
    declaration ``exclude`` not counted)."""
    first, last = date(year, 1, 1), date(year, 12, 31)
    total = 0
    rows = Vacation.objects.filter(user_id=user_id, first__lte=last, last__gte=first)
    if exclude is not None:
        rows = rows.exclude(pk=exclude)
    for row in rows:
        total += (min(row.last, last) - max(row.first, first)).days + 1
    return total


def declare_vacation(user_id: int, first: date, last: date, today: date | None = None) -> Vacation:
    """Declare the days ``first`` to ``last`` (UTC days, both included)
    off for ``user_id``: the clocks of their turn-based matches stand still
    then (docs/RULINGS.md "Server: turn-based deadlines"). Returns the
    Vacation. Raises VacationRefused (nothing changed): ``bad_dates``
    (the last day before the first, a first day in the past or more than
    VACATION_AHEAD_DAYS ahead), ``overlaps`` (days already declared),
    ``too_many_days`` (beyond VACATION_DAYS_A_YEAR in a calendar year)."""
    today = today or timezone.now().date()
    if last < first or first < today or first > today + timedelta(days=VACATION_AHEAD_DAYS):
        raise VacationRefused(
            "bad_dates", "Days off run from a first day (today or later, within a year) to a last day after it."
        )
    with transaction.atomic():
        if Vacation.objects.select_for_update().filter(user_id=user_id, first__lte=last, last__gte=first).exists():
            raise VacationRefused("overlaps", "Some of those days are already declared off.")
        for year in range(first.year, last.year + 1):
            wanted = (min(last, date(year, 12, 31)) - max(first, date(year, 1, 1))).days + 1
            if days_off_in(user_id, year) + wanted > VACATION_DAYS_A_YEAR:
                raise VacationRefused(
                    "too_many_days", f"At most {VACATION_DAYS_A_YEAR} days off a year: these would go beyond it."
                )
        vacation = Vacation.objects.create(user_id=user_id, first=first, last=last)
        vacation_changed(user_id)
    return vacation


def vacation_begun(vacation: Vacation, today: date | None = None) -> bool:
    """True when the days off ``vacation`` have begun (its first day is
    ``today`` or before, UTC): they can no longer be taken back."""
    return vacation.first <= (today or timezone.now().date())


def cancel_vacation(user_id: int, vacation_id: int, today: date | None = None) -> None:
    """Take back declared days off of ``user_id`` that have not begun
    (those begun stand: the clocks already stood still). Raises
    VacationRefused ``no_such_vacation`` or ``begun`` (nothing changed)."""
    today = today or timezone.now().date()
    with transaction.atomic():
        row = Vacation.objects.select_for_update().filter(pk=vacation_id, user_id=user_id).first()
        if row is None:
            raise VacationRefused("no_such_vacation", "There are no such days off.")
        if vacation_begun(row, today):
            raise VacationRefused("begun", "Those days off have begun: they stand.")
        row.delete()
        vacation_changed(user_id)


def vacation_changed(user_id: int) -> None:
    """The days off of ``user_id`` changed: set again the deadlines of
    their seats waited on in turn-based matches in play (inside the
    caller's transaction)."""
    seats = MatchPlayer.objects.filter(
        user_id=user_id, deadline__isnull=False, match__turn_based=True, match__status=Match.Status.PLAYING
    ).values_list("match_id", flat=True)
    for match in (
        Match.objects.select_for_update()
        .filter(pk__in=list(seats))
        .only("pk", "turn_seconds", "clock", "clock_since", "deadline")
    ):
        store_deadlines(match, seat_deadlines(match, match.clock.get("seats", [])))
        match.save(update_fields=["deadline"])
