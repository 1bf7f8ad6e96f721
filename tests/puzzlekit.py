"""A made "win this turn" position shared by the engine's and the
server's puzzle tests (issue 34 point 3)."""

from game import rules
from game.codex.puzzles import prove_codex


def squad_leader_position(base_damage: int) -> dict:
    """Seat 0 to move with Troq (2 ATK), Iron Man (3) and Older Brother (2),
    no gold, no hand; seat 1's base 20 - ``base_damage`` HP behind a
    Tenderfoot (1/2) patrolling as squad leader (+1 armor, house rule R6)."""
    return rules.new_game(
        {
            "mode": "1hero",
            "seed": 5,
            "seats": [{"name": "A", "heroes": ["troq_bashar"]}, {"name": "B", "heroes": ["river_montoya"]}],
            "scenario": {
                "turn": 9,
                "active": 0,
                "seats": [
                    {
                        "hand": [],
                        "deck": ["older_brother", "tenderfoot", "older_brother", "tenderfoot", "older_brother"],
                        "gold": 0,
                        "workers": 6,
                        "play": [
                            {"card": "troq_bashar"},
                            {"card": "iron_man", "id": "iron"},
                            {"card": "older_brother"},
                        ],
                    },
                    {
                        "hand": ["spark"],
                        "base_damage": base_damage,
                        "play": [{"card": "river_montoya"}, {"card": "tenderfoot", "patrol": "squad_leader"}],
                    },
                ],
            },
        }
    )


def tagged(state: dict, tag: str) -> str:
    return next(i for i, c in state["cards"].items() if c["marks"].get("tag") == tag)


def squad_leader_puzzle(puzzle_id: str = "made-squad", base_damage: int = 16) -> dict:
    """The made position as a stored puzzle (tools/mine_puzzles.py's line),
    proved here: seat 0 plays Troq Bashar against River Montoya."""
    state = squad_leader_position(base_damage)
    proof = prove_codex(state, 0, 2000)
    assert proof is not None
    return {
        "id": puzzle_id,
        "seed": 5,
        "seat": 0,
        "hero": "troq_bashar",
        "colour": "neutral",
        "opponent": "river_montoya",
        "line": proof.line,
        "share": proof.share,
        "first": proof.first,
        "nodes": proof.nodes,
        "worlds": proof.worlds,
        "state": state,
    }
