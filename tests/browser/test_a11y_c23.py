"""The C-23 match page read by a screen reader (issue 31 point 4): axe-core
finds no serious or critical violation on a match in play against a bot, as
the page opens; the page keeps the shared structure (h1, skip link, log as a
live region, named tiles) checked on the Codex page."""

import pytest

from tests.browser.axe import assert_accessible
from tests.browser.keyboard import c23_against_a_bot

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]


def test_the_c23_match_page_has_no_serious_axe_violation(browser, live_server_url):
    page = c23_against_a_bot(browser, live_server_url, "a11y_c23")
    assert_accessible(page)
