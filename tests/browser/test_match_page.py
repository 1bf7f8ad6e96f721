"""The whole product through the real pages, in headless Chromium.

Two players sign up; the host opens a private table; the guest (on a
phone-sized screen) joins through the invite link; both pick heroes, get
ready, and the host starts. A third user watches through the invite link.
The players then play several full turns by clicking what the page offers
(hire, build, summon, play with targets, attack a highlighted target, patrol,
tech, prompts, end the main phase), chat, and one concedes.

Checked along the way: every page reaches every version live; no action is
refused; the spectator's page shows the players' moves (units played appear
on its board) but never a hand, a codex or a hand card's name, and no
websocket frame it receives carries a hand, discard pile, trash or codex; chat text
is shown as text; the result reaches everyone.

The match seed is random (the lobby picks it), so the players follow a simple
policy over what each page offers rather than a script of known cards.
"""

import os
import re

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

PASSWORD = "a-Long-pass-42"
WAIT_MS = 15000
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1366, "height": 900}}
SHOTS = os.environ.get("CODEX_SCREENSHOTS")  # a folder: save screenshots there


def signup(browser, base, name, **context_options):
    """A new browser context with a freshly signed-up user on the lobby page."""
    context = browser.new_context(**context_options)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    page.goto(f"{base}/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=display_name]", name.title())
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url(f"{base}/")
    assert page.inner_text("#whoami") == name.title()
    return page


def pick_hero_and_ready(page, seat, hero):
    row = page.locator(f".table-card.mine li[data-seat='{seat}']")
    row.locator(f"[data-hero={hero}]").click()
    row.locator(f"[data-hero={hero}][aria-pressed=true]").wait_for()
    row.locator("button.ready").click()
    row.locator(".ready-flag").wait_for()


def version(page) -> int:
    return int(page.evaluate("Number(document.body.dataset.version ?? -1)"))


def wait_version(page, at_least: int) -> None:
    page.wait_for_function("v => Number(document.body.dataset.version ?? -1) >= v", arg=at_least)


def select(card) -> None:
    """Make ``card`` (a locator of one card on the board or in the hand) the
    selected card, whose actions the inspector shows. A click on the card
    already selected unselects it (match.js onBoardClick), and a selection
    outlives a card's move from play to the command zone (a hero that died
    while selected), so the card is clicked only when it is not selected."""
    if "selected" not in (card.get_attribute("class") or "").split():
        card.click()


def notice(page) -> str:
    box = page.locator("#notice")
    return box.inner_text() if box.is_visible() else ""


PROMPT_SETTLED = (
    "() => { const p = document.getElementById('prompt-panel');"
    " return !p || p.offsetParent === null || !!p.querySelector('[data-option], [data-action=choose], button'); }"
)


class Table:
    """The three pages of a match and the bookkeeping of what was done."""

    def __init__(self, players, watcher):
        self.players = players  # seat -> page
        self.watcher = watcher
        self.done = []  # action types sent through the pages

    @property
    def pages(self):
        return [*self.players.values(), self.watcher]

    def act(self, page, click, kind):
        """Click something that sends one action; wait until every page shows its version."""
        before = version(page)
        click()
        page.wait_for_function(
            "v => Number(document.body.dataset.version) > v || !document.getElementById('notice').hidden", arg=before
        )
        assert notice(page) == "", f"{kind} was refused: {notice(page)}"
        now = version(page)
        for other in self.pages:
            wait_version(other, now)
        self.done.append(kind)
        self.answer_prompts()
        return now

    def answer_prompts(self):
        """Answer any open prompt with its first option(s)."""
        for _ in range(6):
            page = next((p for p in self.players.values() if p.locator("#prompt-panel").is_visible()), None)
            if page is None:
                return
            # A panel drawn a moment ago may be going (its question answered)
            # or still filling in: wait until it is gone or has its buttons.
            page.wait_for_function(PROMPT_SETTLED)
            if not page.locator("#prompt-panel").is_visible():
                continue
            panel = page.locator("#prompt-panel")
            confirm = panel.locator("[data-action=choose]")
            if not confirm.count():
                if not panel.locator("[data-option]").count():  # "you may", with nothing to choose: skip
                    self.act(page, panel.get_by_role("button", name="Skip").click, "choose")
                    continue
                self.act(page, lambda: panel.locator("[data-option]").first.click(), "choose")  # noqa: B023 (called before the loop moves on)
                continue
            for i in range(panel.locator("[data-option]").count()):
                if confirm.is_enabled():
                    break
                panel.locator("[data-option]").nth(i).click()
            self.act(page, confirm.click, "choose")

    def tech(self, page) -> bool:
        """Pick tech cards when the page asks for them (the first codex cards offered)."""
        panel = page.locator("#tech-panel")
        if not panel.is_visible():
            return False
        confirm = panel.locator("[data-action=tech]")
        for _ in range(4):
            if confirm.is_enabled():
                break
            panel.locator("button[data-codex]:not([disabled])").first.click()
        self.act(page, confirm.click, "tech")
        return True

    def hire(self, page) -> bool:
        button = page.locator("#action-bar [data-action=hire]")
        if not button.count():
            return False
        if not button.inner_text().endswith("…"):  # no card to pick (Daggerfall Prison Camp)
            self.act(page, button.click, "hire")
            return True
        button.click()
        targets = page.locator("#hand .card.target")
        targets.first.wait_for()
        # Keep the cards that can be played now; hire one that cannot, if any.
        idle = page.locator("#hand .card.target:not(.playable)")
        choice = idle.first if idle.count() else targets.last
        self.act(page, choice.click, "hire")
        return True

    def summon(self, page) -> bool:
        hero = page.locator("#me-area .card.in-command.can-act")
        if not hero.count():
            return False
        select(hero.first)
        self.act(page, page.locator("#inspector [data-action=summon]").click, "summon")
        return True

    def build(self, page) -> bool:
        buttons = page.locator("#action-bar [data-action=build]")
        if not buttons.count():
            return False
        tech_1 = page.locator("#action-bar [data-building=tech_1]")
        if tech_1.count():
            self.act(page, tech_1.click, "build")
            return True
        if "build" not in self.done:
            self.act(page, buttons.first.click, "build")
            return True
        return False

    def play(self, page) -> list:
        """Play every card the page marks playable; returns the units played (names)."""
        units = []
        for _ in range(8):
            card = page.locator("#hand .card.playable").first
            if not card.count():
                break
            name = card.locator(".card-name").inner_text()
            is_unit = "kind-unit" in (card.get_attribute("class") or "")
            select(card)
            play = page.locator("#inspector [data-action=play]").first  # a card with boost has two: plain first
            if (play.inner_text()).endswith("…"):
                play.click()
                panel = page.locator("#targeting-panel")
                panel.wait_for()
                highlighted = page.locator("#board .target")
                assert highlighted.count() >= 1, "legal targets are highlighted on the board"
                self.act(page, panel.locator("[data-option]").first.click, "play")
            else:
                self.act(page, play.click, "play")
            if is_unit:
                units.append(name)
        return units

    def attack(self, page) -> bool:
        """Attack with every ready character that has a highlighted target (bases first)."""
        attacked = False
        ids = page.locator("#me-area .card.can-act:not(.in-command)").evaluate_all(
            "nodes => nodes.map(n => n.dataset.tid)"
        )
        for tid in ids:
            card = page.locator(f"#me-area .card[data-tid='{tid}']")
            if not card.count():
                continue
            select(card)
            targets = page.locator("#opponents .target")
            if not targets.count():
                card.click()  # deselect
                continue
            base = page.locator("#opponents .target[data-tid^='base:']")
            self.act(page, (base.first if base.count() else targets.first).click, "attack")
            attacked = True
        return attacked

    def patrol(self, page) -> bool:
        """Send one character to the first highlighted patrol slot."""
        for tid in page.locator("#me-area .card.can-act:not(.in-command)").evaluate_all(
            "nodes => nodes.map(n => n.dataset.tid)"
        ):
            card = page.locator(f"#me-area .card[data-tid='{tid}']")
            select(card)
            slots = page.locator("#me-area .slot.target")
            if slots.count():
                self.act(page, slots.first.click, "patrol")
                return True
            card.click()
        return False

    def end_main(self, page):
        self.act(page, lambda: end_main(page), "end_main")

    def turn(self, page, number):
        """One full turn of the page whose turn it is, by a simple policy."""
        self.tech(page)
        self.hire(page)
        self.summon(page)
        self.build(page)
        units = self.play(page)
        if units:
            board = self.watcher.locator("#board")
            for name in units:
                assert name in board.inner_text(), f"the spectator sees {name} arrive"
        self.attack(page)
        if number >= 2:
            self.patrol(page)
        if SHOTS and number == 4:
            shoot(self, "match-midturn")
        self.end_main(page)


def end_main(page):
    """Click "End main phase"; when the page asks first (gold or attackers
    left, issue 14 point 8), say yes."""
    page.click("#action-bar [data-action=end_main]")  # the dialog, if any, opens in the click handler
    if page.locator("#confirm-dialog").evaluate("d => d.open"):
        page.click("#confirm-yes")


def hand_names(page) -> set:
    return set(page.locator("#hand .card .card-name").all_inner_texts())


def check_spectator(table: Table, frames: list):
    """The spectator sees no hand, no codex and no hidden card name, in page or frames."""
    watcher = table.watcher
    assert watcher.locator("#hand-box").is_hidden()
    assert watcher.locator("#hand .card").count() == 0
    assert watcher.locator("#action-bar [data-action]").count() == 0
    assert watcher.locator("#codex-tab").is_hidden()
    public = " ".join(p.locator("#board").inner_text() for p in table.players.values())
    public += watcher.locator("#log").inner_text()
    text = watcher.locator("body").inner_text()
    hidden = set()
    for page in table.players.values():
        hidden |= {name for name in hand_names(page) if name not in public}
    leaked = sorted(name for name in hidden if name in text)
    assert not leaked, f"the spectator's page shows hand cards: {leaked}"
    for frame in frames:
        for secret in ('"hand":', '"codex":', '"discard":', '"trash":'):
            assert secret not in frame, frame[:200]


def shoot(table: Table, name: str):
    os.makedirs(SHOTS, exist_ok=True)
    for seat, page in table.players.items():
        page.screenshot(path=os.path.join(SHOTS, f"{name}-seat{seat}.png"))
    table.watcher.screenshot(path=os.path.join(SHOTS, f"{name}-watcher.png"))


def test_two_players_and_a_spectator_play_through_the_pages(browser, live_server_url):
    base = live_server_url
    host = signup(browser, base, "alice", **DESKTOP)
    guest = signup(browser, base, "bob", **PHONE)
    watcher = signup(browser, base, "carol", **DESKTOP)

    # The host opens a private table, picks a hero, gets ready.
    host.uncheck("#new-table input[name=is_public]")
    host.click("#new-table button[type=submit]")
    host.locator(".table-card.mine").wait_for()
    invite = host.locator(".table-card.mine input.invite-link").input_value()
    assert re.fullmatch(rf"{re.escape(base)}/invite/[\w-]+/", invite)
    pick_hero_and_ready(host, 0, "troq_bashar")
    if SHOTS:
        host.screenshot(path=os.path.join(SHOTS, "lobby-host.png"), full_page=True)

    # The guest follows the invite link on a phone, takes seat 2, picks, gets ready.
    guest.goto(invite)
    guest.locator(".table-card.focus li[data-seat='1'] button.take").click()  # the invited table, not another open one
    guest.locator(".table-card.mine li[data-seat='1']").wait_for()
    pick_hero_and_ready(guest, 1, "river_montoya")
    if SHOTS:
        guest.screenshot(path=os.path.join(SHOTS, "lobby-guest-phone.png"), full_page=True)

    # The host starts once the lobby shows everyone ready; both land on the match page.
    start = host.locator(".table-card.mine button.start")
    host.wait_for_function("() => !document.querySelector('.table-card.mine button.start').disabled")
    start.click()
    host.wait_for_url(re.compile(r".*/match/\d+/$"))
    guest.wait_for_url(re.compile(r".*/match/\d+/$"))  # the lobby follows the table to its match
    match_url = host.url

    # The spectator follows the same invite link and watches.
    frames = []
    watcher.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    watcher.goto(invite)
    watcher.locator("a.open-match").click()
    watcher.wait_for_url(re.compile(r".*/match/\d+/\?invite=.+"))
    assert watcher.url.split("?")[0] == match_url
    for page in (host, guest, watcher):
        wait_version(page, 0)
    assert watcher.locator("#you").inner_text() == "watching"

    players = {int(p.evaluate("document.body.dataset.seat")): p for p in (host, guest)}
    assert set(players) == {0, 1}
    table = Table(players, watcher)

    # Chat: plain text everywhere, never HTML.
    host.click(".tab[data-tab=chat]")
    host.fill("#chat-form input[name=text]", "<b>good luck</b>")
    host.click("#chat-form button[type=submit]")
    for page in (host, guest, watcher):
        page.locator("#chat li", has_text="<b>good luck</b>").wait_for(state="attached")
        assert page.locator("#chat b", has_text="good luck").count() == 0
    assert watcher.locator("#chat-unread").inner_text() == "1"
    host.click(".tab[data-tab=log]")

    # Play full turns until each player has had several and every kind of action happened.
    turns = 0
    while turns < 14:
        for page in players.values():
            table.tech(page)
        active = players[int(host.evaluate("document.body.dataset.active"))]
        table.turn(active, turns)
        turns += 1
        check_spectator(table, frames)
        if host.evaluate("document.body.dataset.status") != "playing":
            break
        if turns >= 6 and {"hire", "build", "play", "attack", "tech", "summon"} <= set(table.done):
            break
    assert turns >= 6
    assert {"hire", "build", "play", "attack", "tech", "end_main"} <= set(table.done), table.done

    # The server's action log agrees with what the pages sent.
    match_id = int(match_url.rstrip("/").split("/")[-1])
    log = host.context.request.get(f"{base}/api/matches/{match_id}/log/").json()
    kinds = {a["action"]["type"] for a in log["actions"]}
    assert {"hire", "build", "play", "attack", "tech", "end_main"} <= kinds
    assert log["version"] == version(host) == version(watcher)
    assert watcher.locator("#log li").count() > 10

    # Concede, with a confirmation; everyone sees the result.
    if host.evaluate("document.body.dataset.status") == "playing":
        host.click("#action-bar [data-action=concede]")
        host.locator("#confirm-dialog").wait_for()
        table.act(host, host.locator("#confirm-yes").click, "concede")
    for page in (host, guest, watcher):
        page.wait_for_function("() => document.body.dataset.status === 'finished'")
        page.locator("#result-dialog[open]").wait_for()
    assert guest.locator("#result-title").inner_text() in ("You won!", "You lost")
    assert "Game over" in watcher.locator("#banner-text").inner_text()
    check_spectator(table, frames)
    for page in (host, guest, watcher):
        assert page.errors == [], page.errors


def api(page, method, path, body=None):
    """Call the REST API as the page's user (session cookie + CSRF header)."""
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    base = page.url.split("/", 3)[:3]
    response = page.context.request.fetch(
        "/".join(base) + path, method=method, data=body, headers={"X-CSRFToken": token, "Referer": page.url}
    )
    assert response.ok, f"{method} {path}: {response.status} {response.text()}"
    return response.json() if response.status != 204 else None


def start_against_bots(page, mode: str, bots: int, **table) -> int:
    """Through the REST API as ``page``'s user: open a ``mode`` table
    (``table``: more of its fields), sit as Troq Bashar, ready, fill seats
    1..``bots`` with greedy bots and start. Returns the match id."""
    made = api(page, "POST", "/api/tables/", {"mode": mode, **table})
    api(page, "PATCH", f"/api/tables/{made['id']}/seat/", {"heroes": ["troq_bashar"], "ready": True})
    for index in range(1, bots + 1):
        api(page, "POST", f"/api/tables/{made['id']}/bot/", {"index": index, "kind": "greedy"})
    return api(page, "POST", f"/api/tables/{made['id']}/start/")["match_id"]


def concede_on_page(page, base: str, match_id: int) -> None:
    """Open the match page, concede with its button and confirm, and wait
    for the result dialog."""
    page.goto(f"{base}/match/{match_id}/")
    wait_version(page, 0)
    page.click("#action-bar [data-action=concede]")
    page.locator("#confirm-yes").click()
    page.locator("#result-dialog[open]").wait_for()


def start_private_1v1(host, guest) -> int:
    """Through the REST API as the pages' users: ``host`` opens a private 1v1
    table (no spectators) with Troq Bashar, ``guest`` joins it with River
    Montoya, both ready, the host starts. Returns the match id."""
    table = api(host, "POST", "/api/tables/", {"mode": "1hero", "is_public": False, "allow_spectators": False})
    api(host, "PATCH", f"/api/tables/{table['id']}/seat/", {"heroes": ["troq_bashar"], "ready": True})
    api(guest, "POST", f"/api/tables/{table['id']}/join/", {"index": 1, "invite": table["invite_token"]})
    api(guest, "PATCH", f"/api/tables/{table['id']}/seat/", {"heroes": ["river_montoya"], "ready": True})
    return api(host, "POST", f"/api/tables/{table['id']}/start/")["match_id"]


def test_missed_version_resync_refusal_and_reconnect(browser, live_server_url):
    """Through a websocket proxy in the page: a dropped `state` makes a
    version gap that the page repairs with `resync`; an action made at an
    old version is applied while still legal, and a copy of it sent again
    is refused as stale_version, said plainly; a connection that drops
    before an action's answer comes back by itself and sends the action
    again under the same nonce, which the server does not apply twice."""
    base = live_server_url
    dave = signup(browser, base, "dave", **DESKTOP)
    erin = signup(browser, base, "erin", **PHONE)
    match_id = start_private_1v1(dave, erin)

    proxy = {"drop_state": None, "sent": [], "stale": False, "route": None, "drop_applied": False, "dropped": None}

    def route(ws):
        server = ws.connect_to_server()
        proxy["route"] = ws

        def to_server(message):
            proxy["sent"].append(message)
            if proxy["stale"] and '"type":"action"' in message.replace(" ", ""):
                proxy["stale"] = False
                message = re.sub(r'"version":\s*\d+', '"version":0', message)
                server.send(message)
                # the same action again, as another intent (another id and nonce)
                message = re.sub(r'"nonce":\s*"', '"nonce":"copy-', re.sub(r'"id":\s*(\d+)', r'"id":10\1', message))
            server.send(message)

        def to_page(message):
            if (
                proxy["drop_state"] is not None
                and f'"version":{proxy["drop_state"]},' in message
                and message.startswith(('{"type":"state"', '{"type":"patch"'))
            ):  # the page asks for patches
                proxy["drop_state"] = None
                return  # this version never reaches the page
            # The answer: `applied`, or the frame of its version that carries the action's id (merged=1).
            if proxy["drop_applied"] and message.startswith(('{"type":"applied"', '{"id":')):
                proxy["drop_applied"] = False
                proxy["dropped"] = message
                return  # the answer is lost; the test then drops the connection
            ws.send(message)

        ws.on_message(to_server)
        server.on_message(to_page)

    erin.route_web_socket(re.compile(r".*/ws/match/.*"), route)
    dave.goto(f"{base}/match/{match_id}/")
    erin.goto(f"{base}/match/{match_id}/")
    for page in (dave, erin):
        wait_version(page, 0)
    assert int(dave.evaluate("document.body.dataset.active")) == 0

    # Version 1 never reaches Erin; version 2 shows her the gap and she resyncs.
    proxy["drop_state"] = 1
    end_main(dave)
    wait_version(dave, 1)
    assert version(erin) == 0
    Table({0: dave, 1: erin}, erin).tech(dave)  # version 2
    wait_version(erin, 2)
    erin.wait_for_function("() => document.body.dataset.active === '1'")
    assert any('"type":"resync"' in m.replace(" ", "") for m in proxy["sent"])
    assert "Your turn" in erin.locator("#banner-text").inner_text()

    # An action sent at an old version is applied while still legal; the same
    # action again (another nonce) is refused as stale, said plainly, and the page resyncs.
    proxy["stale"] = True
    before = len(proxy["sent"])
    end_main(erin)
    erin.locator("#notice").wait_for()
    # Said as a sentence, without the server's codes (issue 14, point 7).
    assert "Your other tab already did that" in notice(erin) and "stale_version" not in notice(erin)
    wait_version(erin, 3)
    wait_version(dave, 3)
    assert version(erin) == 3 and version(dave) == 3
    erin.wait_for_timeout(300)
    assert any('"type":"resync"' in m.replace(" ", "") for m in proxy["sent"][before:])
    erin.click("#notice .close")

    # The answer to Erin's tech choice is lost and the connection drops: the
    # page reconnects by itself, sends the action again under the same nonce,
    # and the server answers it as already applied (nothing applied twice).
    proxy["drop_applied"] = True
    before = len(proxy["sent"])
    panel = erin.locator("#tech-panel")
    panel.wait_for()
    for _ in range(4):
        if panel.locator("[data-action=tech]").is_enabled():
            break
        panel.locator("button[data-codex]:not([disabled])").first.click()
    panel.locator("[data-action=tech]").click()
    erin.wait_for_function("() => document.body.classList.contains('busy')")
    deadline = 100
    while proxy["dropped"] is None and deadline:
        erin.wait_for_timeout(100)
        deadline -= 1
    assert proxy["dropped"] is not None and '"version":4' in proxy["dropped"]
    proxy["route"].close(code=1011, reason="test drop")
    erin.wait_for_function("() => document.getElementById('conn').dataset.state !== 'open'")
    erin.wait_for_function("() => document.getElementById('conn').dataset.state === 'open'")
    erin.wait_for_function("() => !document.body.classList.contains('busy')")
    actions = [m for m in proxy["sent"][before:] if '"type":"action"' in m.replace(" ", "")]
    nonces = {re.search(r'"nonce":\s*"([^"]+)"', m).group(1) for m in actions}
    assert len(actions) == 2 and len(nonces) == 1, actions
    wait_version(erin, 4)
    wait_version(dave, 4)
    assert notice(erin) == ""
    log = api(dave, "GET", f"/api/matches/{match_id}/log/")
    assert log["version"] == 4 and [a["action"]["type"] for a in log["actions"]][-2:] == ["end_main", "tech"]

    # And play goes on.
    end_main(dave)
    wait_version(erin, 5)
    wait_version(dave, 5)
    assert erin.errors == [] and dave.errors == []
