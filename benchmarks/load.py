"""Server load benchmark: real websockets on loopback against daphne workers.

One run (one server configuration):

1. a fresh database (SQLite, or PostgreSQL ``codex_bench``), migrated; the
   setup step (benchmarks/seeding.py) starts ``--matches`` public 1v1
   matches through the lobby and makes ``--spectators`` spectator users;
2. ``--workers`` daphne processes (the Redis channel layer when more than
   one, or with ``--layer redis``). With more than one (or ``--proxy``)
   nginx stands in front (deploy/nginx/, benchmarks/servers.py ``Proxy``)
   and every client connects to its one address, as browsers would; nginx
   spreads the sockets (least connections) and names the worker of each
   handshake (``X-Upstream``), which the figures count. Without the proxy
   (``--no-proxy``) the viewers of one match are spread over the workers
   directly (seat 0 on one, seat 1 on the next, spectators after);
3. a warm-up match per worker, then the resident memory (RSS) of the
   workers; every seat and spectator connects (RSS again: memory per
   connection), then one echo room per match with as many members as the
   match has viewers (game/echo.py, the floor: 1 frame in, a group send,
   a frame out per member, as a move's 1 action in and a frame per viewer);
4. phases, each ``--seconds`` long; the connections' pings (every
   PING_SECONDS, as the page's) run in ``paced`` only, so that the other
   phases measure what they are named for:

   - ``echo``: only the echo rooms: one member per room sends a frame of
     ``--echo-bytes`` bytes every 0.5-1.5 s: the clean floor (the server
     CPU per echo frame);
   - ``paced``: the matches, whose seats act 0.5-1.5 s after they get a
     state in which they can act, *and* the echo rooms as above, at once;
   - ``closed``: the matches only, each seat acting as soon as it can
     (closed loop): the throughput, and the server CPU per move;
   - with ``--wide K``: K more spectator connections per match and K more
     members per echo room, then ``echo-wide`` and ``closed-wide`` as
     ``echo`` and ``closed``: what one more viewer costs a move, beside
     what one more member costs an echo frame.

   Seats play random legal actions (never conceding or attacking a base,
   so matches last), with a nonce, as the page does, and ask for patches
   and merged answers (docs/PROTOCOL.md).
5. after ``closed``, the memory again (memory per match).

The CPU of a phase: every worker process's, and on PostgreSQL that of the
database's backends serving the workers (servers.db_backend_cpu).

Measured per phase: the round trip of an action (sent until the sender
gets the state of the version it made), the delay until each other seat and
spectator gets that version and until all have it, p50/p95/p99; messages
and bytes per update; errors, refusals, lost and duplicated versions (every
connection must get every version once, in order: :class:`VersionCheck`).

Run: ``python -m benchmarks.load --workers 1 --db sqlite`` (see ``--help``);
``--json PATH`` writes the figures; benchmarks/server_bench.py runs the
configurations of docs/BENCHMARKS.md and prints the table.
"""

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import time
import uuid
from pathlib import Path

from benchmarks import servers
from game.patch import apply as apply_patch

PHASES = ("echo", "paced", "closed")
WIDE_PHASES = ("echo-wide", "closed-wide")
THINK = (0.5, 1.5)  # seconds a paced seat (or echo sender) waits before acting
CONNECT_AT_ONCE = 20
# Seconds daphne gives a handshake (its default is 5): on a machine this
# loaded, 200 sockets connecting at once to one worker on PostgreSQL took
# longer, and the benchmark measures play, not a connection storm.
CONNECT_TIMEOUT = 60
PING_SECONDS = 20  # every connection sends a `ping` this often, as the page does
DRAIN_SECONDS = 20  # the longest wait for a missing version once nothing arrives any more
# The workers' settings: the echo route on, the per-connection rate limit
# lifted (the closed-loop phase sends as fast as answers come), quiet logs.
# A channel prefix of the run's own: nothing else on the Redis server reaches its groups.
# Database connections kept for the whole run: a PostgreSQL backend's CPU is
# read at a phase's start and end, and one closed within the phase (its
# CONN_MAX_AGE, 60 s by default, passed) took that CPU with it (a closed
# phase of 1-pg read 0.01 ms per move).
WORKER_ENV = {
    "CONN_MAX_AGE": str(24 * 3600),
    "CODEX_BENCH_ECHO": "1",
    "CODEX_WS_RATE": "10000",
    "CODEX_WS_BURST": "10000",
    "LOG_LEVEL": "WARNING",
    "CODEX_CHANNEL_PREFIX": f"bench{os.getpid()}",
}


def percentiles(values: list) -> dict:
    """``{"n", "p50", "p95", "p99", "max"}`` of ``values`` (seconds are
    turned into milliseconds by the caller); all None when empty."""
    if not values:
        return {"n": 0, "p50": None, "p95": None, "p99": None, "max": None}
    ordered = sorted(values)

    def at(q):
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return {"n": len(ordered), "p50": statistics.median(ordered), "p95": at(0.95), "p99": at(0.99), "max": ordered[-1]}


def percentiles_ms(values: list) -> dict:
    """:func:`percentiles` of ``values`` (seconds) with the times in
    milliseconds (the counts as they are)."""
    return {k: (v * 1000 if isinstance(v, float) else v) for k, v in percentiles(values).items()}


class VersionCheck:
    """What one connection received: every version once, each one above the
    one before (versions strictly +1).

    ``see(version)`` for each state (or patch) in arrival order; then
    ``finish(final)`` with the match's last version. ``lost`` counts versions
    never received, ``duplicated`` versions received again or after a newer one.
    """

    def __init__(self):
        self.last = None
        self.lost = 0
        self.duplicated = 0

    def see(self, version: int) -> bool:
        """Record one received version; False when it is a duplicate or late."""
        if self.last is not None:
            if version <= self.last:
                self.duplicated += 1
                return False
            self.lost += version - self.last - 1
        self.last = version
        return True

    def finish(self, final: int) -> None:
        """Count the versions up to ``final`` that never came."""
        if self.last is not None and final > self.last:
            self.lost += final - self.last
            self.last = final


def choose(legal: list, rng: random.Random, end_bias: float = 0.3):
    """A random legal action that keeps the match going (no concession, no
    attack on a base), ending the main phase with chance ``end_bias`` when
    that is one option among others (as game/codex/bots.py RandomBot);
    None when there is none."""
    options = [
        a
        for a in legal
        if a["type"] != "concede" and not (a["type"] == "attack" and str(a.get("target", "")).startswith("base:"))
    ]
    if not options:
        return None
    others = [a for a in options if a["type"] != "end_main"]
    if len(others) < len(options) and (not others or rng.random() < end_bias):
        return next(a for a in options if a["type"] == "end_main")
    return rng.choice(others)


class Run:
    """The shared clock, phase and counters of one load run."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.phase = None
        self.acting = False  # seats may send actions
        self.pinging = False  # connections send their periodic pings
        self.closed_loop = False
        self.counters = {}  # phase -> {name: count}
        self.errors = []  # (phase, text), first few kept

    def count(self, name: str, by: int = 1) -> None:
        """Add ``by`` to counter ``name`` of the current phase."""
        bucket = self.counters.setdefault(self.phase, {})
        bucket[name] = bucket.get(name, 0) + by

    def error(self, text: str) -> None:
        """Record an error of the current phase (the first 20 texts are kept)."""
        self.count("errors")
        if len(self.errors) < 20:
            self.errors.append((self.phase, text))


class MatchRun:
    """One match's viewers and the times its versions were sent and seen.

    ``sent[version] = (phase, send time, sender Viewer)``;
    ``seen[version] = [(viewer, arrival time, frame bytes), ...]``.
    """

    def __init__(self, match_id: int):
        self.match_id = match_id
        self.viewers = []
        self.sent = {}
        self.seen = {}

    def final_version(self) -> int:
        """The newest version any viewer has been told of."""
        return max([*self.sent, *(v.check.last or 0 for v in self.viewers)])


class Viewer:
    """One websocket of a seat (``seat`` int) or a spectator (None) of one match."""

    def __init__(self, run: Run, match: MatchRun, seat, url: str, cookie: str, origin: str, patches: bool):
        self.run, self.match, self.seat = run, match, seat
        self.upstream = None  # the worker that took the handshake, when a proxy says (X-Upstream)
        self.url = url + ("?patches=1&merged=1" if patches else "?merged=1")
        self.cookie, self.origin = cookie, origin
        self.check = VersionCheck()
        self.state = None  # the latest full state message (seats only)
        self.pending = None  # (message id, send time, version acted at) of the action awaiting its answer
        self.awaiting = None  # version this seat made and has not yet received
        self.timer = None
        self.next_id = 1
        self.pongs = 0
        self.ws = None
        self.closing = False
        self.ready = asyncio.Event()

    async def open(self, websockets) -> None:
        """Connect and start reading (the first message is a full state)."""
        self.ws = await websockets.connect(
            self.url,
            origin=self.origin,
            compression=None,
            open_timeout=60,
            max_size=2**20,
            additional_headers={"Cookie": self.cookie},
        )
        self.upstream = self.ws.response.headers.get("X-Upstream")
        self.reader = asyncio.create_task(self.read())
        self.pinger = asyncio.create_task(self.ping())

    async def ping(self) -> None:
        """Send an application ``ping`` every PING_SECONDS (first one at a
        random moment), as the page does: the server answers with presence."""
        await asyncio.sleep(self.run.rng.uniform(0, PING_SECONDS))
        while not self.closing:
            if self.run.pinging:
                self.run.count("pings")
                await self.ws.send(json.dumps({"type": "ping", "id": f"p{self.next_id}"}))
                self.next_id += 1
            await asyncio.sleep(PING_SECONDS)

    async def read(self) -> None:
        """Handle every frame until the socket closes."""
        try:
            async for text in self.ws:
                self.on_frame(text, time.perf_counter())
        except Exception as exc:  # a closed socket is an error unless the run is over
            self.run.error(f"match {self.match.match_id} seat {self.seat}: {exc!r}")
        if not self.closing:
            self.run.error(f"match {self.match.match_id} seat {self.seat}: closed {self.ws.close_code}")

    async def close(self) -> None:
        """Close the socket (not an error)."""
        self.closing = True
        self.stop_acting()
        self.pinger.cancel()
        await self.ws.close()

    def on_frame(self, text: str, now: float) -> None:
        """Dispatch one server message (docs/PROTOCOL.md)."""
        msg = json.loads(text)
        kind = msg.get("type")
        if kind in ("state", "patch"):
            if "id" in msg:  # the answer to this seat's action, merged into its version's frame
                self.on_applied(msg)
            self.on_version(msg, kind, len(text), now)
        elif kind == "applied":
            self.on_applied(msg)
        elif kind == "pong":
            self.pongs += 1
        elif kind == "refused":
            self.run.count(f"refused {msg['code']}")
            if self.pending and msg.get("id") == self.pending[0]:
                self.pending = None
                self.maybe_act()
        elif kind == "error":
            if self.pending and msg.get("id") == self.pending[0]:
                self.pending = None
            self.run.error(f"error frame {msg}")

    def on_applied(self, msg: dict) -> None:
        """The answer to this seat's pending action: its version is awaited."""
        _, sent_at, _ = self.pending
        self.match.sent[msg["version"]] = (self.run.phase, sent_at, self)
        self.awaiting = msg["version"]
        self.pending = None
        self.run.count("applied")
        if msg.get("duplicate"):
            self.run.error(f"unexpected duplicate answer {msg}")

    def on_version(self, msg: dict, kind: str, size: int, now: float) -> None:
        """A state or patch: check the version order, keep the state, time it."""
        version = msg["version"]
        if kind == "patch" and self.check.last is not None and msg["base"] != self.check.last:
            self.run.error(f"patch on base {msg['base']}, have {self.check.last}")
        if not self.check.see(version):
            return
        self.match.seen.setdefault(version, []).append((self, now, size))
        self.run.count("frames")
        if self.seat is None:
            return
        if kind == "state":
            self.state = msg
        else:
            self.state = apply_patch(self.state, msg["ops"])
            self.state["version"] = version
        if self.awaiting is not None and version >= self.awaiting:
            self.awaiting = None
        if not self.ready.is_set():
            self.ready.set()
        self.maybe_act()

    def can_act(self) -> bool:
        """True when this seat may send an action now."""
        return (
            self.run.acting
            and self.seat is not None
            and self.pending is None
            and self.awaiting is None
            and self.state is not None
            and self.state["status"] == "playing"
            and any(a["type"] != "concede" for a in self.state["legal_actions"])
        )

    def maybe_act(self) -> None:
        """Act at once (closed loop) or after a think time (paced), if it can."""
        if self.timer is not None or not self.can_act():
            return
        if self.run.closed_loop:
            self.act()
        else:
            self.timer = asyncio.get_running_loop().call_later(self.run.rng.uniform(*THINK), self.act)

    def act(self) -> None:
        """Send a random legal action of the newest state."""
        self.timer = None
        if not self.can_act():
            return
        action = choose(self.state["legal_actions"], self.run.rng)
        if action is None:
            return
        msg_id = self.next_id
        self.next_id += 1
        self.pending = (msg_id, time.perf_counter(), self.state["version"])
        asyncio.get_running_loop().create_task(
            self.ws.send(
                json.dumps(
                    {
                        "type": "action",
                        "id": msg_id,
                        "version": self.state["version"],
                        "action": action,
                        "nonce": uuid.uuid4().hex,
                    }
                )
            )
        )

    def stop_acting(self) -> None:
        """Cancel a scheduled action."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None


class EchoRoom:
    """One echo room: its members' sockets; member 0 sends.

    ``sent[k] = (phase, send time)``; ``seen[k] = [(member index, arrival time)]``.
    """

    def __init__(self, run: Run, frame_bytes: int):
        self.run = run
        self.frame_bytes = frame_bytes
        self.sockets = []
        self.sent = {}
        self.seen = {}
        self.sending = False
        self.k = 0  # frames sent so far (numbers them across phases)

    async def add(self, websockets, url: str, cookie: str, origin: str) -> None:
        """Connect one more member."""
        ws = await websockets.connect(
            url, origin=origin, compression=None, open_timeout=60, additional_headers={"Cookie": cookie}
        )
        index = len(self.sockets)
        self.sockets.append(ws)
        asyncio.create_task(self.read(ws, index))

    async def read(self, ws, index: int) -> None:
        """Record when each echoed frame reaches this member."""
        try:
            async for text in ws:
                now = time.perf_counter()
                self.seen.setdefault(json.loads(text)["k"], []).append((index, now))
        except Exception as exc:
            self.run.error(f"echo member {index}: {exc!r}")

    async def send_loop(self) -> None:
        """Send a frame every think time while ``sending``."""
        pad = "x" * max(0, self.frame_bytes - 20)
        while self.sending:
            await asyncio.sleep(self.run.rng.uniform(*THINK))
            if not self.sending:
                break
            self.k += 1
            self.sent[self.k] = (self.run.phase, time.perf_counter())
            await self.sockets[0].send(json.dumps({"k": self.k, "pad": pad}))


def match_figures(matches: list, phase: str, seconds: float) -> dict:
    """Latency, traffic and correctness figures of the updates sent in ``phase``."""
    rtt, others, everyone, frame_bytes = [], [], [], []
    updates = frames = 0
    for match in matches:
        for version, (when, sent_at, sender) in match.sent.items():
            if when != phase:
                continue
            updates += 1
            seen = match.seen.get(version, [])
            frames += len(seen)
            frame_bytes += [size for _, _, size in seen]
            for viewer, at, _ in seen:
                (rtt if viewer is sender else others).append(at - sent_at)
            if len(seen) == len(match.viewers):
                everyone.append(max(at for _, at, _ in seen) - sent_at)
    return {
        "updates": updates,
        "moves_per_s": updates / seconds if seconds else None,
        "rtt_ms": percentiles_ms(rtt),
        "others_ms": percentiles_ms(others),
        "all_seen_ms": percentiles_ms(everyone),
        "frames_per_update": frames / updates if updates else None,
        "frame_bytes": percentiles(frame_bytes),
        "bytes_per_update": sum(frame_bytes) / updates if updates else None,
    }


def echo_figures(rooms: list, phase: str) -> dict:
    """Round trip (sender) and delay to the other members of the echo frames of ``phase``."""
    rtt, others = [], []
    sent = 0
    for room in rooms:
        for k, (when, sent_at) in room.sent.items():
            if when != phase:
                continue
            sent += 1
            for index, at in room.seen.get(k, []):
                (rtt if index == 0 else others).append(at - sent_at)
    return {"sent": sent, "rtt_ms": percentiles_ms(rtt), "others_ms": percentiles_ms(others)}


async def gather_limited(coros: list, at_once: int = CONNECT_AT_ONCE) -> None:
    """Await ``coros`` with at most ``at_once`` running together."""
    gate = asyncio.Semaphore(at_once)

    async def one(coro):
        async with gate:
            await coro

    await asyncio.gather(*(one(c) for c in coros))


async def drain(run: Run, matches: list) -> None:
    """Wait until no action is unanswered and every viewer has the newest
    version of its match: as long as versions keep arriving (an overloaded
    server catches up), but at most DRAIN_SECONDS without progress."""
    last_progress, seen = time.monotonic(), None
    while time.monotonic() - last_progress < DRAIN_SECONDS:
        busy = any(v.pending or v.awaiting for m in matches for v in m.viewers)
        behind = any(v.check.last != m.final_version() for m in matches for v in m.viewers)
        if not busy and not behind:
            return
        now_seen = sum(v.check.last or 0 for m in matches for v in m.viewers)
        if now_seen != seen:
            last_progress, seen = time.monotonic(), now_seen
        await asyncio.sleep(0.1)
    run.error("drain: some answers or versions never came")


PING_BURST = 5  # pings each connection sends in the ping step, PING_GAP seconds apart
PING_GAP = 0.3


async def ping_step(viewers: list, workers: list, database_url: str) -> dict:
    """After the phases, nothing but pings: every connection sends
    PING_BURST of them. Returns ``{"pings", "pongs", "server_cpu_ms_per_ping",
    "db_transactions_idle", "db_transactions_per_ping"}`` (from PostgreSQL's
    own count of the benchmark database's transactions, None on SQLite:
    first as many seconds without pings, the workers' own heartbeats, whose
    count is then taken from that of the pings' window)."""
    before = [v.pongs for v in viewers]
    await asyncio.sleep(1.5)
    # The same time without pings first: the workers' own background transactions (heartbeats).
    idle_from = servers.db_transactions(database_url)
    await asyncio.sleep(PING_BURST * PING_GAP + 1)
    await asyncio.sleep(11)  # an idle PostgreSQL backend reports its counts within 10 s
    idle = None if idle_from is None else servers.db_transactions(database_url) - idle_from - 1
    xacts, cpu = servers.db_transactions(database_url), sum(w.cpu_seconds() for w in workers)
    began = time.monotonic()
    for _ in range(PING_BURST):
        for viewer in viewers:
            await viewer.ws.send(json.dumps({"type": "ping", "id": f"q{viewer.next_id}"}))
            viewer.next_id += 1
        await asyncio.sleep(PING_GAP)
    deadline = time.monotonic() + DRAIN_SECONDS
    while time.monotonic() < deadline and any(v.pongs - b < PING_BURST for v, b in zip(viewers, before, strict=True)):
        await asyncio.sleep(0.1)
    cpu = sum(w.cpu_seconds() for w in workers) - cpu
    await asyncio.sleep(max(0.0, PING_BURST * PING_GAP + 1 - (time.monotonic() - began)))
    await asyncio.sleep(11)
    after = servers.db_transactions(database_url)
    pings = PING_BURST * len(viewers)
    return {
        "pings": pings,
        "pongs": sum(v.pongs - b for v, b in zip(viewers, before, strict=True)),
        "server_cpu_ms_per_ping": 1000 * cpu / pings,
        "db_transactions_idle": idle,
        "db_transactions_per_ping": None if xacts is None else (after - xacts - 1 - idle) / pings,
    }


def placement(viewers: list, workers: list) -> dict:
    """Where a proxy put the sockets (from each Viewer's ``upstream``):
    ``{"sockets_per_worker": [count per worker, in worker order],
    "matches_across_workers": matches whose viewers are not all on one
    worker}``; None without a proxy."""
    if not viewers or viewers[0].upstream is None:
        return None
    index = {w.address: i for i, w in enumerate(workers)}
    per_worker = [0] * len(workers)
    spread = {}
    for viewer in viewers:
        worker = index[viewer.upstream.split(", ")[-1]]  # "a, b": a refused the connection, b took it
        per_worker[worker] += 1
        spread.setdefault(viewer.match.match_id, set()).add(worker)
    return {
        "sockets_per_worker": per_worker,
        "matches_across_workers": sum(1 for seen in spread.values() if len(seen) > 1),
    }


async def play(args, workers: list, seeded: list, warmup: list, proxy=None) -> dict:
    """Connect, run the phases and collect the figures (see the module
    docstring); every client goes to ``proxy`` (a servers.Proxy) when given."""
    import websockets

    run = Run(args.seed)
    run.phase = "connect"
    fronts = [proxy] if proxy else workers
    urls = [f"ws://127.0.0.1:{f.port}" for f in fronts]
    origins = [f.url for f in fronts]
    measured = [*workers, *([proxy] if proxy else [])]  # whose CPU time each phase measures

    def place(match_index: int, viewer_index: int) -> int:
        return (match_index + viewer_index) % len(fronts)

    # Warm-up: one match per worker (both seats on it, or wherever the proxy puts them), a few actions, then closed.
    warm = []
    for w, seeded_match in enumerate(warmup):
        match = MatchRun(seeded_match.match_id)
        for seat, cookie in enumerate(seeded_match.seat_cookies):
            front = w % len(fronts)
            viewer = Viewer(
                run,
                match,
                seat,
                f"{urls[front]}/ws/match/{match.match_id}/",
                cookie,
                origins[front],
                not args.full_states,
            )
            match.viewers.append(viewer)
        warm.append(match)
    for match in warm:
        for viewer in match.viewers:
            await viewer.open(websockets)
    run.acting, run.closed_loop = True, True
    await asyncio.sleep(2)
    run.acting = False
    await drain(run, warm)
    for match in warm:
        for viewer in match.viewers:
            await viewer.close()
    await asyncio.sleep(1)
    memory = {"baseline_kb": sum(w.rss_kb() for w in workers)}
    if proxy:
        memory["proxy_baseline_kb"] = proxy.rss_kb()

    matches = []
    for i, seeded_match in enumerate(seeded):
        match = MatchRun(seeded_match.match_id)
        cookies = [(seat, c) for seat, c in enumerate(seeded_match.seat_cookies)]
        cookies += [(None, c) for c in seeded_match.spectator_cookies]
        for j, (seat, cookie) in enumerate(cookies):
            w = place(i, j)
            match.viewers.append(
                Viewer(
                    run, match, seat, f"{urls[w]}/ws/match/{match.match_id}/", cookie, origins[w], not args.full_states
                )
            )
        matches.append(match)
    viewers = [v for m in matches for v in m.viewers]
    started = time.perf_counter()
    await gather_limited([v.open(websockets) for v in viewers])
    await asyncio.wait_for(asyncio.gather(*(v.ready.wait() for v in viewers if v.seat is not None)), 60)
    connect_seconds = time.perf_counter() - started
    await asyncio.sleep(1)
    memory["connected_kb"] = sum(w.rss_kb() for w in workers)
    if proxy:
        memory["proxy_connected_kb"] = proxy.rss_kb()

    rooms = []
    for i, match in enumerate(matches):
        room = EchoRoom(run, args.echo_bytes)
        rooms.append(room)
        for j, viewer in enumerate(match.viewers):
            w = place(i, j)
            await room.add(websockets, f"{urls[w]}/ws/echo/{i}/", viewer.cookie, origins[w])
    await asyncio.sleep(1)
    memory["echo_connected_kb"] = sum(w.rss_kb() for w in workers)

    async def run_phase(phase: str) -> dict:
        """Run one phase (see the module docstring); returns its figures."""
        run.phase = phase
        run.closed_loop = phase.startswith("closed")
        run.pinging = phase == "paced"
        senders = []
        if phase.startswith("echo") or phase == "paced":
            for room in rooms:
                room.sending = True
                senders.append(asyncio.create_task(room.send_loop()))
        if phase in ("paced", "closed", "closed-wide"):
            run.acting = True
            for viewer in viewers:
                viewer.maybe_act()
        began = time.perf_counter()
        backends = servers.db_backend_cpu(args.database_url)
        cpu_before = [s.cpu_seconds() for s in measured], time.process_time()
        await asyncio.sleep(args.seconds)
        seconds = time.perf_counter() - began
        cpu = (
            [s.cpu_seconds() - b for s, b in zip(measured, cpu_before[0], strict=True)],
            time.process_time() - cpu_before[1],
        )
        backends_after = servers.db_backend_cpu(args.database_url)
        run.acting = run.pinging = False
        for viewer in viewers:
            viewer.stop_acting()
        for room in rooms:
            room.sending = False
        await asyncio.gather(*senders)
        await drain(run, matches)
        await asyncio.sleep(0.5)  # the last echo frames
        return {
            "seconds": seconds,
            "server_cpu_s": sum(cpu[0][: len(workers)]),
            "db_cpu_s": sum(t - backends.get(pid, 0.0) for pid, t in backends_after.items()),
            "proxy_cpu_s": cpu[0][-1] if proxy else None,
            "loadgen_cpu_s": cpu[1],
            "load_average": os.getloadavg()[0],
            **match_figures(matches, phase, seconds),
            "echo": echo_figures(rooms, phase),
            "counters": run.counters.get(phase, {}),
        }

    phases = {}
    for phase in PHASES:
        phases[phase] = await run_phase(phase)
    connections, echo_connections = len(viewers), sum(len(r.sockets) for r in rooms)
    memory["after_kb"] = sum(w.rss_kb() for w in workers)
    if args.wide:
        # K more spectator connections per match (its spectators' cookies, or
        # its seats' when it has none) and K more members per echo room.
        extra = []
        for i, (match, seeded_match) in enumerate(zip(matches, seeded, strict=True)):
            cookies = seeded_match.spectator_cookies or seeded_match.seat_cookies
            for k in range(args.wide):
                w = place(i, len(match.viewers))
                viewer = Viewer(
                    run,
                    match,
                    None,
                    f"{urls[w]}/ws/match/{match.match_id}/",
                    cookies[k % len(cookies)],
                    origins[w],
                    not args.full_states,
                )
                match.viewers.append(viewer)
                extra.append(viewer)
                await rooms[i].add(websockets, f"{urls[w]}/ws/echo/{i}/", viewer.cookie, origins[w])
        run.phase = "connect"
        await gather_limited([v.open(websockets) for v in extra])
        viewers += extra
        await drain(run, matches)
        await asyncio.sleep(1)
        for phase in WIDE_PHASES:
            phases[phase] = await run_phase(phase)
    run.phase = "pings"
    pings = await ping_step(viewers, workers, args.database_url)
    run.phase = "done"
    lost = duplicated = 0
    for match in matches:
        final = match.final_version()
        for viewer in match.viewers:
            viewer.check.finish(final)
            lost += viewer.check.lost
            duplicated += viewer.check.duplicated
    for viewer in viewers:
        await viewer.close()
    for room in rooms:
        for ws in room.sockets:
            await ws.close()
    return {
        "phases": phases,
        "pings": pings,
        "lost": lost,
        "duplicated": duplicated,
        "errors": sum(c.get("errors", 0) for c in run.counters.values()),
        "error_samples": run.errors,
        "connections": connections,
        "echo_connections": echo_connections,
        "connect_seconds": connect_seconds,
        "memory": memory,
        "placement": placement(viewers, workers),
        "finished_matches": sum(1 for m in matches if m.viewers[0].state["status"] != "playing"),
    }


def main(argv=None) -> dict:
    """Parse arguments, set up the database and workers, run, print (and
    with ``--json`` write) the figures. Returns them."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument(
        "--layer",
        choices=("memory", "redis"),
        default=None,
        help="channel layer (default: memory for one worker, redis for more)",
    )
    parser.add_argument(
        "--proxy",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="clients connect through nginx in front of the workers (default: with more than one)",
    )
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--spectators", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20, help="length of each phase")
    parser.add_argument("--echo-bytes", type=int, default=600, help="size of an echo frame")
    parser.add_argument(
        "--wide", type=int, default=0, help="then K more spectators per match and echo members per room (0: no)"
    )
    parser.add_argument("--full-states", action="store_true", help="ask for full states, not patches")
    parser.add_argument("--profile", help="run worker 0 under py-spy; raw collapsed stacks to this path")
    parser.add_argument(
        "--server-root",
        default=str(servers.ROOT),
        help="checkout whose server code the workers run (to measure an older commit)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="write the figures to this path")
    args = parser.parse_args(argv)
    layer = args.layer or ("memory" if args.workers == 1 else "redis")
    if layer == "memory" and args.workers > 1:
        parser.error("the in-memory channel layer cannot serve more than one worker")
    proxied = args.workers > 1 if args.proxy is None else args.proxy
    if proxied and servers.nginx_binary() is None:
        parser.error("--proxy needs nginx (Debian: apt-get install nginx-light); --no-proxy connects directly")

    database_url = args.database_url = servers.prepare_database(args.db)
    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "codexsite.settings")
    import django

    django.setup()
    from benchmarks.seeding import seed

    seeded = seed(args.matches, args.spectators)
    warmup = seed(args.workers, 0, prefix="w")

    workers, proxy = [], None
    try:
        for w in range(args.workers):
            workers.append(
                servers.Worker(
                    database_url,
                    servers.REDIS_URL if layer == "redis" else "",
                    env=WORKER_ENV,
                    proxy_headers=proxied,
                    profile=args.profile if w == 0 else None,
                    root=Path(args.server_root),
                    connect_timeout=CONNECT_TIMEOUT,
                )
            )
        if proxied:
            proxy = servers.Proxy([w.address for w in workers], root=Path(args.server_root))
        figures = asyncio.run(play(args, workers, seeded, warmup, proxy))
    finally:
        if proxy:
            proxy.stop()
        for worker in workers:
            worker.stop()
    figures["config"] = {
        "workers": args.workers,
        "db": args.db,
        "layer": layer,
        "proxy": proxied,
        "matches": args.matches,
        "spectators": args.spectators,
        "seconds": args.seconds,
        "echo_bytes": args.echo_bytes,
        "wide": args.wide,
        "patches": not args.full_states,
        "server_root": args.server_root,
        "load_average": os.getloadavg(),
    }
    print_figures(figures, args.json)
    return figures


def print_figures(figures: dict, path: str | None) -> None:
    """Print ``figures`` as JSON and, with a ``path``, write them there too."""
    print(json.dumps(figures, indent=1, default=str))
    if path:
        with open(path, "w") as out:
            json.dump(figures, out, indent=1, default=str)


if __name__ == "__main__":
    sys.exit(0 if main()["errors"] == 0 else 1)
