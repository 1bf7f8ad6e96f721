"""What the black and white factions bring to the board, as the match page
shows it, in headless Chromium: the page of a real 1v1 match is fed crafted
frames (test_match_controls.Crafted) whose cards in play are the engine's
own view of positions built through real actions (game.rules scenarios), so
the page renders exactly the fields the server sends.

Checked: a hero made a Demon (Metamorphosis), the gold to attack Setsuki
Hiruki and Morningstar Pass, focus and sword runes (with what they do),
a subtype an effect gave (Fox's Den School: Ninja), the sworn oath
(Oathkeeper of Kor Mountain), no levels this turn (Nether Drain), spar only
(Sparring Partner) and Terras Q's Warlocks carry chips that stay inside
their tiles; a Graveyard lists its buried units, and its prompt offers them
by name, highlighted on the board; the attack choice says what a taxed
target costs; Plague Lab's rune kinds read as runes; a base hit for more
than it had left shows 0."""

import json
import re

import pytest

from game.rules import view as engine_view
from tests.browser.test_match_controls import Crafted, card_in_play, crafted_match
from tests.browser.test_match_page import DESKTOP, SHOTS, signup
from tests.rules.cards.black.common import ALL_TECH, TROQ, VANDY, hero
from tests.rules.cards.black.common import game as black_game
from tests.rules.helpers import act, choose, find, play_card, scenario_game, use_ability

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


@pytest.fixture(scope="module")
def crafted(browser, live_server_url):
    """Seat 0's page of a fresh 1v1 match, routed (see Crafted)."""
    yield from crafted_match(browser, live_server_url, "ada_bw", "ben_bw")


def engine_cards(state, tags, offset):
    """The engine's view (a spectator's) of the cards tagged ``tags`` in
    ``state``, as {tag: entry}, every card id ``cN`` renumbered ``c{N+offset}``
    so it can't meet an id of the page's real match."""
    wanted = {find(state, t): t for t in tags}
    out = {}
    for p in engine_view(state, None)["players"]:
        for c in p["play"]:
            if c["iid"] in wanted:
                text = re.sub(r'"c(\d+)"', lambda m: f'"c{int(m.group(1)) + offset}"', json.dumps(c))
                out[wanted[c["iid"]]] = json.loads(text)
    return out


def renumber(iid, offset):
    return f"c{int(iid[1:]) + offset}"


def chips(page, tid) -> list:
    return page.locator(f'#board [data-tid="{tid}"] .chip').all_inner_texts()


def chip_title(page, tid, text) -> str:
    return page.locator(f'#board [data-tid="{tid}"] .chip', has_text=text).first.get_attribute("title")


def no_chip_spills(page, tid) -> bool:
    return not page.locator(f'#board [data-tid="{tid}"]').evaluate(
        "t => [...t.querySelectorAll('.chip')]"
        ".some(c => c.getBoundingClientRect().right > t.getBoundingClientRect().right + 1)"
    )


def black_position():
    """Seat 0 (Vandy) made a Demon by Metamorphosis, beside Terras Q and his
    Warlocks (given to seat 1)."""
    s = black_game(
        {
            "hand": ["metamorphosis", "terras_q_the_shackled"],
            "gold": 20,
            "buildings": ALL_TECH,
            "play": [hero("vandy_anadrose", 5, id="v"), {"card": "zombie", "id": "z"}],
        },
        {"play": [TROQ]},
        heroes=VANDY,
    )
    s = play_card(s, 0, "metamorphosis")
    s = play_card(s, 0, "terras_q_the_shackled")
    return s


def white_position():
    """Seat 1 has Setsuki (off patrol) and Morningstar Pass; seat 0 a
    Sparring Partner readied to spar."""
    s = scenario_game(
        [
            {
                "gold": 2,
                "play": [
                    {"card": "grave_stormborne", "id": "g0"},
                    {"card": "sparring_partner", "id": "sp"},
                    {"card": "tenderfoot", "id": "a"},
                ],
            },
            {"play": [{"card": "setsuki_hiruki", "id": "set"}, {"card": "morningstar_pass", "id": "pass"}]},
        ],
        heroes=("grave_stormborne", "setsuki_hiruki"),
    )
    sp = find(s, "sp")
    s = use_ability(s, 0, sp, 0, [find(s, "a")])
    s = use_ability(s, 0, sp, 1)
    return s


def test_black_and_white_marks_show_as_chips_inside_their_tiles(crafted):
    page = crafted.page
    frame = crafted.frame()
    me, them = frame["view"]["players"]
    black = black_position()
    vandy = engine_cards(black, ["v"], 7000)["v"]
    terras_iid = next(i for i in black["players"][0]["play"] if black["cards"][i]["card"] == "terras_q_the_shackled")
    terras = next(c for c in engine_view(black, None)["players"][0]["play"] if c["iid"] == terras_iid)
    terras["iid"] = renumber(terras_iid, 7000)
    me["play"] += [vandy, terras]
    white = white_position()
    cards = engine_cards(white, ["sp", "set", "pass"], 8000)
    me["play"].append(cards["sp"])
    them["play"] += [cards["set"], cards["pass"]]
    crafted.send(frame)
    assert "demon" in chips(page, vandy["iid"])
    assert "shackled · 4 tokens" in chips(page, terras["iid"])
    assert "spar only" in chips(page, cards["sp"]["iid"])
    assert "attack costs 1 gold" in chips(page, cards["set"]["iid"])
    assert "attack costs 1 gold" in chips(page, cards["pass"]["iid"])
    assert "without the gold, no attack" in chip_title(page, cards["set"]["iid"], "attack costs")
    for c in (vandy, terras, cards["sp"], cards["set"], cards["pass"]):
        assert no_chip_spills(page, c["iid"]), c["name"]
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/black-white-marks.png", full_page=True)
    page.click(f'#board [data-tid="{cards["set"]["iid"]}"]')
    assert "attacking it costs an opponent 1 gold" in page.locator("#inspector .live").inner_text()
    page.keyboard.press("Escape")


def test_runes_subtypes_oath_and_no_levels_show_as_chips(crafted):
    page = crafted.page
    frame = crafted.frame()
    me, them = frame["view"]["players"]
    s = scenario_game(
        [
            {
                "gold": 20,
                "hand": ["focus_master"],
                "buildings": ALL_TECH,
                "play": [
                    {"card": "grave_stormborne", "id": "grave", "level": 6},
                    {"card": "fox_s_den_school", "id": "school"},
                    {"card": "tenderfoot", "id": "ninja"},
                ],
            },
            {},
        ],
        heroes=("grave_stormborne", "troq_bashar"),
    )
    s = act(s, 0, {"type": "level_up", "hero": find(s, "grave"), "levels": 1})  # max band: a sword rune
    s = use_ability(s, 0, find(s, "school"), 0, [find(s, "ninja")])  # a Ninja now
    s = play_card(s, 0, "focus_master")
    mine = {c["card"]: c for c in engine_view(s, None)["players"][0]["play"]}
    sworn = scenario_game(
        [
            {
                "gold": 7,
                "hand": ["oathkeeper_of_kor_mountain"],
                "buildings": ALL_TECH,
                "play": [{"card": "garus_rook"}],
            },
            {},
        ],
        heroes=("garus_rook", "troq_bashar"),
    )
    sworn = play_card(sworn, 0, "oathkeeper_of_kor_mountain")
    sworn = choose(sworn, 0, "skip my draw/discard phase")
    mine.update(
        (c["card"], c)
        for c in engine_view(sworn, None)["players"][0]["play"]
        if c["card"] == "oathkeeper_of_kor_mountain"
    )
    drained = black_game(
        {"hand": ["nether_drain"], "gold": 5, "play": [hero("garth_torken", 2)]}, {"play": [hero("troq_bashar", 4)]}
    )
    drained = play_card(drained, 0, "nether_drain", [find(drained, "troq_bashar"), find(drained, "garth_torken")])
    troq = engine_cards(drained, ["troq_bashar"], 9000)["troq_bashar"]
    for i, card in enumerate(("grave_stormborne", "tenderfoot", "focus_master", "oathkeeper_of_kor_mountain")):
        mine[card]["iid"] = f"c{7100 + i}"
        me["play"].append(mine[card])
    them["play"].append(troq)
    crafted.send(frame)
    grave, ninja, focus, oath = (
        mine[c]["iid"] for c in ("grave_stormborne", "tenderfoot", "focus_master", "oathkeeper_of_kor_mountain")
    )
    assert "sword ×1" in chips(page, grave)
    assert "may remove one to destroy a unit or hero" in chip_title(page, grave, "sword")
    assert "focus ×3" in chips(page, focus)
    assert "exactly lethal" in chip_title(page, focus, "focus")
    assert "ninja" in chips(page, ninja)
    assert "oath: skip my draw/discard phase" in chips(page, oath)
    assert "no levels this turn" in chips(page, troq["iid"])
    for tid in (grave, ninja, focus, oath, troq["iid"]):
        assert no_chip_spills(page, tid), tid
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/black-white-chips.png", full_page=True)


def test_a_graveyard_lists_its_buried_units_and_its_prompt_offers_them_by_name(crafted):
    page = crafted.page
    frame = crafted.frame()
    me = frame["view"]["players"][0]
    s = black_game(
        {
            "hand": ["sacrifice_the_weak"],
            "gold": 5,
            "buildings": {"tech_1": True},
            "play": [hero("garth_torken"), {"card": "graveyard", "id": "g"}, {"card": "iron_man", "id": "iron"}],
        },
        {"play": [TROQ]},
    )
    s = play_card(s, 0, "sacrifice_the_weak")  # Iron Man is sacrificed: buried
    grave = engine_cards(s, ["g"], 7200)["g"]
    assert [b["name"] for b in grave["buried"]] == ["Iron Man"]  # the position is what the test says
    buried = grave["buried"][0]["iid"]
    me["play"].append(grave)
    frame["view"]["prompt"] = {
        "seat": 0,
        "text": "Graveyard: choose a buried unit to play.",
        "id": 11,
        "options": [buried],
        "count": 1,
        "optional": False,
    }
    frame["legal_actions"] = [{"type": "choose", "choice": [buried]}, {"type": "concede"}]
    crafted.send(frame)
    tile = page.locator(f'#board [data-tid="{grave["iid"]}"]')
    assert "buried 1" in tile.locator(".buried").text_content() and "Iron Man" in tile.locator(".buried").inner_text()
    labels = page.locator("#prompt-panel [data-option]").all_inner_texts()
    assert len(labels) == 1 and labels[0].startswith("Iron Man"), labels
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/graveyard-prompt.png", full_page=True)
    unit = page.locator(f'#board [data-tid="{buried}"]')
    assert "target" in unit.get_attribute("class")
    unit.click()
    if not crafted.actions():  # a pick may wait for its confirmation
        page.locator("#prompt-panel button.primary").first.click()
    assert crafted.actions()[-1] == {"type": "choose", "choice": [buried]}
    crafted.answer()


def test_the_attack_choice_says_what_a_taxed_target_costs(crafted):
    page = crafted.page
    frame = crafted.frame()
    me, them = frame["view"]["players"]
    white = white_position()
    cards = engine_cards(white, ["a", "set"], 8100)
    attacker = dict(cards["a"], exhausted=False, arrived_this_turn=False)
    me["play"].append(attacker)
    them["play"].append(cards["set"])
    frame["legal_actions"] = [
        {"type": "attack", "attacker": attacker["iid"], "target": cards["set"]["iid"]},
        {"type": "attack", "attacker": attacker["iid"], "target": "base:1"},
        {"type": "end_main"},
        {"type": "concede"},
    ]
    crafted.send(frame)
    page.click(f'#board [data-tid="{attacker["iid"]}"]')
    page.click('#inspector [data-action="attack"]')
    labels = page.locator("#targeting-panel [data-option]").all_inner_texts()
    assert any(label.startswith("Setsuki Hiruki") and label.endswith("· pay 1 gold") for label in labels), labels
    assert any(label.startswith("Base") and "gold" not in label for label in labels), labels
    page.locator("#targeting-panel button", has_text="Cancel").click()


def test_a_base_destroyed_by_more_damage_than_its_hp_shows_0_not_a_negative_number(crafted):
    """Seen at the end of a Two-Headed Dragon match played through the pages:
    the last attack dealt 2 more damage than the shared base had left, and
    its tile read -2/30 while the result dialog said 0/30."""
    page = crafted.page
    frame = crafted.frame()
    frame["view"]["teams"][1]["damage"] = frame["view"]["teams"][1]["hp"] + 2
    crafted.send(frame)
    hp = frame["view"]["teams"][1]["hp"]
    assert page.locator('#board [data-tid="base:1"] .bld-hp').inner_text() == f"0/{hp}"


def test_plague_labs_rune_choice_reads_as_runes(crafted):
    """Plague Lab asks which kind of rune a card gets: the engine offers
    the kinds ("plus", "minus", "time" or a named rune); the buttons read
    "+1/+1 rune" and "−1/−1 rune", not the bare words."""
    page = crafted.page
    frame = crafted.frame()
    frame["view"]["prompt"] = {
        "seat": 0,
        "text": "Plague Lab: which kind of rune does Tenderfoot get?",
        "id": 12,
        "options": ["plus", "minus", "time"],
        "count": 1,
        "optional": False,
    }
    frame["legal_actions"] = [{"type": "choose", "choice": [k]} for k in ("plus", "minus", "time")] + [
        {"type": "concede"}
    ]
    crafted.send(frame)
    labels = page.locator("#prompt-panel [data-option]").all_inner_texts()
    assert labels == ["+1/+1 rune", "−1/−1 rune", "time rune"], labels


def test_a_two_headed_dragon_target_choice_names_the_partner(browser, live_server_url):
    """Seen in the Two-Headed Dragon match played through the pages: a
    spell that may hit any unit (Deteriorate) listed the partner's units
    first, under the partner's bare name, and the first pick killed the
    partner's Bird. The partner's group now says "(partner)" and comes after
    the opponents' groups."""
    from tests.browser.test_match_page import api

    base = live_server_url
    users = [signup(browser, base, f"{n}_bw2t", **DESKTOP) for n in ("ana", "ari", "bo", "bea")]
    table = api(users[0], "POST", "/api/tables/", {"mode": "2hg", "is_public": False, "allow_spectators": False})
    api(users[0], "PATCH", f"/api/tables/{table['id']}/seat/", {"heroes": ["garth_torken"], "ready": True})
    for seat, hero_id in ((1, "garus_rook"), (2, "troq_bashar"), (3, "river_montoya")):
        api(users[seat], "POST", f"/api/tables/{table['id']}/join/", {"index": seat, "invite": table["invite_token"]})
        api(users[seat], "PATCH", f"/api/tables/{table['id']}/seat/", {"heroes": [hero_id], "ready": True})
    match_id = api(users[0], "POST", f"/api/tables/{table['id']}/start/")["match_id"]
    page = users[0].context.new_page()
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    crafted = Crafted(page, f"{base}/match/{match_id}/")
    frame = crafted.frame()
    players = frame["view"]["players"]
    for seat, iid in ((1, "c7301"), (2, "c7302"), (3, "c7303")):
        players[seat]["play"].append(card_in_play(iid, "tenderfoot", "Tenderfoot", owner=seat, controller=seat))
    frame["view"]["prompt"] = None
    frame["legal_actions"] = [{"type": "play", "card": "c7399", "targets": [t]} for t in ("c7301", "c7302", "c7303")]
    players[0]["hand"] = [
        {
            "iid": "c7399",
            "card": "deteriorate",
            "name": "Deteriorate",
            "kind": "spell",
            "cost": 2,
            "tax": 0,
            "effective_cost": 2,
        }
    ]
    frame["legal_actions"].append({"type": "concede"})
    crafted.send(frame)
    page.click('#hand [data-tid="c7399"]')
    page.click('#inspector [data-action="play"]')
    titles = page.locator("#targeting-panel .option-group-title .pname").all_inner_texts()
    partner = players[1]["name"]
    assert titles[-1] == f"{partner} (partner)", titles
    assert [t for t in titles[:-1]] == [players[2]["name"], players[3]["name"]], titles
    assert page.errors == [], page.errors
