"""Quick pairing through the lobby page (issue 33 point 3): two people, one
on a phone, press "Find opponents" for a rated 1-hero game; the first waits
(the page says for how long and which ratings it accepts, and can stop
looking), the second is paired with her at once, and both pages go to the
same match, where each has the hero they chose or one drawn."""

import os

import pytest

from tests.browser.axe import describe, serious_violations
from tests.browser.test_match_page import PHONE, signup

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

LAPTOP = {"viewport": {"width": 1280, "height": 720}}
SHOTS = os.environ.get("CODEX_SCREENSHOTS")


def test_two_people_press_play_now_and_meet_in_one_match(browser, live_server_url):
    base = live_server_url
    ann = signup(browser, base, "playnowann", **LAPTOP)
    bo = signup(browser, base, "playnowbo", **PHONE)

    ann.select_option("#play-mode", "1hero")
    ann.select_option("#play-hero", "troq_bashar")
    ann.click("#play-now-button")
    ann.locator("#play-now-status").wait_for()
    assert "waited, ratings within 2.5 of yours" in ann.inner_text("#play-now-status")
    assert ann.locator("#play-now-form").is_hidden()
    found = serious_violations(ann)
    assert found == [], describe(found)
    if SHOTS:
        ann.screenshot(path=f"{SHOTS}/play-now-waiting.png")
    # Stop looking, then look again: the page offers the form back.
    ann.click("#play-now-cancel")
    ann.locator("#play-now-form").wait_for()
    ann.click("#play-now-button")
    ann.locator("#play-now-status").wait_for()

    bo.select_option("#play-mode", "1hero")  # hero left to chance
    bo.click("#play-now-button")
    bo.wait_for_url(f"{base}/match/*/")
    ann.wait_for_url(bo.url)  # her page asks every 2 s and follows
    for page in (ann, bo):
        page.wait_for_function("document.body.dataset.version")
        assert not page.errors, page.errors
    assert "Troq Bashar" in ann.inner_text("body")
    if SHOTS:
        bo.screenshot(path=f"{SHOTS}/play-now-match-phone.png")


def test_a_refused_pick_says_why_in_the_panel(browser, live_server_url):
    page = signup(browser, live_server_url, "playnowcid", **PHONE)
    page.select_option("#play-mode", "c23")
    assert page.locator("#play-hero-label").is_hidden() and page.locator("#play-deck-label").is_visible()
    page.select_option("#play-mode", "3hero")  # three heroes: drawn, no hero menu
    assert page.locator("#play-hero-label").is_hidden()
    page.evaluate("document.getElementById('play-pace').add(new Option('5 s', '5'))")
    page.select_option("#play-pace", "5")
    page.click("#play-now-button")
    page.locator("#play-now-error").wait_for()
    assert "turn_seconds" in page.inner_text("#play-now-error")
    assert page.locator("#play-now-form").is_visible()
