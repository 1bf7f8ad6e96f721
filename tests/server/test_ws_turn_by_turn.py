"""Late actions in the turn-by-turn games (Arcane Codex, C-23) over the
live protocol: an action made at a version after which another seat acted
is refused ``stale_version`` and changes nothing, even when the engine
would accept it now (a fresh tester's out-of-turn click was applied on
their next turn); the same action sent at the current version is applied.
Codex keeps judging late actions by the engine (Two-Headed Dragon, house
rule R19: tests/server/test_ws_play.py, test_two_headed_dragon.py)."""

import pytest
from asgiref.sync import sync_to_async

from game import rules
from game.services import apply_match_action, create_match
from tests.server.matchkit import db_match, playable, recv, recv_until, row_now

pytestmark = pytest.mark.django_db(transaction=True)

CONFIGS = {
    "arcane": {"game": "arcane", "seed": 11, "seats": [{"name": "A"}, {"name": "B"}]},
    "c23": {"game": "c23", "seed": 5, "seats": [{"name": "A"}, {"name": "B"}]},
}


@sync_to_async
def hand_over(config: dict, users: list):
    """A match of ``config`` whose first player acts (greedy bot) until the
    game waits on the other seat; returns (match, the seat that had the
    turn at version 0, the seat that has it now)."""
    match = create_match(config, users)
    first = rules.waiting_on(match.state)[0]
    bot = rules.GreedyBot(seed=3)
    while rules.waiting_on(match.state) == [first]:
        action = bot.choose(match.state, first)
        apply_match_action(match.pk, users[first].pk, action, match.version)
        match = row_now(match.pk)
    (other,) = rules.waiting_on(match.state)
    assert other != first and match.status == "playing"
    return match, first, other


@pytest.mark.parametrize("game", sorted(CONFIGS))
async def test_an_action_made_before_the_turn_changed_hands_is_refused(game, make_user, ws, layer):
    users = [await sync_to_async(make_user)(n) for n in ("north", "south")]
    match, first, other = await hand_over(CONFIGS[game], users)
    assert rules.turn_by_turn(match.state)
    comm, connected, _ = await ws(f"/ws/match/{match.pk}/", users[other])
    assert connected and (await recv(comm))["version"] == match.version
    action = playable(match.state, other)[0]  # legal now, on the other seat's turn
    await comm.send_json_to({"type": "action", "action": action, "version": 0, "id": 1})
    refused = await recv(comm)
    assert refused["type"] == "refused" and refused["code"] == "stale_version" and refused["id"] == 1
    assert refused["version"] == match.version and "rules_code" not in refused
    assert refused["reason"].startswith("Not applied: another player acted after you chose this")
    after = await db_match(match.pk)
    assert after.version == match.version and after.state == match.state  # nothing changed
    await comm.send_json_to({"type": "action", "action": action, "version": match.version, "id": 2})
    assert (await recv_until(comm, "applied"))[-1] == {"type": "applied", "id": 2, "version": match.version + 1}


@pytest.mark.parametrize("game", sorted(CONFIGS))
async def test_a_seat_acting_twice_on_its_own_turn_is_not_refused(game, make_user, ws, layer):
    """Two actions sent at once by the seat on turn (the second made at the
    version before the first was applied) hand nothing over: the second
    is judged by the engine, as before."""
    users = [await sync_to_async(make_user)(n) for n in ("north", "south")]
    match = await sync_to_async(create_match)(CONFIGS[game], users)
    seat = rules.waiting_on(match.state)[0]
    comm, connected, _ = await ws(f"/ws/match/{match.pk}/", users[seat])
    assert connected and (await recv(comm))["version"] == 0
    first, state = next(
        (a, s)
        for a in playable(match.state, seat)
        for s in [rules.apply_action(match.state, seat, a)[0]]
        if rules.waiting_on(s) == [seat]
    )
    second = next(a for a in playable(state, seat) if a["type"] != "offer_draw")
    await comm.send_json_to({"type": "action", "action": first, "version": 0, "id": 1})
    assert (await recv_until(comm, "applied"))[-1]["version"] == 1
    await comm.send_json_to({"type": "action", "action": second, "version": 0, "id": 2})
    assert (await recv_until(comm, "applied"))[-1] == {"type": "applied", "id": 2, "version": 2}
