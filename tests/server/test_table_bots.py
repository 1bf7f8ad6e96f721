"""Bots at the table (issue 14 point 9; docs/RULINGS.md "Server: bots at the
table"): the host fills seats of a waiting table with bots, in every mode;
their moves go the way a stand-in's do (game.standins.play_one,
services.apply_seat_action): applied, logged, broadcast; they wait while
every seat is a bot or a stand-in, and two workers apply one move a version."""

import pytest
from asgiref.sync import async_to_sync, sync_to_async

from game import rules, standins, tasks
from game.models import LiveSocket, Match, MatchPlayer
from game.services import ActionRefused, apply_match_action
from game.standins import play_one
from lobby import services
from lobby.services import LobbyError
from tests.server.matchkit import logged_in, recv, row_now

pytestmark = pytest.mark.django_db(transaction=True)

HEROES = ("troq_bashar", "river_montoya")


@pytest.fixture(autouse=True)
def quick_bots(settings, request, monkeypatch):
    """Bots play without a person's pause. The tests that play the bots
    themselves (play_one, without a websocket) play them alone: no background
    run (game.tasks) moves them meanwhile."""
    settings.CODEX_STAND_IN_DELAY = 0
    if "ws" not in request.fixturenames:
        monkeypatch.setattr(tasks, "wake_bots", lambda match_id: False)


def bot_table(people, mode="1hero", bots=(), seats=None, heroes=HEROES):
    """A table of ``mode`` with ``people[i]`` at seat i (ready) and the bots
    ``bots`` (``[(index, kind)]``); returns the table, not started."""
    table = services.create_table(people[0], mode, seats=seats or len(people) + len(bots))
    index_of = {}
    free = [i for i in range(table.seats.count()) if i not in dict(bots)]
    for user, index in zip(people, free, strict=False):
        index_of[user.pk] = index
        if index:
            services.take_seat(table.pk, user, index)
    for user in people:
        pick = [heroes[index_of[user.pk] % len(heroes)]] if mode != "3hero" else None
        services.update_seat(
            table.pk, user, heroes=pick or ["troq_bashar", "river_montoya", "jaina_stormborne"], ready=True
        )
    for index, kind in bots:
        services.seat_bot(table.pk, people[0], index, kind, [heroes[index % len(heroes)]] if mode != "3hero" else None)
    return table


def test_the_host_seats_a_bot_ready_at_once(make_user):
    alice = make_user("alice")
    table = services.create_table(alice, "1hero")
    services.seat_bot(table.pk, alice, 1, "greedy")
    seat = table.seats.get(index=1)
    assert seat.bot == "greedy" and seat.user is None and seat.ready and len(seat.heroes) == 1
    data = logged_in(alice).get(f"/api/tables/{table.pk}/").json()
    assert data["seats"][1]["bot"] == "greedy" and data["seats"][1]["player"] == "Greedy bot"
    assert data["seats"][0]["bot"] is None


@pytest.mark.parametrize(
    "who, index, kind, code",
    [
        ("bob", 1, "greedy", "not_host"),
        ("alice", 1, "genius", "bad_bot"),
        ("alice", 5, "greedy", "no_seat"),
        ("alice", 0, "greedy", "seat_taken"),
    ],
)
def test_seating_a_bot_refused_changes_nothing(make_user, who, index, kind, code):
    users = {"alice": make_user("alice"), "bob": make_user("bob")}
    table = services.create_table(users["alice"], "1hero")
    with pytest.raises(LobbyError) as err:
        services.seat_bot(table.pk, users[who], index, kind)
    assert err.value.code == code
    assert not table.seats.exclude(bot="").exists() and table.seats.get(index=0).user == users["alice"]


def test_the_api_seats_and_removes_a_bot_and_nobody_takes_its_seat(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    table = services.create_table(alice, "1hero")
    host = logged_in(alice)
    answer = host.post(f"/api/tables/{table.pk}/bot/", {"index": 1, "kind": "random"}, format="json")
    assert answer.status_code == 200 and answer.json()["seats"][1]["bot"] == "random"
    refused = logged_in(bob).post(f"/api/tables/{table.pk}/join/", {"index": 1}, format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "seat_taken"
    assert (
        logged_in(bob)
        .post(f"/api/tables/{table.pk}/bot/", {"index": 1, "kind": "random"}, format="json")
        .json()["code"]
        == "not_host"
    )
    gone = host.post(f"/api/tables/{table.pk}/remove/", {"index": 1}, format="json").json()
    assert gone["seats"][1]["bot"] is None and gone["seats"][1]["player"] is None
    assert not table.removed.exists()  # a bot is not kept out: nobody to keep out


def test_a_bot_stays_ready_when_a_person_leaves(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    table = bot_table([alice, bob], "ffa", bots=[(2, "greedy")])
    services.leave_table(table.pk, bob)
    assert table.seats.get(index=2).ready and not table.seats.get(index=0).ready


def test_a_table_of_only_bots_closes_when_its_last_person_leaves(make_user):
    alice = make_user("alice")
    table = bot_table([alice], bots=[(1, "greedy")])
    assert services.leave_table(table.pk, alice) is None


@pytest.mark.parametrize(
    "mode, people, bots",
    [
        ("1hero", 1, [(1, "greedy")]),
        ("3hero", 1, [(1, "random")]),
        ("2hg", 2, [(1, "greedy"), (3, "random")]),  # two friends, one per team, each with a bot partner
        ("ffa", 3, [(3, "greedy"), (4, "random")]),  # three people and two bots
    ],
)
def test_every_mode_starts_with_bots(make_user, mode, people, bots):
    users = [make_user(f"p{i}") for i in range(people)]
    table = bot_table(users, mode, bots=bots)
    match = services.start_table(table.pk, users[0], seed=7).match
    rows = {p.seat: p for p in MatchPlayer.objects.filter(match=match)}
    for index, kind in bots:
        assert rows[index].bot == kind and rows[index].user is None
    assert {p.user_id for p in rows.values() if not p.bot} == {u.pk for u in users}
    names = [s["name"] for s in match.config["seats"]]
    several = len(bots) > 1
    for index, kind in bots:
        assert names[index] == standins.bot_name(kind, index, several)
    players = logged_in(users[0]).get(f"/api/matches/{match.pk}/").json()["players"]
    assert [p["bot"] for p in players] == [rows[i].bot or None for i in sorted(rows)]
    assert players[bots[0][0]]["name"] == names[bots[0][0]] and players[bots[0][0]]["user_id"] is None


def test_a_bot_seat_is_never_away_and_gets_no_stand_in(make_user):
    alice = make_user("alice")
    match = services.start_table(bot_table([alice], bots=[(1, "greedy")]).pk, alice, seed=3).match
    MatchPlayer.objects.filter(match=match).update(seen_at="2000-01-01T00:00:00Z")
    assert standins.presence(match.pk)[1] == {
        "seat": 1,
        "away": False,
        "stand_in": False,
        "askable": False,
        "bot": "greedy",
        "time_left": None,
    }
    assert (
        match.pk not in standins.expire_away_of([match.pk]) or not MatchPlayer.objects.get(match=match, seat=1).stand_in
    )
    with pytest.raises(ActionRefused) as refused:
        standins.request_stand_in(match.pk, 0, 1)
    assert refused.value.code == "not_away"


def _to_the_bot(match, user) -> None:
    """The person at seat 0 ends the first main phase and picks tech: it is the bot's turn."""
    apply_match_action(match.pk, user.pk, {"type": "end_main"}, 0)
    state = row_now(match.pk).state
    tech = next(a for a in rules.legal_actions(state, 0) if a["type"] == "tech")
    apply_match_action(match.pk, user.pk, tech, 1)


def _live(match, user, seat=0, channel="test.channel!1") -> None:
    LiveSocket.objects.create(channel=channel, user=user, match=match, seat=seat)


def test_bots_wait_while_every_seat_is_a_bot_or_a_stand_in(make_user):
    """Issue 30 point 4: a bot plays with nobody connected, but not once a
    stand-in plays the only person's seat; a spectator changes nothing."""
    alice, carol = make_user("alice"), make_user("carol")
    match = services.start_table(bot_table([alice], bots=[(1, "greedy")]).pk, alice, seed=5).match
    _to_the_bot(match, alice)
    MatchPlayer.objects.filter(match=match, seat=0).update(stand_in=True)
    _live(match, carol, seat=None, channel="spectator!1")
    assert play_one(match.pk) is None and Match.objects.get(pk=match.pk).version == 2
    MatchPlayer.objects.filter(match=match, seat=0).update(stand_in=False)  # alice took her seat back
    done = play_one(match.pk)
    assert done is not None and done.version == 3
    entry = match.actions.get(seq=3)
    assert entry.seat == 1 and entry.nonce is None


def test_two_workers_apply_one_bot_move_per_version(make_user, monkeypatch):
    """Worker B plays the bot's move while worker A is still choosing at the
    same version: A's choice is refused (the version moved on) and A
    chooses again from B's result; no move is applied twice."""
    alice = make_user("alice")
    match = services.start_table(bot_table([alice], bots=[(1, "greedy")]).pk, alice, seed=5).match
    _to_the_bot(match, alice)
    _live(match, alice)
    chosen, applied = [], []
    real_choose = rules.GreedyBot.choose
    real_apply = standins.apply_seat_action

    def choose(bot, state, seat):
        action = real_choose(bot, state, seat)
        chosen.append(action)
        if len(chosen) == 1:  # worker A is between choosing and applying: worker B runs whole
            applied.append(("B", play_one(match.pk).version))
        return action

    def apply(match_id, seat, action, at_version):
        try:
            done = real_apply(match_id, seat, action, at_version)
        except ActionRefused as refused:
            applied.append(("refused", at_version, refused.code))
            raise
        return done

    monkeypatch.setattr(rules.GreedyBot, "choose", choose)
    monkeypatch.setattr(standins, "apply_seat_action", apply)
    a = play_one(match.pk)
    assert applied[0] == ("B", 3) and applied[1] == ("refused", 2, "stale_version")
    assert a is not None and a.version == 4  # A chose again, at version 3: the bot's next move
    versions = list(match.actions.values_list("seq", flat=True))
    assert versions == [1, 2, 3, 4] and set(match.actions.filter(seq__gt=2).values_list("seat", flat=True)) == {1}


async def test_a_person_plays_a_bot_over_the_websocket(make_user, ws, layer):
    """alice against a greedy bot: she ends her turn, the bot plays its
    whole turn on its own (every move broadcast to her, logged without a
    nonce) and the game comes back to her."""
    alice = await sync_to_async(make_user)("alice")
    table = await sync_to_async(bot_table)([alice], bots=[(1, "greedy")])
    match = (await sync_to_async(services.start_table)(table.pk, alice, seed=11)).match
    comm, connected, _ = await ws(f"/ws/match/{match.pk}/", alice)
    assert connected and (await recv(comm))["type"] == "state"
    await comm.send_json_to({"type": "action", "id": "e", "version": 0, "action": {"type": "end_main"}})
    for _ in range(50):
        msg = await recv(comm)
        if msg["type"] == "state" and msg["version"] == 1:
            break
    tech = next(a for a in msg["legal_actions"] if a["type"] == "tech")
    await comm.send_json_to({"type": "action", "id": "t", "version": 1, "action": tech})
    seen = []
    for _ in range(400):
        msg = await recv(comm)
        if msg["type"] == "state":
            seen.append(msg["version"])
            if msg["view"]["active"] == 0 and msg["view"]["turn"] == 3:
                break
    else:
        raise AssertionError("the bot never gave the turn back")
    assert seen == sorted(seen) and len(seen) > 2  # each bot move reached her, in order
    bot_moves = await sync_to_async(list)(match.actions.filter(seat=1).values_list("nonce", "action"))
    assert bot_moves and all(nonce is None for nonce, _ in bot_moves)
    assert all(action["type"] != "concede" for _, action in bot_moves)
    assert any(action["type"] == "end_main" for _, action in bot_moves)


def test_a_started_bot_table_survives_the_api_list(make_user):
    """The lobby's lists (tables, matches) show a bot's seat without a user."""
    alice = make_user("alice")
    table = bot_table([alice], bots=[(1, "random")])
    async_to_sync(sync_to_async(services.start_table))(table.pk, alice, seed=1)
    client = logged_in(alice)
    tables = client.get("/api/tables/").json()
    listed = tables if isinstance(tables, list) else tables["results"]
    assert any(s["bot"] == "random" for t in listed for s in t["seats"])
    matches = client.get("/api/matches/").json()
    listed = matches if isinstance(matches, list) else matches["results"]
    assert listed[0]["players"][1]["bot"] == "random"


async def test_two_friends_and_two_bots_play_two_headed_dragon(make_user, ws, layer):
    """ann (team 1, seat 0) and ben (team 2, seat 2), each with a bot
    partner: from the start, with or without their pages open (game.tasks),
    her bot partner plays its part of their team's turn (teammates act at
    the same time, R19), and ben sees it (in his first state, or broadcast)."""
    ann, ben = [await sync_to_async(make_user)(n) for n in ("ann", "ben")]
    table = await sync_to_async(bot_table)([ann, ben], "2hg", bots=[(1, "greedy"), (3, "random")])
    match = (await sync_to_async(services.start_table)(table.pk, ann, seed=4)).match
    comms, first = [], []
    for user in (ann, ben):
        comm, connected, _ = await ws(f"/ws/match/{match.pk}/", user)
        first.append(await recv(comm))
        assert connected and first[-1]["type"] == "state"
        comms.append(comm)
    msg = first[1]
    for _ in range(400):
        if msg["type"] == "state" and msg["view"]["players"][1]["ended_main"]:
            break
        msg = await recv(comms[1])
    else:
        raise AssertionError("ann's bot partner did not play")
    moves = await sync_to_async(list)(match.actions.values_list("seat", "nonce"))
    assert moves and {seat for seat, _ in moves} == {1} and all(nonce is None for _, nonce in moves)
    assert msg["view"]["players"][1]["name"] == "Greedy bot 2"


@pytest.mark.postgres
def test_two_threads_playing_the_bot_at_once_apply_each_version_once(make_user):
    """PostgreSQL (row locks for real): two threads (two workers' database
    threads) run play_one at the same moment, many times over; every version
    is applied once, each by one of them, and the log replays to the state."""
    import threading

    from django.db import connection

    alice = make_user("alice")
    match = services.start_table(bot_table([alice], bots=[(1, "greedy")]).pk, alice, seed=5).match
    _to_the_bot(match, alice)
    _live(match, alice)
    barrier = threading.Barrier(2)
    done = []

    def worker():
        try:
            for _ in range(6):
                barrier.wait(timeout=30)
                applied = play_one(match.pk)
                done.append(None if applied is None else applied.version)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    versions = [v for v in done if v is not None]
    assert versions and len(versions) == len(set(versions))  # no version applied twice
    seqs = list(match.actions.order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))
    state = rules.new_game(match.config)
    for entry in match.actions.order_by("seq"):
        state, _ = rules.apply_action(state, entry.seat, entry.action)
    match = row_now(match.pk)
    assert state == match.state


def test_the_table_names_several_bots_as_the_match_will(make_user):
    """Trial 14: both bots of a 2v2 showed as "Greedy bot" at the table, while
    the board and the log call them "Greedy bot 3" and "Greedy bot 4"; the
    table names them as the match will (one bot alone is just "Greedy bot")."""
    alice = make_user("alice")
    table = services.create_table(alice, "2hg")
    host = logged_in(alice)
    one = host.post(f"/api/tables/{table.pk}/bot/", {"index": 2, "kind": "greedy"}, format="json").json()
    assert one["seats"][2]["player"] == "Greedy bot"
    two = host.post(f"/api/tables/{table.pk}/bot/", {"index": 3, "kind": "greedy"}, format="json").json()
    assert [two["seats"][i]["player"] for i in (2, 3)] == ["Greedy bot 3", "Greedy bot 4"]
    listed = host.get("/api/tables/").json()
    listed = listed if isinstance(listed, list) else listed["results"]
    seats = next(t for t in listed if t["id"] == table.pk)["seats"]
    assert [seats[i]["player"] for i in (2, 3)] == ["Greedy bot 3", "Greedy bot 4"]


def test_a_timed_out_person_watching_sees_the_stand_in_play(make_user):
    """Found by the browser test of the turn clock: her clock ran out, a
    stand-in took her seat while she watched, and the bots waited, as if
    nobody were there (every seat a bot or a stand-in). A seated person
    with a live socket is someone there: the stand-in plays her turn."""
    alice = make_user("alice")
    match = services.start_table(bot_table([alice], bots=[(1, "greedy")]).pk, alice, seed=5).match
    MatchPlayer.objects.filter(match=match, seat=0).update(stand_in=True)  # her clock ran out
    assert play_one(match.pk) is None  # nobody seated is connected: the match waits
    _live(match, alice)
    done = play_one(match.pk)
    assert done is not None and done.version == 1 and match.actions.get(seq=1).seat == 0
