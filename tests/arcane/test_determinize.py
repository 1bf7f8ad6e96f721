"""determinize(state, seat, rng) (issue 28): what the seat sees stays, what
is hidden from it (the deck, the other hands; A31) is re-dealt. Checked
over many positions of seeded bot games, for both seats and a spectator."""

import random

from game.arcane import ENGINE, copy_state, legal_actions, view
from game.arcane.bots import RandomBot, play_game
from game.arcane.determinize import determinize
from game.arcane.invariants import check_all, hidden_from
from game.arcane.moves import apply_action_in_place, waiting_on
from game.arcane.state import HIDDEN_ZONES
from tests.arcane.helpers import position
from tests.arcane.test_properties import bots, config

SEEDS = range(6)
VIEWERS = (0, 1, None)


def _positions(seed, every=10, keep=15):
    """Copies of every ``every``-th state of a seeded bot game, at most ``keep``."""
    seen = []

    def snap(state, _seat, _action):
        if len(seen) < keep * every:
            seen.append(copy_state(state))

    play_game(config(seed), bots(seed), max_actions=keep * every, on_action=snap)
    return seen[::every]


def _hidden_ids(state, seat):
    """The ids of the cards hidden from ``seat``, in order: the deck, then the other hands."""
    return list(state["deck"]) + [cid for p in state["players"] if p["seat"] != seat for cid in p["hand"]]


def _hidden_names(state, seat):
    """The codes of the cards hidden from ``seat``, in the order of :func:`_hidden_ids`."""
    return [state["cards"][cid]["card"] for cid in _hidden_ids(state, seat)]


def _zone_counts(state):
    """The deck's size and each hand's."""
    return [len(state["deck"])] + [len(p["hand"]) for p in state["players"]]


def test_the_game_registers_it():
    """The kernel's Game object for Arcane carries it (issue 28)."""
    assert ENGINE.determinize is determinize


def test_the_seat_sees_the_same_and_may_do_the_same():
    """At many points of many games, for every seat and a spectator: the
    view and legal actions of the determinized state are those of the real
    one; the invariants hold; the real state is unchanged."""
    checked = 0
    for seed in SEEDS:
        for state in _positions(seed):
            before = copy_state(state)
            for seat in VIEWERS:
                for k in range(2):
                    world = determinize(state, seat, random.Random(k))
                    assert view(world, seat) == view(state, seat)
                    if seat is not None:
                        assert legal_actions(world, seat) == legal_actions(state, seat)
                    check_all(world)
                    assert _zone_counts(world) == _zone_counts(state)
                    assert hidden_from(world, seat) == hidden_from(state, seat)
                    checked += 1
            assert state == before
    assert checked >= 200


def test_the_hidden_cards_move_and_the_seen_ones_stay():
    """Only the cards hidden from the seat change: every other card keeps
    its code where it is, the hidden codes keep their multiset, two
    generators deal them differently, and the generator's key is new."""
    differed = 0
    for seed in SEEDS:
        for state in _positions(seed, every=25, keep=6):
            for seat in VIEWERS:
                hidden = hidden_from(state, seat)
                worlds = [determinize(state, seat, random.Random(k)) for k in range(4)]
                for world in worlds:
                    for cid, card in state["cards"].items():
                        if cid not in hidden:
                            assert world["cards"][cid] == card
                    assert sorted(_hidden_names(world, seat)) == sorted(_hidden_names(state, seat))
                    assert world["rng"]["key"] != state["rng"]["key"]
                    assert world["rng"]["n"] == 0
                assert len({w["rng"]["key"] for w in worlds}) == len(worlds)
                if len(set(_hidden_names(state, seat))) > 1:
                    assert len({tuple(_hidden_names(w, seat)) for w in worlds}) > 1
                    differed += 1
    assert differed >= 50


def test_the_opponents_hand_and_the_deck_are_re_dealt_not_the_own_hand():
    """A scenario: North's hand and every public card stay; South's hand and
    the deck take their cards from the pool hidden from North; for a
    spectator both hands are re-dealt."""
    state = position(
        [
            {"hand": ["2H", "KS"], "lands": ["AS"], "creatures": ["5H"]},
            {"hand": ["8S", "3D", "QC"], "creatures": [{"card": "7D", "arrived": True}]},
        ],
        discard=["2S"],
        banished=["10H"],
    )
    public = {cid: dict(c) for cid, c in state["cards"].items() if c["zone"] not in HIDDEN_ZONES}
    south_hands, deck_orders, north_hands = set(), set(), set()
    for k in range(20):
        world = determinize(state, 0, random.Random(k))
        assert [world["cards"][c]["card"] for c in world["players"][0]["hand"]] == ["2H", "KS"]
        assert {cid: world["cards"][cid] for cid in public} == public
        south = tuple(world["cards"][c]["card"] for c in world["players"][1]["hand"])
        assert not {"2H", "KS", "AS", "5H", "7D", "2S", "10H"} & set(south)
        south_hands.add(south)
        deck_orders.add(tuple(world["cards"][c]["card"] for c in world["deck"]))
        spectator = determinize(state, None, random.Random(k))
        north_hands.add(tuple(spectator["cards"][c]["card"] for c in spectator["players"][0]["hand"]))
    assert len(south_hands) > 1 and len(deck_orders) > 1 and len(north_hands) > 1


def test_a_determinized_state_plays_on_to_the_end():
    """Search bots play from a determinized state: random bots finish the
    game with the invariants after every action."""
    played = 0
    for seed in SEEDS:
        for state in _positions(seed, every=40, keep=3):
            world = determinize(state, seed % 2, random.Random(seed))
            players = [RandomBot(seed), RandomBot(seed + 1)]
            for _ in range(4000):
                if world["status"] != "playing":
                    break
                seat = waiting_on(world)[0]
                apply_action_in_place(world, seat, players[seat].choose(world, seat))
                check_all(world)
                played += 1
            assert world["status"] == "finished", seed
    assert played >= 500
