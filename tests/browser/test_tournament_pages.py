"""A 3-round Swiss played through the pages (issue 33): eight people sign
up in their browsers, the organiser's form first refuses a sign-up time in
the past with a sentence, the organiser starts the event, and in each round
the second player of every board concedes on the match page; each round's
end pairs the next, and after the third the standings are final. The pages
fit a 390x844 phone and a 1280x720 laptop, and axe finds no serious or
critical violation on them."""

import os
import re
from datetime import UTC, datetime, timedelta

import pytest

from tests.browser.axe import serious_violations
from tests.browser.test_community_pages import LAPTOP, fits
from tests.browser.test_match_page import PHONE, concede_on_page, signup

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

SHOTS = os.environ.get("CODEX_SCREENSHOTS")  # a folder: save the tournament pages there
NAMES = ["swa", "swb", "swc", "swd", "swe", "swf", "swg", "swh"]


def no_serious(page) -> None:
    found = serious_violations(page)
    assert not found, found


def boards(page, number: int) -> list[dict]:
    """The boards of round ``number`` on the tournament page: ``{first, second, match, result}``."""
    rows = page.locator(f"#round-{number} li.board")
    return [
        {
            "first": rows.nth(i).get_attribute("data-first"),
            "second": rows.nth(i).get_attribute("data-second"),
            "match": rows.nth(i).get_attribute("data-match"),
            "result": rows.nth(i).get_attribute("data-result"),
        }
        for i in range(rows.count())
    ]


def test_eight_players_play_a_three_round_swiss_to_its_standings(browser, live_server_url):
    base = live_server_url
    pages = {name: signup(browser, base, name, **(PHONE if i % 2 else LAPTOP)) for i, name in enumerate(NAMES)}
    org = pages["swa"]

    org.goto(f"{base}/tournaments/")
    fits(org)
    no_serious(org)
    org.click("#new-tournament")
    org.fill("#t-name", "Winter Swiss")
    org.fill("#t-rounds", "3")
    org.fill("#t-max", "8")
    org.fill("#t-closes", "2001-01-01T10:00")
    org.click("#t-create")
    assert "not in the past" in org.inner_text("#tournament-error")
    assert org.input_value("#t-name") == "Winter Swiss"  # the form keeps what was typed
    fits(org)
    no_serious(org)
    pages["swb"].goto(f"{base}/tournaments/new/")  # the form on a phone
    fits(pages["swb"])
    if SHOTS:
        org.screenshot(path=os.path.join(SHOTS, "tournament-form-laptop.png"), full_page=True)
        pages["swb"].screenshot(path=os.path.join(SHOTS, "tournament-form-phone.png"), full_page=True)
    closes = datetime.now(UTC) + timedelta(days=3)
    org.fill("#t-closes", closes.strftime("%Y-%m-%dT%H:%M"))
    org.click("#t-create")
    org.wait_for_url(lambda address: re.search(r"/tournaments/\d+/$", address) is not None)
    url = org.url

    for i, page in enumerate(pages.values()):
        page.goto(url)
        if i == 1:
            page.select_option(".pick-hero", "river_montoya")
        page.click("#signup")
        assert "You are signed up" in page.inner_text("#tournament-message")
    assert pages["swb"].inner_text("#my-pick") == "River Montoya"
    assert "River Montoya" not in org.locator("#tournament-entries").inner_text()
    org.goto(url)
    fits(org)
    no_serious(org)
    org.click("#start")
    assert "round 1 of 3" in org.inner_text("#tournament-status")

    met = set()
    for number in (1, 2, 3):
        org.goto(url)
        played = boards(org, number)
        assert len(played) == 4 and all(b["match"] and b["result"] == "" for b in played)
        # This round's matches to watch: the others' three; the organiser's own is to play (#play-my-match).
        assert org.locator("#tournament-watch a").count() == 3
        assert org.locator("#play-my-match").count() == 1
        for b in played:
            pair = frozenset((b["first"], b["second"]))
            assert pair not in met  # no pairing twice
            met.add(pair)
        if number == 2:
            pages["swb"].goto(url)
            fits(pages["swb"])
            wide = pages["swb"].evaluate(
                "Math.max(...[...document.querySelectorAll('.table-wrap')].map(w => w.scrollWidth - w.clientWidth))"
            )
            assert wide <= 0, f"the standings scroll sideways by {wide}px on a phone"
            no_serious(pages["swb"])
            if SHOTS:
                pages["swb"].screenshot(path=os.path.join(SHOTS, "tournament-phone.png"), full_page=True)
                org.screenshot(path=os.path.join(SHOTS, "tournament-laptop.png"), full_page=True)
        for b in played:
            concede_on_page(pages[b["second"]], base, int(b["match"]))
    org.goto(url)
    assert "Finished" in org.inner_text("#tournament-status")
    assert all(b["result"] == "first" for n in (1, 2, 3) for b in boards(org, n))
    rows = org.locator("#tournament-standings tbody tr")
    assert rows.count() == 8
    scores = [float(rows.nth(i).locator(".score").inner_text()) for i in range(8)]
    assert scores == sorted(scores, reverse=True) and sum(scores) == 12 and scores[0] == 3
    assert rows.nth(0).locator(".omw").inner_text().endswith("%")
    fits(org)
    no_serious(org)
    if SHOTS:
        org.screenshot(path=os.path.join(SHOTS, "tournament-final-laptop.png"), full_page=True)
        pages["swh"].goto(url)
        pages["swh"].screenshot(path=os.path.join(SHOTS, "tournament-final-phone.png"), full_page=True)
    assert not any(page.errors for page in pages.values())


def open_event(org, base: str, name: str, rounds: int, most: int, rated: bool = False) -> str:
    """Through the organiser's form: a live Swiss ``name`` of ``rounds``
    rounds for at most ``most`` players, sign-up closing in three days,
    ``rated`` or casual. Returns the tournament page's address."""
    org.goto(f"{base}/tournaments/new/")
    if rated:
        org.check("#t-rated")
    org.fill("#t-name", name)
    org.fill("#t-rounds", str(rounds))
    org.fill("#t-max", str(most))
    org.fill("#t-closes", (datetime.now(UTC) + timedelta(days=3)).strftime("%Y-%m-%dT%H:%M"))
    org.click("#t-create")
    org.wait_for_url(lambda address: re.search(r"/tournaments/\d+/$", address) is not None)
    return org.url


def standings_fit(page) -> None:
    """The page and its standings table are no wider than the window (nothing cut off)."""
    fits(page)
    wide = page.evaluate(
        "Math.max(...[...document.querySelectorAll('.table-wrap')].map(w => w.scrollWidth - w.clientWidth))"
    )
    assert wide <= 0, f"the standings scroll sideways by {wide}px"


def test_a_player_gets_a_play_link_to_their_own_match_and_byes_fit_a_phone(browser, live_server_url):
    """The tester's report (point 6): three players, so a bye each round.
    A player's own running match is not among "Matches to watch": the "You"
    box and the round's list give a "play" link to it, and the player on the
    bye gets "watch". With byes in the standings the table fits a 390x844
    phone (the bye count once pushed the W-D-L column out of sight) and a
    1280x720 laptop."""
    base = live_server_url
    names = ["bya", "byb", "byc"]
    pages = {name: signup(browser, base, name, **(PHONE if i != 1 else LAPTOP)) for i, name in enumerate(names)}
    url = open_event(pages["bya"], base, "Bye Cup", 2, 3)
    for page in pages.values():
        page.goto(url)
        page.click("#signup")
    pages["bya"].click("#start")
    for number in (1, 2):
        for page in pages.values():
            page.goto(url)
        board = next(b for b in boards(pages["bya"], number) if b["second"])
        player, bye = pages[board["first"]], pages[next(n for n in names if n not in (board["first"], board["second"]))]
        play = f"/match/{board['match']}/"
        assert player.get_attribute("#play-my-match", "href") == play
        assert player.locator(f"#round-{number} a.play-link[href='{play}']").count() == 1
        assert player.locator(f"#tournament-watch a[href='{play}']").count() == 0  # not "to watch"
        assert bye.locator(f"#tournament-watch a[href='{play}']").count() == 1
        assert bye.locator("#play-my-match").count() == 0
        for page in pages.values():
            standings_fit(page)
        if SHOTS:
            player.screenshot(path=os.path.join(SHOTS, f"tournament-play-link-{number}.png"), full_page=True)
        concede_on_page(pages[board["second"]], base, int(board["match"]))
    for name, page in pages.items():
        page.goto(url)
        assert page.locator(".standing .byes").count() == 2  # a bye in each of the two rounds
        standings_fit(page)
        no_serious(page)
        if SHOTS:
            page.screenshot(path=os.path.join(SHOTS, f"tournament-byes-{name}.png"), full_page=True)
    assert not any(page.errors for page in pages.values())
