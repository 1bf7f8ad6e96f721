"""Updates that don't rebuild the whole board (issue 31 point 5): after
the other player's move, which changes only their own area, the viewer's
hand and area are the very same elements as before (marked with a property
before the move), the focused hand card keeps the focus, and the mover's
area is drawn anew (static/js/redraw.js). The same for the Codex action
bar, tech panel and inspector, and for the C-23 board's player areas."""

import re

import pytest

from tests.browser.test_match_page import DESKTOP, Table, api, select, signup, start_private_1v1, version, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def open_1v1(browser, base: str, name: str) -> dict:
    """Two new users, ``name``_host and ``name``_guest, on the page of a
    private Codex 1v1 between them, each with its hand drawn: {seat: page}."""
    host = signup(browser, base, f"{name}_host", **DESKTOP)
    guest = signup(browser, base, f"{name}_guest", **DESKTOP)
    match_id = start_private_1v1(host, guest)
    pages = {0: host, 1: guest}
    for page in pages.values():
        page.goto(f"{base}/match/{match_id}/")
        wait_version(page, 0)
        page.locator("#hand [data-tid]").first.wait_for()
    return pages


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
    pages = open_1v1(browser, live_server_url, "redraw")
    active = int(pages[0].evaluate("document.body.dataset.active"))
    mover, viewer = pages[active], pages[1 - active]
    tid = viewer.evaluate(MARK)
    table = Table(pages, viewer)
    assert table.hire(mover), "the player taking the turn can hire a worker"
    assert viewer.locator("#opponents .player-area .stat").count()  # drawn
    assert viewer.evaluate(KEPT, tid) == {"hand": True, "focused": True, "mine": True, "theirs": False}
    assert not viewer.errors and not mover.errors


# The viewer's tech panel with one card picked, a codex option in it focused,
# the action bar's Concede button and the inspector of a hand card, marked.
MARK_DOCK = """() => {
  const option = document.querySelectorAll('#tech-panel button[data-codex]:not([disabled])')[1];
  option.focus();
  const marked = {
    panel: document.getElementById('tech-panel'),
    option,
    concede: document.querySelector('#action-bar [data-action=concede]'),
    title: document.querySelector('#inspector .panel-title'),
  };
  for (const node of Object.values(marked)) node.redrawMark = 'kept';
  return option.dataset.codex;
}"""

KEPT_DOCK = """codex => ({
  panel: document.getElementById('tech-panel').redrawMark === 'kept',
  option: document.querySelector(`#tech-panel button[data-codex="${codex}"]`).redrawMark === 'kept',
  focused: document.activeElement === document.querySelector(`#tech-panel button[data-codex="${codex}"]`),
  concede: document.querySelector('#action-bar [data-action=concede]').redrawMark === 'kept',
  title: document.querySelector('#inspector .panel-title').redrawMark === 'kept',
})"""


def test_an_opponents_move_keeps_the_viewers_action_bar_panel_and_inspector(browser, live_server_url):
    """The player who ended their turn picks tech cards during the other's
    turn (R11) with a hand card in the inspector: the other's move leaves
    the tech panel, its focused option, the bar's buttons and the inspector
    the same elements; a click on a kept option still works."""
    pages = open_1v1(browser, live_server_url, "dock")
    first = int(pages[0].evaluate("document.body.dataset.active"))
    ended, mover = pages[first], pages[1 - first]
    table = Table(pages, mover)
    table.end_main(ended)
    ended.locator("#tech-panel button[data-codex]").first.wait_for()
    ended.locator("#tech-panel button[data-codex]:not([disabled])").first.click()  # one picked: the panel says so
    select(ended.locator("#hand [data-tid]").first)
    ended.locator("#inspector .panel-title").wait_for()
    codex = ended.evaluate(MARK_DOCK)
    assert table.hire(mover), "the player taking the turn can hire a worker"
    assert ended.evaluate(KEPT_DOCK, codex) == {
        "panel": True,
        "option": True,
        "focused": True,
        "concede": True,
        "title": True,
    }
    picked = ended.locator("#tech-panel .hint").first.inner_text()
    ended.locator(f'#tech-panel button[data-codex="{codex}"]').click()  # the kept button runs the newest handler
    ended.wait_for_function("t => document.querySelector('#tech-panel .hint').textContent !== t", arg=picked)
    assert ended.locator("#tech-panel [data-action=tech]").is_enabled(), "two cards picked: the tech can be confirmed"
    assert not ended.errors and not mover.errors


MARK_C23 = """seat => {
  const area = document.querySelector(`.c23-player[data-seat="${seat}"]`);
  const concede = document.getElementById('c23-concede');
  concede.focus();
  const marked = [area, area.querySelector('[data-zone=hand]'), area.querySelector('[data-zone=hand] .c23-card'),
    concede,
    document.querySelector('.c23-player:not([data-seat="' + seat + '"]) [data-zone=resources]'),
    document.querySelector('.c23-player:not([data-seat="' + seat + '"]) .hand-count').firstChild];
  for (const node of marked) node.redrawMark = 'kept';
  return area.querySelector('[data-zone=hand] .c23-card').dataset.cid;
}"""

KEPT_C23 = """([seat, cid]) => {
  const area = document.querySelector(`.c23-player[data-seat="${seat}"]`);
  const other = document.querySelector('.c23-player:not([data-seat="' + seat + '"])');
  return {
    area: area.redrawMark === 'kept',
    hand: area.querySelector('[data-zone=hand]').redrawMark === 'kept',
    card: area.querySelector(`[data-cid="${cid}"]`).redrawMark === 'kept',
    concede: document.getElementById('c23-concede').redrawMark === 'kept',
    focused: document.activeElement === document.getElementById('c23-concede'),
    theirResources: other.querySelector('[data-zone=resources]').redrawMark === 'kept',
    theirHandCount: other.querySelector('.hand-count').firstChild.redrawMark === 'kept',
  };
}"""


def test_an_opponents_move_keeps_the_viewers_c23_area(browser, live_server_url):
    """C-23 (issue 31 point 5): the other player plays a resource; the
    viewer's own area, hand, hand card and focused Concede button are the
    same elements (the log line the move adds redraws none of them), the
    mover's resources zone is kept with the new card put in, and the text
    of the hand count that changed is drawn anew."""
    host = signup(browser, live_server_url, "c23_redraw_host", **DESKTOP)
    guest = signup(browser, live_server_url, "c23_redraw_guest", **DESKTOP)
    table = api(host, "POST", "/api/tables/", {"mode": "c23", "deck": "red", "is_public": False})
    api(
        guest, "POST", f"/api/tables/{table['id']}/join/", {"index": 1, "invite": table["invite_token"], "deck": "blue"}
    )
    for page in (host, guest):
        api(page, "PATCH", f"/api/tables/{table['id']}/seat/", {"ready": True})
    match_id = api(host, "POST", f"/api/tables/{table['id']}/start/")["match_id"]
    pages = {0: host, 1: guest}
    for page in pages.values():
        page.goto(f"{live_server_url}/match/{match_id}/")
        wait_version(page, 0)
        page.locator("#c23-board .c23-card").first.wait_for()
    active = int(host.evaluate("document.body.dataset.active"))
    mover, viewer = pages[active], pages[1 - active]
    cid = viewer.evaluate(MARK_C23, 1 - active)
    before = version(mover)
    played = mover.locator('#c23-actions button[data-action="play_resource"]').first
    name = re.sub(r"^Play (.+?)(?: #\d+)? as your resource$", r"\1", played.inner_text())
    played.click()
    wait_version(viewer, before + 1)
    assert name in viewer.locator(f'.c23-player[data-seat="{active}"] [data-zone=resources]').inner_text()
    assert viewer.evaluate(KEPT_C23, [1 - active, cid]) == {
        "area": True,
        "hand": True,
        "card": True,
        "concede": True,
        "focused": True,
        "theirResources": True,
        "theirHandCount": False,
    }
    assert not viewer.errors and not mover.errors
