"""Bots at the table through the real pages (issue 14 point 9): one person
opens a 1v1 table in the lobby, puts a bot in the other seat, starts, and
plays: the bot's moves arrive on their own, it is tagged a bot on the board
and named a bot in the log, and the turn comes back to her."""

import os

import pytest

from tests.browser.test_match_page import DESKTOP, Table, end_main, pick_hero_and_ready, signup, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

SHOTS = os.environ.get("CODEX_SCREENSHOTS")  # a folder: save screenshots there


def table_with_a_bot(page, kind: str) -> tuple:
    """On the lobby ``page``, create a 1-hero table and put a bot of
    ``kind`` in seat 1 through the seat's bot choice; returns the table's
    card and that seat's row, once the seat shows its bot tag."""
    page.click("#create-table")
    card = page.locator(".table-card.mine")
    card.wait_for()
    seat = card.locator("li[data-seat='1']")
    seat.locator("select.bot-kind").select_option(kind)
    seat.locator("button.add-bot").click()
    seat.locator(".bot-tag").wait_for()
    return card, seat


def test_a_person_plays_a_1v1_against_a_bot_from_the_lobby(browser, live_server_url):
    base = live_server_url
    solo = signup(browser, base, "botsolo", **DESKTOP)
    card, seat = table_with_a_bot(solo, "greedy")
    assert seat.locator(".player").inner_text() == "Greedy bot" and seat.locator(".ready-flag").count() == 1
    assert seat.locator("button.take").count() == 0  # nobody takes a bot's seat
    pick_hero_and_ready(solo, 0, "troq_bashar")
    if SHOTS:
        solo.screenshot(path=f"{SHOTS}/lobby-table-with-bot.png")
    card.locator("button.start").click()
    solo.wait_for_url(f"{base}/match/*/")
    wait_version(solo, 0)
    solo.locator("#seat-1 .bot-tag").wait_for()
    assert solo.locator("#seat-0 .bot-tag").count() == 0

    end_main(solo)  # says yes when the page asks first (gold left)
    wait_version(solo, 1)
    Table({0: solo}, solo).tech(solo)
    # The bot plays its whole turn by itself; then it is hers again.
    solo.wait_for_function(
        "() => document.body.dataset.active === '0' && Number(document.getElementById('turn').textContent) >= 3",
        timeout=60000,
    )
    assert int(solo.evaluate("document.body.dataset.version")) > 3  # several bot moves came
    assert "Greedy bot" in solo.inner_text("#log")
    assert "Your turn" in solo.inner_text("#banner-text")
    if SHOTS:
        solo.screenshot(path=f"{SHOTS}/match-against-a-bot.png")
    assert solo.errors == []
    solo.context.close()


def test_a_free_for_all_with_two_bots_tags_them_in_the_seat_strip(browser, live_server_url):
    """One person and two bots in a free-for-all (three seats): the seat
    strip and the areas tag both bots; after her turn both bots play theirs
    and the game comes back to her."""
    from tests.browser.test_match_page import api

    base = live_server_url
    fay = signup(browser, base, "botfay", **DESKTOP)
    table = api(fay, "POST", "/api/tables/", {"mode": "ffa", "seat_count": 3})
    api(fay, "PATCH", f"/api/tables/{table['id']}/seat/", {"heroes": ["troq_bashar"], "ready": True})
    api(fay, "POST", f"/api/tables/{table['id']}/bot/", {"index": 1, "kind": "greedy", "heroes": ["river_montoya"]})
    api(fay, "POST", f"/api/tables/{table['id']}/bot/", {"index": 2, "kind": "random", "heroes": ["jaina_stormborne"]})
    fay.goto(f"{base}/")
    fay.locator(".table-card.mine .bot-tag").nth(1).wait_for()
    match_id = api(fay, "POST", f"/api/tables/{table['id']}/start/")["match_id"]
    fay.goto(f"{base}/match/{match_id}/")
    wait_version(fay, 0)
    for seat in (1, 2):
        fay.locator(f"#seat-strip [data-seat='{seat}'] .bot-tag").wait_for()
        fay.locator(f"#seat-{seat} .bot-tag").wait_for()
    assert fay.locator("#seat-strip [data-seat='0'] .bot-tag").count() == 0
    assert "Greedy bot 2" in fay.inner_text("#seat-strip") and "Random bot 3" in fay.inner_text("#seat-strip")
    end_main(fay)  # says yes when the page asks first (gold left)
    wait_version(fay, 1)
    Table({0: fay}, fay).tech(fay)
    fay.wait_for_function(
        "() => document.body.dataset.active === '0' && Number(document.getElementById('turn').textContent) >= 4"
        " && document.body.dataset.phase === 'main'",
        timeout=90000,
    )
    log = fay.inner_text("#log")
    assert "Greedy bot 2 ended their main phase" in log and "Random bot 3" in log
    if SHOTS:  # docs/screenshot-table-bots.png is a copy of it (a test run never writes docs/)
        fay.screenshot(path=f"{SHOTS}/screenshot-table-bots.png")
    assert fay.errors == []
    fay.context.close()
