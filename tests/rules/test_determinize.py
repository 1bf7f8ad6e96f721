"""determinize(state, seat, rng) (game.codex.determinize; issue 28): over
positions of every mode (1-hero, 3-hero, Two-Headed Dragon, free-for-all)
the seat's view of the dealt copy is its view of the real state, the
hidden cards differ from one rng seed to another, the real state is left
as it was, and the copy plays on."""

import json
import random
import sys

import pytest

from game.codex.bots import RandomBot, _next_to_act, play_game
from game.codex.determinize import determinize
from game.codex.engine import copy_state
from game.rules import RulesError, apply_action_in_place, legal_actions, view
from tools.behaviour_corpus import _config

ROWS = ("1hero", "3hero", "2hg", "ffa-4")
EVERY = 23  # a position every this many actions
MAX_ACTIONS = 240


def _positions(row: str, seed: int) -> list:
    """Copies of the state of a random game of ``row`` every EVERY actions."""
    config = _config(row, seed)
    bots = [RandomBot(seed * 10 + i) for i in range(len(config["seats"]))]
    kept = []

    def keep(state, seat, action):
        if state["status"] == "playing" and len(kept) * EVERY < state["log_seq"]:
            kept.append(copy_state(state))

    play_game(config, bots, max_actions=MAX_ACTIONS, on_action=keep)
    return kept


def _hidden_from(state: dict, seat: int) -> list:
    """What ``seat`` cannot see, as the cards of every opponent's hidden
    zones and codex, and every deck's order."""
    out = []
    for p in state["players"]:
        out.append([state["cards"][i]["card"] for i in p["deck"]])
        if p["team"] != state["players"][seat]["team"]:
            out.append(sorted(state["cards"][i]["card"] for z in ("hand", "discard", "workers") for i in p[z]))
            out.append(sorted(p["codex"].items()))
    return out


@pytest.mark.parametrize("row", ROWS)
def test_the_seat_sees_the_same_game(row):
    for state in _positions(row, seed=2):
        before = json.dumps(state)
        for seat in range(len(state["players"])):
            dealt = determinize(state, seat, random.Random(seat))
            assert view(dealt, seat) == view(state, seat), (row, seat)
        assert json.dumps(state) == before  # the real state is unchanged


@pytest.mark.parametrize("row", ROWS)
def test_hidden_cards_differ_from_seed_to_seed(row):
    state = _positions(row, seed=3)[-1]
    for seat in range(len(state["players"])):
        deals = {json.dumps(_hidden_from(determinize(state, seat, random.Random(n)), seat)) for n in range(4)}
        assert len(deals) > 1, (row, seat)


def test_the_same_rng_deals_the_same_copy():
    state = _positions("1hero", seed=4)[-1]
    assert json.dumps(determinize(state, 0, random.Random(7))) == json.dumps(determinize(state, 0, random.Random(7)))


def test_counts_and_kinds_stay():
    """Every zone keeps its size; an opponent's codex keeps its size and
    holds spec cards only; an opponent's cards are the same multiset."""
    from game.codex import catalog

    for state in _positions("3hero", seed=5):
        dealt = determinize(state, 0, random.Random(1))
        for p, q in zip(state["players"], dealt["players"], strict=True):
            for zone in ("deck", "hand", "discard", "workers", "trash", "play", "command", "future"):
                assert p[zone] == q[zone]  # the same ids in the same places
            assert sum(p["codex"].values()) == sum(q["codex"].values())
            assert all(catalog.card(cid)["spec"] is not None for cid in q["codex"])
            hidden = ("deck", "hand", "discard", "workers", "trash")

            def cards_of(s, pl, hidden=hidden):
                return sorted(
                    [s["cards"][i]["card"] for z in hidden for i in pl[z]]
                    + [c for c, n in pl["codex"].items() for _ in range(n)]
                )

            assert cards_of(state, p) == cards_of(dealt, q)


@pytest.mark.parametrize("row", ROWS)
def test_the_dealt_copy_plays_on(row):
    state = _positions(row, seed=6)[-1]
    dealt = determinize(state, 1, random.Random(2))
    bots = [RandomBot(i) for i in range(len(dealt["players"]))]
    for step in range(60):
        if dealt["status"] != "playing":
            break
        seat = _next_to_act(dealt, step)
        assert legal_actions(dealt, seat) or dealt["status"] != "playing"
        action = bots[seat].choose(dealt, seat)
        if action is None:
            break
        apply_action_in_place(dealt, seat, action)


def test_a_seat_not_in_the_game_is_refused():
    state = _positions("1hero", seed=1)[0]
    with pytest.raises(RulesError):
        determinize(state, 5, random.Random(0))


def test_when_no_deal_matches_the_view_the_real_cards_still_stay_hidden(monkeypatch):
    """Every deal told apart from the seat's view (forced here): the copy is
    still a deal, never the real hidden cards (issue 30, never peek): two
    states that differ only in where an opponent's hidden cards are give the
    same copy."""
    state = _positions("1hero", seed=4)[-1]
    opponent = state["players"][1]
    hand, deck = opponent["hand"], opponent["deck"]
    a, b = next((h, d) for h in hand for d in deck if state["cards"][h]["card"] != state["cards"][d]["card"])
    swapped = copy_state(state)
    cards = swapped["cards"]
    cards[a]["card"], cards[b]["card"] = cards[b]["card"], cards[a]["card"]
    assert view(swapped, 0) == view(state, 0)  # seat 0 cannot tell them apart
    looks = iter(range(10**6))
    module = sys.modules[determinize.__module__]
    monkeypatch.setattr(module, "view", lambda s, seat: next(looks))  # no deal ever matches
    first = determinize(state, 0, random.Random(9))
    second = determinize(swapped, 0, random.Random(9))
    assert json.dumps(first["cards"], sort_keys=True) == json.dumps(second["cards"], sort_keys=True)
