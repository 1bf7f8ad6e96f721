"""Every card of one's own in play can be seen at desktop (1280x900), laptop
(1280x720) and phone (390x844) sizes (issue 14, finding 10 of a newcomer
trial: a fifth card wrapped to a new row under the docked hand, with nothing
saying it was there). In headless Chromium with crafted frames (see
test_match_controls.Crafted), eight cards in play: with the first in view,
the fifth to the eighth are in the same row, not under the hand dock (nor
the phone's action bar), each shown by scrolling the row sideways as a swipe
does; the row's title counts them, a button counts those out of sight and
scrolls to them, and the row stays where it was scrolled through the next
state. A card brought to the row's edge (what keyboard focus and Playwright's
click do) is not under a button (a CI run timed out clicking a hero the
"2 more" button covered); the buttons take none of the row's width (beside the
row they left it a card and a half wide); each press of "more" or "‹" shows
the next card cut off whole, and a card given the keyboard focus is scrolled
wholly into sight (a fresh tester never saw some cards whole, and tabbed onto
cards mostly out of sight). A full hand makes the hand dock taller: on a
page just opened (a fresh tester saw the bottom of their own row under the
dock at 1280x720) the own row and patrol zone are clear of the dock, and
every card of the row takes a click. With CODEX_SCREENSHOTS set, the pages
are saved there.
"""

import os

import pytest

from tests.browser.test_match_controls import Crafted, card_in_play, crafted_match
from tests.browser.test_match_page import PHONE, SHOTS

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 900}},
    "laptop": {"viewport": {"width": 1280, "height": 720}},
    "phone": PHONE,
}
NAMES = [
    "Older Brother",
    "Tenderfoot",
    "Timely Messenger",
    "Brick Thief",
    "Helpful Turtle",
    "Fruit Ninja",
    "Iron Man",
    "Nautical Dog",
]
TIDS = [f"c95{i}" for i in range(len(NAMES))]

# Scroll the row holding card `tid` sideways until the card is in its middle
# (what a swipe or the scrollbar does; the page itself does not move), then
# name what is drawn at the card's centre once the page has caught up.
SHOW_AND_HIT = """async (tid) => {
    const card = document.querySelector(`#me-area [data-tid="${tid}"]`);
    const row = card.parentElement;
    const c = card.getBoundingClientRect(), r = row.getBoundingClientRect();
    row.scrollLeft += (c.left + c.width / 2) - (r.left + r.width / 2);
    for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(done));
    const box = card.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    const hit = document.elementFromPoint(x, y);
    const owner = hit && hit.closest('[data-tid], #controls, #action-bar, #dock');
    return owner ? (owner.dataset.tid || owner.id) : null;
}"""


# From each end of the row, bring card `tid` just into view the way focus
# does (the nearest edge), then name what is drawn at the card's centre.
EDGE_HIT = """async ([tid, from_end]) => {
    const card = document.querySelector(`#me-area [data-tid="${tid}"]`);
    const row = card.parentElement;
    row.scrollLeft = from_end ? row.scrollWidth : 0;
    for (let i = 0; i < 2; i++) await new Promise((done) => requestAnimationFrame(done));
    card.scrollIntoView({block: "nearest", inline: "nearest"});
    for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(done));
    const box = card.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const owner = hit && hit.closest('[data-tid], .row-more, #controls, #action-bar, #dock');
    return owner ? (owner.dataset.tid || owner.id || owner.className) : null;
}"""


# How much of each card of the row is in sight (0 to 1), by data-tid.
IN_SIGHT = """() => {
    const row = document.querySelector('#me-area .in-play');
    const box = row.getBoundingClientRect();
    return Object.fromEntries([...row.querySelectorAll(':scope > .card')].map((card) => {
        const r = card.getBoundingClientRect();
        const seen = Math.max(0, Math.min(r.right, box.right) - Math.max(r.left, box.left));
        return [card.dataset.tid, Math.round(seen / r.width * 100) / 100];
    }));
}"""


def wait_still(page):
    """Until the row has stopped scrolling (the buttons scroll it smoothly)."""
    page.wait_for_function("""() => new Promise((done) => {
        const row = document.querySelector('#me-area .in-play');
        const at = row.scrollLeft;
        setTimeout(() => done(row.scrollLeft === at), 150);
    })""")


@pytest.fixture(scope="module", params=list(SIZES))
def crafted(request, browser, live_server_url):
    """Seat 0's page of a fresh 1v1 match at each size, routed; its own users per size."""
    size = request.param
    yield from crafted_match(browser, live_server_url, f"rowa{size}", f"rowb{size}", SIZES[size])


def _eight_in_play(crafted) -> dict:
    frame = crafted.frame()
    frame["view"]["players"][0]["play"] += [
        card_in_play(tid, name.lower().replace(" ", "_"), name) for tid, name in zip(TIDS, NAMES, strict=True)
    ]
    return crafted.send(frame)


def test_the_fifth_to_eighth_cards_in_play_are_clear_of_the_hand_dock(crafted, request):
    page = crafted.page
    _eight_in_play(crafted)
    page.locator(f"#me-area [data-tid={TIDS[0]}]").evaluate("n => n.scrollIntoView({block: 'nearest'})")
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"in-play-{request.node.callspec.id}.png"))
    hits = {tid: page.evaluate(SHOW_AND_HIT, tid) for tid in TIDS[4:]}
    assert hits == {tid: tid for tid in TIDS[4:]}
    assert page.locator("#me-area .play-title").inner_text().lower() == "in play (8)"


def test_a_button_counts_the_cards_out_of_sight_and_the_row_keeps_its_place(crafted):
    page = crafted.page
    frame = _eight_in_play(crafted)
    row = page.locator("#me-area .in-play")
    row.evaluate("n => { n.scrollLeft = 0; }")
    more = page.locator("#me-area .row-more.next")
    more.wait_for(state="visible")
    out_of_sight = int(more.inner_text().split()[0])
    assert 0 < out_of_sight < 8 and page.locator("#me-area .row-more.back").is_hidden()
    more.click()
    page.wait_for_function("() => document.querySelector('#me-area .in-play').scrollLeft > 0")
    page.locator("#me-area .row-more.back").wait_for(state="visible")
    row.evaluate("n => { n.scrollLeft = n.scrollWidth; }")
    page.locator("#me-area .row-more.next").wait_for(state="hidden")
    kept = row.evaluate("n => n.scrollLeft")
    crafted.send(frame)  # the next state draws the board again
    assert page.locator("#me-area .in-play").evaluate("n => n.scrollLeft") == kept


def test_a_card_at_the_edge_of_the_row_is_not_under_an_end_button(crafted):
    page = crafted.page
    _eight_in_play(crafted)
    page.locator(f"#me-area [data-tid={TIDS[0]}]").evaluate("n => n.scrollIntoView({block: 'nearest'})")
    hits = {(tid, from_end): page.evaluate(EDGE_HIT, [tid, from_end]) for tid in TIDS for from_end in (False, True)}
    assert hits == {(tid, from_end): tid for tid, from_end in hits}
    page.locator(f"#me-area [data-tid={TIDS[5]}]").click(timeout=10_000)  # a real click, wherever the row was


def _press_to_the_end(page, end: str) -> set:
    """Press the row's ``end`` button ("next" or "back") until it is gone;
    returns the cards seen whole on the way, the first view included."""
    seen_whole = set()
    for _ in range(len(TIDS) + 1):
        seen_whole |= {tid for tid, part in page.evaluate(IN_SIGHT).items() if part == 1}
        button = page.locator(f"#me-area .row-more.{end}")
        if button.is_hidden():
            break
        button.click()
        wait_still(page)
    return seen_whole


def test_the_buttons_leave_the_row_its_width_and_show_every_card_whole_in_turn(crafted):
    page = crafted.page
    page.emulate_media(reduced_motion="reduce")  # the buttons then scroll at once, not smoothly
    _eight_in_play(crafted)
    row = page.locator("#me-area .in-play")
    row.evaluate("n => { n.scrollLeft = 0; }")
    page.locator("#me-area .row-more.next").wait_for(state="visible")
    widths = row.evaluate(
        "n => [n.clientWidth, n.querySelector('.card').getBoundingClientRect().width,"
        " n.closest('.play-part').getBoundingClientRect().width]"
    )
    assert widths[0] >= widths[2] - 8, widths  # the row is as wide as its part of the board
    assert _press_to_the_end(page, "next") == set(TIDS)
    assert _press_to_the_end(page, "back") == set(TIDS) and row.evaluate("n => n.scrollLeft") == 0
    page.emulate_media(reduced_motion="no-preference")


def test_a_card_given_the_keyboard_focus_is_wholly_in_sight(crafted):
    page = crafted.page
    _eight_in_play(crafted)
    page.locator("#me-area .in-play").evaluate("n => { n.scrollLeft = 0; }")
    page.locator(f"#me-area [data-tid={TIDS[0]}]").focus()
    for tid in TIDS[1:]:
        page.keyboard.press("Tab")  # through the card's own chips, if any, to the next card
        for _ in range(6):
            if page.evaluate("() => document.activeElement.dataset.tid") == tid:
                break
            page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.dataset.tid") == tid
        wait_still(page)
        assert page.evaluate(IN_SIGHT)[tid] == 1, tid


def test_an_opponents_eight_cards_in_play_keep_to_one_row_above_ones_own_area(crafted, request):
    """A fresh tester (session 7) saw an opponent's eight cards in play wrap into four
    rows at 1280x720 and push their own area down under the hand dock: every player's
    cards in play are one sideways row, with the same count and buttons."""
    page = crafted.page
    frame = crafted.frame()
    frame["view"]["players"][1]["play"] += [
        card_in_play(f"c96{i}", name.lower().replace(" ", "_"), name, owner=1, controller=1)
        for i, name in enumerate(NAMES)
    ]
    crafted.send(frame)
    page.evaluate("window.scrollTo(0, 0)")
    row = page.locator("#seat-1 .in-play")
    tops = row.evaluate(
        "n => [...n.querySelectorAll(':scope > .card')].map((c) => Math.round(c.getBoundingClientRect().top))"
    )
    assert len(tops) == len(NAMES) and len(set(tops)) == 1, tops  # one row, not wrapped
    assert page.locator("#seat-1 .play-title").inner_text().lower() == "in play (8)"
    assert "more" in page.locator("#seat-1 .row-more.next").inner_text()
    if request.node.callspec.id != "phone":  # beside the board, the dock must not hide one's own area's head
        head, dock = page.evaluate(
            "() => [document.querySelector('#me-area .player-head').getBoundingClientRect().bottom,"
            " document.getElementById('controls').getBoundingClientRect().top]"
        )
        assert head < dock, (head, dock)


# What covers the bottom of the screen (the laptop's hand dock, the phone's
# action bar and bottom sheet) and where the own row and patrol zone are.
COVERS = """() => {
    const box = (n) => { const r = n.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; };
    const covers = [];
    for (const id of ['controls', 'action-bar', 'dock']) {
        const node = document.getElementById(id);
        const style = getComputedStyle(node);
        const pinned = style.position === 'sticky' || style.position === 'fixed';
        if (pinned && style.display !== 'none' && node.offsetHeight) {
            covers.push({id, ...box(node)});
        }
    }
    return {covers, row: box(document.querySelector('#me-area .in-play')),
            patrol: box(document.querySelector('#me-area .patrol')), height: window.innerHeight};
}"""


def _under(layout: dict, parts=("row", "patrol")) -> list:
    """The covers that lie over the own row or patrol zone (``parts``) by more than a pixel."""
    return [
        (name, c["id"])
        for name in parts
        for c in layout["covers"]
        if layout[name]["bottom"] > c["top"] + 1 and layout[name]["top"] < c["bottom"] - 1
    ]


def test_with_a_full_hand_the_own_row_is_clear_of_the_dock_on_a_page_just_opened(crafted, request):
    size = request.node.callspec.id
    page = crafted.page.context.new_page()  # a page just opened, not scrolled by the tests above
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    fresh = Crafted(page, crafted.url)
    frame = fresh.frame()
    me = frame["view"]["players"][0]
    hand = me["hand"]
    me["hand"] = [dict(hand[i % len(hand)], iid=f"c94{i}") for i in range(9)]
    me["hand_count"] = len(me["hand"])
    me["play"] += [
        card_in_play(tid, name.lower().replace(" ", "_"), name) for tid, name in zip(TIDS[:3], NAMES, strict=False)
    ]
    fresh.send(frame)
    page.wait_for_timeout(200)  # the dock's new height measured (ResizeObserver)
    layout = page.evaluate(COVERS)
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"full-hand-{size}.png"))
    if size != "phone":  # on a laptop or desktop the row and the patrol zone are on the screen, above the dock
        assert _under(layout) == [], layout
        dock = next(c for c in layout["covers"] if c["id"] == "controls")
        assert layout["row"]["bottom"] <= dock["top"] and layout["row"]["top"] >= 0, layout
    else:  # a phone's page is long: the row further down is clear of the bar, as it is once scrolled to
        assert _under(layout, ("row",)) == [], layout
        page.locator("#me-area .in-play").evaluate("n => n.scrollIntoView({block: 'nearest'})")
        assert _under(page.evaluate(COVERS), ("row",)) == []
    for tid in TIDS[:3]:
        page.locator(f"#me-area [data-tid={tid}]").click(timeout=5_000)  # no force: nothing lies over it
        page.locator(f"#me-area [data-tid={tid}].selected").wait_for()
    assert page.errors == [], page.errors
    page.close()
