"""The lobby faults a tester found (lobby round, F1, F3, F4, F7), through
the real lobby page: a rated table offers no bot; "Your matches" neither
says there is no match above a turn-based one nor names its mode by its
key; days off that have begun offer no "Take back" (the server refuses
it); and the new table's deadline-rule choice is not cut off at laptop
and phone sizes."""

from datetime import UTC, datetime, timedelta

import pytest

from tests.browser.test_match_page import PHONE, api, signup

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

LAPTOP = {"viewport": {"width": 1280, "height": 720}}

# The room the chosen option's words need in a select (its font, its
# paddings, and the arrow's room) against the room it has.
CUT_OFF = """(id) => {
    const select = document.getElementById(id);
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d');
    context.font = style.font;
    const words = context.measureText(select.selectedOptions[0].text).width;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
    return words - room;
}"""


def test_rated_tables_turn_based_matches_and_days_off_in_the_lobby(browser, live_server_url):
    base = live_server_url
    page = signup(browser, base, "fixlrated", **LAPTOP)
    # A turn-based match against a bot, waiting on her (seat 0 begins).
    pace = {"turn_based": True, "turn_seconds": 86400, "deadline_rule": "stand_in"}
    table = api(page, "POST", "/api/tables/", {"mode": "1hero", **pace})
    api(page, "PATCH", f"/api/tables/{table['id']}/seat/", {"heroes": ["troq_bashar"], "ready": True})
    api(page, "POST", f"/api/tables/{table['id']}/bot/", {"index": 1, "kind": "greedy"})
    match_id = api(page, "POST", f"/api/tables/{table['id']}/start/")["match_id"]
    # A rated table with an empty seat.
    rated = api(page, "POST", "/api/tables/", {"mode": "1hero", "rated": True})
    # Days off from today (begun) and from next week (not yet).
    today = datetime.now(UTC).date()
    api(page, "POST", "/api/vacations/", {"first": str(today), "last": str(today + timedelta(days=1))})
    later = today + timedelta(days=7)
    api(page, "POST", "/api/vacations/", {"first": str(later), "last": str(later + timedelta(days=1))})
    page.goto(f"{base}/")

    card = page.locator(f"#table-{rated['id']}")
    card.locator("li[data-seat='1']").wait_for()
    assert card.locator(".bot-kind").count() == 0 and card.locator(".add-bot").count() == 0

    entry = page.locator(f"#turn-based li[data-match='{match_id}']")
    entry.wait_for()
    assert entry.inner_text().startswith("1 hero vs 1 hero · turn-based")
    assert "You play no match now" not in page.inner_text("#my-matches")
    assert page.inner_text("#my-matches-count") == "1 waiting on you"

    days = page.locator("#vacations li")
    days.nth(1).wait_for()
    begun, coming = days.nth(0), days.nth(1)
    assert str(today) in begun.inner_text() and begun.locator("button").count() == 0
    assert str(later) in coming.inner_text() and coming.locator("button", has_text="Take back").count() == 1
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("size,options", [("laptop", LAPTOP), ("phone", PHONE)])
def test_the_deadline_rule_choice_is_not_cut_off(browser, live_server_url, size, options):
    page = signup(browser, live_server_url, f"fixlrule{size}", **options)
    page.select_option("#pace-select", "turn_based")
    page.locator("#deadline-rule").wait_for()
    for value in ("stand_in", "strikes"):
        page.select_option("#deadline-rule", value)
        assert page.evaluate(CUT_OFF, "deadline-rule") <= 0, value
    assert page.errors == []
    page.context.close()
