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
connection must get every version once, in order: benchmarks/loadclients.py
``VersionCheck``).

Run: ``python -m benchmarks.load --workers 1 --db sqlite`` (see ``--help``);
``--json PATH`` writes the figures; benchmarks/server_bench.py runs the
configurations of docs/BENCHMARKS.md and prints the table.

This module sets the run up and runs its steps and phases; the clients
(seats, spectators, echo rooms) are benchmarks/loadclients.py, the figures
made of what they recorded benchmarks/loadreport.py.
"""

import argparse
import asyncio
import json
import os
import sys
import time
from pathlib import Path

from benchmarks import servers
from benchmarks.loadclients import EchoRoom, MatchRun, Run, Viewer
from benchmarks.loadreport import echo_figures, match_figures, placement, print_figures

PHASES = ("echo", "paced", "closed")
WIDE_PHASES = ("echo-wide", "closed-wide")
CONNECT_AT_ONCE = 20
# Seconds daphne gives a handshake (its default is 5): on a machine this
# loaded, 200 sockets connecting at once to one worker on PostgreSQL took
# longer, and the benchmark measures play, not a connection storm.
CONNECT_TIMEOUT = 60
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


if __name__ == "__main__":
    sys.exit(0 if main()["errors"] == 0 else 1)
