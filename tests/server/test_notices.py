"""Turn notices (issue 32 part 2): the outbox, the SSRF guard, push
subscriptions, retries to failed, the stop link, the settings page, no
hidden information in a notice, and the leases and keeper (notices.keeper)."""

import re
import socket
from datetime import timedelta

import huey.consumer
import pytest
from django.core import signing
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from benchmarks.notice_audit import hidden_cards
from benchmarks.receivers import Receiver
from codexsite import netguard, taskqueue
from game.statereads import current_state
from notices import api, keeper, outbox, push, stoplinks, tasks
from notices.models import EMAIL, PUSH, WEBHOOK, Notice, NoticeChoice, PushSubscription, VapidKey
from notices.text import turn_message
from tests.server.matchkit import leaks, start_match

pytestmark = pytest.mark.django_db

LOCAL = ["127.0.0.1/32"]


@pytest.fixture
def receiver():
    got = Receiver()
    yield got
    got.close()


@pytest.fixture
def quick(settings):
    """Retries at once, three tries, short timeouts, receivers on this machine allowed."""
    settings.CODEX_NOTICE_BACKOFF = 0.0
    settings.CODEX_NOTICE_TRIES = 3
    settings.CODEX_NOTICE_TIMEOUT = 0.5
    settings.CODEX_NOTICE_ALLOW_NETWORKS = LOCAL
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


@pytest.fixture
def no_queue(monkeypatch):
    """The keys each commit would queue, instead of queueing them."""
    queued = []
    monkeypatch.setattr(tasks, "send_soon", queued.append)
    return queued


@pytest.fixture
def match(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    return start_match.func([alice, bob])


def choose(user, email=False, webhook="", subscription=None):
    user.email = "player@example.org" if email else ""
    user.save(update_fields=["email"])
    NoticeChoice.objects.update_or_create(
        user=user,
        defaults={
            "email": email,
            "email_confirmed": user.email,
            "webhook_url": webhook,
            "push": subscription is not None,
        },
    )
    if subscription is not None:
        data = subscription
        PushSubscription.objects.create(
            user=user, endpoint=data["endpoint"], p256dh=data["keys"]["p256dh"], auth=data["keys"]["auth"]
        )


def alice_of(match):
    return match.players.get(seat=0).user


# The outbox


def test_one_row_per_chosen_channel_and_none_for_a_user_who_chose_none(match, receiver, quick, no_queue):
    choose(alice_of(match), email=True, webhook=receiver.url("/hook"), subscription=receiver.subscription())
    with transaction.atomic():
        keys = api.turn_waits(match.pk, 0, None)
        assert api.turn_waits(match.pk, 1, None) == []  # bob chose nothing
    rows = Notice.objects.filter(match=match)
    assert sorted(rows.values_list("channel", flat=True)) == sorted([EMAIL, PUSH, WEBHOOK])
    assert {row.key for row in rows} == set(keys)
    assert {(row.version, row.seat, row.status) for row in rows} == {(match.version, 0, "pending")}


def test_a_retried_transaction_writes_no_second_row(match, receiver, quick, no_queue):
    choose(alice_of(match), email=True, webhook=receiver.url("/hook"))
    for _ in range(3):
        with transaction.atomic():
            api.turn_waits(match.pk, 0, None)
    assert Notice.objects.filter(match=match).count() == 2


def test_nothing_is_written_or_sent_when_the_transaction_rolls_back(
    match, quick, django_capture_on_commit_callbacks, no_queue
):
    choose(alice_of(match), email=True)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with pytest.raises(RuntimeError), transaction.atomic():
            api.turn_waits(match.pk, 0, None)
            raise RuntimeError("the action failed")
    assert callbacks == [] and no_queue == []
    assert not Notice.objects.exists()


def test_a_committed_turn_queues_its_rows_after_the_commit(match, quick, django_capture_on_commit_callbacks, no_queue):
    choose(alice_of(match), email=True)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        keys = api.turn_waits(match.pk, 0, None)
        assert no_queue == []  # not before the commit
    for callback in callbacks:
        callback()
    assert no_queue == [keys]


def test_a_sent_notice_is_not_sent_again_and_a_claimed_one_is_left_to_its_worker(match, quick, no_queue):
    from django.core import mail

    choose(alice_of(match), email=True)
    [key] = api.turn_waits(match.pk, 0, None)
    Notice.objects.filter(key=key).update(status=Notice.Status.SENDING, next_try="2999-01-01T00:00Z")
    assert outbox.deliver(key) is None  # another worker has it
    Notice.objects.filter(key=key).update(status=Notice.Status.SENDING, next_try="2000-01-01T00:00Z")
    assert tasks.sweep() == 1  # its worker died: the sweep takes it over
    assert outbox.deliver(key) is None
    assert [m.extra_headers["Message-ID"] for m in mail.outbox] == [f"<{key}@codex.notices>"]
    assert Notice.objects.get(key=key).status == "sent"


def test_a_receiver_answering_500_gets_bounded_retries_then_the_notice_fails(
    match, receiver, quick, no_queue, make_user
):
    alice = alice_of(match)
    choose(alice, webhook=receiver.url("/hook"))
    receiver.answers = [500] * 10
    [key] = api.turn_waits(match.pk, 0, None)
    assert [outbox.deliver(key) for _ in range(4)] == ["pending", "pending", "failed", None]
    assert len(receiver.got) == 3
    assert {entry["headers"]["idempotency-key"] for entry in receiver.got} == {key}
    notice = Notice.objects.get(key=key)
    assert notice.tries == 3 and "500" in notice.error
    client = Client()
    client.force_login(alice)
    page = client.get(reverse("notices:settings")).content.decode()
    assert "Notices that did not arrive" in page and "the receiver answered 500" in page


def test_a_receiver_that_hangs_gets_bounded_retries_then_the_notice_fails(match, receiver, quick, no_queue):
    choose(alice_of(match), webhook=receiver.url("/hook"))
    receiver.hang = 1.5  # past CODEX_NOTICE_TIMEOUT
    [key] = api.turn_waits(match.pk, 0, None)
    assert [outbox.deliver(key) for _ in range(3)] == ["pending", "pending", "failed"]
    assert "timed out" in Notice.objects.get(key=key).error.lower()


def test_backoff_doubles_and_is_capped(settings):
    settings.CODEX_NOTICE_BACKOFF = 30.0
    assert [outbox.backoff(n).total_seconds() for n in (1, 2, 3, 12)] == [30, 60, 120, 3600]


# The SSRF guard


@pytest.mark.parametrize(
    "url",
    [
        "ftp://example.org/hook",
        "file:///etc/passwd",
        "javascript:alert(1)",
        "http://127.0.0.1:8000/api/",
        "http://localhost/",
        "http://[::1]/",
        "http://[::ffff:127.0.0.1]/",
        "http://0.0.0.0/",
        "http://10.1.2.3/",
        "http://192.168.0.10/",
        "http://172.16.5.4/",
        "http://100.64.0.1/",
        "http://169.254.169.254/latest/meta-data/",
        "http://[fe80::1]/",
        "http://[fd00::1]/",
        "http://224.0.0.1/",
        "http://user:secret@93.184.216.34/",
        "http:///nohost",
        "https://no-such-host.invalid/",
    ],
)
def test_the_guard_refuses_urls_that_are_not_public_http(url):
    with pytest.raises(netguard.Refused) as refused:
        netguard.check(url)
    assert str(refused.value).endswith(".")  # a sentence


@pytest.mark.parametrize(
    "url",
    [
        "http://[2002:7f00:1::]/",  # 6to4 of 127.0.0.1
        "http://[2002:a00:1::1]/",  # 6to4 of 10.0.0.1
        "http://[64:ff9b::7f00:1]/",  # NAT64 of 127.0.0.1
        "http://[64:ff9b::a9fe:a9fe]/",  # NAT64 of 169.254.169.254
        "http://[::7f00:1]/",  # IPv4-compatible 127.0.0.1
        "http://[::c0a8:1]/",  # IPv4-compatible 192.168.0.1
        "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/",  # Teredo, client 127.0.0.1
        "http://[2001:0:a00:1:8000:63bf:3fff:fdd2]/",  # Teredo, server 10.0.0.1
    ],
)
def test_the_guard_refuses_ipv6_forms_of_a_private_ipv4_address(url):
    """The tester's F5: an IPv6 address that carries a private or local
    IPv4 one (6to4, NAT64, IPv4-compatible, Teredo) is refused as that IPv4
    address is."""
    with pytest.raises(netguard.Refused):
        netguard.check(url)


def test_the_guard_takes_ipv6_forms_of_a_public_ipv4_address(monkeypatch):
    monkeypatch.setattr(netguard, "interface_addresses", lambda: [])
    for text in ("2002:5db8:d822::1", "64:ff9b::5db8:d822"):  # 6to4 and NAT64 of 93.184.216.34
        assert netguard.check(f"http://[{text}]/hook").addresses == (text,)


def test_the_guard_refuses_a_name_when_any_of_its_addresses_is_private(monkeypatch):
    def two(host, port, type=0):
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, port)) for a in ("93.184.216.34", "10.0.0.7")]

    monkeypatch.setattr(netguard.socket, "getaddrinfo", two)
    with pytest.raises(netguard.Refused, match="10.0.0.7"):
        netguard.check("https://hooks.example.org/x")


def test_the_guard_refuses_this_machines_own_addresses(monkeypatch):
    monkeypatch.setattr(netguard, "interface_addresses", lambda: ["93.184.216.34"])
    with pytest.raises(netguard.Refused):
        netguard.check("http://93.184.216.34/hook")
    monkeypatch.setattr(netguard, "interface_addresses", lambda: [])
    assert netguard.check("http://93.184.216.34/hook").addresses == ("93.184.216.34",)


def test_the_guard_connects_to_the_address_it_checked(monkeypatch, receiver, settings):
    settings.CODEX_NOTICE_ALLOW_NETWORKS = LOCAL
    answers = iter(["127.0.0.1", "10.9.9.9"])  # a name that would change its answer
    asked = []
    real = socket.getaddrinfo

    def rebinding(host, port, *args, **kwargs):
        if host != "hooks.example.org":  # the address literal the connection opens
            return real(host, port, *args, **kwargs)
        asked.append(host)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (next(answers), port))]

    monkeypatch.setattr(netguard.socket, "getaddrinfo", rebinding)
    answer = netguard.post(f"http://hooks.example.org:{receiver.port}/x?y=1", b"{}", {})
    assert answer.status == 201 and asked == ["hooks.example.org"]  # resolved once, then connected
    assert receiver.got[0]["path"] == "/x?y=1"
    assert receiver.got[0]["headers"]["host"] == f"hooks.example.org:{receiver.port}"


# Push subscriptions


def _public_resolver(monkeypatch):
    """Every name resolves to a public address (no DNS here); literals stay as they are."""
    real = socket.getaddrinfo

    def resolve(host, port, *args, **kwargs):
        if host.replace(".", "").isdigit() or ":" in host:
            return real(host, port, *args, **kwargs)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.216.34", port))]

    monkeypatch.setattr(netguard.socket, "getaddrinfo", resolve)


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda s: "a string", "not sent as an object"),
        (lambda s: {**s, "endpoint": 7}, "no push service address"),
        (lambda s: {"endpoint": s["endpoint"]}, "lacks the browser's keys"),
        (lambda s: {**s, "keys": {"p256dh": "not*base64", "auth": s["keys"]["auth"]}}, "not a P-256 public key"),
        (lambda s: {**s, "keys": {"p256dh": "AAAA" * 10, "auth": s["keys"]["auth"]}}, "not a P-256 public key"),
        (lambda s: {**s, "keys": {"p256dh": s["keys"]["p256dh"], "auth": "AAAA"}}, "wrong length"),
        (lambda s: {**s, "endpoint": "http://127.0.0.1:9/push"}, "private or local"),
        (lambda s: {**s, "endpoint": "ftp://push.example.org/x"}, "http://"),
    ],
)
def test_malformed_subscriptions_are_refused_with_a_sentence(monkeypatch, receiver, change, words, make_user):
    _public_resolver(monkeypatch)
    good = {**receiver.subscription(), "endpoint": "https://push.example.org/send/abc"}
    assert push.clean_subscription(good)["endpoint"] == good["endpoint"]
    bad = change(good)
    with pytest.raises(push.BadSubscription, match=words):
        push.clean_subscription(bad)
    client = Client()
    client.force_login(make_user("carol"))
    answer = client.post(reverse("notices:push_subscribe"), bad, content_type="application/json")
    assert answer.status_code == 400 and words in answer.json()["detail"]
    assert not PushSubscription.objects.exists()


def test_subscribing_turns_push_on_and_unsubscribing_the_last_browser_turns_it_off(monkeypatch, receiver, make_user):
    _public_resolver(monkeypatch)
    carol = make_user("carol")
    client = Client()
    client.force_login(carol)
    data = {**receiver.subscription(), "endpoint": "https://push.example.org/send/abc"}
    assert client.post(reverse("notices:push_subscribe"), data, content_type="application/json").json() == {
        "devices": 1
    }
    assert NoticeChoice.objects.get(user=carol).push
    gone = client.post(
        reverse("notices:push_unsubscribe"), {"endpoint": data["endpoint"]}, content_type="application/json"
    )
    assert gone.json() == {"devices": 0} and not NoticeChoice.objects.get(user=carol).push


def test_a_push_service_answering_410_removes_the_subscription(match, receiver, quick, no_queue):
    choose(alice_of(match), subscription=receiver.subscription())
    receiver.answers = [410]
    [key] = api.turn_waits(match.pk, 0, None)
    assert outbox.deliver(key) == "failed"  # nothing left to reach: not retried, and the user is told
    assert not PushSubscription.objects.exists()
    assert len(receiver.got) == 1
    assert "turn push on again" in Notice.objects.get(key=key).error


def test_the_vapid_key_is_made_once_and_kept():
    first = push.public_key()
    assert push.public_key() == first and VapidKey.objects.count() == 1


# The stop link


def test_the_stop_link_turns_its_channel_off_in_one_click(match, receiver, quick):
    alice = alice_of(match)
    choose(alice, email=True, webhook=receiver.url("/hook"))
    message = turn_message(match, alice, EMAIL, None)
    path = message.stop_url.removeprefix("http://127.0.0.1:8000")
    page = Client().post(path)  # not logged in: the link is the proof
    assert page.status_code == 200 and "no more turn notices by e-mail" in page.content.decode()
    choice = NoticeChoice.objects.get(user=alice)
    assert not choice.email and choice.webhook_url  # only that channel
    assert Client().post(stoplinks.stop_path(alice.pk, WEBHOOK)).status_code == 200  # List-Unsubscribe-Post
    assert NoticeChoice.objects.get(user=alice).webhook_url == ""


def test_a_forged_stop_link_is_refused_with_a_sentence_and_changes_nothing(match):
    alice = alice_of(match)
    choose(alice, email=True)
    forged = signing.dumps({"u": alice.pk, "c": EMAIL}, salt="another.salt")
    page = Client().get(reverse("notices:stop", args=[forged]))
    assert page.status_code == 404 and "not one this site made" in page.content.decode()
    assert NoticeChoice.objects.get(user=alice).email


# The settings page


def test_the_settings_page_refuses_a_private_webhook_with_a_sentence_and_saves_nothing(make_user):
    carol = make_user("carol")
    client = Client()
    client.force_login(carol)
    answer = client.post(
        reverse("notices:settings"), {"email_on": "on", "email": "c@example.org", "webhook_url": "http://10.0.0.1/x"}
    )
    assert answer.status_code == 400
    assert "private or local address" in answer.content.decode()
    assert not NoticeChoice.objects.filter(user=carol, email=True).exists()
    saved = client.post(reverse("notices:settings"), {"email_on": "on", "email": "c@example.org", "webhook_url": ""})
    assert saved.status_code == 302 and NoticeChoice.objects.get(user=carol).email


def test_a_webhook_refusal_never_repeats_a_long_host_whole(make_user, monkeypatch):
    """The tester's F6: a refusal repeated a 480-character host name, and
    the notices page grew as wide as it. The sentence quotes at most
    codexsite.usertext.QUOTED_CHARS characters of it, whether the name is
    not found or leads to a private address."""
    from codexsite.usertext import QUOTED_CHARS

    host = "a" * 480 + ".example"
    with pytest.raises(netguard.Refused) as unknown:
        netguard.check(f"http://{host}/x")
    monkeypatch.setattr(netguard, "resolve", lambda name, port: ("10.0.0.1",))
    with pytest.raises(netguard.Refused) as private:
        netguard.check(f"http://{host}/x")
    for refused in (unknown, private):
        text = str(refused.value)
        assert "a" * QUOTED_CHARS not in text and "…" in text and text.endswith("."), text
    client = Client()
    client.force_login(make_user("carol"))
    answer = client.post(reverse("notices:settings"), {"webhook_url": f"http://{host}/x"})
    said = re.search(r'id="webhook-error">([^<]*)<', answer.content.decode()).group(1)
    assert answer.status_code == 400 and "private or local address" in said and "a" * QUOTED_CHARS not in said


def test_refusals_that_quote_a_value_sent_clip_it(make_user):
    """The other refusals that quote what was sent (a bot's kind, a mode, a
    name looked up) quote at most QUOTED_CHARS characters of it."""
    from codexsite.usertext import QUOTED_CHARS
    from community.errors import CommunityError
    from community.people import find_user
    from lobby import services as lobby
    from lobby.errors import LobbyError

    long = "z" * 5000
    refusals = []
    for call in (
        lambda: lobby.create_table(make_user("dora"), long),
        lambda: find_user(long),
    ):
        with pytest.raises((LobbyError, CommunityError)) as refused:
            call()
        refusals.append(refused.value.message)
    assert all("z" * QUOTED_CHARS not in text and "…" in text for text in refusals), refusals


def test_a_test_notice_goes_out_on_a_chosen_channel_only(make_user, quick, no_queue):
    carol = make_user("carol")
    choose(carol, email=True)
    client = Client()
    client.force_login(carol)
    assert client.post(reverse("notices:test"), {"channel": WEBHOOK}).status_code == 400
    assert client.post(reverse("notices:test"), {"channel": EMAIL}).status_code == 302
    [key] = Notice.objects.filter(user=carol).values_list("key", flat=True)
    assert outbox.deliver(key) == "sent"


def test_the_manifest_and_service_worker_are_served_from_the_root(client):
    manifest = client.get("/manifest.webmanifest")
    assert manifest["Content-Type"] == "application/manifest+json"
    assert {icon["sizes"] for icon in manifest.json()["icons"]} >= {"192x192", "512x512"}
    worker = client.get("/sw.js")
    assert worker["Content-Type"].startswith("text/javascript") and b"showNotification" in worker.content


# Hidden information


def test_a_notice_names_no_hidden_card(match, make_user):
    alice = alice_of(match)
    hidden = set().union(*hidden_cards(current_state(match)))
    assert hidden
    for channel in (EMAIL, PUSH, WEBHOOK):
        message = turn_message(match, alice, channel, None)
        text = message.title + "\n" + message.as_text() + push.payload(message, "k")
        assert leaks([text], set(), hidden) == []
        assert "Bob" in text and "Alice" in text and f"/match/{match.pk}/" in text


# Leases and the keeper (a killed worker's rows sent again within seconds)


class Clock:
    """timezone.now, moved on by hand."""

    def __init__(self, monkeypatch):
        self.now = timezone.now()
        monkeypatch.setattr(timezone, "now", lambda: self.now)

    def add(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


def test_a_killed_workers_row_is_sent_again_within_seconds(match, receiver, quick, no_queue, monkeypatch):
    choose(alice_of(match), webhook=receiver.url("/hook"))
    [key] = api.turn_waits(match.pk, 0, None)
    clock = Clock(monkeypatch)  # after the row's writing: it is due
    send = outbox._send

    def killed(notice):
        raise SystemExit("the worker was killed while it sent")

    monkeypatch.setattr(outbox, "_send", killed)
    with pytest.raises(SystemExit):
        outbox.deliver(key)
    monkeypatch.setattr(outbox, "_send", send)
    assert Notice.objects.get(key=key).status == "sending"
    assert tasks.sweep() == 0  # still held
    clock.add(11)  # the default lease (10 s) later, never renewed: its process is gone
    assert outbox.renew() == 0
    assert tasks.sweep() == 1
    assert [entry["headers"]["idempotency-key"] for entry in receiver.got] == [key]
    assert Notice.objects.get(key=key).status == "sent"


def test_a_live_workers_slow_send_keeps_its_row_while_it_renews_the_lease(
    match, receiver, quick, no_queue, monkeypatch, settings
):
    settings.CODEX_NOTICE_LEASE = 10.0
    choose(alice_of(match), webhook=receiver.url("/hook"))
    [key] = api.turn_waits(match.pk, 0, None)
    clock = Clock(monkeypatch)  # after the row's writing: it is due
    send, seen = outbox._send, []

    def slow(notice):
        for _ in range(4):  # 32 s of sending, the keeper renewing every 8 s
            clock.add(8)
            seen.append(outbox.renew())
        seen.append((outbox.due(), outbox.deliver(key)))  # no other worker may take it
        send(notice)

    monkeypatch.setattr(outbox, "_send", slow)
    assert outbox.deliver(key) == "sent"
    assert seen == [1, 1, 1, 1, ([], None)]
    assert outbox.renew() == 0  # sent: no longer held
    assert len(receiver.got) == 1


def test_the_sweepers_each_take_their_own_share_of_the_due_rows(match, receiver, quick, no_queue):
    for seat in (0, 1):
        choose(match.players.get(seat=seat).user, email=True, webhook=receiver.url(f"/hook/{seat}"))
        api.turn_waits(match.pk, seat, None)
    every, first, second = outbox.due(), outbox.due(share=(0, 2)), outbox.due(share=(1, 2))
    assert len(every) == 4 and first and second
    assert sorted(first + second) == sorted(every) and not set(first) & set(second)


def test_the_keeper_starts_with_a_consumer_before_its_workers(monkeypatch, settings):
    assert keeper.start in taskqueue._start_hooks  # registered when the notices app is ready
    order = []
    monkeypatch.setattr(taskqueue, "_start_hooks", [lambda: order.append("keeper")])
    monkeypatch.setattr(huey.consumer.Consumer, "start", lambda self: order.append("workers"))
    queue = taskqueue.QueueRedisHuey("codex-test-keeper", url="redis://127.0.0.1:1/0")
    queue.create_consumer(workers=1, worker_type="thread").start()
    assert order == ["keeper", "workers"]
    settings.CODEX_NOTICE_SWEEP = False
    assert keeper.start() is False  # off (as in tests): no thread


def test_a_keeper_thread_steps_again_at_once_while_busy_and_rests_a_tick_otherwise(monkeypatch, settings, caplog):
    settings.CODEX_NOTICE_TICK = 2.0
    results, slept = [3, 1, 0, RuntimeError("the database went away")], []

    def step():
        result = results.pop(0)
        if isinstance(result, Exception):
            raise result
        return result

    class Stop(Exception):
        pass

    def sleep(seconds):
        slept.append(seconds)
        if not results:
            raise Stop

    monkeypatch.setattr(keeper.time, "sleep", sleep)
    with pytest.raises(Stop):
        keeper._forever(step, busy_again=True)
    assert slept == [2.0, 2.0]  # after the 0 and after the fault, none after 3 and 1
    assert "the database went away" in caplog.text
