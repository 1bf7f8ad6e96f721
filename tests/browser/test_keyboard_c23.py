"""A whole C-23 match with the keyboard alone (issue 31, "Done when"), in
headless Chromium: a person plays the red starter against a greedy table
bot (the blue starter) from the first turn to the result, pressing only keys
through ``page.keyboard``: digits pick a button of the action row (its
options, in order), Tab, Enter and Space reach and choose the attacking
characters, ``e`` ends the turn. No mouse, no ``.click()``: the test reads
the page only to know what is offered and where the focus is.

Each turn the player plays a resource, plays the first card offered,
attacks with every character that can, does not block and plays no combat
card, and ends the turn; a choice of whom to knock out takes its first
option. Checked along the way: after every action and after every bot turn
the focus is on a control, never the page body; the help overlay opens on
``?``; axe-core finds no serious or critical violation with the overlay
open, with a question of the engine open, and on the ended match."""

import pytest

from tests.browser.axe import assert_accessible
from tests.browser.keyboard import c23_against_a_bot, focus_matches, on_body, play_to_the_end, shown, status, tab_to
from tests.browser.test_match_page import notice, version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(1200)]

MY_MOVE = """() => document.body.dataset.status !== 'playing'
    || (document.getElementById('banner').classList.contains('mine') && !document.body.classList.contains('busy')
        && !!document.querySelector('#c23-actions button[data-action]'))"""

# The digit that picks each listed action (keyboard.js "pick": the row's enabled buttons, in order).
OPTIONS = """() => [...document.querySelectorAll('#c23-actions button')]
    .filter(b => !b.disabled && b.getClientRects().length).map(b => b.id || b.dataset.action || '')"""

PREFERRED = ("play_resource", "play", "assign", "pass", "end_turn")


class C23KeyboardPlayer:
    def __init__(self, page):
        self.page = page
        self.done = []
        self.asked = False  # axe ran on an open question
        self.attacked = None  # the turn the player last attacked in

    def sent(self, before: int, what: str) -> None:
        page = self.page
        page.wait_for_function(
            "v => Number(document.body.dataset.version) > v || !document.getElementById('notice').hidden", arg=before
        )
        assert notice(page) == "", f"{what} was refused: {notice(page)}"
        self.done.append(what)
        assert not on_body(page), f"focus fell to the page body after {what}"

    def pick(self, index: int, what: str) -> None:
        """Press the digit of the row's option ``index`` (from 0)."""
        assert index < 9, f"{what} is option {index + 1}: past the digits"
        before = version(self.page)
        self.page.keyboard.press(str(index + 1))
        self.sent(before, what)

    def attack(self) -> bool:
        """Choose every character offered with Tab and Enter or Space, then Tab to Attack and Enter."""
        page = self.page
        mine = "#c23-board .c23-player[data-seat='0'] [data-zone=characters] .clickable:not(.chosen)"
        chosen = 0
        for n in range(8):
            if not shown(page, mine):
                break
            assert tab_to(page, mine)
            page.keyboard.press("Space" if n % 2 else "Enter")
            chosen += 1
            page.wait_for_function("n => document.querySelectorAll('#c23-board .chosen').length >= n", arg=chosen)
            assert not on_body(page), "focus fell to the page body after choosing an attacker"
        if not chosen:
            return False
        assert tab_to(page, "#c23-attack:not([disabled])")
        before = version(page)
        page.keyboard.press("Enter")
        self.sent(before, "attack")
        return True

    def move(self) -> None:
        page = self.page
        options = page.evaluate(OPTIONS)
        prompt = page.evaluate("() => (document.getElementById('c23-prompt') || {innerText: ''}).innerText")
        if prompt.startswith("You:") and not self.asked:
            self.asked = True
            assert_accessible(page)
        if "c23-block" in options:
            self.pick(options.index("c23-block"), "block")  # "Do not block" (nothing chosen)
            return
        turn = page.evaluate("document.getElementById('turn').textContent")
        if shown(page, "#c23-attack") and self.attacked != turn:
            self.attacked = turn  # once a turn: the characters left are those that may not attack
            if self.attack():
                return
        for kind in PREFERRED:
            if kind == "end_turn" and kind in options:
                before = version(page)
                page.keyboard.press("e")
                self.sent(before, "end_turn")
                return
            if kind in options:
                self.pick(options.index(kind), kind)
                return
        raise AssertionError(f"nothing to do with {options} ({prompt})")

    def play(self, limit: int) -> None:
        page = self.page
        play_to_the_end(page, limit, lambda: page.wait_for_function(MY_MOVE, timeout=120000), self.move, self.done)


def test_a_whole_c23_match_with_the_keyboard_alone(browser, live_server_url):
    page = c23_against_a_bot(browser, live_server_url, "kbc23")
    page.keyboard.press("Tab")
    assert focus_matches(page, "a.skip-link")
    page.keyboard.press("a")  # the action row's first button
    assert focus_matches(page, "#c23-actions button")

    page.keyboard.press("?")
    page.get_by_role("dialog", name="Keyboard shortcuts").wait_for()
    assert focus_matches(page, "#keys-dialog *")
    assert_accessible(page)
    page.keyboard.press("?")  # "?" closes it too
    page.locator("#keys-dialog:not([open])").wait_for(state="attached")
    assert focus_matches(page, "#c23-actions button")

    player = C23KeyboardPlayer(page)
    player.play(800)

    page.locator("#result-dialog[open]").wait_for()
    assert status(page) == "finished"
    # An attack ends the turn: a match may go without "e" (end_turn) or a card played, never without these.
    assert {"play_resource", "attack"} <= set(player.done), player.done
    print("keyboard C-23 match:", player.done, page.inner_text("#result-title"))
    assert_accessible(page)
    page.keyboard.press("Escape")
    page.locator("#result-dialog:not([open])").wait_for(state="attached")
    page.wait_for_function("() => document.activeElement && document.activeElement !== document.body")
    assert page.errors == [], page.errors
