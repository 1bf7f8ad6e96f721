"""Starting the tutorial's matches (issue 34; docs/LEARN.md): a chapter of
the script as a match of the learner against a bot, and the real game
against the easy bot that follows the tutorial."""

from django.db import transaction

from game import deadlines
from game.delivery import publish_from_thread
from game.models import Match
from game.services import ActionRefused, create_match
from learn.models import Lesson
from learn.progress import LEARNER_SEAT
from learn.script import chapter
from lobby import services as lobby

REAL_GAME_BOT = "easy"


def start_chapter(user, index: int) -> Lesson:
    """Start chapter ``index`` of the script (learn.script) for ``user``:
    a match of its setup, the learner at seat 0 (named by their public
    name) against a table bot of the chapter's level at seat 1. Returns the
    Lesson. The learner's earlier lessons still in play are ended first
    (end_open_lessons). Raises IndexError for a chapter that is not there."""
    found = chapter(index)
    end_open_lessons(user)
    config = dict(found["setup"])
    config["seats"] = [dict(config["seats"][0], name=user.public_name), dict(config["seats"][1])]
    with transaction.atomic():
        match = create_match(config, [user, None], bots=["", found["bot"]])
        return Lesson.objects.create(match=match, user=user, chapter=index)


def end_open_lessons(user) -> list[int]:
    """End every lesson of ``user`` whose match is still in play: the
    learner concedes it through the engine (game.deadlines.concede), as if
    pressing Concede, and any tab open on it is told. A lesson is a step of
    the tutorial, not a game to come back to: left open, each run would
    leave a "Your turn" match against the bot in the lobby for ever
    (tester's report, finding 4). Returns the ids of the matches ended; one
    that ended meanwhile is passed over."""
    ended = []
    open_ones = Lesson.objects.filter(user=user, match__status=Match.Status.PLAYING).values_list("match_id", flat=True)
    for match_id in open_ones:
        try:
            applied = deadlines.concede(match_id, LEARNER_SEAT)
        except ActionRefused:
            continue
        if applied.snapshot is not None:
            publish_from_thread(match_id, applied.snapshot)
        ended.append(match_id)
    return ended


def start_real_game(user) -> int:
    """After the tutorial: a private 1-hero table of ``user`` (Troq Bashar,
    the hero the tutorial taught) against the easy bot (a hero of its own
    pick), started at once; then the learner's lessons still in play end
    (end_open_lessons: the tutorial is left). Returns the match id. Raises
    lobby.LobbyError as the lobby's services do (e.g. too many open tables),
    and then no lesson ended."""
    table = lobby.create_table(user, "1hero", is_public=False, allow_spectators=False)
    lobby.update_seat(table.pk, user, heroes=["troq_bashar"], ready=True)
    lobby.seat_bot(table.pk, user, 1, REAL_GAME_BOT)
    table = lobby.start_table(table.pk, user)
    end_open_lessons(user)
    return table.match_id
