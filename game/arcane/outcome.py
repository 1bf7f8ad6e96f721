"""How an Arcane Codex game ends, as the server, the lobby and the pages
read it (issue 28 point 3; house rules A32, A33, docs/ARCANE.md)."""

from .state import other


def outcome(state: dict) -> dict:
    """``{"over", "winners", "losers", "draw", "shared", "reason",
    "fallen", "conceded", "conceded_by", "sides"}`` of an Arcane Codex
    state, as game.codex.outcome.outcome gives them: ``fallen`` the seats
    at 0 life or less (A32); a concession (reason ``concede``, A33) ends
    the game at once for the seat that did not win, so that seat is
    ``conceded`` and ``conceded_by``; ``sides`` one seat each."""
    players = state["players"]
    over = state["status"] == "finished"
    winners = list(state["winners"]) if over else []
    reason = state["result_reason"] if over else None
    conceded = [other(winners[0])] if reason == "concede" and winners else []
    return {
        "over": over,
        "winners": winners,
        "losers": [p["seat"] for p in players if winners and p["seat"] not in winners],
        "draw": over and not winners,
        "shared": False,
        "reason": reason,
        "fallen": [p["seat"] for p in players if p["life"] <= 0],
        "conceded": conceded,
        "conceded_by": conceded[0] if conceded else None,
        "sides": [[p["seat"]] for p in players],
    }
