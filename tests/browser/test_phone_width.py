"""No page is wider than a 390x844 phone (issue 27 point 26).

A newcomer's phone lobby was 448-465 px wide on a 390 px screen (the Mode
menu's longest option set the width): table lines, ready marks and Watch
buttons were cut off and a tap on Watch missed. Here every page a player
meets is opened at 390x844 (the lobby with a table of every mode waiting
and matches to watch, each game's match page, a replay, the decks, cards
and how-to-play pages, log-in, sign-up, password and error pages), and
none may be wider than the screen nor hold a control cut off by its edge.
With CODEX_SCREENSHOTS set, each page is saved there.
"""

import os

import pytest

from tests.browser.test_match_page import DESKTOP, PHONE, SHOTS, api, signup, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

WIDTH = PHONE["viewport"]["width"]

# Controls (links, buttons, menus, fields) showing on the page but reaching
# past the screen's edges, unless inside a box that scrolls sideways on purpose.
CUT = """(width) => {
    const scrolls = (node) => {
        for (let n = node.parentElement; n && n !== document.body; n = n.parentElement) {
            const x = getComputedStyle(n).overflowX;
            if ((x === 'auto' || x === 'scroll') && n.scrollWidth > n.clientWidth) return true;
        }
        return false;
    };
    const out = [];
    for (const node of document.querySelectorAll('a, button, select, input, textarea, .ready-flag, .table-meta')) {
        const r = node.getBoundingClientRect();
        if (!r.width || !r.height || getComputedStyle(node).visibility === 'hidden') continue;
        if ((r.left < -1 || r.right > width + 1) && !scrolls(node))
            out.push(`${node.tagName.toLowerCase()}#${node.id}.${node.className}: `
                + `${Math.round(r.left)}..${Math.round(r.right)} `
                + `"${(node.textContent || node.value || '').trim().slice(0, 40)}"`);
    }
    return out;
}"""


def check(page, url: str, name: str, ready: str = "main") -> list:
    """Open ``url`` in ``page`` and wait for ``ready`` (a selector) to show;
    the faults found there (empty: it fits)."""
    page.goto(url)
    page.wait_for_load_state("networkidle")
    page.locator(ready).first.wait_for()
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"phone-{name}.png"), full_page=True)
    faults = []
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > WIDTH:
        faults.append(f"{name}: {width} px wide")
    faults += [f"{name}: {cut}" for cut in page.evaluate(CUT, WIDTH)]
    return faults


def with_bot(page, mode: str, seat: dict, **table) -> int:
    """Through the API as ``page``'s user: a ``mode`` table, its user ready
    in seat 0 (``seat``: its choices), a greedy bot in seat 1, started; the match id."""
    made = api(page, "POST", "/api/tables/", {"mode": mode, **table})
    api(page, "PATCH", f"/api/tables/{made['id']}/seat/", {**seat, "ready": True})
    api(page, "POST", f"/api/tables/{made['id']}/bot/", {"index": 1, "kind": "greedy"})
    return api(page, "POST", f"/api/tables/{made['id']}/start/")["match_id"]


def test_every_page_fits_a_phone(browser, live_server_url):
    base = live_server_url
    phone = signup(browser, base, "narrowphone", **PHONE)
    # A table of every mode waits in the lobby, one player ready at one of them,
    # and matches are being played that the phone may watch.
    hosts = [signup(browser, base, name, **DESKTOP) for name in ("widehostone", "widehosttwo")]
    modes = [mode["key"] for mode in api(phone, "GET", "/api/modes/")]
    assert {"1hero", "arcane", "c23"} <= set(modes)
    for number, mode in enumerate(modes):
        made = api(hosts[number % 2], "POST", "/api/tables/", {"mode": mode})
        if mode == "1hero":
            api(
                hosts[number % 2],
                "PATCH",
                f"/api/tables/{made['id']}/seat/",
                {"heroes": ["troq_bashar"], "ready": True},
            )
    watcher = signup(browser, base, "watchedplayer", **DESKTOP)
    with_bot(watcher, "arcane", {})
    with_bot(watcher, "c23", {}, deck="red")
    # The phone's own matches, one of each game, and a finished one to replay.
    codex = with_bot(phone, "1hero", {"heroes": ["troq_bashar"]})
    arcane = with_bot(phone, "arcane", {})
    c23 = with_bot(phone, "c23", {}, deck="red")
    faults = check(phone, f"{base}/", "lobby", "#watch a")
    phone.locator("#watch a").first.tap()  # a tap on Watch lands on it
    phone.wait_for_url(f"{base}/match/*/")
    for name, match_id in (("codex", codex), ("arcane", arcane), ("c23", c23)):
        faults += check(phone, f"{base}/match/{match_id}/", f"match-{name}", "body[data-version]")
    for name, path in (
        ("cards", "/cards/"),
        ("how-to-play", "/how-to-play/"),
        ("arcane-how-to-play", "/how-to-play/arcane/"),
        ("c23-how-to-play", "/c23/how-to-play/"),
        ("decks", "/decks/"),
        ("password", "/password/"),
        ("not-found", "/no-such-page/"),
        ("no-match", "/match/999999/"),
    ):
        faults += check(phone, f"{base}{path}", name)
    phone.goto(f"{base}/match/{codex}/")
    wait_version(phone, 0)
    phone.click("#action-bar [data-action=concede]")
    phone.locator("#confirm-yes").click()
    phone.locator("#result-dialog[open]").wait_for()
    faults += check(phone, f"{base}/match/{codex}/replay/", "replay", "#replay-step")
    stranger = phone.context.browser.new_context(**PHONE).new_page()
    for name, path, ready in (
        ("login", "/login/", "main"),
        ("signup", "/signup/", "main"),
        ("how-to-play-logged-out", "/how-to-play/", "main"),
        ("cards-logged-out", "/cards/", "#hero-card"),
    ):
        faults += check(stranger, f"{base}{path}", name, ready)
    assert faults == [], "\n".join(faults)
    assert phone.errors == []
