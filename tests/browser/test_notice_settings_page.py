"""The turn notices' settings page (issue 32 part 2) in a browser, on a
390x844 phone and a 1280x720 laptop: reached from the header, channels
chosen, a webhook that points at a private address refused with a
sentence (nothing saved), then saved, the address waiting for its
confirmation; only the push button that applies is shown; the page fits
the screen, and the site's service worker installs."""

import pytest

from tests.browser.test_match_page import PHONE, signup
from tests.browser.test_phone_width import CUT

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

LAPTOP = {"viewport": {"width": 1280, "height": 720}}


def faults(page, width: int) -> list:
    """What does not fit a screen ``width`` px wide (empty: it all fits)."""
    wide = page.evaluate("document.documentElement.scrollWidth")
    return ([f"{wide} px wide"] if wide > width else []) + page.evaluate(CUT, width)


@pytest.mark.parametrize("name, options", [("nora", PHONE), ("nate", LAPTOP)])
def test_choosing_notices_and_a_refused_webhook(browser, live_server_url, name, options):
    page = signup(browser, live_server_url, name, **options)
    page.click("#nav-notices")
    page.wait_for_url("**/notices/")
    width = options["viewport"]["width"]
    assert faults(page, width) == []
    assert page.locator("#notice-active").inner_text() == "No notices are on."
    page.wait_for_function("document.getElementById('push-on').hidden === false")
    assert page.locator("#push-on").is_visible() and not page.locator("#push-off").is_visible()

    page.check("input[name=email_on]")
    page.fill("input[name=email]", f"{name}@example.org")
    page.fill("input[name=webhook_url]", "http://192.168.1.20/hook")
    page.click("#notice-form button[type=submit]")
    error = page.locator("#webhook-error")
    assert "private or local address" in error.inner_text()
    assert error.inner_text().endswith(".")
    assert page.locator("#notice-active").inner_text() == "No notices are on."  # nothing saved

    page.fill("input[name=webhook_url]", "")
    page.click("#notice-form button[type=submit]")
    page.locator("#confirm-sent").wait_for()
    assert page.locator("#notice-active").inner_text() == "No notices are on."  # until it is confirmed
    assert "waiting for confirmation" in page.locator("#confirm-waiting").inner_text()
    assert page.locator("#confirm-sent").is_visible() and page.locator("#confirm-again").is_visible()
    assert page.locator("#test-email").count() == 0
    assert not page.locator("#push-off").is_visible()
    assert faults(page, width) == []

    scope = page.evaluate("navigator.serviceWorker.register('/sw.js').then((r) => r.scope)")
    assert scope == f"{live_server_url}/"
    assert page.errors == []
    page.context.close()
