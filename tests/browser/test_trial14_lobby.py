"""What a newcomer's trial found in the lobby (a 1v1 against a bot and a 2v2
with a friend and two bots, played through the pages), in headless
Chromium: the lobby says one can play against the computer; the hero
picker says what a hero's colour and spec change; the bot choice says
how hard each bot is (issue 30 point 5: five levels, easy by default) and
the seat's tag names the level; a match against a bot is listed under "Your
matches" (the list answered 500 when a bot sat at a match)."""

import pytest

from tests.browser.test_match_page import DESKTOP, api, pick_hero_and_ready, signup, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def test_a_newcomer_alone_is_told_about_bots_heroes_and_finds_the_match(browser, live_server_url):
    base = live_server_url
    solo = signup(browser, base, "trialsolo", **DESKTOP)
    assert "Add bot" in solo.locator("#bot-hint").inner_text()
    solo.click("#create-table")
    card = solo.locator(".table-card.mine")
    card.wait_for()
    hint = card.locator(".hero-hint")
    assert hint.is_visible() and "colour" in hint.inner_text() and "spec" in hint.inner_text()
    assert hint.locator("a").get_attribute("href") == "/cards/"
    seat = card.locator("li[data-seat='1']")
    labels = seat.locator("select.bot-kind option").all_inner_texts()
    assert labels == [
        "Random bot (easiest)",
        "Easy bot (easy)",
        "Greedy bot (fair)",
        "Normal bot (harder)",
        "Hard bot (hardest)",
    ]
    choice = seat.locator("select.bot-kind")
    assert choice.input_value() == "easy" and "first win" in choice.get_attribute("title")  # the newcomer's pick
    choice.select_option("hard")
    assert "bring a plan" in choice.get_attribute("title")
    choice.select_option("random")
    assert "learn the game" in choice.get_attribute("title")
    seat.locator("button.add-bot").click()
    assert seat.locator(".bot-tag").text_content() == "bot · easiest"  # the seat's tag names the level
    pick_hero_and_ready(solo, 0, "troq_bashar")
    card.locator("button.start").click()
    solo.wait_for_url(f"{base}/match/*/")
    solo.goto(f"{base}/")
    mine = solo.locator("#my-matches")
    mine.get_by_text("Random bot").first.wait_for()
    assert mine.locator("a[href^='/match/']").count() >= 1


def test_a_partner_who_left_is_shown_away_in_the_banner_and_the_team_status(browser, live_server_url):
    """Trial 14: when the partner closed the tab, the banner kept saying
    "Jun plays too" and the team chip "JUN: PLAYING" while the only sign,
    "Jun is away", sat above the board, scrolled out of view."""
    base = live_server_url
    mara, jun, match_id = two_friends_and_two_bots(browser, base, "trialmara2", "trialjun2", DESKTOP)
    mara.goto(f"{base}/match/{match_id}/")  # Jun never opens the match
    wait_version(mara, 0)
    assert "plays too" in mara.inner_text("#banner-text")
    # Away long enough (2 s here, a minute normally), at the page's next ping (every 20 s).
    mara.locator("#presence [data-stand-in='1']").wait_for(timeout=30000)
    banner = mara.inner_text("#banner-text")
    assert "Trialjun2 is away" in banner and "plays too" not in banner
    assert mara.locator(".team-status .away-tag").text_content() == "Trialjun2: away"


def two_friends_and_two_bots(browser, base, host_name, friend_name, size):
    """Through the REST API: ``host_name`` opens a private 2v2, ``friend_name``
    joins her team, two random bots take the other team, the host starts.
    Returns (host page, friend page, match id); both pages on the lobby."""
    host = signup(browser, base, host_name, **size)
    friend = signup(browser, base, friend_name, **size)
    table = api(host, "POST", "/api/tables/", {"mode": "2hg", "is_public": False})
    api(host, "PATCH", f"/api/tables/{table['id']}/seat/", {"heroes": ["troq_bashar"], "ready": True})
    api(friend, "POST", f"/api/tables/{table['id']}/join/", {"index": 1, "invite": table["invite_token"]})
    api(friend, "PATCH", f"/api/tables/{table['id']}/seat/", {"heroes": ["river_montoya"], "ready": True})
    for index in (2, 3):
        api(host, "POST", f"/api/tables/{table['id']}/bot/", {"index": index, "kind": "random"})
    return host, friend, api(host, "POST", f"/api/tables/{table['id']}/start/")["match_id"]


def test_a_2v2_opens_on_ones_own_team_on_a_laptop(browser, live_server_url):
    """Trial 14: at 1280x720 a 2v2 opened on the other team, one's own hero
    (to summon on the first turn) below the fold under the hand dock."""
    base = live_server_url
    laptop = {"viewport": {"width": 1280, "height": 720}}
    mara, jun, match_id = two_friends_and_two_bots(browser, base, "trialmara3", "trialjun3", laptop)
    mara.goto(f"{base}/match/{match_id}/")
    wait_version(mara, 0)
    hero = mara.locator("#seat-0 .card.in-command").first.bounding_box()
    free = mara.locator("#controls").bounding_box()["y"]  # the hand and the action bar, stuck at the bottom
    assert hero is not None and hero["y"] >= 0 and hero["y"] + hero["height"] <= free, (hero, free)
