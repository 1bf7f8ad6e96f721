"""Tester's F11: on a 390x844 phone "Since you left" sat at y~1405 of a
1919 px page, under the whole board and behind the fixed action bar, and
nothing above the fold said there were new lines. A line at the top of
the page now says how many things happened and its button brings the
box into sight, at a phone's size and a laptop's."""

import os

import pytest

from tests.browser.test_match_page import PHONE, SHOTS, Table, signup, start_against_bots, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

LAPTOP = {"viewport": {"width": 1280, "height": 720}}

# The part of the viewport the fixed action bar (a phone's) leaves free above it.
FREE_BOTTOM = """() => {
  const bar = document.getElementById("controls");
  const fixed = bar && getComputedStyle(bar).position === "fixed";
  return fixed ? bar.getBoundingClientRect().top : window.innerHeight;
}"""


def in_sight(page, selector: str) -> bool:
    """The top of ``selector`` lies in the viewport, above a fixed action bar."""
    box = page.locator(selector).bounding_box()
    return box is not None and 0 <= box["y"] < page.evaluate(FREE_BOTTOM) - 20


@pytest.mark.parametrize("size, options", [("phone", PHONE), ("laptop", LAPTOP)])
def test_since_you_left_is_told_at_the_top_and_one_press_away(browser, live_server_url, size, options):
    page = signup(browser, live_server_url, f"since{size}", **options)
    match_id = start_against_bots(page, "1hero", 1)
    page.goto(f"{live_server_url}/match/{match_id}/")
    wait_version(page, 0)
    Table({0: page}, page).end_main(page)  # her turn ends; the bot's lines follow

    back = page.context.new_page()
    back.errors = []
    back.on("pageerror", lambda err: back.errors.append(str(err)))
    back.goto(f"{live_server_url}/match/{match_id}/")
    line = back.locator("#since-left-line")
    back.locator("#since-left ol li").first.wait_for(state="attached")
    line.wait_for(timeout=5000)
    count = back.locator("#since-left ol li").count()
    assert count >= 1
    assert line.inner_text().startswith(f"{count} thing{'s' if count > 1 else ''} happened since you left")
    assert in_sight(back, "#since-left-line"), "the line is above the fold"
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        back.screenshot(path=os.path.join(SHOTS, f"since-left-top-{size}.png"))
    line.get_by_role("button", name="Show").click()
    back.wait_for_function("() => document.getElementById('since-left').getBoundingClientRect().top < innerHeight")
    assert back.locator("#since-left").is_visible() and in_sight(back, "#since-left"), "not behind the action bar"
    if SHOTS:
        back.screenshot(path=os.path.join(SHOTS, f"since-left-shown-{size}.png"))
    back.locator("#since-left .since-close").click()
    assert not line.is_visible()  # hidden with the box
    assert back.errors == []
