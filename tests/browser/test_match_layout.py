"""The match page fits a 1280x720 laptop and a 390x844 phone (issue 14,
"Layout"), in headless Chromium after a few real turns of a 1v1: on the
laptop, scrolled to the bottom, the hand dock covers neither one's own
base nor one's stats; on the phone the action bar never scrolls sideways
(every button inside the screen). With CODEX_SCREENSHOTS set, the pages are
saved there (docs/screenshot-match.png and docs/screenshot-phone.png come
from them)."""

import os

import pytest

from tests.browser.test_match_page import PHONE, SHOTS, Table, signup, start_private_1v1, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

LAPTOP = {"viewport": {"width": 1280, "height": 720}}

UNCOVERED = """() => {
    const dock = document.getElementById('controls').getBoundingClientRect();
    const me = document.getElementById('me-area');
    const out = [];
    for (const sel of ['.player-head', '[data-tid^="base:"]', '.buildings-row']) {
        const node = me.querySelector(sel);
        if (!node) continue;
        const r = node.getBoundingClientRect();
        if (r.bottom > dock.top + 1) out.push(sel);
    }
    return out;
}"""

BAR_FITS = """() => {
    const bar = document.getElementById('action-bar');
    const cut = [...bar.children].filter(n => { const r = n.getBoundingClientRect();
        return r.right > window.innerWidth + 1 || r.left < -1; });
    return {scrolls: bar.scrollWidth > bar.clientWidth + 1, cut: cut.map(n => n.textContent)};
}"""


def test_the_page_fits_a_laptop_and_a_phone(browser, live_server_url):
    base = live_server_url
    lea = signup(browser, base, "lea", **LAPTOP)
    pia = signup(browser, base, "pia", **PHONE)
    match_id = start_private_1v1(lea, pia)
    watcher = lea.context.new_page()  # Table needs a watcher page: the host's second tab
    for page in (lea, pia, watcher):
        page.goto(f"{base}/match/{match_id}/")
        wait_version(page, 0)
    table = Table({0: lea, 1: pia}, watcher)
    for number in range(1, 3):
        for seat in (0, 1):
            table.turn(table.players[seat], number)
    table.turn(lea, 3)
    # Phone, in the middle of its own main phase: the action bar wraps; no
    # button is cut off or scrolled out of sight; the hand is a tap away.
    table.tech(pia)
    table.hire(pia)
    table.summon(pia)
    pia.evaluate("window.scrollTo(0, 0)")
    fits = pia.evaluate(BAR_FITS)
    assert not fits["scrolls"] and fits["cut"] == [], fits
    assert pia.locator("#action-bar [data-jump=hand]").is_visible()
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        pia.screenshot(path=os.path.join(SHOTS, "phone-turn.png"))
    table.attack(pia)
    table.end_main(pia)
    table.tech(lea)
    lea.wait_for_function("() => document.body.dataset.active === '0'")
    # Laptop, as the page opens and scrolled to the bottom: the own stats,
    # base and buildings are clear of the hand dock; the dock repeats them.
    for where in ("0", "document.body.scrollHeight"):
        lea.evaluate(f"window.scrollTo(0, {where})")
        lea.wait_for_timeout(200)
        assert lea.evaluate(UNCOVERED) == [], where
    assert "gold" in lea.locator("#controls #my-stats").inner_text()
    assert lea.locator("#action-bar [data-jump=hand]").is_hidden()  # the laptop's hand is always in sight
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        lea.evaluate("window.scrollTo(0, 0)")
        lea.screenshot(path=os.path.join(SHOTS, "laptop-top.png"))
        lea.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        lea.screenshot(path=os.path.join(SHOTS, "laptop-bottom.png"))
        pia.screenshot(path=os.path.join(SHOTS, "phone-top.png"))
        pia.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        pia.screenshot(path=os.path.join(SHOTS, "phone-bottom.png"))
        pia.screenshot(path=os.path.join(SHOTS, "phone-full.png"), full_page=True)
    for page in (lea, pia):
        assert page.errors == [], page.errors
