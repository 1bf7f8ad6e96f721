""" "Win this turn" puzzles of Codex (issue 34 point 3): the Codex side of
game.kernel.puzzles.

:data:`IDLE` is the ruling that keeps the search small (docs/RULINGS.md,
"Puzzles"): a patrol move in one's own main phase is only the arrangement
for the opponent's coming turn. No slot counts during its controller's own
turn until ending the main phase locks the zone (state.patrolling_slot;
Deluxe rulebook, "Patrol zone"; house rule R11), and an exhausted card
leaves its planned slot (effects.exhaust), so no patrol move can help or
hinder a win before the turn passes. The search leaves them out: with them
a late-game turn had 15 to 55 patrol moves beside 6 to 35 attacks, in every
order.
"""

import json
from pathlib import Path
from typing import Any

from game.kernel.puzzles import Proof, prove

from .definition import ENGINE

IDLE = frozenset({"patrol"})


def prove_codex(
    state: dict[str, Any], seat: int, budget: int, worlds: int = 8, seed: int = 0, strict: bool = False
) -> Proof | None:
    """game.kernel.puzzles.prove for a Codex position, with :data:`IDLE`
    left out: a Proof, or None (no such puzzle, or over ``budget``
    nodes; with ``strict`` the latter raises OverBudget). Raises
    ValueError when ``state`` does not wait on ``seat``."""
    return prove(ENGINE, state, seat, budget, worlds=worlds, seed=seed, idle=IDLE, strict=strict)


DATA = Path(__file__).parent / "data" / "puzzles.jsonl"


def load_puzzles(path: Path = DATA) -> list[dict[str, Any]]:
    """The stored puzzles (tools/mine_puzzles.py's lines, in file order):
    each a dict with ``id``, ``seat``, ``hero``, ``colour``, ``opponent``,
    ``line``, ``share``, ``first``, ``nodes``, ``worlds`` and ``state``.
    Raises OSError when the file cannot be read, ValueError on a line that
    is not JSON."""
    with path.open() as lines:
        return [json.loads(line) for line in lines if line.strip()]
