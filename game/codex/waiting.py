"""Who the game waits on, without listing every legal action (the lobby
marks "your turn" with it, issue 14; docs/ENGINE.md).

``waiting_on(state)`` gives the seats that have something to do besides
conceding: the same seats for which ``legal_actions`` lists more than
``concede`` (tests/rules/test_waiting.py checks this along whole games),
found by the shape of the state alone.
"""

from .actions import on_acting_team
from .freeforall import has_conceded


def waiting_on(state: dict) -> list:
    """The seats the game waits on now, in seat order (a list of ints).

    A seat waits when an open prompt is its question; when it owes a tech
    choice (house rule R11); when, with no prompt open, it may take
    main-phase actions (its team's turn, main phase, its main phase not
    ended: end_main is always one of them); or when it is the active seat's
    free-for-all lending step (R26). Empty once the game is over; a seat
    that conceded a free-for-all never waits. Takes the engine's full
    state; reads it only.
    """
    if state["status"] != "playing":
        return []
    prompt = state["prompt"]
    seats = []
    for p in state["players"]:
        seat = p["seat"]
        if has_conceded(state, seat):
            continue
        if (prompt is not None and prompt["seat"] == seat) or p["tech_owed"]:
            seats.append(seat)
        elif prompt is None and (on_acting_team(state, seat) or (state["phase"] == "lend" and seat == state["active"])):
            seats.append(seat)
    return seats
