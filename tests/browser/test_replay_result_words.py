"""The replay page's result line names who won and how the game ended, in
each game's own words, for real finished matches in headless Chromium: an
Arcane Codex game said "No winner" for a game a bot won (the line read a
list of winners that only Codex views carry), and a Two-Headed Dragon
concession said "a player conceded" though the replay's last step says who
it was. The live result dialog of that 2v2 names the player too (the
frame's result says who conceded: it named only the team). A concession
the engine ends as a fallen base (a free-for-all's, house rule R28) reads
as a concession, not as "your base was destroyed"."""

import os
import re

import pytest

from tests.browser.test_match_page import DESKTOP, api, concede_on_page, signup, start_against_bots, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

SHOTS = os.environ.get("CODEX_SCREENSHOTS")  # a folder: save the replays' last steps there


def to_last_step(page, base: str, match_id: int) -> str:
    """Open the replay of ``match_id`` at its last step; returns its result line."""
    page.goto(f"{base}/match/{match_id}/replay/")
    page.wait_for_function("() => document.body.dataset.at === '0'")
    page.click("#replay-last")
    page.wait_for_function("() => document.getElementById('replay-forward').disabled")
    return page.inner_text("#replay-result")


def test_an_arcane_replay_names_the_winner_and_who_conceded(browser, live_server_url):
    base = live_server_url
    ivy = signup(browser, base, "rpivy", **DESKTOP)
    table = api(ivy, "POST", "/api/tables/", {"mode": "arcane"})
    api(ivy, "PATCH", f"/api/tables/{table['id']}/seat/", {"ready": True})
    api(ivy, "POST", f"/api/tables/{table['id']}/bot/", {"index": 1, "kind": "greedy"})
    match_id = api(ivy, "POST", f"/api/tables/{table['id']}/start/")["match_id"]
    ivy.goto(f"{base}/match/{match_id}/")
    wait_version(ivy, 0)  # the button acts once the first state is in (it timed out on a loaded machine)
    ivy.click("[data-simple=concede]")
    ivy.click("#confirm-yes")  # the page asks "Concede this game?" first, in its own dialog
    ivy.locator("#result-dialog[open]").wait_for()
    assert to_last_step(ivy, base, match_id) == "Greedy bot won: you conceded."
    if SHOTS:
        ivy.screenshot(path=f"{SHOTS}/replay-arcane-conceded.png")
    ivy.select_option("#replay-view", "spectator")
    ivy.wait_for_function("() => document.getElementById('replay-result').textContent.includes('Rpivy')")
    assert ivy.inner_text("#replay-result") == "Greedy bot won: Rpivy conceded."
    assert ivy.errors == []
    ivy.context.close()


def test_a_two_headed_dragon_concession_names_the_player(browser, live_server_url):
    base = live_server_url
    jo = signup(browser, base, "rpjo", **DESKTOP)
    match_id = start_against_bots(jo, "2hg", 3)
    concede_on_page(jo, base, match_id)
    players = api(jo, "GET", f"/api/matches/{match_id}/")["players"]
    mine = next(p["team"] for p in players if p["seat"] == 0)
    them = " & ".join(p["name"] for p in sorted(players, key=lambda p: p["seat"]) if p["team"] != mine)
    assert jo.inner_text("#result-title") == "Your team lost"
    assert jo.inner_text("#result-text") == f"You conceded; {them} win."  # the frame's result says who
    assert to_last_step(jo, base, match_id) == f"{them} won (you conceded)."
    if SHOTS:
        jo.screenshot(path=f"{SHOTS}/replay-dragon-conceded.png")
    jo.select_option("#replay-view", "spectator")
    jo.wait_for_function("() => document.getElementById('replay-result').textContent.includes('Rpjo')")
    assert jo.inner_text("#replay-result") == f"{them} won (Rpjo conceded)."
    assert jo.errors == []
    jo.context.close()


def test_a_concession_the_engine_ended_as_a_fallen_base_reads_as_a_concession(browser, live_server_url):
    """A free-for-all concession ends the game as the conceder's base
    falling (the engine's reason "base destroyed"): the replay's last step
    is that concession, so the line says who conceded. The last step of a
    real conceded match is given that reason and that base at 0 HP (the
    replay API answer changed on its way to the page)."""
    base = live_server_url
    lu = signup(browser, base, "rplu", **DESKTOP)
    match_id = start_against_bots(lu, "1hero", 1)
    concede_on_page(lu, base, match_id)

    def fallen_base(route):
        response = route.fetch()
        data = response.json()
        if (data.get("action") or {}).get("type") == "concede":
            view = data["view"]
            view["result_reason"] = "base destroyed"
            team = view["players"][data["seat"]]["team"]
            view["teams"][team]["damage"] = view["teams"][team]["hp"]
        route.fulfill(response=response, json=data)

    lu.route(re.compile(rf".*/api/matches/{match_id}/replay/\d+/.*"), fallen_base)
    assert to_last_step(lu, base, match_id) == "Greedy bot won (you conceded)."
    lu.select_option("#replay-view", "spectator")
    lu.wait_for_function("() => document.getElementById('replay-result').textContent.includes('Rplu')")
    assert lu.inner_text("#replay-result") == "Greedy bot won (Rplu conceded)."
    assert lu.errors == []
    lu.context.close()
