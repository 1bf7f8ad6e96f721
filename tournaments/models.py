"""The tournaments' rows (issue 33): an event, its entries, its rounds and
their boards. docs/TOURNAMENTS.md says how an event runs."""

from django.conf import settings
from django.db import models
from django.utils import timezone


class Tournament(models.Model):
    """An event an organiser runs: ``mode`` (a lobby mode of two seats:
    Codex 1-hero or 3-hero, Arcane, C-23; ``game`` follows it), ``format``
    (Swiss of ``rounds`` rounds, round robin, single elimination), pace
    (``turn_based``: turn-based tables with ``move_seconds`` a move, else
    live), ``round_hours`` (each round's deadline after its start),
    ``strikes_allowed`` (missed deadlines that put a player out), ``rated``,
    ``max_players`` and ``signup_closes``. ``status``: sign-up, running,
    finished; ``round`` the round in play (0 before the start)."""

    class Format(models.TextChoices):
        SWISS = "swiss", "Swiss"
        ROUND_ROBIN = "round_robin", "Round robin"
        ELIMINATION = "elimination", "Single elimination"

    class Status(models.TextChoices):
        SIGNUP = "signup", "Sign-up open"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    name = models.CharField(max_length=60)
    organiser = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="organised")
    game = models.CharField(max_length=16)
    mode = models.CharField(max_length=16)
    format = models.CharField(max_length=12, choices=Format.choices)
    rounds = models.PositiveSmallIntegerField(default=0)
    turn_based = models.BooleanField(default=False)
    move_seconds = models.PositiveIntegerField(null=True, blank=True)
    round_hours = models.PositiveIntegerField()
    strikes_allowed = models.PositiveSmallIntegerField(default=3)
    rated = models.BooleanField(default=False)
    max_players = models.PositiveSmallIntegerField()
    signup_closes = models.DateTimeField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.SIGNUP)
    round = models.PositiveSmallIntegerField(default=0)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created"]


class Entry(models.Model):
    """``user`` plays in ``tournament`` with ``pick`` (Codex: the hero ids,
    main first, ``[]``: drawn for each match; C-23: ``[colour]`` of a
    starter, ``[]`` drawn; Arcane: ``[]``); or, ``user`` None, a table bot
    of kind ``bot`` (a game.standins.BOT_KINDS key, the organiser's entrant;
    never rated). ``seed``: the order of the
    bracket and of ties (sign-up order, or by rating at the start);
    ``strikes``: matches lost to a missed deadline; ``dropped``: out of the
    rounds to come (``out_reason`` says why, in a sentence)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="tournament_entries"
    )
    bot = models.CharField(max_length=16, blank=True, default="")
    pick = models.JSONField(default=list, blank=True)
    seed = models.PositiveIntegerField(default=0)
    strikes = models.PositiveSmallIntegerField(default=0)
    dropped = models.BooleanField(default=False)
    out_reason = models.CharField(max_length=120, blank=True, default="")
    joined = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["seed", "joined", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user"], condition=models.Q(user__isnull=False), name="entry_once"
            ),
            models.CheckConstraint(
                condition=models.Q(user__isnull=True, bot__gt="") | models.Q(user__isnull=False, bot=""),
                name="entry_person_or_bot",
            ),
        ]


class Round(models.Model):
    """Round ``number`` (1 first) of ``tournament``: started at ``started``,
    decided at ``deadline`` if still unfinished; ``done`` once every board
    has its result."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    started = models.DateTimeField(default=timezone.now)
    deadline = models.DateTimeField()
    done = models.BooleanField(default=False)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="round_once")]
        indexes = [models.Index(fields=["done", "deadline"], name="round_due")]


class Board(models.Model):
    """One board of a round: ``first`` (seat 0) against ``second`` (seat 1;
    None: ``first`` has a bye), played at ``table`` (its match), in bracket
    order ``index``. ``result``: "" while played, else one of Result."""

    class Result(models.TextChoices):
        FIRST = "first", "first won"
        SECOND = "second", "second won"
        DRAW = "draw", "draw"
        BOTH_LOST = "both_lost", "both lost"
        BYE = "bye", "bye"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="boards")
    index = models.PositiveSmallIntegerField()
    first = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    table = models.OneToOneField(
        "lobby.Table", null=True, blank=True, on_delete=models.SET_NULL, related_name="tournament_board"
    )
    match = models.OneToOneField(
        "game.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="tournament_board"
    )
    result = models.CharField(max_length=10, choices=Result.choices, blank=True, default="")
    by_deadline = models.BooleanField(default=False)

    class Meta:
        ordering = ["index"]
        constraints = [models.UniqueConstraint(fields=["round", "index"], name="board_once")]
