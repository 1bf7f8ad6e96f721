"""Who got there first, in a Two-Headed Dragon team turn, through the real
pages: Pat has the match open in two tabs, her teammate Quin in his
browser, two bots play the other team. A hire the first tab made never
reaches the second tab (its socket holds what the server sends); the
second tab then hires the same card from the board it still shows and is
refused. It said "Your teammate Quin ... acted first" (every stale refusal
in a team turn read as the teammate's doing); it now says her other tab
did it, from the seats the refusal names (``acted``). In Arcane Codex and
C-23, the same refusal threw in the page (it looked for the view's teams)
and said nothing."""

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


@pytest.mark.parametrize("game", ["arcane", "c23"])
def test_a_refusal_caused_by_ones_other_tab_is_said_in_arcane_and_c23(browser, live_server_url, game):
    """The same in a game without teams: Ana's second tab, held back, acts
    after her first tab already did. The page read the view's teams, which
    an Arcane Codex or C-23 view does not have, to look for a teammate: the
    refusal threw in the page and no notice came."""
    base = live_server_url
    ana = signup(browser, base, f"tab{game}ana", **DESKTOP)
    bo = signup(browser, base, f"tab{game}bo", **DESKTOP)
    body = {"mode": game, "is_public": False, "allow_spectators": False, **({"deck": "red"} if game == "c23" else {})}
    table = api(ana, "POST", "/api/tables/", body)
    api(ana, "PATCH", f"/api/tables/{table['id']}/seat/", {"ready": True})
    api(
        bo,
        "POST",
        f"/api/tables/{table['id']}/join/",
        {"index": 1, "invite": table["invite_token"], **({"deck": "blue"} if game == "c23" else {})},
    )
    api(bo, "PATCH", f"/api/tables/{table['id']}/seat/", {"ready": True})
    match_id = api(ana, "POST", f"/api/tables/{table['id']}/start/")["match_id"]
    for page in (ana, bo):
        page.goto(f"{base}/match/{match_id}/")
        wait_version(page, 0)
    first = (
        ana
        if ana.evaluate("document.body.dataset.seat") == ana.evaluate("String(document.body.dataset.active)")
        else bo
    )
    second = first.context.new_page()
    second.errors = []
    second.on("pageerror", lambda err: second.errors.append(str(err)))
    second.on("dialog", lambda dialog: dialog.accept())
    hold = hold_frames(second)
    second.goto(f"{base}/match/{match_id}/")
    # The action both tabs take: Arcane's "End the turn", C-23's first button of the active player's step.
    button = "[data-simple=end_turn]" if game == "arcane" else "#c23-actions button[data-action]"
    first.locator(button).first.wait_for()
    second.locator(button).first.wait_for()
    at = version(first)
    wait_version(second, at)
    label = first.locator(button).first.inner_text()
    hold["on"] = True
    first.locator(button).first.click()
    wait_version(first, at + 1)
    assert version(second) == at
    hold["on"] = False
    second.locator(button, has_text=label).first.click()
    second.locator("#notice").wait_for()
    assert "Your other tab already did that" in notice(second), notice(second)
    assert second.errors == [] and first.errors == [], second.errors
