"""A tournament's rounds (issue 33): making each round's boards and their
tables (through the lobby: lobby.arranged), recording results when matches
finish (game.matchsignals' match_finished, tournaments.receivers), moving
on when a round is complete, and deciding what is unfinished at a round's
deadline. docs/TOURNAMENTS.md states the rules.
"""

import logging
from datetime import datetime, timedelta
from fractions import Fraction
from functools import partial

from django.db import transaction
from django.utils import timezone

from game import deadlines, delivery, rules
from game.models import Match, MatchPlayer
from game.statereads import current_state
from lobby.arranged import arrange_match
from tournaments import pairing
from tournaments.models import Board, Entry, Round, Tournament
from tournaments.standings import DRAW, LOSS, WIN, Game, Standing, standings

log = logging.getLogger(__name__)

# Board.Result's values.
FIRST, SECOND, DRAWN, BOTH_LOST, BYE = "first", "second", "draw", "both_lost", "bye"
POINTS = {
    FIRST: (WIN, LOSS),
    SECOND: (LOSS, WIN),
    DRAWN: (DRAW, DRAW),
    BOTH_LOST: (LOSS, LOSS),
    BYE: (WIN, LOSS),
}


def games_of(event: Tournament) -> list[Game]:
    """Every decided board of ``event`` as a standings.Game, in round and board order."""
    rows = Board.objects.filter(round__tournament=event).exclude(result="").order_by("round__number", "index")
    return [Game(b.first_id, b.second_id, POINTS[b.result]) for b in rows.only("first", "second", "result")]


def table_of(event: Tournament) -> list[Standing]:
    """The standings of ``event`` (tournaments.standings over its decided
    boards), every entry in seed order of ties."""
    ids = list(event.entries.order_by("seed", "joined", "id").values_list("pk", flat=True))
    return standings(ids, games_of(event))


def _winner(board: Board) -> int | None:
    """The entry that goes on from a decided bracket board: its winner, the
    one with the bye, at a draw the better seed (seat 0); None when both lost."""
    if board.result in (FIRST, BYE, DRAWN):
        return board.first_id
    if board.result == SECOND:
        return board.second_id
    return None


def _pairs(event: Tournament, number: int, active: list[Entry]) -> list[pairing.Pair | None]:
    """The boards of round ``number`` of ``event`` for its ``active``
    entries (by format: tournaments.pairing), None for an empty board of a
    bracket."""
    games = games_of(event)
    if event.format == Tournament.Format.SWISS:
        order = [s.entry for s in table_of(event)]
        ids = {e.pk for e in active}
        return list(pairing.swiss([e for e in order if e in ids], games))
    if event.format == Tournament.Format.ROUND_ROBIN:
        everyone = list(event.entries.order_by("seed").values_list("pk", flat=True))
        return list(pairing.round_robin(everyone, number, games))
    if number == 1:
        return pairing.first_bracket_round([e.pk for e in active])
    previous = Round.objects.get(tournament=event, number=number - 1)
    boards = {b.index: b for b in previous.boards.all()}
    size = pairing.bracket_size(event.entries.count()) // 2 ** (number - 1)
    ids = {e.pk for e in active}
    winners = []
    for i in range(size):
        won = _winner(boards[i]) if i in boards else None
        winners.append(won if won in ids else None)
    return pairing.next_bracket_round(winners, games)


def next_round(event: Tournament, now: datetime | None = None) -> Round:
    """Make round ``event.round + 1`` of the running ``event`` (its row
    locked by the caller): its boards, a bye recorded at once, a board
    against a player who is out won by the other, and a started table for
    every other board (lobby.arranged.arrange_match, hosted by the
    organiser: rated as the event unless a bot plays it, turn-based with
    its time per move under the strikes rule, or live; a bot entrant's seat
    is played by the table bots' background work, game.tasks).
    The round's deadline is ``round_hours`` from now. Returns the Round.
    Raises LobbyError when the lobby refuses a table (nothing is kept)."""
    now = now or timezone.now()
    number = event.round + 1
    entries = {e.pk: e for e in event.entries.select_related("user")}
    active = [e for e in entries.values() if not e.dropped]
    made = Round.objects.create(
        tournament=event, number=number, started=now, deadline=now + timedelta(hours=event.round_hours)
    )
    boards = []
    for index, pair in enumerate(_pairs(event, number, active)):
        if pair is None:
            continue
        first, second = entries[pair[0]], entries[pair[1]] if pair[1] is not None else None
        board = Board(round=made, index=index, first=first, second=second)
        if second is None:
            if first.dropped:
                continue  # a round robin's rest for a player who is out: no board
            board.result = BYE
        elif first.dropped or second.dropped:
            board.result = SECOND if first.dropped else FIRST
            if first.dropped and second.dropped:
                board.result = BOTH_LOST
        else:
            table = arrange_match(
                [first.user, second.user],
                [first.pick, second.pick],
                event.mode,
                rated=event.rated and not (first.bot or second.bot),  # bots are never rated
                move_seconds=event.move_seconds if event.turn_based else None,
                strikes_allowed=event.strikes_allowed if event.turn_based else None,
                bots=[first.bot, second.bot],
                host=event.organiser,
            )
            board.table, board.match = table, table.match
        boards.append(board)
    Board.objects.bulk_create(boards)
    event.round = number
    event.save(update_fields=["round"])
    return made


def _strike(entry: Entry, event: Tournament) -> None:
    """One more strike for ``entry`` (a match lost to a missed deadline);
    at the event's ``strikes_allowed`` it is out of the rounds to come."""
    entry.strikes += 1
    if entry.strikes >= event.strikes_allowed and not entry.dropped:
        entry.dropped = True
        entry.out_reason = f"Out after {entry.strikes} missed deadline{'s' if entry.strikes != 1 else ''}."
    entry.save(update_fields=["strikes", "dropped", "out_reason"])


def record(board: Board, result: str, missed: list[int]) -> None:
    """Decide ``board`` with ``result`` (Board.Result); ``missed``: the
    seats that lost it to a missed deadline (each gets a strike,
    :func:`_strike`). Then, after the commit, the tournament moves on
    (:func:`advance`)."""
    board.result, board.by_deadline = result, bool(missed)
    board.save(update_fields=["result", "by_deadline"])
    event = board.round.tournament
    for seat in missed:
        entry = board.first if seat == 0 else board.second
        if entry is not None:
            _strike(entry, event)
    transaction.on_commit(partial(advance_safely, event.pk))


def result_of(state: dict) -> str:
    """The Board.Result of a finished two-seat game (game.rules.outcome)."""
    end = rules.outcome(state)
    if end["draw"]:
        return DRAWN
    winners = set(end["winners"])
    if 0 in winners and 1 not in winners:
        return FIRST
    if 1 in winners and 0 not in winners:
        return SECOND
    return DRAWN if winners else BOTH_LOST


def on_match_finished(match_id: int, state: dict) -> None:
    """Record the result of the board match ``match_id`` was played for (none:
    nothing), inside the finish's transaction. A seat that lost by reaching
    its table's strikes (game.deadlines) lost to a missed deadline."""
    board = (
        Board.objects.select_related("round__tournament", "first", "second")
        .filter(match_id=match_id, result="")
        .first()
    )
    if board is None:
        return
    result = result_of(state)
    match = Match.objects.only("deadline_rule", "strikes_allowed").get(pk=match_id)
    missed = []
    if match.deadline_rule == Match.DeadlineRule.STRIKES and match.strikes_allowed:
        losers = {FIRST: [1], SECOND: [0], BOTH_LOST: [0, 1]}.get(result, [])
        struck = MatchPlayer.objects.filter(match_id=match_id, seat__in=losers, strikes__gte=match.strikes_allowed)
        missed = sorted(struck.values_list("seat", flat=True))
    record(board, result, missed)


def _round_over(event: Tournament, number: int) -> bool:
    """True when the event has no more rounds after ``number``: its set
    rounds are played, fewer than two players are still in, or (a bracket)
    at most one player goes on."""
    if number >= event.rounds:
        return True
    if event.entries.filter(dropped=False).count() < 2:
        return True
    return False


def advance(tournament_id: int, now: datetime | None = None) -> bool:
    """When every board of the running tournament's current round is
    decided: mark the round done and make the next one, or finish the
    tournament after its last. Rounds decided at once (all byes) are passed
    too. Returns True when something moved. Locks the tournament's row."""
    moved = False
    with transaction.atomic():
        event = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        while event is not None and event.status == Tournament.Status.RUNNING:
            current = Round.objects.filter(tournament=event, number=event.round).first()
            if current is None or current.boards.filter(result="").exists():
                break
            current.done = True
            current.save(update_fields=["done"])
            moved = True
            if _round_over(event, current.number):
                event.status = Tournament.Status.FINISHED
                event.save(update_fields=["status"])
                break
            next_round(event, now)
    return moved


def advance_safely(tournament_id: int) -> None:
    """:func:`advance` after a result's commit; a fault is logged (the
    deadline sweep, tournaments.tasks, tries again) and never reaches the
    action that finished the match."""
    try:
        advance(tournament_id)
    except Exception:
        log.exception("tournament %s: the next round failed", tournament_id)


def decide_overdue(now: datetime | None = None) -> int:
    """Decide every board still played in a round whose deadline passed by
    ``now``: the seat its game waits on loses it to a missed deadline (a
    strike); when it waits on both seats, or none, both lose. The match is
    conceded for the loser (seat 0 when both lost) through the engine and
    its viewers are told. Then the tournaments move on (:func:`advance`).
    Returns how many boards were decided. Source: docs/TOURNAMENTS.md
    "Deadlines and strikes"."""
    now = now or timezone.now()
    decided = 0
    due = Round.objects.filter(done=False, deadline__lte=now, tournament__status=Tournament.Status.RUNNING)
    for round_ in list(due.select_related("tournament")):
        for board_id in round_.boards.filter(result="").values_list("pk", flat=True):
            decided += _decide(board_id)
        advance_safely(round_.tournament_id)
    return decided


def _decide(board_id: int) -> int:
    """Decide the overdue board ``board_id`` (:func:`decide_overdue`);
    returns 1 when it did, 0 when it was decided meanwhile."""
    with transaction.atomic():
        board = (
            Board.objects.select_for_update(of=("self",))
            .select_related("round__tournament", "first", "second", "match")
            .filter(pk=board_id, result="")
            .first()
        )
        if board is None:
            return 0
        match = board.match
        playing = match is not None and match.status == Match.Status.PLAYING
        waiting = set(rules.waiting_on(current_state(match))) if playing else set()
        late = sorted(waiting) if len(waiting) == 1 else [0, 1]
        result = SECOND if late == [0] else FIRST if late == [1] else BOTH_LOST
        record(board, result, late)
        if playing:
            applied = deadlines.concede(match.pk, late[0])
            if applied.snapshot is not None:
                transaction.on_commit(partial(delivery.publish_from_thread, match.pk, applied.snapshot))
    return 1


def share(value: Fraction) -> str:
    """A tie-break or score as the pages show it: at most two decimals."""
    return f"{float(value):.2f}".rstrip("0").rstrip(".") if value else "0"
