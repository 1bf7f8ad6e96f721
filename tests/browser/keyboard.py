"""A player on the match page with the keyboard alone (issue 31 point 4):
helpers that press keys through Playwright's ``page.keyboard`` (Tab,
Shift+Tab, Enter, Space, arrows and the page's shortcuts) and only read the
page to know where the focus is. No mouse, no ``.click()``."""

from tests.browser.test_match_page import notice, version

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
