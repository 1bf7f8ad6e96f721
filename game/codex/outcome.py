"""How a game ends: one winning team, a shared win or a draw (rulebook
"Winning"; house rule R28 for the shared win of a free-for-all)."""

from .state import log, seat_name


def finish(state: dict, winning_team, reason: str) -> None:
    """End the game: ``winning_team`` (or None for a draw) wins."""
    finish_shared(state, [] if winning_team is None else [winning_team], reason)


def finish_shared(state: dict, teams: list, reason: str) -> None:
    """End the game: every team in ``teams`` wins (one team: its winner;
    several: a shared win, house rule R28's tie bound; none: a draw).
    ``winner_team`` is set only for a single winning team."""
    state["status"] = "finished"
    state["winner_team"] = teams[0] if len(teams) == 1 else None
    state["winners"] = [p["seat"] for p in state["players"] if p["team"] in teams]
    state["winner"] = state["winners"][0] if len(state["winners"]) == 1 else None
    state["result_reason"] = reason
    state["prompt"] = None
    state["queue"] = []
    if state["winners"]:
        names = " and ".join(seat_name(state, s) for s in state["winners"])
        log(state, f"{names} won the game ({reason}).")
    else:
        log(state, f"The game ended in a draw ({reason}).")
