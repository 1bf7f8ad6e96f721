"""Match persistence: create matches, apply actions (one writer per match),
and decide who may watch or act; reading a match's current state is
game.statereads's, which this builds on. Synchronous code;
consumers call it through ``database_sync_to_async`` and broadcast after it
returns (the commit is done).

Storage (issue 29): the action log (``MatchAction``) is written with each
action, in its transaction, before it is acknowledged; the match row keeps
the version, status and result of every action but the state only as a
snapshot, written every CODEX_SNAPSHOT_EVERY versions and when the game
ends (``state_version``: the version it is of). The state at the row's
version is the snapshot with the logged actions after it applied by the
engine (deterministic): game.statereads.current_state, and any worker
whose kept state (game.statecache) is not of the row's version rebuilds it
so (game.statereads.current_snapshot).
"""

import contextlib
from dataclasses import dataclass

from django.conf import settings
from django.db import InterfaceError, OperationalError, connection, transaction
from django.utils import timezone

from game import jsontext, rules, statecache, turnbased, turnclock
from game.matchsignals import match_finished, turn_passed
from game.models import Match, MatchAction, MatchPlayer
from game.positions import start_state
from game.statereads import (
    MAX_ID,
    MatchNotFound,
    Snapshot,
    current_snapshot,
    fetched_row,
    row_without_state,
    sql_cursor,
)


def normalise_action(action: dict, state: dict | None = None) -> dict:
    """The action as it is applied and stored: ``type`` and the keys the
    engine of ``state``'s game reads for that type (game.codex.action_keys;
    no state: Codex's), in that order, values as given; other keys dropped
    (issue 11, finding 12). An unknown type keeps ``type`` alone (the
    engine refuses it). Takes a dict with a ``type``; returns a new dict."""
    kind = action.get("type")
    keys = rules.action_keys(state).get(kind, ())
    return {"type": kind, **{key: action[key] for key in keys if key in action}}


class ActionRefused(Exception):
    """An action that was not applied; nothing changed.

    Attributes:
        code: stable machine-readable reason (e.g. ``"stale_version"``, or the
            engine's ``RulesError.code``).
        reason: a sentence for the player.
        version: the match version the action was judged at (when it reached
            the version check), else None.
        rules_code: the engine's ``RulesError.code`` when the code is
            ``stale_version`` (the engine refused an action made at an older
            version), else None.
        acted: with that code, the seats (sorted) whose actions the match
            applied after the version the action was made at: the page says
            whether a teammate or the player's own other tab got there first.
    """

    def __init__(
        self,
        code: str,
        reason: str,
        version: int | None = None,
        rules_code: str | None = None,
        acted: list[int] | None = None,
    ):
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason
        self.version = version
        self.rules_code = rules_code
        self.acted = acted

    def as_message(self, msg_id) -> dict:
        """The ``refused`` message for the client (docs/PROTOCOL.md)."""
        out = {"type": "refused", "id": msg_id, "code": self.code, "reason": self.reason}
        if self.version is not None:
            out["version"] = self.version
        if self.rules_code is not None:
            out["rules_code"] = self.rules_code
        if self.acted is not None:
            out["acted"] = self.acted
        return out


class AccessDenied(Exception):
    """The user may neither play nor watch this match."""


@dataclass(frozen=True)
class Applied:
    """An action that is in the log: ``version`` is the version it produced.

    ``snapshot`` is the new state to broadcast, or None when ``duplicate``
    (the action's nonce was already applied: nothing changed now).
    """

    version: int
    snapshot: Snapshot | None
    duplicate: bool = False


@dataclass(frozen=True)
class Access:
    """What a connection is: ``seat`` (int) for a player, None for a spectator."""

    seat: int | None
    snapshot: Snapshot


def create_match(
    config: dict,
    users: list,
    bots: list | None = None,
    turn_seconds: int | None = None,
    deadline_rule: str = "",
    strikes_allowed: int = 0,
) -> Match:
    """Start a match: build the initial state with the engine and store it.

    Takes the engine config (``{"mode", "seed", "seats": [...]}``; with a
    ``"position"``, it starts from that stored state: game.positions), the
    users in seat order (``users[i]`` plays seat i; None for a table bot's
    seat) and, optionally, the table bots' kinds in seat order (``bots[i]``:
    a game.standins.BOT_KINDS key, or "" for a person) and the turn timer
    (``turn_seconds``, None: off; game.turnclock); a ``deadline_rule`` makes
    it a turn-based match (game.turnbased: ``turn_seconds`` the time per
    move, ``strikes_allowed`` the strikes that lose under "strikes"), its
    first deadlines set. Returns the saved Match at version 0. Raises
    ``game.rules.RulesError`` when the engine rejects the config.
    """
    state = start_state(config)
    bots = bots or [""] * len(users)
    with transaction.atomic():
        match = Match(
            config=config,
            state=state,
            turn_seconds=turn_seconds,
            turn_based=bool(deadline_rule),
            deadline_rule=deadline_rule,
            strikes_allowed=strikes_allowed,
        )
        turnclock.start(match, state)
        match.save()
        MatchPlayer.objects.bulk_create(
            [MatchPlayer(match=match, seat=i, user=user, bot=bots[i]) for i, user in enumerate(users)]
        )
        if match.turn_based:
            turnbased.start(match)
    return match


def seat_of(match_id: int, user_id: int) -> int | None:
    """Return the seat ``user_id`` plays in match ``match_id``, or None."""
    return MatchPlayer.objects.filter(match_id=match_id, user_id=user_id).values_list("seat", flat=True).first()


def may_spectate(match: Match, invite_token: str | None) -> bool:
    """True when anyone logged in may watch ``match``.

    A match may be watched when its table allows spectators and is public, or
    the viewer presents the table's invite token. Matches without a table
    (made outside the lobby) are for their players only.
    """
    table = getattr(match, "table", None)
    if table is None or not table.allow_spectators:
        return False
    if table.is_public:
        return True
    return table.invite_matches(invite_token)


def load_access(match_id: int, user_id: int, invite_token: str | None = None) -> Access:
    """Decide what ``user_id`` is in a match and read its current state.

    Returns an Access (seat or spectator, plus the snapshot).
    Raises MatchNotFound, or AccessDenied when the user is not seated and may
    not spectate.
    """
    row = row_without_state(match_id)
    if row is None:
        raise MatchNotFound(match_id)
    seat = seat_of(match_id, user_id)
    if seat is None and not may_spectate(
        Match.objects.select_related("table").defer("state", "config").get(pk=match_id), invite_token
    ):
        raise AccessDenied(match_id)
    return Access(seat=seat, snapshot=current_snapshot(match_id, row))


def _result(state: dict) -> dict:
    """The stored result of the finished game ``state``, as its engine
    tells it (game.rules.outcome): the winning seat (None in a team game
    or a draw), every winning seat, the engine's reason, ``conceded_by``:
    the seat whose concession ended the game, else None (the engine's
    reason does not say who conceded: in a free-for-all a concession ends
    the game as a fallen base, "base destroyed", house rule R28, and a
    player conceding a Two-Headed Dragon is one of their team; the pages
    name them from it), ``fallen``: the seats whose base (Arcane: life;
    C-23: place in the game) was lost at the end, and ``shared``: more than
    one team won (docs/PROTOCOL.md). Who conceded is public (the log says
    so)."""
    end = rules.outcome(state)
    return {
        "winner": end["winners"][0] if len(end["winners"]) == 1 else None,
        "winners": end["winners"],
        "reason": end["reason"],
        "conceded_by": end["conceded_by"],
        "fallen": end["fallen"],
        "shared": end["shared"],
    }


def apply_match_action(
    match_id: int, user_id: int, action: dict, expected_version: int, nonce: str | None = None
) -> Applied:
    """Apply one action for the seat ``user_id`` plays, in one transaction.

    One writer per match: the action is written only while the row is
    still at the version it read (the update locks the row until the
    commit; on SQLite the transaction holds the write lock), else it is
    applied again from the start, so actions of one match are applied one
    at a time, each whole, and each version is made once. Then:

    - a ``nonce`` this seat already used answers the first action's version
      (``duplicate``; nothing is applied again);
    - an ``expected_version`` above the match's version is refused
      (``bad_version``: no client can have seen it);
    - in a turn-by-turn game (rules.turn_by_turn: Arcane Codex, C-23) an
      action made at an older version after which another seat acted is
      refused ``stale_version`` (no ``rules_code``), whatever the engine
      would say of it now: the turn or a question changed hands under it;
    - otherwise the engine judges the action against the current state,
      whatever version the client acted at (Codex: teammates act at the same
      time, docs/PROTOCOL.md "Versions and simultaneous actions"). If it refuses
      and the client acted at an older version, the code is
      ``stale_version`` (the engine's code in ``rules_code``), else the
      engine's code.

    The action is first normalised (normalise_action: the keys the engine
    reads, nothing else); that is what the engine judges, what a retried
    nonce is compared with and what the log keeps. An applied action saves
    version + 1 (and the state, when a snapshot is due: _snapshot_due) and
    appends the action to the action log with its nonce. Returns Applied
    (committed when this returns).
    Raises ActionRefused (nothing changed): ``not_seated``, ``nonce_reused``
    (the seat used that nonce for a different action), ``match_over``,
    ``bad_version``, ``stale_version`` or the engine's code; MatchNotFound.
    """
    return _until_written(lambda: _apply(match_id, action, expected_version, nonce, user_id=user_id))


def apply_seat_action(match_id: int, seat: int, action: dict, at_version: int) -> Applied:
    """Apply one move the server chose for ``seat`` (the stand-in bot of
    game.standins), only while the match is still at ``at_version``, the
    version it was chosen at: two workers choosing at the same version
    apply one move. The move carries no nonce, so nothing a client sends
    can be taken for it (issue 11, finding 2). Otherwise as
    apply_match_action; a match no longer at ``at_version`` is refused
    ``stale_version`` (nothing changed)."""
    return _until_written(lambda: _apply(match_id, action, at_version, None, seat=seat))


def _match_row(match_id: int, nonce: str | None, seat: int | None, user_id: int | None) -> dict | None:
    """The match row, without its state, as ``{id, version, state_version,
    status, result, created, turn_seconds, puzzle, acting_seat, nonce_seq}``
    (``puzzle``: its config names a puzzle, game.matchsignals): the
    acting seat (``user_id``'s, or ``seat``) and the version that seat's
    ``nonce`` produced (None: unused); None when the match does not exist.
    Not locked: the action's write is made only while the row is still at
    this version (write_version), and on SQLite the transaction holds the write
    lock from its start. One statement, not three, and written out rather
    than built by the ORM: each statement is a round trip on the one
    database thread of a worker, and building this one through the ORM cost
    more than running it (docs/BENCHMARKS.md, "Profile"). The state is not
    read: the worker keeps it (game.statecache)."""
    if not 0 < match_id <= MAX_ID:
        return None
    match, player, action = (m._meta.db_table for m in (Match, MatchPlayer, MatchAction))
    columns = "m.id, m.version, m.state_version, m.status, m.result, m.created, m.turn_seconds, " + (
        "m.config ? 'puzzle' AS puzzle"
        if connection.vendor == "postgresql"
        else "json_type(m.config, '$.puzzle') IS NOT NULL AS puzzle"
    )
    if user_id is not None:
        sql = (
            f"SELECT {columns}, p.seat AS acting_seat, a.seq AS nonce_seq FROM {match} m "
            f"LEFT JOIN {player} p ON p.match_id = m.id AND p.user_id = %s "
            f"LEFT JOIN {action} a ON a.match_id = m.id AND a.seat = p.seat AND a.nonce = %s "
            "WHERE m.id = %s"
        )
        params = [user_id, nonce, match_id]
    else:
        sql = (
            f"SELECT {columns}, %s AS acting_seat, a.seq AS nonce_seq FROM {match} m "
            f"LEFT JOIN {action} a ON a.match_id = m.id AND a.seat = %s AND a.nonce = %s "
            "WHERE m.id = %s"
        )
        params = [seat, seat, nonce, match_id]
    with sql_cursor() as cursor:
        cursor.execute(sql, params)
        return fetched_row(cursor)


def _snapshot_due(version: int, state_version: int, finished: bool) -> bool:
    """True when the action that makes ``version`` of a match whose stored
    snapshot is of ``state_version`` stores the state: at the game's end,
    and CODEX_SNAPSHOT_EVERY versions after the last snapshot."""
    return finished or version - state_version >= settings.CODEX_SNAPSHOT_EVERY


class Raced(Exception):
    """Another transaction committed a version of the match after this one
    read it (PostgreSQL): nothing was written; apply the action again."""


def write_version(match_id: int, snapshot: Snapshot, seat: int, action: dict, nonce: str | None) -> None:
    """Store the new version (version, status, result, and the state text
    as the new snapshot when ``snapshot.text`` is set) and append the
    action to the log, only while the row is still at the version before
    it: one statement on PostgreSQL (the update inside the insert's WITH,
    the insert made only when the update was), two on SQLite; written out,
    not built by the ORM (docs/BENCHMARKS.md, "Profile"). The update locks
    the row until the commit: one writer per match, each version made
    once. Raises Raced (nothing written) when another transaction made
    that version first: PostgreSQL's update waits for it, then finds the
    row at a newer version."""
    match, log = Match._meta.db_table, MatchAction._meta.db_table
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    result = None if snapshot.result is None else jsontext.dumps(snapshot.result)
    stored = "state = %s{j}, state_version = %s, " if snapshot.text is not None else ""
    update = (
        f"UPDATE {match} SET {stored}version = %s, updated = %s, status = %s, result = %s{{j}} "
        "WHERE id = %s AND version = %s"
    )
    insert = f"INSERT INTO {log} (match_id, seq, seat, action, nonce, created) {{rows}}"
    values = "%s, %s, %s, %s{j}, %s, %s"
    update_params = [snapshot.version, now, snapshot.status, result, match_id, snapshot.version - 1]
    if snapshot.text is not None:
        update_params[:0] = [snapshot.text, snapshot.version]
    insert_params = [match_id, snapshot.version, seat, jsontext.dumps(action), nonce, now]
    with sql_cursor() as cursor:
        if connection.vendor == "postgresql":
            rows = f"SELECT {values.format(j='::jsonb')} FROM u"
            cursor.execute(
                f"WITH u AS ({update.format(j='::jsonb')} RETURNING 1) {insert.format(rows=rows)}",
                update_params + insert_params,
            )
        else:
            cursor.execute(update.format(j=""), update_params)
            if cursor.rowcount == 1:
                cursor.execute(insert.format(rows=f"VALUES ({values.format(j='')})"), insert_params)
        if cursor.rowcount != 1:
            raise Raced(match_id)


def _until_written(apply):
    """Run the transaction ``apply()`` (on a live connection:
    _on_a_live_connection) and return its result; again, from the start,
    as long as another transaction made the version it was writing first
    (Raced: each time, another action of the match was applied, so
    this ends)."""
    while True:
        try:
            return _on_a_live_connection(apply)
        except Raced:
            continue  # rolled back (inside a caller's transaction: to its savepoint); read again


def _on_a_live_connection(apply):
    """Run the transaction ``apply()`` and return its result; when it
    failed because the kept database connection was dead (PostgreSQL
    restarted, the connection was cut), once more on a new one.

    The settings skip Django's health check (a ``SELECT 1`` before the first
    statement of every call: CONN_HEALTH_CHECKS) that would find such a
    connection before use; this finds it at first use instead. Running the
    action again is safe: nothing of the failed transaction was kept, and
    had it committed after all, its nonce answers it (``duplicate``) and a
    stand-in's move is refused ``stale_version``."""
    try:
        return apply()
    except (InterfaceError, OperationalError) as err:
        if connection.in_atomic_block or not _connection_lost(err):
            raise  # inside the caller's transaction, or the database refused: not a dead connection
        connection.close()
        return apply()


def _connection_lost(err: Exception) -> bool:
    """True when ``err`` (from the driver) says the PostgreSQL connection
    is gone: no SQLSTATE (the socket closed), class 08 (connection
    exception) or 57P (the server shut down or ended the session)."""
    if connection.vendor != "postgresql":
        return False
    state = getattr(err.__cause__, "sqlstate", None)
    return state is None or state.startswith(("08", "57P"))


def _own_copy(snapshot: Snapshot) -> dict:
    """A state of ``snapshot``'s version that nothing else holds, for the
    engine to change in place (rules.apply_action_in_place): the game's own
    copy of the parsed state (rules.copy_state), which is what parsing the
    stored text would give, since a state stays plain JSON after every
    action (tests/server/test_statecache.py), and is cheaper: a Codex state
    of 25 KB copied in 66 µs where msgspec parsed its text in 135 µs
    (docs/BENCHMARKS.md "Issue 13, server, session 8"). The kept snapshot
    is shared, read only, by this worker's connections and is never
    changed: an action that fails halfway (rules.EngineFault) leaves only
    this copy half-changed, and it is dropped with the transaction."""
    return rules.copy_state(snapshot.state)


def _atomic(needed: bool):
    """``transaction.atomic()`` when ``needed``, else a context that does nothing."""
    return transaction.atomic() if needed else contextlib.nullcontext()


def _apply(
    match_id: int,
    action: dict,
    expected_version: int,
    nonce: str | None,
    seat: int | None = None,
    user_id: int | None = None,
) -> Applied:
    """apply_match_action (``user_id``) and apply_seat_action (``seat``).

    On PostgreSQL the reads run outside a transaction and the write is one
    statement (write_version), a transaction of its own: two round trips to
    the database, not four (issue 29). Nothing is lost: the reads were not
    locked inside a transaction either (READ COMMITTED), and the write is
    made only while the row is at the version read. A timed match's write
    and clock go in one transaction, and so does a finishing action's write
    with game.matchsignals's receivers. SQLite's holds the write lock."""
    seat_given = seat is not None
    postgres = connection.vendor == "postgresql"
    with _atomic(not postgres):
        match = _match_row(match_id, nonce, seat, user_id)
        if match is None:
            raise MatchNotFound(match_id)
        seat, version = match["acting_seat"], match["version"]
        if seat is None:
            raise ActionRefused("not_seated", "Only the players seated in this match can act.")
        current = current_snapshot(match_id, match)
        action = normalise_action(action, current.state)  # the keys its game's engine reads
        if match["nonce_seq"] is not None:
            first = MatchAction.objects.filter(match_id=match_id, seat=seat, nonce=nonce).values_list(
                "action", flat=True
            )
            if first[0] != action:
                raise ActionRefused("nonce_reused", "That nonce was used for another action: send a new one.", version)
            return Applied(version=match["nonce_seq"], snapshot=None, duplicate=True)
        if match["status"] != Match.Status.PLAYING:
            raise ActionRefused("match_over", "This match is over.", version)
        if seat_given and expected_version < version:
            raise ActionRefused(
                "stale_version",
                f"The match moved on to version {version} since version {expected_version}.",
                version,
            )
        if expected_version > version:
            raise ActionRefused(
                "bad_version",
                f"The match is only at version {version}: resync.",
                version,
            )
        if (
            expected_version < version
            and rules.turn_by_turn(current.state)
            and _handed_over(match_id, seat, expected_version, version)
        ):
            raise ActionRefused(
                "stale_version",
                "Not applied: another player acted after you chose this, so the table has changed. "
                "Look at it as it is now and choose again.",
                version,
            )
        state = _own_copy(current)
        try:
            rules.apply_action_in_place(state, seat, action)
        except rules.RulesError as err:
            if expected_version < version:
                raise ActionRefused(
                    "stale_version",
                    f"{err.message} (The match changed since version {expected_version}: it is at version {version}.)",
                    version,
                    err.code,
                    _acted_since(match_id, expected_version, version),
                ) from None
            raise ActionRefused(err.code, err.message, version) from None
        finished = state.get("status") == "finished"
        snapshot = Snapshot(
            version=version + 1,
            state=state,
            status=Match.Status.FINISHED if finished else Match.Status.PLAYING,
            result=_result(state) if finished else None,
            text=jsontext.dumps(state) if _snapshot_due(version + 1, match["state_version"], finished) else None,
            created=current.created,
        )
        timed = match["turn_seconds"] is not None  # the table's turn timer (game.turnclock)
        with _atomic(postgres and (timed or finished)):
            write_version(match_id, snapshot, seat, action, nonce)
            if timed:
                turnclock.after_action(match_id, state)
            if finished:  # in the finish's transaction (game.matchsignals; issue 33's ratings)
                match_finished.send(sender=Match, match_id=match_id, state=state, seat=seat)
            if finished or state.get("active", seat) != current.state.get("active", seat):
                turn_passed.send(sender=Match, match_id=match_id, state=state, seat=seat, puzzle=bool(match["puzzle"]))
        statecache.keep(match_id, snapshot)
    return Applied(version=snapshot.version, snapshot=snapshot)


def _handed_over(match_id: int, seat: int, since: int, version: int) -> bool:
    """True when a seat other than ``seat`` made one of the match's actions
    after version ``since`` (up to ``version``): the turn or a question
    passed to another player since then, so an action ``seat`` made at
    ``since`` is stale in a turn-by-turn game (rules.turn_by_turn). The
    seat's own later actions (several sent at once) hand nothing over."""
    return any(other != seat for other in _acted_since(match_id, since, version))


def _acted_since(match_id: int, since: int, version: int) -> list[int]:
    """The seats (sorted, each once) that made the match's actions after
    version ``since``, up to ``version``."""
    return sorted(
        set(
            MatchAction.objects.filter(match_id=match_id, seq__gt=since, seq__lte=version).values_list(
                "seat", flat=True
            )
        )
    )


def render_for(snapshot: Snapshot, seat: int | None, memo: dict | None = None) -> dict:
    """Build the ``state`` message one viewer may see at ``snapshot``.

    Takes the snapshot, the viewer's seat (None for a spectator) and
    optionally ``memo``, a dict shared by the renders of this one snapshot
    for other viewers (rules.reading: the stats computed for one viewer are
    not computed again for the next). Returns ``{"type": "state",
    "version", "seat", "status", "result", "view", "legal_actions"}``;
    ``legal_actions`` is empty for spectators and finished matches.
    """
    legal = []
    with rules.reading(snapshot.state, memo):
        if seat is not None and snapshot.status == Match.Status.PLAYING:
            legal = rules.legal_actions(snapshot.state, seat)
        shown = rules.view(snapshot.state, seat)
    return {
        "type": "state",
        "version": snapshot.version,
        "seat": seat,
        "status": snapshot.status,
        "result": snapshot.result,
        "view": shown,
        "legal_actions": legal,
    }
