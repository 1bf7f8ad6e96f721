"""No notice while the player looks (issue 32; docs/ARCHITECTURE.md
"Notices: not while you look"): a turn that comes to a seat whose user has
the match open in a tab writes no outbox row (the page's own notice,
static/js/notice.js, tells them); presence is read from the live-socket
rows in the database (game.livesockets), so a socket held by any worker
counts, and a socket whose worker stopped vouching for it does not."""

from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.utils import timezone

from game.models import LiveSocket
from notices import api, tasks
from notices.models import EMAIL, Notice, NoticeChoice
from tests.server.matchkit import recv, start_match

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


def test_no_row_while_the_seat_has_the_match_open_on_any_worker(match):
    socket_row(match, 0)
    assert api.turn_waits(match.pk, 0, None) == []
    assert not Notice.objects.exists()


def test_another_players_open_page_does_not_stop_the_notice(match):
    socket_row(match, 1)
    assert len(api.turn_waits(match.pk, 0, None)) == 1
    assert Notice.objects.get().channel == EMAIL


def test_a_socket_no_worker_vouches_for_any_more_does_not_count(match, settings):
    """A tab whose worker was killed: its row is no longer refreshed, and
    past CODEX_WS_LIVE_SECONDS the player is not looking any more."""
    socket_row(match, 0, seconds_ago=settings.CODEX_WS_LIVE_SECONDS + 1)
    assert len(api.turn_waits(match.pk, 0, None)) == 1


async def test_the_open_match_page_stops_the_notice_until_it_closes(make_user, ws, layer):
    """Through the real websocket: while alice's match socket is open the
    turn writes nothing; once she closed it, the same turn is noticed."""
    alice, bob = [await sync_to_async(make_user)(n) for n in ("alice", "bob")]
    await sync_to_async(wants_mail)(alice)
    match = await start_match([alice, bob])
    comm, connected, _ = await ws(f"/ws/match/{match.pk}/", alice)
    assert connected and (await recv(comm))["type"] == "state"
    assert await sync_to_async(api.turn_waits)(match.pk, 0, None) == []
    await comm.disconnect()
    keys = await sync_to_async(api.turn_waits)(match.pk, 0, None)
    assert len(keys) == 1
    assert await sync_to_async(Notice.objects.filter(user=alice, match_id=match.pk).count)() == 1
