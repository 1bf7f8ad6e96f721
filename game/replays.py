"""Replays of finished matches (issue 14 point 11): every step of a match,
as one viewer sees it, rebuilt from its config and action log with the
engine (game.rules new_game, apply_action, view); nothing is stored twice.

Step ``k`` (0 to the match version) is the view after the first ``k``
actions of the log; step 0 is the start. A viewer is a seat (a player of
the match, who replays their own seat's view) or None (the spectators'
view, which shows no hand or deck: the engine's view hides them). A
finished match never changes, so the steps of one (match, viewer) are built
once per worker and kept (REPLAY_CACHE of them, least recently used out).
"""
from functools import lru_cache

from game import rules
from game.models import Match

REPLAY_CACHE = 8  # (match, viewer) replays a worker keeps


class NotFinished(Exception):
    """The match is still being played: it has no replay yet."""


def visible_seats(state: dict, seat: int | None) -> set:
    """The seats whose actions ``seat`` sees in full: its own team's in a
    game of teams (they share hands and tech picks, Codex house rule R21),
    else its own (a player of a game whose players carry no ``team``:
    Arcane Codex, C-23); none for a spectator."""
    players = state.get("players", [])
    if seat is None or not 0 <= seat < len(players):
        return set()
    team = players[seat].get("team")
    if team is None:
        return {seat}
    return {i for i, p in enumerate(players) if p.get("team") == team}


def redact(action: dict, actor: int, visible: set) -> dict:
    """``action`` of seat ``actor`` as a viewer seeing the seats ``visible``
    in full may read it: whole, or its type only (an action can name a
    hidden card)."""
    return action if actor in visible else {"type": action.get("type")}


def steps(match: Match, seat: int | None) -> tuple:
    """Every step of the finished ``match`` as viewer ``seat`` sees it:
    a tuple of ``{"at": k, "seat": actor|None, "action": dict|None, "turn",
    "phase", "view"}`` for k = 0..version (step 0 has no actor nor action;
    the action is redacted for the viewer, see redact).

    Raises NotFinished for a match in play; ``game.rules.RulesError`` if
    the log does not replay (it always does: the engine is deterministic).
    """
    if match.status != Match.Status.FINISHED:
        raise NotFinished(match.pk)
    return _steps(match.pk, match.version, seat)


@lru_cache(maxsize=REPLAY_CACHE)
def _steps(match_id: int, version: int, seat: int | None) -> tuple:
    """steps() for match ``match_id`` at its final ``version`` (in the key:
    a new match under a reused id is another replay)."""
    match = Match.objects.get(pk=match_id)
    state = rules.new_game(match.config)
    visible = visible_seats(state, seat)
    out = [_step(0, None, None, state, seat)]
    for entry in match.actions.order_by("seq").only("seq", "seat", "action"):
        state, _events = rules.apply_action(state, entry.seat, entry.action)
        out.append(_step(entry.seq, entry.seat, redact(entry.action, entry.seat, visible), state, seat))
    return tuple(out)


def _step(at: int, actor: int | None, action: dict | None, state: dict, seat: int | None) -> dict:
    view = rules.view(state, seat)
    return {"at": at, "seat": actor, "action": action, "turn": view.get("turn"), "phase": view.get("phase"),
            "view": view}

