"""Helpers of the turn-based browser tests (issue 32): notices set up
through the pages, mail and push read where they arrive, and days that
pass for a match.

**Push.** Headless Chromium has no push service to subscribe with (Google's
is not reachable from a test machine, and not wanted). The page's code
path is kept whole: the browser context is granted the notification
permission, the site's service worker registers, and notices.js asks
``registration.pushManager.subscribe`` with the server's VAPID key; only
that call is answered by PUSH_STUB (an init script of the context), with
a subscription whose endpoint is a push receiver on 127.0.0.1
(benchmarks.receivers.Receiver) holding the keys made for it. The page
sends it to the server as a browser's subscription; the server encrypts
each notice for those keys (RFC 8291) and posts it there, and the receiver
decrypts it. The live server allows 127.0.0.1 for notices
(CODEX_NOTICE_ALLOW_NETWORKS in tests/browser/conftest.py); nothing in the
server knows it is tested.

**Mail.** The live server sends by SMTP to the session's MailBox (aiosmtpd);
the confirmation link and the notices' links are read from the mails.

**Days passing.** The live server runs in its own process, so the test's
clock cannot be moved there. A day passes for a match instead: every time
stored on it (its clock's start, its deadline, each seat's deadline) moves
``days`` back in the server's database, which is what the match looks like
once that much time went by; then the deadlines' sweep runs once as its
worker would (``manage.py sweep_deadlines``; the server's own once-a-minute
sweep may take it first: either handles it once, game.deadlines.handle_due).
"""

import json
import os
import re
import sqlite3
import subprocess
import sys
from datetime import datetime, timedelta

from benchmarks.receivers import wait_for
from tests.browser.conftest import ROOT, SERVER

PUSH_STUB = """
(() => {
  const made = %s;
  const key = "codex-test-push";
  const subscription = () => ({
    endpoint: made.endpoint,
    toJSON: () => made,
    unsubscribe: () => { localStorage.removeItem(key); return Promise.resolve(true); },
  });
  PushManager.prototype.subscribe = function () {
    localStorage.setItem(key, "1");
    return Promise.resolve(subscription());
  };
  PushManager.prototype.getSubscription = function () {
    return Promise.resolve(localStorage.getItem(key) ? subscription() : null);
  };
})();
"""


def server_env() -> dict:
    """The environment of a command run on the live server's database."""
    env = dict(os.environ, DATABASE_URL=SERVER["database_url"], CODEX_TASKS_IN_PROCESS="1")
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return env


def _database() -> sqlite3.Connection:
    return sqlite3.connect(SERVER["database_url"].removeprefix("sqlite:///"))


def _earlier(text: str | None, days: float) -> str | None:
    """A time as SQLite holds it (Django's format, UTC), ``days`` earlier."""
    if text is None:
        return None
    return (datetime.fromisoformat(text) - timedelta(days=days)).isoformat(" ")


def pass_days(match_id: int, days: float) -> None:
    """Let ``days`` pass for match ``match_id`` (see the module), then sweep."""
    with _database() as db:
        row = db.execute("SELECT clock_since, deadline FROM game_match WHERE id = ?", (match_id,)).fetchone()
        db.execute(
            "UPDATE game_match SET clock_since = ?, deadline = ? WHERE id = ?",
            (_earlier(row[0], days), _earlier(row[1], days), match_id),
        )
        seats = db.execute(
            "SELECT id, deadline FROM game_matchplayer WHERE match_id = ? AND deadline IS NOT NULL", (match_id,)
        ).fetchall()
        for seat_id, deadline in seats:
            db.execute("UPDATE game_matchplayer SET deadline = ? WHERE id = ?", (_earlier(deadline, days), seat_id))
    subprocess.run(
        [sys.executable, "manage.py", "sweep_deadlines"], cwd=ROOT, env=server_env(), check=True, capture_output=True
    )


def strikes(match_id: int) -> dict:
    """``{seat: strikes}`` of match ``match_id`` as the server stores them."""
    with _database() as db:
        rows = db.execute("SELECT seat, strikes FROM game_matchplayer WHERE match_id = ?", (match_id,)).fetchall()
    return dict(rows)


def body_of(mail) -> str:
    """The text of a mail (an email.message.Message)."""
    part = next(p for p in mail.walk() if p.get_content_type() == "text/plain")
    return part.get_payload(decode=True).decode(part.get_content_charset() or "utf-8")


def mails_to(mailbox, address: str, subject: str = "") -> list:
    """The mails ``mailbox`` got for ``address`` whose subject starts with ``subject``."""
    return [m for m in list(mailbox.mails) if m["To"] == address and str(m["Subject"]).startswith(subject)]


def wait_mail(mailbox, address: str, subject: str, count: int = 1):
    """Wait until ``address`` got ``count`` mails starting with ``subject``; returns the last."""
    assert wait_for(lambda: len(mails_to(mailbox, address, subject)) >= count, 30), (
        address,
        subject,
        [(m["To"], m["Subject"]) for m in mailbox.mails],
    )
    return mails_to(mailbox, address, subject)[count - 1]


def link_after(text: str, label: str) -> str:
    """The web address that follows ``label`` in ``text`` (a mail's body)."""
    found = re.search(re.escape(label) + r"\s*(https?://\S+)", text)
    assert found, text
    return found.group(1)


def pushes_to(receiver, path: str) -> list:
    """The decrypted push payloads ``receiver`` got at ``path``."""
    return [p for p in list(receiver.decrypted) if p["path"] == path]


def take_notices(page, base: str, mailbox, receiver, name: str) -> dict:
    """Through the settings page: e-mail notices on at ``name``@example.org,
    confirmed from the link mailed there, and push on in this browser (a
    subscription at the receiver's ``/push/<name>``). Returns the
    subscription the browser was given."""
    address = f"{name}@example.org"
    made = receiver.subscription(f"/push/{name}")
    page.context.grant_permissions(["notifications"], origin=base)
    page.context.add_init_script(PUSH_STUB % json.dumps(made))
    page.goto(f"{base}/notices/")
    page.check("input[name=email_on]")
    page.fill("input[name=email]", address)
    page.click("#notice-form button[type=submit]")
    page.locator("#confirm-sent").wait_for()
    confirm = link_after(body_of(wait_mail(mailbox, address, "Confirm your address")), "confirm it is yours:")
    page.goto(confirm)
    page.goto(f"{base}/notices/")
    page.click("#push-on")
    page.locator("#push-off").wait_for()
    assert page.inner_text("#push-status") == "Push is on in this browser."
    page.reload()
    assert page.inner_text("#notice-active") == "Notices on: e-mail, push."
    return made


def open_turn_based_table(page, mode: str = "1hero", rule: str = "strikes", strikes: int | None = None, bot=""):
    """On the lobby ``page``: open a turn-based ``mode`` table of a day a
    move, missed deadlines handled by ``rule`` ("strikes", with ``strikes``
    that lose; or "stand_in"), a ``bot`` kind seated at seat 1 (none: "").
    Returns the table's card (a locator)."""
    page.select_option("#mode-select", mode)
    page.select_option("#pace-select", "turn_based")
    page.locator("#turn-based-fields").wait_for()
    page.select_option("#move-seconds", "86400")
    page.select_option("#deadline-rule", rule)
    if strikes is not None:
        page.select_option("#strikes-allowed", str(strikes))
    page.click("#create-table")
    card = page.locator(".table-card.mine")
    card.wait_for()
    if bot:
        seat = card.locator("li[data-seat='1']")
        seat.locator("select.bot-kind").select_option(bot)
        seat.locator("button.add-bot").click()
        seat.locator(".bot-tag").wait_for()
    return card
