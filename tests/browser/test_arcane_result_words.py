"""The Arcane Codex result dialog names the winner for the player who lost,
as the Codex dialog does ("You lost" over "You conceded; Bo wins."): the
loser read "You lost" over "You conceded." or "Your life ran out." and never
who won. Fed the engine's own views of finished games (a concession, life at
0, the round cap) through static/js/arcaneboard.js arcaneResultText, for the
winner, the loser and a spectator; then once on a real match page, where one
player concedes through the page's button."""

import os

import pytest

from game import rules
from game.arcane.engine import finish
from tests.arcane.helpers import position
from tests.browser.test_c23_board import board_page
from tests.browser.test_match_page import DESKTOP, api, signup

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

SHOTS = os.environ.get("CODEX_SCREENSHOTS")  # a folder: save the result dialog there

RESULT = "async ([v, seat]) => (await import('/static/js/arcaneboard.js')).arcaneResultText(v, seat)"


@pytest.fixture(scope="module")
def page(browser, live_server_url):
    yield from board_page(browser, f"{live_server_url}/how-to-play/arcane/")


def texts(page, state) -> tuple:
    """The result text as North (seat 0), South (seat 1) and a spectator read it."""
    return tuple(page.evaluate(RESULT, [rules.view(state, seat), seat]) for seat in (0, 1, None))


def test_the_loser_of_a_concession_reads_who_won(page):
    state, _ = rules.apply_action(position([{}, {}], round=4), 1, {"type": "concede"})
    assert texts(page, state) == ("South conceded.", "You conceded; North wins.", "South conceded.")


def test_the_loser_whose_life_ran_out_reads_who_won_and_with_how_much_life(page):
    state = position([{"life": 7}, {"life": -2}], round=9)
    finish(state, 0, "life")
    assert texts(page, state) == (
        "South's life ran out; you have 7 life left.",
        "Your life ran out; North wins with 7 life left.",
        "South's life ran out; North has 7 life left.",
    )


def test_the_loser_at_the_round_cap_reads_who_won(page):
    state = position([{"life": 7}, {"life": 12}], round=60)
    finish(state, 1, "round_cap")
    assert texts(page, state) == (
        "The last round (60) is over: South has 12 life, you 7; South wins.",
        "The last round (60) is over: you have 12 life, North 7.",
        "The last round (60) is over: South has 12 life, North 7.",
    )
    draw = position([{"life": 9}, {"life": 9}], round=60)
    finish(draw, None, "round_cap")
    assert texts(page, draw)[0] == "The last round (60) is over with both players at 9 life."


def test_a_conceded_match_page_tells_the_loser_who_won(browser, live_server_url):
    base = live_server_url
    ana = signup(browser, base, "arwana", **DESKTOP)
    bo = signup(browser, base, "arwbo", **DESKTOP)
    table = api(ana, "POST", "/api/tables/", {"mode": "arcane", "is_public": False, "allow_spectators": False})
    api(ana, "PATCH", f"/api/tables/{table['id']}/seat/", {"ready": True})
    api(bo, "POST", f"/api/tables/{table['id']}/join/", {"index": 1, "invite": table["invite_token"]})
    api(bo, "PATCH", f"/api/tables/{table['id']}/seat/", {"ready": True})
    match_id = api(ana, "POST", f"/api/tables/{table['id']}/start/")["match_id"]
    for p in (ana, bo):
        p.goto(f"{base}/match/{match_id}/")
    bo.locator("[data-simple=concede]").click()
    bo.click("#confirm-yes")  # the page asks "Concede this game?" first, in its own dialog
    for p in (ana, bo):
        p.locator("#result-dialog[open]").wait_for()
    assert (bo.inner_text("#result-title"), bo.inner_text("#result-text")) == ("You lost", "You conceded; Arwana wins.")
    assert (ana.inner_text("#result-title"), ana.inner_text("#result-text")) == ("You won!", "Arwbo conceded.")
    if SHOTS:
        bo.screenshot(path=os.path.join(SHOTS, "arcane-result-loser-conceded.png"))
    assert ana.errors == [] and bo.errors == []
