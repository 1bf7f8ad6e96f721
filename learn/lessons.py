"""Starting the tutorial's matches (issue 34; docs/LEARN.md): a chapter of
the script as a match of the learner against a bot, and the real game
against the easy bot that follows the tutorial."""

from django.db import transaction

from game.services import create_match
from learn.models import Lesson
from learn.script import chapter
from lobby import services as lobby

REAL_GAME_BOT = "easy"


def start_chapter(user, index: int) -> Lesson:
    """Start chapter ``index`` of the script (learn.script) for ``user``:
    a match of its setup, the learner at seat 0 (named by their public
    name) against a table bot of the chapter's level at seat 1. Returns the
    Lesson. Raises IndexError for a chapter that is not there."""
    found = chapter(index)
    config = dict(found["setup"])
    config["seats"] = [dict(config["seats"][0], name=user.public_name), dict(config["seats"][1])]
    with transaction.atomic():
        match = create_match(config, [user, None], bots=["", found["bot"]])
        return Lesson.objects.create(match=match, user=user, chapter=index)


def start_real_game(user) -> int:
    """After the tutorial: a private 1-hero table of ``user`` (Troq Bashar,
    the hero the tutorial taught) against the easy bot (a hero of its own
    pick), started at once. Returns the match id. Raises lobby.LobbyError
    as the lobby's services do (e.g. too many open tables)."""
    table = lobby.create_table(user, "1hero", is_public=False, allow_spectators=False)
    lobby.update_seat(table.pk, user, heroes=["troq_bashar"], ready=True)
    lobby.seat_bot(table.pk, user, 1, REAL_GAME_BOT)
    table = lobby.start_table(table.pk, user)
    return table.match_id
