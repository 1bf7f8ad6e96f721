"""The load generator's clients (benchmarks/load.py): the run's shared
clock and counters, one websocket per seat or spectator of a match, which
checks that it gets every version once and in order and, at a seat, plays
random legal actions that keep the match going, and the echo rooms that
measure the floor (game/echo.py). No figures here: benchmarks/loadreport.py
turns what they recorded into them.
"""

import asyncio
import json
import random
import time
import uuid
from typing import Any

from game.patch import apply as apply_patch

THINK = (0.5, 1.5)  # seconds a paced seat (or echo sender) waits before acting
PING_SECONDS = 20  # every connection sends a `ping` this often, as the page does


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
        self.phase: str | None = None  # the phase running, "connect", "pings" or "done"
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
        self.state: Any = None  # the latest full state message (seats only)
        self.pending: Any = None  # (message id, send time, version acted at) of the action awaiting its answer
        self.awaiting = None  # version this seat made and has not yet received
        self.timer: asyncio.TimerHandle | None = None
        self.next_id = 1
        self.pongs = 0
        self.ws: Any = None  # the websocket, once open
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
            if self.pending and msg.get("id") == self.pending[0]:  # this seat's action's answer, merged in
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
