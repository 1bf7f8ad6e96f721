"""Table operations: create, take and leave seats, pick heroes (or a C-23 deck), ready,
remove a player (host), seat a bot (host), start, offer a rematch; free a logged-out
player's waiting seats.

Each operation runs in a transaction with the table row locked, and raises
LobbyError (nothing changed) when it is not allowed.
"""

import math
import secrets
from datetime import timedelta
from functools import partial

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from codexsite.usertext import clipped
from game import rules, tasks, turnbased, turnclock
from game.models import Match, MatchPlayer
from game.rules import tables
from game.rules.tables import C23
from game.services import create_match
from game.standins import BOT_KINDS, bot_name
from game.statereads import current_state
from lobby.errors import LobbyError
from lobby.models import Seat, Table
from lobby.modes import get_mode
from lobby.seen import host_gone_cutoff, mark_seen
from lobby.setupchecks import checked_options, checked_pace, checked_webhook, picked_heroes, seat_deck

NO_TABLE = "That table does not exist (any more)."


def _locked(table_id: int, user, invite: str | None = None) -> Table:
    """The table ``table_id``, its row locked, when ``user`` may see it
    (:func:`can_see`, ``invite``: the token they gave). Raises LobbyError
    ``no_table`` (404) for a table that does not exist and, the same, for
    one the user may not see: a private table's existence does not show
    through any operation (issue 27, point 13)."""
    table = Table.objects.select_for_update().filter(pk=table_id).first()
    if table is None or not can_see(table, user, invite):
        raise LobbyError("no_table", NO_TABLE, 404)
    return table


def _open(table: Table) -> None:
    if table.status != Table.Status.OPEN:
        raise LobbyError("table_started", "This table has already started.", 409)


def idle_cutoff():
    """The time before which an open table counts as abandoned."""
    return timezone.now() - timedelta(minutes=settings.CODEX_TABLE_IDLE_MINUTES)


def _room_for_a_seat(user, table_id: int | None = None) -> None:
    """Check that ``user`` may take one more seat at a waiting table.

    Waiting tables are open ones that are not idle; a seat at ``table_id``
    (where the user moves seats) is no new one. Locks the user's row, so two
    joins at once are counted one after the other. Raises LobbyError
    ``too_many_seats`` (409) at CODEX_OPEN_SEATS_PER_USER such seats (issue 11).
    """
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    seats = Seat.objects.filter(user=user, table__status=Table.Status.OPEN, table__updated__gte=idle_cutoff())
    if table_id is not None and seats.filter(table_id=table_id).exists():
        return
    limit = settings.CODEX_OPEN_SEATS_PER_USER
    if seats.count() >= limit:
        raise LobbyError(
            "too_many_seats", f"You already sit at {limit} tables that have not started: leave one of them first.", 409
        )


def held_seats(table: Table) -> dict:
    """The seats of the rematch ``table`` kept for the players of the match
    it plays again (issue 27 point 9): ``{seat index: (user id, name)}``,
    each seat a person played in that match, while the rematch waits
    (open, and less than CODEX_TABLE_IDLE_MINUTES since it was opened:
    :func:`hold_ends`) and that player does not sit at another seat of it.
    ``{}`` for any other table. One query for a rematch table, none else."""
    if table.rematch_of_id is None or table.status != Table.Status.OPEN or timezone.now() >= hold_ends(table):
        return {}
    players = MatchPlayer.objects.filter(match__table=table.rematch_of_id, user__isnull=False).select_related("user")
    seated = {seat.user_id for seat in table.seats.all() if seat.user_id is not None}
    return {p.seat: (p.user_id, p.user.public_name) for p in players if p.user_id not in seated}


def hold_ends(table: Table):
    """When the seats of the rematch ``table`` stop being kept for the
    match's players: CODEX_TABLE_IDLE_MINUTES after it was opened, the time
    a rematch nobody joins waits before it closes."""
    return table.created + timedelta(minutes=settings.CODEX_TABLE_IDLE_MINUTES)


def host_here(table: Table) -> bool:
    """True when the host of ``table`` was seen on the site lately (less than
    CODEX_HOST_GONE_MINUTES ago, lobby.seen): a table whose host left (closed
    the page or the browser) takes no new player and is not listed."""
    last = table.host.last_seen
    return last is not None and last >= host_gone_cutoff()


def _refuse_if_held(table: Table, index: int, user) -> None:
    """Raise LobbyError ``seat_held`` (409) when seat ``index`` of ``table``
    is kept for another player of the match it plays again (:func:`held_seats`)."""
    holder = held_seats(table).get(index)
    if holder is not None and holder[0] != getattr(user, "pk", None):
        # In minutes from now, not a clock time: the lobby shows times on the viewer's own clock.
        minutes = max(1, math.ceil((hold_ends(table) - timezone.now()).total_seconds() / 60))
        raise LobbyError(
            "seat_held",
            f"{holder[1]} played this seat in the last match: it is kept for them "
            f"for {minutes} more minute{'s' if minutes != 1 else ''}.",
            409,
        )


def delete_abandoned_tables() -> int:
    """Delete open tables idle for longer than CODEX_TABLE_IDLE_MINUTES.

    Returns the number of tables deleted.
    """
    _, per_model = Table.objects.filter(status=Table.Status.OPEN, updated__lt=idle_cutoff()).delete()
    return per_model.get(Table._meta.label, 0)


def can_see(table: Table, user, invite: str | None) -> bool:
    """True when ``user`` may see ``table``: it is public, the user sits or hosts
    there, was removed from it (so they see that), ``invite`` is its
    invite token, or it is the rematch of a match the user played."""
    if table.is_public or table.host_id == user.pk:
        return True
    if table.invite_matches(invite):
        return True
    if table.seats.filter(user=user).exists() or table.removed.filter(pk=user.pk).exists():
        return True
    return (
        table.rematch_of_id is not None
        and MatchPlayer.objects.filter(match__table=table.rematch_of_id, user=user).exists()
    )


RANDOM_MAP = "random"


def map_choices() -> list:
    """What a table may pick as its map: "" (none, the default),
    ``"random"`` (drawn when the match starts) or a map id (Deluxe rulebook
    "Map Cards"; game.codex.maps)."""
    return ["", RANDOM_MAP, *tables.map_ids()]


def draw_map(mode: str) -> str:
    """A map drawn at random for a match of ``mode`` (secrets). Vortoss
    Ruins changes nothing outside the 3-hero game, so only 3-hero draws
    may give it (docs/RULINGS.md "Maps")."""
    pool = [m for m in tables.map_ids() if mode == "3hero" or m != "vortoss_ruins"]
    return secrets.choice(pool)


def create_table(
    host,
    mode: str,
    is_public: bool = True,
    allow_spectators: bool = True,
    seats: int | None = None,
    turn_seconds: int | None = None,
    map_choice: str = "",
    options: dict | None = None,
    deck=None,
    rated: bool = False,
    turn_based: bool = False,
    deadline_rule: str = "",
    strikes_allowed: int | None = None,
    webhook_url: str = "",
) -> Table:
    """Open a table for ``mode`` and seat its host at seat 0.

    Takes the host user, the mode key (a Codex mode, or another game's
    name: "arcane"), visibility flags, the seat count
    (default: the mode's minimum), the turn timer (``turn_seconds``,
    None: off; game.turnclock), the map (``map_choice``, one of
    :func:`map_choices`; "" none; only for a mode with ``maps``) and the game's table
    ``options`` (Arcane Codex, C-23; those left out keep their defaults);
    ``deck``: at a C-23 table, the host's deck (a starter's colour or the
    id of one of their saved decks; None: picked later); ``rated``: a rated
    table (its match moves ratings, issue 33) or casual (False); a
    ``turn_based`` table (issue 32; game.turnbased) takes its time per move
    in ``turn_seconds`` (one of game.turnbased.MOVE_CHOICES), its
    ``deadline_rule`` ("stand_in" or "strikes") and, with "strikes", the
    ``strikes_allowed`` that lose (1 to 5; default 3), and may take a chat
    ``webhook_url`` that gets every turn notice of its match (setupchecks.checked_webhook).
    Returns the Table. Raises LobbyError ``bad_mode`` / ``bad_seats`` /
    ``bad_timer`` / ``bad_deadline_rule`` / ``bad_strikes`` / ``bad_webhook`` / ``bad_map`` /
    ``bad_options``, those of a deck (``bad_deck``, ``no_such_deck``, ``illegal_deck``); ``too_many_tables``
    (409) when the host already has CODEX_OPEN_TABLES_PER_HOST open tables
    that are not idle; ``too_many_seats`` (409) when the host already sits
    at CODEX_OPEN_SEATS_PER_USER waiting tables.
    """
    open_tables = Table.objects.filter(host=host, status=Table.Status.OPEN, updated__gte=idle_cutoff())
    if open_tables.count() >= settings.CODEX_OPEN_TABLES_PER_HOST:
        raise LobbyError("too_many_tables", "You already have open tables: start or leave one first.", 409)
    try:
        spec = get_mode(mode)
    except KeyError:
        raise LobbyError("bad_mode", f"Unknown game mode {clipped(mode)!r}.") from None
    count = spec.min_seats if seats is None else seats
    if not spec.min_seats <= count <= spec.max_seats:
        counts = str(spec.min_seats) if spec.min_seats == spec.max_seats else f"{spec.min_seats} to {spec.max_seats}"
        raise LobbyError("bad_seats", f"{spec.label} is played with {counts} seats.")
    if turn_based:
        strikes_allowed = checked_pace(turn_seconds, deadline_rule, strikes_allowed)
    else:
        if turn_seconds is not None and not turnclock.MIN_SECONDS <= turn_seconds <= turnclock.MAX_SECONDS:
            raise LobbyError(
                "bad_timer",
                f"A turn timer is {turnclock.MIN_SECONDS} seconds to {turnclock.MAX_SECONDS // 60} minutes, or off.",
            )
        if deadline_rule or strikes_allowed is not None:
            raise LobbyError("bad_deadline_rule", "Deadlines and strikes are for turn-based tables only.")
        strikes_allowed = 0
    webhook_url = checked_webhook(webhook_url, turn_based)
    map_choice = map_choice or ""
    if map_choice and not spec.maps:
        raise LobbyError("bad_map", f'{spec.label} is played without a map: leave the map at "no map".')
    if map_choice not in map_choices():
        raise LobbyError(
            "bad_map", f"There is no map called {clipped(map_choice)!r}: pick one of the 12 maps, random, or none."
        )
    options = checked_options(spec, options)
    host_deck = seat_deck(spec.game, host, deck)
    mark_seen(host, force=True)  # opening a table is a sign of life (lobby.seen)
    with transaction.atomic():
        _room_for_a_seat(host)
        table = Table.objects.create(
            host=host,
            mode=mode,
            is_public=is_public,
            allow_spectators=allow_spectators,
            turn_seconds=turn_seconds,
            turn_based=turn_based,
            deadline_rule=deadline_rule if turn_based else "",
            strikes_allowed=strikes_allowed,
            map=map_choice,
            game=spec.game,
            options=options,
            rated=bool(rated),
            webhook_url=webhook_url,
        )
        Seat.objects.bulk_create(
            [
                Seat(
                    table=table,
                    index=i,
                    team=spec.team_of(i),
                    user=host if i == 0 else None,
                    deck=host_deck if i == 0 else {},
                )
                for i in range(count)
            ]
        )
    return table


def take_seat(table_id: int, user, index: int, invite: str | None = None, deck=None) -> Table:
    """Seat ``user`` at seat ``index`` (moving them from another seat of the table).

    Private tables need the invite token (or being the host). ``deck``: at
    a C-23 table, the deck they bring (a starter's colour or one of their
    saved decks' id; None: picked later, or the one of the seat they move
    from). Returns the Table. Raises LobbyError ``no_table`` (404, also for
    a private table without the token), ``table_started``,
    ``removed`` (403: the host removed the user from this table),
    ``no_seat``, ``seat_taken``, ``seat_held`` (409: at a rematch, the seat
    is kept for the player of the match who played it, :func:`held_seats`),
    ``host_gone`` (409: the host left, :func:`host_here`),
    ``too_many_seats``, and
    those of a deck (``bad_deck``, ``no_such_deck``, ``illegal_deck``).
    """
    with transaction.atomic():
        table = _locked(table_id, user, invite)
        _open(table)
        if table.removed.filter(pk=user.pk).exists():
            raise LobbyError("removed", "The host removed you from this table: you cannot sit here again.", 403)
        seat = table.seats.filter(index=index).first()
        if seat is None:
            raise LobbyError("no_seat", "That seat does not exist.")
        chosen = seat_deck(table.game, user, deck)
        if seat.user_id == user.pk:
            if chosen and chosen != seat.deck:
                seat.deck, seat.ready = chosen, False
                seat.save(update_fields=["deck", "ready"])
            return table
        if seat.user_id is not None or seat.bot:
            raise LobbyError("seat_taken", "That seat is taken.", 409)
        _refuse_if_held(table, index, user)
        if table.host_id != user.pk and not host_here(table):
            raise LobbyError(
                "host_gone",
                "The host has left this table, so it takes no new players: "
                "open a table of your own, or wait until the host is back.",
                409,
            )
        _room_for_a_seat(user, table.pk)
        before = table.seats.filter(user=user).first()
        table.seats.filter(user=user).update(user=None, heroes=[], ready=False, deck={})
        seat.user, seat.heroes, seat.ready = user, [], False
        seat.deck = chosen or (before.deck if before is not None else {})
        seat.save()
        table.touch()
    return table


def leave_table(table_id: int, user) -> Table | None:
    """Free ``user``'s seat. The host role passes to another seated player;
    a table left empty is deleted.

    Returns the Table, or None when it was deleted. Raises LobbyError
    ``no_table``, ``table_started``, ``not_seated``.
    """
    with transaction.atomic():
        table = _locked(table_id, user)
        _open(table)
        if not table.seats.filter(user=user).update(user=None, heroes=[], ready=False, deck={}):
            raise LobbyError("not_seated", "You are not seated at this table.")
        remaining = table.seats.exclude(user=None).select_related("user").first()
        if remaining is None:
            table.delete()
            return None
        if table.host_id == user.pk:
            table.host = remaining.user
            table.save(update_fields=["host"])
        _changed(table)
    return table


def _changed(table: Table) -> None:
    """After a player left: nobody is ready any more (the table is not the one
    they got ready at), and the table was active now."""
    table.seats.filter(bot="").update(ready=False)  # a bot is always ready
    table.touch()


def _hosts_seat(table_id: int, host, index: int, not_host: str) -> tuple:
    """Inside a transaction: ``(table, seat)``, the open table ``table_id``
    locked and its seat ``index``, for an operation only its host may do.
    Raises LobbyError ``not_host`` (403, with the sentence ``not_host``),
    ``no_seat`` (and those of a closed table)."""
    table = _locked(table_id, host)
    _open(table)
    if table.host_id != host.pk:
        raise LobbyError("not_host", not_host, 403)
    seat = table.seats.filter(index=index).first()
    if seat is None:
        raise LobbyError("no_seat", "That seat does not exist.")
    return table, seat


def remove_player(table_id: int, host, index: int) -> Table:
    """The host removes the player at seat ``index`` before the start.

    The seat is freed, every seat's ready flag cleared, and the player may
    not sit at this table again (they see that they were removed: the
    table's ``removed`` flag, issue 11). Returns the Table. Raises
    LobbyError ``no_table``, ``table_started``, ``not_host`` (403),
    ``no_seat``, ``seat_empty``, ``remove_self`` (the host leaves instead).
    A bot's seat is simply emptied (nobody to keep out).
    """
    with transaction.atomic():
        table, seat = _hosts_seat(table_id, host, index, "Only the host removes players.")
        if seat.bot:
            seat.bot, seat.heroes, seat.ready, seat.deck = "", [], False, {}
            seat.save(update_fields=["bot", "heroes", "ready", "deck"])
            _changed(table)
            return table
        if seat.user_id is None:
            raise LobbyError("seat_empty", "Nobody sits in that seat.")
        if seat.user_id == host.pk:
            raise LobbyError("remove_self", "You cannot remove yourself: Leave the table instead.")
        table.removed.add(seat.user_id)
        seat.user, seat.heroes, seat.deck = None, [], {}
        seat.save(update_fields=["user", "heroes", "deck"])
        _changed(table)
    return table


def leave_waiting_tables(user) -> int:
    """Free every seat ``user`` has at a table that has not started (as
    ``leave_table`` does: the host role passes on, an emptied table closes).
    Seats of started matches stay. Returns how many seats were freed.
    Called when the user logs out (lobby.signals; issue 11).
    """
    freed = 0
    for table_id in Seat.objects.filter(user=user, table__status=Table.Status.OPEN).values_list("table_id", flat=True):
        try:
            leave_table(table_id, user)
        except LobbyError:  # started or left meanwhile: nothing to free
            continue
        freed += 1
    return freed


def update_seat(
    table_id: int, user, heroes: list | None = None, ready: bool | None = None, main: str | None = None, deck=None
) -> Table:
    """Pick heroes (or a C-23 deck), mark the main hero and/or set the ready flag of ``user``'s seat.

    ``heroes``: exactly the mode's number of different heroes among the
    playable ones, or ``[]`` to clear the pick; ``main``: the main hero (one
    of the picked heroes; it goes first, and its colour gives the starting
    deck). ``deck``: at a C-23 table, a starter's colour or the id of one
    of the user's saved decks (:func:`_seat_deck`). A changed pick clears
    ready; ready needs a complete pick (C-23: a deck).
    Returns the Table. Raises LobbyError ``not_seated``, ``bad_heroes``,
    ``bad_main``, ``no_heroes``, ``no_deck``, those of a deck (``bad_deck``,
    ``no_such_deck``, ``illegal_deck``; the seat unchanged) and those of a
    closed table.
    """
    with transaction.atomic():
        table = _locked(table_id, user)
        _open(table)
        seat = table.seats.filter(user=user).first()
        if seat is None:
            raise LobbyError("not_seated", "You are not seated at this table.")
        spec = get_mode(table.mode)
        picked = picked_heroes(spec, seat.heroes, heroes, main)
        chosen = seat_deck(table.game, user, deck)
        if picked != seat.heroes:
            seat.heroes, seat.ready = picked, False
        if chosen and chosen != seat.deck:
            seat.deck, seat.ready = chosen, False
        if ready is not None:
            if ready and len(seat.heroes) != spec.heroes_per_seat:
                raise LobbyError(
                    "no_heroes",
                    "Pick your heroes before you are ready."
                    if spec.heroes_per_seat > 1
                    else "Pick your hero before you are ready.",
                )
            if ready and table.game == C23 and not seat.deck:
                raise LobbyError("no_deck", "Pick your deck (a starter or one you saved) before you are ready.")
            seat.ready = ready
        seat.save()
        table.touch()
    return table


def seat_bot(table_id: int, host, index: int, kind: str, heroes: list | None = None, deck=None) -> Table:
    """The host puts a table bot of ``kind`` (a game.standins.BOT_KINDS key)
    in the empty seat ``index`` of a waiting table (issue 14 point 9).

    ``heroes``: the bot's pick (as update_seat checks it); None picks the
    mode's number of different heroes at random. ``deck``: at a C-23
    table, the bot's starter (a colour; None: one drawn at random). The bot
    is ready at once; the host takes it away with remove_player. Returns the
    Table. Raises LobbyError ``not_host`` (403), ``bad_bot``, ``no_seat``,
    ``seat_taken`` (409), ``seat_held`` (409: kept for a player of the
    match a rematch plays again), ``bad_heroes``, ``bad_deck`` / ``no_such_deck``,
    ``rated_no_bots`` (a rated table: bots are never rated, issue 33)
    (and those of a closed table).
    """
    if kind not in BOT_KINDS:
        raise LobbyError("bad_bot", f"There is no bot called {clipped(kind)!r}: choose one of {', '.join(BOT_KINDS)}.")
    with transaction.atomic():
        table, seat = _hosts_seat(table_id, host, index, "Only the host seats bots.")
        if table.rated:
            raise LobbyError("rated_no_bots", "A rated table seats people only: bots are never rated.")
        if seat.user_id is not None or seat.bot:
            raise LobbyError("seat_taken", "That seat is taken.", 409)
        _refuse_if_held(table, index, None)
        spec = get_mode(table.mode)
        if heroes is None:
            heroes = secrets.SystemRandom().sample(list(spec.heroes), spec.heroes_per_seat)
        seat.heroes = picked_heroes(spec, [], heroes, None)
        if deck is None and table.game == C23:
            deck = secrets.choice(tables.starter_decks())
        seat.deck = seat_deck(table.game, None, deck)
        seat.bot, seat.ready = kind, True
        seat.save(update_fields=["bot", "heroes", "ready", "deck"])
        table.touch()
    return table


def match_config(table: Table, seed: int | None = None) -> dict:
    """Build the engine config of ``table``'s match from its seats, in seat
    order (the engine's seat i is the table's seat index i; in Two-Headed
    Dragon the first team's two seats come first). A table bot plays under
    its bot name (game.standins.bot_name).

    Returns ``{"mode", "seed", "seats": [{"name", "hero"|"heroes", ["team"]}]}``
    for Codex, plus ``"map"`` when the table plays on one: its map, or one
    drawn now (:func:`draw_map`) for a random map; for another game (issue
    17) ``{"game", "seed", "seats": [{"name"}], "options"}`` (docs/ARCANE.md
    "Config"), each C-23 seat with its ``"deck"``: the card names its player
    picked, and at a rematch of two the loser's seat as ``"first"`` (K23;
    docs/C23.md "Config"; issue 18).
    """
    seats = []
    rows = list(table.seats.select_related("user").order_by("index"))
    several = sum(1 for seat in rows if seat.bot) > 1
    seed = secrets.randbits(256) if seed is None else seed
    if table.game != "codex":
        names = [{"name": bot_name(s.bot, s.index, several) if s.bot else s.user.public_name} for s in rows]
        config = {"game": table.game, "seed": seed, "seats": names, "options": dict(table.options)}
        if table.game == C23:
            for entry, seat in zip(names, rows, strict=True):
                entry["deck"] = list(seat.deck["cards"])
            first = _c23_loser_seat(table, rows)
            if first is not None:
                config["first"] = first
        return config
    for seat in rows:
        entry = {"name": bot_name(seat.bot, seat.index, several) if seat.bot else seat.user.public_name}
        if len(seat.heroes) == 1:
            entry["hero"] = seat.heroes[0]
        else:
            entry["heroes"] = list(seat.heroes)
        if seat.team is not None:
            entry["team"] = seat.team
        seats.append(entry)
    config = {"mode": table.mode, "seed": seed, "seats": seats}
    if table.map:
        config["map"] = draw_map(table.mode) if table.map == RANDOM_MAP else table.map
    return config


def _c23_loser_seat(table: Table, rows: list) -> int | None:
    """K23 at a C-23 rematch of two players: the seat (of ``rows``, the
    table's seats) of whoever lost the match it plays again, who goes first;
    None otherwise (a first table, a draw, three players, or the loser not
    seated here: the engine then draws the first player at random;
    docs/RULINGS.md "C-23 in the lobby")."""
    old = table.rematch_of.match if table.rematch_of_id is not None else None
    if old is None or len(rows) != 2 or old.status != Match.Status.FINISHED:
        return None
    state = current_state(old)
    if len(state["players"]) != 2:
        return None
    winner = state.get("winner")
    if winner not in (0, 1):
        return None
    loser = old.players.filter(seat=1 - winner).first()
    for seat in rows:
        if loser is not None and (
            (loser.user_id is not None and seat.user_id == loser.user_id)
            or (loser.bot and seat.bot and seat.index == loser.seat)
        ):
            return seat.index
    return None


def start_table(table_id: int, user, seed: int | None = None) -> Table:
    """Start the match of a full, ready table (host only).

    Returns the Table, now ``started`` with its ``match``. Raises LobbyError
    ``not_host``, ``not_ready``, ``engine_refused`` (and those of a closed table).
    """
    with transaction.atomic():
        table = _locked(table_id, user)
        _open(table)
        if table.host_id != user.pk:
            raise LobbyError("not_host", "Only the host starts the match.", 403)
        seats = list(table.seats.select_related("user").order_by("index"))
        if any((s.user_id is None and not s.bot) or not s.ready for s in seats):
            raise LobbyError("not_ready", "Every seat must be taken and ready.", 409)
        config = match_config(table, seed)
        try:
            match = create_match(
                config,
                [s.user for s in seats],
                [s.bot for s in seats],
                table.turn_seconds,
                table.deadline_rule if table.turn_based else "",
                table.strikes_allowed,
            )
        except rules.RulesError as err:
            raise LobbyError("engine_refused", err.message) from None
        table.match = match
        table.status = Table.Status.STARTED
        table.updated = timezone.now()
        table.map_drawn = config.get("map", "")
        table.save(update_fields=["match", "status", "updated", "map_drawn"])
        if table.webhook_url:  # the first turn's notice to the table's webhook, now that it knows its match
            turnbased.announce_waiting(match)
        if any(s.bot for s in seats):  # a bot may move first, page or not (game.tasks)
            transaction.on_commit(partial(tasks.wake_bots, match.pk))
    return table


def offer_rematch(match_id: int, user) -> Table:
    """Play the finished match ``match_id`` again: the first of its players
    to ask opens the rematch table, each other one who asks takes a seat
    there (issue 14, point 12).

    The rematch table is public or private as the old table was, with its
    mode, seat count, teams, spectator setting, map choice (random draws
    again), game options, rated or casual and pace (the live turn timer, or
    turn-based with its time per move, deadline rule and strikes; issue
    32); its host is the first who asked. Each
    player who asks sits at the seat index they played (the first free
    seat if someone else took it meanwhile), their heroes of last time
    picked again, not ready (the same game and table options). The other players of the match see the table
    in their lobby (``can_see``) and join by taking a seat: nobody is
    seated without asking, and each one's seat is kept for them while the
    rematch waits (:func:`held_seats`: a stranger cannot take it); one who
    asks after its host left the site (:func:`host_here`) hosts it. The
    match's table bots sit again at once where
    they sat, with the same heroes (C-23: the same starter), ready (a bot
    cannot ask; trial 14); at C-23 each player brings the deck of last
    time. Returns the rematch Table. Raises LobbyError
    ``no_match`` (404: no such match, or the user did not play it),
    ``not_finished`` (409), ``rematch_started`` (409: it is already being
    played without the user), ``table_full`` (409), and those of ``create_table`` /
    ``take_seat`` (limits on open tables and seats).
    """
    match = Match.objects.filter(pk=match_id).first()  # a pk lookup: an id out of range finds nothing
    player = MatchPlayer.objects.filter(match=match, user=user).first() if match is not None else None
    if player is None:
        raise LobbyError("no_match", "You did not play that match.", 404)
    if match.status != Match.Status.FINISHED:
        raise LobbyError("not_finished", "That match is still being played.", 409)
    with transaction.atomic():
        old = Table.objects.select_for_update().filter(match=match).first()
        if old is None:
            raise LobbyError("no_match", "That match has no table to play again.", 404)
        table = Table.objects.filter(rematch_of=old).first()
        if table is None:
            table = create_table(
                user,
                old.mode,
                is_public=old.is_public,
                allow_spectators=old.allow_spectators,
                seats=old.seats.count(),
                map_choice=old.map,
                options=old.options,
                rated=old.rated,
                turn_seconds=old.turn_seconds,
                turn_based=old.turn_based,
                deadline_rule=old.deadline_rule,
                strikes_allowed=old.strikes_allowed if old.deadline_rule == Match.DeadlineRule.STRIKES else None,
            )
            table.rematch_of = old
            table.save(update_fields=["rematch_of"])
            if player.seat:  # create_table seats the host at seat 0: move to their seat of last time
                table.seats.filter(index=0).update(user=None)
                table.seats.filter(index=player.seat).update(user=user)
            # A bot cannot ask: the table bots of last time sit where they sat, same heroes, ready.
            for bot in MatchPlayer.objects.filter(match=match).exclude(bot="").order_by("seat"):
                if bot.bot in BOT_KINDS:
                    seat_bot(
                        table.pk,
                        user,
                        bot.seat,
                        bot.bot,
                        config_heroes(match.config, bot.seat) or None,
                        old.seats.get(index=bot.seat).deck.get("choice"),
                    )
        elif table.seats.filter(user=user).exists():
            return table  # asked again, or it started with them: their table
        elif table.status != Table.Status.OPEN:
            raise LobbyError("rematch_started", "The rematch has already started without you.", 409)
        else:
            if not host_here(table):  # the first to ask left: the next one hosts
                table.host = user
                table.save(update_fields=["host"])
                mark_seen(user, force=True)
            held = held_seats(table)
            free = [
                index
                for index in table.seats.filter(user=None, bot="").values_list("index", flat=True)
                if held.get(index, (user.pk,))[0] == user.pk
            ]  # a seat kept for another player is not free
            if not free:
                raise LobbyError("table_full", "Every seat of the rematch is taken.", 409)
            take_seat(table.pk, user, player.seat if player.seat in free else free[0])
        seat = table.seats.get(user=user)
        if not seat.heroes and not seat.deck:
            # Their heroes of last time, or at C-23 the deck they brought (as it was then).
            seat.heroes, seat.ready = config_heroes(match.config, player.seat), False
            seat.deck = old.seats.get(index=player.seat).deck
            seat.save(update_fields=["heroes", "ready", "deck"])
    return table


def config_heroes(config: dict, seat: int) -> list:
    """The heroes ``seat`` plays in a match of engine ``config`` (main hero
    first; ``[]`` for a seat the config does not name)."""
    seats = config.get("seats", [])
    entry = seats[seat] if seat < len(seats) else {}
    return list(entry.get("heroes") or ([entry["hero"]] if "hero" in entry else []))
