"""What organisers and players do to a tournament (issue 33): create it,
sign up, drop, start it. Each operation runs in a transaction with the
tournament's row locked and raises TournamentError (a sentence; nothing
changed) when it is not allowed. The rounds themselves: tournaments.rounds.
docs/TOURNAMENTS.md states the rules."""

from datetime import datetime, timedelta
from functools import partial

from django.db import transaction
from django.utils import timezone

from codexsite.usertext import clipped, visible_text
from community.families import family_of
from community.models import Rating
from community.skill import START, shown
from game import deadlines, delivery, turnbased
from game.models import Match
from game.rules import tables
from game.rules.tables import C23
from game.standins import BOT_KINDS
from lobby.errors import LobbyError
from lobby.modes import MODES, get_mode
from lobby.setupchecks import picked_heroes
from tournaments import pairing, rounds
from tournaments.errors import TournamentError
from tournaments.models import Board, Entry, Tournament

# The modes a tournament plays: the two-seat ones without teams.
TOURNAMENT_MODES = ("1hero", "3hero", tables.ARCANE, tables.C23)
NAME_MIN, NAME_MAX = 3, 60
MIN_PLAYERS, MAX_PLAYERS = 2, 128
MAX_SWISS_ROUNDS = 12
LIVE_ROUND_HOURS = (1, 2, 3, 4, 6, 12, 24)
TURN_BASED_ROUND_DAYS = (1, 2, 3, 5, 7, 10, 14, 21, 28)
MAX_SIGNUP_DAYS = 365
OPEN_PER_ORGANISER = 5  # events of one organiser not yet finished
BOTS_SHARE = 2  # at most 1/BOTS_SHARE of an event's places go to bots


def _checked_pace(turn_based: bool, move_seconds: int | None, round_hours: int, strikes: int) -> None:
    """Raise TournamentError unless the pace is one the form offers: live
    rounds of LIVE_ROUND_HOURS, or turn-based ones of TURN_BASED_ROUND_DAYS
    with a time per move of game.turnbased.MOVE_CHOICES no longer than the round."""
    if not turnbased.MIN_STRIKES <= strikes <= turnbased.MAX_STRIKES:
        raise TournamentError(
            "bad_strikes",
            f"A player is out after {turnbased.MIN_STRIKES} to {turnbased.MAX_STRIKES} missed deadlines.",
        )
    if not turn_based:
        if move_seconds is not None:
            raise TournamentError("bad_pace", "A live tournament has no time per move: choose turn-based for that.")
        if round_hours not in LIVE_ROUND_HOURS:
            raise TournamentError(
                "bad_round_time", f"A live round lasts {', '.join(map(str, LIVE_ROUND_HOURS))} hours."
            )
        return
    if move_seconds not in turnbased.MOVE_CHOICES:
        raise TournamentError(
            "bad_pace", "A turn-based tournament gives 1 hour, 8 hours, or 1, 2, 3, 7 or 14 days a move."
        )
    if round_hours % 24 or round_hours // 24 not in TURN_BASED_ROUND_DAYS:
        raise TournamentError(
            "bad_round_time", f"A turn-based round lasts {', '.join(map(str, TURN_BASED_ROUND_DAYS))} days."
        )
    if move_seconds > round_hours * 3600:
        raise TournamentError("bad_round_time", "A round must last at least as long as the time for one move.")


def create_tournament(
    organiser,
    name: str,
    mode: str,
    format: str,
    max_players: int,
    signup_closes: datetime,
    rounds_wanted: int = 0,
    turn_based: bool = False,
    move_seconds: int | None = None,
    round_hours: int = 2,
    strikes_allowed: int = 3,
    rated: bool = False,
    now: datetime | None = None,
) -> Tournament:
    """Open a tournament for sign-up. Takes the organiser, its ``name``
    (3 to 60 visible characters), ``mode`` (one of TOURNAMENT_MODES),
    ``format`` (Tournament.Format), ``max_players`` (2 to 128),
    ``signup_closes`` (an aware time in the future, within a year),
    ``rounds_wanted`` (Swiss only: 1 to 12), the pace (``turn_based``,
    ``move_seconds``, ``round_hours``: :func:`_checked_pace`),
    ``strikes_allowed`` (1 to 5) and ``rated``. Returns the Tournament.
    Raises TournamentError ``bad_name``, ``bad_mode``, ``bad_format``,
    ``bad_rounds``, ``bad_size``, ``bad_date``, ``bad_pace``,
    ``bad_round_time``, ``bad_strikes``, ``too_many_events`` (409)."""
    now = now or timezone.now()
    name = visible_text(name or "")
    if not NAME_MIN <= len(name) <= NAME_MAX:
        raise TournamentError("bad_name", f"A tournament's name is {NAME_MIN} to {NAME_MAX} characters long.")
    if mode not in TOURNAMENT_MODES:
        labels = "; ".join(MODES[m].label for m in TOURNAMENT_MODES)
        raise TournamentError("bad_mode", f"A tournament plays two players a match: choose {labels}.")
    if format not in Tournament.Format.values:
        raise TournamentError("bad_format", "Choose Swiss, round robin or single elimination.")
    if format == Tournament.Format.SWISS:
        if not 1 <= rounds_wanted <= MAX_SWISS_ROUNDS:
            raise TournamentError("bad_rounds", f"A Swiss tournament plays 1 to {MAX_SWISS_ROUNDS} rounds.")
    else:
        rounds_wanted = 0  # set by the number of players at the start
    if not MIN_PLAYERS <= max_players <= MAX_PLAYERS:
        raise TournamentError("bad_size", f"A tournament takes {MIN_PLAYERS} to {MAX_PLAYERS} players.")
    if format == Tournament.Format.SWISS and max_players < rounds_wanted + 1:
        raise TournamentError(
            "bad_size", f"A Swiss of {rounds_wanted} rounds needs room for {rounds_wanted + 1} players at least."
        )
    if signup_closes is None or signup_closes <= now:
        raise TournamentError("bad_date", "The sign-up must close in the future, not in the past.")
    if signup_closes > now + timedelta(days=MAX_SIGNUP_DAYS):
        raise TournamentError("bad_date", "The sign-up must close within a year.")
    _checked_pace(turn_based, move_seconds, round_hours, strikes_allowed)
    with transaction.atomic():
        busy = Tournament.objects.filter(organiser=organiser).exclude(status=Tournament.Status.FINISHED)
        if busy.count() >= OPEN_PER_ORGANISER:
            raise TournamentError(
                "too_many_events", f"You already run {OPEN_PER_ORGANISER} tournaments: finish one first.", 409
            )
        return Tournament.objects.create(
            name=name,
            organiser=organiser,
            game=get_mode(mode).game,
            mode=mode,
            format=format,
            rounds=rounds_wanted,
            turn_based=turn_based,
            move_seconds=move_seconds if turn_based else None,
            round_hours=round_hours,
            strikes_allowed=strikes_allowed,
            rated=bool(rated),
            max_players=max_players,
            signup_closes=signup_closes,
        )


def _locked(tournament_id: int) -> Tournament:
    """The tournament ``tournament_id``, its row locked. Raises
    TournamentError ``no_tournament`` (404)."""
    found = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if found is None:
        raise TournamentError("no_tournament", "That tournament does not exist.", 404)
    return found


def checked_pick(mode: str, pick: list) -> list:
    """A player's pick for ``mode`` as stored (Entry.pick): Codex, the
    mode's number of different heroes (main first) or ``[]`` (drawn for
    each match); C-23, ``[colour]`` of a starter or ``[]``; Arcane, ``[]``.
    Raises TournamentError ``bad_pick`` with the sentence."""
    spec = get_mode(mode)
    pick = [p for p in pick if p]
    if not pick:
        return []
    if spec.game == C23:
        if len(pick) != 1 or pick[0] not in tables.starter_decks():
            raise TournamentError("bad_pick", f"Bring a starter deck: {', '.join(tables.starter_decks())}.")
        return pick
    if not spec.heroes_per_seat:
        raise TournamentError("bad_pick", f"{spec.label} is played without heroes.")
    try:
        return picked_heroes(spec, [], pick, None)
    except LobbyError as err:
        raise TournamentError("bad_pick", err.message) from None


def _refuse_unless_room(event: Tournament, now: datetime) -> None:
    """Raise TournamentError unless ``event`` takes one more entry at
    ``now``: ``started`` (409), ``signup_closed`` (409), ``full`` (409)."""
    if event.status != Tournament.Status.SIGNUP:
        raise TournamentError("started", "This tournament has started: its sign-up is closed.", 409)
    if now >= event.signup_closes:
        raise TournamentError("signup_closed", "The sign-up of this tournament has closed.", 409)
    if event.entries.count() >= event.max_players:
        raise TournamentError("full", f"This tournament is full: {event.max_players} players have signed up.", 409)


def sign_up(tournament_id: int, user, pick: list | None = None, now: datetime | None = None) -> Entry:
    """Enter ``user`` in the tournament with ``pick`` (:func:`checked_pick`).
    Returns the Entry. Raises TournamentError ``no_tournament`` (404),
    ``started`` (409), ``signup_closed`` (409), ``already_in`` (409),
    ``full`` (409), ``bad_pick``."""
    now = now or timezone.now()
    with transaction.atomic():
        event = _locked(tournament_id)
        _refuse_unless_room(event, now)
        if event.entries.filter(user=user).exists():
            raise TournamentError("already_in", "You are already signed up for this tournament.", 409)
        chosen = checked_pick(event.mode, list(pick or []))
        return Entry.objects.create(tournament=event, user=user, pick=chosen, joined=now)


def _organisers(tournament_id: int, user) -> Tournament:
    """Inside a transaction: the tournament ``tournament_id``, locked, when
    ``user`` organises it. Raises TournamentError ``no_tournament`` (404),
    ``not_organiser`` (403)."""
    event = _locked(tournament_id)
    if event.organiser_id != user.pk:
        raise TournamentError("not_organiser", "Only the organiser adds or removes bots.", 403)
    return event


def add_bot(tournament_id: int, user, kind: str, now: datetime | None = None) -> Entry:
    """The organiser ``user`` enters a table bot of ``kind`` (a
    game.standins.BOT_KINDS key) while the sign-up is open; its heroes or
    deck are drawn for each match, and its boards are never rated (a board
    of two people of a rated event is). At most 1/BOTS_SHARE of the
    event's places go to bots. Returns the Entry. Raises TournamentError
    ``bad_bot``, ``no_tournament`` (404), ``not_organiser`` (403),
    ``started`` (409), ``signup_closed`` (409), ``full`` (409),
    ``too_many_bots`` (409). Source: docs/TOURNAMENTS.md "Bots"."""
    now = now or timezone.now()
    if kind not in BOT_KINDS:
        raise TournamentError(
            "bad_bot", f"There is no bot called {clipped(kind)!r}: choose one of {', '.join(BOT_KINDS)}."
        )
    with transaction.atomic():
        event = _organisers(tournament_id, user)
        _refuse_unless_room(event, now)
        most = event.max_players // BOTS_SHARE
        if event.entries.filter(user__isnull=True).count() >= most:
            raise TournamentError(
                "too_many_bots", f"At most {most} of this tournament's {event.max_players} places go to bots.", 409
            )
        return Entry.objects.create(tournament=event, user=None, bot=kind, joined=now)


def remove_bot(tournament_id: int, user, entry_id: int) -> None:
    """The organiser ``user`` takes the bot entry ``entry_id`` out before
    the start (as a player withdraws). Raises TournamentError
    ``no_tournament`` (404), ``not_organiser`` (403), ``started`` (409),
    ``no_bot`` (404)."""
    with transaction.atomic():
        event = _organisers(tournament_id, user)
        if event.status != Tournament.Status.SIGNUP:
            raise TournamentError("started", "This tournament has started: its players are set.", 409)
        removed, _ = event.entries.filter(pk=entry_id, user__isnull=True).delete()
        if not removed:
            raise TournamentError("no_bot", "That bot is not in this tournament.", 404)


def drop(tournament_id: int, user) -> None:
    """``user`` leaves the tournament: before the start the entry is
    withdrawn; while it runs the player is out of the rounds to come and a
    match of theirs still in play is conceded for them (the opponent wins;
    its viewers are told after the commit). Raises TournamentError
    ``no_tournament`` (404), ``not_in`` (409), ``finished`` (409),
    ``already_out`` (409)."""
    with transaction.atomic():
        event = _locked(tournament_id)
        entry = event.entries.filter(user=user).first()
        if entry is None:
            raise TournamentError("not_in", "You are not signed up for this tournament.", 409)
        if event.status == Tournament.Status.FINISHED:
            raise TournamentError("finished", "This tournament is over: there is nothing to drop out of.", 409)
        if event.status == Tournament.Status.SIGNUP:
            entry.delete()
            return
        if entry.dropped:
            raise TournamentError("already_out", "You are already out of this tournament.", 409)
        entry.dropped, entry.out_reason = True, "Dropped out."
        entry.save(update_fields=["dropped", "out_reason"])
        for board in Board.objects.filter(round__tournament=event, result="", match__status=Match.Status.PLAYING):
            if entry.pk in (board.first_id, board.second_id):
                seat = 0 if board.first_id == entry.pk else 1
                applied = deadlines.concede(board.match_id, seat)
                if applied.snapshot is not None:
                    transaction.on_commit(partial(delivery.publish_from_thread, board.match_id, applied.snapshot))


def _seeded(event: Tournament) -> list[Entry]:
    """The entries of ``event`` by rating in its game and mode (the shown
    rating, community.skill.shown; a newcomer's start), then sign-up order:
    the seeds of the event."""
    family = family_of({"game": event.game, "mode": event.mode})
    entries = list(event.entries.order_by("joined", "id"))
    rating = dict(
        (r.user_id, shown(r.mu, r.sigma))
        for r in Rating.objects.filter(family=family, user_id__in=[e.user_id for e in entries])
    )
    start = shown(*START)
    order = {e.pk: i for i, e in enumerate(entries)}
    return sorted(entries, key=lambda e: (-rating.get(e.user_id, start), order[e.pk]))


def start(tournament_id: int, user, now: datetime | None = None) -> Tournament:
    """The organiser starts the tournament (closing its sign-up): seeds the
    entries (:func:`_seeded`), sets the rounds (round robin: everyone meets
    everyone; elimination: the bracket's) and makes round 1
    (tournaments.rounds.next_round). Returns the Tournament. Raises
    TournamentError ``no_tournament`` (404), ``not_organiser`` (403),
    ``started`` (409), ``too_few`` (409), ``too_many_bots`` (409: fewer
    people than bots), ``no_tables`` (409: the lobby refused a table of
    round 1; nothing changed)."""
    with transaction.atomic():
        event = _locked(tournament_id)
        if event.organiser_id != user.pk:
            raise TournamentError("not_organiser", "Only the organiser starts the tournament.", 403)
        if event.status != Tournament.Status.SIGNUP:
            raise TournamentError("started", "This tournament has already started.", 409)
        entries = _seeded(event)
        need = event.rounds + 1 if event.format == Tournament.Format.SWISS else MIN_PLAYERS
        if len(entries) < need:
            raise TournamentError(
                "too_few", f"{len(entries)} signed up: this tournament needs {need} players to start.", 409
            )
        bots = sum(1 for e in entries if e.user_id is None)
        if bots > len(entries) - bots:
            raise TournamentError(
                "too_many_bots", f"{bots} of the {len(entries)} players are bots, more than half: remove a bot.", 409
            )
        for i, entry in enumerate(entries):
            entry.seed = i + 1
        Entry.objects.bulk_update(entries, ["seed"])
        if event.format == Tournament.Format.ROUND_ROBIN:
            event.rounds = pairing.round_robin_rounds(len(entries))
        elif event.format == Tournament.Format.ELIMINATION:
            event.rounds = pairing.bracket_size(len(entries)).bit_length() - 1
        event.status = Tournament.Status.RUNNING
        event.save(update_fields=["rounds", "status"])
        try:
            rounds.next_round(event, now)
        except LobbyError as err:
            raise TournamentError("no_tables", f"Round 1 could not be set up: {err.message}", 409) from None
    return event
