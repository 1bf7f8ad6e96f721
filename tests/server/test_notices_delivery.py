"""Turn notices end to end (issue 32 part 2): the game's call in the
action's transaction, the commit, the background worker (huey, in-process)
and three receivers on this machine: an SMTP server, a webhook receiver
and a push endpoint that decrypts the payload with the subscription's keys."""

import json

import pytest
from django.db import transaction

from benchmarks.receivers import MailBox, Receiver, wait_for
from notices import api, push
from notices.models import Notice, NoticeChoice, PushSubscription
from tests.server.matchkit import start_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def receivers(settings):
    mailbox, receiver = MailBox(), Receiver()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", mailbox.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.CODEX_NOTICE_ALLOW_NETWORKS = ["127.0.0.1/32"]
    settings.CODEX_NOTICE_BACKOFF = 0.0
    yield mailbox, receiver
    mailbox.close()
    receiver.close()


def test_a_turn_reaches_the_player_by_mail_webhook_and_push(make_user, receivers):
    mailbox, receiver = receivers
    alice, bob = make_user("alice", "Alice"), make_user("bob", "Bob")
    match = start_match.func([alice, bob])
    alice.email = "alice@example.org"
    alice.save(update_fields=["email"])
    NoticeChoice.objects.create(
        user=alice, email=True, email_confirmed=alice.email, push=True, webhook_url=receiver.url("/hook")
    )
    sub = receiver.subscription("/push/alice-phone")
    PushSubscription.objects.create(user=alice, endpoint=sub["endpoint"], **sub["keys"])

    with transaction.atomic():  # as the game does, in the action's transaction
        keys = api.turn_waits(match.pk, 0, None)
        assert not receiver.got  # nothing leaves before the commit

    assert wait_for(lambda: Notice.objects.filter(status="sent").count() == 3)
    by_channel = {key.rsplit("-", 1)[1]: key for key in keys}

    [mail] = mailbox.mails
    assert mail["To"] == "alice@example.org"
    assert mail["Message-ID"] == f"<{by_channel['email']}@codex.notices>"
    assert "<http://127.0.0.1:8000/notices/stop/" in mail["List-Unsubscribe"]  # folded: not at the start
    text = mail.get_payload()
    assert f"Alice, it is your turn in match {match.pk}" in text and "against Bob" in text
    assert f"/match/{match.pk}/" in text and "Stop these notices:" in text

    hook = next(entry for entry in receiver.got if entry["path"] == "/hook")
    assert hook["headers"]["idempotency-key"] == by_channel["webhook"]
    body = json.loads(hook["body"])
    assert body["content"] == body["text"] and "your turn" in body["content"]

    [pushed] = receiver.decrypted
    assert pushed["headers"]["idempotency-key"] == by_channel["push"]
    assert pushed["title"].startswith(f"Your turn: match {match.pk}")
    assert pushed["url"].endswith(f"/match/{match.pk}/") and "/notices/stop/" in pushed["stop"]
    assert f"k={push.public_key()}" in pushed["headers"]["authorization"]  # signed with the kept VAPID key


def test_a_rolled_back_action_sends_nothing(make_user, receivers):
    mailbox, receiver = receivers
    alice, bob = make_user("alice"), make_user("bob")
    match = start_match.func([alice, bob])
    NoticeChoice.objects.create(user=alice, webhook_url=receiver.url("/hook"))
    with pytest.raises(RuntimeError), transaction.atomic():
        api.turn_waits(match.pk, 0, None)
        raise RuntimeError("the action failed")
    NoticeChoice.objects.create(user=bob, webhook_url=receiver.url("/bob"))
    api.send_test(bob, "webhook")  # a later commit's notice arrives: alice's would have before it
    assert wait_for(lambda: any(entry["path"] == "/bob" for entry in receiver.got))
    assert not Notice.objects.filter(match=match).exists()
    assert [entry["path"] for entry in receiver.got] == ["/bob"]
