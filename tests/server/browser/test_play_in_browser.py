"""Headless Chromium through the real pages: two players sign up, one opens a
private table, the other joins by its invite link, they pick heroes, get ready
and start; a third user watches through the invite link; a move made in one
page reaches all three live.

Only the page elements that the protocol needs are used here (``#version``
and ``[data-action]`` buttons), so the test holds while the match page grows.
"""
import pytest
from channels.testing import ChannelsLiveServerTestCase
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.ui import WebDriverWait

WAIT = 20


def chromium():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-quic", "--window-size=1200,900"):
        options.add_argument(arg)
    return webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))


@pytest.mark.browser
class PlayInBrowser(ChannelsLiveServerTestCase):
    """From sign-up to a live move, in three browsers."""

    serve_static = True

    def setUp(self):
        self.browsers = []

    def tearDown(self):
        for browser in self.browsers:
            browser.quit()

    def open(self):
        browser = chromium()
        self.browsers.append(browser)
        return browser

    def wait(self, browser, condition):
        return WebDriverWait(browser, WAIT, ignored_exceptions=[StaleElementReferenceException]).until(condition)

    def click(self, browser, selector):
        """Click ``selector`` once it exists (pages re-render: retry stale elements)."""
        self.wait(browser, lambda b: b.find_element(By.CSS_SELECTOR, selector).click() or True)

    def signup(self, name):
        browser = self.open()
        browser.get(f"{self.live_server_url}/signup/")
        browser.find_element(By.NAME, "username").send_keys(name)
        browser.find_element(By.NAME, "display_name").send_keys(name.title())
        browser.find_element(By.NAME, "password1").send_keys("a-Long-pass-42")
        browser.find_element(By.NAME, "password2").send_keys("a-Long-pass-42")
        browser.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
        self.wait(browser, lambda b: b.find_element(By.ID, "whoami").text == name.title())
        return browser

    def pick_hero_and_ready(self, browser, seat, hero):
        seat_row = f"li[data-seat='{seat}']"
        self.wait(browser, lambda b: Select(b.find_element(By.CSS_SELECTOR, f"{seat_row} select.hero"))
                  .select_by_value(hero) or True)
        self.wait(browser, lambda b: hero in b.find_element(By.CSS_SELECTOR, seat_row).text)
        self.click(browser, f"{seat_row} button.ready")
        self.wait(browser, lambda b: "ready" in b.find_element(By.CSS_SELECTOR, f"{seat_row} strong").text)

    def version(self, browser):
        text = browser.find_element(By.ID, "version").text
        return int(text) if text.isdigit() else -1

    def test_two_players_and_a_spectator(self):
        alice = self.signup("alice")
        bob = self.signup("bob")
        carol = self.signup("carol")

        alice.find_element(By.NAME, "is_public").click()  # private table
        alice.find_element(By.CSS_SELECTOR, "#new-table button").click()
        invite = self.wait(alice, lambda b: b.find_element(By.CSS_SELECTOR, ".table code.invite")).text
        self.pick_hero_and_ready(alice, 0, "troq_bashar")

        bob.get(invite)
        self.click(bob, "li[data-seat='1'] button.take")
        self.pick_hero_and_ready(bob, 1, "river_montoya")

        self.wait(alice, lambda b: "Bob" in b.find_element(By.CSS_SELECTOR, "li[data-seat='1']").text
                  and "ready" in b.find_element(By.CSS_SELECTOR, "li[data-seat='1']").text)
        self.click(alice, "button.start")
        self.wait(alice, lambda b: "/match/" in b.current_url)
        match_url = alice.current_url
        self.click(bob, "a.open-match")
        carol.get(invite)
        self.click(carol, "a.open-match")
        for browser in (alice, bob, carol):
            self.wait(browser, lambda b: self.version(b) == 0)
        assert carol.current_url.split("?")[0] == match_url

        # the player to move ends the main phase; everyone sees the next version live
        mover = next(b for b in (alice, bob) if b.find_elements(By.CSS_SELECTOR, "[data-action='end_main']"))
        self.click(mover, "[data-action='end_main']")
        confirm = mover.find_elements(By.ID, "confirm-yes")
        if confirm and confirm[0].is_displayed():
            confirm[0].click()
        for browser in (alice, bob, carol):
            self.wait(browser, lambda b: self.version(b) >= 1)
