"""Arcane's concede asks in the site's own dialog (issue 27 point 29), as
the Codex page does, not with the browser's confirm(): the question shows
in #confirm-dialog, Cancel changes nothing, Concede ends the game; at a
laptop's and a phone's size the dialog's buttons are inside the screen."""

import os

import pytest

from tests.browser.test_match_page import PHONE, SHOTS, api, signup, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


@pytest.mark.parametrize("size,options", [("laptop", {"viewport": {"width": 1280, "height": 720}}), ("phone", PHONE)])
def test_arcane_concede_asks_in_the_sites_dialog(browser, live_server_url, size, options):
    base = live_server_url
    page = signup(browser, base, f"arcconcede{size}", **options)
    browser_dialogs = []
    page.on("dialog", lambda d: (browser_dialogs.append(d.message), d.dismiss()))
    table = api(page, "POST", "/api/tables/", {"mode": "arcane"})
    api(page, "PATCH", f"/api/tables/{table['id']}/seat/", {"ready": True})
    api(page, "POST", f"/api/tables/{table['id']}/bot/", {"index": 1, "kind": "greedy"})
    match_id = api(page, "POST", f"/api/tables/{table['id']}/start/")["match_id"]
    page.goto(f"{base}/match/{match_id}/")
    wait_version(page, 0)
    dialog = page.locator("#confirm-dialog[open]")
    page.click("[data-simple=concede]")
    dialog.wait_for()
    assert page.inner_text("#confirm-text") == "Concede this game? Your opponent wins."
    width = options["viewport"]["width"]
    for button in ("#confirm-no", "#confirm-yes"):
        r = page.locator(button).bounding_box()
        assert r["x"] >= 0 and r["x"] + r["width"] <= width
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"arcane-concede-{size}.png"))
    page.click("#confirm-no")  # Cancel: nothing sent, the game goes on
    dialog.wait_for(state="detached")
    assert page.locator("[data-simple=concede]").is_visible() and page.locator("#result-dialog[open]").count() == 0
    page.click("[data-simple=concede]")
    page.click("#confirm-yes")
    page.locator("#result-dialog[open]").wait_for()
    assert page.inner_text("#result-text") == "You conceded; Greedy bot wins."
    assert browser_dialogs == []
    assert page.errors == []
    page.context.close()
