"""Whole matches with black and white heroes through the real pages, in
headless Chromium (issue 15, "played by hand in the browser"): each player
is a browser context on the match page, a spectator watches, and every move
is a click on what the page offers (Table's simple policy: tech, hire,
summon, build, play what is playable, attack, patrol, end the main phase;
prompts take their first options) until one side wins.

- A 3-hero match: Vandy Anadrose (black), Grave Stormborne (white) and Troq
  Bashar against Setsuki Hiruki (white), Orpal Gloor (black) and River
  Montoya.
- A Two-Headed Dragon match: Garth Torken (black) and Garus Rook (white)
  against Troq Bashar and Jaina Stormborne.

Checked: no action is refused, no page raises a script error, the match
ends with a winner that every page shows; along the way every chip the
board draws stays inside its tile. With CODEX_SCREENSHOTS set, screens are
saved there (docs/screenshot-black-white.png and
docs/screenshot-2v2-black-white.png are copies of two of them)."""

import os
import random
import re

import pytest

from tests.browser.test_match_page import (
    DESKTOP,
    SHOTS,
    Table,
    pick_hero_and_ready,
    select,
    signup,
    version,
    wait_version,
)
from tests.browser.test_three_hero_page import pick_three

pytestmark = [pytest.mark.browser, pytest.mark.timeout(2400)]


def shoot(page, name):
    """Save the whole board (the window made as tall as the page, so the
    sticky banner stays at the top) when CODEX_SCREENSHOTS is set."""
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        size = page.viewport_size
        tall = page.evaluate("document.documentElement.scrollHeight")
        page.set_viewport_size({"width": size["width"], "height": max(size["height"], min(tall, 1800))})
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"))
        page.set_viewport_size(size)


def chips_spill(page) -> list:
    """The texts of chips on the board that stick out of their tile."""
    return page.evaluate("""() => [...document.querySelectorAll('#board .card .chip')].filter(c => {
        const t = c.closest('.card').getBoundingClientRect();
        return c.getBoundingClientRect().right > t.right + 1;
    }).map(c => c.textContent)""")


MARKS = ".chip.added, .chip.rune.named, .buried, .chip.status.wraps"


def status(page) -> str:
    return page.evaluate("document.body.dataset.status")


BLACK_WHITE_SPECS = ("demonology", "disease", "necromancy", "discipline", "ninjutsu", "strength")


class PlayTable(Table):
    """Table's policy, made to stop once the match is over, to pick every
    target a card asks for (an opponent's thing first), to tech random
    codex cards (tech II and III ones first), to build Tech II and III
    (choosing one of its specs when asked) and to level up heroes."""

    def __init__(self, players, watcher, three_hero=False, seed=15, specs=BLACK_WHITE_SPECS):
        super().__init__(players, watcher)
        self.three_hero = three_hero  # a Tech II asks for its spec
        self.specs = specs  # the specs a 3-hero Tech II prefers
        self.rng = random.Random(seed)

    def tech(self, page) -> bool:
        panel = page.locator("#tech-panel")
        if not panel.is_visible():
            return False
        confirm = panel.locator("[data-action=tech]")
        for _ in range(4):
            if confirm.is_enabled():
                break
            offered = panel.locator("button[data-codex]:not([disabled])")
            labels = offered.all_inner_texts()
            high = [i for i, text in enumerate(labels) if " · TII" in text or " · TIII" in text]
            offered.nth(self.rng.choice(high or range(len(labels)))).click()
        self.act(page, confirm.click, "tech")
        return True

    def build(self, page) -> bool:
        """Build the first of Tech I, II, III the page offers now; a 3-hero
        Tech II asks for its spec: one of ``specs`` when offered."""
        for building in ("tech_1", "tech_2", "tech_3"):
            button = page.locator(f"#action-bar [data-action=build][data-building={building}]:not([disabled])")
            if not button.count():
                continue
            if building != "tech_2" or not self.three_hero:
                self.act(page, button.click, "build")
                return True
            button.click()
            panel = page.locator("#targeting-panel")
            panel.wait_for()
            options = panel.locator("[data-option]")
            specs = options.evaluate_all("ns => ns.map(n => n.dataset.option)")
            pick = next((i for i, sp in enumerate(specs) if sp in self.specs), 0)
            self.act(page, options.nth(pick).click, "build")
            return True
        return False

    def level_up(self, page):
        """Level up each hero in play once when the page offers it."""
        ids = page.locator("#me-area .card.kind-hero.can-act:not(.in-command)").evaluate_all(
            "ns => ns.map(n => n.dataset.tid)"
        )
        for tid in ids:
            if status(page) != "playing":
                return
            select(page.locator(f"#me-area .card[data-tid='{tid}']"))
            level = page.locator("#inspector [data-action=level_up]")
            if level.count():
                self.act(page, level.first.click, "level_up")
            else:
                page.keyboard.press("Escape")

    def pick_target(self, page, panel):
        """The first option of an opponent's group, else the first option."""
        mine = set(
            page.evaluate("() => [...document.querySelectorAll('#me-area [data-seat]')].map(n => n.dataset.seat)")
        )
        for group in panel.locator(".option-group").all():
            if group.get_attribute("data-group") not in mine:
                return group.locator("[data-option]").first
        return panel.locator("[data-option]").first

    def act(self, page, click, kind):
        if status(page) != "playing":
            return version(page)
        return super().act(page, click, kind)

    def attack(self, page) -> bool:
        """Table.attack, stopping once an attack ends the match."""
        attacked = False
        ids = page.locator("#me-area .card.can-act:not(.in-command)").evaluate_all("ns => ns.map(n => n.dataset.tid)")
        for tid in ids:
            card = page.locator(f"#me-area .card[data-tid='{tid}']")
            if status(page) != "playing" or not card.count():
                break
            select(card)
            targets = page.locator("#opponents .target")
            if not targets.count():
                card.click()
                continue
            base = page.locator("#opponents .target[data-tid^='base:']")
            self.act(page, (base.first if base.count() else targets.first).click, "attack")
            attacked = True
        return attacked

    def patrol(self, page) -> bool:
        return status(page) == "playing" and super().patrol(page)

    def play(self, page) -> list:
        units = []
        for _ in range(8):
            card = page.locator("#hand .card.playable").first
            if status(page) != "playing" or not card.count():
                break
            is_unit = "kind-unit" in (card.get_attribute("class") or "")
            name = card.locator(".card-name").inner_text()
            select(card)
            play = page.locator("#inspector [data-action=play]").first
            if play.inner_text().endswith("…"):
                play.click()
                panel = page.locator("#targeting-panel")
                panel.wait_for()
                assert page.locator("#board .target, #hand .target").count() >= 1, "targets are highlighted"

                def pick_all(panel=panel):
                    before = version(page)
                    for _ in range(4):  # one pick per target the card asks for
                        if not panel.is_visible() or version(page) > before:
                            break
                        self.pick_target(page, panel).click()
                        page.wait_for_timeout(150)

                self.act(page, pick_all, "play")
            else:
                self.act(page, play.click, "play")
            if is_unit:
                units.append(name)
        return units


def play_until_won(table: PlayTable, label: str, max_rounds: int = 400, marks: str = MARKS) -> list:
    """Take turns on the pages whose End main phase button shows until the
    match ends; returns the log of the spectator's page. A screen is saved
    (see shoot) whenever the board shows a kind of ``marks`` not seen yet."""
    seen = set()
    for _ in range(max_rounds):
        if status(table.watcher) != "playing":
            break
        acted = False
        for seat, page in table.players.items():
            if status(page) != "playing":
                break
            table.tech(page)
            if not page.locator("#action-bar [data-action=end_main]").count():
                continue
            turn = int(page.locator("#turn").inner_text() or 0)
            table.tech(page)
            table.hire(page) if int(
                page.locator(f"#seat-{seat} .stat", has_text="workers").locator("b").inner_text()
            ) < 8 else None
            for step in (table.summon, table.build, table.level_up, table.play, table.attack):
                if status(page) != "playing":
                    break
                try:
                    step(page)
                except Exception:
                    shoot(page, f"{label}-failed-turn{turn}-seat{seat}")
                    raise
            if status(page) != "playing":
                break
            if turn >= 3:
                table.patrol(page)
            kinds = set(page.locator(marks).evaluate_all("ns => ns.map(n => n.className + ':' + n.textContent)"))
            if kinds - seen:
                shoot(page, f"{label}-turn{turn}-seat{seat}")
                seen |= kinds
            spills = chips_spill(page)
            assert not spills, spills
            if page.locator("#action-bar [data-action=end_main]").count():
                table.end_main(page)
            acted = True
        table.answer_prompts()
        if not acted:
            table.watcher.wait_for_timeout(200)
    return table.watcher.locator("#log").inner_text()


def finish(table: PlayTable, label: str):
    for page in table.pages:
        page.wait_for_function("() => document.body.dataset.status !== 'playing'")
        page.locator("#result-dialog[open]").wait_for()
    for seat, page in table.players.items():
        shoot(page, f"{label}-end-seat{seat}")
    for page in table.pages:
        assert page.errors == [], page.errors


def test_a_three_hero_match_with_black_and_white_heroes_to_a_win(browser, live_server_url):
    base = live_server_url
    ana = signup(browser, base, "ana_bw3", **DESKTOP)
    bo = signup(browser, base, "bo_bw3", **DESKTOP)
    cy = signup(browser, base, "cy_bw3", **DESKTOP)
    ana.select_option("#mode-select", "3hero")
    ana.click("#new-table button[type=submit]")
    mine = ana.locator(".table-card.mine")
    mine.wait_for()
    table_id = mine.get_attribute("data-table")
    pick_three(ana, 0, ["vandy_anadrose", "grave_stormborne", "troq_bashar"])
    card = bo.locator(f".table-card[data-table='{table_id}']")
    card.wait_for()
    card.locator("li[data-seat='1'] button.take").click()
    bo.locator(".table-card.mine li[data-seat='1'] .hero-picker").wait_for()
    pick_three(bo, 1, ["setsuki_hiruki", "orpal_gloor", "river_montoya"])
    ana.wait_for_function("() => !document.querySelector('.table-card.mine button.start').disabled")
    ana.locator(".table-card.mine button.start").click()
    for page in (ana, bo):
        page.wait_for_url(re.compile(r".*/match/\d+/$"))
    cy.goto(ana.url)
    for page in (ana, bo, cy):
        wait_version(page, 0)
    table = PlayTable({0: ana, 1: bo}, cy, three_hero=True)
    log = play_until_won(table, "3hero-bw")
    finish(table, "3hero-bw")
    assert " won" in log or "wins" in log or status(cy) == "finished", log[-500:]


def test_a_two_headed_dragon_match_with_a_black_and_a_white_hero_to_a_win(browser, live_server_url):
    base = live_server_url
    ana = signup(browser, base, "ana_bw2", **DESKTOP)
    ari = signup(browser, base, "ari_bw2", **DESKTOP)
    bo = signup(browser, base, "bo_bw2", **DESKTOP)
    bea = signup(browser, base, "bea_bw2", **DESKTOP)
    cy = signup(browser, base, "cy_bw2", **DESKTOP)
    ana.select_option("#mode-select", "2hg")
    ana.click("#new-table button[type=submit]")
    mine = ana.locator(".table-card.mine")
    mine.wait_for()
    table_id = mine.get_attribute("data-table")
    pick_hero_and_ready(ana, 0, "garth_torken")
    for page, seat, hero in ((ari, 1, "garus_rook"), (bo, 2, "troq_bashar"), (bea, 3, "jaina_stormborne")):
        card = page.locator(f".table-card[data-table='{table_id}']")
        card.wait_for()
        card.locator(f".team-seats[data-team='{seat // 2}'] li[data-seat='{seat}'] button.take").click()
        page.locator(f".table-card.mine li[data-seat='{seat}'] .hero-picker").wait_for()
        pick_hero_and_ready(page, seat, hero)
    ana.wait_for_function("() => !document.querySelector('.table-card.mine button.start').disabled")
    ana.locator(".table-card.mine button.start").click()
    for page in (ana, ari, bo, bea):
        page.wait_for_url(re.compile(r".*/match/\d+/$"))
    cy.goto(ana.url)
    for page in (ana, ari, bo, bea, cy):
        wait_version(page, 0)
    table = PlayTable({0: ana, 1: ari, 2: bo, 3: bea}, cy)
    log = play_until_won(table, "2v2-bw")
    finish(table, "2v2-bw")
    assert status(cy) == "finished", log[-500:]
