"""Away players and stand-in bots: a player who leaves does not stop the others.

Presence of a seat: its live sockets (game.livesockets: rows that die
unless their worker refreshes them, so no dead worker or killed consumer
leaves a seat looking connected; issue 11, finding 6) and ``seen_at``, the
last sign of life (connecting, and every frame a socket sends). A seat is
**away** when it has no live socket, or none has shown life for
``CODEX_AWAY_SECONDS`` (pings every 20 s keep a live one fresh, and a
background tab's timers slow to once a minute).

The table decides, or a timeout does (docs/RULINGS.md "Server: away players"):
any other seated player may let a bot play a seat away for
``CODEX_STAND_IN_ASK_SECONDS`` (not at once: a reload or a network blip must
not cost a player the seat), and a seat away for ``CODEX_STAND_IN_SECONDS``
gets one without asking. The bot (a "normal" search bot of the match's
game, STAND_IN; never conceding) plays whenever the game waits on that
seat (issue 30 point 5). The player takes the seat back simply by
connecting again.

Table bots (issue 14 point 9; docs/RULINGS.md "Server: bots at the table"):
a seat the host gave to a bot (``MatchPlayer.bot``, one of BOT_KINDS: the
host picks its level, issue 30 point 5) is played the same way, by the same
code (play_one, services.apply_seat_action). A search bot thinks at most
``CODEX_BOT_THINK_MS`` per move beside its level's iteration budget
(docs/RULINGS.md "Server: bots at the table"), so no bot stalls a turn;
that budget shrinks with each move the seat made before in a row this turn
(the run of game.tasks counts them: a level's ``shrink``, a thinking budget
per turn, not per move).

Bots play as background work (game.tasks), whether or not anyone has the
page open, but only while at least one seat is a person's own (no stand-in
plays it) or a seated person is connected (a turn clock ran out while they
watch): a match where every seat is a bot or a stand-in and nobody seated
is connected waits for a person to come back (issue 30 point 4; nobody
comes back to a game the bots played on alone). A match of table bots only
(a tournament's board of two bots, issue 33) has no person to wait for:
its bots play it out.
"""

from datetime import timedelta

from django.conf import settings
from django.db.models import Exists, F, OuterRef, Q
from django.utils import timezone

from game import livesockets, pacing, turnclock
from game.models import Match, MatchPlayer
from game.rules import LEVELS, make_bot
from game.services import ActionRefused, Applied, apply_seat_action
from game.statereads import MatchNotFound, load_snapshot

# The bots a host may seat at a table: kind (game.rules.make_bot's) -> the
# name it plays under, weakest first among the levels.
BOT_KINDS = {
    "random": "Random bot",
    "greedy": "Greedy bot",
    "easy": "Easy bot",
    "normal": "Normal bot",
    "hard": "Hard bot",
}

STAND_IN = "normal"  # the kind of bot that plays a person's seat while they are away (issue 30 point 5)


def bot_name(kind: str, index: int, several: bool) -> str:
    """The name a table bot of ``kind`` (a BOT_KINDS key) plays under at seat
    ``index``: "Greedy bot", or "Greedy bot 3" when the table has ``several``
    bots (names tell them apart in the log). Raises KeyError for an unknown kind."""
    label = BOT_KINDS[kind]
    return f"{label} {index + 1}" if several else label


def bot_seats(match_id: int) -> set:
    """The seats of match ``match_id`` that table bots play."""
    return set(MatchPlayer.objects.filter(match_id=match_id).exclude(bot="").values_list("seat", flat=True))


def bot_labels(match_id: int) -> dict:
    """``{seat: label}`` of the table bots of match ``match_id`` (e.g. ``{1: "Greedy bot"}``)."""
    rows = MatchPlayer.objects.filter(match_id=match_id).exclude(bot="").values_list("seat", "bot")
    return {seat: BOT_KINDS[kind] for seat, kind in rows if kind in BOT_KINDS}


def _seat(match_id: int, seat: int):
    return MatchPlayer.objects.filter(match_id=match_id, seat=seat)


def _players(match_id: int, but: str | None = None):
    """The match's MatchPlayers with ``live``: the seat has a live socket
    (other than the channel ``but``)."""
    sockets = livesockets.live().filter(match_id=OuterRef("match_id"), seat=OuterRef("seat"))
    if but is not None:
        sockets = sockets.exclude(channel=but)
    return MatchPlayer.objects.filter(match_id=match_id).annotate(live=Exists(sockets))


def connected(match_id: int, seat: int, channel: str) -> tuple:
    """A new socket ``channel`` of ``seat`` (already registered: game.livesockets)
    is a sign of life; the player takes the seat back from a stand-in bot.
    Returns ``(reclaimed, was_askable)``: a stand-in was stopped; the seat
    had been away long enough for the others to be offered a bot (so they
    should hear it is back)."""
    before = _players(match_id, but=channel).filter(seat=seat).first()
    was_askable = before is not None and _is_askable(before, timezone.now())
    reclaimed = _seat(match_id, seat).filter(stand_in=True).update(stand_in=False, timed_out=False)
    _seat(match_id, seat).update(seen_at=timezone.now())
    return bool(reclaimed), was_askable


def disconnected(match_id: int, seat: int | None, channel: str) -> None:
    """The socket ``channel`` closed: it is no longer live, and for a seat
    (None: a spectator) its closing is the last sign of life."""
    livesockets.forget(channel)
    if seat is not None:
        _seat(match_id, seat).update(seen_at=timezone.now())


SEEN_CHUNK = 150  # seats per statement (SQLite limits the parameters of one)


def seen_all(marks: list) -> None:
    """Record a sign of life now of every ``(match_id, seat)`` in ``marks``
    (frames of its connections: a worker notes them, at most every
    CODEX_WS_SEEN_EVERY seconds per connection, and writes them together:
    game.presence), one statement per SEEN_CHUNK seats."""
    now = timezone.now()
    for start in range(0, len(marks), SEEN_CHUNK):
        which = Q()
        for match_id, seat in marks[start : start + SEEN_CHUNK]:
            which |= Q(match_id=match_id, seat=seat)
        MatchPlayer.objects.filter(which).update(seen_at=now)


def _is_away(player: MatchPlayer, now) -> bool:
    """``player`` (from _players) has no live socket, or showed no life for
    CODEX_AWAY_SECONDS; a table bot is never away."""
    if player.bot:
        return False
    return not player.live or player.seen_at < now - timedelta(seconds=settings.CODEX_AWAY_SECONDS)


def presence(match_id: int) -> list:
    """Every seat's presence: ``[{"seat": int, "away": bool, "stand_in":
    bool, "askable": bool, "bot": str|None, "time_left": float|None}, ...]``
    in seat order; ``askable``: away long enough that another player may
    ask for a bot (request_stand_in); ``bot``: the table bot's kind
    (BOT_KINDS) playing the seat, None for a person's seat; ``time_left``:
    seconds left on the seat's turn clock while the game waits on it
    (game.turnclock; a turn-based match: till the seat's deadline,
    game.turnbased), else None (no timer, or not its turn); a turn-based
    match's seats are never askable (its deadlines decide)."""
    return presence_of([match_id]).get(match_id, [])


def presence_of(match_ids: list) -> dict:
    """``{match_id: presence(match_id)}`` for many matches in one statement,
    and one more for the clocks of those with a turn timer (a worker's
    heartbeat reads every match it serves: game.presence)."""
    now = timezone.now()
    sockets = livesockets.live().filter(match_id=OuterRef("match_id"), seat=OuterRef("seat"))
    players = MatchPlayer.objects.filter(match_id__in=match_ids).annotate(live=Exists(sockets))
    timed = Match.objects.filter(pk__in=match_ids, turn_seconds__isnull=False).only(
        "turn_seconds", "status", "clock", "clock_since", "turn_based"
    )
    clocks, turn_based = {}, set()
    for m in timed:
        if m.turn_based:
            turn_based.add(m.pk)
        else:
            clocks[m.pk] = turnclock.time_left(m, now)
    out = {}
    for p in players.order_by("match_id", "seat"):
        paced = p.match_id in turn_based  # its own deadlines (game.turnbased); no asking for a bot
        if paced:
            left = None if p.deadline is None else max(0.0, round((p.deadline - now).total_seconds(), 1))
        else:
            left = clocks.get(p.match_id, {}).get(p.seat)
        out.setdefault(p.match_id, []).append(
            {
                "seat": p.seat,
                "away": _is_away(p, now),
                "stand_in": p.stand_in,
                "askable": not paced and _is_askable(p, now),
                "bot": p.bot or None,
                "time_left": left,
            }
        )
    return out


def _is_askable(player: MatchPlayer, now) -> bool:
    """Away for CODEX_STAND_IN_ASK_SECONDS, and no bot yet: another player
    may ask for one (request_stand_in)."""
    return (
        _is_away(player, now)
        and not player.stand_in
        and player.seen_at <= now - timedelta(seconds=settings.CODEX_STAND_IN_ASK_SECONDS)
    )


def request_stand_in(match_id: int, requester: int, seat: int) -> None:
    """The seated player ``requester`` lets a bot play the away ``seat``.

    Raises ActionRefused (nothing changed): ``match_over``; ``bad_seat``
    (no such seat, or the requester's own); ``not_away`` (that player is
    here); ``not_away_long`` (gone less than CODEX_STAND_IN_ASK_SECONDS);
    ``already_standing_in``; ``turn_based`` (a turn-based match: its
    deadlines decide, game.deadlines).
    """
    match = Match.objects.filter(pk=match_id).only("status", "turn_based").first()
    if match is None or match.status != Match.Status.PLAYING:
        raise ActionRefused("match_over", "This match is over.")
    if match.turn_based:
        raise ActionRefused(
            "turn_based", "In a turn-based match each player has until their deadline: the table's rule decides then."
        )
    target = _players(match_id).filter(seat=seat).first()
    if target is None or seat == requester:
        raise ActionRefused("bad_seat", "Choose another player's seat.")
    if target.stand_in:
        raise ActionRefused("already_standing_in", "A bot already plays that seat.")
    now = timezone.now()
    if not _is_away(target, now):
        raise ActionRefused("not_away", "That player is still here.")
    if not _is_askable(target, now):
        raise ActionRefused("not_away_long", "That player left only a moment ago: give them a minute to come back.")
    _seat(match_id, seat).update(stand_in=True)


def expire_away_of(match_ids: list) -> set:
    """Give a stand-in bot to every person's seat of the matches
    ``match_ids`` in play that has shown no life for
    ``CODEX_STAND_IN_SECONDS``, or whose turn clock ran out
    (game.turnclock.expire); a worker does it for every match it serves at
    once (game.presence). Returns the ids of the matches where a bot was
    given. Not in a turn-based match: its players are away most of the
    time, and its deadlines decide (game.deadlines)."""
    given = {match_id for match_id in turnclock.timed(match_ids) if turnclock.expire(match_id)}
    cutoff = timezone.now() - timedelta(seconds=settings.CODEX_STAND_IN_SECONDS)
    due = MatchPlayer.objects.filter(
        match_id__in=match_ids,
        match__status=Match.Status.PLAYING,
        match__turn_based=False,
        bot="",
        stand_in=False,
        seen_at__lt=cutoff,
    )
    away = set(due.values_list("match_id", flat=True))
    if away:
        due.filter(match_id__in=away).update(stand_in=True)
    return given | away


CHOICE_TRIES = 3  # times play_one chooses again when the state moved on under the bot


def _bots_play(match_id: int, players: list) -> bool:
    """True when bots may play in match ``match_id`` of ``players``
    (``{"seat", "bot", "stand_in", "match__turn_based"}`` each): at least
    one seat is a person's own, not a bot's nor stood in for, or a person
    seated in the match has a live socket (whose turn clock ran out while
    they watch: the stand-in plays their turn in front of them), or the
    match is turn-based (a stand-in there plays only a seat whose deadline
    passed, page or not), or every seat is a table bot's (a tournament's
    board of two bots, issue 33: no person is there to come back)."""
    if any(p["match__turn_based"] or (not p["bot"] and not p["stand_in"]) for p in players):
        return True
    if all(p["bot"] for p in players):
        return True
    return livesockets.live().filter(match_id=match_id, seat__isnull=False).exists()


def bot_for(kind: str, version: int, move: int = 0):
    """The bot of ``kind`` (a BOT_KINDS key) that moves at ``version``
    (game.rules.make_bot), seeded with the version, as the ``move``-th
    move of its seat's turn (from 0): a search level keeps its level's
    iteration budget for the game it meets (game.rules.LEVELS, with its
    per_game levels), shrunk by the moves it made before this turn
    (``Level.shrink``), and thinks at most
    CODEX_BOT_THINK_MS of wall time besides (issue 30: a "hard" bot decides
    within about a second), so a move chosen twice at one version is the
    same move unless the clock cut one search short. Raises KeyError for
    an unknown kind."""
    if kind not in BOT_KINDS:
        raise KeyError(kind)
    if kind not in LEVELS:
        return make_bot(kind, seed=version)
    return make_bot(kind, seed=version, think_ms=settings.CODEX_BOT_THINK_MS, move=move)


def _bot_of(player: dict, state: dict, version: int, streak: tuple | None):
    """The bot (bot_for) of ``player`` (a MatchPlayer's values) at
    ``version`` (``state``), that many moves into its side's turn as
    ``streak`` says (game.pacing.moves_before)."""
    move = pacing.moves_before(streak, state, player["seat"])
    return bot_for(player["bot"] or STAND_IN, version, move)


def played_seats(match_id: int) -> set[int]:
    """The seats of match ``match_id`` that a table bot or a stand-in
    plays (bot_seats: the table bots' only)."""
    seats = MatchPlayer.objects.filter(Q(bot__gt="") | Q(stand_in=True), match_id=match_id)
    return set(seats.values_list("seat", flat=True))


def play_one(match_id: int) -> Applied | None:
    """Play one move for the first stand-in or table-bot seat the game waits
    on: play_next's move, without its seat."""
    done = play_next(match_id)
    return None if done is None else done[1]


def play_next(match_id: int, streak: tuple | None = None, hold=None) -> tuple[int, Applied] | None:
    """Play one move for the first stand-in or table-bot seat the game waits on.

    ``streak``: the run of moves so far (game.pacing.streak_after: its
    turn and side, and how many moves it has; game.tasks counts them); a
    seat of that side moving in that turn is that many moves into its
    side's turn (bot_for's ``move``: a Two-Headed Dragon teammate goes on
    from its partner's count), any other seat at its turn's first.
    ``hold``: called with no arguments between a move's choice and its
    application (game.tasks waits there for the rest of the move's pause).

    The bot chooses from the current state; the move is applied only while
    the match is still at that version (services.apply_seat_action), so two
    workers choosing at the same version apply one move, and it carries no
    nonce. When the state moved on under the bot (another worker's move, a
    player's action) it chooses again, up to CHOICE_TRIES times. A stand-in's
    applied move counts on its seat (``MatchPlayer.stand_in_moves``, after the
    move's commit: the rating of a match its move finished adds that move,
    community.ratings). Bots play
    only while a seat is a person's own, connected or not, or a seated
    person is connected (_bots_play).
    Returns ``(seat, Applied)``: the seat that moved and its move; or None
    when no bot has anything to do (or the state kept moving: the next
    trigger chooses again).
    """
    for _ in range(CHOICE_TRIES):
        try:
            match = load_snapshot(match_id)  # the current state (the row's is a snapshot)
        except MatchNotFound:
            return None
        if match.status != Match.Status.PLAYING:
            return None
        players = list(
            MatchPlayer.objects.filter(match_id=match_id).values("seat", "bot", "stand_in", "match__turn_based")
        )
        if not _bots_play(match_id, players):
            return None
        bots = [p for p in players if p["bot"] or p["stand_in"]]
        bots.sort(key=lambda p: not pacing.goes_on(streak, match.state, p["seat"]))  # the run's side first
        move = next(
            (
                (p["seat"], action)
                for p in bots
                if (action := _bot_of(p, match.state, match.version, streak).choose(match.state, p["seat"])) is not None
            ),
            None,
        )
        if move is None:
            return None
        if hold is not None:
            hold()
        try:
            applied = apply_seat_action(match_id, move[0], move[1], match.version)
        except ActionRefused:
            continue
        if any(p["seat"] == move[0] and p["stand_in"] and not p["bot"] for p in bots):
            _seat(match_id, move[0]).update(stand_in_moves=F("stand_in_moves") + 1)  # for the ratings (issue 33)
        return move[0], applied
    return None
