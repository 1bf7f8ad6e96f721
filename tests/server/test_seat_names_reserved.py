"""Every name the server gives a seat of its own is reserved (lobby.names
reserved_pattern): a table bot, at any seat, numbered or not (lobby and
tournaments), the tutorial's seats, the puzzles' opponent and the
stand-ins for a name not known ("seat 2", "team 1"). Else a player could
sign up under it and sit at a table looking like a bot or a puzzle. The
names are read from the code that gives them, so a new one is checked too."""

from types import SimpleNamespace

import pytest
from django.core.exceptions import ValidationError

from game.standins import BOT_KINDS, bot_name
from learn.script import CHAPTERS
from lobby import names
from puzzles import services as puzzles
from tournaments.pages import entry_names


def _tournament_bot_names() -> list[str]:
    """The names a tournament gives its bot entrants: two of every kind (numbered) and one of each alone."""
    entries = [SimpleNamespace(pk=f"{kind}{n}", user_id=None, bot=kind) for kind in BOT_KINDS for n in range(2)]
    alone = [SimpleNamespace(pk=kind, user_id=None, bot=kind) for kind in BOT_KINDS]
    return [*entry_names(entries).values(), *entry_names(alone).values()]


def _seat_names() -> list[str]:
    """Every name the server itself gives a seat."""
    seats = [(index, several) for index in range(5) for several in (False, True)]
    table_bots = [bot_name(kind, index, several) for kind in BOT_KINDS for index, several in seats]
    tutorial = [seat["name"] for found in CHAPTERS for seat in found["setup"]["seats"]]
    stand_ins = [f"{word} {n}" for word in ("seat", "team") for n in range(6)]
    return sorted({*table_bots, *_tournament_bot_names(), *tutorial, puzzles.OPPONENT, *stand_ins})


def test_the_puzzles_opponent_is_the_reserved_name():
    assert puzzles.OPPONENT == names.PUZZLE_OPPONENT == "Puzzle"


@pytest.mark.parametrize("name", _seat_names())
def test_every_name_the_server_gives_a_seat_is_reserved(name):
    with pytest.raises(ValidationError, match="site itself shows"):
        names.require_not_reserved(name)
