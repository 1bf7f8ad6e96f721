"""The match page helps a newcomer (issue 14, points 4-8), in headless
Chromium with crafted frames (see test_match_controls.Crafted): a control
that can't be used shows greyed with the engine's reason (title, and a
line on tap) and sends nothing; keyword chips and patrol slots explain
themselves when tapped; ending the main phase with attackers left asks
first; a patrol move into a taken slot names whom it replaces; a codex card
can be read before it is picked as tech; the Cards tab opens each card's
text; the header links to How to play; a keyword's explanation follows its
card through a new state and goes when the card leaves the board (a fresh
tester saw one linger over the board after the card died)."""

import pytest

from tests.browser.test_match_controls import card_in_play, crafted_match, hand_card

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


@pytest.fixture(scope="module")
def crafted(browser, live_server_url):
    """Seat 0's page of a fresh 1v1 match, routed (see Crafted); its own users."""
    yield from crafted_match(browser, live_server_url, "helpwes", "helpxia")


HIRE_WHY = "Hiring a worker costs 1 gold; you have 0."
TECH_WHY = "Tech I Building needs 6 workers; you have 4."
ATTACK_WHY = "That card arrived this turn and can't attack yet."


def test_blocked_controls_show_the_engines_reason_and_send_nothing(crafted):
    page = crafted.page
    frame = crafted.frame()
    me = frame["view"]["players"][0]
    me["hand"] = [hand_card("c971", "older_brother", "Older Brother", cost=2)]
    me["play"].append(card_in_play("c972", "tenderfoot", "Tenderfoot", arrived_this_turn=True))
    me["reasons"] = {"hire": HIRE_WHY, "build:tech_1": TECH_WHY, "attack:c972": ATTACK_WHY}
    frame["legal_actions"] = [{"type": "end_main"}, {"type": "concede"}]
    crafted.send(frame)
    sent = len(crafted.sent)
    hire = page.locator("#action-bar [data-blocked=hire]")
    assert hire.get_attribute("aria-disabled") == "true" and hire.get_attribute("title") == HIRE_WHY
    assert page.locator("#action-bar [data-action=hire]").count() == 0  # nothing usable carries data-action
    tech = page.locator("#action-bar [data-blocked=build][data-building=tech_1]")
    assert tech.get_attribute("title") == TECH_WHY
    hire.click(force=True)  # aria-disabled, yet a tap shows the reason on a line (no hover on a phone)
    assert page.locator("#why-line").inner_text() == HIRE_WHY
    tech.click(force=True)
    assert page.locator("#why-line").inner_text() == TECH_WHY
    page.click("#me-area [data-tid=c972]")
    attack = page.locator("#inspector [data-blocked=attack]")
    assert attack.get_attribute("title") == ATTACK_WHY
    assert f"Attack: {ATTACK_WHY}" in page.locator("#inspector .why-list").inner_text()
    assert len(crafted.sent) == sent  # nothing was sent
    page.keyboard.press("Escape")


def test_keyword_chips_and_patrol_slots_explain_themselves_when_tapped(crafted):
    page = crafted.page
    frame = crafted.frame()
    me = frame["view"]["players"][0]
    me["play"].append(card_in_play("c973", "tenderfoot", "Tenderfoot", keywords={"haste": 1, "resist": 2}))
    crafted.send(frame)
    chip = page.locator("#me-area [data-tid=c973] [data-gloss='kw:haste']")
    assert "attack" in chip.get_attribute("title")
    chip.click()
    tip = page.locator("#tooltip")
    # The tap also selects the card under the chip: the re-render and the
    # scroll it causes must not close the explanation (CI found it closed).
    page.evaluate("document.dispatchEvent(new Event('scroll'))")
    assert tip.is_visible() and tip.inner_text().startswith("Haste")
    assert "arrival fatigue" in tip.inner_text().lower()
    page.locator("#me-area [data-gloss='slot:squad_leader']").click()
    assert "armor 1" in tip.inner_text()
    page.locator("#banner").click()  # a tap elsewhere closes it
    assert tip.is_hidden()
    page.keyboard.press("Escape")


def test_a_keyword_explanation_goes_with_its_card(crafted):
    page = crafted.page
    frame = crafted.frame()
    me = frame["view"]["players"][0]
    me["play"].append(card_in_play("c978", "tenderfoot", "Tenderfoot", keywords={"haste": 1}))
    crafted.send(frame)
    tip = page.locator("#tooltip")
    # The keyboard opens it (Enter on the focused chip: pinned), no pointer
    # involved, so no mouse event of the browser's can close it by chance.
    page.locator("#me-area [data-tid=c978] [data-gloss='kw:haste']").focus()
    page.keyboard.press("Enter")
    assert tip.is_visible() and tip.inner_text().startswith("Haste")
    crafted.send(frame)  # a new state with the card still in play: the board is drawn anew, the explanation stays
    assert tip.is_visible() and tip.inner_text().startswith("Haste")
    chip = page.locator("#me-area [data-tid=c978] [data-gloss='kw:haste']").bounding_box()
    box = tip.bounding_box()
    assert box["x"] <= chip["x"] + chip["width"] / 2 <= box["x"] + box["width"]  # over or under the chip
    me["play"] = [c for c in me["play"] if c["iid"] != "c978"]  # the card died
    crafted.send(frame)
    assert tip.is_hidden()
    page.keyboard.press("Escape")


def test_ending_the_main_phase_with_attackers_left_asks_first(crafted):
    page = crafted.page
    frame = crafted.frame()
    me, other = frame["view"]["players"]
    me["play"].append(card_in_play("c974", "older_brother", "Older Brother"))
    frame["legal_actions"] = [
        {"type": "attack", "attacker": "c974", "target": "base:1"},
        {"type": "end_main"},
        {"type": "concede"},
    ]
    crafted.send(frame)
    before = len(crafted.actions())
    page.click("#action-bar [data-action=end_main]")
    dialog = page.locator("#confirm-dialog")
    assert dialog.evaluate("d => d.open")
    assert "Older Brother" in page.locator("#confirm-text").inner_text()
    assert "can still attack" in page.locator("#confirm-text").inner_text()
    page.click("#confirm-no")
    assert len(crafted.actions()) == before
    page.click("#action-bar [data-action=end_main]")
    page.click("#confirm-yes")
    page.wait_for_function("() => document.body.classList.contains('busy')")  # the dialog's close event sends
    assert crafted.actions()[-1] == {"type": "end_main"}
    crafted.answer()


def test_a_patrol_move_into_a_taken_slot_names_whom_it_replaces(crafted):
    page = crafted.page
    frame = crafted.frame()
    me = frame["view"]["players"][0]
    me["play"] += [
        card_in_play("c975", "older_brother", "Older Brother"),
        card_in_play("c976", "tenderfoot", "Tenderfoot"),
    ]
    me["patrol"]["squad_leader"] = "c975"
    frame["legal_actions"] = [
        {"type": "patrol", "card": "c976", "slot": "squad_leader"},
        {"type": "patrol", "card": "c976", "slot": "elite"},
        {"type": "end_main"},
        {"type": "concede"},
    ]
    crafted.send(frame)
    page.click("#me-area [data-tid=c976]")
    assert (
        page.locator("#inspector [data-action=patrol][data-slot=squad_leader]").inner_text()
        == "Patrol as squad leader (replaces Older Brother)"
    )
    assert page.locator("#inspector [data-action=patrol][data-slot=elite]").inner_text() == "Patrol as elite"
    page.keyboard.press("Escape")


def test_a_codex_card_can_be_read_before_it_is_picked(crafted):
    page = crafted.page
    frame = crafted.frame()
    me = frame["view"]["players"][0]
    codex = sorted(me["codex"])[:2]
    frame["legal_actions"] = [{"type": "tech", "cards": [codex[0], codex[1]]}, {"type": "concede"}]
    crafted.send(frame)
    page.click(f"#tech-panel [data-read={codex[0]}]")
    reading = page.locator("#tech-reading")
    assert reading.is_visible() and reading.locator(".card-text").inner_text()
    assert "Picked: none" in page.locator("#tech-panel").inner_text()  # reading picks nothing
    page.click(f"#tech-reading [data-pick={codex[0]}]")
    assert "Picked: none" not in page.locator("#tech-panel").inner_text()
    assert crafted.actions()[-1:] != [{"type": "tech"}]


def test_the_cards_tab_opens_each_cards_text_and_how_to_play_is_linked(crafted):
    page = crafted.page
    crafted.send(crafted.frame())
    page.click("#codex-tab")
    first = page.locator("#codex details").first
    assert not first.locator(".card-text").is_visible()
    first.locator("summary").click()
    assert first.locator(".card-text").is_visible() and first.locator(".card-text").inner_text()
    link = page.locator("#nav-how-to-play")
    assert link.get_attribute("href") == "/how-to-play/" and link.get_attribute("target") == "_blank"
    page.click(".tab[data-tab=log]")
