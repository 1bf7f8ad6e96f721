"""What a newcomer's trial (a 1v1 against a bot and a 2v2 with a friend and
two bots, played through the pages) found on the match page, in headless Chromium with crafted frames (see
test_match_controls.Crafted): ending the main phase does not count units on
patrol as forgotten attackers; an attack that may only hit patrollers says
why; a codex card read in the tech panel comes into view on a laptop; a
base past 0 HP reads 0, not a negative number."""

import pytest

from tests.browser.test_match_controls import card_in_play, crafted_match

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

LAPTOP = {"viewport": {"width": 1280, "height": 720}}


@pytest.fixture(scope="module")
def crafted(browser, live_server_url):
    """Seat 0's page of a fresh 1v1 match at 1280x720, routed (see Crafted); its own users."""
    yield from crafted_match(browser, live_server_url, "trialmara", "trialjun", LAPTOP)


def test_units_put_on_patrol_are_not_forgotten_attackers(crafted):
    page = crafted.page
    frame = crafted.frame()
    me = frame["view"]["players"][0]
    me["gold"] = 0
    me["play"] += [
        card_in_play("c980", "older_brother", "Older Brother"),
        card_in_play("c981", "tenderfoot", "Tenderfoot"),
    ]
    me["patrol"]["squad_leader"] = "c980"
    frame["legal_actions"] = [
        {"type": "attack", "attacker": "c980", "target": "base:1"},
        {"type": "attack", "attacker": "c981", "target": "base:1"},
        {"type": "end_main"},
        {"type": "concede"},
    ]
    crafted.send(frame)
    page.click("#action-bar [data-action=end_main]")
    text = page.locator("#confirm-text").inner_text()
    assert "Tenderfoot" in text and "Older Brother" not in text and "1 unit or hero" in text
    page.click("#confirm-no")
    # Everything that could attack is on patrol: the phase ends without a question.
    me["patrol"]["elite"] = "c981"
    crafted.send(frame)
    before = len(crafted.actions())
    page.click("#action-bar [data-action=end_main]")
    page.wait_for_function("() => document.body.classList.contains('busy')")
    assert not page.locator("#confirm-dialog").evaluate("d => d.open")
    assert crafted.actions()[before:] == [{"type": "end_main"}]
    crafted.answer()


def test_an_attack_that_may_only_hit_the_squad_leader_says_why(crafted):
    page = crafted.page
    frame = crafted.frame()
    me, other = frame["view"]["players"]
    me["play"].append(card_in_play("c982", "older_brother", "Older Brother"))
    other["play"] += [
        card_in_play("c983", "tenderfoot", "Tenderfoot", owner=1, controller=1),
        card_in_play("c984", "older_brother", "Older Brother", owner=1, controller=1),
    ]
    other["patrol"]["squad_leader"] = "c983"
    frame["legal_actions"] = [
        {"type": "attack", "attacker": "c982", "target": "c983"},
        {"type": "end_main"},
        {"type": "concede"},
    ]
    crafted.send(frame)
    page.click("#me-area [data-tid=c982]")
    page.click("#inspector [data-action=attack]")
    note = page.locator("#target-note")
    assert note.is_visible() and "squad leader" in note.inner_text() and "Nothing else" in note.inner_text()
    page.keyboard.press("Escape")
    # With the base among the targets nothing needs explaining.
    frame["legal_actions"].insert(0, {"type": "attack", "attacker": "c982", "target": "base:1"})
    other["patrol"]["squad_leader"] = None
    crafted.send(frame)
    page.click("#me-area [data-tid=c982]")
    page.click("#inspector [data-action=attack]")
    assert page.locator("#targeting-panel").is_visible() and page.locator("#target-note").count() == 0
    page.keyboard.press("Escape")


def test_a_codex_card_read_in_the_tech_panel_comes_into_view_on_a_laptop(crafted):
    page = crafted.page
    frame = crafted.frame()
    me = frame["view"]["players"][0]
    codex = sorted(me["codex"])
    frame["legal_actions"] = [{"type": "tech", "cards": [codex[0], codex[1]]}, {"type": "concede"}]
    crafted.send(frame)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.click(f"#tech-panel [data-read={codex[-1]}]")
    box = page.locator("#tech-reading .card-text").bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 720


def test_a_base_past_zero_reads_zero(crafted):
    page = crafted.page
    frame = crafted.frame()
    frame["view"]["teams"][1]["damage"] = frame["view"]["teams"][1]["hp"] + 4
    crafted.send(frame)
    assert page.locator("#board [data-tid='base:1'] .bld-hp").inner_text() == f"0/{frame['view']['teams'][1]['hp']}"
