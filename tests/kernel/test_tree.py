"""The search tree past the root (game.kernel.tree, issue 30): it never
peeks (two states that differ only in cards hidden from the bot's seat
give the same action and values for one seed and budget, over positions
of every game and mode), it is reproducible, it grows nodes for the
later moves of the turn and the opponent's reply, and a level's ``tree``
selects it."""

import dataclasses
import json
import random

import pytest

import game.rules as rules
from game.kernel import game as kernel
from game.kernel.search import Level, SearchBot
from game.kernel.tree import TreeBot, search_bot

from .test_search import ROWS, _positions, _searched_actions

TREE = Level(iterations=16, depth=30, turns=2, tree="all")


@pytest.mark.parametrize("row", sorted(ROWS))
def test_a_tree_search_never_peeks(row):
    """Same seed and budget, states that differ only in cards hidden from
    the bot's seat (dealt again from its point of view) -> same action and
    the same values weighed."""
    differed = 0
    for state, seat in _positions(row, seed=2):
        engine = kernel.get(rules.game_of(state))
        other = engine.determinize(state, seat, random.Random(99))
        differed += json.dumps(other["cards"], sort_keys=True) != json.dumps(state["cards"], sort_keys=True)
        first = TreeBot(engine, seed=5, level=TREE)
        second = TreeBot(engine, seed=5, level=TREE)
        assert first.choose(state, seat) == second.choose(other, seat)
        assert first.last_choice == second.last_choice
    assert differed >= 2  # the property was put to the test


@pytest.mark.parametrize("row", ["codex-1hero", "arcane", "c23"])
def test_a_tree_search_is_reproducible_and_leaves_the_state_alone(row):
    state, seat = next((s, t) for s, t in _positions(row, seed=3) if len(_searched_actions(s, t)) > 1)
    engine = kernel.get(rules.game_of(state))
    before = json.dumps(state, sort_keys=True)
    runs = []
    for _ in range(2):
        bot = TreeBot(engine, seed=7, level=TREE)
        runs.append((bot.choose(state, seat), bot.last_choice, bot.last_iterations))
    assert json.dumps(state, sort_keys=True) == before
    assert runs[0] == runs[1]
    action, weighed, done = runs[0]
    assert rules.is_legal(state, seat, action)
    assert weighed[0].action == action
    assert done == TREE.iterations and sum(w.visits for w in weighed) <= done
    assert all(0.0 <= w.value <= 1.0 for w in weighed)


def _depth_and_seats(node, depth=0) -> tuple[int, set]:
    """The deepest edge under ``node`` (1: the root's) and the seats that
    own its edges."""
    deepest, seats = depth, set()
    for edge in node.edges.values():
        if edge.visits:
            seats.add(edge.actor)
            if edge.child is not None:
                d, s = _depth_and_seats(edge.child, depth + 1)
                deepest, seats = max(deepest, d, depth + 1), seats | s
    return deepest, seats


@pytest.mark.parametrize("row", ["arcane", "c23"])
def test_the_tree_grows_past_the_root_into_the_reply(row):
    """Before (the root-only search) only the root's actions were weighed;
    the tree holds the later moves too, the opponent's among them, each
    edge tried no more often than its parent."""
    state, seat = next((s, t) for s, t in _positions(row, seed=3) if len(_searched_actions(s, t)) > 1)
    engine = kernel.get(rules.game_of(state))
    bot = TreeBot(engine, seed=3, level=dataclasses.replace(TREE, iterations=200))
    bot.choose(state, seat)
    deepest, seats = _depth_and_seats(bot.last_root)
    assert deepest >= 3
    assert seats == {0, 1}

    def check(node, above):
        tried = sum(e.visits for e in node.edges.values())
        assert tried <= above
        for edge in node.edges.values():
            if edge.child is not None:
                check(edge.child, edge.visits)

    check(bot.last_root, bot.last_iterations)


def test_a_level_s_tree_field_selects_the_tree_search():
    engine = kernel.get("c23")
    assert type(search_bot(engine, level=TREE)) is TreeBot
    assert type(search_bot(engine, level=dataclasses.replace(TREE, tree=""))) is SearchBot
    per_game = Level(iterations=4, depth=4, per_game=(("c23", TREE),))
    assert type(search_bot(engine, level=per_game)) is TreeBot
    assert type(search_bot(kernel.get("arcane"), level=per_game)) is SearchBot


@pytest.mark.parametrize("row", ["arcane", "c23"])
def test_an_own_tree_leaves_the_other_side_to_the_playout_policy(row):
    """With ``tree="own"`` only the searching side's moves are weighed by
    UCB1 (each walk counts every action its world offers as available);
    the other seats' moves in the tree are the playout policy's, one per
    walk, so each of their edges was available exactly as often as taken,
    and they still lead to nodes of the searching side's later moves."""
    state, seat = next((s, t) for s, t in _positions(row, seed=3) if len(_searched_actions(s, t)) > 1)
    engine = kernel.get(rules.game_of(state))
    bot = TreeBot(engine, seed=3, level=dataclasses.replace(TREE, iterations=200, noise=0.0, tree="own"))
    action = bot.choose(state, seat)
    assert rules.is_legal(state, seat, action)
    theirs = mine = 0

    def walk(node):
        nonlocal theirs, mine
        for edge in node.edges.values():
            if edge.actor == seat:
                mine += edge.available > edge.visits
            else:
                theirs += 1
                assert edge.available == edge.visits
            if edge.child is not None:
                walk(edge.child)

    walk(bot.last_root)
    assert theirs and mine
    assert _depth_and_seats(bot.last_root)[1] == {0, 1}
