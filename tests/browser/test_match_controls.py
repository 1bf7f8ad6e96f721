"""The match page's controls for what a random match rarely brings, in
headless Chromium: a page whose websocket is routed gets, after the real
first state of a 1v1 match (set up over the REST API), crafted `state`
frames and answers, and every message it sends is recorded (none reaches
the server). The frames are the real view with a few fields changed, so
the page renders exactly what the server would send for such a position.

Checked: a card with boost offers "Play" and "Play with boost (+N gold)"
and each sends its own action; with stash, "End main phase" ends without
stash and keeping a card is a choice of its own.
"""
import copy
import json
import re

import pytest

from tests.browser.test_match_page import DESKTOP, api, signup, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


class Crafted:
    """A match page for ``seat`` fed crafted frames: the server's messages
    reach it until its first full state, then only what the test sends;
    what it sends is kept in ``sent`` and goes nowhere."""

    def __init__(self, page, match_url):
        self.page = page
        self.sent = []
        self.ws = None
        self.real = None
        page.route_web_socket(re.compile(r".*/ws/match/.*"), self._route)
        page.goto(match_url)
        wait_version(page, 0)
        self.version = 0

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
    return {"iid": iid, "card": card, "name": name, "kind": kind, "cost": cost, "tax": tax, **more}


@pytest.fixture(scope="module")
def crafted(browser, live_server_url):
    """Seat 0's page of a fresh 1v1 match, routed (see Crafted)."""
    base = live_server_url
    uma = signup(browser, base, "uma", **DESKTOP)
    vic = signup(browser, base, "vic", **DESKTOP)
    table = api(uma, "POST", "/api/tables/", {"mode": "1hero", "is_public": False, "allow_spectators": False})
    api(uma, "PATCH", f"/api/tables/{table['id']}/seat/", {"heroes": ["troq_bashar"], "ready": True})
    api(vic, "POST", f"/api/tables/{table['id']}/join/", {"index": 1, "invite": table["invite_token"]})
    api(vic, "PATCH", f"/api/tables/{table['id']}/seat/", {"heroes": ["river_montoya"], "ready": True})
    match_id = api(uma, "POST", f"/api/tables/{table['id']}/start/")["match_id"]
    page = uma.context.new_page()
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
        {"type": "end_main"}, {"type": "concede"},
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
    me["hand"] = [hand_card("c911", "spark", "Spark", kind="spell"), hand_card("c912", "bloom", "Bloom", kind="spell", cost=2)]
    frame["legal_actions"] = [
        {"type": "end_main"}, {"type": "end_main", "stash": "c911"}, {"type": "end_main", "stash": "c912"},
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
