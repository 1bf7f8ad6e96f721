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
from django.db.models import Count, Exists, F, Max, OuterRef, Q
from django.utils import timezone

from game.livesockets import live
from game.models import Match, MatchPlayer
from game.rules import tables, waiting_on
from game.statereads import current_state
from lobby.modes import mode_label
from lobby.services import config_heroes

HISTORY_SIZE = 20  # finished matches shown
TURN_BASED_PAGE = 25  # turn-based matches a page of "Your matches" holds
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


def seat_players(match, user_id: int) -> list:
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


def names_in_words(names: list[str]) -> str:
    """``names`` as a phrase: "A", "A and B", "A, B and C"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def sides(players: list) -> tuple[list[str], list[str]]:
    """``(partners, opponents)``: the names of the viewer's teammates and of
    everyone else who has a name, from ``players`` (``[{"name", "team",
    "you"}]``, seat_players' shape). Without a team (1 vs 1, a
    free-for-all) everyone else is an opponent."""
    me = next((p for p in players if p["you"]), None)
    team = me["team"] if me is not None else None
    others = [p for p in players if not p["you"] and p["name"]]
    partners = [p["name"] for p in others if team is not None and p["team"] == team]
    return partners, [p["name"] for p in others if team is None or p["team"] != team]


def with_against(players: list) -> str:
    """The viewer's side of a match in words, "with A against B and C"
    (sides; "against B" without partners), as the lobby and the notices
    say it."""
    partners, opponents = sides(players)
    words = (f"with {names_in_words(partners)} " if partners else "") + (
        f"against {names_in_words(opponents)}" if opponents else ""
    )
    return words.strip()


def _result(match, seat) -> dict:
    """The result as the viewer reads it: ``{"winners": [names], "seats":
    [winning seats], "outcome": "won"|"shared"|"lost"|"draw"|None (a
    spectator), "reason", "conceded_by": the seat whose concession ended
    the match, else None, "fallen": the seats whose base was destroyed
    when that ended it, else None}``, all from the stored result, which is
    the engine's outcome (game.rules.outcome, game.services._result). The
    page tells a concession as one whatever the engine's reason (a
    free-for-all concession ends the game as a fallen base,
    static/js/common.js toldReason)."""
    result = match.result or {}
    seats = list(result.get("winners") or ([] if result.get("winner") is None else [result["winner"]]))
    names = {p.seat: _seat_name(match, p) for p in match.players.all()}
    if seat is None:
        outcome = None
    elif not seats:
        outcome = "draw"
    elif seat in seats:
        outcome = "shared" if result.get("shared") else "won"
    else:
        outcome = "lost"
    reason = result.get("reason") or ""
    return {
        "winners": [names.get(s, f"seat {s}") for s in seats],
        "seats": seats,
        "outcome": outcome,
        "reason": reason,
        "conceded_by": result.get("conceded_by"),
        "fallen": result.get("fallen") if reason == "base destroyed" else None,
    }


def turn_shown(state: dict) -> int | None:
    """The turn a match's page shows for ``state`` (None: the game counts
    none): the engine's ``turn``, but while a Codex turn waits for its
    tech choices (phase "tech", house rule R11) the engine has not counted
    it yet and the page shows the turn about to begin
    (static/js/codexmatch.js ``banner``). Found (tester, F4): the lobby
    said turn 2 where the page said turn 3."""
    turn = state.get("turn")
    return turn + 1 if turn is not None and state.get("phase") == "tech" else turn


def _entry(match, user_id: int, cutoff, state: dict | None = None) -> dict:
    """One match as the lobby lists it."""
    players = seat_players(match, user_id)
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
        entry["map"] = tables.map_name(match.config["map"])
    if match.status == Match.Status.PLAYING:
        entry["quiet"] = _quiet(match, cutoff)
        if state is not None:  # the viewer's own match: whom it waits on
            waiting = waiting_on(state)
            entry.update(
                your_turn=seat in waiting,
                turn=turn_shown(state),
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

    ``mine``: the user's playing live matches (the turn-based ones are
    listed a page at a time: turn_based_page), those waiting on them
    (``your_turn``) first, then the most recently active; each with
    ``waiting_for`` (names), ``turn`` and ``quiet``.
    ``turn_based``: ``{"count", "your_turn"}``, how many turn-based matches
    the user plays and how many of them wait on them (so "Your matches"
    never says there is none above a turn-based one: the tester's F3).
    ``history``: their last HISTORY_SIZE finished matches, newest first,
    each with ``result``, ``rematch_table`` (the id of its rematch
    table, or None) and ``rematch_joined`` (the user sits there). ``watch``: up to WATCH_SIZE public playing matches
    that allow spectators, of others, alive (see the module), newest activity first.
    No list carries a state, a version or anything a seat keeps hidden.
    """
    cutoff = quiet_cutoff()
    base = Match.objects.prefetch_related("players__user")
    mine = _annotated(base.filter(players__user=user, status=Match.Status.PLAYING, turn_based=False))
    entries = sorted(
        (_entry(m, user.pk, cutoff, current_state(m)) for m in mine), key=lambda e: e["updated"], reverse=True
    )
    entries.sort(key=lambda e: (not e["your_turn"], e["quiet"]))  # stable: latest first within each
    finished = (
        base.filter(players__user=user, status=Match.Status.FINISHED)
        .defer("state")
        .select_related("table__rematch")
        .prefetch_related("table__rematch__seats")
        .order_by("-updated")[:HISTORY_SIZE]
    )
    history = [_entry(m, user.pk, cutoff) for m in finished]
    watchable = (
        base.filter(status=Match.Status.PLAYING, table__is_public=True, table__allow_spectators=True)
        .exclude(players__user=user)
        .defer("state")
    )
    watchable = _annotated(watchable).filter(Q(has_live=True) | Q(updated__gte=watch_cutoff()))
    watch = [_entry(m, user.pk, cutoff) for m in watchable.order_by("-updated")[:WATCH_SIZE]]
    turn_based = MatchPlayer.objects.filter(
        user=user, match__status=Match.Status.PLAYING, match__turn_based=True
    ).aggregate(count=Count("pk"), waiting=Count("pk", filter=Q(deadline__isnull=False)))
    return {
        "mine": entries,
        "history": history,
        "watch": watch,
        "turn_based": {"count": turn_based["count"], "your_turn": turn_based["waiting"]},
    }


def turn_based_page(user, page: int = 1, now=None) -> dict:
    """Page ``page`` (from 1) of ``user``'s turn-based matches in play
    (issue 32): those waiting on them first, the nearest deadline first,
    then the others by the nearest deadline of whom they wait on, then the
    latest active. Returns ``{"page", "more": bool, "matches": [{"id",
    "game", "mode", "mode_label", "opponents": [names], "waiting_for": [names],
    "your_turn", "deadline" (ISO or None), "time_left" (seconds or None),
    "rule", "strikes", "strikes_allowed"}]}``: the viewer's deadline when
    it waits on them, else the earliest one it waits on. One query (the
    seat joined to its match, without the state), however many matches:
    names come from the match config."""
    now = now or timezone.now()
    rows = (
        MatchPlayer.objects.filter(user=user, match__status=Match.Status.PLAYING, match__turn_based=True)
        .select_related("match")
        .only(
            "seat",
            "deadline",
            "strikes",
            "match__config",
            "match__clock",
            "match__deadline",
            "match__deadline_rule",
            "match__strikes_allowed",
            "match__updated",
        )
        .order_by(
            F("deadline").asc(nulls_last=True),
            F("match__deadline").asc(nulls_last=True),
            "-match__updated",
            "match_id",
        )
    )
    start = (page - 1) * TURN_BASED_PAGE
    chunk = list(rows[start : start + TURN_BASED_PAGE + 1])
    return {
        "page": page,
        "more": len(chunk) > TURN_BASED_PAGE,
        "matches": [_turn_based_entry(row, now) for row in chunk[:TURN_BASED_PAGE]],
    }


def _turn_based_entry(row, now) -> dict:
    """One turn-based match of turn_based_page, from the viewer's seat ``row``."""
    match = row.match
    seats = match.config.get("seats", [])
    names = [seat.get("name", "") for seat in seats]
    players = [{"name": name, "team": seats[i].get("team"), "you": i == row.seat} for i, name in enumerate(names)]
    partners, opponents = sides(players)
    waiting = (match.clock or {}).get("seats", [])
    deadline = row.deadline or match.deadline
    mode = match.config.get("mode") or match.config.get("game", "")
    return {
        "id": match.pk,
        "game": match.config.get("game", "codex"),
        "mode": mode,
        "mode_label": mode_label(mode),
        "partners": partners,
        "opponents": opponents,
        "with_against": with_against(players),
        "waiting_for": [names[seat] for seat in waiting if seat < len(names)],
        "your_turn": row.deadline is not None,
        "deadline": deadline.isoformat() if deadline is not None else None,
        "time_left": max(0, round((deadline - now).total_seconds())) if deadline is not None else None,
        "rule": match.deadline_rule,
        "strikes": row.strikes,
        "strikes_allowed": match.strikes_allowed,
    }
