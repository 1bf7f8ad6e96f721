"""The How to play page reads on a phone (390x844) without sideways
scrolling, is reachable logged out, and lists every glossary entry; with
CODEX_SCREENSHOTS set it is saved there."""

import os

import pytest

from game.codex import glossary
from tests.browser.test_match_page import PHONE, SHOTS

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


def test_how_to_play_reads_on_a_phone(browser, live_server_url):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{live_server_url}/how-to-play/")
    assert page.locator("h1").inner_text() == "How to play Codex"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert page.locator("[data-keyword]").count() == len(glossary.KEYWORDS)
    assert page.locator("#glossary-slots [data-slot]").count() == len(glossary.PATROL_SLOTS)
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, "how-to-play-phone.png"))
    context.close()
