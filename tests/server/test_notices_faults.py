"""The tester's faults of the notices app: an e-mail address gets nothing
until it is confirmed (a signed link mailed once when it is set or changed),
test notices and confirmation mails are limited per account, a stop link
opened (GET) changes nothing until its button is pressed, and the links in
mails follow where the server runs."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core import mail, signing
from django.test import Client
from django.urls import reverse

from codexsite.lan import interface_addresses, site_url
from notices import confirm, outbox, stoplinks
from notices.models import EMAIL, WEBHOOK, Notice, NoticeChoice

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def mailbox(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.CODEX_SITE_URL = "http://127.0.0.1:8000"
    return mail.outbox


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def save(client, address, email_on=True):
    data = {"email": address, "webhook_url": ""} | ({"email_on": "on"} if email_on else {})
    return client.post(reverse("notices:settings"), data)


def link_path(message) -> str:
    [link] = re.findall(r"http://127\.0\.0\.1:8000(/notices/confirm/\S+/)", message.body)
    return link


# 1. The address is confirmed before anything goes to it


def test_an_unconfirmed_address_gets_no_notice_and_no_test_until_its_link_is_opened(make_user, mailbox):
    carol = make_user("carol")
    client = logged_in(carol)
    answer = save(client, "carol@example.org")
    assert answer.status_code == 302 and "linked=1" in answer["Location"]
    [link_mail] = mailbox
    assert link_mail.to == ["carol@example.org"] and "confirm" in link_mail.subject.lower()
    carol.refresh_from_db()
    assert outbox.chosen_channels(carol) == []  # no notice goes there
    assert client.post(reverse("notices:test"), {"channel": EMAIL}).status_code == 400
    page = client.get(reverse("notices:settings")).content.decode()
    assert "waiting for confirmation" in page and 'id="confirm-again"' in page

    assert client.get(link_path(link_mail)).status_code == 200
    assert outbox.chosen_channels(carol) == [EMAIL]
    assert "waiting for confirmation" not in client.get(reverse("notices:settings")).content.decode()
    save(client, "carol@example.org")  # saved again, unchanged: no second mail
    assert len(mailbox) == 1


def test_a_changed_address_must_be_confirmed_again_and_an_old_link_confirms_nothing(make_user, mailbox):
    carol = make_user("carol")
    client = logged_in(carol)
    save(client, "carol@example.org")
    old_link = link_path(mailbox[0])
    client.get(old_link)
    save(client, "someone@example.org")
    assert len(mailbox) == 2 and mailbox[1].to == ["someone@example.org"]
    carol.refresh_from_db()
    assert outbox.chosen_channels(carol) == []
    answer = Client().get(old_link)
    assert answer.status_code == 400 and "no longer the one" in answer.content.decode()
    assert outbox.chosen_channels(carol) == []


def test_a_forged_or_expired_confirmation_link_is_refused(make_user, mailbox, settings):
    carol = make_user("carol")
    save(logged_in(carol), "carol@example.org")
    forged = signing.dumps({"u": carol.pk, "e": "carol@example.org"}, salt="another.salt")
    assert Client().get(reverse("notices:confirm", args=[forged])).status_code == 404
    settings.CODEX_NOTICE_CONFIRM_DAYS = -1  # every link is too old
    answer = Client().get(link_path(mailbox[0]))
    assert answer.status_code == 404 and "too old" in answer.content.decode()
    assert not confirm.is_confirmed(carol, NoticeChoice.objects.get(user=carol))


def test_a_notice_row_for_an_address_unconfirmed_since_fails(make_user, mailbox):
    carol = make_user("carol")
    carol.email = "carol@example.org"
    carol.save(update_fields=["email"])
    NoticeChoice.objects.create(user=carol, email=True, email_confirmed="old@example.org")
    notice = Notice.objects.create(user=carol, channel=EMAIL, key="codex-test-x-email")
    assert outbox.deliver(notice.key) == "failed" and mailbox == []


# 1. Limits


def test_test_notices_are_limited_per_account_with_a_sentence(make_user, mailbox, settings):
    settings.CODEX_NOTICE_SENDS_LIMIT, settings.CODEX_NOTICE_SENDS_WINDOW = 3, 600
    carol = make_user("carol")
    NoticeChoice.objects.create(user=carol, webhook_url="https://hooks.example.org/x")
    client = logged_in(carol)
    for _ in range(3):
        assert client.post(reverse("notices:test"), {"channel": WEBHOOK}).status_code == 302
    refused = client.post(reverse("notices:test"), {"channel": WEBHOOK})
    assert refused.status_code == 429 and "Try again in 10 minutes." in refused.content.decode()
    assert Notice.objects.filter(user=carol).count() == 3  # the refused one wrote nothing
    dave = make_user("dave")  # another account is counted apart
    NoticeChoice.objects.create(user=dave, webhook_url="https://hooks.example.org/y")
    assert logged_in(dave).post(reverse("notices:test"), {"channel": WEBHOOK}).status_code == 302


def test_sending_the_link_again_is_limited(make_user, mailbox, settings):
    settings.CODEX_NOTICE_SENDS_LIMIT, settings.CODEX_NOTICE_SENDS_WINDOW = 3, 600
    carol = make_user("carol")
    client = logged_in(carol)
    save(client, "carol@example.org")  # the first of three
    for _ in range(2):
        assert "linked=1" in client.post(reverse("notices:confirm_again"))["Location"]
    refused = client.post(reverse("notices:confirm_again"), follow=True)
    assert len(mailbox) == 3
    assert "No confirmation link was sent. You have sent too many" in refused.content.decode()
    save(client, "other@example.org")  # changing the address does not get round it
    assert len(mailbox) == 3


# 3. A stop link opened changes nothing; its button (or one-click POST) stops


def test_opening_a_stop_link_shows_a_button_and_changes_nothing(make_user):
    carol = make_user("carol")
    NoticeChoice.objects.create(user=carol, email=True, email_confirmed="c@example.org")
    page = Client().get(stoplinks.stop_path(carol.pk, EMAIL))
    assert page.status_code == 200
    text = page.content.decode()
    assert 'method="post"' in text and 'id="stop-confirm"' in text
    assert NoticeChoice.objects.get(user=carol).email


def test_the_button_and_one_click_post_stop_the_channel(make_user):
    carol = make_user("carol")
    NoticeChoice.objects.create(user=carol, email=True, webhook_url="https://hooks.example.org/x")
    client = Client(enforce_csrf_checks=True)  # a mail client has no CSRF token
    answer = client.post(stoplinks.stop_path(carol.pk, EMAIL), {"List-Unsubscribe": "One-Click"})
    assert answer.status_code == 200 and "no more turn notices by e-mail" in answer.content.decode()
    assert not NoticeChoice.objects.get(user=carol).email
    assert client.post(stoplinks.stop_path(carol.pk, WEBHOOK)).status_code == 200
    assert NoticeChoice.objects.get(user=carol).webhook_url == ""


# 2. The links follow where the server runs


def settings_site_url(**env) -> str:
    """CODEX_SITE_URL as a fresh process reads codexsite/settings.py with ``env``."""
    names = ("CODEX_LISTEN", "CODEX_PORT", "CODEX_SITE_URL")
    run_env = {k: v for k, v in os.environ.items() if k not in names}
    run_env.update(env, DJANGO_SETTINGS_MODULE="codexsite.settings")
    return subprocess.run(
        [sys.executable, "-c", "from django.conf import settings; print(settings.CODEX_SITE_URL)"],
        cwd=ROOT,
        env=run_env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def test_the_site_url_default_follows_host_and_port():
    assert settings_site_url() == "http://127.0.0.1:8000"
    assert settings_site_url(CODEX_LISTEN="127.0.0.1", CODEX_PORT="8123") == "http://127.0.0.1:8123"
    assert settings_site_url(CODEX_LISTEN="192.168.1.20", CODEX_PORT="9000") == "http://192.168.1.20:9000"
    lan = next(iter(interface_addresses()), "127.0.0.1")
    assert settings_site_url(CODEX_LISTEN="0.0.0.0", CODEX_PORT="8000") == f"http://{lan}:8000"
    assert settings_site_url(CODEX_LISTEN="0.0.0.0", CODEX_SITE_URL="https://codex.example.org") == (
        "https://codex.example.org"
    )


def test_site_url_for_each_kind_of_listen_address(monkeypatch):
    from codexsite import lan

    monkeypatch.setattr(lan, "interface_addresses", lambda: ["10.1.2.3", "[fd00::2]"])
    assert site_url("", 8000) == "http://127.0.0.1:8000"
    assert site_url("::1", 8001) == "http://127.0.0.1:8001"
    assert site_url("0.0.0.0", 8002) == "http://10.1.2.3:8002"
    assert site_url("fd00::5", 8003) == "http://[fd00::5]:8003"
    monkeypatch.setattr(lan, "interface_addresses", lambda: [])
    assert site_url("::", 8004) == "http://127.0.0.1:8004"


def test_the_makefile_passes_port_on_as_codex_port():
    make = (ROOT / "Makefile").read_text()
    assert re.search(r"^export CODEX_PORT := \$\(PORT\)$", make, re.M)
