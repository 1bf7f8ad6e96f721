"""A turn clock at zero never floods the server (issue 27 point 25).

Once a clock reached 0 the server goes on saying 0 (while the stand-in bot
plays on, until the clock starts again), and the page pinged after each
answer: over a hundred pings in a few seconds, refused ``rate_limited``, and
the player read "Too many messages: slow down." instead of being told they
ran out of time. Here a websocket proxy in the page holds every clock the
server reports at 0 and says the viewer's seat is played by the bot, as the
server does once time ran out; the page must keep to a handful of pings,
far below the documented rate (docs/PROTOCOL.md: 20 frames a second), and
the notice must be the one about time. Every game's match page shares the
clock (static/js/turnclock.js), so each is checked.
"""

import json
import os
import re

import pytest

from tests.browser.test_match_page import api, signup, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

SHOTS = os.environ.get("CODEX_SCREENSHOTS")
WINDOW_MS = 4000  # how long the frames are counted with the clock at 0
RATE = 20  # frames a second a connection may send (docs/PROTOCOL.md, CODEX_WS_RATE)


def held_at_zero(message: str, seat: int) -> str:
    """``message`` from the server with every running clock at 0 and ``seat``
    played by the stand-in (what the server says once its time ran out)."""
    data = json.loads(message)
    seats = (
        data.get("presence")
        if data.get("type") == "pong"
        else data.get("seats")
        if data.get("type") == "presence"
        else None
    )
    if not seats:
        return message
    for p in seats:
        if p["seat"] == seat:
            p["time_left"], p["stand_in"] = 0, True
        elif p.get("time_left") is not None:
            p["time_left"] = 0
    return json.dumps(data)


def start_timed(page, mode: str, seat: dict, **table) -> int:
    """A ``mode`` table with a 30 s turn timer, the page's user in seat 0
    (``seat``: its choices) and a greedy bot in seat 1, started; returns the match id."""
    made = api(page, "POST", "/api/tables/", {"mode": mode, "turn_seconds": 30, **table})
    api(page, "PATCH", f"/api/tables/{made['id']}/seat/", {**seat, "ready": True})
    api(page, "POST", f"/api/tables/{made['id']}/bot/", {"index": 1, "kind": "greedy"})
    return api(page, "POST", f"/api/tables/{made['id']}/start/")["match_id"]


@pytest.mark.parametrize(
    "mode,seat,table",
    [("1hero", {"heroes": ["troq_bashar"]}, {}), ("arcane", {}, {}), ("c23", {}, {"seat_count": 2, "deck": "red"})],
)
def test_a_clock_at_zero_pings_a_few_times_and_tells_the_player(browser, live_server_url, mode, seat, table):
    base = live_server_url
    page = signup(browser, base, f"flood{mode}", viewport={"width": 1280, "height": 720})
    match_id = start_timed(page, mode, seat, **table)
    sent, refused = [], []

    def route(ws):
        server = ws.connect_to_server()

        def to_server(message):
            sent.append(message)
            server.send(message)

        def to_page(message):
            if '"rate_limited"' in message:
                refused.append(message)
            ws.send(held_at_zero(message, 0))

        ws.on_message(to_server)
        server.on_message(to_page)

    page.route_web_socket(re.compile(r".*/ws/match/.*"), route)
    page.goto(f"{base}/match/{match_id}/")
    wait_version(page, 0)
    page.wait_for_timeout(WINDOW_MS)  # the frames the page sends with its clocks at 0 are counted over this
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"clock-at-zero-{mode}.png"))
    assert refused == []
    # The first ping, the one for the clock of version 0, and the clock's pings backing off: 1 s, 2 s, 4 s apart.
    assert len(sent) <= 6, sent
    assert len(sent) < RATE * WINDOW_MS / 1000
    assert "You ran out of time" in page.inner_text("#notice")
    assert "Too many messages" not in page.inner_text("#notice")
    assert page.errors == []
    page.context.close()
