"""Codex "win this turn" puzzles (issue 34 point 3): a made position is
proved as docs/RULINGS.md ("Puzzles") says, and every stored puzzle
(game/codex/data/puzzles.jsonl) still wins with its line. `make test`
proves CODEX_PUZZLE_PROOFS of the stored puzzles again (3); `make soak`
proves every one."""

import os

import pytest

from game.codex import catalog
from game.codex.definition import ENGINE
from game.codex.puzzles import load_puzzles, prove_codex
from game.kernel.puzzles import replay_wins
from tests.puzzlekit import squad_leader_position, tagged
from tools import mine_puzzles

PROOFS = int(os.environ.get("CODEX_PUZZLE_PROOFS", "3"))
PUZZLES = load_puzzles()
BUDGET = 2000  # tools/mine_puzzles.py's default

pytestmark = pytest.mark.timeout(3600)


def test_only_iron_man_can_open_the_way():
    """4 HP behind a squad leader that needs 3 damage: only Iron Man kills
    it alone, leaving 2 + 2 for the base; the two others first leave it
    alive (2 - 1 armor) and the base short. One of four first actions wins."""
    state = squad_leader_position(16)
    proof = prove_codex(state, 0, BUDGET)
    assert proof is not None
    assert proof.line[0] == {"type": "attack", "attacker": tagged(state, "iron"), "target": proof.line[0]["target"]}
    assert (proof.first, proof.winning_first) == (4, 1)  # three attacks and ending the turn
    assert replay_wins(ENGINE, state, 0, proof.line)


def test_a_position_every_attack_wins_is_no_puzzle():
    """3 HP left: any first attack still wins, so there is no wrong answer."""
    assert prove_codex(squad_leader_position(17), 0, BUDGET) is None


def test_stored_puzzles_win_with_their_line():
    assert len(PUZZLES) >= 1
    for puzzle in PUZZLES:
        state = puzzle["state"]
        assert state["active"] == puzzle["seat"]
        assert replay_wins(ENGINE, state, puzzle["seat"], puzzle["line"]), puzzle["id"]
        assert 0 < puzzle["share"] < 1
        assert puzzle["colour"] == catalog.card(puzzle["hero"])["color"]


def test_stored_puzzles_cover_every_colour():
    colours = {catalog.card(h)["color"] for h in catalog.playable_heroes()}
    assert {p["colour"] for p in PUZZLES} == colours


@pytest.mark.parametrize("index", range(min(PROOFS, len(PUZZLES))))
def test_a_stored_puzzle_proves_again(index):
    """The stored proof is the prover's: same line, same share, same nodes."""
    puzzle = PUZZLES[index]
    proof = prove_codex(puzzle["state"], puzzle["seat"], BUDGET, worlds=puzzle["worlds"], seed=puzzle["seed"])
    assert proof is not None, puzzle["id"]
    assert (proof.line, proof.first, proof.nodes) == (puzzle["line"], puzzle["first"], puzzle["nodes"])


def test_the_miner_keeps_a_puzzle_once():
    """Game 5 as the miner plays it: its stored puzzle is found again (same
    position, line and nodes), and the later decision its line passes
    through (proved too, 47 nodes) is not kept as a second puzzle."""
    args = mine_puzzles.main_parser().parse_args([])
    mined = mine_puzzles.mine_game(5, args)
    stored = next(p for p in PUZZLES if p["id"] == "g5-t12-s1")
    assert [p["id"] for p in mined] == ["g5-t12-s1-d2"]
    assert {k: v for k, v in mined[0].items() if k != "id"} == {k: v for k, v in stored.items() if k != "id"}
