"""Ratings for every mode (issue 33): a rated table's finished match moves
its players' openskill ratings in the finish's transaction, once; casual
tables, bots and matches a stand-in mostly played move nothing."""

import pytest
from asgiref.sync import async_to_sync
from django.db import transaction

from community import ratings, skill
from community.families import family_of
from community.models import RatedMatch, Rating, RatingChange
from game import standins
from game.matchsignals import match_finished
from game.models import Match, MatchPlayer
from game.statereads import current_state
from lobby import services as lobby
from lobby.models import Table
from tests.server.lobbykit import conceded
from tests.server.matchkit import start_match

pytestmark = pytest.mark.django_db(transaction=True)

FFA_HEROES = ("troq_bashar", "river_montoya", "jaina_stormborne", "master_midori")
TEAM_HEROES = ("troq_bashar", "river_montoya", "river_montoya", "troq_bashar")


def rated_match(players, **options) -> Match:
    """A match of ``players`` started through the lobby, its table rated."""
    match = async_to_sync(start_match)(players, **options)
    Table.objects.filter(match=match).update(rated=True)
    return match


def rating(user, family="codex-1hero") -> Rating:
    return Rating.objects.get(user=user, family=family)


def test_a_rated_1v1_moves_both_ratings_once_the_loser_concedes(make_user):
    ann, bo = make_user("ann"), make_user("bo")
    match = rated_match([ann, bo])
    conceded(match, bo)
    win, loss = rating(ann), rating(bo)
    assert win.mu > skill.START[0] > loss.mu
    assert win.sigma < skill.START[1] and loss.sigma < skill.START[1]
    assert win.games == loss.games == 1
    assert skill.shown(win.mu, win.sigma) > skill.shown(loss.mu, loss.sigma)
    receipt = RatedMatch.objects.get(match=match)
    assert receipt.rated and receipt.family == "codex-1hero" and receipt.reason == ""
    history = RatingChange.objects.get(user=ann, match=match)
    assert (history.mu_before, history.mu) == (skill.START[0], win.mu)


def test_handling_a_finish_twice_moves_nothing_twice(make_user):
    ann, bo = make_user("ann2"), make_user("bo2")
    match = rated_match([ann, bo])
    conceded(match, bo)
    before = {(r.user_id, r.mu, r.sigma, r.games) for r in Rating.objects.all()}
    state = current_state(Match.objects.get(pk=match.pk))
    with transaction.atomic():
        match_finished.send(sender=Match, match_id=match.pk, state=state, seat=1)
    assert ratings.rate_finished(match.pk, state, 1) == RatedMatch.objects.get(match=match)
    assert {(r.user_id, r.mu, r.sigma, r.games) for r in Rating.objects.all()} == before
    assert RatingChange.objects.filter(match=match).count() == 2


def test_a_casual_table_moves_no_rating(make_user):
    ann, bo = make_user("ann3"), make_user("bo3")
    match = async_to_sync(start_match)([ann, bo])
    conceded(match, bo)
    assert not Rating.objects.exists() and not RatedMatch.objects.exists()


def test_a_rated_2v2_moves_both_teams(make_user):
    users = [make_user(n) for n in ("tana", "tari", "tbo", "tbea")]
    match = rated_match(users, heroes=TEAM_HEROES, mode="2hg", seed=11)
    conceded(match, users[3])  # the second team (seats 2 and 3) concedes
    after = {u.username: rating(u, "codex-2v2") for u in users}
    assert after["tana"].mu > skill.START[0] and after["tari"].mu > skill.START[0]
    assert after["tbo"].mu < skill.START[0] and after["tbea"].mu < skill.START[0]
    assert after["tana"].mu == pytest.approx(after["tari"].mu)  # teammates of equal ratings move alike


def test_a_rated_four_player_free_for_all_rates_its_placings(make_user):
    users = [make_user(n) for n in ("fa", "fb", "fc", "fd")]
    match = rated_match(users, heroes=FFA_HEROES, mode="ffa", seed=5)
    for seat in (2, 1, 3):  # three concede in turn: the first to concede places last
        conceded(match, users[seat])
    assert Match.objects.get(pk=match.pk).status == Match.Status.FINISHED
    mu = {u.username: rating(u, "codex-ffa").mu for u in users}
    assert mu["fa"] > mu["fd"] > mu["fb"] > mu["fc"]


def test_placings_of_a_four_player_free_for_all_read_from_the_outcome():
    end = {"winners": [1], "fallen": [3], "conceded": [], "draw": False, "sides": [[0], [1], [2], [3]]}
    teams, ranks = skill.placings(end)
    assert teams == [[0], [1], [2], [3]] and ranks == [1, 0, 1, 2]
    new = skill.rate([[skill.START]] * 4, ranks)
    mus = [team[0][0] for team in new]
    assert mus[1] > mus[0] > mus[3] and mus[0] == pytest.approx(mus[2])


def test_earlier_conceders_place_lower():
    end = {"winners": [0], "fallen": [1, 2, 3], "conceded": [2, 1, 3], "draw": False, "sides": [[0], [1], [2], [3]]}
    assert skill.placings(end)[1] == [0, 3, 4, 2]


def test_a_draw_ties_every_side():
    end = {"winners": [], "fallen": [0, 1], "draw": True, "sides": [[0], [1]]}
    assert skill.placings(end)[1] == [0, 0]


def test_uneven_teams_are_rated():
    strong, weak = (30.0, 2.0), (20.0, 2.0)
    (solo,), pair = skill.rate([[strong], [weak, weak]], [1, 0])  # the pair beat the stronger player
    assert solo[0] < strong[0] and all(mu > weak[0] for mu, _ in pair)
    chances = skill.win_chances([[strong], [weak, weak]])
    assert sum(chances) == pytest.approx(1.0)


def test_every_mode_has_a_family():
    assert family_of({"mode": "1hero"}) == "codex-1hero"
    assert family_of({"mode": "3hero"}) == "codex-3hero"
    assert family_of({"mode": "2hg"}) == "codex-2v2"
    assert family_of({"mode": "ffa"}) == "codex-ffa"
    assert family_of({"game": "arcane"}) == "arcane"
    assert family_of({"game": "c23"}) == "c23"


def test_a_rated_table_refuses_a_bot_with_a_sentence(make_user):
    ann = make_user("ann4")
    table = lobby.create_table(ann, "1hero", rated=True)
    with pytest.raises(lobby.LobbyError) as refused:
        lobby.seat_bot(table.pk, ann, 1, "greedy")
    assert refused.value.code == "rated_no_bots" and "bots are never rated" in refused.value.message
    assert not table.seats.exclude(bot="").exists()


def test_a_match_with_a_bot_is_not_rated(make_user):
    ann, bo = make_user("ann5"), make_user("bo5")
    match = rated_match([ann, bo])
    MatchPlayer.objects.filter(match=match, seat=1).update(bot="greedy")  # as if a bot sat there
    conceded(match, ann)
    receipt = RatedMatch.objects.get(match=match)
    assert not receipt.rated and "bot" in receipt.reason
    assert not Rating.objects.exists()


def test_stand_in_moves_are_counted_and_a_match_they_mostly_played_is_not_rated(make_user, settings):
    settings.CODEX_BOT_THINK_MS = 50
    ann, bo = make_user("ann6"), make_user("bo6")
    match = rated_match([ann, bo])
    MatchPlayer.objects.filter(match=match, seat=0).update(stand_in=True)  # ann went away
    played = 0
    for _ in range(6):
        done = standins.play_next(match.pk)
        if done is None or done[0] != 0:
            break
        played += 1
    assert played >= 1
    assert MatchPlayer.objects.get(match=match, seat=0).stand_in_moves == played
    MatchPlayer.objects.filter(match=match, seat=0).update(stand_in=False)  # ann is back
    conceded(match, bo)
    receipt = RatedMatch.objects.get(match=match)
    assert not receipt.rated and "stand-in" in receipt.reason


def test_the_stand_in_share_is_read_per_seat_with_the_last_move():
    people = [
        {"seat": 0, "user_id": 1, "bot": "", "stand_in": False, "stand_in_moves": 1},
        {"seat": 1, "user_id": 2, "bot": "", "stand_in": True, "stand_in_moves": 0},
    ]
    assert ratings.unrated_reason(people, {0: 4, 1: 4}, last_seat=None) == ""  # 1 of 4: 25 %, not more
    assert "stand-in" in ratings.unrated_reason(people, {0: 3, 1: 4}, last_seat=None)  # 1 of 3
    assert ratings.unrated_reason(people, {0: 4, 1: 4}, last_seat=1) == ""  # seat 1: 1 of 4
    assert "stand-in" in ratings.unrated_reason(people, {0: 4, 1: 2}, last_seat=1)  # seat 1: 1 of 2


def test_the_ratings_move_in_the_transaction_of_the_finish(make_user, monkeypatch):
    """A rating that fails takes the finish back with it: one transaction."""
    ann, bo = make_user("ann7"), make_user("bo7")
    match = rated_match([ann, bo])

    def broken(*args, **kwargs):
        raise RuntimeError("ratings down")

    monkeypatch.setattr(ratings, "rate_finished", broken)
    with pytest.raises(RuntimeError):
        conceded(match, bo)
    assert Match.objects.get(pk=match.pk).status == Match.Status.PLAYING
    monkeypatch.undo()
    conceded(match, bo)
    assert Match.objects.get(pk=match.pk).status == Match.Status.FINISHED and RatedMatch.objects.get(match=match).rated


def test_a_newcomers_first_loss_shows_zero_not_a_negative_rating(make_user):
    ann, bo = make_user("zann"), make_user("zbo")
    conceded(rated_match([ann, bo]), bo)
    loss = rating(bo)
    assert loss.mu - 3 * loss.sigma < 0  # what openskill believes at least
    assert skill.shown(loss.mu, loss.sigma) == 0.0
