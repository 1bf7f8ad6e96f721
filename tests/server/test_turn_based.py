"""Turn-based tables (issue 32 points 1 and 4; game/turnbased.py,
game/deadlines.py, docs/RULINGS.md "Server: turn-based deadlines"): a time
per move of 1 hour to 14 days, a deadline per seat waited on (a task
scheduled for it, and a sweep for those a restart lost), a stand-in or
strikes at a missed deadline, days off that stop the clock."""

from datetime import UTC, date, datetime, timedelta

import pytest
from asgiref.sync import sync_to_async
from django.db import connection
from django.utils import timezone
from huey.contrib.djhuey import HUEY

from game import deadlines, rules, standins, tasks, turnbased
from game.matchsignals import turn_came
from game.models import Match, MatchPlayer
from game.services import apply_match_action, create_match
from lobby import services, setupchecks
from lobby.overview import turn_based_page
from lobby.services import LobbyError
from tests.server.matchkit import logged_in, recv, row_now
from tests.server.test_bot_tasks import _until_back_to, hand_the_turn_over
from tests.server.test_table_bots import _to_the_bot, bot_table

pytestmark = pytest.mark.django_db(transaction=True)

DAY = 86400


@pytest.fixture(autouse=True)
def quick_bots(settings):
    settings.CODEX_STAND_IN_DELAY = 0


def turn_based(alice, bob, rule="stand_in", strikes=None, seconds=DAY):
    """A started turn-based 1-hero match of alice (seat 0) and bob."""
    table = services.create_table(
        alice, "1hero", turn_seconds=seconds, turn_based=True, deadline_rule=rule, strikes_allowed=strikes
    )
    services.take_seat(table.pk, bob, 1)
    services.update_seat(table.pk, alice, heroes=["troq_bashar"], ready=True)
    services.update_seat(table.pk, bob, heroes=["river_montoya"], ready=True)
    return services.start_table(table.pk, alice, seed=9).match


def past(match) -> datetime:
    """A moment just after the earliest deadline of ``match`` (as stored now)."""
    return Match.objects.get(pk=match.pk).deadline + timedelta(seconds=1)


def test_a_table_is_live_or_turn_based_with_sensible_choices(make_user):
    alice = make_user("alice")
    client = logged_in(alice)
    body = {"mode": "1hero", "turn_based": True, "turn_seconds": 2 * DAY, "deadline_rule": "strikes"}
    made = client.post("/api/tables/", body, format="json").json()
    assert (made["turn_based"], made["turn_seconds"], made["deadline_rule"], made["strikes_allowed"]) == (
        True,
        2 * DAY,
        "strikes",
        3,
    )
    refusals = [
        ({"turn_seconds": 600}, "bad_timer"),  # not one of the choices
        ({"turn_seconds": None}, "bad_timer"),
        ({"deadline_rule": "coinflip"}, "bad_deadline_rule"),
        ({"strikes_allowed": 6}, "bad_strikes"),
        ({"deadline_rule": "stand_in", "strikes_allowed": 2}, "bad_strikes"),
        ({"turn_based": False, "turn_seconds": 60}, "bad_deadline_rule"),  # a live table has no deadline rule
    ]
    for change, code in refusals:
        answer = logged_in(make_user(f"u{code}{len(str(change))}")).post(
            "/api/tables/", {**body, **change}, format="json"
        )
        assert answer.status_code == 400 and answer.json()["code"] == code, (change, answer.json())
    live = logged_in(make_user("livehost")).post("/api/tables/", {"mode": "1hero"}, format="json").json()
    assert (live["turn_based"], live["deadline_rule"], live["strikes_allowed"]) == (False, "", 0)


def test_the_start_sets_a_deadline_and_schedules_its_task(make_user, monkeypatch):
    scheduled = []
    monkeypatch.setattr(tasks.deadline_due, "schedule", lambda args, eta: scheduled.append((args, eta)))
    alice, bob = make_user("alice"), make_user("bob")
    match = turn_based(alice, bob)
    assert match.turn_based and match.clock["seats"] == [0]
    assert match.deadline == match.clock_since + timedelta(days=1)
    seats = dict(MatchPlayer.objects.filter(match=match).values_list("seat", "deadline"))
    assert seats == {0: match.deadline, 1: None}
    assert scheduled == [((match.pk,), match.deadline)]  # after the commit, for that time
    left = standins.presence(match.pk)
    assert DAY - 60 < left[0]["time_left"] <= DAY and left[1]["time_left"] is None
    assert not left[0]["askable"]


def test_an_action_in_time_moves_the_deadline_to_the_next_player(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    match = turn_based(alice, bob)
    _to_bob(match, alice)
    match.refresh_from_db()
    seats = dict(MatchPlayer.objects.filter(match=match).values_list("seat", "deadline"))
    assert match.clock["seats"] == [1] and seats[0] is None and seats[1] == match.deadline
    assert deadlines.handle_due(match.pk) == deadlines.Handled()  # nothing is due yet


def _to_bob(match, alice) -> None:
    """alice ends her first main phase and techs: the game waits on bob."""
    apply_match_action(match.pk, alice.pk, {"type": "end_main"}, 0)
    tech = next(a for a in rules.legal_actions(row_now(match.pk).state, 0) if a["type"] == "tech")
    apply_match_action(match.pk, alice.pk, tech, 1)


def test_at_a_missed_deadline_the_stand_in_plays_the_turn(make_user, monkeypatch):
    monkeypatch.setattr(tasks, "wake_bots", lambda match_id: False)  # the bot is played here
    alice, bob = make_user("alice"), make_user("bob")
    match = turn_based(alice, bob)
    assert deadlines.handle_due(match.pk, past(match) - timedelta(seconds=2)).given == []  # not yet
    done = deadlines.handle_due(match.pk, past(match))
    assert done.given == [0] and done.struck == []
    seat = MatchPlayer.objects.get(match=match, seat=0)
    assert seat.stand_in and seat.timed_out and seat.deadline is None
    assert Match.objects.get(pk=match.pk).deadline is None
    for _ in range(80):  # nobody has the page open: the stand-in plays her turn to bob's
        if 1 in Match.objects.get(pk=match.pk).clock["seats"]:
            break
        assert standins.play_one(match.pk) is not None
    seat.refresh_from_db()
    assert not seat.stand_in and not seat.timed_out  # her seat again for her next turn
    assert MatchPlayer.objects.get(match=match, seat=1).deadline is not None


def test_strikes_give_a_full_clock_again_then_lose_through_the_engine(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    match = turn_based(alice, bob, rule="strikes", strikes=2)
    first = past(match)
    done = deadlines.handle_due(match.pk, first)
    assert done.struck == [0] and done.conceded == []
    match.refresh_from_db()
    assert match.status == "playing" and match.clock_since == first
    assert match.deadline == first + timedelta(days=1)
    assert MatchPlayer.objects.get(match=match, seat=0).strikes == 1
    assert deadlines.handle_due(match.pk, first) == deadlines.Handled()  # handled once
    done = deadlines.handle_due(match.pk, past(match))
    assert done.conceded == [0] and len(done.applied) == 1
    match.refresh_from_db()
    assert match.status == "finished" and match.deadline is None or match.status == "finished"
    outcome = rules.outcome(row_now(match.pk).state)
    assert match.result["winners"] == outcome["winners"] == [1] and match.result["conceded_by"] == 0
    last = match.actions.order_by("-seq").first()
    assert last.seat == 0 and last.action == {"type": "concede"} and last.nonce is None


def test_days_off_stop_the_clock_and_are_bounded(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    match = turn_based(alice, bob)
    today = timezone.now().date()
    tomorrow = today + timedelta(days=1)
    turnbased.declare_vacation(alice.pk, tomorrow, tomorrow + timedelta(days=1))
    match.refresh_from_db()
    assert match.deadline == match.clock_since + timedelta(days=3)  # a day of clock, two days off
    with pytest.raises(turnbased.VacationRefused) as err:
        turnbased.declare_vacation(alice.pk, tomorrow, tomorrow)
    assert err.value.code == "overlaps"
    with pytest.raises(turnbased.VacationRefused) as err:
        turnbased.declare_vacation(alice.pk, today - timedelta(days=1), today)
    assert err.value.code == "bad_dates"
    start = date(today.year + 1, 3, 1)
    turnbased.declare_vacation(alice.pk, start, start + timedelta(days=27), today=today)
    with pytest.raises(turnbased.VacationRefused) as err:  # 28 + 3 > 30 in that year
        turnbased.declare_vacation(alice.pk, start + timedelta(days=40), start + timedelta(days=42), today=today)
    assert err.value.code == "too_many_days"
    vacation = alice.vacations.get(first=tomorrow)
    turnbased.cancel_vacation(alice.pk, vacation.pk)
    match.refresh_from_db()
    assert match.deadline == match.clock_since + timedelta(days=1)  # the clock runs again


def test_a_deadline_after_days_off_counts_only_the_running_clock():
    t0 = datetime(2030, 1, 1, 12, tzinfo=UTC)
    off = [(datetime(2030, 1, 2, tzinfo=UTC), datetime(2030, 1, 4, tzinfo=UTC))]
    assert turnbased.deadline_after(t0, DAY, off) == datetime(2030, 1, 4, 12, tzinfo=UTC)
    assert turnbased.deadline_after(t0, 3600, off) == t0 + timedelta(hours=1)  # over before the days off
    during = datetime(2030, 1, 3, tzinfo=UTC)  # started during them: runs from their end
    assert turnbased.deadline_after(during, 3600, off) == datetime(2030, 1, 4, 1, tzinfo=UTC)


def test_a_deadline_that_passed_while_the_server_was_down_is_swept(make_user):
    """The scheduled task is gone (a memory queue does not outlive a
    restart): the sweep finds the overdue match and applies the rule."""
    alice, bob = make_user("alice"), make_user("bob")
    match = turn_based(alice, bob, rule="strikes", strikes=3)
    for task in HUEY.scheduled():
        HUEY.revoke_by_id(task.id)  # the schedule is lost
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(hours=5))
    MatchPlayer.objects.filter(match=match, seat=0).update(deadline=timezone.now() - timedelta(hours=5))
    assert turnbased.deadline_set is not None and tasks.sweep() == 1
    assert MatchPlayer.objects.get(match=match, seat=0).strikes == 1
    assert tasks.sweep() == 0  # handled once: its new deadline is a day away


def test_a_turn_coming_to_a_player_is_announced_in_the_action_s_transaction(make_user):
    calls = []

    def heard(sender, match_id, seat, deadline, **kwargs):
        calls.append((match_id, seat, deadline, connection.in_atomic_block))

    turn_came.connect(heard)
    try:
        alice, bob = make_user("alice"), make_user("bob")
        match = turn_based(alice, bob)
        assert calls == [(match.pk, 0, match.deadline, True)]
        _to_bob(match, alice)  # bob is told once, when the game first waits on him
        bob_seat = MatchPlayer.objects.get(match=match, seat=1)
        assert [c[1] for c in calls] == [0, 1] and calls[1][0] == match.pk and calls[1][3]
        assert calls[1][2] == bob_seat.deadline
    finally:
        turn_came.disconnect(heard)


def test_a_turn_coming_to_a_player_writes_the_notices_they_chose(make_user, monkeypatch):
    """The signal reaches the notices app: bob chose e-mail, so the turn
    coming to him writes his notice in the action's transaction (issue 32
    point 2; notices.receivers)."""
    from notices import tasks as notice_tasks
    from notices.models import Notice, NoticeChoice

    monkeypatch.setattr(notice_tasks, "send_soon", lambda key: None)
    alice, bob = make_user("alice"), make_user("bob")
    bob.email = "bob@example.org"
    bob.save(update_fields=["email"])
    NoticeChoice.objects.create(user=bob, email=True, email_confirmed=bob.email)
    match = turn_based(alice, bob)
    assert not Notice.objects.filter(user=bob).exists()  # the game waits on alice first
    _to_bob(match, alice)
    notice = Notice.objects.get(user=bob)
    assert (notice.match_id, notice.seat, notice.channel) == (match.pk, 1, "email")
    assert notice.deadline == MatchPlayer.objects.get(match=match, seat=1).deadline


def test_live_tables_keep_their_timer_and_away_stand_ins(make_user):
    """A turn-based player is away most of the time: no away stand-in, no
    asking for a bot, and the live timer's expiry leaves the match alone."""
    alice, bob = make_user("alice"), make_user("bob")
    match = turn_based(alice, bob)
    MatchPlayer.objects.filter(match=match).update(seen_at=timezone.now() - timedelta(days=2))
    Match.objects.filter(pk=match.pk).update(clock_since=timezone.now() - timedelta(days=2))
    assert standins.expire_away_of([match.pk]) == set()
    assert not MatchPlayer.objects.filter(match=match, stand_in=True).exists()
    with pytest.raises(standins.ActionRefused) as err:
        standins.request_stand_in(match.pk, 1, 0)
    assert err.value.code == "turn_based"


def test_lobby_error_names_the_rule():
    with pytest.raises(LobbyError) as err:
        setupchecks.checked_pace(DAY, "strikes", 0)
    assert err.value.code == "bad_strikes"


async def test_a_turn_based_bot_moves_with_no_page_open(make_user, ws, layer):
    """alice plays her turn over the websocket against a greedy table bot
    at a turn-based table and closes the page: the bot's turn is played
    in the background, and the deadline moves back to her."""
    alice = await sync_to_async(make_user)("alice")

    def make():
        table = bot_table([alice], bots=[(1, "greedy")])
        type(table).objects.filter(pk=table.pk).update(
            turn_based=True, turn_seconds=DAY, deadline_rule="strikes", strikes_allowed=3
        )
        return services.start_table(table.pk, alice, seed=11).match

    match = await sync_to_async(make)()
    assert match.turn_based
    comm, connected, _ = await ws(f"/ws/match/{match.pk}/", alice)
    assert connected and (await recv(comm))["type"] == "state"
    handed = await hand_the_turn_over(comm)
    await comm.disconnect()
    version, waiting, sockets = await _until_back_to(match.pk, 0, after=handed)
    assert sockets == 0 and version > handed
    row = await sync_to_async(Match.objects.get)(pk=match.pk)
    seat = await sync_to_async(MatchPlayer.objects.get)(match=match, seat=0)
    assert row.deadline == seat.deadline and row.deadline > timezone.now() + timedelta(hours=23)


def test_bots_and_stand_ins_only_play_on_in_a_turn_based_match(make_user, monkeypatch):
    """A stand-in given at a deadline plays though nobody is connected
    (live matches wait for a person: tests/server/test_table_bots.py)."""
    monkeypatch.setattr(tasks, "wake_bots", lambda match_id: False)
    alice = make_user("alice")
    table = bot_table([alice], bots=[(1, "greedy")])
    type(table).objects.filter(pk=table.pk).update(turn_based=True, turn_seconds=DAY, deadline_rule="stand_in")
    match = services.start_table(table.pk, alice, seed=5).match
    _to_the_bot(match, alice)
    MatchPlayer.objects.filter(match=match, seat=0).update(stand_in=True, timed_out=True)
    assert standins.play_one(match.pk) is not None


def _many_matches(alice, others, count):
    """``count`` turn-based matches of alice (seat 0 in even ones, seat 1
    in odd ones), made directly (game.services.create_match), with
    deadlines spread over a week; returns their ids in creation order."""
    ids = []
    now = timezone.now()
    for i in range(count):
        other = others[i % len(others)]
        users = [alice, other] if i % 2 == 0 else [other, alice]
        config = {
            "mode": "1hero",
            "seed": i,
            "seats": [
                {"name": users[0].public_name, "hero": "troq_bashar"},
                {"name": users[1].public_name, "hero": "river_montoya"},
            ],
        }
        match = create_match(config, users, turn_seconds=7 * DAY, deadline_rule="stand_in")
        shift = timedelta(minutes=(i * 37) % (7 * 24 * 60))
        Match.objects.filter(pk=match.pk).update(deadline=now + shift)
        MatchPlayer.objects.filter(match=match, seat=0).update(deadline=now + shift)
        ids.append(match.pk)
    return ids


def test_a_2v2_entry_names_the_partner_apart_from_the_opponents(make_user):
    """The tester's F3: the lobby listed the 2v2 partner as an opponent. It
    says "with P against X and Y" as the notices do (one helper); in a
    free-for-all everyone else is an opponent."""
    from notices.text import turn_message

    heroes = ("troq_bashar", "river_montoya", "troq_bashar", "river_montoya")
    ana, ari, bo, bea = users = [make_user(n) for n in ("tari", "tana", "tbo", "tbea")]
    seats = [{"name": u.public_name, "hero": h, "team": t} for u, h, t in zip(users, heroes, (0, 0, 1, 1), strict=True)]
    match = create_match({"mode": "2hg", "seed": 1, "seats": seats}, users, turn_seconds=DAY, deadline_rule="stand_in")
    [entry] = logged_in(ana).get("/api/lobby/turn-based/").json()["matches"]
    assert entry["partners"] == [ari.public_name] and entry["opponents"] == [bo.public_name, bea.public_name]
    words = f"with {ari.public_name} against {bo.public_name} and {bea.public_name}"
    assert entry["with_against"] == words
    assert words in turn_message(Match.objects.get(pk=match.pk), ana, "email", None).body
    ffa_users = [make_user(n) for n in ("fa", "fb", "fc")]
    ffa_seats = [{"name": u.public_name, "hero": h} for u, h in zip(ffa_users, heroes, strict=False)]
    create_match({"mode": "ffa", "seed": 2, "seats": ffa_seats}, ffa_users, turn_seconds=DAY, deadline_rule="stand_in")
    [ffa] = logged_in(ffa_users[1]).get("/api/lobby/turn-based/").json()["matches"]
    assert ffa["partners"] == [] and ffa["opponents"] == [ffa_users[0].public_name, ffa_users[2].public_name]
    assert ffa["with_against"] == f"against {ffa_users[0].public_name} and {ffa_users[2].public_name}"


def test_your_matches_hold_hundreds_a_page_at_a_time_in_one_query(make_user, django_assert_max_num_queries):
    alice = make_user("alice")
    others = [make_user(f"friend{i}") for i in range(5)]
    _many_matches(alice, others, 300)
    client = logged_in(alice)
    seen = []
    page = 1
    while True:
        with django_assert_max_num_queries(4):  # the session, the user, the page: one query for the matches
            body = client.get(f"/api/lobby/turn-based/?page={page}").json()
        seen += body["matches"]
        if not body["more"]:
            break
        page += 1
    assert len(seen) == 300 and page == 12
    mine = [m for m in seen if m["your_turn"]]
    assert len(mine) == 150 and seen[:150] == mine  # what waits on her first
    for group in (seen[:150], seen[150:]):
        lefts = [m["time_left"] for m in group]
        assert lefts == sorted(lefts)  # then by time left
    first = seen[0]
    assert first["opponents"] and first["waiting_for"] == [alice.public_name] and first["rule"] == "stand_in"
    other = seen[150]
    assert other["waiting_for"] == other["opponents"]
    live = client.get("/api/lobby/matches/").json()
    assert live["mine"] == []  # the turn-based ones are listed by pages only
    assert client.get("/api/lobby/turn-based/?page=0").json()["code"] == "bad_page"


def test_your_matches_query_count_does_not_grow(make_user):
    """One statement for the page, whatever the number of matches."""
    from django.db import connection as conn
    from django.test.utils import CaptureQueriesContext

    alice = make_user("alice")
    _many_matches(alice, [make_user("bob")], 30)
    with CaptureQueriesContext(conn) as few:
        turn_based_page(alice, 1)
    _many_matches(alice, [make_user("carol")], 30)
    with CaptureQueriesContext(conn) as more:
        turn_based_page(alice, 1)
    assert len(few) == len(more) == 1


def test_since_you_left_shows_the_lines_you_have_not_seen_and_no_hidden_card(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    match = turn_based(alice, bob)
    client = logged_in(bob)
    first = client.post(f"/api/matches/{match.pk}/visit/").json()
    assert first["lines"] == [] and first["since_version"] is None  # a first visit
    _to_bob(match, alice)
    back = client.post(f"/api/matches/{match.pk}/visit/").json()
    assert back["since_version"] == 0 and back["version"] == 2 and back["lines"]
    state = row_now(match.pk).state
    shown = [line["text"] for line in rules.view(state, 1)["log"]]
    assert [line["text"] for line in back["lines"]] == shown[len(shown) - len(back["lines"]) :]
    alice_only = {line["text"] for line in rules.view(state, 0)["log"]} - set(shown)
    assert alice_only and not alice_only & {line["text"] for line in back["lines"]}  # her secret lines stay hers
    again = client.post(f"/api/matches/{match.pk}/visit/").json()
    assert again["lines"] == [] and again["since_version"] == 2
    stranger = logged_in(make_user("stranger")).post(f"/api/matches/{match.pk}/visit/")
    assert stranger.status_code == 404 or stranger.json()["lines"] == []


def test_a_turn_exports_as_text_from_the_viewer_s_view_only(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    match = turn_based(alice, bob)
    _to_bob(match, alice)
    state = row_now(match.pk).state
    text = logged_in(bob).get(f"/api/matches/{match.pk}/turn-text/").json()["text"]
    assert text.startswith(f"[Codex] Match {match.pk}, as {bob.public_name} saw it")
    assert "gold" in text and "patrol:" in text
    mine = {line["text"] for line in rules.view(state, 1)["log"]}
    hers = {line["text"] for line in rules.view(state, 0)["log"]} - mine
    assert hers and not any(f"- {line}\n" in text for line in hers)


def test_days_off_through_the_api(make_user):
    alice = make_user("alice")
    client = logged_in(alice)
    tomorrow = timezone.now().date() + timedelta(days=1)
    made = client.post(
        "/api/vacations/", {"first": str(tomorrow), "last": str(tomorrow + timedelta(days=2))}, format="json"
    )
    assert made.status_code == 201 and made.json()["days_used"] >= 0 and len(made.json()["vacations"]) == 1
    refused = client.post(
        "/api/vacations/", {"first": str(tomorrow + timedelta(days=5)), "last": str(tomorrow)}, format="json"
    )
    assert refused.status_code == 400 and refused.json()["code"] == "bad_dates"
    bad = client.post("/api/vacations/", {"first": "soon", "last": str(tomorrow)}, format="json")
    assert bad.status_code == 400
    gone = client.delete(f"/api/vacations/?id={made.json()['vacations'][0]['id']}")
    assert gone.status_code == 200 and gone.json()["vacations"] == []
    assert client.delete("/api/vacations/?id=x").json()["code"] == "no_such_vacation"
