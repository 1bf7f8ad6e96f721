"""The turn timer of a table (issue 14 point 14; docs/RULINGS.md "Server:
the turn timer"): off unless the table sets ``turn_seconds``.

The clock rule: the seats the game waits on (those with something to do
besides conceding) share one clock of ``turn_seconds``. It starts again,
full, with each new turn or phase (main, tech, lending), and whenever the
game starts waiting on a seat it was not waiting on after the previous
action (a prompt to another player, the turn coming back to its player);
it keeps running while the same players act, or fewer (a teammate who
ended the main phase). A seat still waited
on when the clock runs out is handled as an away player: the stand-in bot
plays on for it (game.standins), until the clock starts again, when the
player has the seat back. No time is banked from one turn to the next.

A turn-based match (game.turnbased; issue 32) follows the same clock rule
with its own deadlines, handled in the background (game.deadlines), never
by a page: expire and timed leave it alone.
"""

from datetime import timedelta

from django.utils import timezone

from game import turnbased
from game.models import Match, MatchPlayer
from game.rules import waiting_on

# The timer values a table may set (seconds), besides None (off).
MIN_SECONDS, MAX_SECONDS = 30, 3600


def seconds_of(match_id: int) -> int | None:
    """The turn timer of match ``match_id`` in seconds (None: none)."""
    return Match.objects.filter(pk=match_id).values_list("turn_seconds", flat=True).first()


def waiting_seats(state: dict) -> list:
    """The seats the game waits on at ``state``: those with a legal action
    other than conceding, in seat order (empty once it is over); read off
    the state by game.rules.waiting_on (the game's own), not by listing actions."""
    if state.get("status") == "finished":
        return []
    return waiting_on(state)


def _key(state: dict) -> str:
    return f"{state.get('turn')}:{state.get('phase')}"


def start(match: Match, state: dict) -> None:
    """Set the clock of a new ``match`` (not saved yet) at its first ``state``."""
    if match.turn_seconds is not None:
        match.clock = {"key": _key(state), "seats": waiting_seats(state)}
        match.clock_since = timezone.now()


def on_applied(match: Match, state: dict) -> list:
    """After an action gave ``match`` (locked, in its transaction) the new
    ``state``: follow the clock rule (module docstring), handing back their
    seats to players whose stand-in played because time ran out when the
    clock starts again. Returns the Match fields it changed (to save);
    none without a timer."""
    if match.turn_seconds is None:
        return []
    before = match.clock or {}
    now = {"key": _key(state), "seats": waiting_seats(state)}
    changed = ["clock"]
    if now["key"] != before.get("key") or set(now["seats"]) - set(before.get("seats", [])):
        match.clock_since = timezone.now()
        changed.append("clock_since")
        MatchPlayer.objects.filter(match_id=match.pk, timed_out=True).update(timed_out=False, stand_in=False)
    match.clock = now
    return changed


def after_action(match_id: int, state: dict) -> None:
    """In the transaction of an action of a timed match (its row locked):
    follow the clock rule for the new ``state`` (on_applied) and save the
    clock. One read and one write, for timed matches only
    (game.services._apply). A turn-based match's deadlines follow its
    clock (game.turnbased.after_action)."""
    match = Match.objects.only("pk", "turn_seconds", "clock", "clock_since", "turn_based").get(pk=match_id)
    before = dict(match.clock or {})
    changed = on_applied(match, state)
    if match.turn_based:
        changed += turnbased.after_action(match, before, changed)
    if changed:
        match.save(update_fields=changed)


def timed(match_ids: list) -> list:
    """The ids among ``match_ids`` of the matches in play with a live
    turn timer (not turn-based: game.deadlines handles those)."""
    return list(
        Match.objects.filter(
            pk__in=match_ids, turn_seconds__isnull=False, turn_based=False, status=Match.Status.PLAYING
        ).values_list("pk", flat=True)
    )


def time_left(match: Match, now=None) -> dict:
    """``{seat: seconds}`` left on the clock of each seat the game waits on
    (0 when out of time); {} without a timer or once the match is over."""
    if match.turn_seconds is None or match.status != Match.Status.PLAYING or match.clock_since is None:
        return {}
    now = now or timezone.now()
    left = (match.clock_since + timedelta(seconds=match.turn_seconds) - now).total_seconds()
    return {seat: max(0.0, round(left, 1)) for seat in (match.clock or {}).get("seats", [])}


def expire(match_id: int) -> bool:
    """Give the stand-in bot to every person's seat the game waits on whose
    clock ran out (``timed_out``: it is theirs again when the clock starts
    again). Returns True when one was given. A turn-based match: never
    (game.deadlines)."""
    match = (
        Match.objects.filter(pk=match_id, turn_seconds__isnull=False, turn_based=False)
        .only("turn_seconds", "status", "clock", "clock_since")
        .first()
    )
    if match is None:
        return False
    out = [seat for seat, left in time_left(match).items() if left <= 0]
    if not out:
        return False
    return bool(
        MatchPlayer.objects.filter(match_id=match_id, seat__in=out, bot="", stand_in=False).update(
            stand_in=True, timed_out=True
        )
    )
