"""The C-23 deck builder in headless Chromium (issue 18, house rule K1): a
user starts from the red starter, sees why a changed deck is not legal (the
server's reasons), makes it legal again with + and −, saves, renames and
deletes it; the saved deck is the one deck_for_seat gives."""

import pytest

from tests.browser.test_match_page import DESKTOP, signup

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]


def count_of(page, name) -> int:
    return int(page.locator(f'#pool tr[data-card="{name}"] .n').inner_text())


def test_build_and_save_a_deck(browser, live_server_url):
    page = signup(browser, live_server_url, "deck_ada", **DESKTOP)
    page.goto(f"{live_server_url}/decks/")
    assert "own invention" in page.inner_text("#pool-origin")
    assert page.locator("#pool tbody tr").count() == 54
    drake = page.locator('#pool tr[data-card="Inferno Drake"]').inner_text()
    assert "character" in drake and "red" in drake
    page.click('[data-starter="red"]')
    page.wait_for_function("document.getElementById('deck-valid').textContent === 'Legal deck'")
    assert page.inner_text("#deck-count") == "40 cards"
    red_vein = count_of(page, "Cinder Vein")
    # One fewer: 39 cards, and the page says why it is not legal.
    page.click('[data-minus="Cinder Vein"]')
    page.wait_for_function("document.getElementById('deck-valid').textContent === 'Not legal yet'")
    assert page.inner_text("#deck-problems") == "A deck needs at least 40 cards; this one has 39."
    # Back to 40 with a blue card, then a fifth copy of it: too many copies.
    for _ in range(5):
        page.click('[data-plus="Tide Pool"]')
    page.wait_for_function("document.getElementById('deck-problems').textContent.includes('Tide Pool appears 5 times')")
    page.click('[data-minus="Tide Pool"]')
    page.wait_for_function("document.getElementById('deck-valid').textContent === 'Legal deck'")
    assert page.inner_text("#deck-count") == "43 cards"
    page.fill("#deck-name", "Fire and water")
    page.click("#deck-save")
    page.wait_for_function("document.getElementById('deck-message').textContent.startsWith('Saved')")
    saved = page.locator("#saved-decks [data-deck]")
    assert saved.inner_text() == "Fire and water (43)"
    deck_id = saved.get_attribute("data-deck")
    decks = page.evaluate("fetch('/api/decks/').then(r => r.json())")
    assert decks[0]["cards"]["Tide Pool"] == 4 and decks[0]["cards"]["Cinder Vein"] == red_vein - 1
    # Rename, then reload the page and pick the saved deck again.
    page.fill("#deck-name", "Steam")
    page.click("#deck-save")
    page.wait_for_function("document.getElementById('deck-message').textContent === 'Saved “Steam”.'")
    page.reload()
    page.click(f'[data-deck="{deck_id}"]')
    assert page.input_value("#deck-name") == "Steam"
    assert count_of(page, "Tide Pool") == 4
    # Make it illegal and try to save: the server refuses and says why.
    page.click('[data-plus="Tide Pool"]')
    page.click("#deck-save")
    page.wait_for_function("document.getElementById('deck-message').textContent.includes('appears 5 times')")
    page.click('[data-minus="Tide Pool"]')
    page.click("#deck-delete")
    page.wait_for_function("document.getElementById('deck-message').textContent === 'Deck deleted.'")
    assert page.inner_text("#saved-decks") == "No saved deck yet."
    page.click("#c23-rules-link")
    assert page.inner_text("h1") == "How to play C-23"
    assert page.errors == [], page.errors
    page.context.close()


def test_the_deck_builder_fits_a_phone(browser, live_server_url):
    """On a phone (390x844) the page with a whole deck loaded does not
    scroll sideways; the header links to the deck builder."""
    from tests.browser.test_match_page import PHONE

    page = signup(browser, live_server_url, "deck_phone", **PHONE)
    page.click("#nav-decks")
    page.wait_for_url(f"{live_server_url}/decks/")
    page.click('[data-starter="green"]')
    page.wait_for_function("document.getElementById('deck-valid').textContent === 'Legal deck'")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert page.errors == [], page.errors
    page.context.close()


def test_a_saved_card_the_pool_lost_can_be_taken_out(browser, live_server_url):
    """A deck saved before the pool changed may name a card the pool no
    longer has (the list of saved decks is answered here with such a deck):
    the page shows it, the server says why the deck is not legal, and −
    takes it out."""
    import json

    page = signup(browser, live_server_url, "deck_old", **DESKTOP)
    old = {"id": 7, "name": "Old", "cards": {"Tide Pool": 4, "Lost Relic": 2}, "size": 6, "problems": [], "updated": ""}
    page.route(
        "**/api/decks/",
        lambda route: route.fulfill(status=200, content_type="application/json", body=json.dumps([old])),
    )
    page.goto(f"{live_server_url}/decks/")
    page.click('[data-deck="7"]')
    row = page.locator('#pool tr[data-card="Lost Relic"]')
    assert "not in the pool" in row.inner_text()
    page.wait_for_function("document.getElementById('deck-problems').textContent.includes('Lost Relic')")
    row.locator('[data-minus="Lost Relic"]').click()
    assert row.locator(".n").inner_text() == "1"
    row.locator('[data-minus="Lost Relic"]').click()
    assert page.locator('#pool tr[data-card="Lost Relic"]').count() == 0
    page.wait_for_function("!document.getElementById('deck-problems').textContent.includes('Lost Relic')")
    assert page.inner_text("#deck-count") == "4 cards"
    assert page.errors == [], page.errors
    page.context.close()
