"""What the blue faction brings to the view, as the match page shows it, in
headless Chromium with crafted frames (the real first state of a 1v1 match
with a few fields changed, see test_match_controls.Crafted): an Illusion,
a copy (naming the card underneath), Reputable Newsman's named cost and a
silenced hero carry chips, named runes (insurance) show by name, a
tech building disabled by Injunction says so, a Jail shows its prisoner, an
opponent's hand revealed by Eyes of the Chancellor shows in their area, and
prompt options read as numbers (Reputable Newsman) and as piles of a named
player (Lawful Search), never as raw ids or as a seat's name."""

import pytest

from tests.browser.test_match_controls import card_in_play, crafted_match

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


@pytest.fixture(scope="module")
def crafted(browser, live_server_url):
    """Seat 0's page of a fresh 1v1 match, routed (see Crafted)."""
    yield from crafted_match(browser, live_server_url, "ada_blue", "ben_blue")


def chips(page, tid) -> list:
    return page.locator(f'#board [data-tid="{tid}"] .chip').all_inner_texts()


def test_illusions_silenced_heroes_runes_and_attachments_show_as_chips(crafted):
    page = crafted.page
    frame = crafted.frame()
    me, them = frame["view"]["players"]
    me["play"].append(card_in_play("c901", "mirror_illusion", "Mirror Illusion", illusion=True))
    me["play"].append(card_in_play("c902", "tenderfoot", "Tenderfoot", runes={"insurance": 1}))
    me["play"].append(card_in_play("c905", "tenderfoot", "Tenderfoot", crumbling=True))
    them["play"].append(
        card_in_play(
            "c903",
            "sirus_quince",
            "Sirus Quince",
            kind="hero",
            owner=1,
            controller=1,
            level=2,
            mid_level=4,
            max_level=7,
            silenced=True,
        )
    )
    me["play"].append(card_in_play("c904", "pillar_of_justice", "Pillar of Justice", kind="spell", attached_to="c902"))
    me["play"].append(
        card_in_play(
            "c906",
            "fruit_ninja",
            "Fruit Ninja",
            illusion=True,
            copy={"card": "mirror_illusion", "name": "Mirror Illusion"},
        )
    )
    me["play"].append(card_in_play("c907", "reputable_newsman", "Reputable Newsman", named_cost=0))
    crafted.send(frame)
    assert "copy · Mirror Illusion" in chips(page, "c906") and "illusion" in chips(page, "c906")
    assert "named 0" in chips(page, "c907")  # 0 is a cost like any other
    # The longest chip stays inside its tile (it wraps).
    spills = page.locator('#board [data-tid="c906"]').evaluate(
        "t => [...t.querySelectorAll('.chip')]"
        ".some(c => c.getBoundingClientRect().right > t.getBoundingClientRect().right + 1)"
    )
    assert not spills
    assert "illusion" in chips(page, "c901")
    assert "insurance ×1" in chips(page, "c902")
    assert "crumbling" in chips(page, "c905")
    assert "silenced" in chips(page, "c903")
    assert "on Tenderfoot" in chips(page, "c904")
    page.click('#board [data-tid="c903"]')
    live = page.locator("#inspector .live").inner_text()
    assert "silenced" in live, live
    page.keyboard.press("Escape")


def test_a_disabled_tech_building_and_a_jailed_unit_are_shown(crafted):
    page = crafted.page
    frame = crafted.frame()
    me, them = frame["view"]["players"]
    them["buildings"]["tech_2"] = {
        "id": "tech_2",
        "name": "Tech II Building",
        "damage": 0,
        "done": True,
        "hp": 5,
        "disabled": True,
    }
    me["play"].append(
        card_in_play(
            "c910",
            "jail",
            "Jail",
            kind="building",
            hp=3,
            atk=None,
            prisoner={"iid": "c911", "card": "iron_man", "name": "Iron Man"},
        )
    )
    crafted.send(frame)
    bld = page.locator('#board [data-tid="bld:1:tech_2"]')
    assert "disabled" in bld.inner_text()
    jail = page.locator('#board [data-tid="c910"]')
    assert "Iron Man" in jail.locator(".prisoner").inner_text()
    # The page says what the view carries, not the holder's card name (issue 28).
    assert jail.locator(".prisoner-label").text_content() == "held"
    assert "Jail" not in jail.locator(".prisoner").get_attribute("title")
    assert jail.locator(".card-stats .hp").inner_text() == "3"  # a building card shows its HP
    # The prisoner's name is whole on the tile (not cut).
    cut = jail.locator(".prisoner .card-name").evaluate("n => n.scrollWidth > n.clientWidth + 1")
    assert not cut


def test_an_opponents_revealed_hand_shows_in_their_area(crafted):
    page = crafted.page
    frame = crafted.frame()
    them = frame["view"]["players"][1]
    them["hand"] = [
        {"card": "iron_man", "name": "Iron Man", "kind": "unit", "cost": 2},
        {"card": "wrecking_ball", "name": "Wrecking Ball", "kind": "spell", "cost": 0},
    ]
    them["hand_revealed"] = True
    crafted.send(frame)
    area = page.locator("#seat-1 .revealed-hand")
    assert area.locator(".card").all_inner_texts() and "Iron Man" in area.inner_text()
    assert "Wrecking Ball" in area.inner_text()
    title = page.locator("#seat-1 .revealed-wrap .zone-title").text_content()
    assert "revealed" in title and "(2)" in title, title


def test_number_and_pile_prompts_read_as_numbers_and_piles(crafted):
    page = crafted.page
    frame = crafted.frame()
    view = frame["view"]
    view["prompt"] = {
        "seat": 0,
        "text": "Reputable Newsman: name a cost.",
        "id": 7,
        "options": [0, 1, 2, 3, 4, 5, 6],
        "count": 1,
        "optional": False,
    }
    frame["legal_actions"] = [{"type": "choose", "choice": [n]} for n in range(7)] + [{"type": "concede"}]
    crafted.send(frame)
    labels = page.locator("#prompt-panel [data-option]").all_inner_texts()
    assert labels == ["0", "1", "2", "3", "4", "5", "6"], labels
    page.click('#prompt-panel [data-option="2"]')
    assert crafted.actions()[-1] == {"type": "choose", "choice": [2]}
    crafted.answer()
    theirs = view["players"][1]["name"]
    view["prompt"] = {
        "seat": 0,
        "text": "Lawful Search: look at which pile?",
        "id": 8,
        "options": ["hand:1", "discard:1"],
        "count": 1,
        "optional": False,
    }
    frame["legal_actions"] = [
        {"type": "choose", "choice": ["hand:1"]},
        {"type": "choose", "choice": ["discard:1"]},
        {"type": "concede"},
    ]
    crafted.send(frame)
    labels = page.locator("#prompt-panel [data-option]").all_inner_texts()
    assert labels == [f"{theirs}'s hand", f"{theirs}'s discard pile"], labels
    # A prompt offering seats still reads as the players' names (Free Speech).
    view["prompt"] = {
        "seat": 0,
        "text": "Free Speech: choose an opponent to silence.",
        "id": 9,
        "options": [1],
        "count": 1,
        "optional": True,
    }
    frame["legal_actions"] = [{"type": "choose", "choice": [1]}, {"type": "choose", "choice": []}, {"type": "concede"}]
    crafted.send(frame)
    labels = page.locator("#prompt-panel [data-option]").all_inner_texts()
    assert labels == [theirs], labels
