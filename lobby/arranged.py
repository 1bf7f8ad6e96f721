"""Tables whose players someone else chose (issue 33: a tournament's
boards): opened with every seat taken and ready, and started at once
through lobby.services.start_table. The per-player limits of tables one
opens oneself (open tables, seats at waiting tables, a host on the site)
do not apply: nobody waits at such a table."""

import secrets

from django.db import transaction

from codexsite.usertext import clipped
from game.rules import tables
from game.rules.tables import C23
from game.standins import BOT_KINDS
from lobby.errors import LobbyError
from lobby.models import Seat, Table
from lobby.modes import get_mode
from lobby.services import start_table
from lobby.setupchecks import checked_options, checked_pace, picked_heroes, seat_deck


def drawn_pick(mode: str) -> list:
    """A pick drawn at random for a seat of ``mode`` (secrets): the mode's
    number of different heroes, a C-23 starter's colour, or ``[]``."""
    spec = get_mode(mode)
    if spec.game == C23:
        return [secrets.choice(tables.starter_decks())]
    if spec.heroes_per_seat:
        return secrets.SystemRandom().sample(list(spec.heroes), spec.heroes_per_seat)
    return []


def arrange_match(
    users: list,
    picks: list[list],
    mode: str,
    rated: bool = False,
    move_seconds: int | None = None,
    strikes_allowed: int | None = None,
    bots: list[str] | None = None,
    host=None,
) -> Table:
    """Open a public table of ``mode`` for ``users`` (seat i: ``users[i]``;
    None where ``bots[i]``, a game.standins.BOT_KINDS key, plays the seat)
    with their ``picks`` (Codex: hero ids, main first; C-23: ``[starter
    colour]``; ``[]``: drawn now, :func:`drawn_pick`) and start its match.
    ``host``: the host of a table of bots only (a table with a person: its
    first person). ``rated`` as a table's (a table with a bot is
    never rated: LobbyError ``rated_no_bots``); ``move_seconds``: a
    turn-based table (game.turnbased) of that time per move under the
    "strikes" rule with ``strikes_allowed`` (None: live, no timer). Returns
    the started Table. Raises LobbyError ``bad_mode``, ``bad_seats``,
    ``rated_no_bots``, ``no_host``, ``bad_heroes``, ``bad_deck``,
    ``bad_timer``, ``bad_strikes``, ``engine_refused`` (nothing is kept:
    one transaction)."""
    try:
        spec = get_mode(mode)
    except KeyError:
        raise LobbyError("bad_mode", f"Unknown game mode {clipped(mode)!r}.") from None
    if not spec.min_seats <= len(users) <= spec.max_seats:
        raise LobbyError("bad_seats", f"{spec.label} is not played with {len(users)} seats.")
    bots = list(bots or [""] * len(users))
    mixed = any((u is None) == (not b) or (b and b not in BOT_KINDS) for u, b in zip(users, bots, strict=False))
    if len(bots) != len(users) or mixed:
        raise LobbyError("bad_seats", "Each seat is a person's or a table bot's.")
    if rated and any(bots):
        raise LobbyError("rated_no_bots", "A rated table seats people only: bots are never rated.")
    host = next((u for u in users if u is not None), host)
    if host is None:
        raise LobbyError("no_host", "A table of bots needs a host.")
    turn_based = move_seconds is not None
    strikes = checked_pace(move_seconds, "strikes", strikes_allowed) if turn_based else 0
    with transaction.atomic():
        table = Table.objects.create(
            host=host,
            mode=mode,
            game=spec.game,
            options=checked_options(spec, None),
            rated=bool(rated),
            turn_based=turn_based,
            turn_seconds=move_seconds,
            deadline_rule="strikes" if turn_based else "",
            strikes_allowed=strikes,
        )
        seats = []
        for i, (user, pick, bot) in enumerate(zip(users, picks, bots, strict=True)):
            pick = list(pick) or drawn_pick(mode)
            heroes = picked_heroes(spec, [], pick, None) if spec.heroes_per_seat else []
            deck = seat_deck(spec.game, user, pick[0]) if spec.game == C23 else {}
            seat = Seat(table=table, index=i, team=spec.team_of(i), user=user, bot=bot, heroes=heroes, deck=deck)
            seat.ready = True
            seats.append(seat)
        Seat.objects.bulk_create(seats)
        return start_table(table.pk, host)
