"""The community's rows: ratings and their history, which matches were
rated, who follows whom, and invitations to a table by name (issue 33)."""

from django.conf import settings
from django.db import models
from django.utils import timezone


class Rating(models.Model):
    """One user's rating in one family of games and modes (community.families):
    openskill's ``mu`` (the skill it believes) and ``sigma`` (how unsure it is),
    ``games`` the rated matches played in it. Shown as ``mu - 3 sigma``
    (community.skill.shown; docs/RULINGS.md "Ratings")."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    family = models.CharField(max_length=16)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    updated = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "family"], name="rating_one_per_family")]
        indexes = [models.Index(fields=["family", "games"], name="rating_family_games")]


class RatedMatch(models.Model):
    """A finished match of a rated table, handled once (the receipt that makes
    handling a finish twice move nothing twice). ``rated``: whether it moved
    ratings; ``reason``: why not, in a sentence ("" when rated)."""

    match = models.OneToOneField("game.Match", on_delete=models.CASCADE, related_name="rating_receipt")
    family = models.CharField(max_length=16)
    rated = models.BooleanField()
    reason = models.CharField(max_length=200, blank=True, default="")
    at = models.DateTimeField(default=timezone.now)


class RatingChange(models.Model):
    """One step of a user's rating history (the profile's plot): the rating
    before and after ``match``."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes")
    family = models.CharField(max_length=16)
    match = models.ForeignKey("game.Match", on_delete=models.CASCADE, related_name="+")
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["at", "id"]
        constraints = [models.UniqueConstraint(fields=["user", "match"], name="ratingchange_once")]


class Follow(models.Model):
    """``follower`` follows ``followed`` (a friend: their presence and matches
    show on the follower's friends page)."""

    follower = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="following")
    followed = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="followers")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["follower", "followed"], name="follow_once"),
            models.CheckConstraint(condition=~models.Q(follower=models.F("followed")), name="follow_not_self"),
        ]


class TableInvite(models.Model):
    """``sender`` invites ``invitee`` by name to ``table`` (a notice in the
    invitee's lobby until they accept, decline, or the table starts or closes)."""

    table = models.ForeignKey("lobby.Table", on_delete=models.CASCADE, related_name="name_invites")
    sender = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    invitee = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="table_invites")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created"]
        constraints = [models.UniqueConstraint(fields=["table", "invitee"], name="invite_once")]


class PairingRequest(models.Model):
    """``user`` waits in the quick-pairing queue (community.pairing; issue 33
    point 3): for a table of ``mode`` (a lobby mode key), ``rated`` or not,
    live (``turn_seconds`` None) or turn-based with that time per move, with
    the ``heroes`` and ``deck`` they would pick (empty: drawn when paired).
    ``mu``: their rating in the mode's family when they joined (what the
    matching compares); ``asked``: when their page last asked (a live
    request not asked for lately is dropped). Once paired, ``table`` is the
    table made for them (its match started) and ``paired`` when; a request
    the lobby refused to seat has its sentence in ``failure``. One request a
    user: a new one replaces the old."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="pairing_request")
    mode = models.CharField(max_length=16)
    rated = models.BooleanField(default=False)
    turn_seconds = models.PositiveIntegerField(null=True, blank=True)
    heroes = models.JSONField(default=list, blank=True)
    deck = models.CharField(max_length=20, blank=True, default="")
    mu = models.FloatField()
    created = models.DateTimeField(default=timezone.now)
    asked = models.DateTimeField(default=timezone.now)
    table = models.ForeignKey("lobby.Table", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    paired = models.DateTimeField(null=True, blank=True)
    failure = models.CharField(max_length=200, blank=True, default="")

    class Meta:
        indexes = [models.Index(fields=["table", "failure", "created"], name="pairing_waiting")]
