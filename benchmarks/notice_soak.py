"""The turn-based soak (issue 32 "Reliability"; `make soak-turnbased`,
docs/BENCHMARKS.md "Turn-based soak").

One run:

1. a Redis server of the soak's own (``--redis-port``, 6390 by default;
   append-only file in a temporary directory, as a deployment keeps its
   queue), a fresh PostgreSQL database (CODEX_BENCH_PG_DB), migrated;
2. local receivers (benchmarks/receivers.py): an SMTP server, a webhook
   receiver and a push endpoint that decrypts each payload with the
   subscription's keys;
3. ``--matches`` turn-based 1v1 tables (a day a move, a stand-in at a missed
   deadline), each with a webhook of its own (the table's chat), both
   players choosing e-mail (confirmed), Web Push (one subscription) and a
   webhook of their own, started through the lobby's services;
4. ``--workers`` daphne workers (2; nginx in front of more than one,
   routing each match to one worker: deploy/nginx/) and ``--huey-workers``
   ``manage.py run_huey`` worker processes (2, each with ``--huey-threads``
   threads) on that database and Redis (the deployment of
   deploy/README.md), started and ready before the tables start; the
   players, scripted, play over the websocket until ``--turns`` turns came
   to a player (the table webhook's rows in the outbox: one per turn coming
   to a seat), their turns as short as the rules let them: a random legal
   action (never conceding nor attacking a base) only when the game asks
   for one before the main phase may end (a tech choice, a discard), and
   the main phase ended as soon as it may (END_BIAS);
5. on the way: a third of the way from the first turns (the tables'
   starts) to ``--turns`` (or of ``--max-minutes``, when sooner) a huey worker is killed (SIGKILL,
   whatever it held) and started again KILL_PAUSE seconds later; at two
   thirds Redis is stopped and started again (the channel layer, the cache
   and the queue go away for REDIS_PAUSE seconds); a worker that exits on
   its own is started again too (counted);
6. the players stop, then daphne (no new row after it); the outbox drains
   (every row sent or failed, at most DRAIN_SECONDS: the workers' notice
   keepers sweep what a lost task left every few seconds); then the audit (benchmarks/notice_audit.py): lost, doubled,
   redelivered and unexpected notices per channel, latency from the action's
   transaction to the receiver per channel, hidden cards in any payload.

Run: ``python -m benchmarks.notice_soak --matches 200 --turns 10000``
(``--help``); ``--json PATH`` writes the figures. Exits 1 when a notice was
lost, doubled or unexpected, a card leaked, or the p99 of a channel is over
TARGET_P99 seconds.
"""

import argparse
import asyncio
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid

from benchmarks import servers
from benchmarks.loadclients import choose
from benchmarks.loadreport import print_figures
from benchmarks.receivers import MailBox, Receiver
from game.patch import apply as apply_patch

DAY = 86400
# A player ends its main phase whenever it may: a turn is then one action
# and a tech choice now and then (about 1.1 actions a turn in the engine's
# own play, against 2.3 at an even chance and 3-4 in the soak's first runs).
END_BIAS = 1.0
THINK = (0.05, 0.4)  # seconds a player waits before each action
KILL_PAUSE = 5.0  # seconds the huey worker stays dead
REDIS_PAUSE = 3.0  # seconds Redis stays down
DRAIN_SECONDS = 240.0  # the longest wait for the outbox to drain
TARGET_P99 = 30.0  # seconds, issue 32
REPORT_EVERY = 30.0  # seconds between progress lines
ANSWER_SECONDS = 120.0  # an action unanswered this long was lost in a fault: act again
QUERY = "?patches=1&merged=1"  # patches and merged answers, as the page asks (docs/PROTOCOL.md)


class OwnRedis:
    """A redis-server of the soak's own on 127.0.0.1:``port`` (never the
    machine's shared one: the soak restarts it), its append-only file in a
    temporary directory. Raises RuntimeError when the port is taken or it
    does not start."""

    def __init__(self, port: int):
        self.port = port
        self.dir = tempfile.mkdtemp(prefix="codex-soak-redis-")
        if _listening(port):
            raise RuntimeError(f"port {port} is taken: give the soak's Redis another (--redis-port)")
        self.proc = self._spawn()

    def start(self) -> None:
        """Start it again, on the same files."""
        self.proc = self._spawn()

    def _spawn(self) -> subprocess.Popen:
        """Start redis-server and wait until it listens."""
        proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--dir", self.dir,
             "--appendonly", "yes", "--appendfsync", "everysec", "--save", ""],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        end = time.monotonic() + 20
        while not _listening(self.port):
            if time.monotonic() > end or proc.poll() is not None:
                raise RuntimeError("the soak's redis-server did not start")
            time.sleep(0.05)
        return proc

    def stop(self) -> None:
        """Stop it (SIGTERM: it writes its files and exits)."""
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=30)


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


class HueyWorker:
    """A ``manage.py run_huey`` process with the workers' environment ``env``."""

    def __init__(self, env: dict):
        self.env = env
        self.log = tempfile.TemporaryFile()
        self.starts = 0
        self.proc = self._spawn()

    def wait_ready(self, threads: int, seconds: float = 300.0) -> None:
        """Wait until the process runs its ``threads`` (workers, notice keeper) and scheduler
        (its threads, read from /proc). Raises RuntimeError when it does not
        within ``seconds`` or exits."""
        end = time.monotonic() + seconds
        while len(os.listdir(f"/proc/{self.proc.pid}/task")) < threads + 2:
            if self.proc.poll() is not None or time.monotonic() > end:
                raise RuntimeError("a run_huey worker did not start")
            time.sleep(0.5)

    def start(self) -> None:
        """Start a worker process again."""
        self.proc = self._spawn()

    def _spawn(self) -> subprocess.Popen:
        self.starts += 1
        return subprocess.Popen(
            [sys.executable, "manage.py", "run_huey"], cwd=servers.ROOT, env=self.env, stdout=self.log, stderr=self.log
        )

    def kill(self) -> None:
        """SIGKILL: the worker dies with whatever tasks and rows it held."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        """A graceful stop (SIGINT), SIGKILL after 20 s."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()


class Player:
    """One scripted player: a websocket to its seat of one match that
    plays a random legal action (benchmarks.loadclients.choose) whenever the game
    waits on it, with a think time; it connects again after any fault
    (Redis down, the server closing the socket) and starts from the full
    state it gets."""

    def __init__(self, url: str, origin: str, cookie: str, rng: random.Random, counts: dict):
        self.url, self.origin, self.cookie = url, origin, cookie
        self.rng, self.counts = rng, counts
        self.state: dict = {}  # the newest state message ({} before the first)
        self.stopping = False
        self.next_id = 1

    async def run(self, websockets) -> None:
        """Play until stop(); every fault is counted and followed by a reconnect."""
        while not self.stopping:
            try:
                async with websockets.connect(
                    self.url,
                    origin=self.origin,
                    compression=None,
                    open_timeout=60,
                    max_size=2**22,
                    additional_headers={"Cookie": self.cookie},
                ) as ws:
                    self.state = {}
                    await self._play(ws)
            except Exception as exc:  # noqa: BLE001 (any fault: count it, connect again)
                if not self.stopping:
                    self._count(f"reconnect {type(exc).__name__}")
                    await asyncio.sleep(self.rng.uniform(0.5, 2.0))

    async def _play(self, ws) -> None:
        pending = None  # (id, time sent) of the action awaiting its answer
        awaiting = None  # the version that action made, not seen yet
        while not self.stopping:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=1.0))
            except TimeoutError:
                msg = {}
            kind = msg.get("type")
            if kind == "state":
                self.state = msg
            elif kind == "patch" and msg["base"] == self.state.get("version"):
                self.state = apply_patch(self.state, msg["ops"])
                self.state["version"] = msg["version"]
            elif kind == "patch":  # it missed a version: the whole state again
                await ws.send(json.dumps({"type": "resync"}))
                continue
            if kind in ("state", "patch") and awaiting is not None and self.state["version"] >= awaiting:
                awaiting = None
            if pending is not None and msg.get("id") == pending[0]:
                pending = None
                if kind == "applied" and self.state.get("version", -1) < msg["version"]:
                    awaiting = msg["version"]
                elif kind in ("refused", "error"):
                    self._count(f"refused {msg.get('code')}")
                    await ws.send(json.dumps({"type": "resync"}))
            if pending is not None and time.monotonic() - pending[1] > ANSWER_SECONDS:
                pending = awaiting = None  # no answer (lost in a fault): act again from a fresh state
                await ws.send(json.dumps({"type": "resync"}))
            if pending is None and awaiting is None and self._may_act():
                await asyncio.sleep(self.rng.uniform(*THINK))
                action = choose(self.state["legal_actions"], self.rng, END_BIAS)
                if action is None:
                    continue
                pending = (self.next_id, time.monotonic())
                self.next_id += 1
                frame = {"type": "action", "id": pending[0], "version": self.state["version"], "action": action}
                await ws.send(json.dumps({**frame, "nonce": uuid.uuid4().hex}))
                self._count("actions")

    def _count(self, name: str) -> None:
        self.counts[name] = self.counts.get(name, 0) + 1

    def _may_act(self) -> bool:
        state = self.state
        return state.get("status") == "playing" and any(a["type"] != "concede" for a in state.get("legal_actions", []))

    def stop(self) -> None:
        """Stop after the current frame."""
        self.stopping = True


def seed_tables(matches: int, receiver, rng: random.Random) -> list:
    """Start ``matches`` turn-based 1v1 tables (see the module); returns
    ``[(match_id, [seat cookies])]``. Call after django.setup()."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    from lobby import services
    from notices.models import NoticeChoice, PushSubscription

    def person(name: str):
        user = get_user_model().objects.create_user(
            username=name, password=None, display_name=name.title(), email=f"{name}@example.org"
        )
        NoticeChoice.objects.create(
            user=user, email=True, email_confirmed=user.email, push=True, webhook_url=receiver.url(f"/hook/{user.pk}")
        )
        sub = receiver.subscription(f"/push/{user.pk}")
        PushSubscription.objects.create(user=user, endpoint=sub["endpoint"], **sub["keys"])
        client = Client()
        client.force_login(user)
        return user, f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"

    heroes = ("troq_bashar", "river_montoya")
    out = []
    for index in range(matches):
        (host, host_cookie), (guest, guest_cookie) = person(f"soak{index}a"), person(f"soak{index}b")
        table = services.create_table(
            host,
            "1hero",
            turn_seconds=DAY,
            turn_based=True,
            deadline_rule="stand_in",
            webhook_url=receiver.url(f"/table/{index}"),
        )
        services.take_seat(table.pk, guest, 1)
        for seat, user in enumerate((host, guest)):
            services.update_seat(table.pk, user, heroes=[heroes[(index + seat) % 2]], ready=True)
        match = services.start_table(table.pk, host, seed=rng.randrange(2**31)).match
        out.append((match.pk, [host_cookie, guest_cookie]))
    return out


def turns_so_far() -> int:
    """Turns that came to a player so far: the table webhooks' outbox rows."""
    from notices.models import TABLE, Notice

    return Notice.objects.filter(channel=TABLE).count()


def outbox_open() -> int:
    """Outbox rows not yet sent nor failed."""
    from notices.models import Notice

    return Notice.objects.filter(status__in=[Notice.Status.PENDING, Notice.Status.SENDING]).count()


async def play(args, seeded: list, front, workers: list, hueys: list, redis: OwnRedis) -> dict:
    """Play until ``args.turns`` turns came, with the faults of the module;
    then stop the players and drain the outbox. The players connect to
    ``front`` (nginx in front of ``workers``, or the one worker). Returns
    the run's figures."""
    import websockets
    from asgiref.sync import sync_to_async

    rng = random.Random(args.seed)
    counts: dict = {}
    ws_url = f"ws{front.url.removeprefix('http')}"
    players = [
        Player(
            f"{ws_url}/ws/match/{match_id}/?patches=1&merged=1", front.url, cookie, random.Random(rng.random()), counts
        )
        for match_id, cookies in seeded
        for cookie in cookies
    ]
    tasks = [asyncio.create_task(p.run(websockets)) for p in players]
    events, started = [], time.monotonic()
    killed = restarted = False
    last_report = 0.0
    turns = first = await sync_to_async(turns_so_far)()  # the first turns came at the tables' start

    def past(share: float) -> bool:  # of the turns, or of --max-minutes when given
        late = deadline is not None and time.monotonic() >= started + share * (deadline - started)
        return late or turns >= first + share * (args.turns - first)

    deadline = started + 60 * args.max_minutes if args.max_minutes else None
    while turns < args.turns and (deadline is None or time.monotonic() < deadline):
        await asyncio.sleep(2.0)
        turns = await sync_to_async(turns_so_far)()
        now = time.monotonic() - started
        for huey in hueys:
            if huey.proc.poll() is not None:  # it exited on its own (Redis gone): start it again
                events.append((round(now, 1), f"a huey worker exited ({huey.proc.returncode}): started again"))
                huey.start()
        if not killed and past(1 / 3):
            killed = True
            hueys[0].kill()
            events.append((round(now, 1), f"a huey worker SIGKILLed at {turns} turns"))
            await asyncio.sleep(KILL_PAUSE)
            hueys[0].start()
        if not restarted and past(2 / 3):
            restarted = True
            await asyncio.to_thread(redis.stop)
            events.append((round(now, 1), f"Redis stopped at {turns} turns"))
            await asyncio.sleep(REDIS_PAUSE)
            await asyncio.to_thread(redis.start)
        if now - last_report >= REPORT_EVERY:
            last_report = now
            waiting = await sync_to_async(outbox_open)()
            print(f"[soak] {now:6.0f} s: {turns} turns, {waiting} notices open, {counts}", flush=True)
    play_seconds = time.monotonic() - started
    for p in players:
        p.stop()
    await asyncio.gather(*tasks, return_exceptions=True)
    # daphne stops (its actions in flight commit first): the outbox gets no new row after this.
    for worker in workers:
        await asyncio.to_thread(worker.stop)
    end, quiet = time.monotonic() + DRAIN_SECONDS, 0
    while quiet < 3 and time.monotonic() < end:  # three looks in a row with nothing open
        for huey in hueys:
            if huey.proc.poll() is not None:
                huey.start()
        quiet = quiet + 1 if not await sync_to_async(outbox_open)() else 0
        await asyncio.sleep(2.0)
    await asyncio.sleep(3.0)  # the last sends' answers
    return {
        "turns": turns,
        "turns_per_second": round((turns - first) / play_seconds, 2),
        "play_seconds": round(play_seconds, 1),
        "drain_seconds": round(time.monotonic() - started - play_seconds, 1),
        "counts": counts,
        "events": events,
        "huey_starts": sum(huey.starts for huey in hueys),
    }


def faults(log: str) -> dict:
    """How many tracebacks a worker's ``log`` holds, and their first few exception lines."""
    lines = log.splitlines()
    found = [line for line in lines if re.match(r"^[\w.]+(Error|Exception)\b", line)]
    return {"tracebacks": sum(1 for line in lines if line.startswith("Traceback")), "first": found[:5]}


def main(argv=None) -> dict:
    """Parse arguments, set everything up, run, audit, print (and with
    ``--json`` write) the figures. Returns them."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--turns", type=int, default=10000, help="turns that come to a player, in all")
    parser.add_argument(
        "--max-minutes", type=float, help="stop playing after this long even short of --turns (turns/s tell the rest)"
    )
    parser.add_argument("--redis-port", type=int, default=6390, help="the soak's own Redis (it restarts it)")
    parser.add_argument("--redis-db", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2, help="daphne workers (nginx in front of more than one)")
    parser.add_argument("--huey-workers", type=int, default=2, help="run_huey processes (the first is killed)")
    parser.add_argument("--huey-threads", type=int, default=4, help="worker threads of each (CODEX_TASKS_WORKERS)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="write the figures to this path")
    args = parser.parse_args(argv)

    redis = OwnRedis(args.redis_port)
    mailbox, receiver = MailBox(), Receiver()
    workers, proxy, hueys = [], None, []
    try:
        redis_url = f"redis://127.0.0.1:{args.redis_port}/{args.redis_db}"
        database_url = servers.prepare_database("postgres")
        env = {
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "DJANGO_SETTINGS_MODULE": "codexsite.settings",
            "CODEX_TASKS_IN_PROCESS": "0",
            "CODEX_TASKS_WORKERS": str(args.huey_threads),
            "CODEX_CHANNEL_PREFIX": f"soak{os.getpid()}",
            "CODEX_NOTICE_ALLOW_NETWORKS": "127.0.0.1/32",
            # Its players keep their sockets open between turns: tell them all the same
            # (presence is tested in tests/server/test_notices_presence.py).
            "CODEX_NOTICES_WHILE_LOOKING": "1",
            "EMAIL_URL": f"smtp://127.0.0.1:{mailbox.port}",
            "CODEX_WS_RATE": "10000",
            "CODEX_WS_BURST": "10000",
            "LOG_LEVEL": "WARNING",
            "DEBUG": "0",
        }
        os.environ.update(env)
        import django

        django.setup()
        # The workers first: the first turns' notices are queued while the tables start.
        proxied = args.workers > 1
        for _ in range(args.workers):
            workers.append(servers.Worker(database_url, redis_url, env=env, proxy_headers=proxied, connect_timeout=60))
        if proxied:
            proxy = servers.Proxy([w.address for w in workers])
        hueys = [HueyWorker({**os.environ, **env}) for _ in range(args.huey_workers)]
        from django.conf import settings

        for huey in hueys:  # its worker threads, scheduler and notice keeper (notices.keeper)
            huey.wait_ready(args.huey_threads + 1 + settings.CODEX_NOTICE_SENDERS)
        seeded = seed_tables(args.matches, receiver, random.Random(args.seed))
        figures = asyncio.run(play(args, seeded, proxy or workers[0], workers, hueys, redis))
        figures["server_faults"] = faults("\n".join(w.output() for w in workers))
        from benchmarks.notice_audit import audit

        figures.update(audit(mailbox, receiver))
    finally:
        if proxy is not None:
            proxy.stop()
        for worker in workers:
            worker.stop()
        for huey in hueys:
            huey.stop()
        mailbox.close()
        receiver.close()
        redis.stop()
    figures["config"] = {
        "matches": args.matches,
        "turns": args.turns,
        "max_minutes": args.max_minutes,
        "workers": args.workers,
        "huey_workers": args.huey_workers,
        "load_average": os.getloadavg(),
    }
    print_figures(figures, args.json)
    return figures


def passed(figures: dict) -> bool:
    """True when nothing was lost, doubled or unexpected, no card leaked
    and every channel's p99 is within TARGET_P99."""
    channels = figures["channels"].values()
    return (
        figures["hidden_leaks"] == 0
        and all(c["lost"] == 0 and c["doubled"] == 0 and c["unexpected"] == 0 for c in channels)
        and all(c["latency_s"]["p99"] is not None and c["latency_s"]["p99"] <= TARGET_P99 for c in channels)
    )


if __name__ == "__main__":
    sys.exit(0 if passed(main()) else 1)
