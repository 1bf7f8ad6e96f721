"""How a game ends: one winning team, a shared win or a draw (rulebook
"Winning"; house rule R28 for the shared win of a free-for-all)."""

from .state import listed, log, seat_name


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
        names = listed(seat_name(state, s) for s in state["winners"])
        log(state, f"{names} won the game ({reason}).")
    else:
        log(state, f"The game ended in a draw ({reason}).")
    _note_ending_concession(state)


def note_concession(state: dict, seat: int) -> None:
    """Record that ``seat`` concedes, before the concession takes effect:
    the seats that conceded, in order, are part of the game's
    :func:`outcome` (a Two-Headed Dragon concession names no teammate
    anywhere else in the state)."""
    state.setdefault("concessions", []).append(seat)


def _note_ending_concession(state: dict) -> None:
    """When the action that ends the game is a concession, keep its seat
    (``ended_by_concession``). A seat that conceded has no action left
    (engine.legal_actions), so the acting seat is among the conceders only
    during its own concession."""
    acting = state.get("acting")
    if acting is not None and acting in state.get("concessions", ()):
        state["ended_by_concession"] = acting


def outcome(state: dict) -> dict:
    """How the game stands as a result, the one source the server, the
    lobby and the pages read (issue 28 point 3):

    ``{"over": bool, "winners": [seats], "losers": [seats], "draw": bool,
    "shared": bool, "reason": str|None, "fallen": [seats], "conceded":
    [seats], "conceded_by": seat|None, "sides": [[seats]]}``.

    ``winners``: every winning seat (a team's seats; several teams in a
    free-for-all's shared win, house rule R28); ``losers``: the others,
    once a game is won (none in a draw); ``shared``: more than one team
    won; ``fallen``: the seats, in seat order, whose base is at 0 HP
    (rulebook "Winning"; a free-for-all conceder's base falls, R28);
    ``conceded``: the seats that conceded, in order; ``conceded_by``: the
    seat whose concession was the action that ended the game (in a
    free-for-all it ends it as a fallen base does), else None; ``sides``:
    the seats of each team. Before the end: ``over`` False, no winners or
    losers, ``reason`` None. A state stored before concessions were
    recorded names its conceders where the state alone tells them (a
    free-for-all's conceded players; the losing seat of a 1-hero game
    conceded)."""
    players = state["players"]
    over = state["status"] == "finished"
    winners = list(state.get("winners") or []) if over else []
    team = {p["seat"]: p["team"] for p in players}
    reason = state.get("result_reason") if over else None
    conceded = list(state.get("concessions") or [p["seat"] for p in players if p.get("conceded")])
    losers = [p["seat"] for p in players if winners and p["seat"] not in winners]
    conceded_by = state.get("ended_by_concession")
    if conceded_by is None and reason == "concession" and not conceded and len(losers) == 1:
        conceded_by = losers[0]  # stored before concessions were recorded: the one seat that lost
    return {
        "over": over,
        "winners": winners,
        "losers": losers,
        "draw": over and not winners,
        "shared": len({team[s] for s in winners}) > 1,
        "reason": reason,
        "fallen": [
            p["seat"] for p in players if state["teams"][p["team"]]["hp"] - state["teams"][p["team"]]["damage"] <= 0
        ],
        "conceded": conceded or ([conceded_by] if conceded_by is not None else []),
        "conceded_by": conceded_by if over else None,
        "sides": [[p["seat"] for p in players if p["team"] == t] for t in range(len(state["teams"]))],
    }
