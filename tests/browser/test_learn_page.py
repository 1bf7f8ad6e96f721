"""Learn to play through the real pages (issue 34 point 1; docs/LEARN.md),
in headless Chromium at 1280x720 and at 390x844: from the lobby's link, the
tutorial's two chapters walked to their end by clicks, each step's panel
saying what to press (lit up) and why; an action the step does not want is
held back with a gentle sentence and changes nothing; Hint says what the
hard bot would do and Take back undoes the last step's action (the panel
going back with it); the last step's one click starts a real game against
the easy bot, where Hint and Take back go. The lesson opened in a second tab
resumes at the step the match reached. axe finds no serious or
critical violation on a lesson's page. Screenshots go to CODEX_SCREENSHOTS
when it names a folder."""

import os
import re

import pytest

from tests.browser.axe import assert_accessible
from tests.browser.test_match_page import PHONE, Table, select, signup, version, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

SHOTS = os.environ.get("CODEX_SCREENSHOTS")
LAPTOP = {"viewport": {"width": 1280, "height": 720}}


def lesson(page, name: str) -> None:
    """Wait until the tutorial's panel shows the step ``name``."""
    page.wait_for_function("n => document.getElementById('learn-lesson').textContent === n", arg=name)


def lit(page) -> int:
    """How many of the page's elements the current step lights up."""
    return page.evaluate(
        """() => { const rule = document.getElementById('learn-style').sheet.cssRules[0];
        return rule ? document.querySelectorAll(rule.selectorText).length : 0; }"""
    )


def shoot(page, name: str, size: str) -> None:
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"learn-{name}-{size}.png"))


def attack_the_base(page, table: Table) -> None:
    """Attack the opponent's base with a ready unit (the attack lessons)."""
    unit = page.locator("#me-area .card.can-act:not(.in-command):not(.kind-hero)").first
    select(unit)
    table.act(page, page.locator("#opponents .target[data-tid^='base:']").first.click, "attack")


def resumes_in_a_new_tab(page, name: str) -> None:
    """The tester's findings 1 and 2: the same lesson opened in a second tab
    shows the step ``name`` the match has reached (not step 1, whose goal was
    met), and its "Since you left" box is framed apart from the whole log
    below it, which holds the same lines (unframed, each read as shown twice)."""
    other = page.context.new_page()
    other.goto(page.url)
    lesson(other, name)
    box = other.locator("#since-left")
    box.wait_for()
    count = box.locator("ol li").count()
    assert count >= 2 and other.locator(".since-count").inner_text() == f"{count} new lines"
    assert box.evaluate("b => parseFloat(getComputedStyle(b).borderTopWidth)") > 0
    other.close()


@pytest.mark.parametrize("size, options", [("laptop", LAPTOP), ("phone", PHONE)])
def test_the_tutorial_is_walked_to_its_end(browser, live_server_url, size, options):
    page = signup(browser, live_server_url, f"learner{size}", **options)
    page.click("#lobby-learn")
    page.wait_for_url(re.compile(r".*/learn/$"))
    page.click("#learn-start")
    page.wait_for_url(re.compile(r".*/learn/match/\d+/$"))
    wait_version(page, 0)
    table = Table({0: page}, page)

    lesson(page, "The turn")
    assert page.locator("#hint-button").is_visible() and page.locator("#take-back-button").is_visible()
    shoot(page, "start", size)
    assert_accessible(page)
    page.click("#learn-next")

    lesson(page, "Workers and gold")
    assert lit(page) >= 1  # the Hire button is lit
    # Not what this step asks: held back with a sentence, nothing sent. The
    # page asks first (gold is left): yes.
    page.click("#action-bar [data-action=end_main]")
    page.locator("#confirm-dialog[open]").wait_for()
    page.click("#confirm-yes")
    page.wait_for_function("() => document.getElementById('notice').textContent.includes('Not yet')")
    assert version(page) == 0
    page.click("#notice .close")  # read: the next action's answer is not mistaken for it
    table.hire(page)

    lesson(page, "Playing units")
    # Alone against a bot: a hint says what the hard bot would do; a take-back
    # undoes the hire, and the tutorial goes back to the step it did.
    page.click("#hint-button")
    page.locator("#hint-text").wait_for()
    assert page.locator("#hint-text").inner_text().startswith("Hint: ")
    page.click("#take-back-button")
    lesson(page, "Workers and gold")
    wait_version(page, 2)
    page.wait_for_function("() => document.getElementById('notice').textContent.includes('Taken back')")
    page.click("#notice .close")
    table.hire(page)
    lesson(page, "Playing units")
    select(page.locator("#hand .card.playable.kind-unit").first)
    table.act(page, page.locator("#inspector [data-action=play]").first.click, "play")

    lesson(page, "The patrol zone")
    assert table.patrol(page)

    lesson(page, "Ending the turn")
    table.end_main(page)

    lesson(page, "Tech")
    page.locator("#tech-panel").wait_for()
    assert lit(page) == 1
    table.tech(page)

    lesson(page, "On to battle")
    shoot(page, "chapter-1-end", size)
    page.click("#learn-next-chapter button")
    page.wait_for_url(re.compile(r".*/learn/match/\d+/$"))
    wait_version(page, 0)
    table = Table({0: page}, page)

    lesson(page, "Heroes")
    assert table.summon(page)

    lesson(page, "Levels")
    select(page.locator("#me-area .card.kind-hero:not(.in-command)").first)
    table.act(page, page.locator("#inspector [data-action=level_up]").first.click, "level_up")

    lesson(page, "Tech buildings")
    resumes_in_a_new_tab(page, "Tech buildings")
    table.act(page, page.locator("#action-bar [data-action=build][data-building=tech_2]").click, "build")

    lesson(page, "Attacking")
    shoot(page, "attacking", size)
    attack_the_base(page, table)

    lesson(page, "Winning")
    attack_the_base(page, table)

    lesson(page, "You won")
    page.wait_for_function("() => document.body.dataset.status === 'finished'")
    # The result dialog covers the tutorial's panel: it offers the real game itself (a newcomer's
    # trial found the panel's button behind it); on the phone the player looks at the board first.
    page.locator("#result-dialog[open]").wait_for()
    assert page.locator("#learn-real-in-dialog").is_visible()
    if size == "phone":
        page.locator("#result-dialog button[value=close]").click()
    shoot(page, "end", size)
    # The lesson is over: nothing to hint or take back.
    page.wait_for_function("() => document.getElementById('hint-button').hidden")
    assert not page.locator("#take-back-button").is_visible()
    page.click("#learn-real-in-dialog" if size == "laptop" else "#learn-real-game button")
    page.wait_for_url(re.compile(r".*/match/\d+/$"))
    wait_version(page, 0)
    page.locator("#seat-1 .bot-tag").wait_for()
    assert "Easy bot" in page.locator("#opponents").inner_text()
    assert page.errors == [], page.errors
    page.context.close()
