"""Invariants of a C-23 state, checked after every action by the property
tests (tests/c23/test_properties.py). Each raises AssertionError.
"""

from game.kernel import hidden

from .state import State, hidden_from
from .view import view

ZONES = ("deck", "hand", "discard", "resources", "characters", "gone")


def check_all(state: State) -> None:
    """Every invariant below."""
    check_cards(state)
    check_prompt(state)
    check_views(state)


def check_cards(state: State) -> None:
    """Cards are conserved: each card in exactly one zone of its owner, each
    player still owning as many cards as they started with (K19: every card
    is in a deck, a hand, a discard pile, in play, or out of the game, K24)."""
    seen: dict[str, str] = {}
    for p in state["players"]:
        total = 0
        for zone in ZONES:
            for iid in p[zone]:
                assert iid not in seen, f"{iid} in two zones"
                seen[iid] = zone
                assert state["cards"][iid]["owner"] == p["seat"], f"{iid} in the wrong player's zone"
            total += len(p[zone])
        assert total == p["cards_owned"], f"seat {p['seat']} holds {total} of {p['cards_owned']} cards"
    assert set(seen) == set(state["cards"]), "a card in no zone"
    for iid, zone in seen.items():
        if zone not in ("resources", "characters"):
            assert not state["cards"][iid]["tapped"], f"{iid} tapped outside play"


def check_prompt(state: State) -> None:
    """A finished game has no prompt and no combat; a prompt goes to a player still in."""
    if state["status"] != "playing":
        assert state["prompt"] is None and state["combat"] is None
        return
    if state["prompt"] is not None:
        assert not state["players"][state["prompt"]["seat"]]["out"]
    assert not state["players"][state["active"]]["out"]


def check_views(state: State) -> None:
    """No hidden card id (and no generator key) appears anywhere in any
    viewer's view (game.kernel.hidden, unquoted: the strict form)."""
    viewers = [None, *(p["seat"] for p in state["players"])]
    hidden.check_views(state, view, viewers, hidden_from, secrets=[state["rng"]["key"]], quoted=False)
