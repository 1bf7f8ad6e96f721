"""An away player does not stop the game (docs/PROTOCOL.md "Away players"),
through the real pages in headless Chromium: Dave's page says Erin is away
and, once she has been away a while, offers to let a bot play for her; the bot plays her whole turn and the
game comes back to Dave; when Erin opens the match she has her seat back."""

import pytest

from tests.browser.test_match_page import DESKTOP, Table, end_main, signup, start_private_1v1, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def test_a_bot_plays_for_an_away_player_until_she_comes_back(browser, live_server_url):
    base = live_server_url
    dave = signup(browser, base, "dave2", **DESKTOP)
    erin = signup(browser, base, "erin2", **DESKTOP)
    match_id = start_private_1v1(dave, erin)

    dave.goto(f"{base}/match/{match_id}/")  # Erin never opens the match
    wait_version(dave, 0)
    offer = dave.locator("#presence [data-stand-in='1']")
    # The line and its offer come once she has been away long enough (2 s
    # here, a minute normally), at the page's next ping (every 20 s); a
    # moment away shows nothing.
    offer.wait_for(timeout=30000)
    assert dave.locator("#presence").inner_text().startswith("Erin2 is away.")

    end_main(dave)  # says yes when the page asks first (gold left)
    wait_version(dave, 1)
    Table({0: dave}, dave).tech(dave)
    wait_version(dave, 2)
    offer.click()
    dave.locator("#presence", has_text="a bot plays for them").wait_for()
    # The bot plays Erin's turn; then it is Dave's again.
    dave.wait_for_function(
        "() => document.body.dataset.active === '0' && Number(document.getElementById('turn').textContent) >= 3",
        timeout=60000,
    )
    assert dave.locator("#action-bar [data-action=end_main]").is_visible()
    assert "Your turn" in dave.inner_text("#banner-text")

    erin.goto(f"{base}/match/{match_id}/")
    wait_version(erin, int(dave.evaluate("document.body.dataset.version")))
    dave.locator("#presence").wait_for(state="hidden")
    assert dave.errors == [] and erin.errors == []
