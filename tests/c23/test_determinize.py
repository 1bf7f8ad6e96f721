"""determinize(state, seat, rng) (issue 28): what the seat sees stays, what
is hidden from it is re-dealt. Checked over states of seeded random 2- and
3-player games, for every seat and a spectator."""

import random

from game.c23 import apply_action, copy_state, determinize, legal_actions, view
from game.c23.bots import RandomBot, play_game
from game.c23.invariants import check_all
from game.c23.state import hidden_from
from tests.c23.helpers import scenario
from tests.c23.test_properties import bots, config

SEEDS = range(6)


def _owned_hidden(state, seat, owner):
    """The names of ``owner``'s cards hidden from ``seat``, sorted."""
    return sorted(state["cards"][i]["card"] for i in hidden_from(state, seat) if state["cards"][i]["owner"] == owner)


def _hidden_names(state, seat):
    return [state["cards"][i]["card"] for i in hidden_from(state, seat)]


def test_the_seat_sees_the_same_and_may_do_the_same():
    """The seat's view and legal actions of the determinized state are those
    of the real one; the state is unchanged; the invariants hold."""
    checked = 0
    for seed in SEEDS:
        state, actions = play_game(config(seed), bots(seed), max_actions=200)
        for seat in [None, *range(len(state["players"]))]:
            before = copy_state(state)
            for k in range(3):
                world = determinize(state, seat, random.Random(k))
                assert view(world, seat) == view(state, seat)
                if seat is not None:
                    assert legal_actions(world, seat) == legal_actions(state, seat)
                check_all(world)
                checked += 1
            assert state == before
    assert checked >= 60


def test_along_whole_games_the_view_is_kept_and_the_hidden_cards_move():
    """At many points of many games: the same view for every viewer; with
    enough hidden cards of two names, two generators deal them differently;
    the owners' hidden cards keep their names as a multiset."""
    differed = 0
    for seed in SEEDS:
        seen = []

        def keep(state, seat, action, seen=seen):
            if len(seen) < 40:
                seen.append(copy_state(state))

        play_game(config(seed), bots(seed), max_actions=400, on_action=keep)
        for state in seen[::5]:
            for seat in range(len(state["players"])):
                worlds = [determinize(state, seat, random.Random(k)) for k in range(4)]
                for world in worlds:
                    assert view(world, seat) == view(state, seat)
                    for p in state["players"]:
                        assert _owned_hidden(world, seat, p["seat"]) == _owned_hidden(state, seat, p["seat"])
                deals = {tuple(_hidden_names(w, seat)) for w in worlds}
                if len(set(_hidden_names(state, seat))) > 1:
                    assert len(deals) > 1
                    differed += 1
    assert differed >= 20


def test_the_opponents_hand_and_both_decks_are_re_dealt_not_the_own_hand():
    """A scenario: the seat's own hand and every public card stay; the
    other's hand and the decks take cards from their owner's hidden pool."""
    state = scenario(
        [
            {"hand": ["Ember Mote", "Ashen Scout"], "deck": ["Old Bough"] * 5 + ["Cinder Vein"] * 5},
            {"hand": ["Tide Pool", "Reef Sentry", "Surge"], "deck": ["Old Bough"] * 4 + ["Riptide"] * 4},
        ]
    )
    changed = set()
    for k in range(20):
        world = determinize(state, 0, random.Random(k))
        assert [world["cards"][i]["card"] for i in world["players"][0]["hand"]] == ["Ember Mote", "Ashen Scout"]
        for zone in ("hand", "deck"):
            ids = world["players"][1][zone]
            changed.add((zone, tuple(world["cards"][i]["card"] for i in ids)))
        assert world["rng"] != state["rng"]
    assert len({c for z, c in changed if z == "hand"}) > 1
    assert len({c for z, c in changed if z == "deck"}) > 1


def test_a_determinized_state_plays_on():
    """Search bots play from a determinized state: random games finish or run on without an error."""
    for seed in SEEDS:
        state, _ = play_game(config(seed), bots(seed), max_actions=120)
        world = determinize(state, 0, random.Random(seed))
        bot = RandomBot(seed)
        for _ in range(200):
            if world["status"] != "playing":
                break
            seat = world["prompt"]["seat"] if world["prompt"] else world["active"]
            action = bot.choose(world, seat)
            if action is None:
                break
            world = apply_action(world, seat, action)[0]
            check_all(world)
