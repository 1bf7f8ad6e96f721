"""No Arcane Codex log line names a card to an audience that could not see
it (issue 27, point 1; house rule A31: hands and the deck are hidden, the
discard pile, the banished cards and the arena are public).

The scan (tests/log_scan.py) plays the property tests' seeded games (every
table option, random and greedy bots) and reads each log line as both
seats and the spectators get it. `make test` plays ARCANE_LOG_SCAN_GAMES
games (few); `make soak` many more.
"""

import os

import pytest

from game.arcane import apply_action, cards, new_game, view
from game.arcane.bots import play_game
from tests.arcane.test_properties import bots, config
from tests.log_scan import LogScan, NameMatcher, card_name_in

GAMES = int(os.environ.get("ARCANE_LOG_SCAN_GAMES", "8"))
MAX_ACTIONS = 4000
# Every card of the 52 by its printed label ("7\u2666"): what a line names.
MATCHER = NameMatcher(
    [
        cards.label(rank + suit)
        for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
        for suit in "SHDC"
    ],
    word_edges=False,
)

pytestmark = pytest.mark.timeout(1200)


def played_face_up(action: dict, seat: int, before: dict, audience) -> list:
    """A card played or discarded from hand is shown to everyone (it
    enters the arena, is cast, or lies face up in the discard pile), even
    if it is gone within the action (a reshuffle of the discard pile into
    the deck)."""
    if action.get("type") not in ("play", "discard"):
        return []
    label = card_name_in(before[seat], action["card"], "id", "label")
    return [label] if label else []


@pytest.mark.parametrize("seed", range(GAMES))
def test_no_log_line_names_a_card_its_reader_could_not_see(seed):
    scan = LogScan(f"arcane game {seed}", [0, 1, None], view, MATCHER, shown_by=played_face_up)
    scan.start(new_game(config(seed)))
    play_game(config(seed), bots(seed), MAX_ACTIONS, on_action=scan.after)
    assert scan.lines_read > 50
    assert not scan.failures, "\n".join(scan.failures[:20])


def test_a_drawn_card_is_named_to_its_player_only():
    """A31: North reads which card she drew, South and the spectators that
    she drew one."""
    state = new_game(config(0))
    seat = state["active"]
    drawn = state["players"][seat]["hand"][-1]
    label = cards.label(state["cards"][drawn]["card"])
    mine = [e["text"] for e in view(state, seat)["log"]]
    assert any(label in t for t in mine)
    for other in (1 - seat, None):
        texts = [e["text"] for e in view(state, other)["log"]]
        assert not any(label in t for t in texts)
        assert any(t == f"{state['players'][seat]['name']} draws a card." for t in texts)


def test_a_discarded_card_is_named_to_everyone():
    """A31: the discard pile is public, so the card a player discards
    from hand (the hand limit, Mind Drain) is named to all."""
    state = new_game(config(0))
    seat = state["active"]
    state["prompt"] = {"seat": seat, "kind": "hand_limit", "left": 1}
    state["phase"] = "end"
    card = state["players"][seat]["hand"][0]
    label = cards.label(state["cards"][card]["card"])
    state, _ = apply_action(state, seat, {"type": "discard", "card": card})
    for viewer in (0, 1, None):
        assert any(f"discards {label}," in e["text"] for e in view(state, viewer)["log"])
