"""Bots as background work (game.tasks; issue 30 point 4;
docs/ARCHITECTURE.md "Background work"): table bots take their turns
whether or not anyone has the page open, and a match where every seat is a
bot or a stand-in waits for a person to come back."""

import asyncio
import json
import os
import signal
import subprocess
import sys
import threading
import uuid

import pytest
from asgiref.sync import sync_to_async

from benchmarks.servers import ROOT
from game import pacing, rules, standins, tasks
from game.models import LiveSocket, MatchPlayer
from game.services import apply_match_action, normalise_action
from lobby import services
from tests.server.live import daphne, database_url, open_match
from tests.server.matchkit import recv, row_now
from tests.server.test_restart import next_of
from tests.server.test_table_bots import _to_the_bot, bot_table
from tools.behaviour_corpus import _config

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def quick_bots(settings):
    """Bots play without a person's pause."""
    settings.CODEX_STAND_IN_DELAY = 0


def _stands(match_id: int) -> tuple:
    """``(version, seats the game waits on, live sockets of the match)`` as stored now."""
    row = row_now(match_id)
    return row.version, rules.waiting_on(row.state), LiveSocket.objects.filter(match_id=match_id).count()


async def _until_back_to(match_id: int, seat: int, after: int, limit: float = 60.0) -> tuple:
    """Wait (at most ``limit`` seconds: a bound, not a measure) until the
    match is past version ``after`` and waits on ``seat`` alone; returns _stands."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while True:
        now = await sync_to_async(_stands)(match_id)
        if now[0] > after and now[1] == [seat]:
            return now
        if loop.time() > end:
            raise AssertionError(f"the bots never gave the turn back: {now}")
        await asyncio.sleep(0.05)


async def hand_the_turn_over(comm) -> int:
    """Seat 0, on its socket ``comm`` at version 0 of a 1-hero match, ends its
    main phase and techs its first card: the turn goes to seat 1. Returns the
    version of the tech's answer (a bot may have moved before it)."""
    await comm.send_json_to({"type": "action", "id": "e", "version": 0, "action": {"type": "end_main"}})
    while (msg := await recv(comm))["type"] != "state" or msg["version"] != 1:
        pass
    tech = next(a for a in msg["legal_actions"] if a["type"] == "tech")
    await comm.send_json_to({"type": "action", "id": "t", "version": 1, "action": tech})
    while (msg := await recv(comm)).get("id") != "t":
        pass
    assert msg["type"] == "applied", msg
    return msg["version"]


async def test_the_bot_takes_its_turn_after_the_person_closes_the_page(make_user, ws, layer):
    """alice hands the turn to a greedy bot and closes her only socket at
    once: the bot plays its whole turn with no socket open (the version
    advances in the database, logged under the bot's seat), and alice, coming
    back, sees where it stopped."""
    alice = await sync_to_async(make_user)("alice")
    table = await sync_to_async(bot_table)([alice], bots=[(1, "greedy")])
    match = (await sync_to_async(services.start_table)(table.pk, alice, seed=11)).match
    comm, connected, _ = await ws(f"/ws/match/{match.pk}/", alice)
    assert connected and (await recv(comm))["type"] == "state"
    handed = await hand_the_turn_over(comm)
    await comm.disconnect()
    version, waiting, sockets = await _until_back_to(match.pk, 0, after=handed)
    assert sockets == 0
    seats = await sync_to_async(list)(match.actions.filter(seq__gt=handed).values_list("seat", flat=True))
    assert seats and set(seats) == {1}
    back, connected, _ = await ws(f"/ws/match/{match.pk}/", alice)
    assert connected
    state = await recv(back)
    assert state["type"] == "state" and (state["version"], state["view"]["active"]) == (version, 0), state["version"]


@pytest.mark.parametrize("kind", ["greedy", "normal", "hard"])
def test_a_match_of_only_bots_and_stand_ins_waits_for_a_person(make_user, monkeypatch, settings, kind):
    """The bot run (play_bots, run here, with no socket open) plays nothing
    while a stand-in plays the only person's seat, and the bot's whole turn
    once she has it back (connected or not), at every level a host picks
    (issue 30 points 4 and 5; the search levels think 30 ms a move here)."""
    settings.CODEX_BOT_THINK_MS = 30
    monkeypatch.setattr(tasks, "wake_bots", lambda match_id: False)  # only the run called here plays
    alice = make_user("alice")
    match = services.start_table(bot_table([alice], bots=[(1, kind)]).pk, alice, seed=5).match
    _to_the_bot(match, alice)
    MatchPlayer.objects.filter(match=match, seat=0).update(stand_in=True)
    tasks.play_bots.call_local(match.pk)
    assert _stands(match.pk) == (2, [1], 0)
    MatchPlayer.objects.filter(match=match, seat=0).update(stand_in=False)
    tasks.play_bots.call_local(match.pk)
    version, waiting, sockets = _stands(match.pk)
    assert version > 2 and waiting == [0] and sockets == 0


@pytest.mark.redis
async def test_a_run_huey_worker_plays_the_bot_of_a_daphne_worker(make_user, close_db_thread):
    """The deployment on Redis (deploy/README.md): a daphne worker queues
    the bot's turn in Redis and a separate `manage.py run_huey` process
    plays it, after the person's socket closed; she sees it on coming back."""
    alice = await sync_to_async(make_user)("alice")
    table = await sync_to_async(bot_table)([alice], bots=[(1, "greedy")])
    match = (await sync_to_async(services.start_table)(table.pk, alice, seed=11)).match
    # A prefix of its own: a queue and marks no earlier run left anything in.
    prefix = f"codex-test-bots-{uuid.uuid4().hex[:12]}"
    env = {"CODEX_TASKS_IN_PROCESS": "0", "CODEX_STAND_IN_DELAY": "0", "CODEX_CHANNEL_PREFIX": prefix}
    server = await asyncio.to_thread(daphne, **env)
    worker = subprocess.Popen(
        [sys.executable, "manage.py", "run_huey"],
        cwd=ROOT,
        env={**os.environ, **env, "DATABASE_URL": database_url(), "DEBUG": "0"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        sock = await open_match(server.url, match.pk, alice)
        assert (await next_of(sock, "state"))["version"] == 0
        await sock.send(json.dumps({"type": "action", "id": 1, "version": 0, "action": {"type": "end_main"}}))
        state = await next_of(sock, "state")
        tech = next(a for a in state["legal_actions"] if a["type"] == "tech")
        await sock.send(json.dumps({"type": "action", "id": 2, "version": 1, "action": tech}))
        handed = (await next_of(sock, "applied"))["version"]
        await sock.close()
        version, _, sockets = await _until_back_to(match.pk, 0, after=handed)
        assert sockets == 0
        # Its worker threads, which played the bot, run CODEX_TASKS_NICE (10) below its main thread.
        base = os.getpriority(os.PRIO_PROCESS, worker.pid)  # Linux: the process's main thread
        assert _nices(worker.pid) == {base, min(base + 10, 19)}
        sock = await open_match(server.url, match.pk, alice)
        assert (await next_of(sock, "state"))["version"] == version
        await sock.close()
    finally:
        worker.send_signal(signal.SIGINT)  # run_huey's graceful stop
        await asyncio.to_thread(worker.wait, 20)
        await asyncio.to_thread(server.stop)


def test_a_bot_turn_is_paced_as_a_whole(make_user, monkeypatch, settings):
    """The pause comes before the bot's turn; its moves follow a beat
    apart, each beat 0.8 of the one before (game.pacing; the run's pauses,
    read instead of slept)."""
    settings.CODEX_STAND_IN_DELAY, settings.CODEX_BOT_BEAT = 1.2, 0.4
    monkeypatch.setattr(tasks, "wake_bots", lambda match_id: False)
    pauses = []
    monkeypatch.setattr(tasks, "pace", pauses.append)
    monkeypatch.setattr(tasks, "clock", lambda: 0.0)  # no time passes: each wait is the whole pause
    alice = make_user("alice")
    match = services.start_table(bot_table([alice], bots=[(1, "greedy")]).pk, alice, seed=5).match
    _to_the_bot(match, alice)
    tasks.play_bots.call_local(match.pk)
    moves = match.actions.filter(seq__gt=2).count()
    assert moves > 2 and _stands(match.pk)[1] == [0]
    # before the turn, a beat before each further move; nothing before the look that found nothing to do
    assert pauses == pytest.approx([1.2] + [0.4 * 0.8**k for k in range(moves - 1)])


def _moves_told(monkeypatch) -> list:
    """The ``move`` each bot the server builds is told (its seat's or
    team's moves before it this turn), in order, as the run builds them."""
    told = []
    built = standins.bot_for

    def spy(kind, version, move=0):
        told.append(move)
        return built(kind, version, move)

    monkeypatch.setattr(standins, "bot_for", spy)
    return told


def test_a_bot_s_moves_in_a_row_are_counted_for_its_turn_budget(make_user, monkeypatch, settings):
    """Issue 30: a search bot thinks on a budget per turn (Level.shrink),
    though the server builds it anew for each move: the run tells each
    move's bot how many moves its seat made before it this turn, from 0
    (and 0 at the look that finds the turn handed over)."""
    monkeypatch.setattr(tasks, "wake_bots", lambda match_id: False)
    told = _moves_told(monkeypatch)
    alice = make_user("alice")
    match = services.start_table(bot_table([alice], bots=[(1, "greedy")]).pk, alice, seed=5).match
    _to_the_bot(match, alice)
    tasks.play_bots.call_local(match.pk)
    moves = match.actions.filter(seq__gt=2).count()
    assert moves > 2 and _stands(match.pk)[1] == [0]
    assert told == [*range(moves), 0]


def test_a_long_bot_turn_pauses_a_bounded_time():
    """Issue 30: a whole bot turn is paced, not each move. A turn of 15
    moves (a long Codex turn) paused 1.2 + 14 x 0.4 = 6.8 s with a fixed
    beat; its pauses now stay within the pause plus five beats, however
    many moves it has, and its first moves are still a beat apart."""
    assert pacing.turn_shown([0.0] * 15, 1.2, 0.4) <= 1.2 + 2.0
    assert pacing.turn_shown([0.0] * 300, 1.2, 0.4) <= 1.2 + 2.0
    assert pacing.turn_shown([0.0, 0.0], 1.2, 0.4) == pytest.approx(1.6)
    assert pacing.pause_before(1, 0.3, 0.4) == 0.3  # a beat never longer than the pause
    assert pacing.turn_shown([], 1.2, 0.4) == 0
    with pytest.raises(ValueError):
        pacing.pause_before(-1, 1.2, 0.4)


def test_a_bot_thinks_during_its_pause():
    """A move lands the longer of its pause and its thinking after the one
    before it (game.pacing.turn_shown): thinking shorter than the pause is
    hidden in it, longer thinking is the wait; a turn of 0.3 s decisions
    shows in its pauses alone until the beats shrink under 0.3 s."""
    assert pacing.turn_shown([0.3, 0.3], 1.2, 0.4) == pytest.approx(1.6)
    assert pacing.turn_shown([2.0, 0.1], 1.2, 0.4) == pytest.approx(2.4)
    assert pacing.turn_shown([0.3] * 4, 1.2, 0.4) == pytest.approx(1.2 + 0.4 + 0.32 + 0.3)


def test_the_run_holds_a_chosen_move_for_what_is_left_of_its_pause(make_user, monkeypatch, settings):
    """game.tasks chooses a move at once and holds it until its pause since
    the last move has passed: with each decision taking 0.3 s (a clock the
    test moves), the run waits each pause less those 0.3 s, and not at all
    once a beat is shorter than the thinking."""
    settings.CODEX_STAND_IN_DELAY, settings.CODEX_BOT_BEAT = 1.2, 0.4
    monkeypatch.setattr(tasks, "wake_bots", lambda match_id: False)
    now, waits = [0.0], []

    def wait(seconds):
        waits.append(seconds)
        now[0] += seconds

    monkeypatch.setattr(tasks, "clock", lambda: now[0])
    monkeypatch.setattr(tasks, "pace", wait)
    built = standins.bot_for

    def slow(kind, version, move=0):
        bot = built(kind, version, move)
        choose = bot.choose

        def thinking(state, seat):
            now[0] += 0.3
            return choose(state, seat)

        bot.choose = thinking
        return bot

    monkeypatch.setattr(standins, "bot_for", slow)
    alice = make_user("alice")
    match = services.start_table(bot_table([alice], bots=[(1, "greedy")]).pk, alice, seed=5).match
    _to_the_bot(match, alice)
    tasks.play_bots.call_local(match.pk)
    moves = match.actions.filter(seq__gt=2).count()
    assert moves > 4 and _stands(match.pk)[1] == [0]
    pauses = [1.2] + [0.4 * 0.8**k for k in range(moves - 1)]
    assert waits == pytest.approx([p - 0.3 for p in pauses if p > 0.3])


def test_a_stand_in_plays_at_normal_and_a_table_bot_at_its_level(make_user, monkeypatch, settings):
    """Issue 30 point 5: the host's "hard" bot moves as a hard search bot
    seeded with the version would; once it is her seat's turn and a stand-in
    plays it (she is away), it moves as a "normal" one would."""
    settings.CODEX_BOT_THINK_MS = 60_000  # a bound no search here reaches: the iteration budget decides
    monkeypatch.setattr(tasks, "wake_bots", lambda match_id: False)
    alice = make_user("alice")
    match = services.start_table(bot_table([alice], bots=[(1, "hard")]).pk, alice, seed=5).match
    _to_the_bot(match, alice)

    def expected(kind: str, seat: int):
        row = row_now(match.pk)
        bot = rules.make_bot(kind, seed=row.version, iterations=rules.LEVELS[kind].iterations)
        return bot.choose(row.state, seat)

    MatchPlayer.objects.filter(match=match, seat=0).update(stand_in=True)
    LiveSocket.objects.create(channel="t!1", user=alice, match=match, seat=0)  # she watches: bots play
    want = expected("hard", 1)
    assert standins.play_next(match.pk)[0] == 1
    assert match.actions.get(seq=3).action == normalise_action(want, row_now(match.pk).state)
    settings.CODEX_BOT_THINK_MS = 0  # one iteration a move: on to her seat's turn
    while 0 not in rules.waiting_on(row_now(match.pk).state):
        assert standins.play_next(match.pk)[0] == 1
    settings.CODEX_BOT_THINK_MS = 60_000
    version = row_now(match.pk).version
    want = expected("normal", 0)
    assert standins.play_next(match.pk)[0] == 0
    assert match.actions.get(seq=version + 1).action == normalise_action(want, row_now(match.pk).state)


def test_a_search_bot_s_thinking_is_bounded(settings):
    """Issue 30: a "hard" table bot keeps its level's iteration budget and
    stops at CODEX_BOT_THINK_MS besides (0: after one iteration), so no
    bot stalls a turn; it reports the alternatives it weighed."""
    state = rules.new_game(_config("1hero", 3))
    seat = rules.waiting_on(state)[0]
    settings.CODEX_BOT_THINK_MS = 60_000
    roomy = standins.bot_for("hard", 7)
    assert rules.is_legal(state, seat, roomy.choose(state, seat))
    assert 1 < sum(w.visits for w in roomy.last_choice) <= rules.LEVELS["hard"].iterations  # or its mean_steps
    settings.CODEX_BOT_THINK_MS = 0
    cut = standins.bot_for("hard", 7)
    assert rules.is_legal(state, seat, cut.choose(state, seat))
    assert sum(w.visits for w in cut.last_choice) == 1
    assert len(roomy.last_choice) > 1 and roomy.last_choice[0].visits > 0
    with pytest.raises(KeyError):
        standins.bot_for("genius", 1)


def test_a_table_bot_searches_its_game_s_budget(settings):
    """Found: a table bot searched Codex's iteration budget (96) in every
    game, where "hard" searches C-23 at 500 (game.rules.LEVELS, per_game):
    bot_for gave the level's top budget for whatever game it met."""
    settings.CODEX_BOT_THINK_MS = 60_000
    state = rules.new_game({"game": "c23", "seed": 4, "seats": [{"name": "A"}, {"name": "B"}]})
    bot = standins.bot_for("hard", 7)
    seat = rules.waiting_on(state)[0]
    while len(rules.legal_actions(state, seat)) < 2:
        state, _ = rules.apply_action(state, seat, rules.legal_actions(state, seat)[0])
        seat = rules.waiting_on(state)[0]
    bot.choose(state, seat)
    c23 = dict(rules.LEVELS["hard"].per_game)["c23"]
    assert sum(w.visits for w in bot.last_choice) == c23.iterations > rules.LEVELS["hard"].iterations


def _nices(pid: int) -> set:
    """The nice values of every thread of process ``pid`` (/proc, Linux)."""
    found = set()
    for tid in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{tid}/stat") as stat:
            found.add(int(stat.read().rsplit(")", 1)[1].split()[16]))  # field 19, nice
    return found


def test_a_worker_thread_lowers_its_own_priority_only(settings):
    """Issue 30 point 4, in-process (`make run`): a worker thread's start
    hook (lower_priority) lowers that thread by CODEX_TASKS_NICE; the
    server's other threads (the event loop's) keep theirs."""
    settings.CODEX_TASKS_NICE = 3
    before = os.getpriority(os.PRIO_PROCESS, 0)
    seen = {}

    def worker():
        tasks.lower_priority()
        seen["worker"] = os.getpriority(os.PRIO_PROCESS, 0)  # Linux: the calling thread's

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    assert seen["worker"] == min(before + 3, 19)
    assert os.getpriority(os.PRIO_PROCESS, 0) == before


def test_the_drain_at_a_test_s_end_leaves_no_bot_run_going(make_user, settings):
    """The stray bot run of `make test` ("match NN: bots failed ...
    Database access not allowed"): a test that handed the turn to a bot
    ended while the bot's run still paused before its move, and the run
    played on into the next test. The drain (codexsite.taskqueue; run at
    every server test's end by tests/server/conftest.py) drops what is
    queued and waits for what runs: after it nothing is queued, scheduled,
    marked or running."""
    settings.CODEX_STAND_IN_DELAY = 0.3  # the run pauses before the bot's turn, as on a site
    alice = make_user("alice")
    match = services.start_table(bot_table([alice], bots=[(1, "greedy")]).pk, alice, seed=5).match
    _to_the_bot(match, alice)
    tasks.wake_bots(match.pk)
    assert tasks.HUEY.storage.drain(60)
    storage = tasks.HUEY.storage
    assert (storage.running, storage.queue_size(), storage.schedule_size()) == (0, 0, 0)
    assert tasks.HUEY.get(tasks._mark(match.pk), peek=True) is None


def _to_the_bot_team(settings, monkeypatch, make_user):
    """A Two-Headed Dragon match: alice and bob (seats 0-1) end their main
    phases and pick tech; the greedy bots of seats 2-3 owe their team's turn."""
    monkeypatch.setattr(tasks, "wake_bots", lambda match_id: False)
    alice, bob = make_user("alice"), make_user("bob")
    table = bot_table([alice, bob], mode="2hg", bots=[(2, "greedy"), (3, "greedy")])
    match = services.start_table(table.pk, alice, seed=5).match
    for user in (alice, bob):
        apply_match_action(match.pk, user.pk, {"type": "end_main"}, row_now(match.pk).version)
    for seat, user in ((0, alice), (1, bob)):
        state = row_now(match.pk).state
        tech = next(a for a in rules.legal_actions(state, seat) if a["type"] == "tech")
        apply_match_action(match.pk, user.pk, tech, row_now(match.pk).version)
    assert set(_stands(match.pk)[1]) == {2, 3}
    return match


def test_a_two_headed_dragon_bot_team_s_turn_is_paced_as_one(make_user, monkeypatch, settings):
    """House rule R19: teammates act in one turn, so a bot team's turn is
    one turn to read: one pause before it, then beats that shrink on over
    both teammates' parts and their tech picks (not the pause again before
    the second teammate and before each tech pick)."""
    settings.CODEX_STAND_IN_DELAY, settings.CODEX_BOT_BEAT = 1.2, 0.4
    pauses = []
    monkeypatch.setattr(tasks, "pace", pauses.append)
    monkeypatch.setattr(tasks, "clock", lambda: 0.0)  # no time passes: each wait is the whole pause
    match = _to_the_bot_team(settings, monkeypatch, make_user)
    before = match.actions.count()
    tasks.play_bots.call_local(match.pk)
    moves = match.actions.count() - before
    assert moves > 4 and set(_stands(match.pk)[1]) == {0, 1}
    assert pauses == pytest.approx([1.2] + [0.4 * 0.8**k for k in range(moves - 1)])


def test_a_two_headed_dragon_teammate_goes_on_from_its_partner_s_count(make_user, monkeypatch, settings):
    """The per-turn thinking budget (Level.shrink) is the team's: the
    second teammate's first move is told the moves its partner made
    before it this turn, and no bot of the team's run is told 0 again."""
    told = _moves_told(monkeypatch)
    match = _to_the_bot_team(settings, monkeypatch, make_user)
    before = match.actions.count()
    tasks.play_bots.call_local(match.pk)
    moves = match.actions.count() - before
    assert moves > 4 and set(_stands(match.pk)[1]) == {0, 1}
    # each look of the run counts on (a teammate with nothing left is asked too);
    # the last looks find the other team's turn
    assert told[0] == 0 and 0 not in told[1:-2] and told[-2:] == [0, 0]
    assert sorted(told[:-2]) == told[:-2] and told[-3] == moves - 1


def test_a_bot_teammate_s_run_ends_where_a_person_s_part_is_left(make_user, monkeypatch, settings):
    """Alice plays with a bot teammate against a bot team: when her bot
    has made its part and its tech pick, the game still waits on her
    (her tech pick), but no bot goes on with that run: the other team's
    turn comes after its own pause, and its tech picks stay in its run."""
    settings.CODEX_STAND_IN_DELAY, settings.CODEX_BOT_BEAT = 1.2, 0.4
    monkeypatch.setattr(tasks, "wake_bots", lambda match_id: False)
    pauses = []
    monkeypatch.setattr(tasks, "pace", pauses.append)
    monkeypatch.setattr(tasks, "clock", lambda: 0.0)  # no time passes: each wait is the whole pause
    alice = make_user("alice")
    table = bot_table([alice], mode="2hg", bots=[(1, "greedy"), (2, "greedy"), (3, "greedy")])
    match = services.start_table(table.pk, alice, seed=5).match
    apply_match_action(match.pk, alice.pk, {"type": "end_main"}, row_now(match.pk).version)
    tasks.play_bots.call_local(match.pk)
    seats = list(match.actions.order_by("seq").values_list("seat", flat=True))[1:]
    assert _stands(match.pk)[1] == [0]
    ones = seats.index(2)  # seat 1's part and tech pick, then the other team's run
    assert set(seats[:ones]) == {1} and set(seats[ones:]) == {2, 3}
    assert pauses == pytest.approx(
        [1.2] + [0.4 * 0.8**k for k in range(ones - 1)] + [1.2] + [0.4 * 0.8**k for k in range(len(seats) - ones - 1)]
    )
