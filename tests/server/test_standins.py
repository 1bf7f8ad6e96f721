"""Away players and stand-in bots (game.standins; docs/RULINGS.md "Server:
away players"): a player who leaves does not stop the others. Presence comes
with every pong; another seated player, or a timeout, lets a bot play the
away seat; the player takes it back by connecting again."""

from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.utils import timezone

from game.models import LiveSocket, MatchPlayer
from game.services import ActionRefused, apply_seat_action
from tests.server.matchkit import active_seat, db_match, playable, recv, start_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def quick_bots(settings):
    """Stand-ins play without pausing between moves; pings read presence
    from the database every time (these tests change its rows behind the
    server's back; test_pings_answer_from_memory checks the kept copy)."""
    settings.CODEX_STAND_IN_DELAY = 0
    settings.CODEX_WS_PRESENCE_SECONDS = 0


@pytest.fixture
async def seated(make_user, ws, layer):
    """alice (seat 0) and bob (seat 1) connected to a fresh public match;
    carol (no seat) may watch. Returns users, match and a connect helper."""
    alice, bob, carol = [await sync_to_async(make_user)(n) for n in ("alice", "bob", "carol")]
    match = await start_match([alice, bob])

    async def connect(user):
        comm, connected, _ = await ws(f"/ws/match/{match.pk}/", user)
        assert connected
        assert (await recv(comm))["type"] == "state"
        return comm

    return {"match": match, "alice": alice, "bob": bob, "carol": carol, "connect": connect}


async def until(comm, kind, test=lambda msg: True, limit=400):
    """Read ``comm`` until a message of ``kind`` passing ``test``; returns it."""
    for _ in range(limit):
        msg = await recv(comm)
        if msg["type"] == kind and test(msg):
            return msg
    raise AssertionError(f"no {kind} message")


async def ping(comm, msg_id=1) -> list:
    await comm.send_json_to({"type": "ping", "id": msg_id})
    return (await until(comm, "pong", lambda m: m["id"] == msg_id))["presence"]


async def test_pong_reports_who_is_away(seated):
    alice = await seated["connect"](seated["alice"])
    assert await ping(alice) == [
        {"seat": 0, "away": False, "stand_in": False, "askable": False, "bot": None, "time_left": None},
        {"seat": 1, "away": True, "stand_in": False, "askable": False, "bot": None, "time_left": None},
    ]  # bob never came
    bob = await seated["connect"](seated["bob"])
    assert [p["away"] for p in await ping(alice, 2)] == [False, False]
    await bob.disconnect()
    assert [p["away"] for p in await ping(alice, 3)] == [False, True]


async def test_a_player_lets_a_bot_play_for_the_away_player(seated):
    """alice ends her turn; bob is away (never came); she lets a bot play for
    him: it plays bob's whole turn (nothing conceded) and the game comes back
    to her."""
    alice = await seated["connect"](seated["alice"])
    match_id = seated["match"].pk
    await sync_to_async(MatchPlayer.objects.filter(match_id=match_id, seat=1).update)(
        seen_at=timezone.now() - timedelta(minutes=2)
    )
    await alice.send_json_to({"type": "action", "id": "e", "version": 0, "action": {"type": "end_main"}})
    state = await until(alice, "state", lambda m: m["version"] == 1)
    techs = [a for a in state["legal_actions"] if a["type"] == "tech"]
    await alice.send_json_to({"type": "action", "id": "t", "version": 1, "action": techs[0]})
    await until(alice, "state", lambda m: m["version"] == 2)

    await alice.send_json_to({"type": "stand_in", "id": "s", "seat": 1})
    presence = await until(alice, "presence", lambda m: m["id"] == "s")
    assert presence["seats"][1] == {
        "seat": 1,
        "away": True,
        "stand_in": True,
        "askable": False,
        "bot": None,
        "time_left": None,
    }
    back = await until(alice, "state", lambda m: m["view"]["active"] == 0 and m["view"]["turn"] == 3)
    assert back["status"] == "playing" and any(a["type"] == "end_main" for a in back["legal_actions"])
    match = await db_match(match_id)
    assert match.status == "playing"
    bot_moves = await sync_to_async(list)(match.actions.filter(seat=1).values_list("nonce", "action"))
    assert bot_moves and all(nonce is None for nonce, _ in bot_moves)  # a bot's move takes no client nonce
    assert {"type": "end_main"} in [a for _, a in bot_moves]
    assert all(a["type"] != "concede" for _, a in bot_moves)


async def test_the_player_takes_the_seat_back_by_connecting(seated):
    alice = await seated["connect"](seated["alice"])
    await sync_to_async(MatchPlayer.objects.filter(match=seated["match"], seat=1).update)(stand_in=True)
    await seated["connect"](seated["bob"])
    presence = await until(alice, "presence")
    assert presence["seats"][1]["stand_in"] is False
    stored = await sync_to_async(MatchPlayer.objects.get)(match=seated["match"], seat=1)
    assert not stored.stand_in and presence["seats"][1]["away"] is False
    assert await sync_to_async(LiveSocket.objects.filter(match=seated["match"], seat=1).count)() == 1


async def test_a_dropped_connection_is_not_handed_to_a_bot_at_once(seated, settings):
    """A reload or a network blip must not let the table take a seat away: a
    player who left is "away" at once, but nobody may give the seat to a bot
    before it has been away CODEX_STAND_IN_ASK_SECONDS."""
    alice = await seated["connect"](seated["alice"])
    bob = await seated["connect"](seated["bob"])
    await bob.disconnect()
    assert (await ping(alice))[1]["away"] is True
    await alice.send_json_to({"type": "stand_in", "id": "s", "seat": 1})
    reply = await until(alice, "refused")
    assert reply["code"] == "not_away_long" and reply["reason"]
    a_while_ago = timezone.now() - timedelta(seconds=settings.CODEX_STAND_IN_ASK_SECONDS + 1)
    await sync_to_async(MatchPlayer.objects.filter(match=seated["match"], seat=1).update)(seen_at=a_while_ago)
    assert (await ping(alice, 2))[1]["askable"] is True
    await alice.send_json_to({"type": "stand_in", "id": "s2", "seat": 1})
    assert (await until(alice, "presence", lambda m: m["id"] == "s2"))["seats"][1]["stand_in"] is True


async def test_the_player_who_comes_back_is_told(seated):
    """Taking the seat back is said to the returning player (``reclaimed``)."""
    await sync_to_async(MatchPlayer.objects.filter(match=seated["match"], seat=1).update)(stand_in=True)
    bob = await seated["connect"](seated["bob"])
    presence = await until(bob, "presence")
    assert presence["reclaimed"] == 1 and presence["seats"][1]["stand_in"] is False


@pytest.mark.parametrize(
    "who, seat, code",
    [
        ("alice", 1, "not_away"),  # bob is here
        ("alice", 0, "bad_seat"),  # her own seat
        ("alice", 7, "bad_seat"),  # no such seat
        ("carol", 1, "spectator"),  # only seated players decide
    ],
)
async def test_stand_in_refusals_change_nothing(seated, who, seat, code):
    await seated["connect"](seated["bob"])
    comm = await seated["connect"](seated[who])
    await comm.send_json_to({"type": "stand_in", "id": 9, "seat": seat})
    reply = await until(comm, "refused")
    assert reply["id"] == 9 and reply["code"] == code and reply["reason"]
    flags = await sync_to_async(list)(
        MatchPlayer.objects.filter(match=seated["match"]).values_list("stand_in", flat=True)
    )
    assert flags == [False, False]


@pytest.mark.parametrize("bad", ["1", None, True, 1.5])
async def test_stand_in_needs_a_seat_number(seated, bad):
    comm = await seated["connect"](seated["alice"])
    await comm.send_json_to({"type": "stand_in", "id": 3, "seat": bad})
    reply = await until(comm, "error")
    assert reply["code"] == "bad_message"


async def test_a_seat_away_too_long_gets_a_bot_without_asking(seated, settings):
    """The timeout: the next ping after CODEX_STAND_IN_SECONDS of silence
    gives bob a stand-in, and it plays as soon as the game waits on him."""
    alice = await seated["connect"](seated["alice"])
    long_ago = timezone.now() - timedelta(seconds=settings.CODEX_STAND_IN_SECONDS + 1)
    await sync_to_async(MatchPlayer.objects.filter(match=seated["match"], seat=1).update)(seen_at=long_ago)
    presence = await ping(alice)
    assert presence[1]["stand_in"] is True and presence[0]["stand_in"] is False
    await alice.send_json_to({"type": "action", "id": "e", "version": 0, "action": {"type": "end_main"}})
    state = await until(alice, "state", lambda m: m["version"] == 1)
    techs = [a for a in state["legal_actions"] if a["type"] == "tech"]
    await alice.send_json_to({"type": "action", "id": "t", "version": 1, "action": techs[0]})
    await until(alice, "state", lambda m: m["view"]["active"] == 0 and m["view"]["turn"] == 3)


async def test_a_player_back_after_a_long_absence_is_announced(seated, settings):
    """The others may have been offered a bot for a seat away that long: its
    return is broadcast at once, not at their next ping."""
    alice = await seated["connect"](seated["alice"])
    long_ago = timezone.now() - timedelta(seconds=settings.CODEX_STAND_IN_ASK_SECONDS + 1)
    await sync_to_async(MatchPlayer.objects.filter(match=seated["match"], seat=1).update)(seen_at=long_ago)
    assert (await ping(alice))[1]["askable"] is True
    await seated["connect"](seated["bob"])
    presence = await until(alice, "presence")
    assert presence["seats"][1] == {
        "seat": 1,
        "away": False,
        "stand_in": False,
        "askable": False,
        "bot": None,
        "time_left": None,
    }
    assert presence["reclaimed"] is None


@pytest.mark.parametrize("planted", ["stand-in-1", "stand-in-2", "bot-1"])
async def test_a_planted_nonce_does_not_stop_the_bot(seated, planted):
    """Issue 11, finding 2: alice used the bot's own nonce (``stand-in-1``,
    as the bot's moves once carried) on an action of hers, then left; the
    bot playing her seat froze at that version. The bot's moves carry no
    nonce, so nothing a client sends can meet them."""
    alice = await seated["connect"](seated["alice"])
    match = await db_match(seated["match"].pk)
    seat = active_seat(match.state)
    assert seat == 0
    hire = next(a for a in playable(match.state, 0) if a["type"] == "hire")
    await alice.send_json_to({"type": "action", "id": 1, "version": 0, "nonce": planted, "action": hire})
    assert (await until(alice, "applied"))["version"] == 1
    await alice.disconnect()
    await sync_to_async(MatchPlayer.objects.filter(match=match, seat=0).update)(
        stand_in=True, seen_at=timezone.now() - timedelta(minutes=5)
    )
    bob = await seated["connect"](seated["bob"])
    await ping(bob)
    assert (await until(bob, "state", lambda m: m["version"] >= 3))["version"] >= 3
    assert await sync_to_async(match.actions.filter(seat=0, seq__gt=1, nonce__isnull=False).exists)() is False


def test_a_bot_move_applies_only_at_the_version_it_was_chosen_at(transactional_db, make_user):
    """Two workers choosing the bot's move at the same version apply it
    once: a bot's move is applied only while the match is still at the
    version it was chosen at (it needs no nonce for that)."""
    from asgiref.sync import async_to_sync

    alice, bob = make_user("alice"), make_user("bob")
    match = async_to_sync(start_match)([alice, bob])
    end = {"type": "end_main"}
    done = apply_seat_action(match.pk, 0, end, 0)
    assert done.version == 1 and done.snapshot is not None
    with pytest.raises(ActionRefused) as refused:
        apply_seat_action(match.pk, 0, playable(done.snapshot.state, 0)[0], 0)
    assert refused.value.code == "stale_version" and refused.value.version == 1
    assert match.actions.count() == 1 and match.actions.get().nonce is None


@pytest.mark.parametrize(
    "frame",
    [
        {"type": "resync"},
        {"type": "chat", "text": "still here"},
        {"type": "action", "version": 0, "action": {"type": "end_main"}},  # refused: not bob's turn
        {"type": "dance"},  # even a frame the server refuses
    ],
)
async def test_every_frame_of_a_seat_is_a_sign_of_life(seated, settings, frame):
    """Issue 11, finding 5: a player who acts without pinging is here
    (docs/PROTOCOL.md "Away players"): the timeout must not give the seat
    to a bot while its player keeps sending."""
    settings.CODEX_WS_SEEN_EVERY = 0
    alice = await seated["connect"](seated["alice"])
    bob = await seated["connect"](seated["bob"])
    await ping(bob)  # his connect is done (it marks him seen too)
    long_ago = timezone.now() - timedelta(seconds=settings.CODEX_STAND_IN_SECONDS + 1)
    await sync_to_async(MatchPlayer.objects.filter(match=seated["match"], seat=1).update)(seen_at=long_ago)
    await bob.send_json_to({**frame, "id": "b"})
    await until(
        bob,
        "state"
        if frame["type"] == "resync"
        else {"chat": "chat", "action": "refused", "dance": "error"}[frame["type"]],
    )
    presence = await ping(alice)
    assert presence[1] == {
        "seat": 1,
        "away": False,
        "stand_in": False,
        "askable": False,
        "bot": None,
        "time_left": None,
    }


async def test_signs_of_life_are_written_at_most_every_few_seconds(seated, settings, monkeypatch):
    """Marking a seat seen is a database write: a connection notes it at
    most once every CODEX_WS_SEEN_EVERY seconds, however many frames, and
    the notes are written together with the next presence read."""
    from game import standins

    settings.CODEX_WS_SEEN_EVERY = 60
    written = []
    real_seen_all = standins.seen_all
    monkeypatch.setattr(standins, "seen_all", lambda marks: written.extend(marks) or real_seen_all(marks))
    bob = await seated["connect"](seated["bob"])
    for i in range(30):
        await bob.send_json_to({"type": "resync" if i % 2 else "ping", "id": i})
        await until(bob, "state" if i % 2 else "pong")
    assert len(written) <= 1


async def test_pings_answer_from_memory(seated, settings, monkeypatch):
    """Issue 13: a ping cost three database calls. While the worker's copy
    of the presence is fresh (CODEX_WS_PRESENCE_SECONDS) a ping reads
    nothing, and a seat's frames write nothing; a seat connecting or leaving
    on this worker is seen at the next ping all the same."""
    from game import presence

    settings.CODEX_WS_PRESENCE_SECONDS = 60
    settings.CODEX_WS_SEEN_EVERY = 0
    reads = []
    real_read = presence._read
    monkeypatch.setattr(presence, "_read", lambda *args: reads.append(args) or real_read(*args))
    alice = await seated["connect"](seated["alice"])
    assert [p["away"] for p in await ping(alice, 1)] == [False, True]
    assert len(reads) == 1
    for i in range(2, 12):
        assert [p["away"] for p in await ping(alice, i)] == [False, True]
    assert len(reads) == 1
    bob = await seated["connect"](seated["bob"])
    assert [p["away"] for p in await ping(alice, 20)] == [False, False]
    assert len(reads) == 2
    await bob.disconnect()
    assert [p["away"] for p in await ping(alice, 21)] == [False, True]
    assert len(reads) == 3


async def test_a_kept_presence_shows_the_offer_once_the_seat_is_away_long_enough(seated, settings):
    """The kept copy of the presence must not hide what time alone changes:
    bob, away a moment at the first ping, may be given a bot once he has been
    away CODEX_STAND_IN_ASK_SECONDS, and the next ping says so even while
    the copy is younger than CODEX_WS_PRESENCE_SECONDS (the browser test
    test_away_player waited for that offer past its ping)."""
    import asyncio

    settings.CODEX_WS_PRESENCE_SECONDS = 60
    settings.CODEX_STAND_IN_ASK_SECONDS = 1
    await sync_to_async(MatchPlayer.objects.filter(match=seated["match"], seat=1).update)(seen_at=timezone.now())
    alice = await seated["connect"](seated["alice"])
    assert [(p["away"], p["askable"]) for p in await ping(alice, 1)] == [(False, False), (True, False)]
    await asyncio.sleep(1.2)
    assert [(p["away"], p["askable"]) for p in await ping(alice, 2)] == [(False, False), (True, True)]
