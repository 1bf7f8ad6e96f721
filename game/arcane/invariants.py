"""Invariants of an Arcane Codex state, checked after every action by the
property tests (tests/arcane/test_properties.py): the 52 cards are
conserved (banished ones included, A28), each in one zone; nothing the
rules forbid is on the arena; no viewer sees a hidden card of someone else
(A31); the state is plain JSON. Each check raises AssertionError."""

import json

from . import cards
from .moves import legal_actions, waiting_on
from .state import SEAT_ZONES, SHARED_ZONES, all_ids, power_total, toughness
from .view import view


def check_cards(state: dict) -> None:
    """The 52 cards, each once, each in the zone it says (deck facts; A28)."""
    ids = all_ids(state)
    assert len(ids) == len(set(ids)) == len(state["cards"]) == 52, len(ids)
    assert sorted(c["card"] for c in state["cards"].values()) == sorted(cards.full_deck())
    for zone in SHARED_ZONES:
        assert all(state["cards"][c]["zone"] == zone for c in state[zone])
    for p in state["players"]:
        for zone in SEAT_ZONES:
            for c in p[zone]:
                card = state["cards"][c]
                assert card["zone"] == zone and card["seat"] == p["seat"], (c, zone)
                if zone != "hand":
                    assert (
                        cards.kind(card["card"])
                        == {
                            "lands": "land",
                            "creatures": "creature",
                            "relics": "relic",
                            "charms": "charm",
                            "sages": "sage",
                        }[zone]
                    )
    assert len(state["stack"]) <= 1


def check_arena(state: dict) -> None:
    """After an action resolves: no creature with lethal damage (A16), no
    sage at 0 essence, life at most 20 (A32: no life gain), the active
    player never spent more power than it has (A6); the game waits on exactly the seats with a real move."""
    active = state["players"][state["active"]]
    assert active["power_spent"] <= power_total(state, state["active"])
    for p in state["players"]:
        assert p["life"] <= 20
        for c in p["creatures"]:
            assert state["cards"][c]["damage"] < toughness(state, c)
        for c in p["sages"]:
            assert state["cards"][c]["essence"] > 0
    if state["status"] == "playing":
        for seat in (0, 1):
            moves = any(a["type"] not in ("concede", "offer_draw") for a in legal_actions(state, seat))
            assert moves == (seat in waiting_on(state)), seat
    else:
        assert state["phase"] == "over" and state["prompt"] is None


def check_views(state: dict) -> None:
    """A31: no deck id in any view; no hand id in any view but its owner's."""
    deck = set(state["deck"])
    for viewer in (0, 1, None):
        text = json.dumps(view(state, viewer))
        hidden = set(deck)
        for p in state["players"]:
            if p["seat"] != viewer:
                hidden.update(p["hand"])
        assert not any(f'"{c}"' in text for c in hidden), viewer


def check_all(state: dict) -> None:
    """Every check above, and a JSON round trip that changes nothing."""
    check_cards(state)
    check_arena(state)
    check_views(state)
    assert json.loads(json.dumps(state)) == state
