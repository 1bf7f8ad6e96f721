"""Scenario setups for tests and demonstrations (docs/C23.md, "Scenarios").

A config's ``"scenario"`` lays the zones out exactly instead of shuffling
and dealing: no mulligan (K6) and no random first player (K23); the game
starts in the given step of the given player's turn, its untap and draw
already done.
"""

from typing import Any, NoReturn

from game.kernel.errors import RulesError

from . import cards as pool
from .state import State, log, new_id

ZONES = ("deck", "hand", "discard", "resources", "characters")


def lay_out(state: State, seats: list[Any], scenario: Any) -> None:
    """Fill ``state`` from ``scenario``: ``{"active": seat (0), "turn": n
    (1), "step": "resource" | "main" ("main"), "players": [{"deck": [names,
    top first], "hand": [...], "discard": [...], "resources": [...],
    "characters": [...]}]}``; a resource or character may be ``{"card":
    name, "tapped": bool, "entered": turn}`` instead of a name (entered
    defaults to 0, before the game). Raises RulesError ``bad_config``."""

    def bad(message: str) -> NoReturn:
        raise RulesError("bad_config", f"scenario: {message}")

    if not isinstance(scenario, dict):
        bad("an object.")
    players = scenario.get("players", [])
    if not isinstance(players, list) or len(players) != len(seats):
        bad("one entry per seat in players.")
    for seat, layout in enumerate(players):
        p = state["players"][seat]
        if not isinstance(layout, dict):
            bad("each player is an object.")
        for zone in ZONES:
            for entry in layout.get(zone, []):
                spec = entry if isinstance(entry, dict) else {"card": entry}
                name = spec.get("card")
                if name not in pool.pool():
                    bad(f"no card called {str(name)[:40]!r}.")
                iid = new_id(state)
                state["cards"][iid] = {
                    "card": name,
                    "owner": seat,
                    "tapped": bool(spec.get("tapped", False)),
                    "entered": int(spec.get("entered", 0)),
                }
                p[zone].append(iid)
        p["cards_owned"] = sum(len(p[z]) for z in ZONES)
    active = scenario.get("active", 0)
    if active not in range(len(seats)):
        bad("active is a seat.")
    step = scenario.get("step", "main")
    if step not in ("resource", "main"):
        bad("step is resource or main.")
    state["first"] = active
    state["active"] = active
    state["turn"] = int(scenario.get("turn", 1))
    state["step"] = step
    log(state, f"Scenario: turn {state['turn']}, {state['players'][active]['name']} to play, step {step}.")
