"""A finished C-23 match replays in the page (issue 18: replays as for the
other games): its own board, read-only, step by step, as the player's seat
(their hand, the others' counts) and as a spectator (counts only). A fresh
tester found the replay page stuck on "Loading…" with a script error, and
its result line said "No winner" for a game someone won."""

import pytest

from tests.browser.test_match_page import DESKTOP, api, signup

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def wait_at(page, step: int) -> None:
    page.wait_for_function(f"() => document.body.dataset.at === '{step}'")


def test_a_conceded_c23_match_replays_step_by_step(browser, live_server_url):
    base = live_server_url
    cleo = signup(browser, base, "c23cleo", **DESKTOP)
    errors = []
    cleo.on("pageerror", lambda exc: errors.append(str(exc)))
    table = api(cleo, "POST", "/api/tables/", {"mode": "c23", "seat_count": 3, "deck": "red"})
    api(cleo, "PATCH", f"/api/tables/{table['id']}/seat/", {"ready": True})
    for index in (1, 2):
        api(cleo, "POST", f"/api/tables/{table['id']}/bot/", {"index": index, "kind": "greedy"})
    match_id = api(cleo, "POST", f"/api/tables/{table['id']}/start/")["match_id"]
    cleo.goto(f"{base}/match/{match_id}/")
    cleo.locator("#c23-concede").click()  # the bots play on meanwhile: the question stays open
    cleo.locator("#c23-concede-yes").click()
    cleo.locator("#result-dialog[open]").wait_for(timeout=60000)  # the two bots play it out

    cleo.click("#result-replay")
    cleo.wait_for_url(f"{base}/match/{match_id}/replay/*")
    wait_at(cleo, 0)
    assert "The start" in cleo.inner_text("#replay-step")
    assert cleo.locator(".c23-player").count() == 3
    mine = cleo.locator('.c23-player[data-seat="0"]')
    # Her own hand, as she saw it: the 7 dealt, 8 when she went first and drew (K23).
    assert mine.locator('[data-zone="hand"] .c23-card').count() in (7, 8)
    assert cleo.locator('.c23-player[data-seat="1"] [data-zone="hand"]').count() == 0  # a bot's: its count
    assert cleo.locator("#c23-actions").count() == 0  # read-only: no controls at all
    cleo.click("#replay-forward")
    wait_at(cleo, 1)
    assert "Action 1" in cleo.inner_text("#replay-step")
    cleo.click("#replay-last")
    cleo.wait_for_function("() => document.getElementById('replay-forward').disabled")
    # Who won and how, as the board's own line says it at the end (it said "No winner" for a game a bot won).
    result = cleo.inner_text("#replay-result")
    assert result == cleo.inner_text("#c23-status") and " wins" in result and "No winner" not in result
    assert errors == []

    watcher = signup(browser, base, "c23watch", **DESKTOP)
    watcher.goto(f"{base}/match/{match_id}/replay/")
    wait_at(watcher, 0)
    assert watcher.locator(".c23-player").count() == 3
    assert watcher.locator('[data-zone="hand"]').count() == 0  # a spectator sees no hand at all
