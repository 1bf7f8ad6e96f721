"""Driving a Two-Headed Dragon match over live connections, and checking it.

`Player` wraps one connection (a channels WebsocketCommunicator or a real
`websockets` client): a background task reads every message, follows the
protocol (keeps the newest `state`, asks `resync` on a version gap) and hands
each answer to the request that carries its id. `play_rounds` makes every
seat that may act send one action at the same instant (asyncio.gather),
round after round; `check_run` then proves from the database and the action
log what the test promises: every action answered once, every applied one in
the log exactly once (by its nonce), every refused one illegal in the state
it was judged against, versions strictly increasing and gapless on every
connection, everyone at the same public state, and no opposing hand, discard,
codex or hidden card id in anything a viewer received. `play_and_check` does
both for a match in the database; `play_live_2v2` plays the 2v2 of the
real-server tests (tests/server/test_two_headed_dragon.py, test_proxy.py)
over real sockets.
"""

import asyncio
import json
import random
import re
import time

from asgiref.sync import sync_to_async

from game import rules
from tests.server.matchkit import action_log, db_match, start_match

# Actions the random policy uses: the game keeps going (no attacks, no abilities)
# while still covering hires, buildings, heroes, units, patrols, tech and prompts.
POLICY_TYPES = {
    "hire",
    "level_up",
    "build",
    "summon",
    "patrol",
    "play",
    "tech",
    "choose",
    "end_main",
    "repair",
    "lend",
    "end_lending",
}
PRIVATE_KEYS = (
    "hand",
    "discard",
    "trash",
    "codex",
    "reasons",
    "hire_cost",
    "addon_teardown_damage",
    "build_costs",
    "repair",
    "tech_waits",
)  # reasons, hire_cost, addon_teardown_damage, build_costs, repair, tech_waits: the viewer's own seat only
# The Two-Headed Dragon table of the 2v2 tests: ana & ari (team 0) against bo & bea.
HEROES = ("troq_bashar", "river_montoya", "river_montoya", "troq_bashar")
NAMES = ("ana", "ari", "bo", "bea")
IID = re.compile(r"(?<![\w])c\d+(?![\w])")


class Player:
    """One live connection of a seat (or of the spectator, ``seat`` None).

    ``send(dict)`` and ``recv() -> dict`` are the transport's coroutines.
    Attributes: ``inbox`` (every message received, in order), ``versions``
    (the versions of the `state` messages it rendered, in order), ``gaps``
    ((from, to) pairs it had to resync for), ``backwards`` (a version not
    newer than the one before it), ``state`` (the newest `state` message).
    """

    def __init__(self, seat, send, recv, label=""):
        self.seat = seat
        self.label = label or f"seat {seat}"
        self._send = send
        self._recv = recv
        self.inbox = []
        self.versions = []
        self.gaps = []
        self.backwards = []
        self.state = None
        self.resyncs_open = 0
        self.pending = {}
        self.next_id = 1
        self.task = None
        self.failure = None

    def start(self, first_state: dict) -> None:
        """Take the connection's first `state` and start reading."""
        self.inbox.append(first_state)
        self.state = first_state
        self.versions.append(first_state["version"])
        self.task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            try:
                await self.task
            except (asyncio.CancelledError, Exception):
                pass

    async def _run(self) -> None:
        try:
            while True:
                msg = await self._recv()
                self.inbox.append(msg)
                kind = msg.get("type")
                if kind == "state":
                    await self._on_state(msg)
                elif kind in ("applied", "refused", "error"):
                    if msg.get("id") is None and self.pending:
                        # Refused unread (rate_limited): which request it answers is unknown.
                        raise AssertionError(
                            f"{self.label}: a frame was refused without its id ({msg.get('code')}); a test "
                            "playing at machine speed needs the machine_speed fixture"
                        )
                    future = self.pending.pop(msg.get("id"), None)
                    if future is not None and not future.done():
                        future.set_result(msg)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - reported by the test
            self.failure = exc
            for future in self.pending.values():
                if not future.done():
                    future.set_exception(exc)

    async def _on_state(self, msg: dict) -> None:
        last = self.state["version"]
        version = msg["version"]
        if self.resyncs_open and version <= last:
            self.resyncs_open -= 1  # the answer to our resync: nothing newer
            return
        if version <= last:
            self.backwards.append((last, version))
            return
        if version != last + 1:
            self.gaps.append((last, version))
            self.resyncs_open += 1
            await self._send({"type": "resync"})
        self.state = msg
        self.versions.append(version)

    async def request(self, message: dict, timeout: float = 30) -> dict:
        """Send ``message`` with a fresh id; return its answer."""
        msg_id = self.next_id
        self.next_id += 1
        future = asyncio.get_running_loop().create_future()
        self.pending[msg_id] = future
        await self._send(dict(message, id=msg_id))
        return await asyncio.wait_for(future, timeout)

    async def wait_version(self, version: int, timeout: float = 30) -> None:
        """Wait until this connection has rendered ``version`` (or a newer one)."""
        deadline = time.monotonic() + timeout
        while self.state["version"] < version:
            if self.failure is not None:
                raise self.failure
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.label} stuck at version {self.state['version']}, wanted {version}")
            await asyncio.sleep(0.005)


def wrap_communicator(seat, comm, first_state: dict, label: str = "") -> Player:
    """A Player reading a channels WebsocketCommunicator in the background,
    past its first ``state``."""
    player = Player(
        seat,
        comm.send_json_to,
        lambda: comm.receive_json_from(timeout=60),
        label=label or ("spectator" if seat is None else f"seat {seat}"),
    )
    player.start(first_state)
    return player


async def socket_player(seat, sock, label: str) -> Player:
    """A Player reading a real websocket client connection (the
    `websockets` library) in the background, past its first ``state``,
    which must be version 0 as ``seat`` (None: a spectator)."""

    async def send(message):
        await sock.send(json.dumps(message))

    async def receive():
        return json.loads(await asyncio.wait_for(sock.recv(), 60))

    first = await receive()
    assert first["type"] == "state" and first["version"] == 0 and first["seat"] == seat, (label, first)
    player = Player(seat, send, receive, label=label)
    player.start(first)
    return player


def pick(legal: list, rng: random.Random, prefer_end: bool) -> dict | None:
    """The random policy: tech and prompts first; otherwise some main-phase
    action, or ending the main phase when ``prefer_end`` or nothing else."""
    options = [a for a in legal if a["type"] in POLICY_TYPES and not (a["type"] == "end_main" and "stash" in a)]
    for kind in ("tech", "choose"):
        picked = [a for a in options if a["type"] == kind]
        if picked:
            return rng.choice(picked)
    ends = [a for a in options if a["type"] == "end_main"]
    rest = [a for a in options if a["type"] != "end_main"]
    if ends and (prefer_end or not rest):
        return ends[0]
    return rng.choice(rest) if rest else None


async def play_rounds(
    players: dict,
    current_version,
    pairs: int = 0,
    seed: int = 7,
    max_rounds: int = None,
    retry_every: int = 5,
    double_every: int = 4,
    rounds: int = None,
) -> list:
    """Play until both teammates of a team have acted at the same instant
    ``pairs`` times (or, given ``rounds``, that many rounds: free-for-all).

    ``players``: seat -> Player (seats only); ``current_version``: an async
    function returning the match's version in the database. Each round waits
    until every connection shows the current version, then every seat with
    something to do picks an action from its own `legal_actions` and all send
    at once (with the version they acted on and a nonce). Every
    ``retry_every``-th round, each applied action is sent again with the same
    nonce, as a client retrying after a lost answer would; every
    ``double_every``-th round one seat sends its action twice at once under
    two nonces (a double click), and teammates who may both build an add-on
    sometimes both pick the same one (only one may have it, R18).

    Returns the records ``{"seat", "action", "version", "nonce", "answer",
    "retry"}`` in the order the rounds sent them.
    """
    rng = random.Random(seed)
    records, done_pairs, played = [], 0, 0
    max_rounds = max_rounds or rounds or pairs * 4
    while (done_pairs < pairs) if rounds is None else (played < rounds):
        played += 1
        assert played <= max_rounds, f"only {done_pairs} pairs in {max_rounds} rounds"
        version = await current_version()
        await asyncio.gather(*(p.wait_version(version) for p in players.values()))
        sends = []
        for seat, player in players.items():
            msg = player.state
            if msg["status"] != "playing":
                continue
            action = pick(msg["legal_actions"], rng, prefer_end=played % 3 == 0)
            if action is not None:
                sends.append(
                    (
                        seat,
                        {"type": "action", "action": action, "version": msg["version"], "nonce": f"s{seat}-r{played}"},
                    )
                )
        if not sends:
            break  # the game is over
        by_seat = dict(sends)
        for seat, message in sends:
            # Both teammates may build the same add-on: only one may have it (R18).
            mate = seat ^ 1
            if message["action"]["type"] == "build" and mate in by_seat and seat < mate and rng.random() < 0.5:
                if message["action"] in players[mate].state["legal_actions"]:
                    by_seat[mate]["action"] = message["action"]
        if played % double_every == 0:
            # A double click (or two tabs): the same action again under another nonce.
            seat, message = sends[0]
            sends.append((seat, dict(message, nonce=message["nonce"] + "-again")))
        teams = {}
        for seat in by_seat:
            teams.setdefault(players[seat].state["view"]["players"][seat]["team"], []).append(seat)
        done_pairs += sum(1 for seats in teams.values() if len(seats) == 2)
        answers = await asyncio.gather(*(players[s].request(m) for s, m in sends))
        for (seat, message), answer in zip(sends, answers, strict=True):
            records.append(
                {
                    "seat": seat,
                    "action": message["action"],
                    "version": message["version"],
                    "nonce": message["nonce"],
                    "answer": answer,
                    "retry": False,
                }
            )
        if played % retry_every == 0:
            for (seat, message), answer in zip(sends, answers, strict=True):
                if answer["type"] == "applied":
                    again = await players[seat].request(message)
                    records.append(
                        {
                            "seat": seat,
                            "action": message["action"],
                            "version": message["version"],
                            "nonce": message["nonce"],
                            "answer": again,
                            "retry": True,
                        }
                    )
    return records


def public(view: dict) -> dict:
    """What every viewer of a match sees alike: the view without the log,
    the viewer, private zones and prompt details."""
    out = {k: v for k, v in view.items() if k not in ("log", "viewer")}
    out["players"] = [{k: v for k, v in p.items() if k not in PRIVATE_KEYS} for p in view["players"]]
    if view.get("prompt"):
        out["prompt"] = {"seat": view["prompt"]["seat"], "text": view["prompt"]["text"]}
    return out


def replay(config: dict, logged: list) -> dict:
    """The state after each version: {0: initial, n: after action n}, rebuilt
    from the config and the action log ``[(seq, seat, action)]``."""
    states = {0: rules.new_game(config)}
    for seq, seat, action in logged:
        assert seq == len(states), f"the action log has a gap before {seq}"
        states[seq], _ = rules.apply_action(states[seq - 1], seat, action)
    return states


def refusal_code(state: dict, seat: int, action: dict) -> str | None:
    """The engine's code for refusing ``action`` at ``state``, or None when it
    accepts it (by applying it, not through the ``is_legal`` dry run)."""
    try:
        rules.apply_action(state, seat, action)
    except rules.RulesError as err:
        return err.code
    return None


def accepted(state: dict, seat: int, action: dict) -> bool:
    """True when the engine applies ``action`` for ``seat`` at ``state``."""
    return refusal_code(state, seat, action) is None


def hidden_iids(states: dict, viewer) -> set:
    """Every instance id that ``viewer`` must never receive, over the whole
    game: ids in hidden zones of the other team (or of everyone, for a
    spectator), and ids in the teammate's deck and workers. (Ids are fresh
    whenever a card enters or leaves a hidden zone, so none of these is ever
    shown legitimately.)"""
    out = set()
    for state in states.values():
        team = None if viewer is None else state["players"][viewer]["team"]
        for p in state["players"]:
            if p["seat"] == viewer:
                continue
            zones = ("deck", "workers") if p["team"] == team else ("deck", "workers", "hand", "discard", "trash")
            for zone in zones:
                out.update(p[zone])
    return out


def check_hidden(player: Player, states: dict) -> int:
    """No message ``player`` received holds another team's private zone or a
    hidden id; every state shows the teammates' hands. Returns the number of
    messages scanned."""
    secret = hidden_iids(states, player.seat)
    for msg in player.inbox:
        leaked = set(IID.findall(json.dumps(msg))) & secret
        assert not leaked, f"{player.label} received hidden ids {sorted(leaked)[:5]} in {msg['type']}"
        if msg["type"] != "state":
            continue
        view = msg["view"]
        team = None if player.seat is None else view["players"][player.seat]["team"]
        for p in view["players"]:
            if p["team"] == team:
                assert "hand" in p and "codex" in p, f"{player.label} does not see {p['name']}'s hand"
            else:
                assert not set(PRIVATE_KEYS) & set(p), f"{player.label} sees {p['name']}'s private zones"
    return len(player.inbox)


def check_run(records: list, config: dict, logged: list, final_state: dict, players: dict, spectators: list):
    """Everything the concurrency tests promise; returns a summary dict.

    ``logged``: the action log ``[(seq, seat, action, nonce)]`` from the
    database; ``spectators``: the spectators' Players.
    """
    states = replay(config, [(seq, seat, action) for seq, seat, action, _ in logged])
    final = len(states) - 1
    assert json.dumps(states[final], sort_keys=True) == json.dumps(final_state, sort_keys=True), (
        "replaying the action log does not give the stored state"
    )
    by_nonce = {}
    for seq, seat, action, nonce in logged:
        assert nonce not in by_nonce, f"nonce {nonce} applied twice"
        by_nonce[nonce] = (seq, seat, action)
    applied, refused, stale, behind = {}, 0, 0, 0
    for rec in records:
        answer = rec["answer"]
        assert answer["type"] in ("applied", "refused"), answer
        if answer["type"] == "applied":
            if rec["retry"]:
                assert answer.get("duplicate") and answer["version"] == applied[rec["nonce"]], answer
                continue
            assert not answer.get("duplicate"), answer
            assert rec["nonce"] not in applied
            applied[rec["nonce"]] = answer["version"]
            assert by_nonce[rec["nonce"]] == (answer["version"], rec["seat"], rec["action"])
            behind += answer["version"] > rec["version"] + 1  # made at an older version, still applied
        else:
            refused += 1
            assert rec["nonce"] not in by_nonce, f"refused action {rec['nonce']} is in the log"
            judged = states[answer["version"]]
            assert not accepted(judged, rec["seat"], rec["action"]), (
                f"a legal action was refused: {rec} at version {answer['version']}"
            )
            if answer["code"] == "match_over":
                assert judged["status"] == "finished"
            else:
                assert answer.get("rules_code", answer["code"]) == refusal_code(judged, rec["seat"], rec["action"])
            if answer["code"] == "stale_version":
                stale += 1
                assert answer["rules_code"] and rec["version"] < answer["version"]
    assert set(applied) == set(by_nonce), "the log holds an action nobody was told was applied"
    viewers = [*players.values(), *spectators]
    for player in viewers:
        assert player.failure is None, (player.label, player.failure)
        assert not player.backwards, (player.label, player.backwards)
        assert not player.gaps, f"{player.label} missed versions: {player.gaps}"
        assert player.versions == list(range(player.versions[0], final + 1)), player.label
        assert player.state["version"] == final
    expected = public(rules.view(final_state, None))
    for player in viewers:
        assert public(player.state["view"]) == expected, f"{player.label} ends with another public state"
    scanned = sum(check_hidden(player, states) for player in viewers)
    return {
        "applied": len(applied),
        "refused": refused,
        "stale": stale,
        "applied_behind": behind,
        "version": final,
        "scanned": scanned,
    }


async def play_and_check(match_id: int, players: dict, spectators: list, **rounds) -> tuple[list, dict, object]:
    """Play ``match_id`` with `play_rounds` (``rounds``: its keyword
    arguments, e.g. ``pairs=50, seed=3``), wait until every connection has
    the final version, then `check_run` it against the database.

    ``players``: seat -> Player; ``spectators``: the spectators' Players.
    Stops every Player at the end. Returns ``(records, summary, match)``,
    ``match`` the row as stored after the run.
    """

    async def current_version():
        return (await db_match(match_id)).version

    viewers = [*players.values(), *spectators]
    try:
        records = await play_rounds(players, current_version, **rounds)
        final = await current_version()
        await asyncio.gather(*(p.wait_version(final) for p in viewers))
        match = await db_match(match_id)
        summary = check_run(records, match.config, await action_log(match_id), match.state, players, spectators)
    finally:
        for player in viewers:
            await player.stop()
    print(summary)
    return records, summary, match


async def play_live_2v2(make_user, connect, match_seed: int, play_seed: int, pairs: int = 200) -> dict:
    """The real-server 2v2: ana & ari against bo & bea (`HEROES`), carl
    watching, each on a real websocket that ``connect(seat, match_id, user)``
    opens (seat None: carl) and returns as ``(connection, label)``; their
    teammates act at the same instant ``pairs`` times (`play_and_check`;
    the match shuffled with ``match_seed``, the moves picked with
    ``play_seed``). Asserts that the run did real work: 1.5 applied actions
    per pair, 0.4 per pair applied at an older version than the one they
    were made at, one refused as stale per 20 pairs, turns ended. Closes the
    connections. Returns ``{"summary", "labels"}`` (labels by seat).
    """
    users = [await sync_to_async(make_user)(n) for n in NAMES]
    carl = await sync_to_async(make_user)("carl")
    match = await start_match(users, heroes=HEROES, mode="2hg", seed=match_seed)
    socks, labels, players, spectators = [], {}, {}, []
    try:
        for seat, user in [*enumerate(users), (None, carl)]:
            sock, labels[seat] = await connect(seat, match.pk, user)
            socks.append(sock)
            player = await socket_player(seat, sock, labels[seat])
            if seat is None:
                spectators.append(player)
            else:
                players[seat] = player
        _, summary, match = await play_and_check(match.pk, players, spectators, pairs=pairs, seed=play_seed)
    finally:
        for player in [*players.values(), *spectators]:
            await player.stop()
        for sock in socks:
            await sock.close()
    assert summary["applied"] >= 1.5 * pairs and summary["applied_behind"] >= 0.4 * pairs, summary
    assert summary["stale"] >= pairs / 20, summary
    assert {p["turns_ended"] for p in match.state["players"]} != {0}
    return {"summary": summary, "labels": labels}
