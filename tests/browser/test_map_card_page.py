"""Map cards through the real pages (issue 16): the lobby's New table form
offers no map, a random map or any of the 12; the table shows its choice;
the match page shows the map card's name and its rule in our own words
(static/js/mapcard.js) to the players and in the replay, and on Daggerfall Prison Camp the
Hire control hires without asking for a card."""

import os

import pytest

from game.codex import maps
from tests.browser.test_match_page import DESKTOP, api, signup, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

SHOTS = os.environ.get("CODEX_SCREENSHOTS")  # a folder: save screenshots there


def _bot_match(page, map_choice: str) -> tuple:
    table = api(page, "POST", "/api/tables/", {"mode": "1hero", "map": map_choice})
    api(page, "PATCH", f"/api/tables/{table['id']}/seat/", {"heroes": ["troq_bashar"], "ready": True})
    api(page, "POST", f"/api/tables/{table['id']}/bot/", {"index": 1, "kind": "greedy", "heroes": ["river_montoya"]})
    return table["id"], api(page, "POST", f"/api/tables/{table['id']}/start/")["match_id"]


def test_the_lobby_offers_maps_and_the_match_page_shows_the_map_card(browser, live_server_url):
    base = live_server_url
    mia = signup(browser, base, "mapmia", **DESKTOP)
    assert mia.locator("#map-select option").count() == 14  # none, random and the 12 maps
    assert mia.locator("#map-select").input_value() == ""  # no map by default
    mia.select_option("#map-select", "pinnacle")
    mia.click("#create-table")
    mia.locator(".table-card.mine .table-meta", has_text="map: Pinnacle").wait_for()
    mia.locator(".table-card.mine button.leave").click()
    mia.locator(".table-card.mine").wait_for(state="detached")

    _, match_id = _bot_match(mia, "daggerfall_prison_camp")
    mia.goto(f"{base}/match/{match_id}/")
    wait_version(mia, 0)
    card = mia.locator("#map-card")
    card.wait_for()
    assert card.locator(".map-card-name").text_content() == "Daggerfall Prison Camp"
    assert card.locator(".map-card-rule").text_content() == maps.map_info("daggerfall_prison_camp")["rule"]
    hand = mia.locator("#hand .card").count()
    assert hand == 5
    if SHOTS:
        mia.screenshot(path=f"{SHOTS}/map-card.png")
    before = int(mia.evaluate("Number(document.body.dataset.version)"))
    mia.click("#action-bar [data-action=hire]")
    mia.wait_for_function(f"() => Number(document.body.dataset.version) > {before}")
    mia.locator("#log", has_text="hired a worker (5 now)").wait_for()
    assert mia.locator("#hand .card").count() == hand  # no card went under the workers
    assert mia.errors == []
    mia.click("#action-bar [data-action=concede]")  # the replay of the finished match shows it too
    mia.locator("#confirm-yes").click()
    mia.locator("#result-dialog[open]").wait_for()
    mia.click("#result-replay")
    mia.wait_for_url(f"{base}/match/{match_id}/replay/*")
    mia.locator("#map-card .map-card-name", has_text="Daggerfall Prison Camp").wait_for()

    # A random map: drawn at the start and shown on the match page and the table.
    table_id, match_id = _bot_match(mia, "random")
    mia.goto(f"{base}/match/{match_id}/")
    wait_version(mia, 0)
    name = mia.locator("#map-card .map-card-name").text_content()
    assert name in {maps.map_info(m)["name"] for m in maps.map_ids()}
    shown = api(mia, "GET", f"/api/tables/{table_id}/")
    assert shown["map"] == "random" and shown["map_name"] == name
    assert mia.errors == []
    mia.context.close()


def test_a_match_without_a_map_shows_no_map_card(browser, live_server_url):
    base = live_server_url
    noa = signup(browser, base, "mapnoa", **DESKTOP)
    _, match_id = _bot_match(noa, "")
    noa.goto(f"{base}/match/{match_id}/")
    wait_version(noa, 0)
    assert noa.locator("#map-card").is_hidden()
    assert noa.errors == []
    noa.context.close()
