"""Free-for-all (R28) through the real pages: the question before conceding
says what conceding does at that moment, and a table whose last tied
leader is left alone at the top ends at once.

Four players; Cat concedes first (her base falls: Ann, Ben and Dan are
tied and each take one more turn). Her question says a fallen base ends the
game for everyone. In those final rounds Ann concedes during Ben's final
turn: her question must not say that conceding ends the game (a base has
already fallen; she is only out and takes no more turns, docs/RULINGS.md
"Concession"). It said the same as Cat's, found by a tester. Then Ben
concedes, which leaves Dan the only tied leader: his question says Dan
wins, and Dan wins at once.
"""

import re

import pytest

from tests.browser.test_match_page import DESKTOP, SHOTS, api, notice, signup, version, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def concede(page) -> str:
    """Click Concede and Yes on ``page``; return the question it asked."""
    page.click("#action-bar [data-action=concede]")
    question = page.locator("#confirm-text").inner_text()
    before = version(page)
    page.click("#confirm-yes")
    page.wait_for_function(
        "v => Number(document.body.dataset.version) > v || !document.getElementById('notice').hidden", arg=before
    )
    assert notice(page) == ""
    return question


def seated_players(browser, base: str, names: tuple) -> tuple:
    """Users ``names`` (signed up) at a private free-for-all table, seats in
    that order, started; each on the match page at version 0. Returns
    ``(pages, match_id)``."""
    pages = [signup(browser, base, n, **DESKTOP) for n in names]
    table = api(pages[0], "POST", "/api/tables/", {"mode": "ffa", "seat_count": len(names), "is_public": False})
    api(pages[0], "PATCH", f"/api/tables/{table['id']}/seat/", {"heroes": ["troq_bashar"], "ready": True})
    heroes = ("river_montoya", "jaina_stormborne", "captain_zane")
    for index, page in enumerate(pages[1:], start=1):
        api(page, "POST", f"/api/tables/{table['id']}/join/", {"index": index, "invite": table["invite_token"]})
        api(page, "PATCH", f"/api/tables/{table['id']}/seat/", {"heroes": [heroes[index - 1]], "ready": True})
    match_id = api(pages[0], "POST", f"/api/tables/{table['id']}/start/")["match_id"]
    for page in pages:
        page.goto(f"{base}/match/{match_id}/")
        wait_version(page, 0)
    return tuple(pages), match_id


def test_conceding_in_the_final_rounds_is_asked_as_leaving_not_as_ending(browser, live_server_url):
    base = live_server_url
    (ann, ben, cat, dan), match_id = seated_players(browser, base, ("fcann", "fcben", "fccat", "fcdan"))

    # Before any base fell: conceding ends the game for everyone.
    asked = concede(cat)
    assert "a fallen base ends the game for everyone" in asked, asked
    for page in (ann, ben, cat, dan):
        page.wait_for_function("() => document.body.dataset.active === '1'")

    # The final rounds, three tied: conceding puts Ann out, and the game goes on.
    asked = concede(ann)
    assert asked == (
        "Concede? Your base drops to 0 HP and you take no more turns. "
        "The final turns go on without you; then the highest base wins."
    ), asked
    assert "ends the game" not in asked
    assert ben.locator("#result-dialog[open]").count() == 0

    # Ben's concession leaves Dan the only tied leader: Dan wins at once.
    asked = concede(ben)
    assert asked == "Concede? Your base drops to 0 HP and Fcdan wins.", asked
    for page in (ann, ben, cat, dan):
        page.locator("#result-dialog[open]").wait_for()
    assert dan.locator("#result-title").inner_text() == "You won!"
    assert re.match(r"Fcben conceded", ann.locator("#result-text").inner_text())
    for page in (ann, ben, cat, dan):
        assert page.errors == [], page.errors


def test_when_the_other_tied_leader_concedes_the_last_one_wins_at_once(browser, live_server_url):
    """Found by a tester (match 21): Cat conceded in Ann's first turn (Ann
    and Ben tied, Ann's turn ended), then Ben on his own final turn, and
    every page waited for Ann's tech choice, Ann being the only player left
    in. Now Ann wins at once (docs/RULINGS.md "Concession"): every page
    opens its result dialog, and the lobby lists the match as over."""
    base = live_server_url
    (ann, ben, cat), match_id = seated_players(browser, base, ("faann", "faben", "facat"))
    concede(cat)
    ben.wait_for_function("() => document.body.dataset.active === '1'")
    asked = concede(ben)
    assert asked == "Concede? Your base drops to 0 HP and Faann wins.", asked
    for page in (ann, ben, cat):
        page.locator("#result-dialog[open]").wait_for()
    if SHOTS:
        ann.screenshot(path=f"{SHOTS}/ffa-last-leader-wins.png")
    assert ann.locator("#result-title").inner_text() == "You won!"
    entry = api(ann, "GET", f"/api/matches/{match_id}/")
    assert entry["status"] == "finished", entry["status"]
    for page in (ann, ben, cat):
        assert page.errors == [], page.errors
