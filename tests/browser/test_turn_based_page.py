"""A turn-based table through the real pages (issue 32): a player creates
a turn-based table in the lobby (a day a move, lose at the first missed
deadline) with a bot, plays her turn, finds the match in "Your matches"
with its time left, and once a day passed for the match (its times moved a
day back in the server's database, then the sweep the workers run every
minute: tests/browser/turnkit.py) the rule has applied: she lost by
concession."""

import re

import pytest

from tests.browser.axe import describe, serious_violations
from tests.browser.test_match_page import DESKTOP, Table, end_main, pick_hero_and_ready, signup, wait_version
from tests.browser.turnkit import open_turn_based_table, pass_days

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def test_a_turn_based_table_from_the_lobby_to_a_missed_deadline(browser, live_server_url):
    base = live_server_url
    page = signup(browser, base, "tbpace32", **DESKTOP)
    card = open_turn_based_table(page, strikes=1, bot="greedy")
    assert "turn-based, 1 d a move, 1 strikes lose" in card.inner_text()
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

    pass_days(match_id, 1)  # a day passes: the deadline with it (tests/browser/turnkit.py)
    page.reload()
    page.locator(f"#history li[data-match='{match_id}']").wait_for()
    assert "You lost" in page.locator(f"#history li[data-match='{match_id}']").inner_text()
    assert page.locator(f"#turn-based li[data-match='{match_id}']").count() == 0
    assert page.errors == []
    page.context.close()
