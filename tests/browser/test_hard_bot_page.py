"""A whole match against the "hard" bot through the real pages (issue 30
point 5), in headless Chromium: a person opens a 1-hero table, picks "Hard
bot" in the seat's bot choice (the seat's tag then names the level), starts,
and plays every turn on the match page by clicks (the simple policy of
tests/browser/test_black_white_matches.py: tech, hire, build, play, attack,
patrol, end the main phase) while the bot, a search bot thinking at most
CODEX_BOT_THINK_MS a move as background work, plays its own, until one side
wins. Decision (issue 30's "played to its end in the browser"): the person
plays rather than concedes or watches bots, since a match of bots alone
waits for a person (docs/RULINGS.md "Server: bots at the table"). Browser
suite only (.ci/run), like every test here; about two minutes unloaded."""

import re

import pytest

from tests.browser.test_black_white_matches import PlayTable, play_until_won, status
from tests.browser.test_match_page import DESKTOP, pick_hero_and_ready, signup, wait_version
from tests.browser.test_table_bots_page import table_with_a_bot

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]


def test_a_person_plays_a_whole_1hero_match_against_the_hard_bot(browser, live_server_url):
    base = live_server_url
    vi = signup(browser, base, "hardvi", **DESKTOP)
    card, seat = table_with_a_bot(vi, "hard")
    assert seat.locator(".bot-tag").text_content() == "bot · hardest"
    assert seat.locator(".player").inner_text() == "Hard bot"
    pick_hero_and_ready(vi, 0, "troq_bashar")
    card.locator("button.start").click()
    vi.wait_for_url(re.compile(r".*/match/\d+/$"))
    wait_version(vi, 0)
    vi.locator("#seat-1 .bot-tag").wait_for()

    table = PlayTable({0: vi}, vi, seed=30)
    log = play_until_won(table, "hard-bot", max_rounds=600)
    vi.wait_for_function("() => document.body.dataset.status !== 'playing'", timeout=60000)
    vi.locator("#result-dialog[open]").wait_for()
    assert status(vi) == "finished"
    assert "Hard bot" in log  # the bot played under its name
    assert {"end_main"} <= set(table.done)  # she played her turns through the page
    assert vi.errors == [], vi.errors
    vi.context.close()
