"""The worker's kept state of a live match (game.statecache): used only when
it is of the version the database row is at; a version committed elsewhere
(another worker) is rebuilt from the database, so nothing is lost or applied
twice (issue 13)."""

import pytest
from asgiref.sync import async_to_sync

from game import fanout, jsontext, rules, statecache
from game.models import Match, MatchAction
from game.services import apply_match_action, apply_seat_action, normalise_action
from game.statereads import current_state, load_snapshot
from tests.server.matchkit import active_seat, playable, row_now, start_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def match(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    return async_to_sync(start_match)([alice, bob]), (alice, bob)


def _commit_elsewhere(match_id: int, seat: int) -> dict:
    """What another worker does between snapshots: apply an action, store
    version + 1 and log the action, through the ORM, without touching this
    process's cache. Returns the new state."""
    row = Match.objects.get(pk=match_id)
    base = current_state(row)
    action = playable(base, seat)[0]
    state, _ = rules.apply_action(base, seat, action)
    Match.objects.filter(pk=match_id).update(version=row.version + 1)
    MatchAction.objects.create(match_id=match_id, seq=row.version + 1, seat=seat, action=action)
    return state


def test_the_kept_state_is_used_only_at_its_version(match):
    m, (alice, bob) = match
    seat = active_seat(m.state)
    done = apply_match_action(m.pk, (alice, bob)[seat].pk, playable(m.state, seat)[0], 0, "n1")
    assert statecache.get(m.pk, done.snapshot.created, 1) is not None  # this process keeps version 1
    moved = _commit_elsewhere(m.pk, active_seat(done.snapshot.state))  # version 2, elsewhere
    snapshot = load_snapshot(m.pk)
    assert snapshot.version == 2 and snapshot.state == moved
    seat = active_seat(moved)
    after = apply_match_action(m.pk, (alice, bob)[seat].pk, playable(moved, seat)[0], 2, "n2")
    expected, _ = rules.apply_action(moved, seat, playable(moved, seat)[0])
    assert after.version == 3 and after.snapshot.state == expected
    statecache.clear()
    assert current_state(Match.objects.get(pk=m.pk)) == expected
    assert list(MatchAction.objects.filter(match_id=m.pk).values_list("seq", flat=True)) == [1, 2, 3]


def test_what_is_stored_is_what_is_kept(match, settings):
    """The row written without the ORM reads back as the state applied (a
    snapshot at every version here), the action log as the action, for
    players and for the stand-in bot."""
    settings.CODEX_SNAPSHOT_EVERY = 1
    m, (alice, _bob) = match
    seat = active_seat(m.state)
    action = playable(m.state, seat)[0]
    done = apply_match_action(m.pk, alice.pk, action, 0, "n") if seat == 0 else apply_seat_action(m.pk, seat, action, 0)
    row = Match.objects.get(pk=m.pk)
    assert (row.version, row.state, row.status, row.result) == (1, done.snapshot.state, "playing", None)
    logged = MatchAction.objects.get(match_id=m.pk)
    assert (logged.seq, logged.seat, logged.action) == (1, seat, normalise_action(action))
    statecache.clear()
    assert load_snapshot(m.pk) == done.snapshot


def test_a_reused_match_id_never_meets_an_old_state(match):
    """The cache is keyed by the row's creation time as well: a match made
    again under the same id (a database made again) is read from its row."""
    m, _players = match
    kept = load_snapshot(m.pk)
    statecache.put(m.pk, "another match's time", kept.__class__(0, {"not": "this"}, "playing", None))
    assert load_snapshot(m.pk).state == kept.state


@pytest.mark.postgres
def test_an_action_on_a_dead_connection_runs_again_on_a_new_one(match):
    """Without Django's health check before every call, the kept connection
    may be dead (PostgreSQL restarted, the connection was cut): the action
    finds out at its first statement and runs once more on a new connection,
    applied once."""
    import psycopg
    from django.db import connection

    m, (alice, bob) = match
    seat = active_seat(m.state)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    settings = connection.settings_dict
    with psycopg.connect(
        host=settings["HOST"],
        port=settings["PORT"] or 5432,
        user=settings["USER"],
        dbname=settings["NAME"],
        autocommit=True,
    ) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])
    done = apply_match_action(m.pk, (alice, bob)[seat].pk, playable(m.state, seat)[0], 0, "n1")
    assert done.version == 1
    assert list(MatchAction.objects.filter(match_id=m.pk).values_list("seq", flat=True)) == [1]


def test_an_action_never_changes_the_kept_state(match):
    """The engine applies an action in place to the action's own copy
    (services._own_copy, the game's copy of the kept state): the snapshot
    this worker keeps and shares with its connections stays as it was."""
    m, (alice, bob) = match
    seat = active_seat(m.state)
    first = apply_match_action(m.pk, (alice, bob)[seat].pk, playable(m.state, seat)[0], 0, "n1").snapshot
    as_it_was = rules.copy_state(first.state)
    seat = active_seat(first.state)
    second = apply_match_action(m.pk, (alice, bob)[seat].pk, playable(first.state, seat)[0], 1, "n2").snapshot
    assert first.state == as_it_was and second.state is not first.state
    assert second.state == row_now(m.pk).state


def test_an_action_that_fails_halfway_leaves_the_kept_state_and_the_row_as_they_were(match, monkeypatch):
    """An engine fault in the middle of an in-place action (rules.EngineFault:
    the state it was given is half-changed) rolls the transaction back; the
    half-changed copy was the action's own, so the kept state, the row and the
    log are as before, and the next action is applied to the right state."""
    m, (alice, bob) = match
    seat = active_seat(m.state)
    action = playable(m.state, seat)[0]
    kept = load_snapshot(m.pk)
    as_it_was = rules.copy_state(kept.state)

    def fails_halfway(state, seat, action):
        state["players"][seat]["gold"] = -99  # half-changed
        raise rules.EngineFault("an engine bug")

    with monkeypatch.context() as patched:
        patched.setattr(rules, "apply_action_in_place", fails_halfway)
        with pytest.raises(rules.EngineFault):
            apply_match_action(m.pk, (alice, bob)[seat].pk, action, 0, "n1")
    assert kept.state == as_it_was and load_snapshot(m.pk) is kept
    assert Match.objects.get(pk=m.pk).version == 0 and not MatchAction.objects.filter(match_id=m.pk).exists()
    done = apply_match_action(m.pk, (alice, bob)[seat].pk, action, 0, "n1")
    expected, _ = rules.apply_action(as_it_was, seat, action)
    assert done.version == 1 and done.snapshot.state == expected == row_now(m.pk).state


def test_a_version_from_another_workers_event_is_the_next_actions_base(match):
    """A version another worker committed reaches this one as a group event
    (game.fanout.event_snapshot): it is kept (without the text, which nothing
    reads again), and this worker's next action of the match starts from it
    (the row being at that version)."""
    m, (alice, bob) = match
    statecache.clear()
    moved = _commit_elsewhere(m.pk, active_seat(m.state))
    created = str(Match.objects.get(pk=m.pk).created)
    event = {
        "type": "match.version",
        "version": 1,
        "state": jsontext.dumps(moved),
        "status": "playing",
        "result": None,
        "created": created,
    }
    shared = fanout.event_snapshot(m.pk, event)
    assert statecache.get(m.pk, created, 1) is shared and shared.text is None
    seat = active_seat(moved)
    done = apply_match_action(m.pk, (alice, bob)[seat].pk, playable(moved, seat)[0], 1, "n2")
    expected, _ = rules.apply_action(moved, seat, playable(moved, seat)[0])
    assert done.snapshot.state == expected == row_now(m.pk).state and shared.state == moved


def test_the_snapshots_a_worker_keeps_hold_no_text(match, settings):
    """The text of a version (about 25 KB late in a game) is stored (a
    snapshot at every version here) and broadcast, then let go: the kept
    snapshots (game.statecache, the fan-out's newest version) share the
    state without it."""
    settings.CODEX_SNAPSHOT_EVERY = 1
    m, (alice, bob) = match
    seat = active_seat(m.state)
    done = apply_match_action(m.pk, (alice, bob)[seat].pk, playable(m.state, seat)[0], 0, "n1")
    event = fanout.version_event(m.pk, done.snapshot)
    assert done.snapshot.text == event["state"] and jsontext.loads(event["state"]) == done.snapshot.state
    kept = statecache.get(m.pk, done.snapshot.created, 1)
    shared = fanout.event_snapshot(m.pk, event)
    assert kept.text is None and shared.text is None
    assert kept.state is done.snapshot.state and shared.state is done.snapshot.state


def _whole_games():
    """Bot games of every game and Codex mode, as (bots module, config)."""
    from game.arcane import bots as arcane_bots
    from game.c23 import bots as c23_bots
    from game.codex import bots as codex_bots
    from game.codex import catalog

    heroes = catalog.playable_heroes()
    for seed in (1, 2):
        for mode, seats, per_seat in (("1hero", 2, 1), ("3hero", 2, 3), ("2hg", 4, 1), ("ffa", 3, 1)):
            picks = [heroes[(seed * 5 + per_seat * i + k) % len(heroes)] for i in range(seats) for k in range(per_seat)]
            yield (
                codex_bots,
                {
                    "mode": mode,
                    "seed": seed,
                    "seats": [
                        {"name": f"P{i}", "heroes": picks[i * per_seat : (i + 1) * per_seat]} for i in range(seats)
                    ],
                },
            )
        yield arcane_bots, {"game": "arcane", "seed": seed, "seats": [{"name": "A"}, {"name": "B"}]}
        yield (
            c23_bots,
            {"game": "c23", "seed": seed, "seats": [{"name": "A", "deck": "red"}, {"name": "B", "deck": "green"}]},
        )


@pytest.mark.django_db(transaction=False)
def test_a_state_stays_plain_json_after_every_action_so_its_copy_is_what_the_stored_text_gives():
    """services._own_copy copies the kept state (rules.copy_state) instead of
    parsing the stored text: the same only while every state equals its
    own JSON round trip (no tuple, no key that is not a string), after
    every action of every game, which Python's == checks strictly."""
    unplain = []

    def check(state, seat, action):
        parsed = jsontext.loads(jsontext.dumps(state))
        if parsed != state or rules.copy_state(state) != parsed:
            unplain.append((seat, action))

    for bots, config in _whole_games():
        seats = len(config["seats"])
        bots.play_game(
            config, [bots.RandomBot(config["seed"] + i) for i in range(seats)], max_actions=300, on_action=check
        )
    assert not unplain


def test_the_last_two_versions_are_kept(match):
    """A viewer that handles a version after the next one was committed
    finds it kept, not parsed again (issue 29); the one before is let go."""
    m, (alice, bob) = match
    snapshots = [load_snapshot(m.pk)]
    for version in range(3):
        seat = active_seat(snapshots[-1].state)
        action = playable(snapshots[-1].state, seat)[0]
        snapshots.append(apply_match_action(m.pk, (alice, bob)[seat].pk, action, version, f"n{version}").snapshot)
    created = snapshots[-1].created
    assert [statecache.get(m.pk, created, v) is not None for v in range(4)] == [False, False, True, True]
    assert statecache.get(m.pk, created, 2).state is snapshots[2].state
    statecache.put(m.pk, created, snapshots[1])  # late: older than both kept
    assert statecache.get(m.pk, created, 1) is None and statecache.get(m.pk, created, 3).state is snapshots[3].state
