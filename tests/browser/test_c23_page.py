"""A 3-player C-23 match through the real pages (issue 18), in three
headless Chromium contexts: one player saves a deck in the deck builder, the
host opens a C-23 table for 3 in the lobby (its five table options shown at
their defaults), each player takes a seat and picks a deck there (a starter
or the saved one; the seat shows its name), all get ready and the host
starts. On the match page each player sees their own hand and the others'
counts only (K19), and the banner says whose turn it is; each player's
resource play (K8) reaches the three pages.
Screenshots (CODEX_SCREENSHOTS=folder) are taken along the way.
"""

import os
import re

import pytest

from tests.browser.test_match_page import DESKTOP, SHOTS, notice, signup, version, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]


def shoot(page, name):
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.evaluate("window.scrollTo(0, 0)")  # the sticky banner at the top of a full-page picture
        page.screenshot(path=os.path.join(SHOTS, f"c23-{name}.png"), full_page=True)


def seat_row(page, seat):
    return page.locator(f".table-card.mine li[data-seat='{seat}']")


def pick_deck_and_ready(page, seat, label):
    """Pick the deck called ``label`` at ``seat``, wait for the seat to show it, get ready."""
    row = seat_row(page, seat)
    row.locator("select.deck-choice").select_option(label=label)
    row.locator(".seat-deck strong", has_text=label).wait_for()
    row.locator("button.ready").click()
    row.locator(".ready-flag").wait_for()


def click_and_wait(page, selector, pages):
    """Click ``selector`` on ``page`` (one action): it is not refused and
    every page reaches the version it made."""
    before = version(page)
    page.locator(selector).first.click()
    page.wait_for_function(
        "v => Number(document.body.dataset.version) > v || !document.getElementById('notice').hidden", arg=before
    )
    assert notice(page) == "", notice(page)
    for other in pages:
        wait_version(other, version(page))


def test_three_players_pick_decks_and_play_c23(browser, live_server_url):
    base = live_server_url
    host, berta, cato = (signup(browser, base, name, **DESKTOP) for name in ("amos", "berta", "cato"))

    # berta saves a deck of her own first (the blue starter under her name for it).
    berta.goto(f"{base}/decks/")
    berta.click('[data-starter="blue"]')
    berta.wait_for_function("document.getElementById('deck-valid').textContent === 'Legal deck'")
    berta.fill("#deck-name", "Tide runner")
    berta.click("#deck-save")
    berta.wait_for_function("document.getElementById('deck-message').textContent.startsWith('Saved')")

    # The host opens a C-23 table for three: five options, each at its default.
    host.select_option("#mode-select", "c23")
    assert host.locator("#game-options [data-option]").count() == 5
    assert host.locator("[data-option=summoning_sickness]").input_value() == "false"
    assert "(default)" in host.locator("[data-option=combat_cards_each] option:checked").inner_text()
    host.select_option("[data-option=combat_cards_each]", "2")
    host.select_option("#seat-count", "3")
    host.click("#new-table button[type=submit]")
    card = host.locator(".table-card.mine")
    card.wait_for()
    assert "Combat cards per side in a fight: two" in card.locator(".table-options").inner_text()
    assert card.locator("li[data-seat='0'] button.ready").is_disabled()  # no deck yet
    invite = card.locator("input.invite-link").input_value()
    pick_deck_and_ready(host, 0, "Green starter")

    for page, seat, label in ((berta, 1, "Tide runner"), (cato, 2, "Red starter")):
        page.goto(invite)
        page.locator(f".table-card.focus li[data-seat='{seat}'] button.take").click()
        seat_row(page, seat).locator("select.deck-choice").wait_for()
        if seat == 1:
            shoot(page, "lobby")
        pick_deck_and_ready(page, seat, label)
    for seat, label in ((0, "Green starter"), (1, "Tide runner"), (2, "Red starter")):  # each seat's deck, for all
        seat_row(host, seat).locator(".seat-deck strong", has_text=label).wait_for()
    host.wait_for_function("() => !document.querySelector('.table-card.mine button.start').disabled")
    host.locator(".table-card.mine button.start").click()
    pages = [host, berta, cato]
    for page in pages:
        page.wait_for_url(re.compile(r".*/match/\d+/$"))
        wait_version(page, 0)
        page.locator("#c23-board").wait_for()
    by_seat = {int(p.evaluate("document.body.dataset.seat")): p for p in pages}
    assert sorted(by_seat) == [0, 1, 2]

    # Each sees their own hand, the others' as counts only (K19).
    for seat, page in by_seat.items():
        mine = page.locator(f'.c23-player[data-seat="{seat}"]')
        assert mine.locator('[data-zone="hand"] .c23-card').count() >= 7
        for other in {0, 1, 2} - {seat}:
            them = page.locator(f'.c23-player[data-seat="{other}"]')
            assert them.locator('[data-zone="hand"]').count() == 0
            assert re.search(r"Hand: \d+", them.locator(".hand-count").inner_text())
        assert "own invention" in page.inner_text("#c23-origin")
        assert page.locator("#controls").is_hidden()  # no empty dock over the board's own buttons

    # One turn each: the player whose turn it is plays a resource (K8), seen on
    # every page in that player's resources; then ends the turn.
    played = []
    for _ in range(3):
        active = int(host.locator("#c23-board").get_attribute("data-active"))
        page = by_seat[active]
        for seat, other in by_seat.items():  # the banner says whose turn it is, as each reads it
            other.wait_for_function("() => document.getElementById('banner-text').textContent.includes('turn')")
            banner = other.inner_text("#banner-text")
            assert banner.startswith("Your turn") if seat == active else "'s turn" in banner, (seat, banner)
        button = page.locator('#c23-actions button[data-action="play_resource"]').first
        button.wait_for()
        # the card's name (a copy number, "#2", follows it when the hand holds two)
        name = re.sub(r"^Play (.+?)(?: #\d+)? as your resource$", r"\1", button.inner_text())
        click_and_wait(page, '#c23-actions button[data-action="play_resource"]', pages)
        for other in pages:
            zone = other.locator(f'.c23-player[data-seat="{active}"] [data-zone="resources"]')
            assert name in zone.inner_text(), (active, name)
        played.append(active)
        if len(played) == 3:
            shoot(by_seat[0], "match")
            shoot(by_seat[2], "match-seat2")
        click_and_wait(page, '#c23-actions button[data-action="end_turn"]', pages)
    assert sorted(played) == [0, 1, 2]
    for page in pages:  # the page's log panel carries the game's log (the board draws none of its own)
        assert page.locator("#log li").count() >= 10  # every player acted once, in turn (K24: to the left)
    for page in pages:
        assert page.errors == [], page.errors
