"""The Codex state's schema version and the upgrade of a stored state of an
older one (issue 28: "a schema version and a migration for stored
matches").

Schema 2 (this engine) gives every per-turn counter one shape, the mark
type ``TurnCount`` (``{"turn": t, "n": count}``, game/codex/marks.py), as
Young Lightning Dragon's ``charged`` already had it: Reteller of Truths'
``retold`` was ``[turn, uses]`` and Censorship Council's ``plays`` was
``{seat: [turn, count]}`` in schema 1. Nothing else differs, so an
upgraded state plays on exactly as the engine plays the same game
(tests/rules/test_schema.py).
"""

SCHEMA = 2


def _turn_count(pair: list) -> dict:
    """``[turn, n]`` (schema 1) as ``{"turn": turn, "n": n}``."""
    turn, n = pair
    return {"turn": turn, "n": n}


def _from_1(state: dict) -> None:
    for inst in state["cards"].values():
        marks = inst["marks"]
        if isinstance(marks.get("retold"), list):
            marks["retold"] = _turn_count(marks["retold"])
        plays = marks.get("plays")
        if plays:
            marks["plays"] = {seat: _turn_count(v) if isinstance(v, list) else v for seat, v in plays.items()}


def upgrade(state: dict) -> dict:
    """Upgrade a Codex ``state`` stored by an older engine to :data:`SCHEMA`,
    in place, and return it; a state of the current schema is returned as
    it is. Raises ValueError for a state of a newer schema than this
    engine's (stored by a newer engine: never played on by an older one)."""
    version = state.get("schema", 1)
    if version > SCHEMA:
        raise ValueError(f"state schema {version} is newer than this engine's {SCHEMA}")
    if version == 1:
        _from_1(state)
        state["schema"] = 2
    return state
