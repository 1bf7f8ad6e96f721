"""Tables whose players someone else chose (issue 33: a tournament's
boards): opened with every seat taken and ready, and started at once
through lobby.services.start_table. The per-player limits of tables one
opens oneself (open tables, seats at waiting tables, a host on the site)
do not apply: nobody waits at such a table."""

import secrets

from django.db import transaction

from game.rules import tables
from game.rules.tables import C23
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
) -> Table:
    """Open a public table of ``mode`` for ``users`` (seat i: ``users[i]``,
    the first the host) with their ``picks`` (Codex: hero ids, main first;
    C-23: ``[starter colour]``; ``[]``: drawn now, :func:`drawn_pick`) and
    start its match. ``rated`` as a table's; ``move_seconds``: a turn-based
    table (game.turnbased) of that time per move under the "strikes" rule
    with ``strikes_allowed`` (None: live, no timer). Returns the started
    Table. Raises LobbyError ``bad_mode``, ``bad_seats``, ``bad_heroes``,
    ``bad_deck``, ``bad_timer``, ``bad_strikes``, ``engine_refused``
    (nothing is kept: one transaction)."""
    try:
        spec = get_mode(mode)
    except KeyError:
        raise LobbyError("bad_mode", f"Unknown game mode {mode!r}.") from None
    if not spec.min_seats <= len(users) <= spec.max_seats:
        raise LobbyError("bad_seats", f"{spec.label} is not played with {len(users)} seats.")
    turn_based = move_seconds is not None
    strikes = checked_pace(move_seconds, "strikes", strikes_allowed) if turn_based else 0
    with transaction.atomic():
        table = Table.objects.create(
            host=users[0],
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
        for i, (user, pick) in enumerate(zip(users, picks, strict=True)):
            pick = list(pick) or drawn_pick(mode)
            heroes = picked_heroes(spec, [], pick, None) if spec.heroes_per_seat else []
            deck = seat_deck(spec.game, user, pick[0]) if spec.game == C23 else {}
            seats.append(
                Seat(table=table, index=i, team=spec.team_of(i), user=user, heroes=heroes, deck=deck, ready=True)
            )
        Seat.objects.bulk_create(seats)
        return start_table(table.pk, users[0])
