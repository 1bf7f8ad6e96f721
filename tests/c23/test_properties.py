"""Property tests of C-23 (issue 18, "Done when"): seeded random 2- and
3-player games reach a result with the invariants checked after every
action (game/c23/invariants.py: cards conserved, no hidden card in another
viewer's view), and replays from the action log end byte for byte equal.

`make test` plays a few; `make soak` plays 500 games and 100 replays. The
counts come from C23_PROPERTY_GAMES and C23_REPLAY_GAMES."""

import json
import os

import pytest

from game.c23 import apply_action, legal_actions, new_game
from game.c23.bots import GreedyBot, RandomBot, next_to_act, play_game
from game.c23.invariants import check_all

GAMES = int(os.environ.get("C23_PROPERTY_GAMES", "12"))
REPLAYS = int(os.environ.get("C23_REPLAY_GAMES", "4"))
MAX_ACTIONS = 3000
COLOURS = ("red", "blue", "green")
pytestmark = pytest.mark.timeout(1200)


def chunks(games: int, most: int) -> range:
    return range(max(1, min(games, most)))


def config(seed: int) -> dict:
    """Two players on even seeds, three on odd; the starters rotate, and
    every fifth game takes a table option off its default (K2, K4, K5, K11, K24)."""
    players = 2 + seed % 2
    options = [
        {},
        {"summoning_sickness": True},
        {"deck_out": "draw"},
        {"combat_cards_each": 2},
        {"elimination_bonus": False, "simultaneous_loss": "active_loses"},
    ][seed // 2 % 5]
    return {
        "game": "c23",
        "seed": seed,
        "options": options,
        "seats": [{"name": f"P{i}", "deck": COLOURS[(seed + i * (1 + seed % 2)) % 3]} for i in range(players)],
    }


class ShowingBot(RandomBot):
    """A random bot that now and then shows its hand (3 players, K19) or concedes (K24), so the
    invariants also see shown hands and eliminations by concession."""

    def choose(self, state, seat):
        roll = self.rng.random()
        if roll < 0.002:
            return {"type": "concede"}
        if roll < 0.03 and len(state["players"]) == 3 and not state["players"][seat]["revealed"]:
            return {"type": "reveal_hand"}
        return super().choose(state, seat)


def bots(seed: int) -> list:
    n = 2 + seed % 2
    kinds = (GreedyBot, RandomBot, ShowingBot)
    return [kinds[(seed + i) % 3](seed * 5 + i) for i in range(n)]


def _check(state, seat, action):
    check_all(state)


@pytest.mark.parametrize("chunk", chunks(GAMES, 50))
def test_random_games_reach_a_result_with_the_invariants(chunk):
    """GAMES seeded games, invariants after every action, each ending in a result."""
    count = len(chunks(GAMES, 50))
    unfinished = []
    for seed in range(chunk * GAMES // count, (chunk + 1) * GAMES // count):
        state, _ = play_game(config(seed), bots(seed), max_actions=MAX_ACTIONS, on_action=_check)
        if state["status"] != "finished":
            unfinished.append(seed)
        assert state["result"] in ("win", "draw") or state["status"] == "playing"
    assert not unfinished, f"games that did not finish: {unfinished}"


@pytest.mark.parametrize("chunk", chunks(REPLAYS, 10))
def test_replays_are_byte_for_byte(chunk):
    """REPLAYS games replayed from config + action log (through JSON) give the same state JSON."""
    count = len(chunks(REPLAYS, 10))
    for seed in range(chunk * REPLAYS // count, (chunk + 1) * REPLAYS // count):
        final, log = play_game(config(50_000 + seed), bots(seed))
        replayed = new_game(config(50_000 + seed))
        for seat, action in log:
            replayed, _ = apply_action(replayed, seat, json.loads(json.dumps(action)))
        assert json.dumps(replayed) == json.dumps(final)
        assert json.loads(json.dumps(final)) == final


def test_a_state_stored_with_sorted_keys_plays_on_the_same():
    """A state stored as JSON with its keys sorted (PostgreSQL's jsonb) plays on exactly like
    the original: the engine never counts on a dict's key order."""
    for seed in (1, 2):
        state, _ = play_game(config(seed), bots(seed), max_actions=25)
        stored = json.loads(json.dumps(state, sort_keys=True))
        a_bots, b_bots = bots(seed + 100), bots(seed + 100)
        for _ in range(300):
            if state["status"] != "playing":
                break
            seat = next_to_act(state)
            act_a, act_b = a_bots[seat].choose(state, seat), b_bots[seat].choose(stored, seat)
            assert act_a == act_b
            state, _ = apply_action(state, seat, act_a)
            stored, _ = apply_action(stored, seat, act_b)
        assert json.dumps(state, sort_keys=True) == json.dumps(stored, sort_keys=True)


def test_in_place_and_copying_agree_and_legal_actions_are_legal():
    """apply_action_in_place gives the same state as apply_action; every listed action passes."""
    from game.c23 import apply_action_in_place, copy_state, is_legal

    state, log = play_game(config(7), bots(7))
    replay = copy_state(new_game(config(7)))
    for seat, action in log:
        assert all(is_legal(replay, seat, a) for a in legal_actions(replay, seat))
        copied, _ = apply_action(replay, seat, action)
        apply_action_in_place(replay, seat, action)
        assert json.dumps(copied) == json.dumps(replay)
    assert json.dumps(replay) == json.dumps(state)


def test_greedy_beats_random_mostly():
    """The greedy bot wins most 2-player games against the random bot."""
    wins = 0
    for seed in range(20):
        cfg = {"game": "c23", "seed": seed, "seats": [{"deck": COLOURS[seed % 3]}, {"deck": COLOURS[(seed + 1) % 3]}]}
        state, _ = play_game(cfg, [GreedyBot(seed), RandomBot(seed)])
        wins += state["winner"] == 0
    assert wins >= 16
