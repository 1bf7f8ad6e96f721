"""Your turn, noticed (issue 14, point 13; static/js/notice.js), in headless
Chromium: when the game starts waiting on a player whose tab is in the
background, the tab title says so until the tab is looked at; with the
bell switched on, a chime plays and a notification is shown (the browser
allowing it). A tab in front changes nothing.

A background tab is played by the page's own ``document.hidden`` (an
init script lets the test set it and fire ``visibilitychange``); sound and
notifications are counted by stand-ins for ``AudioContext`` and
``Notification`` (headless Chromium has neither a speaker nor a desktop)."""

import pytest

from tests.browser.test_match_page import DESKTOP, PHONE, Table, signup, start_private_1v1, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

STAND_INS = """
window.__hidden = false;
Object.defineProperty(Document.prototype, "hidden", { configurable: true, get() { return window.__hidden; } });
Object.defineProperty(Document.prototype, "visibilityState", {
  configurable: true, get() { return window.__hidden ? "hidden" : "visible"; } });
window.__notes = [];
window.__permission = "default";
window.Notification = class {
  constructor(title, options) { window.__notes.push({ title, body: options && options.body }); }
  static get permission() { return window.__permission; }
  static requestPermission() { window.__permission = "granted"; return Promise.resolve("granted"); }
};
window.__tones = 0;
const node = () => ({ connect(next) { return next; } });
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = node(); }
  resume() { return Promise.resolve(); }
  createOscillator() {
    window.__tones += 1;
    return { ...node(), frequency: {}, start() {}, stop() {} };
  }
  createGain() { return { ...node(), gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} } }; }
};
"""


def set_hidden(page, hidden: bool) -> None:
    page.evaluate("h => { window.__hidden = h; document.dispatchEvent(new Event('visibilitychange')); }", hidden)


def counts(page) -> tuple:
    return tuple(page.evaluate("[window.__tones, window.__notes.length]"))


def test_a_turn_coming_to_a_background_tab_is_noticed(browser, live_server_url):
    base = live_server_url
    dave = signup(browser, base, "noticedave", **DESKTOP)
    erin = signup(browser, base, "noticeerin", **PHONE)
    for page in (dave, erin):
        page.context.add_init_script(STAND_INS)
    match_id = start_private_1v1(dave, erin)
    for page in (dave, erin):
        page.goto(f"{base}/match/{match_id}/")
        wait_version(page, 0)
    title = erin.title()
    assert title.startswith("Match") and dave.title() == title
    table = Table({0: dave, 1: erin}, erin)
    toggle = erin.locator("#alerts-toggle")
    assert toggle.is_visible() and toggle.get_attribute("aria-pressed") == "false"

    # Erin's tab is in the background; her turn comes: the title says so, nothing sounds (alerts off).
    set_hidden(erin, True)
    assert erin.title() == title  # Dave's turn: nothing for her yet
    table.end_main(dave)  # says yes when the page asks first (gold left to spend)
    erin.wait_for_function("() => document.title.startsWith('● Your turn')")
    assert counts(erin) == (0, 0)
    table.tech(dave)  # Dave's tech choice, if the game asks for it now
    assert dave.title() == title  # Dave's tab is in front: no change there
    set_hidden(erin, False)
    erin.wait_for_function("t => document.title === t", arg=title)

    # Dave switches alerts on (the browser asks and allows notifications) and looks away.
    dave.click("#alerts-toggle")
    dave.locator("#alerts-toggle[aria-pressed=true]").wait_for()
    assert "on" in dave.inner_text("#alerts-toggle")
    set_hidden(dave, True)
    assert dave.title() == title and counts(dave) == (0, 0)  # Erin's turn: nothing for him yet
    table.end_main(erin)
    table.tech(erin)
    dave.wait_for_function("() => document.title.startsWith('● Your turn')")
    tones, notes = counts(dave)
    assert tones >= 1 and notes == 1
    note = dave.evaluate("window.__notes[0]")
    assert note["title"] == "Codex: your turn" and "Your turn" in note["body"]
    assert erin.title() == title  # Erin's tab was in front all along
    set_hidden(dave, False)
    dave.wait_for_function("t => document.title === t", arg=title)

    # The choice is kept in this browser.
    dave.reload()
    dave.locator("#alerts-toggle[aria-pressed=true]").wait_for()
    assert not dave.errors and not erin.errors
    dave.context.close()
    erin.context.close()


def test_the_header_shows_the_alert_switch_and_no_version_number(browser, live_server_url):
    base = live_server_url
    host = signup(browser, base, "noticehost", **DESKTOP)
    guest = signup(browser, base, "noticeguest", **DESKTOP)
    match_id = start_private_1v1(host, guest)
    host.goto(f"{base}/match/{match_id}/")
    wait_version(host, 0)
    assert host.locator("#alerts-toggle").is_visible()
    assert "v" + "0" not in host.inner_text("#banner")  # no version number in the header
    assert host.locator("#version").is_hidden()
    host.context.close()
    guest.context.close()
