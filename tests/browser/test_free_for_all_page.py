"""Free-for-all (issue 5) through the real pages, in headless Chromium.

Three players sign up (one on a phone-sized screen); the host opens a
3-player free-for-all table (the lobby offers 3, 4 or 5 seats, shows the
seat count and the open seats, and a double click on Create makes one
table); the others take the open seats, everyone picks a hero and gets
ready, the host starts, and a fourth user watches. Then a full round through
the page, each player's turn in seat order:

- Ann hires, summons, ends her main phase and, in her lending step, lends
  her hero into Ben's empty squad leader slot by clicking the slot on the
  board (the choice is grouped by player, named); everyone sees it there,
  "lent by Ann"; she clicks Done lending and picks tech cards while Ben
  plays (the pages say she is still picking);
- Ben hires, summons and finishes lending without lending;
- Cat's first upkeep brings her Mercenary token (announced on every page);
  she hires, summons and finishes lending;
- in the next round Ann attacks with her hero: the targets are grouped by
  opponent with the opponent's name; Cat repairs her base (3 gold, 1 HP).

Then Ben concedes: the result shows the winner and every base's HP. A page
fed crafted frames (through a websocket route) shows that a prompt offering
seats ("choose an opponent", R27) names the players, that a lent unit in a
target list says who lent it and the viewer's own things come last, that
free gold (R25) is announced and, with the ended turn's news and "new"
marks, gone while the coming turn waits for tech (R11), that the final
rounds (R28) show the standings of the moment, that a player who conceded
is marked out everywhere, that a spectator is never offered a bot, that
names read "Ann, Ben and Cat", and that a shared win lists every base.

Checked along the way: every page receives every version; no action is
refused; the spectator's page has no hand and no websocket frame it gets
carries a hand, discard pile, trash or codex; a player's frames carry only
their own. With CODEX_SCREENSHOTS set, screens are saved there;
screenshot-ffa.png is the one copied to docs/.
"""

import json
import os
import re

import pytest

from tests.browser.test_match_page import DESKTOP, PHONE, SHOTS, Table, api, notice, signup, version, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

HIDDEN = ("hand", "discard", "trash", "codex")


def frames_of(page) -> list:
    """Collect the text of the websocket frames a page receives."""
    frames = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    return frames


def _player_entries(node):
    """Every player entry of a view (a dict with "seat" and "hand_count") inside ``node``."""
    if isinstance(node, dict):
        if "seat" in node and "hand_count" in node:
            yield node
        for value in node.values():
            yield from _player_entries(value)
    elif isinstance(node, list):
        for value in node:
            yield from _player_entries(value)


def check_frames(seat, frames: list) -> set:
    """No frame shows ``seat`` (None: the spectator) anyone else's hidden
    zones, whether a full ``state`` or a ``patch``. Returns the versions
    the frames brought."""
    versions = set()
    for raw in frames:
        frame = json.loads(raw)
        if frame.get("type") in ("state", "patch"):
            versions.add(frame["version"])
        if seat is None:
            for secret in HIDDEN:
                assert f'"{secret}"' not in raw, raw[:300]
            continue
        for entry in _player_entries(frame):
            for secret in HIDDEN:
                assert (secret in entry) == (entry["seat"] == seat), (seat, entry["seat"], secret)
        for op in frame.get("ops", []):
            path = op[1]
            if "players" in path:
                at = path.index("players")
                if len(path) > at + 2 and path[at + 2] in HIDDEN:
                    assert path[at + 1] == seat, (seat, path)
    return versions


def banner(page) -> str:
    return page.locator("#banner-text").inner_text()


def base_hp(page, seat) -> str:
    return page.locator(f"#seat-{seat} [data-tid='base:{seat}'] .bld-hp").inner_text()


def shot(page, name, full_page=True):
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=full_page)


def take_seat_and_ready(page, table_id, seat, hero):
    card = page.locator(f".table-card[data-table='{table_id}']")
    card.wait_for()
    card.locator(f"li[data-seat='{seat}'] button.take").click()
    row = page.locator(f".table-card.mine li[data-seat='{seat}']")
    row.locator(".hero-picker").wait_for()
    row.locator(f"[data-hero={hero}]").click()
    row.locator(f"[data-hero={hero}][aria-pressed=true]").wait_for()
    row.locator("button.ready").click()
    row.locator(".ready-flag").wait_for()


def finish_lending(table, page) -> bool:
    """Click Done lending when the page offers it (a player with nothing to lend has no lending step)."""
    done = page.locator("#action-bar [data-action=end_lending]")
    if not done.count():
        return False
    table.act(page, done.click, "end_lending")
    return True


def test_three_players_play_a_free_for_all_round(browser, live_server_url):
    base = live_server_url
    ann = signup(browser, base, "ann", **DESKTOP)
    ben = signup(browser, base, "ben", **PHONE)
    cat = signup(browser, base, "cat", **DESKTOP)
    dan = signup(browser, base, "dan", **DESKTOP)

    # The lobby: a free-for-all table is for 3, 4 or 5 players; other modes have no such choice.
    assert ann.locator("#seat-count-label").is_hidden()
    ann.select_option("#mode-select", "ffa")
    assert ann.locator("#seat-count-label").is_visible()
    counts = ann.locator("#seat-count option").evaluate_all("nodes => nodes.map(n => n.value)")
    assert counts == ["3", "4", "5"]
    ann.select_option("#seat-count", "3")
    # A double click makes one table: the button waits for the server's answer.
    ann.locator("#create-table").dblclick()
    mine = ann.locator(".table-card.mine")
    mine.wait_for()
    ann.wait_for_function("() => !document.getElementById('create-table').disabled")
    tables = ann.context.request.get(f"{base}/api/tables/").json()
    assert len([t for t in tables if t["host"] == "Ann"]) == 1
    assert "Free-for-all" in mine.inner_text()
    assert mine.locator(".open-seats").inner_text() == "3 players · open: seats 2 and 3"
    table_id = mine.get_attribute("data-table")
    row = ann.locator(".table-card.mine li[data-seat='0']")
    row.locator("[data-hero=troq_bashar]").click()
    row.locator("[data-hero=troq_bashar][aria-pressed=true]").wait_for()
    row.locator("button.ready").click()
    row.locator(".ready-flag").wait_for()

    take_seat_and_ready(ben, table_id, 1, "river_montoya")
    ann.locator(".table-card.mine .open-seats", has_text="open: seat 3").wait_for()
    cat.locator(f".table-card[data-table='{table_id}'] .open-seats", has_text="3 players · open: seat 3").wait_for()
    take_seat_and_ready(cat, table_id, 2, "jaina_stormborne")
    ann.wait_for_function("() => !document.querySelector('.table-card.mine button.start').disabled")
    assert mine.locator(".open-seats").inner_text() == "3 players · every seat is taken"
    shot(ben, "ffa-lobby-phone")

    frames = {0: frames_of(ann), 1: frames_of(ben), 2: frames_of(cat)}
    ann.locator(".table-card.mine button.start").click()
    for page in (ann, ben, cat):
        page.wait_for_url(re.compile(r".*/match/\d+/$"))
    match_url = ann.url
    watcher_frames = frames_of(dan)
    dan.goto(match_url)
    for page in (ann, ben, cat, dan):
        wait_version(page, 0)
    players = {int(p.evaluate("document.body.dataset.seat")): p for p in (ann, ben, cat)}
    assert players == {0: ann, 1: ben, 2: cat}
    table = Table(players, dan)

    # Every player around the table, with base, patrol zone, buildings, gold, workers and counts.
    for page in (ann, ben, cat, dan):
        assert page.locator("#seat-strip .seat-chip").count() == 3
        assert page.locator("#seat-strip .seat-chip[data-seat='0'] .turn-tag").count() == 1
        for seat in range(3):
            area = page.locator(f"#seat-{seat}")
            assert area.locator(".slot").count() == 5 and area.locator(".bld").count() == 5
            assert "20/20" in base_hp(page, seat)
            for label in ("gold", "workers", "hand", "deck", "discard"):
                assert area.locator(".stat", has_text=label).count() >= 1
    # Around the table: the next players first, the viewer at the bottom.
    assert ben.locator("#opponents .player-area").evaluate_all("ns => ns.map(n => n.dataset.seat)") == ["2", "0"]
    assert ben.locator("#me-area .player-area").get_attribute("data-seat") == "1"
    assert banner(ann).startswith("Your turn") and banner(dan).startswith("Ann's turn")
    # Each hero waits in the command zone, under its own title, not under "In play".
    assert ann.locator("#seat-1 .command-part .card.in-command").count() == 1
    assert ann.locator("#seat-1 .play-part .card").count() == 0
    assert ann.locator("#action-bar [data-action=repair]").count() == 0  # nothing to repair
    shot(ann, "ffa-board-desktop", full_page=False)
    shot(ben, "ffa-board-phone", full_page=False)

    # Ann's turn: hire, summon, end the main phase; then her lending step.
    table.hire(ann)
    assert table.summon(ann)
    table.end_main(ann)
    assert ann.locator("#lend-panel").is_visible()
    for page in (ben, cat, dan):
        assert banner(page).startswith("Ann is lending")
        assert page.locator("#seat-0 .lending-tag").count() == 1
    hero = ann.locator("#lend-panel [data-lend]").first
    hero_name, whom = hero.inner_text().split(" → ")
    assert whom == "Ben or Cat…"
    hero.click()
    panel = ann.locator("#targeting-panel")
    panel.wait_for()
    groups = panel.locator(".option-group")
    assert groups.evaluate_all("ns => ns.map(n => n.dataset.group)") == ["1", "2"]
    assert groups.nth(0).locator(".option-group-title").inner_text().startswith("Ben")
    assert groups.nth(1).locator(".option-group-title").inner_text().startswith("Cat")
    assert ann.locator("#seat-1 .slot.target").count() == 5 and ann.locator("#seat-2 .slot.target").count() == 5
    if SHOTS:  # docs/screenshot-ffa.png is a copy of this one
        # Presence comes with the next ping (every 20 s): wait until it says everyone is here.
        ann.wait_for_function("() => document.getElementById('presence').hidden", timeout=30000)
        ann.evaluate("window.scrollTo(0, 0); document.getElementById('side').scrollTop = 0")
        ann.screenshot(path=os.path.join(SHOTS, "screenshot-ffa.png"))
    table.act(ann, ann.locator("#seat-1 .slot[data-tid='slot:1:squad_leader']").click, "lend")
    for page in (ann, ben, cat, dan):
        lent = page.locator("#seat-1 .slot[data-tid='slot:1:squad_leader'] .card")
        assert lent.locator(".card-name").inner_text() == hero_name
        assert lent.locator(".chip.lent").inner_text() == "lent by Ann"
        assert page.locator("#news li[data-kind=lent]", has_text=f"Ann lent {hero_name} to Ben").count() == 1
    shot(ben, "ffa-lent-phone", full_page=False)
    finish_lending(table, ann)

    # Ben's turn, while Ann still picks her tech cards (R11). The hero went back to Ann.
    for page in (ann, ben, cat, dan):
        page.wait_for_function("() => document.body.dataset.active === '1'")
        assert page.locator("#seat-1 .chip.lent").count() == 0
    assert banner(ben).startswith("Your turn") and "Ann is still picking tech cards" in banner(ben)
    assert "Ann is still picking tech cards" in banner(dan)
    assert dan.locator("#seat-strip .seat-chip[data-seat='0'] .tech-tag").count() == 1
    assert table.tech(ann)
    table.hire(ben)
    assert table.summon(ben)
    table.end_main(ben)
    assert finish_lending(table, ben)  # his hero may be lent: he finishes without lending

    # Cat's turn: her first upkeep brought her a Mercenary token (R23).
    for page in (ann, ben, cat, dan):
        page.wait_for_function("() => document.body.dataset.active === '2'")
        assert page.locator("#news li[data-kind=mercenary]", has_text="Cat got 1 Mercenary token").count() == 1
        assert page.locator("#seat-2 .card[data-card=mercenary]").count() == 1
    shot(cat, "ffa-mercenary-desktop", full_page=False)
    assert table.tech(ben)
    table.hire(cat)
    assert table.summon(cat)
    table.end_main(cat)
    assert finish_lending(table, cat)

    # The round is over; Cat picks her tech cards during Ann's next turn.
    for page in (ann, ben, cat, dan):
        page.wait_for_function("() => document.body.dataset.active === '0' && document.body.dataset.phase === 'main'")
    assert table.tech(cat)
    assert {"hire", "summon", "end_main", "lend", "end_lending", "tech"} <= set(table.done)

    # Ann attacks with her hero: the targets are grouped by opponent, named.
    ann.keyboard.press("Escape")  # nothing selected (her hero still was, since she summoned it)
    ann.locator("#me-area .card.kind-hero.can-act").first.click()
    ann.locator("#inspector [data-action=attack]").click()
    panel = ann.locator("#targeting-panel")
    panel.wait_for()
    titles = panel.locator(".option-group-title .pname").all_inner_texts()
    assert titles == ["Ben", "Cat"], titles
    assert panel.locator(".option-group[data-group='2'] [data-option='base:2']").count() == 1
    shot(ann, "ffa-attack-desktop", full_page=False)
    table.act(ann, panel.locator(".option-group[data-group='2'] [data-option='base:2']").click, "attack")
    hurt = base_hp(dan, 2)
    assert hurt != "20/20"
    table.end_main(ann)
    finish_lending(table, ann)
    table.end_main(ben)
    finish_lending(table, ben)

    # Cat repairs her base: 3 gold for 1 HP (R24).
    for page in (ann, ben, cat, dan):
        page.wait_for_function("() => document.body.dataset.active === '2' && document.body.dataset.phase === 'main'")
    repair = cat.locator("#action-bar [data-action=repair]")
    assert repair.inner_text() == "Repair base: 3 gold → 1 HP"
    left = int(hurt.split("/")[0])
    table.act(cat, repair.click, "repair")
    for page in (ann, ben, cat, dan):
        assert base_hp(page, 2) == f"{left + 1}/20"
        assert page.locator("#seat-strip .seat-chip[data-seat='2'] .seat-hp").inner_text() == f"base {left + 1}/20"
    shot(cat, "ffa-repaired-desktop", full_page=False)
    shot(dan, "ffa-spectator")
    shot(ben, "ffa-phone-full")

    # The spectator never had a hand; every page got every version; nothing was refused.
    assert dan.locator("#hand-box").is_hidden() and dan.locator("#hand .card").count() == 0
    final = version(ann)
    for page in (ann, ben, cat, dan):
        wait_version(page, final)
        assert notice(page) == ""
        assert page.errors == [], page.errors
    for seat, got in [*frames.items(), (None, watcher_frames)]:
        assert set(range(final + 1)) <= check_frames(seat, got), seat
    match_id = int(match_url.rstrip("/").split("/")[-1])
    log = ann.context.request.get(f"{base}/api/matches/{match_id}/log/").json()
    assert log["version"] == final
    assert {a["seat"] for a in log["actions"]} == {0, 1, 2}

    crafted_frames(ben, match_url, final)

    # Ben concedes: his base falls; Ann has the highest base and wins.
    ben.click("#action-bar [data-action=concede]")
    question = ben.locator("#confirm-text").inner_text()
    assert (
        "base drops to 0 HP" in question
        and "ends the game for everyone" in question
        and "highest base wins" in question
    )
    table.act(ben, ben.locator("#confirm-yes").click, "concede")
    for page in (ann, ben, cat, dan):
        page.wait_for_function("() => document.body.dataset.status === 'finished'")
        page.locator("#result-dialog[open]").wait_for()
        assert page.locator("#result-bases li .pname").all_inner_texts() == ["Ann", "Cat", "Ben"]
        bases = page.locator("#result-bases li").all_inner_texts()
        assert "base 20/20 HP" in bases[0]
        assert page.locator("#result-bases li.winner .pname").all_inner_texts() == ["Ann"]
        assert f"base {left + 1}/20 HP" in bases[1] and "base 0/20 HP" in bases[2]
    assert ann.locator("#result-title").inner_text() == "You won!"
    assert cat.locator("#result-title").inner_text() == "You lost"
    assert dan.locator("#result-title").inner_text() == "Ann wins"
    # How it ended: Ben conceded (his base fell to 0 HP, which the engine's reason calls a destroyed
    # base: the result says who conceded); who won, for a player who lost.
    assert ann.locator("#result-text").inner_text() == dan.locator("#result-text").inner_text() == "Ben conceded."
    assert cat.locator("#result-text").inner_text() == "Ben conceded; Ann wins."
    assert ben.locator("#result-text").inner_text() == "You conceded; Ann wins."
    shot(dan, "ffa-result")
    for page in (ann, ben, cat, dan):
        assert page.errors == [], page.errors
    check_frames(None, watcher_frames)


def crafted_frames(player, match_url, at):
    """A second tab of seat 1 whose websocket is routed: after the real
    first state, frames made from it show what a round of play rarely
    brings: a prompt offering seats (R27), one offering several players'
    heroes (R14), free gold (R25), the final
    rounds (R28) and a shared win (R28's tie bound)."""
    route = {"ws": None, "first": None}

    def on_route(ws):
        server = ws.connect_to_server()
        route["ws"] = ws

        def to_page(message):
            if route["first"] is None and message.startswith('{"type":"state"'):
                route["first"] = json.loads(message)
            ws.send(message)

        server.on_message(lambda message: None if '"type":"pong"' in message else to_page(message))
        ws.on_message(lambda message: server.send(message) if '"type":"action"' not in message else None)

    page = player.context.new_page()
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    page.route_web_socket(re.compile(r".*/ws/match/.*"), on_route)
    page.goto(match_url)
    wait_version(page, at)
    real = route["first"]
    assert real["seat"] == 1

    def send(frame):
        frame["version"] = frame["version"] + 1
        route["ws"].send(json.dumps(frame))
        wait_version(page, frame["version"])
        return frame

    # "Choose an opponent": the options are seats; the page names the players.
    frame = json.loads(json.dumps(real))
    frame["view"]["prompt"] = {
        "seat": 1,
        "text": "Discord: choose an opponent.",
        "id": 99,
        "options": [0, 2],
        "count": 1,
        "optional": False,
    }
    frame["legal_actions"] = [{"type": "choose", "choice": [0]}, {"type": "choose", "choice": [2]}]
    frame = send(frame)
    options = page.locator("#prompt-panel [data-option]").all_inner_texts()
    assert options == ["Ann", "Cat"], options

    # A hero of either opponent gains two levels (R14): the heroes are grouped by player.
    heroes = {seat: next(c for c in frame["view"]["players"][seat]["play"] if c["kind"] == "hero") for seat in (0, 2)}
    frame["view"]["prompt"].update(
        text="Choose a hero to gain two levels.", id=100, options=[heroes[0]["iid"], heroes[2]["iid"]]
    )
    frame["legal_actions"] = [{"type": "choose", "choice": [h["iid"]]} for h in heroes.values()]
    frame = send(frame)
    groups = page.locator("#prompt-panel .option-group")
    assert groups.locator(".option-group-title .pname").all_inner_texts() == ["Cat", "Ann"]  # from Cat, who plays now
    assert groups.nth(0).locator("[data-option]").inner_text() == heroes[2]["name"]
    assert groups.nth(1).locator("[data-option]").inner_text() == heroes[0]["name"]

    # Scorch-like choice on Ben's turn: a unit Cat lent Ann says so (R26);
    # Ben's own base comes after the opponents' things.
    scorch = json.loads(json.dumps(frame))
    players = scorch["view"]["players"]
    lent = heroes[2]
    players[2]["play"] = [c for c in players[2]["play"] if c["iid"] != lent["iid"]]
    players[0]["play"].append(dict(lent, controller=0, lent_by=2))
    scorch["view"]["active"] = 1
    scorch["view"]["prompt"].update(
        text="Deal 2 damage to a base or a unit.", id=101, options=["base:1", lent["iid"], "base:0", "base:2"]
    )
    scorch["legal_actions"] = [{"type": "choose", "choice": [o]} for o in scorch["view"]["prompt"]["options"]]
    scorch = send(scorch)
    groups = page.locator("#prompt-panel .option-group")
    assert groups.locator(".option-group-title .pname").all_inner_texts() == ["Cat", "Ann", "Ben (you)"]
    assert groups.nth(1).locator("[data-option]").all_inner_texts() == [f"{lent['name']}, lent by Cat", "Base"]
    shot(page, "ffa-lent-target-phone", full_page=False)
    frame["version"] = scorch["version"]

    # Cat, whose turn it is, kills an opposing unit: free gold (R25) is announced and shown on her.
    assert frame["view"]["active"] == 2 and frame["view"]["players"][2]["free_gold"] == 0
    frame["view"]["players"][2]["free_gold"] = 1
    # ...as the engine's view tells it (game/codex/news.py); the page shows the view's news.
    gold = {"kind": "free-gold", "text": "Cat gained 1 free gold for opposing units killed (1 of 3 this turn)."}
    frame["view"]["news"] = [*frame["view"]["news"], gold]
    frame = send(frame)
    news = page.locator("#news li[data-kind=free-gold]").inner_text()
    assert news == "Cat gained 1 free gold for opposing units killed (1 of 3 this turn)."
    assert page.locator("#seat-2 .stat.free-gold b").inner_text() == "+1"
    title = page.locator("#seat-2 .stat.free-gold").get_attribute("title")
    assert title == "Gold gained this turn for opposing units killed (at most 3 a turn)"  # the view's cap (R25)

    # Cat's turn is over and Ann's waits for her tech choice (R11): the
    # ended turn's news, free gold and "new" marks are gone, though the
    # engine still counts that turn.
    waiting = json.loads(json.dumps(frame))
    waiting["view"].update(phase="tech", active=0, prompt=None, news=[])  # the engine's: no news in the gap
    waiting["legal_actions"] = []
    waiting["view"]["players"][2]["free_gold"] = 0
    waiting["view"]["players"][0]["free_gold"] = 2  # from Ann's own last turn
    for player in waiting["view"]["players"]:
        for card in player["play"]:
            card["arrived_this_turn"] = True
    waiting = send(waiting)
    assert page.locator("#news li").count() == 0 and page.locator("#news").is_hidden()
    assert page.locator(".stat.free-gold").count() == 0
    assert page.locator("#board .card.fresh").count() == 0
    assert page.locator("#board .chip", has_text=re.compile(r"^new$")).count() == 0
    frame["version"] = waiting["version"]

    # Ben (this page) conceded: the final rounds (R28), Ann and Cat tied, Cat still to play.
    frame["view"]["prompt"] = None
    frame["legal_actions"] = []
    frame["view"]["teams"] = [{"hp": 20, "damage": 4}, {"hp": 20, "damage": 20}, {"hp": 20, "damage": 4}]
    frame["view"]["final"] = {"tied": [0, 2], "order": [2], "round": 1, "tied_now": [0, 2]}
    frame["view"]["players"][1].update(conceded=True, tech_owed=False)
    frame = send(frame)
    news = page.locator("#news li[data-kind=final]").inner_text()
    assert news.startswith("Final turns: Ann and Cat are tied with 16 HP · Cat plays the last turn."), news
    assert page.locator("#seat-0 .tied-tag").count() == 1 and page.locator("#seat-2 .tied-tag").count() == 1
    assert page.locator("#seat-2 .final-tag").count() == 1
    # Out: marked on the seat strip and the area; no tech, no Concede; the page says so.
    assert banner(page).startswith("You conceded: you are out and take no more turns; you may keep watching.")
    assert page.locator("#seat-1 .conceded-tag").count() == 1
    assert page.locator("#seat-strip .seat-chip[data-seat='1'] .conceded-tag").count() == 1
    assert page.locator("#seat-1 .tech-tag, #seat-strip .seat-chip[data-seat='1'] .tech-tag").count() == 0
    assert page.locator("#action-bar [data-action=concede]").count() == 0 and page.locator("#tech-panel").count() == 0
    assert page.locator("#out-note").is_visible()
    shot(page, "ffa-conceded-phone", full_page=False)

    # Cat's last turn: Ann repaired to 15, Cat fell to 11: the standings of now, no tie tags.
    frame["view"]["teams"] = [{"hp": 20, "damage": 5}, {"hp": 20, "damage": 20}, {"hp": 20, "damage": 9}]
    frame["view"]["final"].update(order=[], tied_now=[])  # the engine's tie of now: none (freeforall.tied_now)
    frame = send(frame)
    news = page.locator("#news li[data-kind=final]").inner_text()
    assert news.startswith("Final turns: Ann leads with 15 HP, Cat 11 · Cat plays the last turn."), news
    assert page.locator(".tied-tag").count() == 0
    page.set_viewport_size({"width": 1366, "height": 900})
    shot(page, "ffa-final-standings-desktop", full_page=False)

    # Ann is away: Ben, still seated, may let a bot play for her; nobody is offered one for Ben, who is out.
    route["ws"].send(
        json.dumps(
            {
                "type": "presence",
                "id": None,
                "reclaimed": None,
                "seats": [
                    {"seat": 0, "away": True, "stand_in": False, "askable": True},
                    {"seat": 1, "away": True, "stand_in": False, "askable": True},
                    {"seat": 2, "away": False, "stand_in": False, "askable": False},
                ],
            }
        )
    )
    page.locator("#presence [data-stand-in='0']").wait_for()
    assert page.locator("#presence p").count() == 1

    # The same frames as a spectator reads them: the away line without any bot offer; names joined with "and".
    watching = json.loads(json.dumps(frame))
    watching["seat"] = None
    for seat in (0, 1):
        watching["view"]["players"][seat]["tech_owed"] = True  # Ben's is ignored: he is out
    watching = send(watching)
    assert page.locator("#presence").inner_text() == "Ann is away."
    assert page.locator("#presence [data-stand-in]").count() == 0
    assert "bot" not in (page.locator("#presence").inner_text() + banner(page)).lower()
    assert "Cat's turn — main phase · Ann is still picking tech cards · you are watching." == banner(page)
    joined = page.evaluate("""async () => {
        const { nameList } = await import('/static/js/common.js');
        return [nameList(['Dave']), nameList(['Dave', 'Alice']), nameList(['Dave', 'Alice', 'Erin']),
                nameList(['Ann', 'Ben', 'Cat'], 'or')];
    }""")
    assert joined == ["Dave", "Dave and Alice", "Dave, Alice and Erin", "Ann, Ben or Cat"]
    frame["version"] = watching["version"]

    # Still tied at the bound: the tied leaders share the win.
    frame["view"].update(status="finished", winner=None, winners=[0, 2], result_reason="tied bases")
    frame.update(status="finished", result={"winner": None, "winners": [0, 2], "reason": "tied bases"})
    send(frame)
    page.locator("#result-dialog[open]").wait_for()
    assert page.locator("#result-title").inner_text() == "You lost"
    assert (
        page.locator("#result-text").inner_text() == "The highest bases were tied; Ann and Cat win."
    )  # not the title again
    assert page.locator("#result-bases li .pname").all_inner_texts() == ["Ann", "Cat", "Ben"]
    assert page.locator("#result-bases li.winner").count() == 2
    assert page.errors == [], page.errors
    page.close()


def test_five_players_fit_on_a_desktop_and_a_phone(browser, live_server_url):
    """A 5-player free-for-all (set up over the REST API): every page shows
    all five players in turn order, the others around the viewer, without
    sideways scrolling on a 1366 px desktop or a 390 px phone."""
    base = live_server_url
    names = ("fay", "gus", "hal", "ivy", "jo")
    sizes = (DESKTOP, DESKTOP, DESKTOP, PHONE, DESKTOP)
    pages = [signup(browser, base, name, **size) for name, size in zip(names, sizes, strict=True)]
    table = api(pages[0], "POST", "/api/tables/", {"mode": "ffa", "seat_count": 5})
    heroes = ("troq_bashar", "river_montoya", "jaina_stormborne", "master_midori", "argagarg_garg")
    for index, (page, hero) in enumerate(zip(pages, heroes, strict=True)):
        if index:
            api(page, "POST", f"/api/tables/{table['id']}/join/", {"index": index})
        api(page, "PATCH", f"/api/tables/{table['id']}/seat/", {"heroes": [hero], "ready": True})
    match_id = api(pages[0], "POST", f"/api/tables/{table['id']}/start/")["match_id"]
    watcher = signup(browser, base, "kim", **PHONE)
    for page in (*pages, watcher):
        page.goto(f"{base}/match/{match_id}/")
    for page in (*pages, watcher):
        wait_version(page, 0)
        assert page.locator("#seat-strip .seat-chip").all_inner_texts()[0].startswith("Fay")
        assert page.locator("#seat-strip .seat-chip").count() == 5
        assert page.locator(".player-area").count() == 5
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "no sideways scrolling"
    # Around the table from Ivy (seat 3): Jo, Fay, Gus, Hal, then Ivy at the bottom.
    ivy = pages[3]
    assert ivy.locator("#opponents .player-area").evaluate_all("ns => ns.map(n => n.dataset.seat)") == [
        "4",
        "0",
        "1",
        "2",
    ]
    assert ivy.locator("#me-area .player-area").get_attribute("data-seat") == "3"
    # On the desktop the four others sit two by two.
    tops = (
        pages[0]
        .locator("#opponents .player-area")
        .evaluate_all("ns => ns.map(n => Math.round(n.getBoundingClientRect().top))")
    )
    assert tops[0] == tops[1] and tops[2] == tops[3] and tops[2] > tops[0], tops
    assert watcher.locator("#hand-box").is_hidden()
    shot(pages[0], "ffa5-desktop", full_page=False)
    shot(pages[0], "ffa5-desktop-full")
    shot(ivy, "ffa5-phone", full_page=False)
    shot(watcher, "ffa5-phone-spectator-full")
    for page in (*pages, watcher):
        assert page.errors == [], page.errors
