"""benchmarks/bots_ab.py: in Two-Headed Dragon the teammates are asked in
the server's order (game.tasks plays the first seat the game waits on until
it is done) and a run is counted as the server counts it, by side and turn,
so the team's whole turn is one run and A's side's game turn is that run."""

import argparse

import pytest

from benchmarks import bots_ab
from game import pacing


def test_2hg_teammates_parts_of_a_turn_are_one_run_as_the_server_paces_them():
    """As game.tasks counts it (game.pacing.streak_after): both teammates'
    parts of the team's turn and their tech picks are one run, one pause
    and one budget, and A's side's game turn is that run."""
    result = bots_ab.play_one(("codex-2hg", 0, "greedy", "greedy", None, None, 3000, False, 1.2, 0.4, ""))
    assert result["seats"] == [0, 1]
    first = result["turns"][0]
    assert result["turn_of"][:2] == [1, 3]  # the next run is the team's next turn (2 is the other team's)
    assert len(first) > 4, result["turns"][:4]
    options = argparse.Namespace(pause=1.2, beat=0.4)
    whole = pacing.turn_shown([result["cpu"][i] for i in first], 1.2, 0.4)
    assert bots_ab.side_turns(options, result)[0] == pytest.approx(whole)


def test_2hg_second_team_s_tech_picks_stay_in_its_run():
    """Game 1 gives A the second team (seats 2-3): after its turn the game
    waits on the first team's main phase and A's tech picks; A's seats,
    going on with their run, are asked first, as the server asks them, so
    every run of A's begins in one of A's own turns (the tech picks are
    not a run of their own in the other team's turn)."""
    result = bots_ab.play_one(("codex-2hg", 1, "greedy", "greedy", None, None, 400, False, 1.2, 0.4, ""))
    assert result["seats"] == [2, 3]
    assert {t % 2 for t in result["turn_of"]} == {0}, result["turn_of"][:8]
