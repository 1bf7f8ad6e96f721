"""Live play over websockets with real session cookies: seats and spectators,
acting, refusals, bad input, limits, chat, reconnects, version gaps and
hidden information. Each test runs on the in-memory and (marked) Redis layers."""

import asyncio
import json
import random

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer

from game.codex import catalog
from game.delivery import versions_group
from game.models import MatchAction, MatchPlayer
from tests.server.matchkit import (
    active_seat,
    db_match,
    known_names,
    leaks,
    playable,
    recv,
    recv_until,
    secrets_for,
    start_match,
)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
async def table(make_user, ws, layer):
    """alice (seat 0) and bob (seat 1) connected to a fresh public match, carol watching.

    Returns a dict with the match, users, communicators by seat and the
    spectator's communicator, all past their first ``state``.
    """
    alice, bob, carol = [await sync_to_async(make_user)(n) for n in ("alice", "bob", "carol")]
    match = await start_match([alice, bob])
    comms, firsts = {}, {}
    for seat, user in ((0, alice), (1, bob), (None, carol)):
        comm, connected, _ = await ws(f"/ws/match/{match.pk}/", user)
        assert connected
        comms[seat] = comm
        firsts[seat] = await recv(comm)
    return {"match": match, "users": (alice, bob, carol), "comms": comms, "firsts": firsts}


async def act(comm, action, version, msg_id=1):
    await comm.send_json_to({"type": "action", "action": action, "version": version, "id": msg_id})


async def test_join_as_seats_and_spectator(table):
    for seat in (0, 1, None):
        msg = table["firsts"][seat]
        assert msg["type"] == "state" and msg["version"] == 0 and msg["seat"] == seat
        assert msg["status"] == "playing" and msg["result"] is None and "log" in msg["view"]
    assert table["firsts"][0]["legal_actions"]  # seat 0 moves first
    assert table["firsts"][None]["legal_actions"] == []
    # each connection renders its own view
    assert table["firsts"][0]["view"] != table["firsts"][1]["view"]


async def test_action_applied_and_each_viewer_gets_its_own_view(table):
    match = await db_match(table["match"].pk)
    seat = active_seat(match.state)
    action = playable(match.state, seat)[0]
    await act(table["comms"][seat], action, 0, msg_id="a1")
    assert await recv(table["comms"][seat]) == {"type": "applied", "id": "a1", "version": 1}
    views = {}
    for viewer, comm in table["comms"].items():
        msg = await recv(comm)
        assert msg["type"] == "state" and msg["version"] == 1 and msg["seat"] == viewer
        views[viewer] = msg["view"]
    assert len({json.dumps(v, sort_keys=True) for v in views.values()}) == 3
    match = await db_match(match.pk)
    assert match.version == 1
    logged = await sync_to_async(list)(MatchAction.objects.filter(match=match).values_list("seq", "seat", "action"))
    assert logged == [(1, seat, action)]


async def test_out_of_turn_and_spectator_actions_refused(table):
    match = await db_match(table["match"].pk)
    seat = active_seat(match.state)
    other = 1 - seat
    # the other seat sends the active seat's action: the engine refuses it
    await act(table["comms"][other], playable(match.state, seat)[0], 0, msg_id=7)
    refused = await recv(table["comms"][other])
    assert refused["type"] == "refused" and refused["id"] == 7 and refused["code"] and refused["reason"]
    await act(table["comms"][None], playable(match.state, seat)[0], 0, msg_id=8)
    assert (await recv(table["comms"][None]))["code"] == "spectator"
    for comm in table["comms"].values():
        assert await comm.receive_nothing(timeout=0.2)
    assert (await db_match(match.pk)).version == 0


@pytest.mark.parametrize(
    "frame",
    [
        {"type": "stand_in"},  # no seat (tester's F6)
        {"type": "stand_in", "seat": "one"},
        {"type": "action"},  # no action, no version
        {"type": "action", "action": {"type": "end_turn"}},  # no version
        {"type": "action", "action": {"type": "end_turn"}, "version": 0, "nonce": ""},  # a bad nonce
        {"type": "hint"},
        {"type": "take_back"},
    ],
)
async def test_a_spectator_is_refused_as_one_before_any_field_is_asked_for(table, frame):
    """A message only a seat may send is refused ``spectator`` whatever it
    lacks: a spectator is never asked to say which seat, nor to send a
    version, for something it may not do at all."""
    spectator = table["comms"][None]
    await spectator.send_json_to({**frame, "id": "s1"})
    answer = await recv(spectator)
    assert (answer["type"], answer["id"], answer["code"]) == ("refused", "s1", "spectator")
    for comm in table["comms"].values():
        assert await comm.receive_nothing(timeout=0.2)


async def test_user_no_longer_seated_cannot_act(table):
    match = await db_match(table["match"].pk)
    seat = active_seat(match.state)
    await sync_to_async(MatchPlayer.objects.filter(match=match, seat=seat).delete)()
    await act(table["comms"][seat], playable(match.state, seat)[0], 0)
    assert (await recv(table["comms"][seat]))["code"] == "not_seated"
    assert (await db_match(match.pk)).version == 0


async def test_versions_ahead_refused_behind_judged_by_the_engine(table):
    """An action made at a version the match has not reached is refused
    (bad_version); one made at an older version is applied when still
    legal, else refused as stale_version with the engine's code; then resync."""
    match = await db_match(table["match"].pk)
    seat = active_seat(match.state)
    comm = table["comms"][seat]
    await act(comm, playable(match.state, seat)[0], 3, msg_id=2)
    refused = await recv(comm)
    assert refused["type"] == "refused" and refused["code"] == "bad_version" and refused["id"] == 2
    assert refused["version"] == 0
    hire = next(a for a in playable(match.state, seat) if a["type"] == "hire")
    play_card = next(a for a in playable(match.state, seat) if a["type"] == "play" and a["card"] != hire["card"])
    await act(comm, hire, 0, msg_id=3)
    assert (await recv(comm)) == {"type": "applied", "id": 3, "version": 1}
    await act(comm, play_card, 0, msg_id=4)  # acted at version 0, still legal at 1
    assert (await recv_until(comm, "applied"))[-1] == {"type": "applied", "id": 4, "version": 2}
    await act(comm, hire, 0, msg_id=5)  # acted at version 0, no longer legal
    refused = (await recv_until(comm, "refused"))[-1]
    assert refused["code"] == "stale_version" and refused["rules_code"] == "not_in_hand"
    assert refused["version"] == 2 and refused["id"] == 5 and refused["reason"]
    await comm.send_json_to({"type": "resync", "id": 6})
    state = (await recv_until(comm, "state"))[-1]
    while state["version"] < 2:
        state = (await recv_until(comm, "state"))[-1]
    assert state["version"] == 2 and state["legal_actions"]
    assert (await db_match(match.pk)).version == 2


async def test_a_retried_nonce_is_applied_once(table, ws):
    """The same action message sent again (e.g. after a reconnect) with its
    nonce answers the first version and is not applied twice."""
    match = await db_match(table["match"].pk)
    seat = active_seat(match.state)
    summon = next(a for a in playable(match.state, seat) if a["type"] == "summon")
    message = {"type": "action", "action": summon, "version": 0, "id": 1, "nonce": "retry-me"}
    await table["comms"][seat].send_json_to(message)
    assert (await recv(table["comms"][seat])) == {"type": "applied", "id": 1, "version": 1}
    await table["comms"][seat].disconnect()
    comm, connected, _ = await ws(f"/ws/match/{match.pk}/", table["users"][seat])
    assert (await recv(comm))["version"] == 1
    await comm.send_json_to(dict(message, id=2))
    assert (await recv(comm)) == {"type": "applied", "id": 2, "version": 1, "duplicate": True}
    assert await comm.receive_nothing(timeout=0.3)
    assert (await db_match(match.pk)).version == 1
    for bad in ("", "x" * 65, 7, "tab\there"):
        await comm.send_json_to(dict(message, id=3, nonce=bad))
        assert (await recv(comm))["code"] == "bad_message"


async def test_versions_out_of_order_are_put_back_in_order(table, settings):
    """A version that arrives before the one below it (two workers
    broadcasting) waits for it: each connection still sends every version,
    in order. One that never comes is given up after the reorder wait."""
    settings.CODEX_WS_REORDER_WAIT = 0.3
    match = await db_match(table["match"].pk)
    layer = get_channel_layer()

    def event(version):
        return {
            "type": "match.version",
            "match": match.pk,
            "version": version,
            "state": json.dumps(match.state),
            "status": "playing",
            "result": None,
        }  # the state travels as text (game/fanout.py)

    await layer.group_send(versions_group(match.pk), event(2))
    await layer.group_send(versions_group(match.pk), event(1))
    for comm in table["comms"].values():
        assert [(await recv(comm))["version"] for _ in range(2)] == [1, 2]
    await layer.group_send(versions_group(match.pk), event(4))  # version 3 is lost
    # Held back at first: every connection is looked at in the same 0.1 s (one
    # after the other, the last looked after the reorder wait had passed).
    quiet = await asyncio.gather(*(comm.receive_nothing(timeout=0.1) for comm in table["comms"].values()))
    assert quiet == [True] * len(table["comms"])
    for comm in table["comms"].values():
        assert (await recv(comm))["version"] == 4  # sent anyway: the client sees the gap


@pytest.mark.parametrize(
    "frame,kind,code",
    [
        ("not json", "error", "bad_json"),
        ('{"type": "ping", "x": ' + "[" * 5000 + "]" * 5000 + "}", "error", "bad_json"),  # deep nesting
        ("[1, 2]", "error", "bad_message"),
        ('{"type": "dance"}', "error", "unknown_type"),
        ('{"type": "action", "version": 0}', "error", "bad_message"),
        ('{"type": "action", "action": {"type": 5}, "version": 0}', "error", "bad_message"),
        ('{"type": "action", "action": {"type": "end_main"}}', "error", "bad_message"),
        ('{"type": "action", "action": {"type": "end_main"}, "version": "0"}', "error", "bad_message"),
        ('{"type": "action", "action": {"type": "end_main"}, "version": -1}', "error", "bad_message"),
        ('{"type": "action", "action": {"type": "end_main"}, "version": 1.0}', "error", "bad_message"),
        ('{"type": "action", "action": {"type": "no_such_action"}, "version": 0}', "refused", None),
        ('{"type": "ping", "id": {"x": 1}}', "error", "bad_message"),
        ('{"type": "chat", "text": "   "}', "refused", "bad_chat"),
        ('{"type": "chat", "text": 42}', "refused", "bad_chat"),
    ],
)
async def test_malformed_input_answered_and_changes_nothing(table, frame, kind, code):
    comm = table["comms"][0]
    await comm.send_to(text_data=frame)
    reply = await recv(comm)
    assert reply["type"] == kind and reply["reason"]
    if code:
        assert reply["code"] == code
    await comm.send_json_to({"type": "ping", "id": "p"})
    assert (await recv(comm))["type"] == "pong"  # still connected
    assert (await db_match(table["match"].pk)).version == 0


@pytest.mark.parametrize(
    "frame",
    [
        '{"type": "ping", "id": "\\ud800"}',  # echoed back as the answer's id
        '{"type": "dance", "id": "x\\udfff"}',
        '{"type": "action", "id": 1, "action": {"type": "\\udc00"}, "version": 0}',  # named in the refusal
        '{"type": "chat", "id": 1, "text": "hi", "x": {"\\ud83d": 1}}',
    ],
)
async def test_a_lone_surrogate_escape_is_answered_and_changes_nothing(table, frame):
    """A string holding an unpaired UTF-16 surrogate escape ("\\ud800") is
    JSON that reads, but it cannot be written back as UTF-8: the answer that
    echoed it (an id, an action's type in its refusal) failed to send and the
    connection died unanswered. It is answered bad_json, with no id, and
    the connection stays; a proper pair ("\\ud83d\\ude00", an emoji) is fine."""
    comm = table["comms"][0]
    await comm.send_to(text_data=frame)
    reply = await recv(comm)
    assert (reply["type"], reply["id"], reply["code"]) == ("error", None, "bad_json") and reply["reason"]
    await comm.send_to(text_data='{"type": "ping", "id": "ok \\ud83d\\ude00"}')
    pong = await recv(comm)
    assert (pong["type"], pong["id"]) == ("pong", "ok \U0001f600")  # still connected
    assert await table["comms"][1].receive_nothing(timeout=0.2)
    assert (await db_match(table["match"].pk)).version == 0


async def test_binary_frame_is_an_error(table):
    comm = table["comms"][0]
    await comm.send_to(bytes_data=b'{"type": "ping"}')
    assert (await recv(comm))["code"] == "bad_message"


async def test_oversized_message_refused(table):
    comm = table["comms"][0]
    await comm.send_json_to({"type": "chat", "text": "x" * 17000, "id": 1})
    reply = await recv(comm)
    assert reply["type"] == "refused" and reply["code"] == "too_large"
    await comm.send_json_to({"type": "ping", "id": 2})
    pong = await recv(comm)
    assert (pong["type"], pong["id"], pong["version"]) == ("pong", 2, 0)


@pytest.fixture
def still_clock(monkeypatch):
    """The rate limiter's clock stands still for the sockets opened after it
    (ask for it before ``table``): no token comes back while a test floods,
    so what is refused does not hang on how fast a loaded machine sends
    (a clean-clone run timed out when tokens came back mid-flood)."""
    import functools

    import game.consumers

    monkeypatch.setattr(game.consumers, "TokenBucket", functools.partial(game.consumers.TokenBucket, clock=lambda: 0.0))


async def test_flooding_is_rate_limited_and_every_message_answered(still_clock, table):
    """Every frame is answered, in order; one over the limit is refused
    unread, so its refusal cannot carry its id."""
    comm = table["comms"][0]
    for i in range(100):
        await comm.send_json_to({"type": "ping", "id": i})
    replies = [await recv(comm) for _ in range(100)]
    limited = [r for r in replies if r["type"] == "refused"]
    assert limited and all(r["code"] == "rate_limited" and r["id"] is None and r["reason"] for r in limited)
    assert [r["id"] for r in replies if r["type"] == "pong"] == [
        i for i, r in enumerate(replies) if r["type"] == "pong"
    ]
    assert len(replies) - len(limited) == 40  # the burst went through, then nothing


async def test_a_client_flooding_far_past_the_rate_limit_is_closed(still_clock, table, settings):
    """Issue 11, found by the attacker re-test: 16 sockets sending tiny
    frames at 1,000/s outran the consumer; daphne queued the unread frames
    without bound (+83 MB in 30 s). A connection that keeps sending after
    CODEX_WS_FLOOD frames in a row were refused for the rate is closed with
    4430, so the server stops reading it; nothing else is sent after the close."""
    settings.CODEX_WS_FLOOD = 30
    comm = table["comms"][0]
    for _ in range(40 + 31):  # the burst, then 31 over the limit
        await comm.send_to(text_data="x")
    replies = []
    while True:
        message = await comm.receive_output(timeout=5)
        if message["type"] == "websocket.close":
            break
        replies.append(json.loads(message["text"]))
    assert message["code"] == 4430
    assert sum(r.get("code") == "rate_limited" for r in replies) == 30
    assert await comm.receive_nothing(timeout=0.3)


async def test_frames_over_the_rate_limit_are_refused_before_they_are_read(still_clock, table, monkeypatch, settings):
    """A flood of large invalid frames: past the burst they are refused
    rate_limited without being parsed (issue 11, finding 11: 3,000 frames of
    15 KB were all parsed and answered bad_json). (The flood close, tested
    above, is set further off here.)"""
    import types

    settings.CODEX_WS_FLOOD = 1000

    import game.clientframes

    parsed = []
    counting = types.SimpleNamespace(dumps=json.dumps, loads=lambda text: parsed.append(1) or json.loads(text))
    monkeypatch.setattr(game.clientframes, "json", counting)
    comm = table["comms"][0]
    junk = "{" + "x" * 15000
    for _ in range(200):
        await comm.send_to(text_data=junk)
    replies = [await recv(comm) for _ in range(200)]
    codes = [r["code"] for r in replies]
    assert codes.count("rate_limited") == 160 and set(codes) == {"bad_json", "rate_limited"}
    assert len(parsed) == codes.count("bad_json") <= 50


async def test_chat_broadcast_raw_and_length_limited(table):
    text = "<b>hi</b> & \u0007bye"
    await table["comms"][0].send_json_to({"type": "chat", "text": text, "id": "c1"})
    for viewer, comm in table["comms"].items():
        msg = await recv(comm)
        assert msg == {
            "type": "chat",
            "id": "c1" if viewer == 0 else None,
            "from": "Alice",
            "seat": 0,
            "text": "<b>hi</b> & bye",
        }
    await table["comms"][None].send_json_to({"type": "chat", "text": "gg"})
    assert (await recv(table["comms"][1]))["seat"] is None
    await table["comms"][None].send_json_to({"type": "chat", "text": "y" * 501, "id": 9})
    assert (await recv_until(table["comms"][None], "refused"))[-1]["code"] == "bad_chat"


async def test_reconnect_gets_current_state(table, ws):
    match = await db_match(table["match"].pk)
    seat = active_seat(match.state)
    other = 1 - seat
    await table["comms"][other].disconnect()
    await act(table["comms"][seat], playable(match.state, seat)[0], 0)
    await recv_until(table["comms"][seat], "state")
    comm, connected, _ = await ws(f"/ws/match/{match.pk}/", table["users"][other])
    assert connected
    state = await recv(comm)
    assert state["type"] == "state" and state["version"] == 1 and state["seat"] == other


async def test_old_or_repeated_versions_are_dropped(table):
    match = await db_match(table["match"].pk)
    seat = active_seat(match.state)
    await act(table["comms"][seat], playable(match.state, seat)[0], 0)
    for comm in table["comms"].values():
        await recv_until(comm, "state")
    # a late, older broadcast (e.g. reordered between workers) is ignored
    layer = get_channel_layer()
    stale = {
        "type": "match.version",
        "match": match.pk,
        "version": 0,
        "state": json.dumps(match.state),
        "status": "playing",
        "result": None,
    }
    await layer.group_send(versions_group(match.pk), stale)
    for comm in table["comms"].values():
        assert await comm.receive_nothing(timeout=0.3)
    # a client that suspects a gap asks again and gets the newest version
    await table["comms"][None].send_json_to({"type": "resync"})
    assert (await recv(table["comms"][None]))["version"] == 1


async def test_concede_finishes_match(table):
    await act(table["comms"][1], {"type": "concede"}, 0)
    assert (await recv(table["comms"][1]))["type"] == "applied"
    final = await recv(table["comms"][None])
    assert final["status"] == "finished" and final["result"]["winner"] == 0
    assert (await recv(table["comms"][0]))["legal_actions"] == []
    await act(table["comms"][0], {"type": "end_main"}, 1)
    assert (await recv(table["comms"][0]))["code"] == "match_over"
    match = await db_match(table["match"].pk)
    assert match.status == "finished" and match.result["winner"] == 0


async def test_no_hidden_information_reaches_opponent_or_spectator(table):
    """Random legal play; every message each viewer receives is scanned for the
    instance ids of cards in other seats' hidden zones and for the names of
    other seats' hand and worker cards that the viewer cannot otherwise know."""
    rng = random.Random(3)
    match = await db_match(table["match"].pk)
    known = {viewer: known_names(match.state, viewer) for viewer in table["comms"]}
    inbox = {viewer: [table["firsts"][viewer]] for viewer in table["comms"]}
    scanned_names = set()
    for step in range(60):
        for viewer in table["comms"]:
            known[viewer] |= known_names(match.state, viewer)
            iids, names = secrets_for(match.state, viewer, known[viewer])
            scanned_names |= names
            assert not leaks(inbox[viewer], iids, names), (step, viewer)
        if match.status != "playing":
            break
        seat = active_seat(match.state)
        action = rng.choice(playable(match.state, seat))
        if action["type"] == "play":  # playing a card shows it to everyone (and the log names it)
            card_id = match.state["cards"][action["card"]]["card"]
            for viewer in known:
                known[viewer] |= {card_id, catalog.card(card_id)["name"]}
        await act(table["comms"][seat], action, match.version, msg_id=step)
        assert (await recv(table["comms"][seat]))["type"] == "applied"
        inbox = {viewer: await recv_until(comm, "state") for viewer, comm in table["comms"].items()}
        match = await db_match(match.pk)
        assert all(msgs[-1]["version"] == match.version for msgs in inbox.values())
    assert match.version >= 20
    assert scanned_names  # the scan had secret names to look for


@pytest.mark.parametrize("layer", [pytest.param("redis", marks=pytest.mark.redis)], indirect=True)
async def test_idle_connections_survive_on_redis(table):
    """Idle longer than the Redis layer's 5 s blocking read (redis-py 8 killed such consumers)."""
    await asyncio.sleep(7)
    match = await db_match(table["match"].pk)
    seat = active_seat(match.state)
    await act(table["comms"][seat], playable(match.state, seat)[0], 0)
    assert (await recv(table["comms"][seat]))["type"] == "applied"
    for comm in table["comms"].values():
        assert (await recv_until(comm, "state"))[-1]["version"] == 1


async def test_a_frame_for_a_client_that_just_left_is_dropped():
    """A broadcast (here a chat line) can reach a connection whose client
    closed a moment before: the server's send then fails. The consumer drops
    the frame and stops sending instead of failing the handler (which would
    skip its disconnect bookkeeping)."""
    from autobahn.exception import Disconnected

    from game.consumers import MatchConsumer

    sent = []

    async def closed(message):
        sent.append(message)
        raise Disconnected("Attempt to send on a closed protocol")

    consumer = MatchConsumer()
    consumer.base_send = closed
    consumer.channel_name = "me"
    await consumer.match_chat({"id": None, "sender": "other", "from": "Ann", "seat": 0, "text": "hi"})
    await consumer.match_chat({"id": None, "sender": "other", "from": "Ann", "seat": 0, "text": "again"})
    assert consumer.gone and len(sent) == 1


async def test_chat_comes_back_after_a_reload(table, ws):
    """A page opened again gets the match's recent chat (oldest first) right
    after its state, so a reload does not lose the conversation."""
    await table["comms"][0].send_json_to({"type": "chat", "text": "hello", "id": "c1"})
    await recv_until(table["comms"][0], "chat")
    await table["comms"][None].send_json_to({"type": "chat", "text": "nice", "id": "c2"})
    await recv_until(table["comms"][None], "chat")
    again, connected, _ = await ws(f"/ws/match/{table['match'].pk}/", table["users"][1])
    assert connected and (await recv(again))["type"] == "state"
    history = await recv(again)
    assert history == {
        "type": "chat_history",
        "lines": [{"from": "Alice", "seat": 0, "text": "hello"}, {"from": "Carol", "seat": None, "text": "nice"}],
    }


async def test_a_flood_of_resyncs_reads_the_database_once_in_a_while(table, settings, monkeypatch):
    """Issue 13: every resync read the match and encoded a full state. A
    connection's resyncs within CODEX_WS_RESYNC_EVERY of one read get that
    state again (each still answered, in full); a version sent meanwhile, or
    a refusal naming a newer one, makes the next resync read again."""
    from game import versionsending

    settings.CODEX_WS_RESYNC_EVERY = 60
    reads = []
    real = versionsending.load_snapshot
    monkeypatch.setattr(versionsending, "load_snapshot", lambda match_id: reads.append(match_id) or real(match_id))
    comm = table["comms"][0]
    for i in range(10):
        await comm.send_json_to({"type": "resync", "id": i})
        msg = await recv(comm)
        assert msg["type"] == "state" and msg["version"] == 0 and msg["legal_actions"]
        assert msg["id"] == i  # the resync's id echoed in its answer (docs/PROTOCOL.md)
    assert len(reads) == 1
    match = await db_match(table["match"].pk)
    await act(comm, playable(match.state, 0)[0], 0)
    await recv_until(comm, "state")
    await comm.send_json_to({"type": "resync", "id": "after"})
    assert (await recv_until(comm, "state"))[-1]["version"] == 1
    assert len(reads) == 2
