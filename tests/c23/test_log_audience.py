"""No C-23 log line names a card to an audience that could not see it
(issue 27, point 1; house rule K19: decks and hands are hidden, a hand
shown to everybody in a 3-player game is not, discard piles and cards in
play are public).

The scan (tests/log_scan.py) plays the property tests' seeded games (2 and
3 players, every starter, the table options, random, greedy and
hand-showing bots) and reads each log line as every seat and the
spectators get it. `make test` plays C23_LOG_SCAN_GAMES games (few);
`make soak` many more.
"""

import os

import pytest

from game.c23 import cards, new_game, view
from game.c23.bots import play_game
from tests.c23.helpers import act, find, names, scenario
from tests.c23.test_properties import bots, config
from tests.log_scan import LogScan, NameMatcher, card_name_in

GAMES = int(os.environ.get("C23_LOG_SCAN_GAMES", "8"))
MATCHER = NameMatcher(cards.pool())
PLAYED = ("play", "play_resource", "combat_card")

pytestmark = pytest.mark.timeout(1200)


class Oracle:
    """What each action shows, by the rules rather than by the log (K19):
    a card played from hand is public (in play, or face up in the discard
    pile once resolved) even if it leaves within the action; the cards a
    player discards from the deck go face up to the discard pile, even
    when the deck runs out and the player's cards leave the game at once
    (K24): then the views never show them, so the deck of a player put
    out by the action counts as shown. It reads the state before each
    action."""

    def __init__(self, state: dict):
        self.snapshot(state)

    def snapshot(self, state: dict) -> None:
        """Keep each seat's deck and whether it is out (before the next action)."""
        self.decks = [{state["cards"][i]["card"] for i in p["deck"]} for p in state["players"]]
        self.out = [p["out"] for p in state["players"]]
        self.now_out = list(self.out)

    def after(self, state: dict) -> None:
        """Note who the action put out (called before the scan reads it)."""
        self.now_out = [p["out"] for p in state["players"]]

    def shown_by(self, action: dict, seat: int, before: dict, audience) -> set:
        """The names ``action`` of ``seat`` shows ``audience`` (LogScan)."""
        shown = set()
        if action.get("type") in PLAYED:
            played = card_name_in(before[seat], action["card"], "id")
            shown |= {played} if played else set()
        for other, deck in enumerate(self.decks):
            if self.now_out[other] and not self.out[other]:
                shown |= deck
        return shown


def scan_game(seed: int) -> LogScan:
    """Play the property tests' game ``seed`` with every seat and the
    spectators reading the log."""
    cfg = config(seed)
    first = new_game(cfg)
    oracle = Oracle(first)
    scan = LogScan(f"c23 game {seed}", list(range(len(cfg["seats"]))) + [None], view, MATCHER, shown_by=oracle.shown_by)
    scan.start(first)

    def after(state, seat, action):
        oracle.after(state)
        scan.after(state, seat, action)
        oracle.snapshot(state)

    play_game(cfg, bots(seed), on_action=after)
    return scan


@pytest.mark.parametrize("seed", range(GAMES))
def test_no_log_line_names_a_card_its_reader_could_not_see(seed):
    scan = scan_game(seed)
    assert scan.lines_read > 50
    assert not scan.failures, "\n".join(scan.failures[:20])


def test_a_card_taken_from_the_discard_pile_is_named_to_everyone():
    """Second Spring: the card was face up in the discard pile (K19) when
    Ana took it into her hand, so everyone reads its name (the line is
    told before it enters the hidden hand); her other card stays unnamed."""
    state = scenario(
        [
            {
                "hand": ["Second Spring", "Elder Stag"],
                "resources": ["Moss Root", "Fern Glade"],
                "discard": ["Briar Wolf"],
            },
            {},
        ]
    )
    spring, wolf = find(state, 0, "hand", "Second Spring"), find(state, 0, "discard", "Briar Wolf")
    state = act(state, 0, {"type": "play", "card": spring, "pay": state["players"][0]["resources"], "target": wolf})
    assert names(state, 0, "hand") == ["Elder Stag", "Briar Wolf"]
    for viewer in (0, 1, None):
        said = [e["text"] for e in view(state, viewer)["log"]]
        assert "Ana takes Briar Wolf from the discard pile into their hand." in said
        assert not any("Elder Stag" in t for t in said)


def test_a_drawn_card_is_named_to_its_player_only():
    """K19: Bo reads which cards he drew; Ana and the spectators how many."""
    state = scenario([{"deck": ["Briar Wolf", "Elder Stag"] + ["Old Bough"] * 8}, {}], step="main")
    state = act(state, 0, {"type": "end_turn"})
    state = act(state, 1, {"type": "end_turn"})
    for viewer in (1, None):
        said = [e["text"] for e in view(state, viewer)["log"]]
        assert not any("Briar Wolf" in t for t in said)
    mine = [e["text"] for e in view(state, 0)["log"]]
    assert "You draw Briar Wolf." in mine and "Ana draws 1 card." in mine
