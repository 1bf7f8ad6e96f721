"""The C-23 board (static/js/c23board.js) in headless Chromium (issue 18): it
is fed the engine's own views and legal actions of real positions (game.c23
scenario configs, tests/c23/helpers.py) and must draw what they hold and send,
for each click, an action the engine accepts (checked by applying it)."""

import os

import pytest

from game.c23 import apply_action, legal_actions, view
from game.c23.cards import card as pool_card
from tests.browser.test_match_page import SHOTS
from tests.c23.helpers import act, find, names, scenario

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

FEED = """async ([view, legal, seat]) => {
  const m = await import('/static/js/c23board.js');
  window.sent = [];
  let root = document.getElementById('c23-test');
  if (!root) {
    root = document.createElement('div');
    root.id = 'c23-test';
    document.querySelector('main').prepend(root);
  }
  m.renderC23(root, view, {seat, legal, act: (a) => window.sent.push(a), busy: false});
}"""


def board_page(browser, url: str):
    """A module fixture's body: a fresh page at ``url`` to feed a board
    module (this one's, tests/browser/test_arcane_board.py); yields it,
    then checks it raised no script error."""
    context = browser.new_context()
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    page.goto(url)
    yield page
    assert page.errors == [], page.errors
    context.close()


@pytest.fixture(scope="module")
def page(browser, live_server_url):
    yield from board_page(browser, f"{live_server_url}/c23/how-to-play/")


def show(page, state, seat):
    page.evaluate(FEED, [view(state, seat), legal_actions(state, seat), seat])


def sent(page):
    return page.evaluate("window.sent")


def card(page, cid):
    return page.locator(f'#c23-board [data-cid="{cid}"]')


def test_resource_step_draws_zones_and_plays_a_resource(page):
    s = scenario(
        [
            {
                "hand": ["Cinder Vein", "Ashen Scout"],
                "resources": [{"card": "Forge Ember", "tapped": True}],
                "characters": ["Inferno Drake"],
                "discard": ["Ashen Scout"],
                "deck": ["Old Bough"] * 3,
            },
            {"hand": ["Tide Pool", "Tide Pool"], "characters": [{"card": "Storm Rider", "tapped": True}]},
        ],
        step="resource",
        turn=3,
    )
    show(page, s, 0)
    assert "own invention" in page.inner_text("#c23-origin")
    assert page.inner_text("#c23-status") == "Turn 3: Ana, resource step."
    me, bo = page.locator('.c23-player[data-seat="0"]'), page.locator('.c23-player[data-seat="1"]')
    assert me.locator(".deck-count").inner_text() == "Deck: 3"
    assert bo.locator(".hand-count").inner_text() == " · Hand: 2"
    assert bo.locator('[data-zone="hand"]').count() == 0  # a hidden hand: its count only
    assert me.locator('[data-zone="hand"] .c23-card').count() == 2
    rider = find(s, 1, "characters", "Storm Rider")
    assert card(page, rider).get_attribute("data-tapped") == "true"
    assert card(page, rider).locator(".power").inner_text() == "4"
    assert me.locator('[data-zone="discard"] .c23-card').inner_text().startswith("Ashen Scout")
    assert page.locator("#c23-log").count() == 0  # the page's log panel has the log, not the board (no copy)
    page.click('#c23-actions button:has-text("Play Cinder Vein as your resource")')
    vein = find(s, 0, "hand", "Cinder Vein")
    assert sent(page) == [{"type": "play_resource", "card": vein}]
    apply_action(s, 0, sent(page)[0])


def test_paying_with_chosen_resources(page):
    s = scenario([{"hand": ["Ashen Scout"], "resources": ["Cinder Vein", "Tide Pool", "Cinder Vein"]}, {}])
    show(page, s, 0)
    scout = find(s, 0, "hand", "Ashen Scout")
    second = find(s, 0, "resources", "Cinder Vein", 1)
    page.click(f'#c23-actions [data-pay-for="{scout}"]')
    assert page.is_disabled("#c23-pay-confirm")
    card(page, second).click()
    assert "chosen" in card(page, second).get_attribute("class")
    page.click("#c23-pay-confirm")
    assert sent(page) == [{"type": "play", "card": scout, "pay": [second]}]
    after = act(s, 0, sent(page)[0])
    assert after["cards"][second]["tapped"] and not after["cards"][find(s, 0, "resources", "Cinder Vein")]["tapped"]


def test_attack_block_combat_card_and_assign(page):
    s = scenario(
        [
            {"characters": ["Inferno Drake", "Ashen Scout"], "resources": ["Cinder Vein"], "hand": ["Battle Fury"]},
            {
                "characters": ["Coral Warden", "Storm Rider"],
                "resources": ["Tide Pool", "Tide Pool"],
                "hand": ["Riptide"],
            },
        ]
    )
    drake, scout = find(s, 0, "characters", "Inferno Drake"), find(s, 0, "characters", "Ashen Scout")
    warden, rider = find(s, 1, "characters", "Coral Warden"), find(s, 1, "characters", "Storm Rider")
    show(page, s, 0)
    assert page.is_disabled("#c23-attack")
    card(page, drake).click()
    page.click("#c23-attack")
    assert sent(page) == [{"type": "attack", "attackers": [drake]}]
    s = act(s, 0, sent(page)[0])
    # The defender: both characters block the Drake.
    show(page, s, 1)
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "c23-board-block.png"), full_page=True)
    assert "block" in page.inner_text("#c23-prompt").lower()
    assert "attacking" in card(page, drake).get_attribute("class")
    card(page, warden).click()
    card(page, drake).click()
    card(page, rider).focus()
    page.keyboard.press("Enter")  # a tile also answers the keyboard
    card(page, drake).click()
    assert page.inner_text("#c23-block") == "Block with 2"
    page.click("#c23-block")
    assert sent(page) == [{"type": "block", "blocks": {warden: drake, rider: drake}}]
    s = act(s, 1, sent(page)[0])
    # Step C: the defender plays Riptide on the Drake, the attacker answers with Battle Fury.
    show(page, s, 1)
    riptide = find(s, 1, "hand", "Riptide")
    # A combat card's button says whose unit it goes on, even for a name seen once (the tester's
    # "whose side does it help?"); the combat panel says it too, and on which side that unit fights.
    attacker_name = s["players"][0]["name"]
    page.click(
        f'#c23-actions button[data-card="{riptide}"]:text-is("Play Riptide on {attacker_name}\'s Inferno Drake")'
    )
    assert sent(page) == [{"type": "combat_card", "card": riptide, "target": drake}]
    s = act(s, 1, sent(page)[0])
    show(page, s, 1)
    assert f"{attacker_name}'s Inferno Drake (attacking): -2 power this combat" in page.inner_text("#c23-combat")
    show(page, s, 0)
    assert "Your Inferno Drake (attacking): -2 power this combat" in page.inner_text("#c23-combat")
    assert card(page, drake).locator(".power").inner_text() == "4 (6)"
    page.click('#c23-actions button:has-text("No combat card")')
    assert sent(page) == [{"type": "pass"}]
    s = act(s, 0, sent(page)[0])
    # Step D: the attacker picks which blockers the Drake knocks out (power 4: 3 or 4, not both).
    show(page, s, 0)
    labels = page.locator('#c23-actions button[data-action="assign"]').all_inner_texts()
    assert "Knock out Storm Rider" in labels and "Knock out Coral Warden" in labels
    page.click('#c23-actions button:has-text("Knock out Storm Rider")')
    assert sent(page) == [{"type": "assign", "discard": [rider]}]
    s = act(s, 0, sent(page)[0])
    assert [s["cards"][c]["card"] for c in s["players"][1]["characters"]] == ["Coral Warden"]
    assert s["players"][0]["characters"] == [scout]


def test_three_players_reveal_and_counts(page):
    s = scenario(
        [{"hand": ["Ashen Scout"]}, {"hand": ["Tide Pool"], "deck": ["Old Bough"]}, {"hand": ["Old Bough"] * 3}],
        step="main",
    )
    show(page, s, 2)
    seats = page.locator(".c23-player").evaluate_all("els => els.map(e => e.dataset.seat)")
    assert seats == ["0", "1", "2"]  # the viewer (seat 2) last
    assert page.locator('.c23-player[data-seat="1"] .deck-count').inner_text() == "Deck: 1"
    assert page.locator('.c23-player[data-seat="0"] [data-zone="hand"]').count() == 0
    page.click('#c23-actions button[data-action="reveal_hand"]')
    assert sent(page) == [{"type": "reveal_hand"}]
    s = act(s, 2, sent(page)[0])
    show(page, s, 0)
    assert "hand shown" in page.inner_text('.c23-player[data-seat="2"]')
    assert page.locator('.c23-player[data-seat="2"] [data-zone="hand"] .c23-card').count() == 3
    page.click('#c23-actions button[data-action="end_turn"]')
    assert sent(page) == [{"type": "end_turn"}]


def test_the_match_page_hands_a_c23_view_to_the_board(browser, live_server_url):
    """match.js's switch on view.game: a real match page fed a C-23 frame
    draws the C-23 board and sends its clicks as the page's actions (with
    the frame's version and a nonce)."""
    from tests.browser.test_match_controls import Crafted
    from tests.browser.test_match_page import DESKTOP, signup, start_private_1v1

    ada = signup(browser, live_server_url, "ada_c23", **DESKTOP)
    ben = signup(browser, live_server_url, "ben_c23", **DESKTOP)
    match_id = start_private_1v1(ada, ben)
    page = ada.context.new_page()
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    crafted = Crafted(page, f"{live_server_url}/match/{match_id}/")
    frame = crafted.frame()
    seat = frame["seat"]
    layout = [{}, {}]
    layout[seat] = {"hand": ["Cinder Vein"]}
    s = scenario(layout, active=seat, step="resource", names=["Ada_C23", "Ben_C23"])
    frame["view"] = view(s, seat)
    frame["legal_actions"] = legal_actions(s, seat)
    crafted.send(frame)
    assert page.locator("#board #c23-board").count() == 1
    assert page.is_hidden("#hand-box")
    assert page.inner_text("#c23-status") == f"Turn 1: {s['players'][seat]['name']}, resource step."
    page.click('#c23-actions button[data-action="play_resource"]')
    vein = find(s, seat, "hand", "Cinder Vein")
    assert crafted.actions() == [{"type": "play_resource", "card": vein}]
    message = [m for m in crafted.sent if m.get("type") == "action"][0]
    assert message["version"] == crafted.version and message["nonce"]
    # The server applies it; the next version comes: the board moves on to the main step.
    crafted.answer()
    s = act(s, seat, crafted.actions()[0])
    frame["view"] = view(s, seat)
    frame["legal_actions"] = legal_actions(s, seat)
    crafted.send(frame)
    assert page.inner_text("#c23-status") == f"Turn 1: {s['players'][seat]['name']}, main step."
    assert page.locator(f'#c23-board [data-zone="resources"] [data-cid="{vein}"]').count() == 1
    page.click('#c23-actions button[data-action="end_turn"]')
    assert crafted.actions()[-1] == {"type": "end_turn"}
    assert page.errors == [], page.errors
    ada.context.close()
    ben.context.close()


def test_a_spectator_sees_counts_only_and_a_finished_game(page):
    s = scenario(
        [{"hand": ["Ashen Scout"], "characters": ["Flame Runner"]}, {"hand": ["Tide Pool"], "deck": ["Old Bough"]}],
        step="main",
    )
    show(page, s, None)
    assert page.locator('[data-zone="hand"]').count() == 0
    assert page.locator("#c23-actions button").count() == 0  # nothing to do, not even conceding
    assert page.locator('.c23-player[data-seat="1"] .deck-count.low').inner_text() == "Deck: 1"
    runner = find(s, 0, "characters", "Flame Runner")
    assert card(page, runner).get_attribute("title") == pool_card("Flame Runner")["text"]
    s = act(s, 1, {"type": "concede"})
    show(page, s, None)
    assert page.inner_text("#c23-status") == "Ana wins: Bo conceded."  # the reason in words, not "concede", naming who


def test_conceding_asks_first(page):
    s = scenario([{}, {}], step="main")
    show(page, s, 1)
    page.click("#c23-concede")
    assert sent(page) == []
    page.click("#c23-concede-no")
    page.click("#c23-concede")
    # Another player acts while the question is open (a new log line): the
    # question stays; before, each move of the others closed it again.
    s = act(s, 0, next(a for a in legal_actions(s, 0) if a["type"] != "concede"))
    show(page, s, 1)
    page.click("#c23-concede-yes", timeout=2000)
    assert sent(page) == [{"type": "concede"}]
    assert act(s, 1, sent(page)[0])["winner"] == 0


IN_SIGHT = """() => { const r = document.getElementById('c23-actions').getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight; }"""


def test_a_question_brings_its_answers_into_sight_once(page):
    """The session-9 tester, at 1280x720, was asked for a combat card with the
    answers 350 px below the fold: a question for the viewer scrolls its
    controls into sight once, not again on a re-render of the same question."""
    s = scenario(
        [
            {"characters": ["Inferno Drake"], "resources": ["Cinder Vein"]},
            {"characters": ["Coral Warden"], "resources": ["Tide Pool", "Tide Pool"], "hand": ["Riptide"]},
        ]
    )
    s = act(s, 0, {"type": "attack", "attackers": [find(s, 0, "characters", "Inferno Drake")]})
    s = act(s, 1, {"type": "block", "blocks": {}})
    assert s["prompt"] and s["prompt"]["seat"] == 1, s["prompt"]
    page.set_viewport_size({"width": 1280, "height": 360})
    page.evaluate("window.scrollTo(0, 0)")
    show(page, s, 1)
    assert page.evaluate(IN_SIGHT)
    page.evaluate("window.scrollTo(0, 0)")
    show(page, s, 1)  # the same question again: the page stays where the player put it
    assert page.evaluate("window.scrollY") == 0
    page.set_viewport_size({"width": 1280, "height": 720})


def test_a_question_on_a_fresh_page_scrolls_its_answers_into_sight_once_styled(browser, live_server_url):
    """A page opened (or reloaded) during a question: the board's stylesheet
    loads after the first render, so the scroll waits for it (the first try
    scrolled to where the unstyled, shorter board had the controls)."""
    s = scenario(
        [
            {"characters": ["Inferno Drake"], "resources": ["Cinder Vein"], "hand": ["Battle Fury"]},
            {"characters": ["Coral Warden"], "resources": ["Tide Pool", "Tide Pool"], "hand": ["Riptide"]},
        ]
    )
    drake = find(s, 0, "characters", "Inferno Drake")
    s = act(s, 0, {"type": "attack", "attackers": [drake]})
    s = act(s, 1, {"type": "block", "blocks": {}})
    s = act(s, 1, {"type": "combat_card", "card": find(s, 1, "hand", "Riptide"), "target": drake})
    assert s["prompt"]["seat"] == 0
    for fresh in board_page(browser, f"{live_server_url}/c23/how-to-play/"):
        fresh.set_viewport_size({"width": 1280, "height": 720})
        show(fresh, s, 0)
        fresh.wait_for_function(IN_SIGHT, timeout=5000)


def test_three_players_opponent_and_target_choices(page):
    """An action that hits "your opponent" asks which one with 3 players (K24);
    one that picks a character names it; the payment picker sends the chosen resources."""
    s = scenario(
        [
            {"hand": ["Searing Volley", "Firebrand"], "resources": ["Cinder Vein"] * 4},
            {"characters": ["Ashen Scout"]},
            {"characters": ["Coral Warden"]},
        ],
        step="main",
    )
    show(page, s, 0)
    volley, firebrand = find(s, 0, "hand", "Searing Volley"), find(s, 0, "hand", "Firebrand")
    scout = find(s, 1, "characters", "Ashen Scout")
    labels = page.locator('#c23-actions button[data-action="play"]').all_inner_texts()
    # A target's button says whose it is, even for a name seen once (session-9 tester).
    assert labels == [
        "Play Searing Volley against Bo",
        "Play Searing Volley against Cy",
        "Play Firebrand on Bo's Ashen Scout",
    ]
    page.click('#c23-actions button:has-text("Play Searing Volley against Cy")')
    assert sent(page) == [{"type": "play", "card": volley, "opponent": 2}]
    assert act(s, 0, sent(page)[0])["players"][2]["deck"] != s["players"][2]["deck"]
    show(page, s, 0)
    page.click(f'#c23-actions [data-pay-for="{firebrand}"]')
    veins = s["players"][0]["resources"]
    for rid in veins[1:]:
        card(page, rid).click()
    page.click("#c23-pay-confirm")
    assert sent(page) == [{"type": "play", "card": firebrand, "target": scout, "pay": veins[1:]}]
    after = act(s, 0, sent(page)[0])
    assert names(after, 1, "discard") == ["Ashen Scout"] and after["players"][1]["characters"] == []
    assert [after["cards"][r]["tapped"] for r in veins] == [False, True, True, True]


def test_a_payment_being_chosen_is_dropped_when_the_position_moves_on(page):
    s = scenario([{"hand": ["Ashen Scout", "Ashen Scout"], "resources": ["Cinder Vein"] * 2}, {}])
    first = find(s, 0, "hand", "Ashen Scout")
    show(page, s, 0)
    page.click(f'#c23-actions [data-pay-for="{first}"]')
    assert page.locator("#c23-pay-confirm").count() == 1
    s = act(s, 0, {"type": "play", "card": first})  # played elsewhere (another tab): the next version
    show(page, s, 0)
    assert page.locator("#c23-pay-confirm").count() == 0
    assert page.locator('#c23-actions button[data-action="play"]').count() == 1


def test_the_board_says_who_sits_on_your_left(page):
    """A newcomer could not tell whom they attack: the board says who sits on
    the viewer's left (the engine's defender, checked by attacking), who
    attacks them, the order turns go in, and each player's header whom they
    attack; an eliminated player is skipped (K24)."""
    s = scenario([{"characters": ["Ashen Scout"]}, {}, {}])
    show(page, s, 0)
    assert page.inner_text("#c23-seat-order") == (
        "Bo sits on your left: you attack Bo. Cy attacks you. Turns go to the left: Ana → Bo → Cy → Ana."
    )
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "c23-board-seat-order.png"), full_page=True)
    heads = page.locator(".c23-player h3").all_inner_texts()
    assert heads == ["Bo · attacks Cy", "Cy · attacks you", "Ana (you) · attacks Bo"]
    _, events = apply_action(s, 0, {"type": "attack", "attackers": s["players"][0]["characters"]})
    assert events[0]["text"] == "Ana attacks Bo with Ashen Scout."  # the engine agrees
    show(page, s, None)
    assert page.inner_text("#c23-seat-order") == (
        "Each player attacks the player on their left, the next one in turn. Turns go to the left: Ana → Bo → Cy → Ana."
    )
    s = act(s, 1, {"type": "concede"})
    show(page, s, 0)
    assert page.inner_text("#c23-seat-order") == "Cy sits on your left: you attack Cy, and Cy attacks you."
    assert page.locator('.c23-player[data-seat="1"] .c23-attacks').count() == 0
    two = scenario([{}, {}])
    show(page, two, 1)
    assert page.inner_text("#c23-seat-order") == "Ana sits on your left: you attack Ana, and Ana attacks you."


def test_power_and_cost_each_carry_their_own_mark_and_title(page):
    """A tile's lone number was power on a character and cost on any other
    card: now ⚔ power and ◆ cost, each with a title; a character in hand
    shows both (its cost is what playing it takes), in play its power only."""
    s = scenario(
        [
            {
                "hand": ["Firebrand", "Pyre Knight", "Ember Mote"],
                "characters": [{"card": "Storm Rider", "tapped": True}],
            },
            {},
        ]
    )
    show(page, s, 0)
    rider = card(page, find(s, 0, "characters", "Storm Rider"))
    assert rider.locator(".power-stat").inner_text() == "⚔4"
    assert rider.locator(".power-stat").get_attribute("title") == "Power 4"
    assert rider.locator(".cost-stat").count() == 0
    firebrand = card(page, find(s, 0, "hand", "Firebrand"))
    assert firebrand.locator(".cost-stat").inner_text() == "◆3"
    assert (
        firebrand.locator(".cost-stat").get_attribute("title") == "Cost 3: tap 3 resources to play it, one of them red"
    )
    assert firebrand.locator(".power-stat").count() == 0
    knight = card(page, find(s, 0, "hand", "Pyre Knight"))
    assert knight.locator(".power-stat").inner_text() == "⚔4" and knight.locator(".cost-stat").inner_text() == "◆4"
    assert (
        card(page, find(s, 0, "hand", "Ember Mote")).locator(".cost-stat").get_attribute("title")
        == "Cost 0: it needs no resource"
    )
    assert "⚔ power, ◆ cost" in page.inner_text("#c23-legend")


def test_two_copies_and_two_same_named_targets_get_buttons_of_their_own(page):
    """Two buttons read the same for two copies in hand and two same-named
    targets: each now says whose card it is, where, and a copy number that
    its tile shows too; the button clicked sends that very card."""
    s = scenario(
        [
            {
                "hand": ["Firebrand", "Ashen Scout", "Ashen Scout"],
                "resources": ["Cinder Vein"] * 4,
                "characters": ["Ashen Scout"],
            },
            {"characters": ["Ashen Scout", "Ashen Scout", "Storm Rider"]},
        ]
    )
    show(page, s, 0)
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "c23-board-copies.png"), full_page=True)
    labels = page.locator('#c23-actions button[data-action="play"]').all_inner_texts()
    assert len(labels) == len(set(labels)), labels
    assert "Play Ashen Scout #1" in labels and "Play Ashen Scout #2" in labels
    assert {
        "Play Firebrand on your Ashen Scout in play",
        "Play Firebrand on Bo's Ashen Scout #1",
        "Play Firebrand on Bo's Ashen Scout #2",
    } <= set(labels)
    second = find(s, 1, "characters", "Ashen Scout", 1)
    assert card(page, second).locator(".copy-no").inner_text() == "#2"
    assert card(page, find(s, 1, "characters", "Storm Rider")).locator(".copy-no").count() == 0
    page.click('#c23-actions button[data-action="play"]:text-is("Play Firebrand on Bo\'s Ashen Scout #2")')
    assert sent(page) == [{"type": "play", "card": find(s, 0, "hand", "Firebrand"), "target": second}]
    after = act(s, 0, sent(page)[0])
    assert after["players"][1]["characters"] == [
        find(s, 1, "characters", "Ashen Scout"),
        find(s, 1, "characters", "Storm Rider"),
    ]


def test_a_list_of_names_with_a_comma_reads_as_its_cards(page):
    """ "Knock out Maris, Tide Seer and Reef Sentry" read as three cards: a
    list holding a name with a comma is separated by semicolons, the
    engine's rule (game.c23.engine.name_list)."""
    from game.c23.state import name_list

    s = scenario([{"characters": ["Inferno Drake"]}, {"characters": ["Maris, Tide Seer", "Reef Sentry"]}])
    drake = find(s, 0, "characters", "Inferno Drake")
    maris, sentry = find(s, 1, "characters", "Maris, Tide Seer"), find(s, 1, "characters", "Reef Sentry")
    s = act(s, 0, {"type": "attack", "attackers": [drake]})
    s = act(s, 1, {"type": "block", "blocks": {maris: drake, sentry: drake}})
    s = act(s, 1, {"type": "pass"}) if s["prompt"] and s["prompt"]["seat"] == 1 else s
    s = act(s, 0, {"type": "pass"}) if s["prompt"] and s["prompt"]["kind"] == "combat_card" else s
    show(page, s, 0)
    labels = page.locator('#c23-actions button[data-action="assign"]').all_inner_texts()
    assert "Knock out Maris, Tide Seer; and Reef Sentry" in labels
    shown = (
        (["Ashen Scout", "Storm Rider"], "Ashen Scout and Storm Rider"),
        (["Maris, Tide Seer", "Storm Rider"], "Maris, Tide Seer; and Storm Rider"),
        (["Ylla, Grove Mother"], "Ylla, Grove Mother"),
    )
    for names_, words in shown:
        listed = page.evaluate("async (n) => (await import('/static/js/common.js')).nameList(n)", names_)
        assert listed == words
        # the engine's log parts the same names the same way, without the "and"
        assert listed.replace("; and ", "; ").replace(" and ", ", ") == name_list(names_)
