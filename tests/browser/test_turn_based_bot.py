"""Issue 32, "Done when": a turn-based 1v1 against a table bot that moves
with no page open.

A player turns on e-mail (confirmed through a local SMTP server) and push
(a decrypting receiver here: tests/browser/turnkit.py), opens a turn-based
table (a day a move) in the lobby with a Greedy bot, starts, plays her turn
and closes the match page. The bot plays its turn in the background worker
while no page of the match is open anywhere; the turn comes back to her,
and she is told by push and by mail. She opens the mail's link and the page
shows "since you left" with the bot's moves.

This test has its own server, where a bot waits CODEX_STAND_IN_DELAY (8 s)
before its turn (the session's server plays bots at once): the page closes
well before the bot moves, so the move is made with no page open; were the
page still open, no notice would come (docs/ARCHITECTURE.md "Notices: not
while you look") and the test would fail rather than pass by chance."""

import pytest

from benchmarks.receivers import wait_for
from tests.browser.conftest import serving
from tests.browser.test_match_page import Table, pick_hero_and_ready, signup, wait_version
from tests.browser.test_notice_settings_page import LAPTOP
from tests.browser.turnkit import (
    body_of,
    link_after,
    mails_to,
    open_turn_based_table,
    pushes_to,
    take_notices,
    wait_mail,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

BOT_PAUSE = 8  # seconds a bot waits before its turn on this test's server


@pytest.fixture(scope="module")
def paced_server_url(mailbox):
    """A live server of its own whose bots pause BOT_PAUSE seconds before their turn."""
    with serving(mailbox, CODEX_STAND_IN_DELAY=str(BOT_PAUSE)) as (base, _database):
        yield base


def test_the_bot_moves_with_no_page_open_and_the_player_is_told(browser, paced_server_url, mailbox, pushes):
    base = paced_server_url
    page = signup(browser, base, "tbsolo", **LAPTOP)
    take_notices(page, base, mailbox, pushes, "tbsolo")
    page.goto(f"{base}/")
    card = open_turn_based_table(page, rule="stand_in", bot="greedy")
    assert "turn-based, 1 d a move, a bot plays a missed turn" in card.inner_text()
    pick_hero_and_ready(page, 0, "troq_bashar")
    card.locator("button.start").click()
    page.wait_for_url(f"{base}/match/*/")
    match_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    subject = f"Your turn: match {match_id} "
    wait_mail(mailbox, "tbsolo@example.org", subject, 1)  # told at the start (no page was open yet)

    # Her turn, then she closes the page: the bot's turn comes after its pause.
    wait_version(page, 0)
    table = Table({0: page}, page)
    table.hire(page)
    table.end_main(page)
    table.tech(page)
    assert page.evaluate("document.body.dataset.active") == "1"
    context = page.context
    page.close()

    # The bot plays in the background; the turn comes back to her: a push and a mail.
    mail = wait_mail(mailbox, "tbsolo@example.org", subject, 2)
    assert wait_for(lambda: len([p for p in pushes_to(pushes, "/push/tbsolo") if p["title"] == mail["Subject"]]) == 2)
    assert "against Greedy bot" in body_of(mail)

    # She opens the mail's link: "since you left" shows what the bot did.
    back = context.new_page()
    back.errors = []
    back.on("pageerror", lambda err: back.errors.append(str(err)))
    back.goto(link_after(body_of(mail), "Play:"))
    wait_version(back, 2)
    assert back.evaluate("document.body.dataset.active") == "0"
    since = back.locator("#since-left")
    since.wait_for()
    assert "Greedy bot" in since.inner_text(), since.inner_text()
    assert len(mails_to(mailbox, "tbsolo@example.org", subject)) == 2
    assert back.errors == []
    context.close()
