"""What the action log keeps (game.services.normalise_action; issue 11,
finding 12): an applied action is stored with the keys the engine reads for
its type and nothing else, it is what the engine applied, and the log
replays to the stored state."""

import json
import random

import pytest
from asgiref.sync import sync_to_async

from game import rules
from game.codex.action_keys import ACTION_KEYS
from game.codex.actions import MOVES
from game.services import normalise_action
from tests.rules.test_properties import config, config_2hg, config_3hero, config_ffa
from tests.server.matchkit import action_log, active_seat, db_match, logged_in, playable, recv, recv_until, start_match
from tests.server.teamplay import replay

pytestmark = pytest.mark.django_db(transaction=True)

JUNK = {"note": "<script>alert(1)</script>" * 120, "extra": {"deep": ["<img src=x onerror=alert(1)>"]}}


def test_every_action_type_of_the_engine_has_its_keys():
    assert set(ACTION_KEYS) == set(MOVES)


@pytest.mark.parametrize(
    "make",
    [lambda s: config(s), lambda s: config_2hg(s), lambda s: config_3hero(s), lambda s: config_ffa(4, s)],
    ids=["1hero", "2hg", "3hero", "ffa4"],
)
def test_every_legal_action_is_already_normal(make):
    """Whatever the engine offers (every seat, every step of random games)
    uses only the listed keys: normalising changes none of it, so the
    table cannot fall behind the engine unnoticed."""
    rng = random.Random(7)
    for seed in (1, 2):
        state = rules.new_game(make(seed))
        for _ in range(250):
            if state["status"] != "playing":
                break
            offers = {seat: rules.legal_actions(state, seat) for seat in range(len(state["players"]))}
            for actions in offers.values():
                for action in actions:
                    assert normalise_action(action) == action, action
            seat = next((s for s, a in offers.items() if any(x["type"] != "concede" for x in a)), None)
            if seat is None:
                break
            action = rng.choice([a for a in offers[seat] if a["type"] != "concede"])
            state, _ = rules.apply_action(state, seat, action)


def test_normalising_keeps_the_engine_keys_only():
    assert normalise_action({"type": "hire", "card": "c3", **JUNK}) == {"type": "hire", "card": "c3"}
    assert normalise_action({"type": "patrol", "card": "c4", "slot": None, "x": 1}) == {
        "type": "patrol",
        "card": "c4",
        "slot": None,
    }
    assert normalise_action({"type": "no_such_thing", **JUNK}) == {"type": "no_such_thing"}


@pytest.fixture
async def pair(make_user, ws, layer):
    alice, bob = [await sync_to_async(make_user)(n) for n in ("alice", "bob")]
    match = await start_match([alice, bob])
    comms = {}
    for seat, user in ((0, alice), (1, bob)):
        comms[seat], connected, _ = await ws(f"/ws/match/{match.pk}/", user)
        assert connected and (await recv(comms[seat]))["type"] == "state"
    return match, (alice, bob), comms


async def test_unknown_fields_are_not_stored_nor_served(pair):
    """Actions padded with 3 KB of markup are applied as the engine reads
    them; the log keeps and serves the normalised action only, and a
    retry with the same nonce and other junk is the same action."""
    match, users, comms = pair
    state = (await db_match(match.pk)).state
    seat = active_seat(state)
    hire = next(a for a in playable(state, seat) if a["type"] == "hire")
    message = {"type": "action", "id": 1, "version": 0, "nonce": "n-1", "action": {**hire, **JUNK}}
    await comms[seat].send_json_to(message)
    assert await recv(comms[seat]) == {"type": "applied", "id": 1, "version": 1}
    await recv_until(comms[seat], "state")
    retry = dict(message, id=2, action={**hire, "other": "<b>x</b>"})
    await comms[seat].send_json_to(retry)
    assert await recv(comms[seat]) == {"type": "applied", "id": 2, "version": 1, "duplicate": True}

    state = (await db_match(match.pk)).state
    play = next(a for a in playable(state, seat) if a["type"] == "play")
    await comms[seat].send_json_to({"type": "action", "id": 3, "version": 1, "action": {**play, **JUNK}})
    assert (await recv(comms[seat]))["type"] == "applied"

    logged = await action_log(match.pk)
    assert [(seq, action, nonce) for seq, _, action, nonce in logged] == [(1, hire, "n-1"), (2, play, None)]
    served = await sync_to_async(lambda: logged_in(users[seat]).get(f"/api/matches/{match.pk}/log/"))()
    assert served.status_code == 200
    assert [a["action"] for a in served.json()["actions"]] == [hire, play]
    assert "<script" not in served.content.decode() and "onerror" not in served.content.decode()
    stored = await db_match(match.pk)
    replayed = replay(stored.config, [(seq, s, action) for seq, s, action, _ in logged])
    assert json.dumps(replayed[2], sort_keys=True) == json.dumps(stored.state, sort_keys=True)
