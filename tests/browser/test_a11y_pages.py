"""The site's pages other than a match in play, read by axe-core (issue 31
point 4: "axe-core run by the browser tests on every page and state finds
no serious or critical violation"): the pages a signed-out visitor sees,
then, signed in, the lobby (with a finished match in its history), the deck
builder, the card list, the three how-to-play pages, the friends,
leaderboard and profile pages, the notice settings, the password form and
the replay of the finished match. The match pages in play are checked by
test_a11y_{codex,arcane,c23}.py and the keyboard tests, the lobby's
turn-based list by test_turn_based_page.py."""

import pytest

from tests.browser.axe import describe, serious_violations
from tests.browser.test_match_page import DESKTOP, concede_on_page, signup, start_against_bots

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

SIGNED_OUT = ["/login/", "/signup/", "/how-to-play/", "/cards/"]
SIGNED_IN = [
    "/",
    "/decks/",
    "/cards/",
    "/how-to-play/",
    "/how-to-play/arcane/",
    "/c23/how-to-play/",
    "/friends/",
    "/leaderboards/",
    "/leaderboards/codex-1hero/",
    "/u/a11y_pages/",
    "/notices/",
    "/password/",
]


def violations_of(page, base: str, paths: list[str]) -> dict[str, str]:
    """Each of ``paths`` opened on ``page`` once its scripts are done: its
    serious or critical axe violations, one line per node; pages with none
    are left out."""
    found = {}
    for path in paths:
        page.goto(base + path)
        page.wait_for_load_state("networkidle")
        violations = serious_violations(page)
        if violations:
            found[path] = describe(violations)
    return found


def test_the_sites_pages_have_no_serious_axe_violation(browser, live_server_url):
    visitor = browser.new_context(**DESKTOP).new_page()
    assert violations_of(visitor, live_server_url, SIGNED_OUT) == {}
    visitor.context.close()

    page = signup(browser, live_server_url, "a11y_pages", **DESKTOP)
    match_id = start_against_bots(page, "1hero", 1)
    concede_on_page(page, live_server_url, match_id)
    found = violations_of(page, live_server_url, [*SIGNED_IN, f"/match/{match_id}/replay/"])
    assert found == {}, found
    assert page.errors == []
