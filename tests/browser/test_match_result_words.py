"""The end of a match in words, in headless Chromium with crafted frames
(see test_match_controls.Crafted) on real C-23, Arcane Codex and Codex
match pages: the result dialog's title says who won ("You won!") and its
text says how the game ended, naming the players concerned, not the title
again (a tester read "You won!" over "You win!", and on Codex "You won!"
over "Game over — You win…"); a result reason names the player the view
knows it is about: whose deck ran out (C-23), whose life ran out or who
conceded (Arcane Codex), who conceded a 1v1 and whose base was destroyed
(Codex), and in Two-Headed Dragon the team when the frame's result does not
say which teammate conceded, the player when it does (``conceded_by``); a
concession that ends a free-for-all (the engine's reason: a destroyed base,
house rule R28) reads as that concession, not as the conceder's base.
"""

import os

import pytest

from tests.browser.test_match_controls import Crafted, crafted_match
from tests.browser.test_match_page import DESKTOP, api, signup, start_against_bots

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

SHOTS = os.environ.get("CODEX_SCREENSHOTS")  # a folder: save the result dialogs there


def start(host, guest, mode: str, seats: int = 2) -> int:
    """Through the REST API as the pages' users: ``host`` opens a private
    table of ``mode`` for ``seats`` (C-23: the red starter, the guest the
    blue one, a greedy bot in a third seat), ``guest`` joins, all ready, the
    host starts. Returns the match id."""
    c23 = mode == "c23"
    body = {"mode": mode, "is_public": False, "allow_spectators": False}
    if c23:
        body.update(deck="red", seat_count=seats)
    table = api(host, "POST", "/api/tables/", body)
    api(host, "PATCH", f"/api/tables/{table['id']}/seat/", {"ready": True})
    join = {"index": 1, "invite": table["invite_token"], **({"deck": "blue"} if c23 else {})}
    api(guest, "POST", f"/api/tables/{table['id']}/join/", join)
    api(guest, "PATCH", f"/api/tables/{table['id']}/seat/", {"ready": True})
    for index in range(2, seats):
        api(host, "POST", f"/api/tables/{table['id']}/bot/", {"index": index, "kind": "greedy"})
    return api(host, "POST", f"/api/tables/{table['id']}/start/")["match_id"]


class Pages:
    """Each user's way to a fresh page of one match: a result dialog opens
    once a page, so every finished frame gets its own page."""

    def __init__(self, users: dict, url: str):
        self.users, self.url, self.opened = users, url, []

    def crafted(self, who: str) -> Crafted:
        page = self.users[who].context.new_page()
        page.errors = []
        page.on("pageerror", lambda err: page.errors.append(str(err)))
        self.opened.append(page)
        return Crafted(page, self.url)

    def check(self):
        for page in self.opened:
            assert page.errors == [], page.errors
            page.close()


@pytest.fixture(scope="module")
def c23(browser, live_server_url):
    """A 3-seat C-23 match: Rwann (seat 0), Rwbo (seat 1) and a greedy bot (seat 2)."""
    host = signup(browser, live_server_url, "rwann", **DESKTOP)
    guest = signup(browser, live_server_url, "rwbo", **DESKTOP)
    match_id = start(host, guest, "c23", seats=3)
    pages = Pages({"rwann": host, "rwbo": guest}, f"{live_server_url}/match/{match_id}/")
    yield pages
    pages.check()


@pytest.fixture(scope="module")
def arcane(browser, live_server_url):
    """An Arcane Codex match: Rwcy (seat 0) and Rwdi (seat 1)."""
    host = signup(browser, live_server_url, "rwcy", **DESKTOP)
    guest = signup(browser, live_server_url, "rwdi", **DESKTOP)
    match_id = start(host, guest, "arcane")
    pages = Pages({"rwcy": host, "rwdi": guest}, f"{live_server_url}/match/{match_id}/")
    yield pages
    pages.check()


def finished(crafted: Crafted, winner, reason: str, change) -> dict:
    """The real first frame made a finished game (``winner`` a seat or None,
    the engine's ``reason``); ``change(view)`` sets the rest, then it is sent."""
    frame = crafted.frame()
    view = frame["view"]
    frame["status"] = "finished"
    frame["result"] = {"winner": winner, "winners": [] if winner is None else [winner], "reason": reason}
    frame["legal_actions"] = []
    view.update(status="finished", winner=winner, result_reason=reason, prompt=None)
    if view["game"] == "c23":
        view.update(result="draw" if winner is None else "win", combat=None)
    else:
        view.update(winners=[] if winner is None else [winner], phase="over")
    change(view)
    crafted.send(frame)
    crafted.page.locator("#result-dialog[open]").wait_for()
    return frame


def dialog(page) -> tuple:
    return page.inner_text("#result-title"), page.inner_text("#result-text")


def c23_out(view, seat: int, earlier: bool = False):
    """Seat ``seat`` out of the C-23 game: its deck at 0; one that went out
    ``earlier`` in a 3-player game has had its cards leave the game (K24)."""
    p = view["players"][seat]
    p["out"] = True
    p["deck_count"] = 0
    if earlier:
        p.update(hand_count=0, discard=[], resources=[], characters=[], gone_count=28)
        p.pop("hand", None)


def test_c23_a_deck_that_ran_out_is_named_and_the_dialog_says_how_it_ended(c23):
    def bo_last(view):
        c23_out(view, 2, earlier=True)  # the bot went out before
        c23_out(view, 1)

    ann = c23.crafted("rwann")
    finished(ann, 0, "deck_out", bo_last)
    assert dialog(ann.page) == ("You won!", "Rwbo's deck ran out.")
    assert ann.page.inner_text("#banner-text") == "You win!"  # the banner as it was
    assert ann.page.inner_text("#c23-status") == "Rwann wins: Rwbo's deck ran out."

    bo = c23.crafted("rwbo")
    finished(bo, 0, "deck_out", bo_last)
    assert dialog(bo.page) == ("You lost", "Your deck ran out; Rwann wins.")
    assert bo.page.inner_text("#c23-status") == "Rwann wins: your deck ran out."


def test_c23_who_conceded_is_named_and_a_draw_says_why(c23):
    def ann_conceded(view):
        c23_out(view, 2, earlier=True)
        view["players"][0]["out"] = True  # conceded with cards in her deck

    ann = c23.crafted("rwann")
    finished(ann, 1, "concede", ann_conceded)
    assert dialog(ann.page) == ("You lost", "You conceded; Rwbo wins.")

    def every_deck(view):
        for seat in range(3):
            view["players"][seat]["deck_count"] = 0

    bo = c23.crafted("rwbo")
    finished(bo, None, "draw", every_deck)
    assert dialog(bo.page) == ("A draw", "Every deck ran out at once.")


def lower_names(view):
    """A change for finished(): every player named in lower case, as a
    player may write their name (a tester read "Bobt1 conceded." for the
    player "bobt1")."""
    for p in view["players"]:
        p["name"] = p["name"].lower()


def test_a_name_that_begins_the_result_text_keeps_its_case(c23, arcane, codex):
    def ann_conceded(view):
        c23_out(view, 2, earlier=True)
        view["players"][0]["out"] = True
        lower_names(view)

    bo = c23.crafted("rwbo")
    finished(bo, 1, "concede", ann_conceded)
    assert dialog(bo.page) == ("You won!", "rwann conceded.")

    cy = arcane.crafted("rwcy")
    finished(cy, 0, "concede", lower_names)
    assert dialog(cy.page) == ("You won!", "rwdi conceded.")

    eve = fresh(codex)
    codex_finished(eve, [0], "concession", lower_names, by=1)
    assert dialog(eve.page) == ("You won!", "rwfay conceded.")
    assert eve.page.errors == []


def test_arcane_whose_life_ran_out_and_who_conceded_are_named(arcane):
    def di_down(view):
        view["players"][1]["life"] = -2
        view["players"][0]["life"] = 7

    cy = arcane.crafted("rwcy")
    finished(cy, 0, "life", di_down)
    assert dialog(cy.page) == ("You won!", "Rwdi's life ran out; you have 7 life left.")
    assert cy.page.inner_text("#banner-text") == "Rwcy won: Rwdi's life ran out."

    di = arcane.crafted("rwdi")
    finished(di, 0, "concede", lambda view: None)
    assert dialog(di.page) == ("You lost", "You conceded; Rwcy wins.")  # the loser reads who won
    assert di.page.inner_text("#banner-text") == "Rwcy won: you conceded."


def test_arcane_the_round_cap_gives_both_lives(arcane):
    def lives(view):
        view["round"] = 60
        view["players"][0]["life"] = 7
        view["players"][1]["life"] = 12

    cy = arcane.crafted("rwcy")
    finished(cy, 1, "round_cap", lives)
    assert dialog(cy.page) == ("You lost", "The last round (60) is over: Rwdi has 12 life, you 7; Rwdi wins.")


def test_arcane_a_draw_says_draw_once(arcane):
    """A draw both players agreed to, and one at the round cap, say "draw"
    once: the banner read "A draw: both players agreed to a draw." (and so
    did the lobby's line and the replay's, from the same words), and the
    round cap's "A draw: ended at the round cap." had no subject."""
    cy = arcane.crafted("rwcy")
    finished(cy, None, "agreed_draw", lambda view: None)
    assert dialog(cy.page) == ("A draw", "Both players agreed to it.")
    assert cy.page.inner_text("#banner-text") == "A draw: both players agreed to it."

    di = arcane.crafted("rwdi")
    finished(di, 0, "round_cap", lambda view: view.update(round=60))
    assert di.page.inner_text("#banner-text") == "Rwcy won: the last round was played."


@pytest.fixture(scope="module")
def codex(browser, live_server_url):
    """Seat 0's page of a fresh Codex 1v1, routed (see Crafted)."""
    yield from crafted_match(browser, live_server_url, "rweve", "rwfay")


def codex_finished(crafted: Crafted, winners: list, reason: str, change=lambda view: None, by=None) -> dict:
    """As finished() for a Codex view: ``winners`` the winning seats (a
    team's both in Two-Headed Dragon, [] a draw); ``by``: the seat whose
    concession ended it, as the server's result says (``conceded_by``),
    None: left out, as an older server sent it."""
    frame = crafted.frame()
    one = winners[0] if len(winners) == 1 else None
    frame["status"] = "finished"
    frame["result"] = {"winner": one, "winners": winners, "reason": reason}
    if by is not None:
        frame["result"]["conceded_by"] = by
    frame["legal_actions"] = []
    frame["view"].update(status="finished", winner=one, winners=winners, result_reason=reason, prompt=None)
    change(frame["view"])
    crafted.send(frame)
    crafted.page.locator("#result-dialog[open]").wait_for()
    return frame


def fresh(crafted: Crafted) -> Crafted:
    """Another page of the same user and match (a result dialog opens once a page)."""
    page = crafted.page.context.new_page()
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    return Crafted(page, crafted.url)


def destroyed(*teams):
    """A change for codex_finished: the bases of ``teams`` at 0 HP."""

    def change(view):
        for team in teams:
            view["teams"][team]["damage"] = view["teams"][team]["hp"]

    return change


def shoot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png")


def test_codex_who_conceded_a_1v1_is_named(codex):
    codex_finished(codex, [1], "concession")
    assert codex.page.inner_text("#banner-text") == "Game over — Rwfay wins (you conceded)."
    # The dialog: the title, then how it ended, not "Game over — …" again.
    assert dialog(codex.page) == ("You lost", "You conceded; Rwfay wins.")
    shoot(codex.page, "result-codex-conceded")


def test_codex_whose_base_was_destroyed_is_named(codex):
    eve = fresh(codex)
    codex_finished(eve, [0], "base destroyed", destroyed(1))
    assert dialog(eve.page) == ("You won!", "Rwfay's base was destroyed.")
    assert eve.page.inner_text("#banner-text") == "Game over — You win (Rwfay's base was destroyed)."
    assert eve.page.errors == []
    eve.page.close()

    top = fresh(codex)
    codex_finished(top, [1], "highest base")
    assert dialog(top.page) == ("You lost", "Rwfay had the highest base after the last round.")  # the winner once
    assert top.page.errors == []
    top.page.close()

    both = fresh(codex)
    codex_finished(both, [], "base destroyed", destroyed(0, 1))
    assert dialog(both.page) == ("Game over", "Your base and Rwfay's were destroyed.")
    assert both.page.errors == []
    both.page.close()


@pytest.fixture(scope="module")
def dragon(browser, live_server_url):
    """Seat 0's page of a Two-Headed Dragon match, routed (see Crafted):
    Rwgus with a greedy bot partner (seat 1) against two greedy bots."""
    gus = signup(browser, live_server_url, "rwgus", **DESKTOP)
    match_id = start_against_bots(gus, "2hg", 3, is_public=False, allow_spectators=False)
    pages = Pages({"rwgus": gus}, f"{live_server_url}/match/{match_id}/")
    yield pages
    pages.check()


def team_names(frame, team: int) -> str:
    return " & ".join(p["name"] for p in frame["view"]["players"] if p["team"] == team)


def test_two_headed_dragon_says_which_team_conceded(dragon):
    won = dragon.crafted("rwgus")
    frame = codex_finished(won, [0, 1], "concession")
    assert dialog(won.page) == ("Your team won!", "The other team conceded.")
    assert won.page.inner_text("#banner-text") == "Game over — Your team wins (the other team conceded)."
    shoot(won.page, "result-dragon-other-team-conceded")

    lost = dragon.crafted("rwgus")
    codex_finished(lost, [2, 3], "concession")
    them = team_names(frame, 1)
    assert dialog(lost.page) == ("Your team lost", f"Your team conceded; {them} win.")


def test_two_headed_dragon_says_whose_base_was_destroyed(dragon):
    won = dragon.crafted("rwgus")
    frame = codex_finished(won, [0, 1], "base destroyed", destroyed(1))
    them = team_names(frame, 1)
    assert dialog(won.page) == ("Your team won!", f"{them}'s base was destroyed.")
    shoot(won.page, "result-dragon-base")

    lost = dragon.crafted("rwgus")
    codex_finished(lost, [2, 3], "base destroyed", destroyed(0))
    assert dialog(lost.page) == ("Your team lost", f"Your team's base was destroyed; {them} win.")
    assert lost.page.inner_text("#banner-text") == f"Game over — {them} win (your team's base was destroyed)."


def test_two_headed_dragon_names_the_player_who_conceded(dragon):
    """The frame's result says who conceded (``conceded_by``): the dialog
    names that player, not only the team."""
    won = dragon.crafted("rwgus")
    frame = codex_finished(won, [0, 1], "concession", by=2)
    conceder = frame["view"]["players"][2]["name"]
    assert dialog(won.page) == ("Your team won!", f"{conceder} conceded.")
    assert won.page.inner_text("#banner-text") == f"Game over — Your team wins ({conceder} conceded)."
    shoot(won.page, "result-dragon-player-conceded")

    them = team_names(frame, 1)
    partner = dragon.crafted("rwgus")
    codex_finished(partner, [2, 3], "concession", by=1)
    assert dialog(partner.page) == ("Your team lost", f"{frame['view']['players'][1]['name']} conceded; {them} win.")

    mine = dragon.crafted("rwgus")
    codex_finished(mine, [2, 3], "concession", by=0)
    assert dialog(mine.page) == ("Your team lost", f"You conceded; {them} win.")


@pytest.fixture(scope="module")
def ffa(browser, live_server_url):
    """Seat 0's page of a 3-player free-for-all, routed (see Crafted):
    Rwhal against two greedy bots."""
    hal = signup(browser, live_server_url, "rwhal", **DESKTOP)
    table = api(
        hal, "POST", "/api/tables/", {"mode": "ffa", "seat_count": 3, "is_public": False, "allow_spectators": False}
    )
    api(hal, "PATCH", f"/api/tables/{table['id']}/seat/", {"heroes": ["troq_bashar"], "ready": True})
    for index in (1, 2):
        api(hal, "POST", f"/api/tables/{table['id']}/bot/", {"index": index, "kind": "greedy"})
    match_id = api(hal, "POST", f"/api/tables/{table['id']}/start/")["match_id"]
    pages = Pages({"rwhal": hal}, f"{live_server_url}/match/{match_id}/")
    yield pages
    pages.check()


def test_a_concession_that_ends_a_free_for_all_reads_as_one(ffa):
    """A free-for-all concession ends the game as the conceder's base
    falling (house rule R28: the engine's reason is "base destroyed"): the
    dialog said "<name>'s base was destroyed". With who conceded in the
    result it says that they conceded, and who won."""
    won = ffa.crafted("rwhal")
    frame = codex_finished(won, [0], "base destroyed", destroyed(2), by=2)
    cy = frame["view"]["players"][2]["name"]
    bo = frame["view"]["players"][1]["name"]
    assert dialog(won.page) == ("You won!", f"{cy} conceded.")
    assert won.page.inner_text("#banner-text") == f"Game over — You win ({cy} conceded)."
    shoot(won.page, "result-ffa-conceded-won")

    lost = ffa.crafted("rwhal")
    codex_finished(lost, [1], "base destroyed", destroyed(2), by=2)
    assert dialog(lost.page) == ("You lost", f"{cy} conceded; {bo} wins.")

    mine = ffa.crafted("rwhal")
    codex_finished(mine, [1], "base destroyed", destroyed(0), by=0)
    assert dialog(mine.page) == ("You lost", f"You conceded; {bo} wins.")
    shoot(mine.page, "result-ffa-you-conceded")

    fell = ffa.crafted("rwhal")  # a base brought down by an attack: whose, as before
    codex_finished(fell, [1], "base destroyed", destroyed(2))
    assert dialog(fell.page) == ("You lost", f"{cy}'s base was destroyed; {bo} wins.")
