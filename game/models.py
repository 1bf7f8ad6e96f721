"""Matches: the match row (version, status and a snapshot of the state), its
players and the append-only action log, which with the snapshot is the truth."""

from django.conf import settings
from django.db import models
from django.utils import timezone


class Match(models.Model):
    """One game. ``version`` counts applied actions and is what every live
    update carries. ``state`` is a snapshot of the engine's full (secret)
    state at version ``state_version`` (<= ``version``), written every
    CODEX_SNAPSHOT_EVERY versions and when the game ends; the state at
    ``version`` is that snapshot with the logged actions after it applied
    (game.statereads.current_state: never read ``state`` as the current one).

    ``result`` is ``{"winner": seat|None, "reason": str|None}`` once ``status`` is finished.

    The turn timer (game.turnclock; issue 14 point 14): ``turn_seconds`` is
    the time a player has (None: no timer); ``clock`` is ``{"key": "turn:phase",
    "seats": [...]}``, the turn, phase and seats the game waited on after
    the last action, and ``clock_since`` when their clock started.

    A turn-based table's match (game.turnbased; issue 32) sets
    ``turn_based``: ``turn_seconds`` is then the time per move (1 hour to
    14 days), ``deadline_rule`` what a missed deadline does ("stand_in" or
    "strikes"), ``strikes_allowed`` the missed deadlines that lose the
    match under "strikes", and ``deadline`` the earliest deadline of the
    seats the game waits on (None: none), which the deadline tasks and the
    sweep read.
    """

    class DeadlineRule(models.TextChoices):
        STAND_IN = "stand_in"
        STRIKES = "strikes"

    class Status(models.TextChoices):
        PLAYING = "playing"
        FINISHED = "finished"

    config = models.JSONField()
    state = models.JSONField()
    state_version = models.PositiveIntegerField(default=0)
    version = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    result = models.JSONField(null=True, blank=True)
    created = models.DateTimeField(default=timezone.now)
    updated = models.DateTimeField(default=timezone.now)
    turn_seconds = models.PositiveIntegerField(null=True, blank=True)
    clock = models.JSONField(default=dict, blank=True)
    clock_since = models.DateTimeField(null=True, blank=True)
    turn_based = models.BooleanField(default=False)
    deadline_rule = models.CharField(max_length=10, choices=DeadlineRule.choices, blank=True, default="")
    strikes_allowed = models.PositiveSmallIntegerField(default=0)
    deadline = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]
        indexes = [
            models.Index(fields=["deadline"], name="match_deadline", condition=models.Q(deadline__isnull=False)),
        ]


class MatchPlayer(models.Model):
    """Which user plays which seat of a match (the only one who may act for it).

    Presence (game.standins): the seat's open sockets are its LiveSocket
    rows; ``seen_at`` is the last sign of life (connect, any frame, or
    disconnect); ``stand_in`` is set while a bot plays the seat for an away
    player, until the player comes back.

    A table bot's seat (the host put a bot there, issue 14 point 9) has no
    ``user`` and names its kind in ``bot`` (a key of game.standins.BOT_KINDS);
    a person's seat has a user and an empty ``bot``. ``timed_out``: the
    stand-in plays because the player ran out of time (game.turnclock), not
    because they left; it stops when the clock starts again.
    ``stand_in_moves``: how many of the seat's moves a stand-in made
    (game.standins.play_next counts them; a match with a stand-in for more
    than a set share of a seat's moves is not rated, issue 33).

    In a turn-based match (game.turnbased): ``deadline`` is the seat's
    deadline while the game waits on it (its player's vacation days
    added), else None; ``strikes`` the deadlines it missed.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="players")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="match_seats"
    )
    bot = models.CharField(max_length=16, blank=True, default="")
    seen_at = models.DateTimeField(default=timezone.now)
    stand_in = models.BooleanField(default=False)
    timed_out = models.BooleanField(default=False)
    stand_in_moves = models.PositiveIntegerField(default=0)
    deadline = models.DateTimeField(null=True, blank=True)
    strikes = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="matchplayer_unique_seat"),
            models.UniqueConstraint(fields=["match", "user"], name="matchplayer_one_seat_per_user"),
        ]


class MatchAction(models.Model):
    """An applied action. Append-only: ``seq`` equals the match version it produced.

    ``nonce`` is the client's idempotency key for the action (docs/PROTOCOL.md,
    "Versions and simultaneous actions"): a seat's action carrying a nonce
    that seat already used is answered with the first one's version and is
    not applied again.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    action = models.JSONField()
    nonce = models.CharField(max_length=64, null=True, blank=True)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="matchaction_unique_seq"),
            models.UniqueConstraint(
                fields=["match", "seat", "nonce"],
                condition=models.Q(nonce__isnull=False),
                name="matchaction_unique_nonce",
            ),
        ]


class ChatLine(models.Model):
    """A chat line said in a match (kept so a reloaded page gets the recent
    conversation back). ``seat`` is None for a spectator; ``name`` is the
    sender's public name when they said it."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chat_lines")
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    name = models.CharField(max_length=40)
    text = models.TextField()
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["id"]


class LiveSocket(models.Model):
    """One open match websocket, alive while its worker refreshes it
    (game.livesockets): ``channel`` is its channel-layer name, ``seat`` the
    seat it plays (None for a spectator), ``alive_at`` the last time its
    worker vouched for it. A row not refreshed for CODEX_WS_LIVE_SECONDS is
    a connection that is gone, however it went (issue 11, findings 4 and 6).
    """

    channel = models.CharField(max_length=200, unique=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    alive_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [
            models.Index(fields=["user", "alive_at"], name="livesocket_user"),
            models.Index(fields=["match", "seat", "alive_at"], name="livesocket_seat"),
            models.Index(fields=["alive_at"], name="livesocket_alive"),
        ]


class ReplayStep(models.Model):
    """One step of a finished match's replay as one viewer sees it (game.replays):
    built once from the action log and kept, since a finished match never
    changes (issue 27 point 7: rebuilding cost a core for seconds).

    ``viewer``: the seat whose view it is, -1 for the spectators' view;
    ``engine``: the digest of the engine code that built it (a changed
    engine builds the replay again); ``at``: the step (0: the start, k:
    after the k-th action); ``seat`` / ``action``: the step's actor and
    action, redacted for the viewer; ``turn``, ``phase`` and ``view``: the
    engine's view for the viewer after it.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    viewer = models.SmallIntegerField()
    engine = models.CharField(max_length=16)
    at = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    action = models.JSONField(null=True, blank=True)
    turn = models.JSONField(null=True, blank=True)
    phase = models.JSONField(null=True, blank=True)
    view = models.JSONField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "viewer", "engine", "at"], name="replay_step_unique")]


class Vacation(models.Model):
    """Days off a player declared (game.turnbased; issue 32, docs/RULINGS.md
    "Server: turn-based deadlines"): from the start of ``first`` to the end
    of ``last`` (UTC days, both included) the clocks of their turn-based
    matches stand still."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations")
    first = models.DateField()
    last = models.DateField()

    class Meta:
        ordering = ["first"]
        indexes = [models.Index(fields=["user", "last"], name="vacation_user_last")]


class MatchVisit(models.Model):
    """What a user last saw of a match they play (game.turnbased.since_last_visit;
    issue 32 point 3): ``log_n``, the number of the last log line their view
    held then, and ``version``, the match's version then."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    log_n = models.PositiveIntegerField(default=0)
    version = models.PositiveIntegerField(default=0)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "match"], name="matchvisit_unique")]
