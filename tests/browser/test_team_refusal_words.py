"""Who got there first, in a Two-Headed Dragon team turn, through the real
pages: Pat has the match open in two tabs, her teammate Quin in his
browser, two bots play the other team. A hire the first tab made never
reaches the second tab (its socket holds what the server sends); the
second tab then hires the same card from the board it still shows and is
refused. It said "Your teammate Quin ... acted first" (every stale refusal
in a team turn read as the teammate's doing); it now says her other tab
did it, from the seats the refusal names (``acted``)."""
import re

import pytest

from tests.browser.test_match_page import DESKTOP, api, notice, signup, version, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def hold_frames(page) -> dict:
    """Route the page's match socket through the test: while ``hold["on"]``
    the frames the server sends are kept back (``hold["kept"]``)."""
    hold = {"on": False, "kept": []}

    def route(ws):
        server = ws.connect_to_server()
        ws.on_message(server.send)

        def to_page(message):
            if hold["on"]:
                hold["kept"].append(message)
                return
            ws.send(message)
        server.on_message(to_page)

    page.route_web_socket(re.compile(r".*/ws/match/.*"), route)
    return hold


def hire_card(page, tid: str) -> None:
    """Click Hire, then the hand card ``tid``."""
    page.locator("#action-bar [data-action=hire]").click()
    page.locator(f"#hand .card.target[data-tid='{tid}']").click()


def test_a_refusal_caused_by_ones_other_tab_does_not_blame_the_teammate(browser, live_server_url):
    base = live_server_url
    pat = signup(browser, base, "tabpat", **DESKTOP)
    quin = signup(browser, base, "tabquin", **DESKTOP)
    table = api(pat, "POST", "/api/tables/", {"mode": "2hg", "is_public": False, "allow_spectators": False})
    api(pat, "PATCH", f"/api/tables/{table['id']}/seat/", {"heroes": ["troq_bashar"], "ready": True})
    api(quin, "POST", f"/api/tables/{table['id']}/join/", {"index": 1, "invite": table["invite_token"]})
    api(quin, "PATCH", f"/api/tables/{table['id']}/seat/", {"heroes": ["river_montoya"], "ready": True})
    for index in (2, 3):
        api(pat, "POST", f"/api/tables/{table['id']}/bot/", {"index": index, "kind": "random"})
    match_id = api(pat, "POST", f"/api/tables/{table['id']}/start/")["match_id"]

    second = pat.context.new_page()
    second.errors = []
    second.on("pageerror", lambda err: second.errors.append(str(err)))
    hold = hold_frames(second)
    for page in (pat, second, quin):
        page.goto(f"{base}/match/{match_id}/")
    # The team's main phase (the bots' team may take the first turn).
    for page in (pat, second, quin):
        page.locator("#action-bar [data-action=hire]").wait_for(timeout=60000)
    at = version(pat)
    wait_version(second, at)

    hold["on"] = True
    pat.locator("#action-bar [data-action=hire]").click()
    card = pat.locator("#hand .card.target").first
    tid = card.get_attribute("data-tid")
    card.click()
    wait_version(pat, at + 1)
    wait_version(quin, at + 1)
    assert version(second) == at  # the second tab still shows the card in her hand
    hold["on"] = False
    hire_card(second, tid)
    second.locator("#notice").wait_for()
    said = notice(second)
    assert "Your other tab already did that" in said and "teammate" not in said, said
    wait_version(second, at + 1)  # and it resyncs
    for page in (pat, second, quin):
        assert page.errors == [], page.errors
