"""A whole 3-hero match with purple heroes on a random map, through the real
pages in headless Chromium (issue 16, "played by hand in the browser"): two
players sign up, one opens a 3-hero table with "random map" from the New
table form, the other takes the second seat from the lobby; each picks three
heroes (purple ones on both sides) and they play to a win by clicks only,
with the policy of tests/browser/test_black_white_matches.py (PlayTable)
choosing purple specs for Tech II and teching random codex cards.

- Prynn Pasternaak (Past), Max Geiger (Present) and Troq Bashar against
  Vir Garbarean (Future), Setsuki Hiruki and River Montoya.

Checked: the drawn map's card shows its name and rule on every page, the
same map the table shows in the lobby; no action is refused, no page raises
a script error, every chip stays inside its tile, and the match ends with a
winner every page shows. With CODEX_SCREENSHOTS set, screens are saved there
(docs/screenshot-purple-map.png is a copy of one of them)."""

import re

import pytest

from game.codex import maps
from tests.browser.test_black_white_matches import MARKS, PlayTable, finish, play_until_won, shoot, status
from tests.browser.test_match_page import DESKTOP, select, signup, wait_version
from tests.browser.test_three_hero_page import pick_three

pytestmark = [pytest.mark.browser, pytest.mark.timeout(2400)]

# The purple cards the players tech first (the rest at random): Promise of
# Payment (next card free, then a debt), Omegacron (forecast, an ability
# used from the future zone), Hive (Stingers) and Double Time (extra turns).
WANTED = ("promise_of_payment", "omegacron", "hive", "double_time")

PURPLE_SPECS = ("past", "present", "future")
# What purple brings to the board: time runes (fading, forecast), the future
# zone, Promise of Payment's free card and debt, Double Time's extra turns.
PURPLE_MARKS = MARKS + ", .chip.rune.time, .card.in-future, .stat.promise, .stat.debt, .stat.extra-turns"


class PurplePlayTable(PlayTable):
    """PlayTable teching the ``WANTED`` cards first while its codex has
    them, and using an ability a card in its future zone offers once a turn."""

    def tech(self, page) -> bool:
        panel = page.locator("#tech-panel")
        if not panel.is_visible():
            return False
        for card in WANTED:
            offered = panel.locator(f"button[data-codex={card}]:not([disabled])")
            if offered.count() and not panel.locator("[data-action=tech]").is_enabled():
                offered.click()
        return super().tech(page)

    def use_future(self, page) -> bool:
        """Use the first ability a card of this player's future zone offers."""
        for tid in page.locator("#me-area .card.in-future").evaluate_all("ns => ns.map(n => n.dataset.tid)"):
            select(page.locator(f"#me-area .card[data-tid='{tid}']"))
            ability = page.locator("#inspector [data-action=ability]:not([disabled])")
            if not ability.count():
                page.keyboard.press("Escape")
                continue
            if not ability.first.inner_text().endswith("…"):
                self.act(page, ability.first.click, "ability")
                return True
            ability.first.click()  # it asks for a target: this player's first option
            panel = page.locator("#targeting-panel")
            panel.wait_for()
            self.act(page, panel.locator("[data-option]").first.click, "ability")
            return True
        return False

    def summon(self, page) -> bool:
        """Table.summon, then a future zone's ability (the policy's steps)."""
        summoned = super().summon(page)
        if status(page) == "playing":
            self.use_future(page)
        return summoned


def test_a_three_hero_match_with_purple_heroes_on_a_random_map_to_a_win(browser, live_server_url):
    base = live_server_url
    ana = signup(browser, base, "ana_pm3", **DESKTOP)
    bo = signup(browser, base, "bo_pm3", **DESKTOP)
    cy = signup(browser, base, "cy_pm3", **DESKTOP)
    ana.select_option("#mode-select", "3hero")
    ana.select_option("#map-select", "random")
    ana.click("#create-table")
    mine = ana.locator(".table-card.mine")
    mine.wait_for()
    mine.locator(".table-meta", has_text="map: Random map").wait_for()
    table_id = mine.get_attribute("data-table")
    pick_three(ana, 0, ["prynn_pasternaak", "max_geiger", "troq_bashar"])
    card = bo.locator(f".table-card[data-table='{table_id}']")
    card.wait_for()
    card.locator("li[data-seat='1'] button.take").click()
    bo.locator(".table-card.mine li[data-seat='1'] .hero-picker").wait_for()
    pick_three(bo, 1, ["vir_garbarean", "setsuki_hiruki", "river_montoya"])
    ana.wait_for_function("() => !document.querySelector('.table-card.mine button.start').disabled")
    ana.locator(".table-card.mine button.start").click()
    for page in (ana, bo):
        page.wait_for_url(re.compile(r".*/match/\d+/$"))
    cy.goto(ana.url)
    names = {maps.map_info(m)["name"]: m for m in maps.map_ids()}
    shown = set()
    for page in (ana, bo, cy):
        wait_version(page, 0)
        card = page.locator("#map-card")
        card.wait_for()
        name = card.locator(".map-card-name").text_content()
        assert name in names, name
        assert card.locator(".map-card-rule").text_content() == maps.map_info(names[name])["rule"]
        shown.add(name)
    assert len(shown) == 1, shown
    print(f"random map drawn: {name}")  # the map is drawn by the server (secrets), not seeded
    shoot(ana, "purple-map-start-seat0")
    table = PurplePlayTable({0: ana, 1: bo}, cy, three_hero=True, seed=16, specs=PURPLE_SPECS)
    log = play_until_won(table, "3hero-purple", marks=PURPLE_MARKS)
    finish(table, "3hero-purple")
    assert status(cy) == "finished", log[-500:]
    assert "time rune" in log, "purple's time runes were at work"  # fading or forecast cards came into play
    for page in table.pages:  # time runes read in words on every tile
        chips = page.locator("#board .chip.rune.time").all_inner_texts()
        assert all(re.fullmatch(r"time ×\d+", c) for c in chips), chips
