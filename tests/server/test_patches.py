"""Patches instead of whole views (docs/PROTOCOL.md "Patches"; game/patch.py,
game/fanout.py).

- diff/apply: replaying random games, every viewer's next state message is
  rebuilt exactly (compared as JSON text) from the last one and the patch,
  after a JSON round trip; the log scrolls as one ``trim``.
- Over the websocket with ``?patches=1``: two seats and two spectators
  rebuild, version by version, exactly the state message a full-state
  connection gets; no frame a spectator or the other seat receives carries
  a hidden card; a resync answers a full state and the next patch builds
  on it; a connection without ``?patches=1`` still gets full states.
"""

import copy
import json
import random
import statistics

import pytest
from asgiref.sync import sync_to_async

from game import rules
from game.codex import catalog
from game.patch import apply, diff, patch_message
from game.services import render_for
from game.statereads import Snapshot, load_snapshot
from tests.server.matchkit import known_names, leaks, playable, recv, secrets_for, start_match

pytestmark = pytest.mark.django_db(transaction=True)


def strict(doc) -> str:
    """A JSON text that tells true from 1 (Python's == does not)."""
    return json.dumps(doc, sort_keys=True)


def test_diff_and_apply_cover_every_operation():
    old = {"a": 1, "b": {"c": [1, 2, 3], "d": None}, "log": [{"n": 1}, {"n": 2}, {"n": 3}], "gone": 0}
    new = {"a": 2, "b": {"c": [1, 5, 3], "d": {"e": "x"}}, "log": [{"n": 2}, {"n": 3}, {"n": 4}], "added": [7]}
    ops = diff(old, new)
    assert ["trim", ["log"], 1, [{"n": 4}]] in ops
    assert ["del", ["gone"]] in ops and ["set", ["b", "c", 1], 5] in ops
    assert strict(apply(copy.deepcopy(old), json.loads(json.dumps(ops)))) == strict(new)
    assert diff(new, new) == []
    assert apply([1, 2], diff([1, 2], {"x": 1})) == {"x": 1}  # the root replaced
    with pytest.raises((KeyError, IndexError, TypeError)):
        apply({"a": 1}, [["set", ["b", "c"], 1]])  # made against another document


@pytest.mark.parametrize("mode", ["1hero", "2hg"])
def test_random_games_rebuild_every_viewers_state_exactly(mode):
    seats = 2 if mode == "1hero" else 4
    heroes = ("troq_bashar", "river_montoya")
    sizes, fulls, trims = [], [], 0
    for game in range(2):
        state = rules.new_game(
            {
                "mode": mode,
                "seed": game,
                "seats": [{"name": f"P{i}", "hero": heroes[(game + i) % 2]} for i in range(seats)],
            }
        )
        rng = random.Random(game)
        last = {}
        for version in range(120):
            for viewer in [*range(seats), None]:
                snapshot = Snapshot(version, state, "playing", None)
                message = json.loads(json.dumps(render_for(snapshot, viewer)))
                if viewer in last:
                    patch = json.loads(json.dumps(patch_message(last[viewer], message)))
                    rebuilt = apply(copy.deepcopy(last[viewer]), patch["ops"])
                    rebuilt["version"] = patch["version"]
                    assert strict(rebuilt) == strict(message), (mode, game, version, viewer)
                    trims += any(op[0] == "trim" and op[1] == ["view", "log"] for op in patch["ops"])
                    sizes.append(len(json.dumps(patch)))
                    fulls.append(len(json.dumps(message)))
                last[viewer] = message
            movers = [s for s in range(seats) if playable(state, s)]
            if state["status"] != "playing" or not movers:
                break
            seat = rng.choice(movers)
            state, _ = rules.apply_action(state, seat, rng.choice(playable(state, seat)))
    assert trims > 50
    assert statistics.median(sizes) * 4 < statistics.median(fulls)


@pytest.fixture
async def patched(make_user, ws, layer):
    """ann (seat 0) and ben (seat 1) with ``?patches=1``, two spectators with
    patches and one without; each connection past its first full state."""
    users = [await sync_to_async(make_user)(n) for n in ("ann", "ben", "cy", "di", "ed")]
    match = await start_match(users[:2])
    comms, firsts = {}, {}
    for key, user, query in (
        (0, users[0], "?patches=1"),
        (1, users[1], "?patches=1"),
        ("cy", users[2], "?patches=1"),
        ("di", users[3], "?patches=1"),
        ("ed", users[4], ""),
    ):
        comm, connected, _ = await ws(f"/ws/match/{match.pk}/{query}", user)
        assert connected
        comms[key] = comm
        firsts[key] = await recv(comm)
        assert firsts[key]["type"] == "state" and firsts[key]["version"] == 0
    return {"match": match, "comms": comms, "firsts": firsts}


def _seat(key):
    return key if isinstance(key, int) else None


async def test_patched_viewers_rebuild_the_full_state_and_see_nothing_hidden(patched):
    comms, firsts = patched["comms"], patched["firsts"]
    match_id = patched["match"].pk
    have = {key: firsts[key] for key in comms}
    frames = {key: [] for key in comms}
    snapshot = await sync_to_async(load_snapshot)(match_id)
    known = {key: known_names(snapshot.state, _seat(key)) for key in comms}
    rng = random.Random(3)
    kinds = []
    for step in range(40):
        state = snapshot.state
        movers = [s for s in (0, 1) if playable(state, s)]
        seat = rng.choice(movers)
        options = [a for a in playable(state, seat) if a["type"] != "attack"] or playable(state, seat)
        action = rng.choice(options)
        if action["type"] == "play":  # playing a card shows it to everyone
            card_id = state["cards"][action["card"]]["card"]
            for key in known:
                known[key] |= known_names(state, _seat(key)) | {card_id, catalog.card(card_id)["name"]}
        await comms[seat].send_json_to({"type": "action", "id": step, "version": snapshot.version, "action": action})
        assert (await recv(comms[seat]))["type"] == "applied"
        snapshot = await sync_to_async(load_snapshot)(match_id)
        for key, comm in comms.items():
            msg = await recv(comm)
            frames[key].append(msg)
            kinds.append((key, msg["type"]))
            if msg["type"] == "patch":
                assert msg["base"] == have[key]["version"] and msg["version"] == snapshot.version
                have[key] = apply(copy.deepcopy(have[key]), msg["ops"])
                have[key]["version"] = msg["version"]
            else:
                have[key] = msg
            # exactly what a full-state connection gets for this version
            assert strict(have[key]) == strict(json.loads(json.dumps(render_for(snapshot, _seat(key))))), (step, key)
        for key in comms:
            known[key] |= known_names(snapshot.state, _seat(key))
            iids, names = secrets_for(snapshot.state, _seat(key), known[key])
            assert not leaks(frames[key], iids, names), (step, key)
        if snapshot.status != "playing":
            break
    assert all(kind == "state" for key, kind in kinds if key == "ed")  # no patches unless asked for
    patched_kinds = [kind for key, kind in kinds if key != "ed"]
    assert patched_kinds.count("patch") > 0.8 * len(patched_kinds)


async def test_a_resync_answers_a_full_state_and_the_next_patch_builds_on_it(patched):
    comm = patched["comms"]["cy"]
    await comm.send_json_to({"type": "resync", "id": "r"})
    full = await recv(comm)
    assert full.pop("id") == "r"  # echoed; the next patch builds on the state without it
    assert full["type"] == "state" and full["version"] == 0 and full["seat"] is None
    snapshot = await sync_to_async(load_snapshot)(patched["match"].pk)
    seat = next(s for s in (0, 1) if playable(snapshot.state, s))
    await patched["comms"][seat].send_json_to(
        {"type": "action", "id": 1, "version": 0, "action": playable(snapshot.state, seat)[0]}
    )
    patch = await recv(comm)
    assert patch["type"] == "patch" and (patch["base"], patch["version"]) == (0, 1)
    rebuilt = apply(full, patch["ops"])
    rebuilt["version"] = 1
    snapshot = await sync_to_async(load_snapshot)(patched["match"].pk)
    assert strict(rebuilt) == strict(json.loads(json.dumps(render_for(snapshot, None))))


def test_a_viewer_late_by_one_version_gets_the_frames_made_for_it():
    """A connection that sends a version after the next one was kept (most
    do, under load) gets the frames made for that version, not renders of
    its own (game.fanout keeps a match's two newest versions, issue 29);
    three versions on, the oldest is let go."""
    from game import fanout

    match_id = 2**40  # no match of the test database: this test's versions only
    state = rules.new_game(
        {
            "mode": "1hero",
            "seed": 3,
            "seats": [{"name": "A", "hero": "troq_bashar"}, {"name": "B", "hero": "river_montoya"}],
        }
    )
    snapshots = []
    for version in range(4):
        snapshots.append(Snapshot(version, state, "playing", None))
        seat = next(s for s in (0, 1) if playable(state, s))
        state, _ = rules.apply_action(state, seat, playable(state, seat)[0])
    for snapshot in snapshots[:2]:
        fanout.keep(match_id, snapshot)
    made = fanout.frame_for(match_id, snapshots[1], None, None)
    fanout.keep(match_id, snapshots[2])
    late = fanout.frame_for(match_id, snapshots[1], None, None)
    assert late[0] is made[0] and late[1] is made[1]
    fanout.keep(match_id, snapshots[3])
    again = fanout.frame_for(match_id, snapshots[1], None, None)
    assert again[1] == made[1] and again[1] is not made[1]
