"""The outbox (issue 32, "Reliability"): notices are rows written in the
transaction of the action that makes the turn come to a seat, one per
channel the seat's user chose, and sent from there.

Sending (deliver) claims a row first (pending, or sending past its lease:
the process that had it died) with one conditional UPDATE, so two workers
never send one row at once; it sends, then marks the row sent, or pending
again after a backoff (CODEX_NOTICE_BACKOFF seconds, doubled each try), or
failed after CODEX_NOTICE_TRIES tries. A lease is CODEX_NOTICE_LEASE
seconds, renewed every few seconds while its process lives (renew, from
notices.keeper): a row held by a process that died comes due again within
a lease, however long a send may take. A worker that dies between the send
and the mark leaves the row to be sent again: the receiver gets the same
idempotency key and takes it once. Rows are sent at the commit
(notices.tasks.send_soon) and by the keeper's sweep (due).

A turn's row is written whether or not its player has the match open
(docs/ARCHITECTURE.md "Notices: held while you look"): one written while
they look is due only after CODEX_NOTICE_LOOK_GRACE seconds. At send time
(after the claim) a row whose turn has passed (turn_passed: the seat acted
since, the game no longer waits on it, or a later turn of it has its own
row) is marked dropped and not sent, and one whose player still looks is
put off by the grace again, its try not counted, until it has waited
CODEX_NOTICE_LOOK_MAX seconds (a page left open on another device)."""

import logging
import threading
from datetime import timedelta

from django.conf import settings
from django.db.models import F, Q
from django.utils import timezone

from codexsite import netguard
from game import livesockets
from game.models import Match, MatchAction, MatchPlayer
from lobby.models import Table
from notices import confirm, mail, push, webhook
from notices.models import EMAIL, PUSH, TABLE, WEBHOOK, Notice, NoticeChoice, PushSubscription
from notices.text import Message, table_message, trial_message, turn_message

log = logging.getLogger(__name__)

SWEEP_SIZE = 200  # rows one sweep sends at most

_held: set[str] = set()  # keys of the rows this process claimed and has not marked yet
_held_lock = threading.Lock()


class Permanent(Exception):
    """A notice that no retry will deliver (no address, a refused URL)."""


def chosen_channels(user) -> list[str]:
    """The channels ``user`` chose that can reach them now: e-mail with a
    confirmed address (notices.confirm), push with a subscription, a webhook URL."""
    choice = NoticeChoice.objects.filter(user=user).first()
    if choice is None:
        return []
    out = []
    if choice.email and confirm.is_confirmed(user, choice):
        out.append(EMAIL)
    if choice.push and PushSubscription.objects.filter(user=user).exists():
        out.append(PUSH)
    if choice.webhook_url:
        out.append(WEBHOOK)
    return out


def turn_key(match_id: int, version: int, seat: int, channel: str) -> str:
    """The idempotency key of a turn notice (what the receiver gets)."""
    return f"codex-{match_id}-{version}-{seat}-{channel}"


def _looking(user_id: int, match_id: int) -> bool:
    """True when the player ``user_id`` has match ``match_id`` open now
    (game.livesockets.seat_open) and their notices wait for them to leave
    (always but with CODEX_NOTICES_WHILE_LOOKING, the soak's)."""
    return not settings.CODEX_NOTICES_WHILE_LOOKING and livesockets.seat_open(user_id, match_id)


def _look_grace() -> timedelta:
    return timedelta(seconds=settings.CODEX_NOTICE_LOOK_GRACE)


def write_turn(match_id: int, seat: int, deadline) -> list[str]:
    """Write the notices of ``seat``'s turn in match ``match_id`` at its
    current version (read in the caller's transaction), one per chosen
    channel, and one to the table's webhook when its host set one (its row
    is the host's); none for a bot's seat. While the player has the match
    open (the page's own notice, static/js/notice.js, tells them;
    docs/ARCHITECTURE.md "Notices: held while you look") the rows on their
    own channels are due only after CODEX_NOTICE_LOOK_GRACE seconds, and
    sent then if the turn is still theirs and they left (see the module);
    the table's webhook, a chat the whole table reads, is told at once all
    the same. A row already written for that turn and channel stays as it
    is. Returns the keys of the rows written."""
    version = Match.objects.filter(pk=match_id).values_list("version", flat=True).first()
    player = MatchPlayer.objects.filter(match_id=match_id, seat=seat).select_related("user").first()
    if version is None or player is None or player.user is None:
        return []
    now = timezone.now()
    held = now + _look_grace() if _looking(player.user_id, match_id) else now
    to = [(player.user_id, channel, held) for channel in chosen_channels(player.user)]
    host = Table.objects.filter(match_id=match_id).exclude(webhook_url="").values_list("host_id", flat=True).first()
    if host is not None:
        to.append((host, TABLE, now))
    rows = [
        Notice(
            user_id=user_id,
            match_id=match_id,
            version=version,
            seat=seat,
            channel=channel,
            key=turn_key(match_id, version, seat, channel),
            deadline=deadline,
            created=now,
            next_try=due_at,
        )
        for user_id, channel, due_at in to
    ]
    Notice.objects.bulk_create(rows, ignore_conflicts=True)
    return [row.key for row in rows]


def due(limit: int = SWEEP_SIZE, share: tuple[int, int] = (0, 1)) -> list[str]:
    """Keys of rows to send now, the longest due first: pending and due,
    or sending past their lease. ``share`` ``(i, n)``: only the rows whose
    id is i modulo n (n senders sweeping side by side each take their own)."""
    now = timezone.now()
    waiting = Q(status=Notice.Status.PENDING) | Q(status=Notice.Status.SENDING)
    rows = Notice.objects.filter(waiting, next_try__lte=now)
    index, senders = share
    if senders > 1:
        rows = rows.annotate(share=F("id") % senders).filter(share=index)
    return list(rows.order_by("next_try").values_list("key", flat=True)[:limit])


def renew() -> int:
    """Extend by CODEX_NOTICE_LEASE seconds from now the lease of every
    row this process is sending (notices.keeper calls it every
    CODEX_NOTICE_TICK seconds). Returns how many rows it renewed."""
    with _held_lock:
        keys = list(_held)
    if not keys:
        return 0
    lease = timezone.now() + timedelta(seconds=settings.CODEX_NOTICE_LEASE)
    return Notice.objects.filter(key__in=keys, status=Notice.Status.SENDING).update(next_try=lease)


def _claim(key: str) -> Notice | None:
    """Take the row ``key`` for sending (see the module); None when it is
    not due or another worker has it."""
    now = timezone.now()
    lease = now + timedelta(seconds=settings.CODEX_NOTICE_LEASE)
    taken = Notice.objects.filter(
        Q(status=Notice.Status.PENDING) | Q(status=Notice.Status.SENDING), key=key, next_try__lte=now
    ).update(status=Notice.Status.SENDING, next_try=lease, tries=F("tries") + 1)
    if not taken:
        return None
    with _held_lock:
        _held.add(key)
    try:
        # The match's state is never read (a notice says only public facts: notices.text).
        return Notice.objects.select_related("user", "match").defer("match__state").get(key=key)
    except BaseException:
        _release(key)
        raise


def _release(key: str) -> None:
    """This process holds the row ``key`` no more (renew leaves it)."""
    with _held_lock:
        _held.discard(key)


def _message(notice: Notice) -> Message:
    if notice.match is None:
        return trial_message(notice.user, notice.channel)
    if notice.channel == TABLE:
        return table_message(notice.match, notice.seat, notice.deadline)
    return turn_message(notice.match, notice.user, notice.channel, notice.deadline)


def _send_push(notice: Notice, message: Message) -> None:
    subscriptions = list(PushSubscription.objects.filter(user=notice.user).exclude(pk__in=notice.done))
    if not subscriptions and not notice.done:
        raise Permanent("no browser is subscribed to push notices")
    failures, gone = [], 0
    for subscription in subscriptions:
        try:
            push.send(subscription, message, notice.key)
        except push.WebPushException as exc:
            if exc.response is not None and exc.response.status_code in push.GONE:
                gone += 1  # push.send removed the subscription
                continue
            failures.append(str(exc).splitlines()[0])
        except Exception as exc:  # one device's fault: the others still get it
            failures.append(str(exc) or type(exc).__name__)
        else:
            notice.done.append(subscription.pk)
    Notice.objects.filter(pk=notice.pk).update(done=notice.done)
    if failures:
        raise RuntimeError("; ".join(failures))
    if gone and not notice.done:
        raise Permanent("the browser ended its push subscription: turn push on again")


def _webhook_url(notice: Notice) -> str:
    """The address a webhook notice goes to: the user's, or its match's table's."""
    if notice.channel == TABLE:
        url = Table.objects.filter(match_id=notice.match_id).values_list("webhook_url", flat=True).first()
    else:
        url = NoticeChoice.objects.filter(user=notice.user).values_list("webhook_url", flat=True).first()
    if not url:
        raise Permanent("no webhook address is set")
    return url


def _send_webhook(url: str, message: Message, key: str) -> None:
    try:
        webhook.send(url, message, key)
    except netguard.Refused as exc:
        raise Permanent(str(exc)) from exc


def _send(notice: Notice) -> None:
    """Send ``notice`` on its channel. Raises Permanent or another error when not delivered."""
    message = _message(notice)
    if notice.channel == EMAIL:
        if not confirm.is_confirmed(notice.user, NoticeChoice.objects.filter(user=notice.user).first()):
            raise Permanent("the account has no confirmed e-mail address")
        mail.send(notice.user.email, message, notice.key)
    elif notice.channel in (WEBHOOK, TABLE):
        _send_webhook(_webhook_url(notice), message, notice.key)
    elif notice.channel == PUSH:
        _send_push(notice, message)


def backoff(tries: int) -> timedelta:
    """The wait after the ``tries``-th failed try: CODEX_NOTICE_BACKOFF
    seconds doubled each try, at most an hour."""
    return timedelta(seconds=min(3600.0, settings.CODEX_NOTICE_BACKOFF * 2 ** (tries - 1)))


def deliver(key: str) -> str | None:
    """Claim and send the notice ``key``; returns its status after, or None
    when it was not claimed (not due, or another worker has it). Faults of
    the receiver are kept on the row (``error``), never raised."""
    notice = _claim(key)
    if notice is None:
        return None
    try:
        return _send_and_mark(notice)
    finally:
        _release(key)


def turn_passed(notice: Notice) -> bool:
    """True when the turn ``notice`` tells is no longer its player's to
    hear of: the match is over, the game no longer waits on the seat (its
    clock's seats, game.turnclock: a match with a clock), the seat acted
    after the notice's version (its player saw it), or a later turn of the
    seat has its own row on this channel."""
    match = notice.match
    if match.status != Match.Status.PLAYING:
        return True
    if match.turn_seconds is not None and notice.seat not in match.clock.get("seats", []):
        return True
    if MatchAction.objects.filter(match_id=match.pk, seat=notice.seat, seq__gt=notice.version).exists():
        return True
    return Notice.objects.filter(
        match_id=match.pk, seat=notice.seat, channel=notice.channel, version__gt=notice.version
    ).exists()


def _held_back(notice: Notice) -> str | None:
    """Mark the claimed turn ``notice`` dropped when its turn passed, or
    pending again after the look grace (its try not counted) while its
    player looks, for CODEX_NOTICE_LOOK_MAX seconds from its turn at most (a
    tab left open on another device does not keep it from the phone for
    good); returns that status, or None when it is to be sent. The
    table's webhook and test notices are never held back, nor any notice
    under CODEX_NOTICES_WHILE_LOOKING (the soak sends every turn's)."""
    if notice.match_id is None or notice.channel == TABLE or settings.CODEX_NOTICES_WHILE_LOOKING:
        return None
    rows = Notice.objects.filter(pk=notice.pk)
    if turn_passed(notice):
        rows.update(status=Notice.Status.DROPPED, error="")
        return Notice.Status.DROPPED
    held_for = timezone.now() - notice.created
    if _looking(notice.user_id, notice.match_id) and held_for < timedelta(seconds=settings.CODEX_NOTICE_LOOK_MAX):
        rows.update(status=Notice.Status.PENDING, next_try=timezone.now() + _look_grace(), tries=F("tries") - 1)
        return Notice.Status.PENDING
    return None


def _send_and_mark(notice: Notice) -> str:
    held = _held_back(notice)
    if held is not None:
        return held
    now = timezone.now()
    try:
        _send(notice)
    except Exception as exc:  # any receiver's fault is the row's, not the worker's
        text = (str(exc) or type(exc).__name__)[:300]
        final = isinstance(exc, Permanent) or notice.tries >= settings.CODEX_NOTICE_TRIES
        status = Notice.Status.FAILED if final else Notice.Status.PENDING
        log.info("notice %s: try %s failed: %s", notice.key, notice.tries, text)
        Notice.objects.filter(pk=notice.pk).update(status=status, error=text, next_try=now + backoff(notice.tries))
        return status
    Notice.objects.filter(pk=notice.pk).update(status=Notice.Status.SENT, sent=now, error="")
    return Notice.Status.SENT


def write_trial(user, channel: str) -> str:
    """Write a test notice to ``user`` on ``channel`` (the settings page); returns its key."""
    notice = Notice.objects.create(
        user=user, channel=channel, key=f"codex-test-{user.pk}-{timezone.now().timestamp():.6f}-{channel}"
    )
    return notice.key
