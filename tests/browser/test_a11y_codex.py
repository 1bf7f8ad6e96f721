"""The Codex match page read by a screen reader (issue 31 point 4): axe-core
finds no serious or critical violation on a 1-hero match in play against a
bot, as the page opens and after a turn with a hero summoned, a unit in play
and the bot's turn answered. Beside axe's rules: the page has an h1 and a
skip link to the board, the log is a focusable live region, the banner's
turn and connection are outside its live region, every focusable card and
building has a name, and a playable hand card carries a mark besides its
green border."""

import re

import pytest

from tests.browser.axe import assert_accessible
from tests.browser.test_match_page import DESKTOP, Table, signup, start_against_bots, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]


def test_the_codex_match_page_has_no_serious_axe_violation(browser, live_server_url):
    page = signup(browser, live_server_url, "a11y_codex", **DESKTOP)
    match_id = start_against_bots(page, "1hero", 1)
    page.goto(f"{live_server_url}/match/{match_id}/")
    wait_version(page, 0)
    page.locator("#me-area .card").first.wait_for()
    assert_accessible(page)
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip-link"

    table = Table({0: page}, page)
    table.hire(page)
    table.summon(page)
    table.play(page)
    table.end_main(page)
    page.wait_for_function("() => document.body.dataset.active === '0'")
    table.tech(page)
    assert page.locator("#me-area .card:not(.in-command)").count() >= 1
    assert_accessible(page)
    name = page.locator("#me-area .card:not(.in-command)").first.get_attribute("aria-label")
    assert re.search(r"ATK \d+, HP \d+", name), name
    assert page.locator("#me-area .bld.base").get_attribute("aria-label").startswith("Base, Base HP ")
    playable = page.locator("#hand .card.playable")
    assert playable.count() == playable.locator(".play-mark").count()
    for index in range(playable.count()):
        assert "playable" in playable.nth(index).inner_text()
