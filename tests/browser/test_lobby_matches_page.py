"""The lobby and account pages of a friend's first evening (issue 14) in
headless Chromium, at desktop and phone sizes: an invite link survives
sign-up; the lobby shows one's matches (the one waiting on you marked
"Your turn"), the finished ones with their result and no version numbers;
Rematch from the result dialog brings both players back to one table;
refusal pages and form errors look like the site.

CODEX_SCREENSHOTS=<folder> saves the screenshots (docs/screenshot-lobby*.png
and docs/screenshot-refusal.png come from there)."""

import os
import re

import pytest

from tests.browser.test_match_page import (
    DESKTOP,
    PASSWORD,
    PHONE,
    WAIT_MS,
    api,
    signup,
    start_private_1v1,
    wait_version,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

SHOTS = os.environ.get("CODEX_SCREENSHOTS")
VERSION_LIKE = re.compile(r"\bv\d+\b")


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_an_invite_link_survives_sign_up(browser, live_server_url, size):
    base = live_server_url
    host = signup(browser, base, f"invhost{size}", **DESKTOP)
    table = api(host, "POST", "/api/tables/", {"mode": "1hero", "is_public": False})
    link = f"{base}/invite/{table['invite_token']}/"
    context = browser.new_context(**(DESKTOP if size == "desktop" else PHONE))
    context.set_default_timeout(WAIT_MS)
    friend = context.new_page()
    friend.goto(link)
    assert friend.url.startswith(f"{base}/login/")
    assert friend.locator("#next-note").is_visible()
    friend.click("#signup-link")
    friend.fill("input[name=username]", f"invfriend{size}")
    friend.fill("input[name=display_name]", f"Friend {size}")
    friend.fill("input[name=password1]", PASSWORD)
    friend.fill("input[name=password2]", PASSWORD)
    friend.click("main form button[type=submit]")
    friend.wait_for_url(link)
    card = friend.locator(f"#table-{table['id']}.focus")
    card.wait_for()
    card.locator("li[data-seat='1'] button.take").click()
    friend.locator(f"#table-{table['id']}.mine").wait_for()
    assert no_sideways_scroll(friend)
    context.close()
    host.context.close()


def test_form_errors_are_red_and_refusal_pages_have_a_way_back(browser, live_server_url):
    base = live_server_url
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    page.goto(f"{base}/signup/")
    page.fill("input[name=username]", "redform")
    page.fill("input[name=display_name]", "Red Form")
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", "something-else-42")
    page.click("main form button[type=submit]")
    error = page.locator("ul.errorlist").first
    error.wait_for()
    assert error.evaluate("e => getComputedStyle(e).color") == "rgb(255, 138, 128)"
    page.goto(f"{base}/login/")
    page.fill("input[name=username]", "nobody")
    page.fill("input[name=password]", "wrong-password")
    page.click("main form button[type=submit]")
    assert page.locator("ul.errorlist.nonfield").evaluate("e => getComputedStyle(e).color") == "rgb(255, 138, 128)"
    context.close()

    for name, options in (("desktop", DESKTOP), ("phone", PHONE)):
        user = signup(browser, base, f"refused{name}", **options)
        response = user.goto(f"{base}/match/424242/")
        assert response.status == 404
        assert user.inner_text("#refusal-title") == "You cannot watch this match"
        assert user.locator("header.site-header").is_visible() and no_sideways_scroll(user)
        if SHOTS:
            user.screenshot(path=f"{SHOTS}/refusal-{name}.png")
        user.click("#back-to-lobby")
        user.wait_for_url(f"{base}/")
        user.context.close()


def test_the_lobby_knows_your_matches_and_offers_a_rematch(browser, live_server_url):
    base = live_server_url
    dave = signup(browser, base, "lobbydave", **DESKTOP)
    erin = signup(browser, base, "lobbyerin", **PHONE)
    first = start_private_1v1(dave, erin)
    second = start_private_1v1(erin, dave)  # Erin at seat 0 here
    for page in (dave, erin):
        page.goto(f"{base}/")
        page.locator(f"#my-matches li[data-match='{first}']").wait_for()
        page.locator(f"#my-matches li[data-match='{second}']").wait_for()
    # Seat 0 acts first in each match: each player has one match waiting on them, listed first.
    for page, mine in ((dave, first), (erin, second)):
        items = page.locator("#my-matches li.match-item")
        assert items.first.get_attribute("data-match") == str(mine)
        assert "Your turn" in items.first.inner_text()
        assert "Waiting for" in items.nth(1).inner_text()
        assert page.inner_text("#my-matches-count") == "1 waiting on you"
    # Dave concedes the first match from its page; the result dialog offers the rematch.
    dave.goto(f"{base}/match/{first}/")
    wait_version(dave, 0)
    assert not VERSION_LIKE.search(dave.inner_text("#banner"))
    dave.click("#action-bar [data-action=concede]")
    dave.locator("#confirm-dialog").wait_for()
    dave.click("#confirm-yes")
    dave.locator("#result-dialog[open]").wait_for()
    # Erin's lobby: the finished match with its result, no version number anywhere.
    erin.reload()
    done = erin.locator(f"#history li[data-match='{first}']")
    done.wait_for()
    assert "You won (Lobbydave conceded)" in done.inner_text()  # the reason in words, not its code, naming who
    assert erin.locator(f"#history li[data-match='{second}']").count() == 0
    assert not VERSION_LIKE.search(erin.inner_text("main"))
    assert no_sideways_scroll(erin)
    if SHOTS:
        erin.screenshot(path=f"{SHOTS}/lobby-phone.png", full_page=True)
    # Dave asks for the rematch; Erin sees the offer and accepts from her lobby.
    dave.click("#rematch")
    dave.wait_for_url(re.compile(r".*/invite/[^/]+/$"))
    card = dave.locator(".table-card.rematch.mine")
    card.wait_for()
    table_id = card.get_attribute("data-table")
    assert "Rematch: the other players" in card.inner_text()
    offer = erin.locator(f"#table-{table_id} .rematch-note")
    offer.wait_for()
    assert "offers a rematch of your match" in offer.inner_text()
    # A user who never played them is not told it is their match (tester's point 1).
    stranger = signup(browser, base, "lobbyfrank", **PHONE)
    stranger.goto(dave.url)
    note = stranger.locator(f"#table-{table_id} .rematch-note")
    note.wait_for()
    assert "your match" not in note.inner_text()
    assert re.search(
        r"Rematch of Lobbydave and Lobbyerin's match: seats kept for its players until \d", note.inner_text()
    )
    if SHOTS:
        stranger.screenshot(path=f"{SHOTS}/lobby-rematch-stranger.png")
    assert not stranger.errors
    stranger.context.close()
    erin.locator(f"#history li[data-match='{first}'] button.rematch", has_text="Join the rematch").click()
    erin.wait_for_url(re.compile(r".*/invite/[^/]+/$"))
    erin.locator(f"#table-{table_id}.mine").wait_for()
    seats = api(erin, "GET", f"/api/tables/{table_id}/")["seats"]
    assert [(s["player"], s["heroes"]) for s in seats] == [
        ("Lobbydave", ["troq_bashar"]),
        ("Lobbyerin", ["river_montoya"]),
    ]
    third = start_private_1v1(dave, erin)  # and a new match, waiting on Dave
    dave.goto(f"{base}/")
    dave.locator(f"#my-matches li[data-match='{third}'].your-turn").wait_for()
    assert dave.locator("#my-matches li.match-item").first.get_attribute("data-match") == str(third)
    finished = dave.locator(f"#history li[data-match='{first}']")
    assert "You lost" in finished.inner_text() and "Go to the rematch" in finished.inner_text()
    if SHOTS:
        dave.screenshot(path=f"{SHOTS}/lobby.png", full_page=True)
    assert not dave.errors and not erin.errors
    dave.context.close()
    erin.context.close()
