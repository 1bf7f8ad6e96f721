"""A player on the match page with the keyboard alone (issue 31 point 4):
helpers that press keys through Playwright's ``page.keyboard`` (Tab,
Shift+Tab, Enter, Space, arrows and the page's shortcuts) and only read the
page to know where the focus is. No mouse, no ``.click()``."""

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.test_match_page import DESKTOP, api, notice, signup, version, wait_version

TAB_LIMIT = 250  # more than every focusable thing of a crowded match page


def focus_matches(page, selector: str) -> bool:
    """True when the focused element matches ``selector``."""
    return page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector)


def on_body(page) -> bool:
    """True when the focus is on the page body (or nowhere): what a keyboard player must never be left with."""
    return page.evaluate("() => !document.activeElement || document.activeElement === document.body")


def tab_to(page, selector: str, back: bool = False) -> bool:
    """Press Tab (Shift+Tab when ``back``) until the focused element matches
    ``selector``; False when a whole round of the page never reached it."""
    key = "Shift+Tab" if back else "Tab"
    path = []
    for _ in range(TAB_LIMIT):
        if focus_matches(page, selector):
            return True
        page.keyboard.press(key)
        path.append(page.evaluate("() => document.activeElement.outerHTML.slice(0, 70)"))
    if focus_matches(page, selector):
        return True
    print(f"tab_to({selector}) never got there; the focus went:", *path[-40:], sep="\n  ")
    return False


def shown(page, selector: str) -> bool:
    """True when some element of ``selector`` is drawn (has a box)."""
    return page.evaluate("s => [...document.querySelectorAll(s)].some(n => n.getClientRects().length > 0)", selector)


def press_and_wait(page, key: str, what: str) -> int:
    """Press ``key`` (it sends one action) and wait for the page to show the
    new version; fails on a refusal. Returns the version."""
    before = version(page)
    page.keyboard.press(key)
    page.wait_for_function(
        "v => Number(document.body.dataset.version) > v || !document.getElementById('notice').hidden", arg=before
    )
    assert notice(page) == "", f"{what} was refused: {notice(page)}"
    return version(page)


def status(page) -> str:
    """The match page's status: "playing", or how it ended."""
    return page.evaluate("document.body.dataset.status")


def play_to_the_end(page, limit: int, wait, move, done: list) -> None:
    """Play a whole match by keyboard: ``wait()`` until the game waits on
    the player (or is over), check the focus is not on the body, ``move()``;
    at most ``limit`` moves. A move cut short because the bot ended the match
    meanwhile ends the play; any other failure is raised. ``done``: the
    moves made, for the message when the match does not end."""
    for _ in range(limit):
        wait()
        if status(page) != "playing":
            return
        # Back from the bot's turn (or from the last action): the focus is on a control.
        assert not on_body(page), "focus fell to the page body while the bot played"
        try:
            move()
        except (AssertionError, PlaywrightTimeout):
            if status(page) == "playing":
                raise
            return  # the bot ended the match in the middle of the player's move
    raise AssertionError(f"the match did not end in {limit} moves: {done}")


def c23_against_a_bot(browser, base: str, name: str):
    """A new user ``name`` (desktop size) on the page of a C-23 match, red
    deck, against a greedy table bot with the blue deck, its first version
    drawn. Returns the page."""
    page = signup(browser, base, name, **DESKTOP)
    table = api(page, "POST", "/api/tables/", {"mode": "c23", "deck": "red"})
    api(page, "POST", f"/api/tables/{table['id']}/bot/", {"index": 1, "kind": "greedy", "deck": "blue"})
    api(page, "PATCH", f"/api/tables/{table['id']}/seat/", {"ready": True})
    match_id = api(page, "POST", f"/api/tables/{table['id']}/start/")["match_id"]
    page.goto(f"{base}/match/{match_id}/")
    wait_version(page, 0)
    page.locator("#c23-board .c23-card").first.wait_for()
    return page
