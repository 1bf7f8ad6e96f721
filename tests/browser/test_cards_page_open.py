"""The codex browser reads without an account (issue 27 point 29): like
How to play, a newcomer looks at the cards before signing up. A visitor
who is not logged in finds Cards in the header, and the page shows the
heroes and their cards, at a laptop's and a phone's size, with nothing of
anyone's own (no name, no log-out)."""

import os

import pytest

from tests.browser.test_match_page import PHONE, SHOTS, WAIT_MS

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


@pytest.mark.parametrize("size,options", [("laptop", {"viewport": {"width": 1280, "height": 720}}), ("phone", PHONE)])
def test_a_visitor_reads_the_cards(browser, live_server_url, size, options):
    context = browser.new_context(**options)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(f"{live_server_url}/how-to-play/")
    page.click("#nav-cards")
    page.wait_for_url(f"{live_server_url}/cards/")
    page.locator("#hero-card").wait_for()
    assert page.locator("#hero-page .codex-card").count() >= 12  # the hero's spec cards and its starting deck
    page.locator("#hero-nav a, #hero-nav button").nth(1).click()
    page.locator("#hero-card").wait_for()
    assert page.locator("#whoami").count() == 0 and "Log in" in page.inner_text("header")
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"cards-logged-out-{size}.png"))
    assert errors == []
    context.close()
