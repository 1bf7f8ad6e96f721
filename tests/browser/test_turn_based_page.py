"""A turn-based table through the real pages (issue 32): a player creates
a turn-based table in the lobby (a day a move, lose at the first missed
deadline) with a bot, plays her turn, finds the match in "Your matches"
with its time left, and once the clock is shifted past her next deadline
(the server's database, then the sweep the workers run every minute) the
rule has applied: she lost by concession."""

import os
import re
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta

import pytest

from benchmarks.servers import ROOT
from tests.browser.axe import describe, serious_violations
from tests.browser.conftest import SERVER
from tests.browser.test_match_page import DESKTOP, Table, end_main, pick_hero_and_ready, signup, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def shift_past_deadline(match_id: int) -> None:
    """Move the match's clock a day back in the live server's database (as
    if the day had passed), then run the sweep once, as its worker would."""
    path = SERVER["database_url"].removeprefix("sqlite:///")
    gone = (datetime.now(UTC) - timedelta(minutes=1)).strftime("%Y-%m-%d %H:%M:%S.%f")
    with sqlite3.connect(path) as db:
        db.execute("UPDATE game_match SET deadline = ? WHERE id = ?", (gone, match_id))
        db.execute(
            "UPDATE game_matchplayer SET deadline = ? WHERE match_id = ? AND deadline IS NOT NULL", (gone, match_id)
        )
    env = dict(os.environ, DATABASE_URL=SERVER["database_url"], CODEX_TASKS_IN_PROCESS="1")
    env.pop("DJANGO_SETTINGS_MODULE", None)
    done = subprocess.run(
        [sys.executable, "manage.py", "sweep_deadlines"], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    assert "1 overdue" in done.stdout, done.stdout + done.stderr


def test_a_turn_based_table_from_the_lobby_to_a_missed_deadline(browser, live_server_url):
    base = live_server_url
    page = signup(browser, base, "tbpace32", **DESKTOP)
    page.select_option("#pace-select", "turn_based")
    page.locator("#turn-based-fields").wait_for()
    page.select_option("#move-seconds", "86400")
    page.select_option("#deadline-rule", "strikes")
    page.select_option("#strikes-allowed", "1")
    page.click("#create-table")
    card = page.locator(".table-card.mine")
    card.wait_for()
    assert "turn-based, 1 d a move, 1 strikes lose" in card.inner_text()
    seat = card.locator("li[data-seat='1']")
    seat.locator("select.bot-kind").select_option("greedy")
    seat.locator("button.add-bot").click()
    seat.locator(".bot-tag").wait_for()
    pick_hero_and_ready(page, 0, "troq_bashar")
    card.locator("button.start").click()
    page.wait_for_url(f"{base}/match/*/")
    match_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    wait_version(page, 0)
    end_main(page)
    wait_version(page, 1)
    Table({0: page}, page).tech(page)
    page.wait_for_function(  # the bot plays its turn in the background; hers again
        "() => document.body.dataset.active === '0' && Number(document.getElementById('turn').textContent) >= 3",
        timeout=60000,
    )
    page.locator("#export-turn").click()
    page.wait_for_function("() => document.getElementById('turn-text').value.startsWith('[Codex] Match')")

    page.goto(f"{base}/")
    entry = page.locator(f"#turn-based li[data-match='{match_id}']")
    entry.wait_for()
    text = entry.inner_text()
    assert "Your turn" in text and "against Greedy bot" in text
    assert re.search(r"\b\d+ (d|h)\b.* left", text), text  # about a day left: "1 d left", "23 h 58 min left"
    assert page.locator(f"#my-matches li[data-match='{match_id}']").count() == 0  # listed once
    found = serious_violations(page)  # the lobby with its turn-based list (issue 31 point 4)
    assert found == [], describe(found)

    shift_past_deadline(match_id)
    page.reload()
    page.locator(f"#history li[data-match='{match_id}']").wait_for()
    assert "You lost" in page.locator(f"#history li[data-match='{match_id}']").inner_text()
    assert page.locator(f"#turn-based li[data-match='{match_id}']").count() == 0
    assert page.errors == []
    page.context.close()
