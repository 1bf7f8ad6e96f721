"""The Arcane Codex board (static/js/arcaneboard.js) in headless Chromium,
fed the engine's own views and legal actions of prepared positions
(game.arcane scenarios, tests/arcane/helpers.py): what its buttons say and
that each click sends an action the engine accepts."""

import pytest

from game import rules
from tests.arcane.helpers import cid, position
from tests.browser.axe import describe, serious_violations
from tests.browser.test_c23_board import board_page

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

FEED = """async ([view, legal, seat]) => {
  const m = await import('/static/js/arcaneboard.js');
  window.sent = [];
  let root = document.getElementById('arcane-test');
  if (!root) {
    root = document.createElement('div');
    root.id = 'arcane-test';
    root.innerHTML = '<div id="t-opp"></div><div id="t-me"></div><div id="t-hand-box"><span id="t-count"></span>'
      + '<div id="t-hand"></div></div><div id="t-bar"></div><div id="t-inspector"></div>';
    document.querySelector('main').prepend(root);
  }
  const nodes = {opponents: document.getElementById('t-opp'), me: document.getElementById('t-me'),
    hand: document.getElementById('t-hand'), handBox: document.getElementById('t-hand-box'),
    handCount: document.getElementById('t-count'), bar: document.getElementById('t-bar'),
    inspector: document.getElementById('t-inspector')};
  const ctx = {msg: {view, legal_actions: legal, seat}, act: (a) => window.sent.push(a), busy: false, nodes};
  ctx.rerender = () => m.renderArcane(ctx);
  m.renderArcane(ctx);
}"""


@pytest.fixture(scope="module")
def page(browser, live_server_url):
    yield from board_page(browser, f"{live_server_url}/how-to-play/arcane/")


def show(page, state, seat):
    page.evaluate(FEED, [rules.view(state, seat), rules.legal_actions(state, seat), seat])


def test_each_sage_button_says_what_it_does_and_what_it_costs(page):
    state = position([{"sages": ["KH"]}, {"creatures": ["9S"]}], round=4)
    show(page, state, 0)
    page.click(f'#t-me [data-aid="{cid(state, "KH")}"]')
    buttons = page.locator("#t-bar .achoice .achoose")
    assert buttons.all_inner_texts() == [
        "Draw a card (the sage gains 1 essence)",
        "Destroy an opposing creature: 9♠ (costs 2 essence)",
        "Deal 10 damage to your opponent (costs 5 essence)",
    ]
    buttons.nth(1).click()
    sent = page.evaluate("window.sent")
    assert sent == [{"type": "sage", "sage": cid(state, "KH"), "ability": "minus2", "target": cid(state, "9S")}]
    after, _ = rules.apply_action(state, 0, sent[0])
    assert after["cards"][cid(state, "9S")]["zone"] == "discard"


def test_a_card_read_from_the_hand_says_what_it_costs_and_no_missing_number(page):
    """A fresh tester read "undefined essence." on a sage in their hand: the
    essence of a sage is shown in play only, and a card read says its cost."""
    state = position([{"hand": ["KH", "2C"], "sages": [{"card": "KD", "essence": 3}]}, {}], round=4)
    show(page, state, 0)
    texts = {}
    for code in ("KH", "2C", "KD"):
        page.click(f'[data-aid="{cid(state, code)}"]')
        texts[code] = page.inner_text("#t-inspector")
    assert "undefined" not in " ".join(texts.values()), texts
    assert "essence." not in texts["KH"] and "3 essence." in texts["KD"]
    assert f"Costs {rules.view(state, 0)['players'][0]['hand'][0]['cost']} power to play." in texts["KH"]


def test_a_card_read_says_what_it_does(page):
    """A fresh tester could not tell from the board what a spell does: the panel
    gives the spell's name and effect, a creature's suit ability, an opponent's
    relic whose creatures it helps; the label is not said twice."""
    state = position([{"hand": ["2C", "7D"]}, {"relics": ["JS"]}], round=4)
    show(page, state, 0)
    texts = {}
    for code in ("2C", "7D", "JS"):
        page.click(f'[data-aid="{cid(state, code)}"]')
        texts[code] = page.inner_text("#t-inspector")
    assert "Arcane Bolt: Deals 2 damage to an opposing creature, sage or player." in texts["2C"]
    assert "Sentinel: attacking does not exhaust it" in texts["7D"]
    assert f"{state['players'][1]['name']}'s creatures deal 1 more damage" in texts["JS"]
    assert texts["2C"].count("2♣") == 1


def test_a_sage_with_one_ability_left_asks_before_using_it(page):
    """A sage with 1 essence can only draw: its click shows that one
    button (what it does) instead of using it at once."""
    state = position([{"sages": [{"card": "KD", "essence": 1}]}, {}], round=4)
    show(page, state, 0)
    page.click(f'#t-me [data-aid="{cid(state, "KD")}"]')
    assert page.evaluate("window.sent") == []
    button = page.locator("#t-bar .achoice .achoose")
    assert button.all_inner_texts() == ["Draw a card (the sage gains 1 essence)"]
    button.click()
    sent = page.evaluate("window.sent")
    assert sent == [{"type": "sage", "sage": cid(state, "KD"), "ability": "plus"}]
    assert rules.is_legal(state, 0, sent[0])


def test_the_finished_banner_says_why_in_words(page):
    """A fresh tester's finding: reason codes ("round_cap") were shown raw."""
    state, _ = rules.apply_action(position([{}, {}], round=4), 1, {"type": "concede"})
    text = page.evaluate(
        "async (v) => (await import('/static/js/arcaneboard.js')).arcaneBanner(v, 0)", rules.view(state, 0)
    )
    assert text == "North won: South conceded."  # who conceded, by name


def test_a_finished_game_tags_nobody_to_play(page):
    """Found by playing: after a draw or a concession the seat whose turn it was
    still read "to play" over the result (the engine keeps `active`)."""
    state = position([{}, {}], round=4)
    show(page, state, 0)
    assert page.locator("#arcane-test .turn-tag").count() == 1
    over, _ = rules.apply_action(state, 1, {"type": "concede"})
    show(page, over, 0)
    assert page.locator("#arcane-test .turn-tag").count() == 0


def test_an_exhausted_cards_marks_stay_readable(page):
    """axe-core found, with a card's choice open later in a match, the marks
    under an exhausted card ("exhausted", "1 damage") too faint: the card's
    dimming (opacity .8) took the grey to 4.47:1 on the panel, under the
    4.5:1 a small text needs (issue 31 point 4). An exhausted card's marks
    are lighter."""
    page.add_style_tag(url="/static/css/arcane.css")
    state = position(
        [{"creatures": ["9S", {"card": "9H", "exhausted": True, "damage": 1}, {"card": "3D", "exhausted": True}]}, {}],
        round=4,
    )
    show(page, state, 0)
    assert page.locator("#t-me .acard.exhausted .amarks").count() == 2
    found = serious_violations(page, "document.getElementById('arcane-test')")
    assert found == [], describe(found)
