"""Updates that don't rebuild the whole board (issue 31 point 5): after
the other player's move, which changes only their own area, the viewer's
hand and area are the very same elements as before (marked with a property
before the move), the focused hand card keeps the focus, and the mover's
area is drawn anew (static/js/redraw.js)."""

import pytest

from tests.browser.test_match_page import DESKTOP, Table, signup, start_private_1v1, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

MARK = """() => {
  const card = document.querySelector('#hand [data-tid]');
  card.focus();
  card.redrawMark = 'kept';
  document.querySelector('#me-area .player-area').redrawMark = 'kept';
  document.querySelector('#opponents .player-area').redrawMark = 'kept';
  return card.dataset.tid;
}"""

KEPT = """tid => ({
  hand: document.querySelector(`#hand [data-tid="${tid}"]`).redrawMark === 'kept',
  focused: document.activeElement === document.querySelector(`#hand [data-tid="${tid}"]`),
  mine: document.querySelector('#me-area .player-area').redrawMark === 'kept',
  theirs: document.querySelector('#opponents .player-area').redrawMark === 'kept',
})"""


def test_an_opponents_move_keeps_the_viewers_hand_and_area(browser, live_server_url):
    host = signup(browser, live_server_url, "redraw_host", **DESKTOP)
    guest = signup(browser, live_server_url, "redraw_guest", **DESKTOP)
    match_id = start_private_1v1(host, guest)
    pages = {0: host, 1: guest}
    for page in pages.values():
        page.goto(f"{live_server_url}/match/{match_id}/")
        wait_version(page, 0)
        page.locator("#hand [data-tid]").first.wait_for()
    active = int(host.evaluate("document.body.dataset.active"))
    mover, viewer = pages[active], pages[1 - active]
    tid = viewer.evaluate(MARK)
    table = Table(pages, viewer)
    assert table.hire(mover), "the player taking the turn can hire a worker"
    assert viewer.locator("#opponents .player-area .stat").count()  # drawn
    assert viewer.evaluate(KEPT, tid) == {"hand": True, "focused": True, "mine": True, "theirs": False}
    assert not viewer.errors and not mover.errors
