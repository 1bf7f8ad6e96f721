"""How a C-23 game ends, as the server, the lobby and the pages read it
(issue 28 point 3): winners, the players out, who conceded (house rules K5,
K6, K24; docs/C23.md)."""


def note_concession(state: dict, seat: int) -> None:
    """Record that ``seat`` concedes (K6), before it goes out: the seats
    that conceded, in order, are part of :func:`outcome` (in a 3-player
    game the players out do not say who conceded)."""
    state.setdefault("concessions", []).append(seat)


def outcome(state: dict) -> dict:
    """``{"over", "winners", "losers", "draw", "shared", "reason",
    "fallen", "conceded", "conceded_by", "sides"}`` of a C-23 state, as
    game.codex.outcome.outcome gives them: ``winners`` the winning seat (at
    most one, K5), ``losers`` the others once it is won, ``fallen`` the
    seats out of the game (seat order, K24), ``conceded`` the seats that
    conceded in order, ``conceded_by`` the seat whose concession ended the
    game (reason ``concede``), ``sides`` one seat each. A state stored
    before concessions were recorded names its conceder when the game was
    a 2-player one ended by a concession (the seat that lost)."""
    players = state["players"]
    over = state["status"] == "finished"
    winners = [state["winner"]] if over and state["winner"] is not None else []
    reason = state["result_reason"] if over else None
    losers = [p["seat"] for p in players if winners and p["seat"] not in winners]
    conceded = list(state.get("concessions") or [])
    if not conceded and reason == "concede" and len(losers) == 1:
        conceded = losers  # stored before concessions were recorded
    return {
        "over": over,
        "winners": winners,
        "losers": losers,
        "draw": over and not winners,
        "shared": False,
        "reason": reason,
        "fallen": [p["seat"] for p in players if p["out"]],
        "conceded": conceded,
        "conceded_by": conceded[-1] if reason == "concede" and conceded else None,
        "sides": [[p["seat"]] for p in players],
    }
