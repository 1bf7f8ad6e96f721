"""A "win this turn" puzzle solved through the real pages (issue 34 point
3), at 390x844 and 1280x720: the lobby links the puzzles, "Start a puzzle"
opens the match of the puzzle served (the page names it), the solver plays
its stored line by clicks (select the attacker, click the target; a
prompt's option by its button), the match ends won, and the puzzle page
says solved, the solver's rating risen."""

import re

import pytest

from community import skill
from puzzles.services import stored
from tests.browser.test_black_white_matches import shoot, status
from tests.browser.test_match_page import end_main, select, signup, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1280, "height": 720}},
}


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_newcomer_solves_a_puzzle(browser, live_server_url, size):
    page = signup(browser, live_server_url, f"solver{size}", **SIZES[size])
    page.click("#lobby-puzzles a")
    page.wait_for_url(re.compile(r".*/puzzles/$"))
    shoot(page, f"puzzles-{size}-start")
    page.click("#puzzle-next")
    page.wait_for_url(re.compile(r".*/match/\d+/$"))
    match_url = page.url
    page.goto(f"{live_server_url}/puzzles/")
    puzzle = stored()[page.locator("#puzzle-current").get_attribute("data-puzzle")]
    page.goto(match_url)
    wait_version(page, 0)
    shoot(page, f"puzzles-{size}-match")
    for step, action in enumerate(puzzle["line"]):
        if action["type"] == "attack":
            select(page.locator(f"#me-area .card[data-tid='{action['attacker']}']"))
            page.locator(f"#opponents .target[data-tid='{action['target']}']").click()
        else:
            assert action["type"] == "choose", action  # what this test knows how to click
            panel = page.locator("#prompt-panel")
            for option in action["choice"]:
                panel.locator(f"[data-option='{option}']").click()
            if panel.locator("[data-action=choose]").count():  # more than one to pick: confirm them
                panel.locator("[data-action=choose]").click()
        wait_version(page, step + 1)
    page.wait_for_function("() => document.body.dataset.status !== 'playing'")
    assert status(page) == "finished"
    page.goto(f"{live_server_url}/puzzles/")
    page.locator("#puzzle-last.puzzle-solved").wait_for()
    shoot(page, f"puzzles-{size}-solved")
    rating = float(page.locator("#puzzle-rating strong").inner_text())
    assert rating > skill.shown(*skill.START)
    assert page.errors == [], page.errors
    page.context.close()


def test_ending_the_turn_fails_the_puzzle_on_the_page(browser, live_server_url):
    """Finding F2: the solver ends its main phase at once; the page shows
    the match over with the puzzle failed, nobody opening the puzzle page."""
    page = signup(browser, live_server_url, "failer", **SIZES["laptop"])
    page.goto(f"{live_server_url}/puzzles/")
    page.click("#puzzle-next")
    page.wait_for_url(re.compile(r".*/match/\d+/$"))
    wait_version(page, 0)
    end_main(page)
    page.locator("#result-dialog[open]").wait_for()
    assert page.inner_text("#result-text") == "Puzzle failed: the turn passed without a win."
    assert status(page) == "finished"
    assert page.errors == [], page.errors
    page.context.close()
