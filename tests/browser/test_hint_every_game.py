"""The hint names the move in each game's own words (issue 34 point 2).

A fresh tester's finding: in Arcane Codex and C-23 the page took every hint
for a Codex one and looked its card up in Codex's zones ("p.play is not
iterable"), so a hint that named a card never showed and "Thinking about your
move..." stayed, and a hint came in the red box of errors. Here, alone against a greedy bot at the first decision of
each game, the hint arrives as a sentence with no page error; where the
hinted action names a card, the sentence names it as the board's own button
does (the board's `words`, boards.js).
"""

import pytest

from tests.browser.test_above_the_fold import start
from tests.browser.test_match_page import DESKTOP, signup, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

HINTED = "() => { const t = document.getElementById('hint-text'); return !!t && t.textContent.startsWith('Hint: '); }"


@pytest.mark.parametrize("mode,table", [("arcane", {}), ("c23", {"deck": "red"}), ("1hero", {})])
def test_a_hint_shows_in_every_game(browser, live_server_url, mode, table):
    page = signup(browser, live_server_url, f"hint{mode}", **DESKTOP)
    match_id = start(page, mode, 1, **table)
    page.goto(f"{live_server_url}/match/{match_id}/")
    wait_version(page, 0)
    page.locator("#hint-button").wait_for(state="visible")
    # Ask where the bot has nothing left to do but wait on us.
    page.wait_for_function("() => document.getElementById('banner').classList.contains('mine')", timeout=60_000)
    page.click("#hint-button")
    page.wait_for_function(HINTED, timeout=120_000)
    text = page.locator("#hint-text").inner_text()
    assert "undefined" not in text and "[object" not in text
    # News, not an error: not the red box refusals use (the tester's F4).
    assert "info" in page.locator("#notice").get_attribute("class").split()
    assert page.errors == []
    page.context.close()
