"""The chat box counts characters near its limit (issue 27 point 29): a
line longer than the server takes (CODEX_CHAT_MAX_CHARS, 500) was cut
without a word. From 400 characters the box shows the count against the
limit, marked once full; a paste past the limit is cut to it and says so;
after sending, the count goes away. At a laptop's and a phone's size, the
count shows beside the box, inside the screen."""

import os

import pytest
from django.conf import settings

from tests.browser.test_match_page import PHONE, SHOTS, signup, start_against_bots, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

LIMIT = settings.CODEX_CHAT_MAX_CHARS


@pytest.mark.parametrize("size,options", [("laptop", {"viewport": {"width": 1280, "height": 720}}), ("phone", PHONE)])
def test_the_chat_box_counts_near_its_limit(browser, live_server_url, size, options):
    page = signup(browser, live_server_url, f"chatty{size}", **options)
    match_id = start_against_bots(page, "1hero", 1)
    page.goto(f"{live_server_url}/match/{match_id}/")
    wait_version(page, 0)
    page.click(".tab[data-tab=chat]")
    box, count = page.locator("#chat-form input[name=text]"), page.locator("#chat-count")
    box.fill("hello there")
    assert count.is_hidden()  # a short line: no count
    box.fill("é" * (LIMIT - 60))
    assert count.is_visible() and count.inner_text() == f"{LIMIT - 60} / {LIMIT}"
    assert "full" not in count.get_attribute("class")
    box.fill("x" * (LIMIT + 100))  # a paste past the limit is cut to it, and the count says it is full
    assert len(box.input_value()) == LIMIT
    assert count.inner_text() == f"{LIMIT} / {LIMIT}" and "full" in count.get_attribute("class")
    r = count.bounding_box()
    assert r["x"] >= 0 and r["x"] + r["width"] <= options["viewport"]["width"]
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"chat-counter-{size}.png"))
    box.press("Enter")
    page.locator("#chat li", has_text="x" * 40).wait_for()  # the server took the whole line
    assert box.input_value() == "" and count.is_hidden()
    assert page.errors == []
    page.context.close()


def test_a_new_chat_line_scrolls_the_chat_box_not_the_page(browser, live_server_url):
    """A newcomer's finding (replay log, same kind here): a new line was
    scrolled into view, which on a phone moved the whole page away from
    where the player was looking. Only the chat's own box follows it."""
    page = signup(browser, live_server_url, "chatscroll", **PHONE)
    match_id = start_against_bots(page, "1hero", 1)
    page.goto(f"{live_server_url}/match/{match_id}/")
    wait_version(page, 0)
    page.click(".tab[data-tab=chat]")
    page.fill("#chat-form input[name=text]", "still up here")
    page.evaluate("window.scrollTo(0, 0)")
    page.evaluate("document.getElementById('chat-form').requestSubmit()")
    page.locator("#chat li", has_text="still up here").wait_for()
    assert page.evaluate("window.scrollY") == 0
    assert page.errors == []
    page.context.close()
