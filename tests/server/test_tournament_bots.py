"""Bots in tournaments (issue 33; docs/TOURNAMENTS.md "Bots"): the
organiser enters table bots while the sign-up is open, within half the
places; refusals are sentences and change nothing; a bot's boards are
played by the table bots' background work (a board of two bots too, with
nobody connected) and are never rated, while the people's board of a rated
event is."""

from datetime import timedelta

import pytest
from django.utils import timezone

from community.models import RatedMatch, Rating
from game import standins, tasks
from game.models import Match
from tests.server.lobbykit import conceded
from tests.server.test_tournaments import SOON, event, refused
from tournaments import rounds, services
from tournaments.models import Board, Entry

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def bots_played_here(settings, monkeypatch):
    """The test plays the bots itself (standins.play_one): no background run moves them meanwhile."""
    settings.CODEX_STAND_IN_DELAY = 0
    monkeypatch.setattr(tasks, "wake_bots", lambda match_id: False)


def played_by_bots(match_id: int) -> Match:
    """Play the bots' moves of ``match_id`` until they have none to make; the match row then."""
    for _ in range(5000):
        if standins.play_one(match_id) is None:
            break
    return Match.objects.get(pk=match_id)


def test_the_organiser_adds_bots_within_half_the_places_and_refusals_change_nothing(make_user):
    org, ann, bo = make_user("borg"), make_user("bann"), make_user("bbo")
    t = event(org, max_players=5, rounds_wanted=2)
    assert "Only the organiser" in refused("not_organiser", services.add_bot, t.pk, ann, "greedy")
    assert "no bot called 'clever'" in refused("bad_bot", services.add_bot, t.pk, org, "clever")
    first = services.add_bot(t.pk, org, "greedy")
    services.add_bot(t.pk, org, "greedy")
    assert "At most 2 of this tournament's 5 places" in refused("too_many_bots", services.add_bot, t.pk, org, "easy")
    assert first.user is None and first.bot == "greedy" and t.entries.count() == 2
    services.sign_up(t.pk, ann)
    person = ann.tournament_entries.get().pk
    assert "not in this tournament" in refused("no_bot", services.remove_bot, t.pk, org, person)
    services.remove_bot(t.pk, org, first.pk)
    assert list(t.entries.values_list("bot", flat=True)) == ["greedy", ""]
    late = timezone.now() + SOON + timedelta(minutes=1)
    assert "has closed" in refused("signup_closed", services.add_bot, t.pk, org, "greedy", now=late)
    services.sign_up(t.pk, bo)
    services.add_bot(t.pk, org, "random")
    services.drop(t.pk, bo)
    assert "2 of the 3 players are bots" in refused("too_many_bots", services.start, t.pk, org)
    services.sign_up(t.pk, bo)
    full = event(org, name="Tiny", format="round_robin", max_players=2)
    services.sign_up(full.pk, ann)
    services.add_bot(full.pk, org, "easy")
    assert "is full: 2 players" in refused("full", services.add_bot, full.pk, org, "easy")
    services.start(t.pk, org)
    assert "has started" in refused("started", services.add_bot, t.pk, org, "greedy")
    bot = t.entries.filter(user=None).first()
    assert "its players are set" in refused("started", services.remove_bot, t.pk, org, bot.pk)
    assert Entry.objects.filter(tournament=t).count() == 4


def test_bots_play_their_boards_and_are_never_rated_in_a_rated_swiss(make_user):
    org, ann, bo = make_user("sorg"), make_user("sann"), make_user("sbo")
    t = event(org, rated=True, rounds_wanted=3, max_players=4)
    services.sign_up(t.pk, ann)
    services.add_bot(t.pk, org, "greedy")
    services.sign_up(t.pk, bo)
    services.add_bot(t.pk, org, "random")
    services.start(t.pk, org)
    kinds = {}
    for number in (1, 2, 3):
        t.refresh_from_db()
        assert t.round == number
        for board in Board.objects.filter(round__tournament=t, round__number=number).select_related(
            "first", "second", "table", "match"
        ):
            people = [e.user for e in (board.first, board.second) if e.user is not None]
            kinds[frozenset((board.first_id, board.second_id))] = len(people)
            assert board.table.rated == (len(people) == 2)  # a bot's board is casual
            if people:
                conceded(board.match, people[0])
            else:  # two bots, nobody connected: the table bots play it out
                assert board.table.host == org
                assert played_by_bots(board.match_id).status == Match.Status.FINISHED
    t.refresh_from_db()
    assert t.status == "finished"
    assert sorted(kinds.values()) == [0, 1, 1, 1, 1, 2]  # four players over three rounds: everyone met once
    decided = Board.objects.filter(round__tournament=t)
    assert decided.count() == 6 and not decided.filter(result="").exists()
    assert sum(line.score for line in rounds.table_of(t)) == 6
    rated = RatedMatch.objects.filter(match__tournament_board__round__tournament=t)
    assert rated.count() == 1 and rated.get().rated  # the people's board only
    assert Rating.objects.filter(user__in=[ann, bo]).count() == 2 and Rating.objects.count() == 2


def test_the_page_adds_and_removes_bots_for_the_organiser_only(client, make_user):
    org, ann = make_user("porg"), make_user("pann")
    t = event(org)
    client.force_login(ann)
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'id="add-bot-form"' not in page
    other = client.post(f"/tournaments/{t.pk}/bots/", {"kind": "greedy"}, follow=True)
    assert other.status_code == 403 and "Only the organiser adds or removes bots" in other.content.decode()
    client.force_login(org)
    bad = client.post(f"/tournaments/{t.pk}/bots/", {"kind": ""}, follow=True)
    assert bad.status_code == 400 and "There is no bot called" in bad.content.decode()
    assert not t.entries.exists()
    for _ in range(2):
        added = client.post(f"/tournaments/{t.pk}/bots/", {"kind": "greedy"}, follow=True)
        assert "The bot is signed up" in added.content.decode()
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "Greedy bot 1" in page and "Greedy bot 2" in page and page.count('class="btn ghost remove-bot"') == 2
    first = t.entries.first()
    gone = client.post(f"/tournaments/{t.pk}/bots/{first.pk}/remove/", follow=True)
    assert "The bot is out of the sign-up" in gone.content.decode() and t.entries.count() == 1
    again = client.post(f"/tournaments/{t.pk}/bots/{first.pk}/remove/", follow=True)
    assert again.status_code == 404 and "That bot is not in this tournament" in again.content.decode()
