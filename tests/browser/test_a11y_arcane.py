"""The Arcane Codex match page read by a screen reader (issue 31 point 4):
axe-core finds no serious or critical violation on a match in play against a
bot, as the page opens, with a card's choice open, with the help overlay
open and on the ended match; the page keeps the
shared structure (h1, skip link, log as a live region, named tiles) checked
on the Codex page."""

import pytest

from tests.browser.axe import assert_accessible
from tests.browser.test_arcane_page import IDLE, Play
from tests.browser.test_match_page import DESKTOP, api, signup, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]


def arcane_against_a_bot(browser, base: str, name: str):
    """A new user ``name`` (desktop size) on the page of an Arcane Codex
    match against a greedy table bot, its first version drawn. Returns the page."""
    page = signup(browser, base, name, **DESKTOP)
    table = api(page, "POST", "/api/tables/", {"mode": "arcane"})
    api(page, "POST", f"/api/tables/{table['id']}/bot/", {"index": 1, "kind": "greedy"})
    api(page, "PATCH", f"/api/tables/{table['id']}/seat/", {"ready": True})
    match_id = api(page, "POST", f"/api/tables/{table['id']}/start/")["match_id"]
    page.goto(f"{base}/match/{match_id}/")
    wait_version(page, 0)
    return page


def test_the_arcane_match_page_has_no_serious_axe_violation(browser, live_server_url):
    page = arcane_against_a_bot(browser, live_server_url, "a11y_arcane")
    page.locator(".acard").first.wait_for()
    assert_accessible(page)


def test_the_arcane_page_stays_accessible_with_the_overlay_and_the_result(browser, live_server_url):
    """The later states (issue 31 point 4): the keyboard's help overlay open
    and the ended match with its result dialog."""
    page = arcane_against_a_bot(browser, live_server_url, "a11y_arcane_late")
    page.keyboard.press("?")
    page.get_by_role("dialog", name="Keyboard shortcuts").wait_for()
    assert_accessible(page)
    page.keyboard.press("Escape")
    page.locator("#keys-dialog:not([open])").wait_for(state="attached")

    page.locator("#action-bar [data-simple=concede]").click()
    page.locator("#confirm-yes").click()
    page.locator("#result-dialog[open]").wait_for()
    assert_accessible(page)


# The page waits on its player (or the match ended), or a card's choice is open.
READY = f"""() => !!document.querySelector('.achoice') || document.body.dataset.status !== 'playing'
    || (!document.body.classList.contains('busy') && !!document.querySelector('#action-bar {IDLE}, .acard.can-act'))"""


def test_the_arcane_page_stays_accessible_with_a_cards_choice_open(browser, live_server_url):
    """A card clicked whose actions need a target or a choice opens the
    choice panel (its options, the lit targets, Cancel): no serious
    violation then (issue 31 point 4). The player plays on as the whole
    match test does until a click opens one."""
    page = arcane_against_a_bot(browser, live_server_url, "a11y_arcane_choice")
    play = Play({0: page}, page)
    for _ in range(60):
        page.wait_for_function(READY, timeout=60000)
        if page.locator(".achoice").count() or page.evaluate("document.body.dataset.status") != "playing":
            break
        play.step(page)
    assert page.locator(".achoice").count(), f"no card's choice opened in {play.done}"
    assert_accessible(page)
