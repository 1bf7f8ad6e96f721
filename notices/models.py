"""The notices' rows: a user's choices, their push subscriptions, the
server's VAPID keys and the outbox (one Notice per channel and turn)."""

from django.conf import settings
from django.db import models
from django.utils import timezone

EMAIL = "email"
PUSH = "push"
WEBHOOK = "webhook"
TABLE = "table"  # a turn-based table's own webhook (lobby.models.Table.webhook_url), set by its host
CHANNELS = (EMAIL, PUSH, WEBHOOK)  # the channels a user chooses (TABLE is the table host's)
CHANNEL_CHOICES = [(EMAIL, "E-mail"), (PUSH, "Web Push"), (WEBHOOK, "Webhook"), (TABLE, "Table webhook")]


class NoticeChoice(models.Model):
    """What one user chose (the settings page): ``email`` sends to the
    account's e-mail address, ``push`` to every push subscription of theirs
    (PushSubscription), ``webhook_url`` (empty: none) receives a
    Discord- and Slack-compatible JSON POST. No row: no notice at all.
    ``email_confirmed``: the address whose confirmation link was opened
    (notices.confirm); e-mail goes only to the account's address when it is
    this one."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notice_choice")
    email = models.BooleanField(default=False)
    push = models.BooleanField(default=False)
    webhook_url = models.URLField(max_length=500, blank=True, default="")
    email_confirmed = models.EmailField(blank=True, default="")


class PushSubscription(models.Model):
    """A browser's Web Push subscription (its PushSubscription JSON):
    ``endpoint`` of the push service, the browser's ``p256dh`` public key and
    ``auth`` secret (base64url). Removed when the push service answers 404 or
    410 (the browser dropped it) or when the user unsubscribes."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    created = models.DateTimeField(default=timezone.now)

    def info(self) -> dict:
        """The subscription as pywebpush takes it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class VapidKey(models.Model):
    """The server's one VAPID key pair (row 1), made at first need and kept
    in the database, so every worker of a deployment signs with the same key
    and browsers' subscriptions outlive restarts (notices.push)."""

    private_pem = models.TextField()
    public_key = models.CharField(max_length=200)  # the raw point, base64url: applicationServerKey
    created = models.DateTimeField(default=timezone.now)


class Notice(models.Model):
    """One notice in the outbox: the turn of ``seat`` in ``match`` at
    ``version`` told to ``user`` on ``channel`` (on ``table``, the table's
    webhook: ``user`` is the table's host, who set it and sees its faults). The idempotency key is
    (match, version, seat, channel): a retried transaction writes no second
    row, and ``key`` (derived from it) goes to the receiver (header
    Idempotency-Key, the mail's Message-ID) so a notice sent twice after a
    worker died is one notice there.

    ``status``: pending (to send at ``next_try``), sending (claimed by a
    worker until ``next_try``: one past it died, and the sweep takes it
    again), sent, failed (``tries`` reached CODEX_NOTICE_TRIES; the user
    sees it on the settings page), dropped (not sent: its turn passed
    before it was, notices.outbox.turn_passed). ``done``: the push subscriptions already
    reached (a retry sends only to the others). ``test``: a test notice from
    the settings page (no match)."""

    class Status(models.TextChoices):
        PENDING = "pending"
        SENDING = "sending"
        SENT = "sent"
        FAILED = "failed"
        DROPPED = "dropped"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices")
    match = models.ForeignKey("game.Match", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    version = models.PositiveIntegerField(default=0)
    seat = models.PositiveSmallIntegerField(default=0)
    channel = models.CharField(max_length=8, choices=CHANNEL_CHOICES)
    key = models.CharField(max_length=80, unique=True)
    deadline = models.DateTimeField(null=True, blank=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    tries = models.PositiveSmallIntegerField(default=0)
    next_try = models.DateTimeField(default=timezone.now)
    error = models.CharField(max_length=300, blank=True, default="")
    done = models.JSONField(default=list, blank=True)
    created = models.DateTimeField(default=timezone.now)
    sent = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "version", "seat", "channel"],
                condition=models.Q(match__isnull=False),
                name="notice_once_per_turn_and_channel",
            ),
        ]
        indexes = [models.Index(fields=["status", "next_try"], name="notice_due")]
