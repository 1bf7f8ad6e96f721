"""What C-23 players read of a concession, for 2 and 3 players (K24; docs/
RULINGS.md "C-23: the words of a concession and of the elimination bonus"):
a concession that leaves two players says the player is out and who plays
on, and names no winner; only the concession that ends the game names who
won. First the board (static/js/c23board.js) fed the engine's own views:
the concede question said "The others play on" in a 3-player game whose
third player was already out, where conceding ends the game; then a real
3-player match of three people on its pages: the log, the banners, the result
dialogs, the lobby's lines and the replay's result line."""

import os

import pytest

from tests.browser.test_c23_board import board_page, show
from tests.browser.test_match_page import DESKTOP, api, signup
from tests.c23.helpers import act, scenario

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

SHOTS = os.environ.get("CODEX_SCREENSHOTS")  # a folder: save the pages there

BANNER = "async ([v, seat]) => (await import('/static/js/c23words.js')).c23Banner(v, seat)"


@pytest.fixture(scope="module")
def page(browser, live_server_url):
    yield from board_page(browser, f"{live_server_url}/c23/how-to-play/")


def asked(page) -> str:
    """The concede question on the board (the words beside "Yes, concede")."""
    return page.locator("#c23-concede-yes").locator("xpath=preceding-sibling::span[1]").inner_text()


def question(page) -> str:
    page.click("#c23-concede")
    text = asked(page)
    page.click("#c23-concede-no")
    return text


def test_the_concede_question_says_what_conceding_does_now(page):
    three = scenario([{}, {}, {}])
    show(page, three, 0)
    assert question(page) == "Leave the game? Bo and Cy play on."
    after = act(three, 1, {"type": "concede"})  # Bo is out: Ana's concession would end it
    show(page, after, 0)
    assert question(page) == "Give the game to Cy? Cy wins."
    show(page, scenario([{}, {}]), 1)
    assert question(page) == "Give the game to Ana? Ana wins."


def test_a_player_out_of_a_three_player_game_reads_who_plays_on(page):
    from game.c23 import view

    s = act(scenario([{}, {}, {}]), 1, {"type": "concede"})
    assert (
        page.evaluate(BANNER, [view(s, 1), 1]) == "You are out of this game; Ana and Cy play on. You may keep watching."
    )


RESULT = "async ([v, seat]) => (await import('/static/js/c23words.js')).c23ResultText(v, seat)"


def test_two_players_out_in_the_event_that_ends_the_game_are_both_named(page):
    """K5 with three players: Scorched Earth empties Bo's and Cy's decks at
    once and Ana wins; the words named Cy alone ("Cy's deck ran out"), since
    Bo's cards had left the game as if two still played on."""
    from game.c23 import view

    s = scenario(
        [
            {"hand": ["Scorched Earth"], "resources": ["Cinder Vein"] * 3, "deck": ["Ashen Scout"] * 5},
            {"deck": ["Tide Pool"]},
            {"deck": ["Tide Pool"]},
        ]
    )
    s = act(s, 0, {"type": "play", "card": s["players"][0]["hand"][0]})
    said = [page.evaluate(RESULT, [view(s, seat), seat]) for seat in (0, 1, None)]
    assert said == [
        "Bo and Cy both had no cards left in their decks.",
        "You and Cy both had no cards left in their decks; Ana wins.",
        "Bo and Cy both had no cards left in their decks.",
    ]


def lines(p) -> list:
    return p.locator("#log li").all_inner_texts()


def shoot(p, name: str) -> None:
    if SHOTS:
        p.screenshot(path=os.path.join(SHOTS, f"{name}.png"))


def test_a_three_player_match_concession_by_concession(browser, live_server_url):
    base = live_server_url
    ana, bo, cy = (signup(browser, base, n, **DESKTOP) for n in ("cwana", "cwbo", "cwcy"))
    table = api(ana, "POST", "/api/tables/", {"mode": "c23", "seat_count": 3, "deck": "red", "is_public": False})
    api(ana, "PATCH", f"/api/tables/{table['id']}/seat/", {"ready": True})
    for index, p, deck in ((1, bo, "blue"), (2, cy, "green")):
        api(
            p,
            "POST",
            f"/api/tables/{table['id']}/join/",
            {"index": index, "invite": table["invite_token"], "deck": deck},
        )
        api(p, "PATCH", f"/api/tables/{table['id']}/seat/", {"ready": True})
    match_id = api(ana, "POST", f"/api/tables/{table['id']}/start/")["match_id"]
    pages = {"ana": ana, "bo": bo, "cy": cy}
    for p in pages.values():
        p.goto(f"{base}/match/{match_id}/")
        p.locator("#c23-board").wait_for()

    # Bo concedes first: he is out, Ana and Cy play on, nobody has won.
    bo.click("#c23-concede")
    assert asked(bo) == "Leave the game? Cwana and Cwcy play on."
    bo.click("#c23-concede-yes")
    first = "Cwbo concedes and is out of the game; Cwana and Cwcy play on."
    for name, p in pages.items():
        p.wait_for_function(f"() => [...document.querySelectorAll('#log li')].some((l) => l.textContent === {first!r})")
        shoot(p, f"c23-first-concession-{name}")
        assert not any("wins" in line for line in lines(p)), lines(p)
        assert p.locator("#result-dialog[open]").count() == 0
    assert "Cwbo's discard pile is empty" not in " ".join(lines(ana))  # Cwana's pile is: the bonus moves nothing
    assert "Cwana's discard pile is empty, so the elimination bonus puts no card" in " ".join(lines(ana))
    assert bo.inner_text("#banner-text") == "You are out of this game; Cwana and Cwcy play on. You may keep watching."
    assert "out of the game" in bo.inner_text('.c23-player[data-seat="1"] h3')

    # Ana concedes: the game ends, and now the winner is named everywhere.
    ana.click("#c23-concede")
    assert asked(ana) == "Give the game to Cwcy? Cwcy wins."
    ana.click("#c23-concede-yes")
    for p in pages.values():
        p.locator("#result-dialog[open]").wait_for()
    assert lines(cy)[-2:] == ["Cwana concedes.", "Cwcy wins."]
    dialogs = {name: (p.inner_text("#result-title"), p.inner_text("#result-text")) for name, p in pages.items()}
    assert dialogs == {
        "ana": ("You lost", "You conceded; Cwcy wins."),
        "bo": ("You lost", "Cwana conceded; Cwcy wins."),
        "cy": ("You won!", "Cwana conceded."),
    }
    shoot(bo, "c23-result-first-conceder")
    expected_lobby = {
        "ana": "You lost: Cwcy won (you conceded)",
        "bo": "You lost: Cwcy won (Cwana conceded)",
        "cy": "You won (Cwana conceded)",
    }
    expected_replay = {
        "ana": "Cwcy wins: you conceded.",
        "bo": "Cwcy wins: Cwana conceded.",
        "cy": "Cwcy wins: Cwana conceded.",
    }
    for name, p in pages.items():
        p.goto(f"{base}/")
        p.get_by_text(expected_lobby[name], exact=True).wait_for()
        p.goto(f"{base}/match/{match_id}/replay/")
        p.wait_for_function("() => document.body.dataset.at === '0'")
        assert p.inner_text("#replay-result") == expected_replay[name]
    for p in pages.values():
        assert p.errors == [], p.errors
