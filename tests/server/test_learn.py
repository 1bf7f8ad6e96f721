"""Learn to play (issue 34 point 1; learn/, docs/LEARN.md): the tutorial's
pages start its chapters as matches against a bot from the script's data,
show a lesson to its learner only, and end with one click that starts a
real game against the easy bot."""

import json
import re

import pytest

from game import rules
from game.models import Match, MatchPlayer
from learn.models import Lesson
from learn.script import CHAPTERS, HEROES
from tests.server.matchkit import logged_in

pytestmark = pytest.mark.django_db


def _script_of(page) -> dict:
    found = re.search(r'<script id="learn-script" type="application/json">(.*?)</script>', page.content.decode())
    return json.loads(found.group(1))


def test_the_script_is_data_every_chapter_starts_and_every_step_is_complete():
    for chapter in CHAPTERS:
        state = rules.new_game(chapter["setup"])
        assert rules.waiting_on(state) == [0]
        assert [s["hero"] for s in chapter["setup"]["seats"]] == list(HEROES)
        for step in chapter["steps"]:
            assert step["lesson"] and step["say"] and step["why"]
            assert step["expect"] is None or step["expect"]["type"] in rules.action_keys(state)
        assert chapter["steps"][-1]["end"] in ("next", "real")


def test_starting_the_tutorial_makes_a_lesson_against_a_bot(make_user):
    ana = make_user("ana")
    client = logged_in(ana)
    answer = client.post("/learn/start/")
    match_id = int(re.search(r"/learn/match/(\d+)/", answer["Location"]).group(1))
    lesson = Lesson.objects.get(match_id=match_id)
    assert lesson.user == ana and lesson.chapter == 0
    seats = list(MatchPlayer.objects.filter(match_id=match_id).order_by("seat").values_list("user_id", "bot"))
    assert seats == [(ana.pk, ""), (None, "easy")]
    page = client.get(f"/learn/match/{match_id}/")
    assert page.status_code == 200
    script = _script_of(page)
    assert script["steps"] == CHAPTERS[0]["steps"] and script["chapter"] == 0
    assert 'id="hint-button"' in page.content.decode()  # alone against a bot: hints offered
    assert 'id="rematch"' not in page.content.decode()  # no table to play again: the tutorial's end offers a game


def test_a_lesson_is_its_learners_only(make_user):
    ana, bo = make_user("ana"), make_user("bo")
    match_id = int(re.search(r"(\d+)/$", logged_in(ana).post("/learn/start/")["Location"]).group(1))
    assert logged_in(bo).get(f"/learn/match/{match_id}/").status_code == 404
    assert logged_in(bo).post(f"/learn/match/{match_id}/next/").status_code == 404
    assert Lesson.objects.count() == 1


def test_the_next_chapter_starts_from_its_scenario_and_the_end_makes_a_real_game(make_user, monkeypatch):
    from game import tasks

    monkeypatch.setattr(tasks, "wake_bots", lambda match_id: False)
    ana = make_user("ana")
    client = logged_in(ana)
    first = int(re.search(r"(\d+)/$", client.post("/learn/start/")["Location"]).group(1))
    second = int(re.search(r"(\d+)/$", client.post(f"/learn/match/{first}/next/")["Location"]).group(1))
    match = Match.objects.get(pk=second)
    assert match.config["scenario"] == CHAPTERS[1]["setup"]["scenario"]
    assert match.state["turn"] == CHAPTERS[1]["setup"]["scenario"]["turn"]
    real = client.post("/learn/real/")
    real_id = int(re.search(r"/match/(\d+)/$", real["Location"]).group(1))
    assert not Lesson.objects.filter(match_id=real_id).exists()
    bots = list(MatchPlayer.objects.filter(match_id=real_id).order_by("seat").values_list("user_id", "bot"))
    assert bots == [(ana.pk, ""), (None, "easy")]


def test_the_start_page_is_open_and_the_lobby_links_it(make_user):
    from django.test import Client

    assert "Sign up to start" in Client().get("/learn/").content.decode()
    assert 'href="/learn/"' in logged_in(make_user("ana")).get("/").content.decode()
