"""A table reached by its invite link says when its match is over (a fresh
tester, following the link after the game, was offered "Play the match"),
in headless Chromium."""

import pytest

from tests.browser.test_match_page import DESKTOP, api, signup

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def test_a_table_whose_match_is_over_offers_to_see_the_end(browser, live_server_url):
    base = live_server_url
    host = signup(browser, base, "endhost", **DESKTOP)
    guest = signup(browser, base, "endguest", **DESKTOP)
    table = api(host, "POST", "/api/tables/", {"mode": "1hero"})
    api(host, "PATCH", f"/api/tables/{table['id']}/seat/", {"heroes": ["troq_bashar"], "ready": True})
    api(guest, "POST", f"/api/tables/{table['id']}/join/", {"index": 1})
    api(guest, "PATCH", f"/api/tables/{table['id']}/seat/", {"heroes": ["river_montoya"], "ready": True})
    match_id = api(host, "POST", f"/api/tables/{table['id']}/start/")["match_id"]
    invite = f"{base}/invite/{table['invite_token']}/"
    host.goto(invite)
    link = host.locator(f".table-card[data-table='{table['id']}'] a.open-match")
    assert link.inner_text() == "Play the match"
    guest.goto(f"{base}/match/{match_id}/")
    guest.locator("[data-action=concede]").click()
    guest.locator("#confirm-yes").click()
    guest.locator("#banner.over").wait_for()
    host.goto(invite)
    assert link.inner_text() == "See the end"  # as the finished matches' list says
    assert host.locator(f".table-card[data-table='{table['id']}'] .table-meta").inner_text().endswith("match over")
    link.click()
    host.wait_for_url(f"{base}/match/{match_id}/")
