"""Community pages (issue 33): profiles, friends, invitations by name and
leaderboards answer with what they should, refuse bad input with a sentence
(changing nothing), and show nobody what they may not see."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from community.models import Follow, Rating, TableInvite
from game.models import Match
from lobby import services as lobby
from lobby.models import Table
from tests.server.lobbykit import conceded, started

pytestmark = pytest.mark.django_db


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def test_a_profile_shows_matches_heroes_and_ratings_to_anyone(make_user):
    ann, bo = make_user("pann"), make_user("pbo")
    match = started([ann, bo])
    Table.objects.filter(match=match).update(rated=True)
    conceded(match, bo)
    page = Client().get(reverse("profile", args=["pann"]))  # logged out: public
    assert page.status_code == 200
    body = text(page)
    assert "Pann" in body and "1 hero vs 1 hero" in body and "won" in body
    assert "Troq Bashar" in body and "Bashing" in body and "100%" in body  # hero and spec with their win rate
    assert 'id="rating-codex-1hero"' in body and "<svg" in body and "μ" in body
    assert match.table.invite_token not in body


def test_a_profile_of_nobody_is_not_found(client, make_user):
    assert client.get(reverse("profile", args=["nobody-here"])).status_code == 404
    ann = client_of(make_user("nann"))
    assert ann.get(reverse("follow", args=["nobody-here"])).status_code == 404
    assert ann.get(reverse("follow", args=["nann"])).status_code == 405


def test_a_profile_address_in_another_case_leads_to_the_profile(make_user):
    """The tester's F5: /u/Tanya/ was 404 while /u/tanya/ worked."""
    make_user("ptanya")
    page = Client().get(reverse("profile", args=["PTanya"]))
    assert page.status_code == 301 and page.url == reverse("profile", args=["ptanya"])
    assert Client().get(page.url).status_code == 200


def test_playing_now_links_a_watchable_match_and_hides_a_private_one(make_user):
    ann, bo, cy = make_user("wann"), make_user("wbo"), make_user("wcy")
    public = started([ann, bo])
    private = started([make_user("wdi"), cy], public=False)
    viewer = client_of(make_user("wev"))
    ann_page = text(viewer.get(reverse("profile", args=["wann"])))
    assert reverse("match", args=[public.pk]) in ann_page
    cy_page = text(viewer.get(reverse("profile", args=["wcy"])))
    assert "a private match" in cy_page and reverse("match", args=[private.pk]) not in cy_page
    assert Table.objects.get(match=private).invite_token not in cy_page


def test_follow_and_unfollow_from_a_profile(make_user):
    ann, bo = make_user("fann"), make_user("fbo")
    client = client_of(ann)
    assert client.post(reverse("follow", args=["fbo"])).status_code == 302
    assert Follow.objects.filter(follower=ann, followed=bo).exists()
    assert "Unfollow" in text(client.get(reverse("profile", args=["fbo"])))
    assert client.post(reverse("unfollow", args=["fbo"])).status_code == 302
    assert not Follow.objects.exists()


@pytest.mark.parametrize(
    ("name", "status", "sentence"),
    [
        ("rann", 400, "You cannot follow yourself"),
        ("no-such-person", 400, "Nobody here goes by the name"),
        ("", 400, "Nobody here goes by the name"),
        ("x" * 500, 400, "Nobody here goes by the name"),
    ],
)
def test_the_follow_form_refuses_bad_names_with_a_sentence(make_user, name, status, sentence):
    ann = make_user("rann")
    page = client_of(ann).post(reverse("friends"), {"name": name}, follow=True)
    assert page.status_code == status and sentence in text(page)
    assert not Follow.objects.exists()


def test_following_twice_is_refused(make_user):
    ann, _ = make_user("tann"), make_user("tbo")
    client = client_of(ann)
    client.post(reverse("friends"), {"name": "Tbo"}, follow=True)  # the display name works too
    page = client.post(reverse("friends"), {"name": "tbo"}, follow=True)
    assert page.status_code == 409 and "You already follow Tbo" in text(page)


def test_the_friends_list_shows_who_is_online_and_what_they_play(make_user):
    ann, bo, cy = make_user("lann"), make_user("lbo"), make_user("lcy")
    Follow.objects.create(follower=ann, followed=bo)
    Follow.objects.create(follower=ann, followed=cy)
    type(bo).objects.filter(pk=bo.pk).update(last_seen=timezone.now())
    match = started([bo, make_user("ldi")])
    body = text(client_of(ann).get(reverse("friends")))
    assert body.index("Lbo") < body.index("Lcy")  # online first
    assert "online" in body and "away" in body
    assert reverse("match", args=[match.pk]) in body


def test_invite_by_name_and_accept_takes_a_seat(make_user):
    ann, bo = make_user("iann"), make_user("ibo")
    table = lobby.create_table(ann, "1hero", is_public=False, rated=True)
    page = client_of(ann).post(reverse("invite_friends"), {"table": table.pk, "names": "Ibo"}, follow=True)
    assert page.status_code == 200 and "Invited Ibo" in text(page)
    guest = client_of(bo)
    lobby_page = text(guest.get(reverse("lobby")))
    assert "Iann invites you to a table (1 hero vs 1 hero, rated)" in lobby_page
    invite = TableInvite.objects.get(invitee=bo)
    answer = guest.post(reverse("accept_invite", args=[invite.pk]))
    assert answer.status_code == 302 and answer.url == reverse("invite", args=[table.invite_token])
    assert table.seats.filter(user=bo).exists() and not TableInvite.objects.exists()


def test_decline_an_invitation(make_user):
    ann, bo = make_user("dann"), make_user("dbo")
    table = lobby.create_table(ann, "1hero")
    client_of(ann).post(reverse("invite_friends"), {"table": table.pk, "names": "dbo"}, follow=True)
    invite = TableInvite.objects.get()
    assert client_of(bo).post(reverse("decline_invite", args=[invite.pk])).status_code == 302
    assert not TableInvite.objects.exists() and not table.seats.filter(user=bo).exists()
    assert client_of(bo).post(reverse("decline_invite", args=[invite.pk])).status_code == 404


@pytest.mark.parametrize(
    ("names", "status", "sentence"),
    [
        ("", 400, "Write the name of at least one person"),
        ("ghost-user", 400, "Nobody here goes by the name"),
        ("vann", 400, "You are at this table already"),
        ("vbo, vcy", 409, "That table has 1 free seat(s) for 2 people"),
    ],
)
def test_the_invite_form_refuses_bad_input_with_a_sentence(make_user, names, status, sentence):
    ann = make_user("vann")
    make_user("vbo"), make_user("vcy")
    table = lobby.create_table(ann, "1hero")
    page = client_of(ann).post(reverse("invite_friends"), {"table": table.pk, "names": names}, follow=True)
    assert page.status_code == status and sentence in text(page)
    assert not TableInvite.objects.exists()


def test_inviting_to_a_full_table_is_refused(make_user):
    ann, bo, cy = make_user("xann"), make_user("xbo"), make_user("xcy")
    table = lobby.create_table(ann, "1hero")
    lobby.take_seat(table.pk, bo, 1)
    page = client_of(ann).post(reverse("invite_friends"), {"table": table.pk, "names": "xcy"}, follow=True)
    assert page.status_code == 409 and "That table is full" in text(page)
    assert not TableInvite.objects.filter(invitee=cy).exists()


def test_pending_invitations_count_against_the_free_seats(make_user):
    """The tester's F2: Dmitri then Tanya, one post each, on one free seat:
    the second is refused with the sentence of two names at once."""
    ann, dmitri, tanya = make_user("qann"), make_user("qdmitri"), make_user("qtanya")
    table = lobby.create_table(ann, "1hero")
    host = client_of(ann)
    assert host.post(reverse("invite_friends"), {"table": table.pk, "names": "qdmitri"}, follow=True).status_code == 200
    page = host.post(reverse("invite_friends"), {"table": table.pk, "names": "qtanya"}, follow=True)
    assert page.status_code == 409 and "That table has 1 free seat(s) for 2 people" in text(page)
    assert list(TableInvite.objects.values_list("invitee", flat=True)) == [dmitri.pk]
    # Inviting Dmitri again is no second person; once he declines, Tanya fits.
    assert host.post(reverse("invite_friends"), {"table": table.pk, "names": "qdmitri"}, follow=True).status_code == 200
    client_of(dmitri).post(reverse("decline_invite", args=[TableInvite.objects.get().pk]))
    assert host.post(reverse("invite_friends"), {"table": table.pk, "names": "qtanya"}, follow=True).status_code == 200
    assert list(TableInvite.objects.values_list("invitee", flat=True)) == [tanya.pk]


def test_inviting_to_another_persons_table_is_refused(make_user):
    ann, bo = make_user("yann"), make_user("ybo")
    table = lobby.create_table(ann, "1hero")
    page = client_of(bo).post(reverse("invite_friends"), {"table": table.pk, "names": "yann"}, follow=True)
    assert page.status_code == 400 and "Choose one of your open tables" in text(page)


def test_the_leaderboard_lists_only_players_with_enough_rated_games(make_user, settings):
    settings.COMMUNITY_LEADERBOARD_MIN_GAMES = 3
    ann, bo = make_user("bann"), make_user("bbo")
    Rating.objects.create(user=ann, family="arcane", mu=30, sigma=2, games=3)
    Rating.objects.create(user=bo, family="arcane", mu=40, sigma=2, games=2)
    page = Client().get(reverse("leaderboard", args=["arcane"]))
    assert page.status_code == 200
    body = text(page)
    assert "Bann" in body and "Bbo" not in body and "at least 3 rated matches" in body
    assert Client().get(reverse("leaderboards")).status_code == 200
    assert Client().get(reverse("leaderboard", args=["chess"])).status_code == 404


def test_the_lobby_api_creates_a_rated_table(make_user):
    from tests.server.matchkit import logged_in

    api = logged_in(make_user("aann"))
    made = api.post("/api/tables/", {"mode": "1hero", "rated": True}, format="json")
    assert made.status_code == 201 and made.json()["rated"] is True
    casual = api.post("/api/tables/", {"mode": "1hero"}, format="json")
    assert casual.json()["rated"] is False
    refused = api.post(f"/api/tables/{made.json()['id']}/bot/", {"index": 1, "kind": "greedy"}, format="json")
    assert refused.status_code == 400 and "bots are never rated" in refused.content.decode()
    assert Match.objects.count() == 0
