"""The lobby's line of a finished Codex match, in headless Chromium: it
names who conceded and whose base fell as the live dialog does.

- A real Two-Headed Dragon match conceded from its page: "(you conceded)".
- Free-for-all lines, from the lobby's real answer with finished
  free-for-all entries added as the server now gives them (who conceded,
  whose bases fell: tests/server/test_codex_result_words.py checks the
  server side): a concession that ended the game read "(a base was
  destroyed)", since the engine ends it as the conceder's base falling
  (house rule R28), and a base brought down by an attack read the same,
  the lobby not knowing whose.
"""

import os

import pytest

from tests.browser.test_match_page import DESKTOP, api, concede_on_page, signup, start_against_bots

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

SHOTS = os.environ.get("CODEX_SCREENSHOTS")  # a folder: save the lobby there


def ffa_entry(match_id: int, winner: int, reason: str, conceded_by=None, fallen=None, seat: int = 0) -> dict:
    """A finished free-for-all of Rlkim (seat 0), Bo and Cy as the lobby
    lists it (lobby/overview.py) to the player of ``seat`` (Rlkim unless
    said)."""
    names = ["Rlkim", "Bo", "Cy"]
    outcome = "won" if winner == seat else "lost"
    return {
        "id": match_id,
        "mode": "ffa",
        "status": "finished",
        "seat": seat,
        "updated": "2026-12-03T12:00:00+00:00",
        "players": [
            {"seat": s, "name": n, "heroes": ["troq_bashar"], "team": None, "you": s == seat, "bot": None}
            for s, n in enumerate(names)
        ],
        "result": {
            "winners": [names[winner]],
            "seats": [winner],
            "outcome": outcome,
            "reason": reason,
            "conceded_by": conceded_by,
            "fallen": fallen,
        },
        "rematch_table": None,
        "rematch_joined": False,
    }


ADDED = [  # (entry, the line the viewer reads)
    (ffa_entry(900001, 0, "base destroyed", conceded_by=2, fallen=[2]), "You won (Cy conceded)"),
    (ffa_entry(900002, 1, "base destroyed", conceded_by=0, fallen=[0]), "You lost: Bo won (you conceded)"),
    (ffa_entry(900003, 2, "base destroyed", fallen=[1]), "You lost: Cy won (Bo's base was destroyed)"),
    (ffa_entry(900004, 2, "base destroyed", fallen=[0, 1]), "You lost: Cy won (your base and Bo's were destroyed)"),
    (ffa_entry(900005, 0, "highest base"), "You won (the highest base after the last round)"),
    # The viewer's base second among the fallen: it read "Bo's base and your were destroyed".
    (
        ffa_entry(900006, 0, "base destroyed", fallen=[1, 2], seat=2),
        "You lost: Rlkim won (Bo's base and yours were destroyed)",
    ),
]


def test_the_lobby_names_who_conceded_and_whose_base_fell(browser, live_server_url):
    base = live_server_url
    kim = signup(browser, base, "rlkim", **DESKTOP)
    match_id = start_against_bots(kim, "2hg", 3, is_public=False, allow_spectators=False)
    concede_on_page(kim, base, match_id)
    players = api(kim, "GET", f"/api/matches/{match_id}/")["players"]
    them = " and ".join(p["name"] for p in sorted(players, key=lambda p: p["seat"]) if p["team"] != 0)

    def with_ffa(route):
        response = route.fetch()
        data = response.json()
        data["history"] += [entry for entry, _ in ADDED]
        route.fulfill(response=response, json=data)

    kim.route("**/api/lobby/matches/", with_ffa)
    kim.goto(f"{base}/")
    line = kim.locator(f"#history li[data-match='{match_id}'] .result")
    line.wait_for()
    assert line.inner_text() == f"You lost: {them} won (you conceded)"
    for entry, words in ADDED:
        assert kim.inner_text(f"#history li[data-match='{entry['id']}'] .result") == words, entry["result"]
    if SHOTS:
        kim.locator("#history").screenshot(path=f"{SHOTS}/lobby-codex-results.png")
    assert kim.errors == []
    kim.context.close()
