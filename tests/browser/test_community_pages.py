"""Friends, an invitation by name and a rated 1v1, in headless Chromium
(issue 33): two people follow each other, one invites the other to a
rated table by name, the other takes the seat from the lobby's notice,
they play (a concession ends it) and both profiles show the ratings moved.
The community pages fit a 390x844 phone and a 1280x720 laptop."""

import os

import pytest

from tests.browser.test_match_page import PHONE, api, concede_on_page, signup

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

LAPTOP = {"viewport": {"width": 1280, "height": 720}}
SHOTS = os.environ.get("CODEX_SCREENSHOTS")  # a folder: save the profile pages there


def fits(page) -> None:
    """Nothing on the page is wider than the window (no sideways scrolling)."""
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"{page.url} is {wide}px wider than the window"


def shown_rating(page, base: str, username: str) -> float:
    page.goto(f"{base}/u/{username}/")
    fits(page)
    return float(page.inner_text("#rating-codex-1hero .rating-shown"))


def test_friends_invite_by_name_and_a_rated_match_moves_both_ratings(browser, live_server_url):
    base = live_server_url
    ann = signup(browser, base, "cmann", **LAPTOP)
    bob = signup(browser, base, "cmbob", **PHONE)

    ann.goto(f"{base}/friends/")
    ann.fill("#follow-name", "Cmbob")
    ann.click("#follow-form button[type=submit]")
    assert "You now follow Cmbob" in ann.inner_text("#community-message")
    assert "Cmbob" in ann.inner_text("#friend-list")
    fits(ann)
    ann.fill("#follow-name", "cmann")
    ann.click("#follow-form button[type=submit]")
    assert "You cannot follow yourself" in ann.inner_text("#community-error")

    bob.goto(f"{base}/u/cmann/")
    bob.click("#follow")
    bob.locator("#unfollow").wait_for()
    fits(bob)

    ann.goto(f"{base}/")
    ann.check("#rated")
    ann.click("#create-table")
    ann.locator(".table-card.mine").wait_for()
    assert "rated" in ann.inner_text(".table-card.mine .table-meta")
    ann.goto(f"{base}/friends/")
    ann.fill("#invite-names", "Cmbob")
    ann.click("#invite-form button[type=submit]")
    assert "Invited Cmbob" in ann.inner_text("#community-message")

    bob.goto(f"{base}/")
    invite = bob.locator("#name-invites .name-invite")
    assert "Cmann invites you to a table (1 hero vs 1 hero, rated)" in invite.inner_text()
    fits(bob)
    invite.locator("button", has_text="Take a seat").click()
    bob.wait_for_url(f"{base}/invite/**")

    table = next(t for t in api(ann, "GET", "/api/tables/") if t["host"] == "Cmann" and t["status"] == "open")
    assert table["rated"] and any(s["player"] == "Cmbob" for s in table["seats"])
    api(ann, "PATCH", f"/api/tables/{table['id']}/seat/", {"heroes": ["troq_bashar"], "ready": True})
    api(bob, "PATCH", f"/api/tables/{table['id']}/seat/", {"heroes": ["river_montoya"], "ready": True})
    match_id = api(ann, "POST", f"/api/tables/{table['id']}/start/")["match_id"]
    concede_on_page(bob, base, match_id)

    ann_rating, bob_rating = shown_rating(ann, base, "cmann"), shown_rating(ann, base, "cmbob")
    assert ann_rating > 0 > bob_rating  # both moved from a newcomer's 0
    assert shown_rating(bob, base, "cmbob") == bob_rating
    ann.goto(f"{base}/u/cmann/")
    assert "won" in ann.inner_text("#recent") and "rated" in ann.inner_text("#recent")
    assert ann.locator("#rating-codex-1hero svg.rating-plot").count() == 1
    if SHOTS:
        ann.screenshot(path=os.path.join(SHOTS, "profile-laptop.png"), full_page=True)
        bob.goto(f"{base}/u/cmbob/")
        bob.screenshot(path=os.path.join(SHOTS, "profile-phone.png"), full_page=True)
    for page in (ann, bob):
        page.goto(f"{base}/leaderboards/")
        page.locator("#leaderboard-codex-1hero").wait_for()
        fits(page)
        page.goto(f"{base}/friends/")
        fits(page)
    assert not ann.errors and not bob.errors
