"""The bots' faster path (issue 30, point 3) plays the same games byte for
byte: a bot game whose bots choose inside a reading block of the state,
whose memo the action's check then reads (game.kernel.bots.play_out with
``read``), against the same game without it; a refused action with that
memo changes nothing; the HP the state-based checks read in one pass
(stats.hp_reader) is stats.hp's; the fused settled check still sees a
second copy of a legendary."""

import json

import pytest

from game.codex import checks, stats
from game.codex.bots import GreedyBot, RandomBot, _next_to_act
from game.codex.definition import RULES
from game.codex.state import make_instance
from game.kernel.bots import play_out
from game.rules import RulesError, copy_state, legal_actions, new_game

from .helpers import random_config, scenario_game

MODES = [("1hero", 2, 1), ("3hero", 2, 3), ("ffa", 3, 1)]


def _bots(seats, seed):
    return [(GreedyBot if (seed + i) % 2 else RandomBot)(seed * 10 + i) for i in range(seats)]


@pytest.mark.parametrize("mode,seats,per_seat", MODES)
def test_play_out_with_the_listing_memo_plays_the_same_game(mode, seats, per_seat):
    """The same bots from the same config, with and without ``read``: the
    same actions and, after each, the same state JSON (key order too)."""
    config = random_config(mode, seats, per_seat, 7)
    seen = {True: [], False: []}
    for memo in (True, False):
        state = copy_state(new_game(config))
        log = play_out(
            state,
            _bots(seats, 7),
            RULES.apply_action_in_place,
            _next_to_act,
            300,
            lambda s, _seat, _a, memo=memo: seen[memo].append(json.dumps(s)),
            RULES.read if memo else None,
        )
        seen[memo].append(json.dumps(log))
    assert len(seen[True]) > 50
    assert seen[True] == seen[False]


def test_a_refused_action_with_the_listing_memo_changes_nothing():
    """A memo filled by a listing, then an action the check refuses: the
    same RulesError as without it, and the state as it was."""
    state = copy_state(new_game(random_config("1hero", 2, 1, 3)))
    seat = _next_to_act(state, 0)
    memo = {}
    with RULES.read(state, memo):
        listed = legal_actions(state, seat)
    assert listed and memo
    before = json.dumps(state)
    hand = state["players"][seat]["hand"][0]
    refused = {"type": "play", "card": hand, "targets": ["nobody"]}
    with pytest.raises(RulesError) as plain:
        RULES.apply_action_in_place(copy_state(state), seat, dict(refused))
    with pytest.raises(RulesError) as with_memo:
        RULES.apply_action_in_place(state, seat, dict(refused), memo)
    assert (with_memo.value.code, str(with_memo.value)) == (plain.value.code, str(plain.value))
    assert json.dumps(state) == before


@pytest.mark.parametrize("mode,seats,per_seat", MODES)
def test_the_hp_read_in_one_pass_is_stats_hp(mode, seats, per_seat):
    """After every action of a bot game, each thing in play: hp_reader's
    HP equals stats.hp's and compute's, inside one frozen block and alone."""
    checked = []

    def compare(state, _seat, _action):
        cards = state["cards"]
        with stats.frozen(state):
            read = stats.hp_reader(state)
            for p in state["players"]:
                for iid in p["play"]:
                    got = read(iid, cards[iid])
                    assert got == stats.hp(state, iid) == stats.compute(state, iid)["hp"], iid
                    checked.append(got)
        for p in state["players"]:
            for iid in p["play"]:
                assert stats.hp(state, iid) == stats.compute(state, iid)["hp"]

    state = copy_state(new_game(random_config(mode, seats, per_seat, 5)))
    play_out(state, _bots(seats, 5), RULES.apply_action_in_place, _next_to_act, 250, compare, RULES.read)
    assert len(checked) > 100


def test_a_second_legendary_copy_is_not_settled():
    """A second copy of a legendary unit put straight into a player's play
    (as a control change leaves it): the settled check says there is work,
    and the round discards that copy."""
    state = scenario_game([{"play": [{"card": "galina_glimmer", "id": "first"}]}, {"play": []}])
    assert checks._settled(state)
    second = make_instance(state, "galina_glimmer", 0, "play")
    assert not checks._settled(state)
    checks.state_based_checks(state)
    p = state["players"][0]
    assert second not in p["play"]
    assert [state["cards"][i]["card"] for i in p["discard"]].count("galina_glimmer") == 1
    assert [state["cards"][i]["card"] for i in p["play"]].count("galina_glimmer") == 1
    assert checks._settled(state)
