"""What the lobby shows of matches (issue 14, point 10): the viewer's own
matches (those waiting on them first), their finished ones as history with
the result, and the public matches others may watch, while they are alive.

A public match is *alive*, and listed to watch, while one of its players
has a live socket (game.livesockets) or for CODEX_WATCH_QUIET_MINUTES after
its last action (``Match.updated``; issue 27: matches nobody played stayed
listed for a day). A playing match is *quiet* when none of its players has
a live socket, showed a sign of life (``MatchPlayer.seen_at``) or acted for
CODEX_MATCH_QUIET_HOURS: its players still find it among their own
matches, marked quiet, and may go on with it (README "Lobby";
docs/RULINGS.md).
"""

from datetime import timedelta

from django.conf import settings
from django.db.models import Exists, Max, OuterRef, Q, Subquery
from django.db.models.fields.json import KeyTransform
from django.utils import timezone

from game.codex import maps
from game.codex.setup import team_for
from game.livesockets import live
from game.models import Match, MatchAction
from game.rules import waiting_on
from game.services import current_state
from lobby.services import config_heroes

HISTORY_SIZE = 20  # finished matches shown
WATCH_SIZE = 20  # public matches shown


def quiet_cutoff():
    """The time before which a match without live players counts as quiet."""
    return timezone.now() - timedelta(hours=settings.CODEX_MATCH_QUIET_HOURS)


def watch_cutoff():
    """The time before which a last action no longer keeps a match without
    connected players in "Matches to watch"."""
    return timezone.now() - timedelta(minutes=settings.CODEX_WATCH_QUIET_MINUTES)


def _annotated(matches):
    """``matches`` with ``last_seen`` (the latest sign of life of a player)
    and ``has_live`` (a player's socket is live now)."""
    player_live = live().filter(match=OuterRef("pk"), seat__isnull=False)
    return matches.annotate(last_seen=Max("players__seen_at"), has_live=Exists(player_live))


def _quiet(match, cutoff) -> bool:
    """True when the annotated ``match`` is quiet (see the module)."""
    return not match.has_live and match.updated < cutoff and (match.last_seen is None or match.last_seen < cutoff)


def _seat_name(match, player) -> str:
    """The name ``player`` (a MatchPlayer of ``match``) plays under: a
    person's public name, a table bot's name from the match config (its seat
    has no user; lobby.services.match_config names it)."""
    if player.user_id:
        return player.user.public_name
    seats = match.config.get("seats", [])
    return seats[player.seat].get("name", "") if player.seat < len(seats) else ""


def _players(match, user_id: int) -> list:
    """``[{"seat", "name", "heroes", "team", "you", "bot"}]`` in seat order,
    from the match config (``bot``: a table bot's kind, else None)."""
    seats = match.config.get("seats", [])
    return [
        {
            "seat": player.seat,
            "name": _seat_name(match, player),
            "heroes": config_heroes(match.config, player.seat),
            "team": seats[player.seat].get("team") if player.seat < len(seats) else None,
            "you": player.user_id == user_id,
            "bot": player.bot or None,
        }
        for player in match.players.all()
    ]


def _with_conceder(matches):
    """Finished ``matches`` with ``conceded_by``: the seat whose concession
    was the match's last action (it ended the game), else None."""
    last = MatchAction.objects.filter(match=OuterRef("pk"), seq=OuterRef("version"), action__type="concede")
    return matches.annotate(conceded_by=Subquery(last.values("seat")[:1]))


def _with_bases(matches) -> list:
    """The finished ``matches`` (a list), each with ``end_teams``: for one
    that ended by a destroyed base, its stored state's ``teams`` (each
    base's ``hp`` and ``damage`` at the end), read by the database out of
    the stored state in one query for those matches only (the lobby does not
    load states; a finished match's stored state is its last:
    game.services); else None."""
    matches = list(matches)
    fallen = [m.pk for m in matches if (m.result or {}).get("reason") == "base destroyed"]
    teams = (
        dict(
            Match.objects.filter(pk__in=fallen)
            .annotate(end_teams=KeyTransform("teams", "state"))
            .values_list("pk", "end_teams")
        )
        if fallen
        else {}
    )
    for match in matches:
        match.end_teams = teams.get(match.pk)
    return matches


def _fallen(match, reason: str | None):
    """The seats, in order, whose base was at 0 HP when ``match`` (annotated
    by _with_bases) ended by a destroyed base (the engine's reason "base
    destroyed"; in a free-for-all any of the players, house rule R28); None
    for another reason or when the bases are not known."""
    teams = getattr(match, "end_teams", None)
    if reason != "base destroyed" or not isinstance(teams, list):
        return None
    mode = match.config.get("mode", "")
    fallen = []
    for player in match.players.all():
        team = team_for(mode, player.seat)
        base = teams[team] if team < len(teams) and isinstance(teams[team], dict) else {}
        if "hp" in base and base["hp"] - base.get("damage", 0) <= 0:
            fallen.append(player.seat)
    return sorted(fallen)


def _result(match, seat) -> dict:
    """The result as the viewer reads it: ``{"winners": [names], "seats":
    [winning seats], "outcome": "won"|"shared"|"lost"|"draw"|None (a
    spectator), "reason", "conceded_by": the seat that conceded, when its
    concession ended the match (see _with_conceder), else None, "fallen":
    the seats whose base was destroyed when that ended it (see _fallen),
    else None}``. The page tells a concession as one whatever the
    engine's reason (a free-for-all concession ends the game as a fallen
    base, static/js/common.js toldReason)."""
    result = match.result or {}
    seats = list(result.get("winners") or ([] if result.get("winner") is None else [result["winner"]]))
    names = {p.seat: _seat_name(match, p) for p in match.players.all()}
    if seat is None:
        outcome = None
    elif not seats:
        outcome = "draw"
    elif seat in seats:
        conf = match.config.get("seats", [])
        teams = {conf[s].get("team") if s < len(conf) else None for s in seats}
        outcome = "won" if len(seats) == 1 or (len(teams) == 1 and None not in teams) else "shared"
    else:
        outcome = "lost"
    return {
        "winners": [names.get(s, f"seat {s}") for s in seats],
        "seats": seats,
        "outcome": outcome,
        "reason": result.get("reason") or "",
        "conceded_by": getattr(match, "conceded_by", None),
        "fallen": _fallen(match, result.get("reason")),
    }


def _entry(match, user_id: int, cutoff, state: dict | None = None) -> dict:
    """One match as the lobby lists it."""
    players = _players(match, user_id)
    seat = next((p["seat"] for p in players if p["you"]), None)
    entry = {
        "id": match.pk,
        "mode": match.config.get("mode") or match.config.get("game", ""),
        "status": match.status,
        "players": players,
        "seat": seat,
        "updated": match.updated.isoformat(),
    }
    if match.config.get("map"):  # the map card it plays on (game.codex.maps)
        entry["map"] = maps.map_info(match.config["map"])["name"]
    if match.status == Match.Status.PLAYING:
        entry["quiet"] = _quiet(match, cutoff)
        if state is not None:  # the viewer's own match: whom it waits on
            waiting = waiting_on(state)
            entry.update(
                your_turn=seat in waiting,
                turn=state.get("turn"),
                waiting_for=[p["name"] for p in players if p["seat"] in waiting],
            )
    else:
        entry["result"] = _result(match, seat)
        table = getattr(match, "table", None)
        rematch = getattr(table, "rematch", None) if table is not None else None
        entry["rematch_table"] = rematch.pk if rematch is not None else None
        entry["rematch_joined"] = rematch is not None and any(seat.user_id == user_id for seat in rematch.seats.all())
    return entry


def lobby_matches(user) -> dict:
    """The matches of ``user``'s lobby: ``{"mine": [...], "history": [...],
    "watch": [...]}``.

    ``mine``: the user's playing matches, those waiting on them
    (``your_turn``) first, then the most recently active; each with
    ``waiting_for`` (names), ``turn`` and ``quiet``.
    ``history``: their last HISTORY_SIZE finished matches, newest first,
    each with ``result``, ``rematch_table`` (the id of its rematch
    table, or None) and ``rematch_joined`` (the user sits there). ``watch``: up to WATCH_SIZE public playing matches
    that allow spectators, of others, alive (see the module), newest activity first.
    No list carries a state, a version or anything a seat keeps hidden.
    """
    cutoff = quiet_cutoff()
    base = Match.objects.prefetch_related("players__user")
    mine = _annotated(base.filter(players__user=user, status=Match.Status.PLAYING))
    entries = sorted(
        (_entry(m, user.pk, cutoff, current_state(m)) for m in mine), key=lambda e: e["updated"], reverse=True
    )
    entries.sort(key=lambda e: (not e["your_turn"], e["quiet"]))  # stable: latest first within each
    finished = (
        _with_conceder(base.filter(players__user=user, status=Match.Status.FINISHED))
        .defer("state")
        .select_related("table__rematch")
        .prefetch_related("table__rematch__seats")
        .order_by("-updated")[:HISTORY_SIZE]
    )
    history = [_entry(m, user.pk, cutoff) for m in _with_bases(finished)]
    watchable = (
        base.filter(status=Match.Status.PLAYING, table__is_public=True, table__allow_spectators=True)
        .exclude(players__user=user)
        .defer("state")
    )
    watchable = _annotated(watchable).filter(Q(has_live=True) | Q(updated__gte=watch_cutoff()))
    watch = [_entry(m, user.pk, cutoff) for m in watchable.order_by("-updated")[:WATCH_SIZE]]
    return {"mine": entries, "history": history, "watch": watch}
