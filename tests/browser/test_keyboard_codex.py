"""A whole 1-hero Codex match with the keyboard alone (issue 31, "Done
when"), in headless Chromium: a person plays Troq Bashar against a greedy
table bot from the first turn to the result, pressing only keys through
``page.keyboard`` (Tab, Shift+Tab, Enter, the arrow keys and the page's
shortcuts: ``e`` ends the main phase, digits pick a choice's option, ``h``,
``a`` and ``i`` go to the hand, the actions and the card panel). No mouse,
no ``.click()``: the test reads the page only to know where the focus is and
what is offered.

Each turn the player picks tech cards, hires a worker early, builds Tech I,
summons the hero, plays every playable card, attacks with whatever can
(the first target offered) and ends the main phase, answering the site's
question when it asks first; questions of the engine take their first
options. Checked along the way: after every action of the player and after
every bot turn the focus is on a control, never the page body; the help
overlay ("?") is a dialog that keeps Tab inside and gives focus back on
Escape; axe-core finds no serious or critical violation with the overlay
open, with a choice open and on the ended match."""

import pytest

from tests.browser.axe import assert_accessible
from tests.browser.keyboard import focus_matches, on_body, play_to_the_end, press_and_wait, shown, status, tab_to
from tests.browser.test_match_page import DESKTOP, signup, start_against_bots, version, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(1200)]

MY_MOVE = """() => document.body.dataset.status !== 'playing'
    || (document.getElementById('banner').classList.contains('mine') && !document.body.classList.contains('busy'))"""


def settle(page) -> None:
    """Wait until the game waits on the player (their turn, tech or question) or is over."""
    page.wait_for_function(MY_MOVE, timeout=120000)


def check_help_overlay(page) -> None:
    """``?`` opens the shortcuts' dialog with focus inside; Tab and
    Shift+Tab stay inside; Escape closes it and gives focus back."""
    before = page.evaluate("() => document.activeElement.outerHTML.slice(0, 80)")
    page.keyboard.press("?")
    dialog = page.get_by_role("dialog", name="Keyboard shortcuts")
    dialog.wait_for()
    assert focus_matches(page, "#keys-dialog *")
    assert "End your turn" in dialog.inner_text()
    for key in ("Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"):
        page.keyboard.press(key)
        assert focus_matches(page, "#keys-dialog *"), f"{key} left the dialog"
    page.keyboard.press("e")  # a shortcut of the page does nothing under the overlay
    assert page.locator("#confirm-dialog[open]").count() == 0
    assert_accessible(page)
    page.keyboard.press("Escape")
    page.locator("#keys-dialog:not([open])").wait_for(state="attached")
    assert page.evaluate("() => document.activeElement.outerHTML.slice(0, 80)") == before


class KeyboardPlayer:
    """One seat's page, played by keys; counts what it did."""

    def __init__(self, page):
        self.page = page
        self.done = []
        self.checked = {"choice": False, "prompt": False}
        self.tried = set()  # the cards that offered nothing this turn
        self.turn = None

    def after_action(self, what: str) -> None:
        self.done.append(what)
        assert not on_body(self.page), f"focus fell to the page body after {what}"

    def answer_prompt(self) -> None:
        """The engine's question: its first option(s) by their digits, then Confirm or Skip."""
        page = self.page
        if not self.checked["prompt"]:
            self.checked["prompt"] = True
            assert_accessible(page)
        before = version(page)
        for n in range(1, 10):
            if version(page) > before or not shown(page, "#prompt-panel"):
                break
            confirm = page.locator("#prompt-panel [data-action=choose]")
            if confirm.count() and confirm.is_enabled():
                tab_to(page, "#prompt-panel [data-action=choose]")
                press_and_wait(page, "Enter", "confirm")
                break
            page.keyboard.press(str(n))
            page.wait_for_function(
                "([v, n]) => Number(document.body.dataset.version) > v || !document.getElementById('prompt-panel')"
                " || document.querySelectorAll('#prompt-panel [aria-pressed=true]').length >= 1 || n > 1",
                arg=[before, n],
            )
        self.after_action("choose")

    def pick_first_options(self, what: str) -> None:
        """A choice in progress (#targeting-panel): press 1 until its action is sent."""
        page = self.page
        if not self.checked["choice"]:
            self.checked["choice"] = True
            assert_accessible(page)
        before = version(page)
        for _ in range(6):
            if version(page) > before or not shown(page, "#targeting-panel"):
                break
            text = page.inner_text("#targeting-panel")
            page.keyboard.press("1")
            page.wait_for_function(
                "([v, t]) => Number(document.body.dataset.version) > v || !document.getElementById('targeting-panel')"
                " || document.getElementById('targeting-panel').innerText !== t",
                arg=[before, text],
            )
        page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
        self.after_action(what)

    def tech(self) -> None:
        page = self.page
        for _ in range(4):
            if page.locator("#tech-panel [data-action=tech]").is_enabled():
                break
            assert tab_to(page, "#tech-panel button[data-codex]:not([disabled])")
            page.keyboard.press("Enter")
        assert tab_to(page, "#tech-panel [data-action=tech]")
        press_and_wait(page, "Enter", "tech")
        self.after_action("tech")

    def select(self, selector: str) -> bool:
        """Focus the card ``selector`` names and select it with Enter (the card panel shows its actions)."""
        page = self.page
        if not tab_to(page, selector):
            return False
        if "selected" not in (page.evaluate("() => document.activeElement.className") or ""):
            page.keyboard.press("Enter")
            page.wait_for_function("() => document.activeElement.classList.contains('selected')")
        return True

    def card_action(self, action: str) -> bool:
        """From the selected card: ``i`` to the card panel, then Tab to its ``action`` button and Enter."""
        page = self.page
        button = f"#inspector button[data-action={action}]:not([disabled])"
        if not shown(page, button):
            return False
        page.keyboard.press("i")
        assert tab_to(page, button)
        before = version(page)
        page.keyboard.press("Enter")
        if shown(page, "#targeting-panel"):
            self.pick_first_options(action)
        else:
            page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
            self.after_action(action)
        return True

    def bar_action(self, selector: str, what: str) -> bool:
        """``a`` to the action bar, Tab (or the arrow keys) to ``selector``, Enter."""
        page = self.page
        if not shown(page, selector):
            return False
        page.keyboard.press("a")
        for _ in range(30):  # the arrow keys move along the bar
            if focus_matches(page, selector):
                break
            page.keyboard.press("ArrowRight")
        assert focus_matches(page, selector), f"the arrow keys never reached {selector}"
        before = version(page)
        page.keyboard.press("Enter")
        if shown(page, "#targeting-panel"):
            self.pick_first_options(what)
        else:
            page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
            self.after_action(what)
        return True

    def main_move(self) -> bool:
        """One move of the main phase; False when there is none left to make."""
        page = self.page
        turn = page.evaluate("document.getElementById('turn').textContent")
        if turn != self.turn:
            self.turn, self.tried = turn, set()
            if int(turn) <= 6 and self.bar_action("#action-bar button[data-action=hire]:not([aria-disabled])", "hire"):
                return True
        if self.bar_action("#action-bar button[data-building=tech_1]:not([aria-disabled])", "build"):
            return True
        hero = "#me-area .card.in-command.can-act"
        if shown(page, hero) and hero not in self.tried:
            self.tried.add(hero)
            if self.select(hero) and self.card_action("summon"):
                return True
        playable = "#hand .card.playable"
        if shown(page, playable):
            tid = page.locator(playable).first.get_attribute("data-tid")
            if tid not in self.tried:
                self.tried.add(tid)
                if self.select(f"#hand .card[data-tid='{tid}']") and self.card_action("play"):
                    return True
        in_play = page.locator("#me-area .card.can-act:not(.in-command)")
        for tid in in_play.evaluate_all("ns => ns.map(n => n.dataset.tid)"):
            if tid in self.tried:
                continue
            self.tried.add(tid)
            if self.select(f"#me-area .card[data-tid='{tid}']") and self.card_action("attack"):
                return True
        return False

    def end_main(self) -> bool:
        """``e``; when the page asks first, Enter (the question starts on its
        yes: no Tab). True when the page asked."""
        page = self.page
        before = version(page)
        page.keyboard.press("e")
        page.wait_for_function(
            "v => Number(document.body.dataset.version) > v || document.getElementById('confirm-dialog').open",
            arg=before,
        )
        asked = page.evaluate("document.getElementById('confirm-dialog').open")
        if asked:
            assert focus_matches(page, "#confirm-yes"), "the end-phase question does not start on its yes"
            page.keyboard.press("Enter")
            page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
        self.after_action("end_main")
        return asked

    def play_turns(self, limit: int) -> None:
        play_to_the_end(self.page, limit, lambda: settle(self.page), self.move, self.done)

    def move(self) -> None:
        """One move of whatever the game waits on the player for."""
        page = self.page
        if shown(page, "#prompt-panel"):
            self.answer_prompt()
        elif shown(page, "#targeting-panel"):
            self.pick_first_options("choice")
        elif shown(page, "#tech-panel"):
            self.tech()
        elif page.evaluate("document.body.dataset.active + '/' + document.body.dataset.phase") == "0/main":
            if not self.main_move():
                self.end_main()
        else:
            page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=version(page))


def against_a_bot(browser, base: str, name: str):
    """A new user ``name`` (desktop size) on the page of a 1-hero match as
    Troq Bashar against a greedy bot, its first version drawn. Returns the page."""
    page = signup(browser, base, name, **DESKTOP)
    match_id = start_against_bots(page, "1hero", 1)
    page.goto(f"{base}/match/{match_id}/")
    wait_version(page, 0)
    page.locator("#me-area .card").first.wait_for()
    return page


def test_a_whole_1hero_match_with_the_keyboard_alone(browser, live_server_url):
    page = against_a_bot(browser, live_server_url, "kbcodex")
    page.keyboard.press("Tab")
    assert focus_matches(page, "a.skip-link")
    page.keyboard.press("h")  # the hand's first card
    assert focus_matches(page, "#hand [data-tid]")
    check_help_overlay(page)

    player = KeyboardPlayer(page)
    player.play_turns(600)

    page.locator("#result-dialog[open]").wait_for()
    assert status(page) == "finished"
    assert {"tech", "end_main", "play"} <= set(player.done), player.done
    print("keyboard match:", len(player.done), "actions;", page.inner_text("#result-title"))
    assert_accessible(page)
    page.keyboard.press("Escape")  # "See the board"
    page.locator("#result-dialog:not([open])").wait_for(state="attached")
    page.wait_for_function("() => document.activeElement && document.activeElement !== document.body")
    assert page.errors == [], page.errors


PICKED = "() => (document.querySelector('#tech-panel .hint') || {}).textContent || ''"


def test_digits_pick_tech_cards_and_e_then_enter_ends_the_main_phase(browser, live_server_url):
    """The tester's report (point 5): ``e`` then Enter ends the main phase
    (the question starts on its yes, the step the player asked for), digits
    1 and 2 pick the tech panel's first two codex cards as the ``?`` list
    says, and Concede's question still starts on Cancel: Enter there gives
    nothing up."""
    page = against_a_bot(browser, live_server_url, "kbtech")
    page.keyboard.press("?")
    words = page.inner_text("#keys-list")
    assert "Codex tech: that card of your codex" in words and "starts on Cancel" in words
    assert "focus on its yes" in words
    page.keyboard.press("Escape")
    page.keyboard.press("h")  # a place on the page to come back to (the whole match's test starts so too)
    player = KeyboardPlayer(page)
    asked = False
    for _ in range(20):
        settle(page)
        if shown(page, "#tech-panel"):
            break
        assert page.evaluate("document.body.dataset.phase") == "main", "the game waits on something else"
        asked = player.end_main() or asked
    assert asked, "the page never asked before ending the main phase"
    assert shown(page, "#tech-panel")
    names = page.locator("#tech-panel button[data-codex]:not([disabled])").evaluate_all(
        "ns => ns.slice(0, 2).map(n => n.textContent)"
    )
    assert page.evaluate(PICKED).endswith("Picked: none.")
    for n, name in ((1, names[0]), (2, names[1])):
        before = page.evaluate(PICKED)
        page.keyboard.press(str(n))
        page.wait_for_function(f"t => ({PICKED})() !== t", arg=before)
        assert name.split(" · ")[0] in page.evaluate(PICKED).split(":", 1)[1]
    assert page.locator("#tech-panel [data-action=tech]").is_enabled()
    # Concede keeps Cancel first: "a" (the action bar: only Concede now), Enter, Enter gives nothing up.
    page.keyboard.press("a")
    assert focus_matches(page, "#action-bar [data-action=concede]")
    page.keyboard.press("Enter")
    page.locator("#confirm-dialog[open]").wait_for()
    assert focus_matches(page, "#confirm-no")
    page.keyboard.press("Enter")
    page.locator("#confirm-dialog:not([open])").wait_for(state="attached")
    assert status(page) == "playing" and shown(page, "#tech-panel")
    tab_to(page, "#tech-panel [data-action=tech]")
    press_and_wait(page, "Enter", "tech")
    assert page.errors == [], page.errors
