"""Accounts, tables and seats."""

import re
import secrets

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models, transaction
from django.dispatch import Signal
from django.utils import timezone

from lobby.names import name_keys

# Sent (sender User, argument ``user``) once a changed password of an existing
# account is committed, wherever it was changed (the password page, the
# admin, ``manage.py changepassword``): the match server closes that
# account's sockets (game.signals; issue 27, point 5).
password_changed = Signal()


class User(AbstractUser):
    """A player account (Django auth) with a display name shown at the table.

    ``name_key`` and ``shape_key`` are the keys of the name it shows
    (``lobby.names.name_keys`` of ``public_name``), kept on every save that
    changes the name; each is unique, so no two accounts show look-alike
    names (issue 11). Empty for an account whose name clashed when the keys
    were introduced (migration 0003). ``last_seen``: its last request to
    the site, kept to about a minute (lobby.seen); None before the first.
    """

    display_name = models.CharField(max_length=40, blank=True)
    # The account's last sign of life on the site (lobby.seen), to the minute:
    # a table whose host is not seen for a while stops offering seats (issue 27).
    last_seen = models.DateTimeField(null=True, blank=True, editable=False)
    name_key = models.TextField(blank=True, default="", editable=False)
    shape_key = models.TextField(blank=True, default="", editable=False)

    class Meta(AbstractUser.Meta):
        constraints = [
            # Checked with a sentence in lobby.names; these catch two signups at once.
            models.UniqueConstraint(fields=["name_key"], condition=~models.Q(name_key=""), name="user_name_key_unique"),
            models.UniqueConstraint(
                fields=["shape_key"], condition=~models.Q(shape_key=""), name="user_shape_key_unique"
            ),
        ]

    def save(self, *args, **kwargs):
        """Save, with the name keys of the shown name when it may have changed
        (a full save, or ``update_fields`` naming the display name or username)."""
        fields = kwargs.get("update_fields")
        if fields is None or {"display_name", "username"} & set(fields):
            self.name_key, self.shape_key = name_keys(self.public_name)
            if fields is not None:
                kwargs["update_fields"] = {*fields, "name_key", "shape_key"}
        new_password = getattr(self, "_password_set", False) and not self._state.adding
        super().save(*args, **kwargs)
        self._password_set = False
        if new_password:
            transaction.on_commit(lambda: password_changed.send(sender=User, user=self))

    def set_password(self, raw_password):
        """Set the password (Django's); the next save tells ``password_changed``
        once it is committed (a new account's first password tells nothing)."""
        super().set_password(raw_password)
        self._password_set = True

    @property
    def public_name(self) -> str:
        """The name other players see: the display name, else the username."""
        return self.display_name or self.username


def new_invite_token() -> str:
    """Return a fresh unguessable invite token (URL-safe text)."""
    return secrets.token_urlsafe(16)


# The characters of secrets.token_urlsafe, and a bound on the length: text of
# any other shape is no invite token (the invite route's pattern, too).
INVITE_TOKEN_PATTERN = r"[A-Za-z0-9_-]{1,64}"


def is_invite_token(text) -> bool:
    """True when ``text`` has the shape of an invite token (any str or None may come in).

    Text of another shape is never looked up nor compared: PostgreSQL
    refuses a NUL in a query, ``secrets.compare_digest`` letters beyond
    ASCII (issue 11).
    """
    return isinstance(text, str) and re.fullmatch(INVITE_TOKEN_PATTERN, text) is not None


class Table(models.Model):
    """A lobby table: a mode, seats to fill, and (once started) its match.

    Public tables are listed in the lobby; private ones are reached through
    their invite link. ``removed``: the players the host removed, who may not
    sit there again. ``rematch_of``: for a rematch (private), the table of
    the finished match it plays again; that match's players see it and may
    sit there without the link. Spectators may watch the match when ``allow_spectators``
    is set and the table is public, or they hold the invite token.
    ``turn_seconds``: the turn timer of its match (None: off; game.turnclock);
    at a ``turn_based`` table (issue 32; game.turnbased) the time per move,
    with ``deadline_rule`` ("stand_in" or "strikes") and ``strikes_allowed``.
    ``map``: the map card its match plays on ("" none, "random" or a map id;
    Deluxe rulebook "Map Cards"), ``map_drawn`` the one it got at the start.
    ``game``: the game it plays (a key of lobby.modes.GAMES: "codex", "arcane"; issue 17) and
    ``options``: that game's table options as the host chose them (``{}`` for Codex; the engine
    checks them, game.rules.new_game).
    ``rated``: its match moves the players' ratings (community.ratings; issue 33),
    chosen at creation; casual (False) by default.
    ``webhook_url``: a turn-based table's chat webhook ("" none; issue 32),
    set by its host at creation: every turn notice of its match goes there
    too (notices.outbox). Never shown back (a chat webhook's address is
    its key).
    """

    class Status(models.TextChoices):
        OPEN = "open"
        STARTED = "started"

    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="hosted_tables")
    mode = models.CharField(max_length=16)
    is_public = models.BooleanField(default=True)
    allow_spectators = models.BooleanField(default=True)
    invite_token = models.CharField(max_length=32, unique=True, default=new_invite_token)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    match = models.OneToOneField("game.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="table")
    created = models.DateTimeField(default=timezone.now)
    updated = models.DateTimeField(default=timezone.now)
    # Players the host removed before the start: they may not sit here again (issue 11).
    removed = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="removed_from")
    # A rematch: the table whose finished match this one plays again (one rematch a table, issue 14).
    rematch_of = models.OneToOneField("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch")
    turn_seconds = models.PositiveIntegerField(null=True, blank=True)
    turn_based = models.BooleanField(default=False)
    deadline_rule = models.CharField(max_length=10, blank=True, default="")
    strikes_allowed = models.PositiveSmallIntegerField(default=0)
    # The map card (game/codex/maps.py): "" none, "random" (drawn when the
    # match starts), or a map id; ``map_drawn``: the map its match plays on.
    map = models.CharField(max_length=32, blank=True, default="")
    map_drawn = models.CharField(max_length=32, blank=True, default="")
    game = models.CharField(max_length=16, default="codex")
    options = models.JSONField(default=dict, blank=True)
    # Rated or casual (issue 33): a rated table's finished match moves its players' ratings.
    rated = models.BooleanField(default=False)
    webhook_url = models.URLField(max_length=500, blank=True, default="")

    class Meta:
        ordering = ["-updated"]

    def invite_matches(self, given) -> bool:
        """True when ``given`` (any text, or None) is this table's invite token,
        compared in constant time; False for text not shaped like a token."""
        return is_invite_token(given) and secrets.compare_digest(given, self.invite_token)

    def touch(self) -> None:
        """Mark activity now (idle open tables are hidden and then deleted)."""
        self.updated = timezone.now()
        self.save(update_fields=["updated"])


class Seat(models.Model):
    """One seat of a table: its index, optional team, player, heroes and ready flag.

    ``bot``: the kind of table bot the host put in the seat (a key of
    game.standins.BOT_KINDS; its ``user`` is then None and it is always
    ready), empty for a person's seat or an empty one (issue 14 point 9).
    ``deck``: at a C-23 table, the deck its player brings (issue 18):
    ``{"choice": a starter's colour or a saved deck's id as text, "name": the
    name shown, "cards": [card names]}``, the cards as they were when picked
    (lobby.services; decks.services.deck_for_seat); ``{}`` before a pick and
    in every other game.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    team = models.PositiveSmallIntegerField(null=True, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    heroes = models.JSONField(default=list, blank=True)
    ready = models.BooleanField(default=False)
    bot = models.CharField(max_length=16, blank=True, default="")
    deck = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="seat_unique_index"),
            models.UniqueConstraint(
                fields=["table", "user"], condition=models.Q(user__isnull=False), name="seat_one_per_user"
            ),
        ]
