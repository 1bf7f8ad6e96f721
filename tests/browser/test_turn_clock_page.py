"""The turn timer through the real pages (issue 14 point 14): a table set
to 30 s a turn; the page shows each player's clock; a player who does not
act runs out of time, is told, and the stand-in bot plays on for her; when
the turn comes back she has her seat, and a full clock, again."""

import os
import re

import pytest

from tests.browser.test_match_page import DESKTOP, Table, api, signup, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

SHOTS = os.environ.get("CODEX_SCREENSHOTS")


def test_a_slow_player_runs_out_of_time_and_the_bot_plays_on(browser, live_server_url):
    base = live_server_url
    tess = signup(browser, base, "bottess", **DESKTOP)
    tess.select_option("#turn-seconds", "60")  # the lobby form offers the timer; the API takes 30 s too
    tess.click("#create-table")
    tess.locator(".table-card.mine .table-meta", has_text="1 min a turn").wait_for()
    tess.locator(".table-card.mine button.leave").click()
    table = api(tess, "POST", "/api/tables/", {"mode": "1hero", "turn_seconds": 30})
    api(tess, "PATCH", f"/api/tables/{table['id']}/seat/", {"heroes": ["troq_bashar"], "ready": True})
    api(tess, "POST", f"/api/tables/{table['id']}/bot/", {"index": 1, "kind": "greedy", "heroes": ["river_montoya"]})
    match_id = api(tess, "POST", f"/api/tables/{table['id']}/start/")["match_id"]
    tess.goto(f"{base}/match/{match_id}/")
    wait_version(tess, 0)
    mine = tess.locator("#seat-0 .clock-tag.running")
    mine.wait_for()
    assert re.fullmatch(r"0:[0-3]\d left", mine.text_content())
    assert tess.locator("#seat-1 .clock-tag").count() == 0  # a bot has no clock
    first = int(mine.get_attribute("data-clock"))
    tess.wait_for_function(f"() => Number(document.querySelector('#seat-0 .clock-tag').dataset.clock) < {first}")
    if SHOTS:
        tess.screenshot(path=f"{SHOTS}/turn-clock.png")
    # She does nothing: out of time, the bot plays on for her.
    tess.locator("#notice", has_text="You ran out of time").wait_for(timeout=60000)
    tess.wait_for_function("() => Number(document.body.dataset.version) >= 1", timeout=60000)
    tess.locator("#log", has_text="Bottess ended their main phase").wait_for()
    # Her turn ends, the bot plays its own, and she has her seat back with a full clock.
    tess.wait_for_function(
        "() => document.body.dataset.active === '0' && Number(document.getElementById('turn').textContent) >= 3",
        timeout=90000,
    )
    tess.locator("#notice", has_text="ran out of time").wait_for(state="hidden", timeout=30000)
    tess.wait_for_function("() => Number(document.querySelector('#seat-0 .clock-tag.running').dataset.clock) > 20")
    # She picks her tech cards herself (the turn about to begin is hers), then plays.
    Table({0: tess}, tess).tech(tess)
    tess.wait_for_function("() => document.body.dataset.phase === 'main' && document.body.dataset.active === '0'")
    assert tess.locator("#action-bar [data-action=end_main]").is_visible()
    assert tess.errors == []
    tess.context.close()
