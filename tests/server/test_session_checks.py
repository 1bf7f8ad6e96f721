"""The match sockets' session checks judged together (game.socketsessions.
lapsed_sessions) and an action's check taken along with it (game.commits),
issue 29: the same verdicts as Django's own judgement of each session
(signals.still_logged_in), for fewer reads."""

import asyncio
from datetime import timedelta

import pytest
from django.contrib.auth.hashers import make_password
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone

from game import commits, socketsessions
from game.models import MatchAction
from game.signals import still_logged_in
from game.socketsessions import SessionLapsed, lapsed_sessions
from lobby.models import User
from tests.server.matchkit import first_move, row_now

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _nothing_judged(monkeypatch):
    """Each test starts with no remembered verdict."""
    monkeypatch.setattr(socketsessions, "_judged", type(socketsessions._judged)())


def _session(user) -> str:
    """The key of a new logged-in session of ``user``."""
    browser = Client()
    browser.force_login(user)
    return browser.session.session_key


def _changes():
    """Each way a session stops logging its user in, as ``(name, change(user, key))``."""
    return [
        ("password updated", lambda u, k: User.objects.filter(pk=u.pk).update(password=make_password("x-new-pw-9"))),
        ("deactivated", lambda u, k: User.objects.filter(pk=u.pk).update(is_active=False)),
        ("session deleted", lambda u, k: Session.objects.filter(pk=k).delete()),
        ("session expired", lambda u, k: Session.objects.filter(pk=k).update(expire_date=timezone.now())),
        ("user deleted", lambda u, k: User.objects.filter(pk=u.pk).delete()),
    ]


@pytest.mark.parametrize("change", [c for _, c in _changes()], ids=[n for n, _ in _changes()])
@pytest.mark.parametrize("judged_before", [False, True], ids=["cold", "remembered"])
def test_lapsed_sessions_judges_as_django_does(make_user, change, judged_before):
    """Whether or not a session was judged still logged in before, a change
    to its row or its user's row is seen: the verdicts are those of
    still_logged_in, one by one; the others' sessions stay logged in."""
    alice, bob, cat = make_user("alice"), make_user("bob"), make_user("cat")
    keys = {name: _session(user) for name, user in (("alice", alice), ("bob", bob), ("cat", cat))}
    sessions = {keys["alice"]: alice.pk, keys["bob"]: bob.pk, keys["cat"]: cat.pk}
    if judged_before:
        assert lapsed_sessions(sessions) == set()
    change(alice, keys["alice"])
    assert lapsed_sessions(sessions) == {keys["alice"]}
    assert {k for k, u in sessions.items() if not still_logged_in(k, u)} == {keys["alice"]}
    assert lapsed_sessions(sessions) == {keys["alice"]}  # and stays lapsed


def test_lapsed_sessions_refuses_no_key_an_unknown_key_and_another_user(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    key = _session(alice)
    assert lapsed_sessions({key: alice.pk}) == set()
    assert lapsed_sessions({key: bob.pk}) == {key}  # remembered for alice, not for bob
    assert lapsed_sessions({None: alice.pk, "no-such-key": alice.pk}) == {None, "no-such-key"}
    assert lapsed_sessions({key: alice.pk}) == set()


def test_sessions_judged_before_cost_two_reads_together(make_user, django_assert_num_queries):
    """Twenty sessions judged still logged in before: judged again with two
    reads in all (the sessions' rows, the users' rows), where each cost two
    of its own."""
    users = [make_user(f"user{i}") for i in range(20)]
    sessions = {_session(user): user.pk for user in users}
    assert lapsed_sessions(sessions) == set()
    with django_assert_num_queries(2):
        assert lapsed_sessions(sessions) == set()


def test_a_login_elsewhere_is_judged_anew_and_still_logs_in(make_user):
    """The user's row changed (last_login, by another login): the session
    is judged anew, and still logs its user in."""
    alice = make_user("alice")
    key = _session(alice)
    assert lapsed_sessions({key: alice.pk}) == set()
    User.objects.filter(pk=alice.pk).update(last_login=timezone.now() + timedelta(seconds=1))
    assert lapsed_sessions({key: alice.pk}) == set()


async def test_an_action_whose_session_lapsed_is_not_applied(two_matches):
    """Two actions on one trip, each with its session's check: the one
    whose session lapsed is refused (SessionLapsed) and writes nothing; the
    other is applied."""
    (first, first_users), (second, second_users) = two_matches
    one, two = first_move(first, first_users, "a"), first_move(second, second_users, "b")
    users = {u.pk: u for u in (*first_users, *second_users)}
    lapsing, live = await asyncio.gather(
        asyncio.to_thread(_session, users[one[1]]), asyncio.to_thread(_session, users[two[1]])
    )
    await asyncio.to_thread(User.objects.filter(pk=one[1]).update, password=make_password("x-new-pw-9"))
    answers = await asyncio.gather(
        commits.apply(*one, session=lapsing), commits.apply(*two, session=live), return_exceptions=True
    )
    assert isinstance(answers[0], SessionLapsed) and answers[1].version == 1
    assert await asyncio.to_thread(lambda: row_now(first.pk).version) == 0
    assert not await asyncio.to_thread(MatchAction.objects.filter(match_id=first.pk).exists)
    assert await asyncio.to_thread(lambda: row_now(second.pk).version) == 1


def test_an_action_without_a_check_due_is_applied_beside_a_lapsed_one(two_matches):
    """On one trip, an action whose connection had no check due (None) is
    applied whatever the others' sessions; the one whose session lapsed is
    not."""
    (first, first_users), (second, second_users) = two_matches
    batch = [first_move(first, first_users, "a"), first_move(second, second_users, "b")]
    lapsing = _session(User.objects.get(pk=batch[1][1]))
    Session.objects.filter(pk=lapsing).delete()
    outcomes = commits.checked_batch(batch, [None, lapsing])
    assert outcomes[0][0] and outcomes[0][1].version == 1
    assert not outcomes[1][0] and isinstance(outcomes[1][1], SessionLapsed)
    assert row_now(second.pk).version == 0
