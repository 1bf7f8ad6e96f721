"""C-23 matches over websockets (issue 18): a 3-player table from the
lobby, each seat with its own deck, played through the live protocol with a
spectator watching. Every socket sees every action; nobody receives a card
id of a deck or of another player's hand, nor a log line meant for another
seat (K19: counts only); a reconnect resumes at the same version; the match
is played to a result and replayed. A table of one person and two bots is
played to a result by the bots filling the seats."""

import json

import pytest
from asgiref.sync import sync_to_async

from decks.models import Deck
from game import rules
from game.c23.cards import starter
from game.c23.invariants import hidden_from
from lobby import services
from tests.server.matchkit import db_match, frame_leaks, logged_in, play_out_with_bots, recv, recv_until
from tests.server.test_c23_decks import counts

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def quick(settings, machine_speed):
    """Bots answer at once and faster than people: the flood limit is not under test."""
    settings.CODEX_STAND_IN_DELAY = 0


@sync_to_async
def start_c23(people, bots=(), seed=7):
    """A C-23 table of ``people`` (seat i, decks red, a saved blue deck, green)
    and table ``bots`` (kinds, in the seats after them), started through the
    lobby services; returns the Match."""
    decks = ["red", "saved", "green"]
    table = services.create_table(people[0], "c23", seats=len(people) + len(bots), deck="red")
    for index, user in enumerate(people):
        if decks[index] == "saved":
            cards = counts(starter("blue"))
            decks[index] = str(Deck.objects.create(owner=user, name="My blue", cards=cards).pk)
        if index:
            services.take_seat(table.pk, user, index, deck=decks[index])
        services.update_seat(table.pk, user, ready=True)
    for offset, kind in enumerate(bots):
        services.seat_bot(table.pk, people[0], len(people) + offset, kind)
    return services.start_table(table.pk, people[0], seed=seed).match


def as_json(data):
    """``data`` as a client reads it (tuples become lists)."""
    return json.loads(json.dumps(data))


async def test_a_three_player_c23_match_with_a_spectator(make_user, ws, layer):
    ana, bo, cy, dee = [await sync_to_async(make_user)(n) for n in ("ana", "bo", "cy", "dee")]
    match = await start_c23([ana, bo, cy])
    assert [len(s["deck"]) for s in match.config["seats"]] == [40, 40, 40]
    users = {0: ana, 1: bo, 2: cy, None: dee}
    comms, inbox = {}, {}
    for seat, user in users.items():
        comm, connected, _ = await ws(f"/ws/match/{match.pk}/", user)
        assert connected
        comms[seat], inbox[seat] = comm, [await recv(comm)]
        frame = inbox[seat][0]
        assert frame["view"]["game"] == "c23" and frame["seat"] == seat
        for player in frame["view"]["players"]:  # own hand only; the others as counts (the first has drawn, K3)
            first = player["seat"] == match.state["active"]
            assert ("hand" in player) == (player["seat"] == seat) and player["hand_count"] == 7 + first
            assert "deck" not in player and player["deck_count"] == 33 - first
    assert inbox[None][0]["legal_actions"] == []
    bots = {seat: rules.GreedyBot(seed=seat) for seat in range(3)}
    kinds = set()
    for step in range(60):
        match = await db_match(match.pk)
        for viewer in comms:
            assert frame_leaks(inbox[viewer], hidden_from(match.state, viewer), viewer) == [], (step, viewer)
        if match.status != "playing":
            break
        seat = rules.waiting_on(match.state)[0]
        action = bots[seat].choose(match.state, seat)
        assert action in inbox[seat][-1]["legal_actions"]  # the frame's legal actions are the engine's
        kinds.add(action["type"])
        await comms[seat].send_json_to({"type": "action", "action": action, "version": match.version, "id": step})
        answer = await recv(comms[seat])
        assert answer["type"] == "applied", (answer, action, step)
        inbox = {viewer: await recv_until(comm, "state") for viewer, comm in comms.items()}
        for viewer in comms:  # every socket sees the action: the next version, with its log line
            assert inbox[viewer][-1]["version"] == match.version + 1, viewer
        if step == 12:  # bo's page reloads: a full state of the same version comes back
            await comms[1].disconnect()
            comms[1], connected, _ = await ws(f"/ws/match/{match.pk}/", bo)
            again = await recv(comms[1])
            assert connected and again["type"] == "state" and again["seat"] == 1
            assert again["version"] == inbox[0][-1]["version"] and "hand" in again["view"]["players"][1]
            inbox[1] = [again]
            await comms[None].send_json_to({"type": "chat", "text": "nice attack", "id": "c1"})
            for comm in comms.values():
                chat = [m for m in await recv_until(comm, "chat") if m["type"] == "chat"][-1]
                assert chat["text"] == "nice attack" and chat["seat"] is None
    assert {"play_resource", "play"} <= kinds
    for comm in comms.values():
        await comm.disconnect()
    match = await sync_to_async(play_out_with_bots)(match)  # the rest, as the server's bots play
    assert match.status == "finished" and match.result is not None
    assert match.state["result_reason"] in ("deck_out", "draw", "concede")
    for seat in (2, None):  # coming back after the end: the finished match
        comm, connected, _ = await ws(f"/ws/match/{match.pk}/", users[seat])
        final = await recv(comm)
        assert connected and final["status"] == "finished" and final["view"]["status"] == "finished"
        assert final["version"] == match.version and final["legal_actions"] == []
        assert frame_leaks([final], hidden_from(match.state, seat), seat) == []
    # the replay rebuilds every step; the spectator's shows actions by type only and no hand
    client = await sync_to_async(logged_in)(dee)
    index = (await sync_to_async(client.get)(f"/api/matches/{match.pk}/replay/")).json()
    assert index["count"] == match.version + 1
    assert all(set(s["action"]) == {"type"} for s in index["steps"][1:])
    for version in (1, match.version):
        step = (await sync_to_async(client.get)(f"/api/matches/{match.pk}/replay/{version}/")).json()
        assert all("hand" not in p or p["hand_shown"] for p in step["view"]["players"])
    assert step["view"] == as_json(rules.view(match.state, None))
    page = await sync_to_async(client.get)(f"/match/{match.pk}/replay/")
    assert page.status_code == 200
    player = await sync_to_async(logged_in)(ana)
    mine = (await sync_to_async(player.get)(f"/api/matches/{match.pk}/replay/{match.version}/?view=seat")).json()
    assert mine["view"] == as_json(rules.view(match.state, 0))


async def test_a_person_and_two_bots_play_c23_to_a_result(make_user, ws, layer):
    """ana against a greedy and a random table bot: the bots play their
    turns on their own whenever the game waits on them, ana answers hers,
    until the game ends (K4, K24)."""
    ana = await sync_to_async(make_user)("ana")
    match = await start_c23([ana], bots=("greedy", "random"), seed=3)
    assert [p["name"] for p in match.config["seats"]] == ["Ana", "Greedy bot 2", "Random bot 3"]
    comm, connected, _ = await ws(f"/ws/match/{match.pk}/", ana)
    assert connected
    bot, versions, frame = rules.GreedyBot(seed=1), [], None
    for _ in range(20000):
        frame = await recv(comm, timeout=20)
        if frame["type"] != "state":
            continue
        versions.append(frame["version"])
        if frame["status"] != "playing":
            break
        if frame["legal_actions"]:
            match = await db_match(match.pk)
            if match.version == frame["version"] and 0 in rules.waiting_on(match.state):
                action = bot.choose(match.state, 0)
                await comm.send_json_to(
                    {"type": "action", "action": action, "version": match.version, "id": match.version}
                )
    assert frame["status"] == "finished", frame["version"]
    assert versions == sorted(versions)
    match = await db_match(match.pk)
    assert match.status == "finished" and match.version == frame["version"]
    seats = await sync_to_async(lambda: set(match.actions.exclude(seat=0).values_list("seat", flat=True)))()
    assert seats == {1, 2}  # both bots played
