"""Held while the player looks (issue 32; docs/ARCHITECTURE.md "Notices:
held while you look"): a turn that comes to a seat whose user has the
match open in a tab writes its outbox rows all the same, due only after the
look grace; at send time a row whose player still looks is put off again,
one whose turn passed (they acted first) is dropped, and one whose player
left without acting is sent. Presence is read from the live-socket rows in
the database (game.livesockets), so a socket held by any worker counts, and
a socket whose worker stopped vouching for it does not."""

from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.core import mail as djmail
from django.utils import timezone

from game.models import LiveSocket
from game.services import apply_match_action
from game.statereads import current_state as current_state_of
from notices import api, outbox, tasks
from notices.models import EMAIL, Notice, NoticeChoice
from tests.server.matchkit import playable, recv, row_now, start_match
from tests.server.test_turn_based import _to_bob, turn_based

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def no_queue(monkeypatch):
    """The keys each commit would queue, instead of sending them."""
    queued = []
    monkeypatch.setattr(tasks, "send_soon", queued.append)
    return queued


def wants_mail(user) -> None:
    """``user`` chose e-mail notices at a confirmed address."""
    user.email = f"{user.username}@example.org"
    user.save(update_fields=["email"])
    NoticeChoice.objects.create(user=user, email=True, email_confirmed=user.email)


@pytest.fixture
def match(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    wants_mail(alice)
    return start_match.func([alice, bob])


def socket_row(match, seat, seconds_ago=0.0, name="another-worker!1") -> LiveSocket:
    """A live-socket row of the user at ``seat``, as a worker (any) writes it."""
    player = match.players.get(seat=seat)
    return LiveSocket.objects.create(
        channel=name,
        user=player.user,
        match=match,
        seat=seat,
        alive_at=timezone.now() - timedelta(seconds=seconds_ago),
    )


def held(key: str) -> bool:
    """The row ``key`` waits past now (the look grace)."""
    return Notice.objects.get(key=key).next_try > timezone.now()


def grace_passes() -> None:
    """The look grace of every waiting row ends now (what the clock does)."""
    Notice.objects.filter(status=Notice.Status.PENDING).update(next_try=timezone.now())


def test_a_row_is_written_but_held_while_the_seat_has_the_match_open_on_any_worker(match, settings):
    socket_row(match, 0)
    [key] = api.turn_waits(match.pk, 0, None)
    row = Notice.objects.get(key=key)
    assert row.next_try >= row.created + timedelta(seconds=settings.CODEX_NOTICE_LOOK_GRACE)
    assert outbox.deliver(key) is None  # not due: the commit's send leaves it
    grace_passes()
    assert outbox.deliver(key) == Notice.Status.PENDING  # still looking: put off again
    row.refresh_from_db()
    assert held(key) and row.tries == 0 and not djmail.outbox


def test_a_page_left_open_holds_the_notice_ten_minutes_at_most(match, settings):
    """A tab left open on another device, or in the background, without a
    move: the notice goes out once it waited CODEX_NOTICE_LOOK_MAX seconds,
    so the phone hears of the turn before the deadline."""
    socket_row(match, 0)
    [key] = api.turn_waits(match.pk, 0, None)
    grace_passes()
    assert outbox.deliver(key) == Notice.Status.PENDING and not djmail.outbox
    waited = timedelta(seconds=settings.CODEX_NOTICE_LOOK_MAX + 1)
    Notice.objects.filter(key=key).update(created=timezone.now() - waited, next_try=timezone.now())
    assert outbox.deliver(key) == Notice.Status.SENT and len(djmail.outbox) == 1


def test_another_players_open_page_does_not_hold_the_notice(match):
    socket_row(match, 1)
    [key] = api.turn_waits(match.pk, 0, None)
    assert Notice.objects.get().channel == EMAIL and not held(key)


def test_a_socket_no_worker_vouches_for_any_more_does_not_count(match, settings):
    """A tab whose worker was killed: its row is no longer refreshed, and
    past CODEX_WS_LIVE_SECONDS the player is not looking any more."""
    socket_row(match, 0, seconds_ago=settings.CODEX_WS_LIVE_SECONDS + 1)
    [key] = api.turn_waits(match.pk, 0, None)
    assert not held(key)


def bob_wants_mail_in_a_turn_based_match(make_user) -> tuple:
    alice, bob = make_user("alice"), make_user("bob")
    wants_mail(bob)
    return alice, bob, turn_based(alice, bob, rule="strikes", strikes=3)


async def bob_looks_when_his_turn_comes(make_user, ws) -> tuple:
    """alice (seat 0) hands the turn of a turn-based match to bob (seat 1)
    while bob's match page is open: his held notice's key and his socket."""
    alice, bob, match = await sync_to_async(bob_wants_mail_in_a_turn_based_match)(make_user)
    comm, connected, _ = await ws(f"/ws/match/{match.pk}/", bob)
    assert connected and (await recv(comm))["type"] == "state"
    await sync_to_async(_to_bob)(match, alice)
    [key] = await sync_to_async(list)(Notice.objects.filter(user=bob).values_list("key", flat=True))
    assert await sync_to_async(held)(key)
    return match, comm, key


async def test_a_turn_that_came_while_the_page_was_open_is_told_once_the_player_left(make_user, ws, layer):
    """Through the server: bob's turn comes while his match socket is open;
    the notice waits while he looks, and once he closed the page without
    acting it goes out (once), before his deadline."""
    match, comm, key = await bob_looks_when_his_turn_comes(make_user, ws)
    await sync_to_async(grace_passes)()
    assert await sync_to_async(tasks.sweep)() == 1 and not djmail.outbox  # he still looks
    await comm.disconnect()
    await sync_to_async(grace_passes)()
    assert await sync_to_async(tasks.sweep)() == 1
    assert [m.to for m in djmail.outbox] == [["bob@example.org"]]
    assert await sync_to_async(lambda: Notice.objects.get(key=key).status)() == Notice.Status.SENT
    assert await sync_to_async(tasks.sweep)() == 0 and len(djmail.outbox) == 1


async def test_a_player_who_acts_before_leaving_is_not_told(make_user, ws, layer):
    """bob's turn comes while he looks, he plays a move and closes the
    page: the turn is no longer one he has not seen, so the row is dropped
    (marked, never sent)."""
    match, comm, key = await bob_looks_when_his_turn_comes(make_user, ws)
    state = await sync_to_async(lambda: row_now(match.pk))()
    action = playable(current_state_of(state), 1)[0]
    await comm.send_json_to({"type": "action", "id": "b", "version": state.version, "action": action})
    while (msg := await recv(comm)).get("id") != "b":
        pass
    assert msg["type"] == "applied", msg
    await comm.disconnect()
    await sync_to_async(grace_passes)()
    await sync_to_async(tasks.sweep)()
    assert await sync_to_async(lambda: Notice.objects.get(key=key).status)() == Notice.Status.DROPPED
    assert not djmail.outbox


def test_a_retry_after_the_turn_passed_is_dropped(make_user):
    """A notice whose send failed and whose turn passed before its retry
    (bob played it meanwhile, from another device) is dropped, not sent."""
    alice, bob, match = bob_wants_mail_in_a_turn_based_match(make_user)
    _to_bob(match, alice)
    [key] = Notice.objects.filter(user=bob).values_list("key", flat=True)
    state = row_now(match.pk)
    apply_match_action(match.pk, bob.pk, playable(current_state_of(state), 1)[0], state.version)
    assert outbox.deliver(key) == Notice.Status.DROPPED and not djmail.outbox
