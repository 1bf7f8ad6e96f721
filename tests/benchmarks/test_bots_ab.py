"""benchmarks/bots_ab.py: in Two-Headed Dragon the teammates are asked in
the server's order (game.tasks plays the first seat the game waits on until
it is done), so a teammate's part of a turn is one run, and A's side's game
turn adds up both teammates' runs."""

import argparse

import pytest

from benchmarks import bots_ab
from game import pacing


def test_2hg_teammates_play_their_part_of_a_turn_in_one_run_and_the_side_turn_adds_them():
    result = bots_ab.play_one(("codex-2hg", 0, "greedy", "greedy", None, None, 3000, False, 1.2, 0.4))
    assert result["seats"] == [0, 1]
    first, second = result["turns"][:2]
    assert result["turn_of"][:2] == [1, 1]  # both teammates' runs of the first turn
    assert len(first) > 1 and len(second) > 1, result["turns"][:4]  # interleaved, each run was one move
    options = argparse.Namespace(pause=1.2, beat=0.4)
    whole = sum(pacing.turn_pauses(len(run), 1.2, 0.4) + sum(result["cpu"][i] for i in run) for run in (first, second))
    assert bots_ab.side_turns(options, result)[0] == pytest.approx(whole)
