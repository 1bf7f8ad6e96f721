"""The load benchmark's setup step, through the Django ORM and the lobby
services (as a page would): users with session cookies, public 1v1 tables
that allow spectators, started.

Call only after ``django.setup()`` with the benchmark's DATABASE_URL.
"""

from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from lobby import services

HEROES = ("troq_bashar", "river_montoya")


@dataclass
class SeededMatch:
    """A started 1v1 match: its id, the session cookie of each seat (seat
    order) and of each spectator (``Cookie`` header values)."""

    match_id: int
    seat_cookies: list
    spectator_cookies: list


def _user(name: str):
    """A user without a usable password (no hashing cost), logged in."""
    user = get_user_model().objects.create_user(username=name, password=None, display_name=name.title())
    client = Client()
    client.force_login(user)
    return user, f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


def seed(matches: int, spectators: int, prefix: str = "b") -> list[SeededMatch]:
    """Start ``matches`` 1v1 matches (seeds 0..matches-1, heroes alternating)
    and spread ``spectators`` spectator users over them round-robin.

    Returns one SeededMatch per match. Raises lobby.services.LobbyError if
    the lobby refuses a step (a bug).
    """
    seeded = []
    for index in range(matches):
        (host, host_cookie), (guest, guest_cookie) = (_user(f"{prefix}{index}p{s}") for s in (0, 1))
        table = services.create_table(host, "1hero", is_public=True, allow_spectators=True)
        services.take_seat(table.pk, guest, 1, table.invite_token)
        for seat, user in enumerate((host, guest)):
            services.update_seat(table.pk, user, heroes=[HEROES[(index + seat) % 2]], ready=True)
        table = services.start_table(table.pk, host, seed=index)
        seeded.append(SeededMatch(table.match.pk, [host_cookie, guest_cookie], []))
    for index in range(spectators):
        _, cookie = _user(f"{prefix}s{index}")
        seeded[index % matches].spectator_cookies.append(cookie)
    return seeded
