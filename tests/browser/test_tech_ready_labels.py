"""Whether each codex card's tech is met yet, in words, on the match page in
headless Chromium: the Cards tab and the tech panel say "TI · not yet. You
need a finished Tech I building." from the view's ``tech_waits`` (the
engine's tech_problem sentence, game.codex.specs.tech_waits).

A real 1v1 against a bot: at the start no tech building stands, so every
card of Troq Bashar's Bashing codex waits, in the Cards tab and in the tech
panel that opens once the first main phase ends (house rule R11). Then the
engine's own view of a position with a Tech I building (a game.rules
scenario) fed to a routed page (test_match_controls.Crafted): the tech I
cards read "tech met", the tech II ones still wait. The label wraps inside
the Cards tab instead of running past it."""

import os

import pytest

from game.codex import catalog
from game.rules import view as engine_view
from tests.browser.test_match_controls import crafted_match
from tests.browser.test_match_page import DESKTOP, SHOTS, end_main, signup, start_against_bots, wait_version
from tests.rules.helpers import scenario_game

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

NEED_1 = "TI · not yet. You need a finished Tech I building."
NEED_2 = "TII · not yet. You need a finished Tech II building."


def cards_tab_meta(page) -> dict:
    """``{card id: meta line}`` of the codex cards in the Cards tab."""
    page.click("#codex-tab")
    rows = page.locator("#codex .codex-list[data-spec] li[data-card]")
    rows.first.wait_for()
    return dict(
        zip(
            rows.evaluate_all("rs => rs.map((r) => r.dataset.card)"),
            rows.locator(".meta").all_inner_texts(),
            strict=True,
        )
    )


def metas_inside_the_tab(page) -> bool:
    """No meta line of the Cards tab runs past its list's right edge."""
    return page.locator("#codex").evaluate(
        "box => [...box.querySelectorAll('.codex-list li')].every((li) => {"
        " const m = li.querySelector('.meta'); return !m"
        " || m.getBoundingClientRect().right <= li.getBoundingClientRect().right + 1; })"
    )


def shoot(page, name):
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"))


def test_a_real_match_says_each_codex_card_waits_for_its_tech_building(browser, live_server_url):
    page = signup(browser, live_server_url, "techwait", **DESKTOP)
    match_id = start_against_bots(page, "1hero", 1)
    page.goto(f"{live_server_url}/match/{match_id}/")
    wait_version(page, 0)
    page.wait_for_function("() => document.body.dataset.active === '0'")
    meta = cards_tab_meta(page)
    assert meta["iron_man"].endswith(NEED_1), meta["iron_man"]  # Bashing tech I; no tech building yet
    assert meta["hired_stomper"].endswith(NEED_2), meta["hired_stomper"]
    for card_id, line in meta.items():  # the codex: tech I to III cards, and spells (a hero, not tech)
        assert ("not yet" in line) == (catalog.card(card_id)["kind"] != "spell"), (card_id, line)
    assert metas_inside_the_tab(page)
    shoot(page, "tech-waits-cards-tab")
    end_main(page)
    panel = page.locator("#tech-panel")
    panel.wait_for()  # the first tech choice, after the first turn (R11)
    label = panel.locator("button[data-codex=iron_man]").inner_text()
    assert label.startswith("Iron Man · ") and label.endswith(NEED_1), label
    shoot(page, "tech-waits-tech-panel")
    assert page.errors == [], page.errors
    page.context.close()


@pytest.fixture(scope="module")
def crafted(browser, live_server_url):
    """Seat 0's page (Troq Bashar) of a fresh 1v1 match, routed (see Crafted)."""
    yield from crafted_match(browser, live_server_url, "tia_tech", "ted_tech")


def test_with_a_tech_i_building_its_cards_read_tech_met_and_tech_ii_still_waits(crafted):
    s = scenario_game([{"buildings": {"tech_1": True}, "workers": 6}])  # seat 0: Troq Bashar, Tech I done
    mine = engine_view(s, 0)["players"][0]
    assert "iron_man" not in mine["tech_waits"] and mine["tech_waits"]["hired_stomper"]
    frame = crafted.frame()
    me = frame["view"]["players"][0]
    for key in ("codex", "tech_waits", "buildings"):
        me[key] = mine[key]
    frame["legal_actions"] = [{"type": "tech", "cards": ["iron_man", "hired_stomper"]}, {"type": "concede"}]
    crafted.send(frame)
    page = crafted.page
    label = page.locator("#tech-panel button[data-codex=iron_man]").inner_text()
    assert label.startswith("Iron Man · ") and label.endswith("TI · tech met"), label
    assert page.locator("#tech-panel button[data-codex=hired_stomper]").inner_text().endswith(NEED_2)
    meta = cards_tab_meta(page)
    assert meta["iron_man"].endswith("TI · tech met") and meta["hired_stomper"].endswith(NEED_2), meta
    assert metas_inside_the_tab(page)
    shoot(page, "tech-met-cards-tab")
