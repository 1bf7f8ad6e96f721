"""A greyed build button keeps its price (found by trying the merge-s17
match page as a new player): the view publishes the gold each building not
standing costs "whether or not it may be built" (game.codex.view
_build_costs), and the greyed Hire button keeps its "(1 gold)"; the greyed
Tech I button drops its price, so a player with 4 workers cannot read what
Tech I will cost once she has 6 (rulebook: Tech I Building, 1 gold, 6 workers)."""

import pytest

from tests.browser.test_match_page import DESKTOP, signup, start_against_bots, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


def test_a_greyed_tech_building_button_shows_its_price(browser, live_server_url):
    base = live_server_url
    page = signup(browser, base, "greyprice", **DESKTOP)
    match_id = start_against_bots(page, "1hero", 1)
    page.goto(f"{base}/match/{match_id}/")
    wait_version(page, 0)
    page.wait_for_function("() => document.body.dataset.active === '0'")
    greyed = page.locator("#action-bar [data-blocked=build][data-building=tech_1]")
    greyed.wait_for()
    assert "6 workers" in greyed.get_attribute("title")  # four workers at the start: it cannot be built yet
    # Its price, as the enabled build buttons show theirs ("Build Tech I Building (1)").
    label = greyed.inner_text()
    assert label.startswith("Build Tech I") and label.endswith("(1)"), label
    assert page.errors == []
    page.context.close()
