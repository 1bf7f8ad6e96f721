"""The match page's controls for what a random match rarely brings, in
headless Chromium: a page whose websocket is routed gets, after the real
first state of a 1v1 match (set up over the REST API), crafted `state`
frames and answers, and every message it sends is recorded (none reaches
the server). The frames are the real view with a few fields changed, so
the page renders exactly what the server would send for such a position.

Checked: a card with boost offers "Play" and "Play with boost (+N gold)"
and each sends its own action; with stash, "End main phase" ends without
stash and keeping a card is a choice of its own; an add-on that would
replace the standing one says so and asks first (the add-on lost, the 2
base damage); ability buttons say what the ability does; a spec offered by
a prompt reads as in the build choice; "highlighted targets" only when the
board has them; a hand card's panel shows the cost with its colour tax and
why it cannot be played; a refusal shows its sentence first, the codes
small, and one without an id (rate_limited) frees the page; the away line
shows only for a seat a bot plays or may be asked to,
and a "still here" refusal makes the page ask for fresh presence; while the
coming turn waits for tech cards the header shows that turn; a hero in the
command zone is not shown as in play; the lobby labels hero stats; a page
loads without a 404 (favicon); a logged-out socket's notice links to the
login page.
"""

import copy
import json
import re

import pytest

from tests.browser.test_match_page import DESKTOP, select, signup, start_private_1v1, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


class Crafted:
    """A match page for ``seat`` fed crafted frames: the server's messages
    reach it until its first full state, then only what the test sends;
    what it sends is kept in ``sent`` and goes nowhere."""

    def __init__(self, page, match_url):
        self.page = page
        self.url = match_url
        self.sent = []
        self.ws = None
        self.real = None
        page.route_web_socket(re.compile(r".*/ws/match/.*"), self._route)
        page.goto(match_url)
        wait_version(page, 0)
        self.version = self.real["version"]  # past 0 when a bot moved before the page came

    def _route(self, ws):
        server = ws.connect_to_server()
        self.ws = ws

        def to_page(message):
            if self.real is None:
                if message.startswith('{"type":"state"'):
                    self.real = json.loads(message)
                ws.send(message)

        def to_server(message):
            self.sent.append(json.loads(message))

        server.on_message(to_page)
        ws.on_message(to_server)

    def frame(self) -> dict:
        """A copy of the real first state, to change and send."""
        return copy.deepcopy(self.real)

    def send(self, frame: dict) -> dict:
        """Send ``frame`` as the next version; wait until the page shows it."""
        self.version += 1
        frame["version"] = self.version
        self.ws.send(json.dumps(frame))
        wait_version(self.page, self.version)
        return frame

    def push(self, message: dict) -> None:
        """Send any other message (an answer, a presence)."""
        self.ws.send(json.dumps(message))

    def actions(self) -> list:
        """The actions the page sent, in order."""
        return [m["action"] for m in self.sent if m.get("type") == "action"]

    def answer(self, refused: dict = None) -> None:
        """Answer the page's last action: applied (the default), or refused with ``refused`` fields."""
        last = [m for m in self.sent if m.get("type") == "action"][-1]
        if refused is None:
            self.push({"type": "applied", "id": last["id"], "version": self.version})
        else:
            self.push({"type": "refused", "id": last["id"], "version": self.version, **refused})
        self.page.wait_for_function("() => !document.body.classList.contains('busy')")


def hand_card(iid, card, name, kind="unit", cost=1, tax=0, **more) -> dict:
    """A hand card as the view gives it to its team (``effective_cost``:
    the cost plus the tax unless given)."""
    more.setdefault("effective_cost", cost + tax)
    return {"iid": iid, "card": card, "name": name, "kind": kind, "cost": cost, "tax": tax, **more}


@pytest.fixture(scope="module")
def crafted(browser, live_server_url):
    """Seat 0's page of a fresh 1v1 match, routed (see Crafted)."""
    yield from crafted_match(browser, live_server_url, "uma", "vic")


def crafted_match(browser, base: str, host: str, guest: str, size: dict = DESKTOP):
    """A module fixture's body: users ``host`` and ``guest`` (names no other
    browser test signs up: one server and database per session) start a
    private 1v1 at ``base``; yields host's Crafted page of it (viewport
    ``size``), then checks that page raised no script error."""
    first = signup(browser, base, host, **size)
    second = signup(browser, base, guest, **size)
    match_id = start_private_1v1(first, second)
    page = first.context.new_page()
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    yield Crafted(page, f"{base}/match/{match_id}/")
    assert page.errors == [], page.errors


def test_boost_is_offered_as_its_own_play(crafted):
    page = crafted.page
    frame = crafted.frame()
    me = frame["view"]["players"][0]
    me["hand"] = [hand_card("c901", "marauder", "Marauder", cost=3)]
    me["gold"] = 7
    frame["legal_actions"] = [
        {"type": "play", "card": "c901", "targets": []},
        {"type": "play", "card": "c901", "targets": [], "boost": True},
        {"type": "end_main"},
        {"type": "concede"},
    ]
    crafted.send(frame)
    page.click("#hand [data-tid=c901]")
    plays = page.locator("#inspector [data-action=play]")
    assert plays.all_inner_texts() == ["Play", "Play with boost (+3 gold)"]
    page.click("#inspector [data-action=play][data-boost=true]")
    assert crafted.actions()[-1] == {"type": "play", "card": "c901", "targets": [], "boost": True}
    crafted.answer()
    page.click("#inspector [data-action=play][data-boost=false]")
    assert crafted.actions()[-1] == {"type": "play", "card": "c901", "targets": []}
    crafted.answer()


def test_stash_is_a_choice_apart_from_ending_the_main_phase(crafted):
    page = crafted.page
    frame = crafted.frame()
    me = frame["view"]["players"][0]
    me["hand"] = [
        hand_card("c911", "spark", "Spark", kind="spell"),
        hand_card("c912", "bloom", "Bloom", kind="spell", cost=2),
    ]
    frame["legal_actions"] = [
        {"type": "end_main"},
        {"type": "end_main", "stash": "c911"},
        {"type": "end_main", "stash": "c912"},
        {"type": "concede"},
    ]
    crafted.send(frame)
    # The plain button ends the main phase keeping nothing.
    page.click("#action-bar [data-action=end_main]")
    assert crafted.actions()[-1] == {"type": "end_main"}
    crafted.answer()
    # Keeping a card: the hand cards light up; the one clicked is kept.
    page.click("#action-bar [data-action=end_main_stash]")
    assert page.locator("#hand .card.target").count() == 2
    page.click("#hand [data-tid=c912]")
    assert crafted.actions()[-1] == {"type": "end_main", "stash": "c912"}
    crafted.answer()


def card_in_play(iid, card, name, kind="unit", **more) -> dict:
    """A card in play as the view shows it (the fields the page reads)."""
    base = {
        "iid": iid,
        "card": card,
        "name": name,
        "kind": kind,
        "owner": 0,
        "controller": 0,
        "exhausted": False,
        "damage": 0,
        "plus": 0,
        "minus": 0,
        "time": 0,
        "crumbling": False,
        "disabled": False,
        "arrived_this_turn": False,
        "atk": 2,
        "hp": 3,
        "keywords": {},
        "tech": 0,
    }
    return {**base, **more}


def test_an_addon_replacing_the_standing_one_asks_first(crafted):
    page = crafted.page
    frame = crafted.frame()
    me = frame["view"]["players"][0]
    me["buildings"]["addon"] = {"id": "tower", "name": "Tower", "damage": 0, "done": True, "hp": 4}
    me["addon_teardown_damage"] = 2  # the view's, while an add-on stands
    me["gold"] = 9
    frame["view"]["teams"][0]["damage"] = 3
    frame["legal_actions"] = [{"type": "build", "building": "surplus"}, {"type": "end_main"}, {"type": "concede"}]
    crafted.send(frame)
    build = page.locator("#action-bar [data-action=build][data-building=surplus]")
    assert "replaces your Tower" in build.inner_text()
    before = len(crafted.actions())
    build.click()
    text = page.locator("#confirm-text").inner_text()
    assert "Your Tower is torn down" in text and "2 damage (17 → 15 HP)" in text, text
    page.click("#confirm-no")
    assert len(crafted.actions()) == before  # cancelled: nothing sent
    build.click()
    page.click("#confirm-yes")
    page.wait_for_function("() => document.body.classList.contains('busy')")
    assert crafted.actions()[-1] == {"type": "build", "building": "surplus"}
    crafted.answer()


def test_ability_buttons_say_what_the_ability_does(crafted):
    page = crafted.page
    frame = crafted.frame()
    me = frame["view"]["players"][0]
    me["play"].append(
        card_in_play(
            "c921",
            "calamandra_moss",
            "Calamandra Moss",
            kind="hero",
            level=5,
            mid_level=3,
            max_level=5,
            abilities=[
                {"text": "discard two cards: stealth this turn.", "gold": 0, "exhaust": False, "sacrifice": False},
                {"text": "put a Tiger from your codex into play.", "gold": 4, "exhaust": True, "sacrifice": False},
            ],
        )
    )
    frame["legal_actions"] = [
        {"type": "ability", "card": "c921", "ability": 0, "targets": []},
        {"type": "ability", "card": "c921", "ability": 1, "targets": []},
        {"type": "concede"},
    ]
    crafted.send(frame)
    page.click("#me-area [data-tid=c921]")
    labels = page.locator("#inspector [data-action=ability]").all_inner_texts()
    assert labels == [
        "Discard two cards: stealth this turn",
        "Put a Tiger from your codex into play (4 gold, exhaust)",
    ], labels
    page.click("#inspector [data-action=ability][data-ability='1']")
    assert crafted.actions()[-1] == {"type": "ability", "card": "c921", "ability": 1, "targets": []}
    crafted.answer()
    page.keyboard.press("Escape")


def test_specs_are_named_and_the_hint_matches_the_board(crafted):
    page = crafted.page
    frame = crafted.frame()
    # A prompt offering specs (the Tech Lab's, asked when Tech II is built).
    frame["view"]["prompt"] = {
        "seat": 0,
        "text": "Choose the spec your Tech Lab unlocks.",
        "id": 41,
        "options": ["blood", "balance"],
        "count": 1,
        "optional": False,
    }
    frame["legal_actions"] = [{"type": "choose", "choice": ["blood"]}, {"type": "choose", "choice": ["balance"]}]
    crafted.send(frame)
    options = page.locator("#prompt-panel [data-option]").all_inner_texts()
    assert options == ["Blood (Drakk Ramhorn)", "Balance (Master Midori)"], options
    # A spec choice has nothing on the board to highlight; hiring does.
    frame["view"]["prompt"] = None
    me = frame["view"]["players"][0]
    me["hand"] = [hand_card("c931", "spark", "Spark", kind="spell")]
    me["hire_cost"] = 2
    frame["legal_actions"] = [
        {"type": "build", "building": "tech_lab", "spec": "blood"},
        {"type": "build", "building": "tech_lab", "spec": "balance"},
        {"type": "hire", "card": "c931"},
        {"type": "concede"},
    ]
    crafted.send(frame)
    page.click("#action-bar [data-action=build][data-building=tech_lab]")
    panel = page.locator("#targeting-panel")
    assert panel.locator(".hint").inner_text() == "Choose:"
    assert panel.locator("[data-option]").all_inner_texts() == ["Blood (Drakk Ramhorn)", "Balance (Master Midori)"]
    panel.locator("button", has_text="Cancel").click()
    assert (
        page.locator("#action-bar [data-action=hire]").inner_text() == "Hire a worker (2 gold)…"
    )  # trial 14, finding 6
    page.click("#action-bar [data-action=hire]")
    assert "highlighted targets" in panel.locator(".hint").inner_text()
    assert page.locator("#hand .card.target").count() == 1
    panel.locator("button", has_text="Cancel").click()


def test_a_hand_card_shows_the_cost_the_view_says_it_costs_now(crafted):
    """The page shows a hand card's ``effective_cost`` (the engine's: here
    Promise of Payment makes it free), not a cost of its own reckoning."""
    page = crafted.page
    frame = crafted.frame()
    frame["view"]["players"][0]["hand"] = [hand_card("c945", "bloom", "Bloom", kind="spell", cost=2, effective_cost=0)]
    frame["legal_actions"] = [{"type": "play", "card": "c945"}, {"type": "end_main"}, {"type": "concede"}]
    crafted.send(frame)
    assert page.locator("#hand [data-tid=c945] .cost").inner_text() == "0"
    page.click("#hand [data-tid=c945]")
    assert "cost 0 (printed 2)" in page.locator("#inspector .facts").inner_text()


def test_a_hand_card_panel_shows_the_taxed_cost_and_why_it_cannot_be_played(crafted):
    page = crafted.page
    frame = crafted.frame()
    me = frame["view"]["players"][0]
    me["hand"] = [
        hand_card("c941", "pillage", "Pillage", kind="spell", cost=1, tax=1),
        hand_card("c942", "spark", "Spark", kind="spell", why_not="You need a hero of that spell's spec in play."),
    ]
    frame["legal_actions"] = [
        {"type": "play", "card": "c941", "targets": ["base:1"]},
        {"type": "end_main"},
        {"type": "concede"},
    ]
    crafted.send(frame)
    assert page.locator("#hand [data-tid=c941] .cost").inner_text() == "2"
    page.click("#hand [data-tid=c941]")
    assert "cost 2 (1 + 1 colour tax)" in page.locator("#inspector .facts").inner_text()
    assert page.locator("#inspector .why-not").count() == 0  # it can be played
    page.click("#hand [data-tid=c942]")
    assert page.locator("#inspector .why-not").inner_text() == "You need a hero of that spell's spec in play."
    page.keyboard.press("Escape")


def test_a_refusal_shows_its_sentence_first(crafted):
    page = crafted.page
    frame = crafted.frame()
    frame["legal_actions"] = [{"type": "end_main"}, {"type": "concede"}]
    crafted.send(frame)
    page.click("#action-bar [data-action=end_main]")
    crafted.answer(refused={"code": "not_your_turn", "reason": "You can only do that in your own main phase."})
    notice = page.locator("#notice")
    assert notice.inner_text().startswith("You can only do that in your own main phase.")
    notice.locator(".close").click()


def test_a_stale_refusal_reads_as_a_sentence_without_codes(crafted):
    """Issue 14, point 7: an action made on an older version says plainly
    that another tab (or the game) got there first; no code or version
    number is shown, and the header has no version badge."""
    page = crafted.page
    frame = crafted.frame()
    frame["legal_actions"] = [{"type": "end_main"}, {"type": "concede"}]
    crafted.send(frame)
    page.click("#action-bar [data-action=end_main]")
    crafted.answer(
        refused={
            "code": "stale_version",
            "rules_code": "not_your_turn",
            "reason": "The game moved on (version 7): your action was not applied.",
        }
    )
    notice = page.locator("#notice")
    text = notice.inner_text()
    assert text.startswith("Your other tab already did that")
    assert "stale_version" not in text and "not_your_turn" not in text and "version" not in text
    assert not re.search(r"\bv\d+", page.locator("#banner").inner_text())
    notice.locator(".close").click()


def test_a_stale_refusal_of_a_turn_by_turn_game_says_the_servers_sentence(crafted):
    """Arcane Codex and C-23 refuse an action made before another player
    acted without asking the engine (no rules_code): the page shows the
    server's sentence, which says what to do."""
    page = crafted.page
    frame = crafted.frame()
    frame["legal_actions"] = [{"type": "end_main"}, {"type": "concede"}]
    crafted.send(frame)
    page.click("#action-bar [data-action=end_main]")
    sentence = (
        "Not applied: another player acted after you chose this, so the table has changed. "
        "Look at it as it is now and choose again."
    )
    crafted.answer(refused={"code": "stale_version", "reason": sentence})
    notice = page.locator("#notice")
    assert notice.inner_text().startswith(sentence)
    notice.locator(".close").click()


def test_a_rate_limited_refusal_without_id_frees_the_page(crafted):
    """A frame over the rate limit is refused unread, so its refusal has
    no id (docs/PROTOCOL.md "Client → server"): the page takes it as the
    answer to its pending action and may act again."""
    page = crafted.page
    frame = crafted.frame()
    frame["legal_actions"] = [{"type": "end_main"}, {"type": "concede"}]
    crafted.send(frame)
    page.click("#action-bar [data-action=end_main]")
    page.wait_for_function("() => document.body.classList.contains('busy')")
    crafted.push({"type": "refused", "id": None, "code": "rate_limited", "reason": "Too many messages: slow down."})
    page.wait_for_function("() => !document.body.classList.contains('busy')", timeout=5000)
    assert page.locator("#notice").inner_text().startswith("Too many messages: slow down.")
    page.locator("#notice .close").click()


def presence(seat, away=False, stand_in=False, askable=False) -> dict:
    return {"seat": seat, "away": away, "stand_in": stand_in, "askable": askable}


def test_away_lines_show_only_when_a_bot_plays_or_may_be_asked(crafted):
    page = crafted.page
    crafted.send(crafted.frame())
    box = page.locator("#presence")
    # Away for a moment (a reload, a player still opening the page): nothing shown.
    crafted.push({"type": "presence", "id": None, "seats": [presence(0), presence(1, away=True)], "reclaimed": None})
    page.wait_for_timeout(200)
    assert box.is_hidden()
    # Away long enough: the line and its offer.
    crafted.push(
        {
            "type": "presence",
            "id": None,
            "seats": [presence(0), presence(1, away=True, askable=True)],
            "reclaimed": None,
        }
    )
    box.locator("[data-stand-in='1']").wait_for()
    assert box.inner_text().startswith("Vic is away.")
    # The player came back meanwhile: the refusal makes the page ask for presence again.
    box.locator("[data-stand-in='1']").click()
    ask = [m for m in crafted.sent if m.get("type") == "stand_in"][-1]
    assert ask["seat"] == 1
    crafted.push({"type": "refused", "id": ask["id"], "code": "not_away", "reason": "That player is still here."})
    page.wait_for_function("() => !document.body.classList.contains('busy')")
    assert [m["type"] for m in crafted.sent][-1] == "ping"
    ping = crafted.sent[-1]
    crafted.push({"type": "pong", "id": ping["id"], "version": crafted.version, "presence": [presence(0), presence(1)]})
    box.wait_for(state="hidden")
    # A bot plays the seat: said, without an offer.
    crafted.push(
        {
            "type": "presence",
            "id": None,
            "seats": [presence(0), presence(1, away=True, stand_in=True, askable=True)],
            "reclaimed": None,
        }
    )
    box.locator("p", has_text="a bot plays for them").wait_for()
    assert box.locator("[data-stand-in]").count() == 0
    crafted.push({"type": "presence", "id": None, "seats": [presence(0), presence(1)], "reclaimed": 1})
    box.wait_for(state="hidden")


def test_the_tech_phase_shows_the_coming_turn_and_no_stale_tags(crafted):
    page = crafted.page
    frame = crafted.frame()
    view = frame["view"]
    view.update(phase="tech", turn=3, active=0)
    view["players"][0].update(ended_main=True, tech_owed=True)
    frame["legal_actions"] = [{"type": "tech", "cards": []}, {"type": "concede"}]
    crafted.send(frame)
    assert page.locator("#turn").inner_text() == "4"
    assert page.locator(".ended-tag").count() == 0
    view.update(phase="main", turn=4)
    view["players"][0].update(ended_main=False, tech_owed=False)
    frame["legal_actions"] = [{"type": "end_main"}, {"type": "concede"}]
    crafted.send(frame)
    assert page.locator("#turn").inner_text() == "4"


def test_a_hero_in_the_command_zone_is_not_in_play(crafted):
    page = crafted.page
    crafted.send(crafted.frame())  # the real start: both heroes wait in their command zones
    for seat in (0, 1):
        area = page.locator(f"#seat-{seat}")
        assert area.locator(".command-part .card.in-command").count() == 1
        assert area.locator(".command-part .zone-title").inner_text().lower() == "command zone"
        assert area.locator(".play-part .card").count() == 0


def test_the_lobby_labels_hero_stats_and_pages_load_without_404(browser, live_server_url):
    page = signup(browser, live_server_url, "wes", **DESKTOP)
    missing = []
    page.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
    page.reload()
    page.click("#new-table button[type=submit]")
    facts = page.locator(".table-card.mine [data-hero=troq_bashar] .hero-spec")
    facts.wait_for()
    assert re.search(r"ATK \d+ / HP \d+", facts.inner_text()), facts.inner_text()
    icon = page.locator("link[rel=icon]").get_attribute("href")
    assert page.context.request.get(live_server_url + icon).ok
    assert missing == [], missing
    page.context.close()


def test_a_logged_out_socket_links_to_the_login_page(crafted):
    page = crafted.page.context.new_page()  # a page of its own: its socket is closed for good
    own = Crafted(page, crafted.url)
    own.ws.close(code=4401, reason="logged out")
    link = page.locator("#notice a#login-link")
    link.wait_for()
    assert link.get_attribute("href").startswith("/login/?next=%2Fmatch%2F")
    page.close()


def test_names_never_break_inside_a_word_and_buildings_are_not_cut(crafted):
    page = crafted.page
    frame = crafted.frame()
    me, other = frame["view"]["players"]
    me["hand"] = [
        hand_card("c951", "granfalloon_flagbearer", "Granfalloon Flagbearer", cost=3),
        hand_card("c952", "bloodrage_ogre", "Bloodrage Ogre", cost=2),
    ]
    other["play"].append(card_in_play("c953", "bombaster", "Bombaster", owner=1, controller=1))
    other["patrol"]["squad_leader"] = "c953"
    me["buildings"]["addon"] = {"id": "heroes_hall", "name": "Heroes' Hall", "damage": 0, "done": True, "hp": 4}
    crafted.send(frame)
    # A word broken over two lines has two boxes; every word here has one.
    broken = page.evaluate("""() => {
        const out = [];
        for (const node of document.querySelectorAll('#board .card-name, #hand .card-name')) {
            const text = node.firstChild;
            let at = 0;
            for (const word of text.data.split(' ')) {
                const range = document.createRange();
                range.setStart(text, at);
                range.setEnd(text, at + word.length);
                if (range.getClientRects().length > 1) out.push(word);
                at += word.length + 1;
            }
        }
        return out;
    }""")
    assert broken == [], broken
    assert page.locator("#seat-1 [data-tid=c953] .card-name").inner_text() == "Bombaster"
    # Building names show whole (they wrap between words when the tile is narrow).
    cut = page.locator(".bld .bld-name").evaluate_all(
        "ns => ns.filter(n => n.scrollWidth > n.clientWidth + 1).map(n => n.textContent)"
    )
    assert cut == [], cut
    assert "Heroes' Hall" in page.locator("#seat-0 [data-tid='bld:0:addon']").inner_text()


def test_a_choice_whose_targets_are_off_screen_scrolls_to_them(crafted):
    page = crafted.page
    frame = crafted.frame()
    me, other = frame["view"]["players"]
    me["play"].append(card_in_play("c961", "older_brother", "Older Brother"))
    other["play"].append(card_in_play("c962", "tenderfoot", "Tenderfoot", owner=1, controller=1))
    frame["legal_actions"] = [
        {"type": "attack", "attacker": "c961", "target": "c962"},
        {"type": "end_main"},
        {"type": "concede"},
    ]
    crafted.send(frame)
    target = page.locator("#opponents [data-tid=c962]")
    # Clear of the sticky banner above and the hand dock below.
    shown = """n => { const r = n.getBoundingClientRect();
        return r.top >= document.getElementById('banner').getBoundingClientRect().bottom
            && r.bottom <= document.getElementById('controls').getBoundingClientRect().top; }"""
    page.set_viewport_size({"width": 1366, "height": 420})
    try:
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        assert not target.evaluate(shown)  # scrolled away
        page.click("#me-area [data-tid=c961]")
        page.click("#inspector [data-action=attack]")
        page.locator("#targeting-panel").wait_for()
        assert target.evaluate(shown)
        page.keyboard.press("Escape")
    finally:
        page.set_viewport_size(DESKTOP["viewport"])


def test_running_out_of_time_is_told_once_not_with_each_presence_message(crafted):
    """The clean-clone CI saw "You ran out of time" raised again over the
    player's first action once her seat was back: each presence message
    while the bot played on raised the notice anew, so a late one covered
    what came next. It is raised when the clock runs out, once."""
    page = crafted.page
    crafted.send(crafted.frame())
    notice = page.locator("#notice")
    out = dict(presence(0, stand_in=True), time_left=0)
    crafted.push({"type": "presence", "id": None, "seats": [out, presence(1)], "reclaimed": None})
    notice.filter(has_text="You ran out of time").wait_for()
    notice.locator(".close").click()
    crafted.push({"type": "presence", "id": None, "seats": [out, presence(1)], "reclaimed": None})
    page.wait_for_timeout(300)
    assert notice.is_hidden()
    # Her seat back, then out of time again (another turn): told again.
    crafted.push({"type": "presence", "id": None, "seats": [presence(0), presence(1)], "reclaimed": None})
    crafted.push({"type": "presence", "id": None, "seats": [out, presence(1)], "reclaimed": None})
    notice.filter(has_text="You ran out of time").wait_for()
    notice.locator(".close").click()
    crafted.push({"type": "presence", "id": None, "seats": [presence(0), presence(1)], "reclaimed": None})


def test_running_out_of_time_is_told_in_one_notice_gone_once_back(crafted):
    """A newcomer's finding on a phone: a red notice and an in-board line
    said the same "You ran out of time" (about a fifth of the screen), and the
    red one stayed in later turns, after her seat was back, until dismissed.
    One notice, and it goes when the player has her seat back."""
    page = crafted.page
    crafted.send(crafted.frame())
    out = dict(presence(0, stand_in=True), time_left=0)
    crafted.push({"type": "presence", "id": None, "seats": [out, presence(1)], "reclaimed": None})
    page.locator("#notice", has_text="You ran out of time").wait_for()
    told = [line for line in page.get_by_text("ran out of time").all() if line.is_visible()]
    assert len(told) == 1, [line.inner_text() for line in told]
    crafted.push({"type": "presence", "id": None, "seats": [presence(0), presence(1)], "reclaimed": None})
    page.locator("#notice").wait_for(state="hidden")
    assert not [line for line in page.get_by_text("ran out of time").all() if line.is_visible()]


def test_select_keeps_a_hero_that_died_while_selected_selected(crafted):
    """The whole-match tests pick a card with ``select``: a hero selected
    in play that dies goes back to the command zone still selected (the
    inspector shows its Summon), and a plain click there would unselect it
    (a Two-Headed Dragon match in CI waited on a Summon button that way)."""
    page = crafted.page
    frame = crafted.frame()
    me = frame["view"]["players"][0]
    hero = me["command"].pop()
    me["play"] = [card_in_play(hero["iid"], hero["card"], hero["name"], kind="hero", level=2)]
    frame["legal_actions"] = [{"type": "end_main"}, {"type": "concede"}]
    crafted.send(frame)
    card = page.locator(f"#me-area .card[data-tid='{hero['iid']}']")
    select(card)
    assert "selected" in card.get_attribute("class").split()
    frame = crafted.frame()
    frame["legal_actions"] = [{"type": "summon", "hero": hero["iid"]}, {"type": "end_main"}, {"type": "concede"}]
    crafted.send(frame)  # it died: back in the command zone, still the selected card
    assert page.locator(f"#me-area .card.in-command[data-tid='{hero['iid']}']").count() == 1
    select(card)
    page.locator("#inspector [data-action=summon]").wait_for()
    page.keyboard.press("Escape")
