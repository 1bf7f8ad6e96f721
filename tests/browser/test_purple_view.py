"""What the purple Present and Future cards bring to the match page, in
headless Chromium with crafted frames (the real first state of a 1v1 match
with a few fields changed, see test_match_controls.Crafted): a forecasted
card with an ability used from the future zone (Omegacron) shows its time
runes in words ("time ×6"), and selecting it offers the ability, which sends its action; a
player's pending Promise of Payment, debt and extra turns show as stats;
a keyword a unit has twice (Nullcraft's haste and Bloodbowl's) reads once,
without a count, while a fading unit's number stays."""

import pytest

from tests.browser.test_match_controls import card_in_play, crafted_match

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


@pytest.fixture(scope="module")
def crafted(browser, live_server_url):
    """Seat 0's page of a fresh 1v1 match, routed (see Crafted)."""
    yield from crafted_match(browser, live_server_url, "ada_purple", "ben_purple")


def test_a_forecasted_omegacron_offers_its_ability_from_the_future_zone(crafted):
    page = crafted.page
    frame = crafted.frame()
    me = frame["view"]["players"][0]
    me["future"] = [
        {
            "iid": "c930",
            "card": "omegacron",
            "name": "Omegacron",
            "time": 6,
            "abilities": [
                {
                    "text": "sacrifice a unit, hero, worker or upgrade: remove a time rune.",
                    "gold": 0,
                    "exhaust": False,
                    "sacrifice": False,
                }
            ],
        }
    ]
    frame["legal_actions"] = [{"type": "ability", "card": "c930", "ability": 0, "targets": []}, {"type": "concede"}]
    crafted.send(frame)
    tile = page.locator('#board [data-tid="c930"]')
    # In words, not an hourglass glyph: common Linux fonts (DejaVu, Liberation) have none and drew a box.
    assert tile.locator(".chip.rune.time").inner_text() == "time ×6"
    assert tile.locator(".chip.rune.time").get_attribute("title") == "6 time runes"
    tile.click()
    labels = page.locator("#inspector [data-action=ability]").all_inner_texts()
    assert labels == ["Sacrifice a unit, hero, worker or upgrade: remove a time rune"], labels
    page.click("#inspector [data-action=ability]")
    assert crafted.actions()[-1] == {"type": "ability", "card": "c930", "ability": 0, "targets": []}
    crafted.answer()
    page.keyboard.press("Escape")


def test_a_promise_a_debt_and_extra_turns_show_in_the_player_s_stats(crafted):
    page = crafted.page
    frame = crafted.frame()
    me, them = frame["view"]["players"]
    me["promised"] = True
    them["debt"] = 5
    them["extra_turns"] = 1
    crafted.send(frame)
    assert page.locator("#me-area .stat.promise b").inner_text() == "free"
    assert page.locator(".player-area.theirs .stat.debt b").inner_text() == "5 gold"
    assert page.locator(".player-area.theirs .stat.extra-turns b").inner_text() == "1"


def test_a_keyword_a_unit_has_twice_reads_without_a_count(crafted):
    """Found playing on Bloodbowl (haste for every unit): a Nullcraft, which
    has haste of its own, read "haste 2", as if haste had a size. Only the
    keywords with a number (fading 3, resist 2, ...) show one."""
    page = crafted.page
    frame = crafted.frame()
    me = frame["view"]["players"][0]
    me["play"].append(card_in_play("c970", "nullcraft", "Nullcraft", keywords={"flying": 1, "haste": 2}, time=0))
    me["play"].append(
        card_in_play("c971", "fading_argonaut", "Fading Argonaut", keywords={"fading": 3, "haste": 1}, time=2)
    )
    crafted.send(frame)
    assert page.locator('#board [data-tid="c970"] .chip.kw').all_inner_texts() == ["flying", "haste"]
    assert page.locator('#board [data-tid="c971"] .chip.kw').all_inner_texts() == ["fading 3", "haste"]


def test_on_vortoss_ruins_the_add_on_slot_shows_the_spec_the_map_s_tech_lab_unlocks(crafted):
    """Found playing a 3-hero match on Vortoss Ruins: the spec picked with the
    Tech II for the Tech Lab the map gives was shown nowhere (the board named
    a Tech Lab's spec only on a built Tech Lab)."""
    page = crafted.page
    frame = crafted.frame()
    frame["view"]["map"] = {"id": "vortoss_ruins", "name": "Vortoss Ruins", "rule": "(the rule)"}
    me = frame["view"]["players"][0]
    me["tech_lab_spec"] = "present"
    crafted.send(frame)
    addon = page.locator("#me-area .bld", has=page.locator(".bld-name", has_text="Add-on"))
    assert addon.locator(".bld-spec").inner_text() == "Present"
    assert "Vortoss Ruins" in addon.get_attribute("title")
