"""The replay page in headless Chromium (issue 14 point 11): a finished
match against a bot, replayed action by action (forward, back, jump to a
turn, the end) from the result dialog, as the player's own seat and as a
spectator, who sees no hand."""

import os

import pytest

from tests.browser.test_match_page import (
    DESKTOP,
    PHONE,
    Table,
    api,
    concede_on_page,
    end_main,
    signup,
    start_against_bots,
    wait_version,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

SHOTS = os.environ.get("CODEX_SCREENSHOTS")  # a folder: save screenshots there


def at(page) -> int:
    return int(page.evaluate("document.body.dataset.at"))


def wait_at(page, step: int) -> None:
    page.wait_for_function(f"() => document.body.dataset.at === '{step}'")


def test_a_finished_match_replays_forward_back_and_by_turn(browser, live_server_url):
    base = live_server_url
    rita = signup(browser, base, "botrita", **DESKTOP)
    table = api(rita, "POST", "/api/tables/", {"mode": "1hero"})
    api(rita, "PATCH", f"/api/tables/{table['id']}/seat/", {"heroes": ["troq_bashar"], "ready": True})
    api(rita, "POST", f"/api/tables/{table['id']}/bot/", {"index": 1, "kind": "greedy", "heroes": ["river_montoya"]})
    match_id = api(rita, "POST", f"/api/tables/{table['id']}/start/")["match_id"]
    rita.goto(f"{base}/match/{match_id}/")
    wait_version(rita, 0)
    end_main(rita)  # says yes when the page asks first (gold left)
    wait_version(rita, 1)
    Table({0: rita}, rita).tech(rita)
    rita.wait_for_function(
        "() => document.body.dataset.active === '0' && Number(document.getElementById('turn').textContent) >= 3",
        timeout=60000,
    )
    rita.click("#action-bar [data-action=concede]")
    rita.locator("#confirm-yes").click()
    rita.locator("#result-dialog[open]").wait_for()
    last = int(rita.evaluate("document.body.dataset.version"))

    rita.click("#result-replay")
    rita.wait_for_url(f"{base}/match/{match_id}/replay/*")
    wait_at(rita, 0)
    assert "The start" in rita.inner_text("#replay-step")
    assert rita.locator("#replay-back").is_disabled() and rita.locator("#hand-box").is_visible()  # her own seat
    assert rita.locator("#seat-1 .bot-tag").count() == 1
    rita.click("#replay-forward")
    wait_at(rita, 1)
    assert "Action 1" in rita.inner_text("#replay-step") and "Botrita: end main" in rita.inner_text("#replay-step")
    rita.click("#replay-forward")
    wait_at(rita, 2)
    rita.click("#replay-back")
    wait_at(rita, 1)
    rita.keyboard.press("ArrowRight")
    wait_at(rita, 2)
    rita.select_option("#replay-turn", "3")  # jump: the first step of turn 3, after the bot's turn 2
    rita.wait_for_function("() => Number(document.body.dataset.at) > 3")
    turn_three = at(rita)
    assert "turn 3" in rita.inner_text("#replay-step")
    rita.click("#replay-back")
    wait_at(rita, turn_three - 1)
    assert "turn 2 · Greedy bot" in rita.inner_text("#replay-step")
    rita.click("#replay-last")
    wait_at(rita, last)
    assert rita.locator("#replay-forward").is_disabled()
    assert rita.inner_text("#replay-result") == "Greedy bot won (you conceded)."  # words, not "concession"
    assert "conceded" in rita.inner_text("#log").lower()
    rita.goto(f"{base}/match/{match_id}/replay/#at={turn_three - 2}")  # a link to one step
    wait_at(rita, turn_three - 2)
    rita.locator("#board .player-area").first.wait_for()
    if SHOTS:  # docs/screenshot-replay.png is a copy of the first one (a test run never writes docs/)
        rita.screenshot(path=f"{SHOTS}/screenshot-replay.png")
        rita.screenshot(path=f"{SHOTS}/replay.png", full_page=True)
    assert rita.errors == []

    # A spectator of the public match replays it too, without any hand.
    sam = signup(browser, base, "botsam", **DESKTOP)
    sam.goto(f"{base}/match/{match_id}/replay/")
    wait_at(sam, 0)
    assert sam.locator("#hand-box").is_hidden() and sam.locator("#replay-view-label").is_hidden()
    sam.click("#replay-last")
    wait_at(sam, last)
    assert sam.inner_text("#replay-result") == "Greedy bot won (Botrita conceded)."  # the last step's player
    assert sam.errors == []
    rita.context.close()
    sam.context.close()


def test_the_replay_on_a_phone_keeps_its_controls_in_sight(browser, live_server_url):
    """A newcomer's finding: on a phone the replay opened at the bottom of the
    page and each Forward scrolled it down again, out of sight of its controls.
    The log follows its last line in its own box; the page never moves."""
    base = live_server_url
    pia = signup(browser, base, "phonepia", **PHONE)
    match_id = start_against_bots(pia, "1hero", 1)
    concede_on_page(pia, base, match_id)
    pia.goto(f"{base}/match/{match_id}/replay/")
    wait_at(pia, 0)
    assert pia.locator("#log li").count() > 0
    assert pia.evaluate("window.scrollY") == 0
    pia.click("#replay-forward")
    wait_at(pia, 1)
    assert pia.evaluate("window.scrollY") == 0
    assert pia.locator("#replay-forward").is_visible()
    # the log's own box shows its last line
    assert pia.evaluate("""() => { const box = document.querySelector('.replay-log-panel');
        return box.scrollHeight - box.scrollTop - box.clientHeight < 2; }""")
    if SHOTS:
        pia.screenshot(path=f"{SHOTS}/replay-phone.png")
    assert not pia.errors
    pia.context.close()
