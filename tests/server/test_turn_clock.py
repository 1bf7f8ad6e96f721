"""The optional turn timer (issue 14 point 14; game/turnclock.py,
docs/RULINGS.md "Server: the turn timer"): off by default; the seats the
game waits on share a clock that starts again whenever it starts waiting on
someone new; a seat out of time is played on by the stand-in bot, and is
its player's again when the clock starts again."""

from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.utils import timezone

from game import standins, turnclock
from game.models import LiveSocket, Match, MatchPlayer
from game.services import apply_match_action
from lobby import services
from tests.server.matchkit import logged_in, playable, recv

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def quick_bots(settings):
    settings.CODEX_STAND_IN_DELAY = 0


def timed_match(alice, bob, seconds=60):
    table = services.create_table(alice, "1hero", turn_seconds=seconds)
    services.take_seat(table.pk, bob, 1)
    services.update_seat(table.pk, alice, heroes=["troq_bashar"], ready=True)
    services.update_seat(table.pk, bob, heroes=["river_montoya"], ready=True)
    return services.start_table(table.pk, alice, seed=9).match


def run_out(match) -> None:
    """The clock of the seats the game waits on ran out a second ago."""
    Match.objects.filter(pk=match.pk).update(clock_since=timezone.now() - timedelta(seconds=match.turn_seconds + 1))


def test_the_timer_is_off_unless_the_table_sets_it(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    client = logged_in(alice)
    plain = client.post("/api/tables/", {"mode": "1hero"}, format="json").json()
    assert plain["turn_seconds"] is None
    timed = logged_in(bob).post("/api/tables/", {"mode": "1hero", "turn_seconds": 90}, format="json").json()
    assert timed["turn_seconds"] == 90
    refused = logged_in(make_user("carol")).post("/api/tables/", {"mode": "1hero", "turn_seconds": 5}, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "bad_timer"
    untimed = services.start_table(*_ready_pair(make_user, plain["id"], alice)).match
    assert untimed.turn_seconds is None and standins.presence(untimed.pk)[0]["time_left"] is None
    Match.objects.filter(pk=untimed.pk).update(clock_since=timezone.now() - timedelta(days=1))
    assert turnclock.expire(untimed.pk) is False


def _ready_pair(make_user, table_id, host):
    guest = make_user("dave")
    services.take_seat(table_id, guest, 1)
    services.update_seat(table_id, host, heroes=["troq_bashar"], ready=True)
    services.update_seat(table_id, guest, heroes=["river_montoya"], ready=True)
    return table_id, host


def test_the_clock_runs_for_the_seats_the_game_waits_on(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    match = timed_match(alice, bob)
    assert match.clock["seats"] == [0] and match.clock_since is not None
    left = standins.presence(match.pk)
    assert 55 < left[0]["time_left"] <= 60 and left[1]["time_left"] is None  # only the seat waited on
    started = match.clock_since
    hire = next(a for a in playable(match.state, 0) if a["type"] == "hire")
    apply_match_action(match.pk, alice.pk, hire, 0)  # she goes on in the same phase: the clock runs on
    match.refresh_from_db()
    assert match.clock == {"key": "1:main", "seats": [0]} and match.clock_since == started
    apply_match_action(match.pk, alice.pk, {"type": "end_main"}, 1)  # a new phase: a full clock
    match.refresh_from_db()
    assert match.clock["key"] != "1:main" and match.clock_since > started


def test_a_player_out_of_time_is_played_on_by_the_bot_until_the_clock_starts_again(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    match = timed_match(alice, bob)
    LiveSocket.objects.create(channel="a!1", user=alice, match=match, seat=0)  # she is here, just slow
    run_out(match)
    assert standins.presence(match.pk)[0]["time_left"] == 0
    assert standins.expire_away_of([match.pk]) == {match.pk}
    alice_seat = MatchPlayer.objects.get(match=match, seat=0)
    assert alice_seat.stand_in and alice_seat.timed_out
    assert not MatchPlayer.objects.get(match=match, seat=1).stand_in  # bob was not waited on
    for _ in range(80):  # the stand-in plays her turn on, until the game waits on bob
        match.refresh_from_db()
        if 1 in match.clock["seats"]:
            break
        assert standins.play_one(match.pk) is not None
    assert all(entry.seat == 0 and entry.nonce is None for entry in match.actions.all())
    alice_seat.refresh_from_db()
    assert not alice_seat.stand_in and not alice_seat.timed_out  # the clock started again: hers again
    assert 55 < standins.presence(match.pk)[1]["time_left"] <= 60


async def test_the_page_hears_of_the_timeout_and_the_bot_plays_on(make_user, ws, layer):
    """bob's page pings when alice's shown clock reaches zero: the server
    gives her seat the stand-in (a presence broadcast says so) and the bot's
    moves reach both pages."""
    alice, bob = [await sync_to_async(make_user)(n) for n in ("alice", "bob")]
    match = await sync_to_async(timed_match)(alice, bob)
    comms = {}
    for name, user in (("alice", alice), ("bob", bob)):
        comm, connected, _ = await ws(f"/ws/match/{match.pk}/", user)
        assert connected and (await recv(comm))["type"] == "state"
        comms[name] = comm
    await sync_to_async(run_out)(match)
    await comms["bob"].send_json_to({"type": "ping", "id": 1})
    # Both reach her page, in either order: the bot's moves go straight to
    # the worker's own connections (game.delivery), the presence broadcast
    # through the channel layer's group (with Redis it can come after).
    presence, moved = None, False
    for _ in range(400):
        msg = await recv(comms["alice"])
        if msg["type"] == "presence":
            presence = msg
        moved = moved or (msg["type"] == "state" and msg["version"] >= 1)
        if presence is not None and moved:
            break
    assert presence["seats"][0]["stand_in"] is True and presence["seats"][0]["time_left"] == 0
    assert moved
    first = await sync_to_async(lambda: match.actions.get(seq=1))()
    assert first.seat == 0 and first.nonce is None


def test_a_table_bot_has_no_clock_to_run_out(make_user):
    alice = make_user("alice")
    table = services.create_table(alice, "1hero", turn_seconds=30)
    services.update_seat(table.pk, alice, heroes=["troq_bashar"], ready=True)
    services.seat_bot(table.pk, alice, 1, "greedy", ["river_montoya"])
    match = services.start_table(table.pk, alice, seed=2).match
    state = match.state
    action = next(a for a in playable(state, 0) if a["type"] == "end_main")
    apply_match_action(match.pk, alice.pk, action, 0)
    match.refresh_from_db()
    run_out(match)
    turnclock.expire(match.pk)
    assert not MatchPlayer.objects.filter(match=match, seat=1, timed_out=True).exists()
