"""The match page's first paint waits on no more than it must (issue 31
point 5; docs/BENCHMARKS.md "Match page (issue 31)"): its socket opens while
the card catalog is still loading (the server's first state then comes in
parallel, not after it), the page draws nothing before the catalog is in,
the since-left lines are asked for once the board is drawn, a reload asks
the server for neither the catalog nor the modes (answers at their
version, which the browser keeps: codexsite/refcache.py), and the page's
head lists every module it loads as modulepreload."""

import pytest

from tests.browser.test_match_page import DESKTOP, signup, start_against_bots, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

# The bytes each catalog or modes request of the page's load took from the
# server ({path: [bytes, ...]}): an answer from the browser's cache took none.
REFERENCE_BYTES = """() => {
  const sizes = {};
  for (const r of performance.getEntriesByType("resource")) {
    const path = new URL(r.name).pathname;
    if (path === "/api/cards/" || path === "/api/modes/") (sizes[path] = sizes[path] || []).push(r.transferSize);
  }
  return sizes;
}"""

# The scripts the page loaded that its head did not list (as modulepreload
# or a script tag), and those it listed but never loaded.
UNLISTED = """() => {
  const listed = [...document.querySelectorAll("link[rel=modulepreload], script[type=module][src]")]
    .map((node) => node.href || node.src);
  const loaded = performance.getEntriesByType("resource").map((r) => r.name).filter((name) => name.endsWith(".js"));
  return [loaded.filter((name) => !listed.includes(name)), listed.filter((name) => !loaded.includes(name))];
}"""

# Counts the state messages the page's sockets receive (window.__states).
STATES = """
window.__states = 0;
const PageSocket = window.WebSocket;
window.WebSocket = class extends PageSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => { if (JSON.parse(event.data).type === "state") window.__states += 1; });
  }
};
"""


def test_the_socket_opens_while_the_catalog_loads(browser, live_server_url):
    page = signup(browser, live_server_url, "paint_socket", **DESKTOP)
    match_id = start_against_bots(page, "1hero", 1)
    held = []
    # The catalog's answer waits until the test lets it go.
    page.route("**/api/cards/**", lambda route: held.append(route))
    page.add_init_script(STATES)
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(f"{live_server_url}/match/{match_id}/")
    page.wait_for_function("window.__states > 0")  # the first state came while the catalog was held
    assert len(held) == 1, "the page asked for the catalog once"
    assert page.evaluate("document.body.dataset.version") is None, "nothing is drawn without the catalog"
    assert not [url for url in asked if "/visit/" in url], "since-left waits for the board"
    held[0].continue_()
    wait_version(page, 0)
    page.locator("#hand [data-tid]").first.wait_for()
    page.wait_for_function("() => performance.getEntriesByType('resource').some((r) => r.name.includes('/visit/'))")
    assert not page.errors


def test_a_reload_asks_for_no_catalog_nor_modes_and_preloads_every_module(browser, live_server_url):
    page = signup(browser, live_server_url, "paint_reload", **DESKTOP)
    match_id = start_against_bots(page, "1hero", 1)
    page.goto(f"{live_server_url}/match/{match_id}/")
    wait_version(page, 0)
    page.reload()
    wait_version(page, 0)
    page.locator("#hand [data-tid]").first.wait_for()
    assert page.evaluate(REFERENCE_BYTES) == {"/api/cards/": [0], "/api/modes/": [0]}
    assert page.evaluate(UNLISTED) == [[], []]  # every module preloaded (game.views.match_modules), none for nothing
    assert not page.errors
