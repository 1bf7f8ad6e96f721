"""Two-Headed Dragon through the real pages, in headless Chromium.

Four players sign up (one on a phone-sized screen); the host opens a 2v2
table, the lobby shows the open seats of each team, the others take their
seats, pick heroes, get ready, and the host starts. A fifth user watches.
They then play a full round through the page: the first team's turn (each
teammate acts and ends their own main phase; the page says who has ended),
the second team's turn (both end their main phase at the same instant), and
the tech choices that open the first team's next turn.

Checked along the way: each teammate sees the partner's hand (read-only) and
no page shows the other team's hands, nor does any websocket frame carry
them; the shared base appears once per team; whose turn it is and who has
ended their main phase is written on the page; every page reaches every
version; no action is refused.
"""

import copy
import json
import os
import re

import pytest

from game.patch import apply
from tests.browser.test_match_page import (
    DESKTOP,
    PHONE,
    SHOTS,
    Table,
    notice,
    pick_hero_and_ready,
    signup,
    version,
    wait_version,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]


def frames_of(page) -> list:
    """Collect the websocket frames a page receives (parsed JSON)."""
    frames = []

    def on_ws(ws):
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_ws)
    return frames


def hand_count(page, seat) -> int:
    return int(page.locator(f"#seat-{seat} .stat", has_text="hand").locator("b").inner_text())


def check_hands(players: dict, watcher) -> None:
    """Each player sees the partner's hand (as many cards as the partner holds)
    and not the other team's; the spectator sees no hand at all."""
    for seat, page in players.items():
        partner = seat ^ 1
        shown = page.locator(f"#seat-{partner} .partner-hand .card")
        assert shown.count() == hand_count(page, partner), f"seat {seat} sees the partner's hand"
        assert shown.count() == players[partner].locator("#hand .card").count()
        for other in (2 * (1 - seat // 2), 2 * (1 - seat // 2) + 1):
            assert page.locator(f"#seat-{other} .partner-hand").count() == 0
        assert page.locator(".partner-hand").count() == 1
    assert watcher.locator(".partner-hand").count() == 0
    assert watcher.locator("#hand-box").is_hidden()


def check_frames(frames: dict, watcher_frames: list) -> int:
    """No state (sent whole, or rebuilt from a patch: the page asks for
    patches) gives a seat the other team's hands (nor the spectator any)."""
    count = 0
    for seat, got in [*frames.items(), (None, watcher_frames)]:
        last = None
        for frame in got:
            if frame.get("type") == "patch":
                assert last is not None and frame["base"] == last["version"], (seat, frame["version"])
                frame = {**apply(copy.deepcopy(last), frame["ops"]), "version": frame["version"]}
            if frame.get("type") != "state":
                continue
            last = frame
            count += 1
            for p in frame["view"]["players"]:
                same_team = seat is not None and p["seat"] // 2 == seat // 2
                assert ("hand" in p) == same_team, (seat, p["seat"])
                assert ("codex" in p) == same_team and ("discard" in p) == same_team
    return count


def shoot(page, name, full_page=True):
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=full_page)


def banner(page) -> str:
    return page.locator("#banner-text").inner_text()


def on_screen(page, selector) -> bool:
    """True when the element's middle is inside the window and nothing covers it there."""
    return page.locator(selector).first.evaluate("""node => {
        const r = node.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
        const top = document.elementFromPoint(x, y);
        return !!top && (node === top || node.contains(top));
    }""")


def test_four_players_play_a_full_two_headed_dragon_round(browser, live_server_url):
    base = live_server_url
    ana = signup(browser, base, "ana", **DESKTOP)
    ari = signup(browser, base, "ari", **PHONE)
    bo = signup(browser, base, "bo", **DESKTOP)
    bea = signup(browser, base, "bea", **DESKTOP)
    cy = signup(browser, base, "cy", **DESKTOP)

    # Ana opens a public Two-Headed Dragon table.
    ana.select_option("#mode-select", "2hg")
    ana.click("#new-table button[type=submit]")
    mine = ana.locator(".table-card.mine")
    mine.wait_for()
    assert "Two-Headed Dragon (2v2)" in mine.inner_text()
    assert mine.locator(".team-seats").count() == 2
    assert mine.locator(".team-seats[data-team='0'] .open-count").inner_text() == "1 open seat"
    assert mine.locator(".team-seats[data-team='1'] .open-count").inner_text() == "2 open seats"
    assert "team 1 ×1, team 2 ×2" in mine.locator(".open-seats").inner_text()
    table_id = mine.get_attribute("data-table")
    pick_hero_and_ready(ana, 0, "troq_bashar")

    # The others see the table in their lobby and take a seat on a team.
    for page, seat, hero in ((bo, 2, "river_montoya"), (ari, 1, "river_montoya"), (bea, 3, "troq_bashar")):
        card = page.locator(f".table-card[data-table='{table_id}']")
        card.wait_for()
        card.locator(f".team-seats[data-team='{seat // 2}'] li[data-seat='{seat}'] button.take").click()
        page.locator(f".table-card.mine li[data-seat='{seat}'] .hero-picker").wait_for()
        pick_hero_and_ready(page, seat, hero)
    shoot(ari, "2v2-lobby-phone")
    ana.wait_for_function("() => !document.querySelector('.table-card.mine button.start').disabled")
    assert ana.locator(".table-card.mine .full-count").count() == 2
    shoot(ana, "2v2-lobby-desktop")

    frames = {seat: frames_of(page) for seat, page in ((0, ana), (1, ari), (2, bo), (3, bea))}
    ana.locator(".table-card.mine button.start").click()
    for page in (ana, ari, bo, bea):
        page.wait_for_url(re.compile(r".*/match/\d+/$"))
    match_url = ana.url
    watcher_frames = frames_of(cy)
    cy.goto(match_url)
    # A page knows its seat once its first state has come: wait for it first.
    for page in (ana, ari, bo, bea, cy):
        wait_version(page, 0)
    players = {int(p.evaluate("document.body.dataset.seat")): p for p in (ana, ari, bo, bea)}
    assert players == {0: ana, 1: ari, 2: bo, 3: bea}
    table = Table(players, cy)

    # The board: two teams, the shared base once each, every player's area.
    for page in (*players.values(), cy):
        assert page.locator(".team-block").count() == 2
        for team in (0, 1):
            assert page.locator(f".team-block[data-team='{team}'] [data-tid='base:{team}']").count() == 1
            assert "30/30" in page.locator(f"[data-tid='base:{team}']").inner_text()
        for seat in range(4):
            area = page.locator(f"#seat-{seat}")
            assert area.locator(".slot").count() == 5 and area.locator(".stat.gold").count() == 1
            assert area.locator(".bld").count() == 4  # tech I-III and the add-on; the base is the team's
    assert ana.locator("#me-area .team-block.my-team[data-team='0']").count() == 1
    assert bo.locator("#me-area .team-block.my-team[data-team='1']").count() == 1
    check_hands(players, cy)

    # Whose turn: both players of the first team.
    assert banner(ana).startswith("Your team's turn") and "Ari plays too" in banner(ana)
    assert banner(ari).startswith("Your team's turn")
    assert banner(bo).startswith("Ana & Ari's turn") and banner(cy).startswith("Ana & Ari's turn")
    for page in (*players.values(), cy):
        assert page.locator("#seat-0 .turn-tag").count() == 1 and page.locator("#seat-1 .turn-tag").count() == 1
        assert page.locator("#seat-2 .turn-tag").count() == 0
    # The first screen of a 1366x900 desktop shows the player's hand and
    # action buttons (a dock stuck to the bottom), however tall the board.
    for page in (ana, bo):
        assert page.evaluate(
            "document.documentElement.scrollHeight > window.innerHeight"
        )  # a board taller than the window
        assert on_screen(page, "#hand .card") and on_screen(page, "#action-bar [data-action=concede]")
    assert on_screen(ana, "#action-bar [data-action=end_main]")
    # Phone: the card panel opens above the action bar, never over it, and closes.
    ari.locator("#hand .card").first.click()
    ari.locator("#inspector .panel-title").wait_for()
    assert on_screen(ari, "#inspector .panel-title") and on_screen(ari, "#action-bar [data-action=end_main]")
    ari.click("#inspector .close")
    ari.locator("#dock").wait_for(state="hidden")
    shoot(ana, "2v2-board-desktop", full_page=False)
    shoot(ana, "2v2-board-desktop-full")
    shoot(ari, "2v2-board-phone", full_page=False)
    shoot(ari, "2v2-board-phone-full")
    shoot(cy, "2v2-board-spectator")

    # The first team's turn: each acts; Ana ends her main phase first.
    assert table.hire(ana)
    assert table.hire(ari)
    check_hands(players, cy)
    table.summon(ari)
    table.end_main(ana)
    assert "you ended your main phase; Ari is still playing" in banner(ana)
    assert "Ana has ended their main phase" in banner(ari)
    assert "Ana ended their main phase" in banner(bo)
    assert ana.locator("#action-bar [data-action=end_main]").count() == 0
    for page in (*players.values(), cy):
        assert page.locator("[data-ended='0'].ended-tag").count() == 1
        assert page.locator("[data-ended='1'].playing-tag").count() == 1
    shoot(ari, "2v2-partner-ended-phone", full_page=False)
    table.build(ari)
    table.end_main(ari)

    # The second team's turn; the first team may tech meanwhile (Ana does).
    for page in players.values():
        page.wait_for_function("() => document.body.dataset.active === '2'")
    assert banner(bo).startswith("Your team's turn") and banner(cy).startswith("Bo & Bea's turn")
    assert table.tech(ana)
    assert table.hire(bo)
    table.play(bea)
    check_hands(players, cy)
    # Both end their main phase at the same instant: both are applied.
    before = version(bo)
    for page in (bo, bea):  # the page may ask first (gold or attackers left): both questions open, then both yes
        page.locator("#action-bar [data-action=end_main]").click()
    for page in (bo, bea):
        if page.locator("#confirm-dialog").evaluate("d => d.open"):
            page.click("#confirm-yes")
    for page in (*players.values(), cy):
        wait_version(page, before + 2)
    assert notice(bo) == "" and notice(bea) == ""

    # The first team's next turn waits for Ari's tech choice, then begins.
    assert "waiting for Ari to pick tech cards" in banner(ana)
    assert "Ari is picking tech cards" in banner(bo)
    for page in (*players.values(), cy):
        assert page.locator("#turn").inner_text() == "3"  # the turn about to begin, as the banner says
        assert page.locator(".ended-tag").count() == 0  # no "main ended" left over from their last turn
    assert table.tech(ari)
    for page in (*players.values(), cy):
        page.wait_for_function("() => document.body.dataset.active === '0' && document.body.dataset.phase === 'main'")
    assert banner(ana).startswith("Your team's turn")
    assert int(ana.locator("#turn").inner_text()) == 3
    # The second team techs during it.
    assert table.tech(bo) and table.tech(bea)
    shoot(cy, "2v2-round-done-spectator")
    shoot(bea, "2v2-round-done-desktop", full_page=False)

    final = version(ana)
    for page in (*players.values(), cy):
        wait_version(page, final)
        assert notice(page) == ""
        assert page.errors == [], page.errors
    match_id = int(match_url.rstrip("/").split("/")[-1])
    log = ana.context.request.get(f"{base}/api/matches/{match_id}/log/").json()
    kinds = [a["action"]["type"] for a in log["actions"]]
    assert log["version"] == final and kinds.count("end_main") == 4 and kinds.count("tech") == 4
    assert {a["seat"] for a in log["actions"]} == {0, 1, 2, 3}
    assert check_frames(frames, watcher_frames) >= 5 * final

    # Bea concedes for her team: everyone sees who won.
    bea.click("#action-bar [data-action=concede]")
    assert "for your team" in bea.locator("#confirm-text").inner_text()
    table.act(bea, bea.locator("#confirm-yes").click, "concede")
    for page in (*players.values(), cy):
        page.wait_for_function("() => document.body.dataset.status === 'finished'")
        page.locator("#result-dialog[open]").wait_for()
    assert ana.locator("#result-title").inner_text() == "Your team won!"
    assert ari.locator("#result-title").inner_text() == "Your team won!"
    assert bo.locator("#result-title").inner_text() == "Your team lost"
    assert cy.locator("#result-title").inner_text() == "Ana & Ari win"
    assert "Game over — Your team wins" in banner(ana) and "Ana & Ari win" in banner(bo)
    for page in (*players.values(), cy):
        assert page.errors == [], page.errors
