"""Learn to play (issue 34 point 1; learn/, docs/LEARN.md): the tutorial's
pages start its chapters as matches against a bot from the script's data,
show a lesson to its learner only, and end with one click that starts a
real game against the easy bot."""

import json
import re

import pytest
from asgiref.sync import async_to_sync

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
    assert Match.objects.get(pk=second).status == Match.Status.FINISHED  # the tutorial left: its lesson ended
    bots = list(MatchPlayer.objects.filter(match_id=real_id).order_by("seat").values_list("user_id", "bot"))
    assert bots == [(ana.pk, ""), (None, "easy")]


def test_the_start_page_is_open_and_the_lobby_links_it(make_user):
    from django.test import Client

    assert "Sign up to start" in Client().get("/learn/").content.decode()
    assert 'href="/learn/"' in logged_in(make_user("ana")).get("/").content.decode()


def _act(match_id: int, user, kind: str) -> None:
    """The learner makes the first legal action of type ``kind`` (seat 0)."""
    _act_as(match_id, user, 0, kind)


def _act_as(match_id: int, user, seat: int, kind: str) -> None:
    """``user`` at ``seat`` makes its first legal action of type ``kind``."""
    from game.services import apply_match_action
    from game.statereads import load_snapshot

    snapshot = load_snapshot(match_id)
    action = next(a for a in rules.legal_actions(snapshot.state, seat) if a["type"] == kind)
    apply_match_action(match_id, user.pk, action, snapshot.version)


def test_the_step_follows_the_match_not_the_tab(make_user, monkeypatch):
    """Tester's finding 1: a new tab (or a return from the lobby) opened at
    step 1 "summon Troq" after he was summoned, and every other action was
    held back. The page's step now comes from the match's log: any tab
    resumes after the steps whose goal is met."""
    from game import tasks

    monkeypatch.setattr(tasks, "wake_bots", lambda match_id: False)
    ana = make_user("ana")
    client = logged_in(ana)
    first = int(re.search(r"(\d+)/$", client.post("/learn/start/")["Location"]).group(1))
    assert _script_of(client.get(f"/learn/match/{first}/"))["at"] == 0
    second = int(re.search(r"(\d+)/$", client.post(f"/learn/match/{first}/next/")["Location"]).group(1))
    assert _script_of(client.get(f"/learn/match/{second}/"))["at"] == 0
    _act(second, ana, "summon")
    _act(second, ana, "level_up")
    script = _script_of(client.get(f"/learn/match/{second}/"))
    assert script["steps"][script["at"]]["lesson"] == "Tech buildings"


def test_step_reached_passes_met_goals_and_ignores_other_actions():
    from learn.progress import step_reached

    steps = CHAPTERS[0]["steps"]  # read, hire, play unit, patrol, end_main, tech, end
    assert step_reached(steps, []) == 0
    assert step_reached(steps, [{"type": "hire", "card": 3}]) == 2  # the read step before it passes too
    assert step_reached(steps, [{"type": "play", "card": 1}, {"type": "hire"}]) == 2  # out of order: not yet
    done = [{"type": t} for t in ("hire", "play", "patrol", "end_main", "tech", "end_main")]
    assert step_reached(steps, done) == len(steps) - 1  # never beyond the last step
    build = CHAPTERS[1]["steps"][2]["expect"]
    assert step_reached(CHAPTERS[1]["steps"][2:], [{"type": "build", "building": "tech_3"}]) == 0, build


def test_the_next_chapter_ends_the_earlier_lesson(make_user, monkeypatch):
    """Tester's finding 4: chapter 1's match stayed "Your turn" against the
    bot in the lobby for ever. Starting a chapter ends the learner's earlier
    lessons still in play (the learner concedes them): none is left open."""
    from game import tasks

    monkeypatch.setattr(tasks, "wake_bots", lambda match_id: False)
    ana, bo = make_user("ana"), make_user("bo")
    client = logged_in(ana)
    others = int(re.search(r"(\d+)/$", logged_in(bo).post("/learn/start/")["Location"]).group(1))
    first = int(re.search(r"(\d+)/$", client.post("/learn/start/")["Location"]).group(1))
    second = int(re.search(r"(\d+)/$", client.post(f"/learn/match/{first}/next/")["Location"]).group(1))
    assert Match.objects.get(pk=first).status == Match.Status.FINISHED
    assert Match.objects.get(pk=second).status == Match.Status.PLAYING
    assert Match.objects.get(pk=others).status == Match.Status.PLAYING  # another learner's lesson is theirs
    mine = client.get("/api/lobby/matches/").json()["mine"]  # "Your matches": those in play
    assert [m["id"] for m in mine] == [second], mine


def test_a_lesson_s_match_is_played_through_its_lesson(make_user, monkeypatch):
    """Tester's F4: the lobby's "Your matches" linked a lesson as a plain
    match (/match/27/), whose page let the learner end the main phase the
    lesson held back; back on the lesson, the panel still said step 1
    while the game was at turn 3. The plain match page of a lesson now
    sends its learner to the lesson's page (where the lobby's link lands);
    anyone else is answered as before (404: a lesson has no table)."""
    from game import tasks

    monkeypatch.setattr(tasks, "wake_bots", lambda match_id: False)
    ana, bo = make_user("ana"), make_user("bo")
    client = logged_in(ana)
    match_id = int(re.search(r"(\d+)/$", client.post("/learn/start/")["Location"]).group(1))
    answer = client.get(f"/match/{match_id}/")
    assert answer.status_code == 302 and answer["Location"] == f"/learn/match/{match_id}/"
    assert logged_in(bo).get(f"/match/{match_id}/").status_code == 404
    assert client.get(f"/match/{match_id}/replay/").status_code == 200  # the replay is not a way to play


def test_the_lobby_counts_the_turn_as_the_match_page_does(make_user):
    """Tester's F4: the lobby said turn 2 of a match whose page said turn 3.
    Once a main phase ends, the next player's turn waits for tech choices
    (phase "tech", R11) before the engine counts it; the page shows that
    coming turn (static/js/codexmatch.js banner), and now so does the lobby."""
    from game.statereads import load_snapshot
    from tests.server.matchkit import start_match

    ana, bo = make_user("ana"), make_user("bo")
    match = async_to_sync(start_match)([ana, bo])
    turns = []
    for user in (ana, bo, ana):
        state = load_snapshot(match.pk).state
        shown = state["turn"] + 1 if state["phase"] == "tech" else state["turn"]
        for who in (ana, bo):
            turns.append((state["phase"], logged_in(who).get("/api/lobby/matches/").json()["mine"][0]["turn"] == shown))
        seat = 0 if user is ana else 1
        while load_snapshot(match.pk).state["phase"] == "tech":
            _act_as(match.pk, user, seat, "tech")
        _act_as(match.pk, user, seat, "end_main")
    assert ("tech", True) in turns and all(same for _, same in turns), turns
