"""Server benchmark: runs benchmarks/load.py once per configuration (each in
its own process: its own database and workers) and prints the tables of
docs/BENCHMARKS.md.

Configurations: ``1-sqlite`` (one worker, SQLite, in-memory channel layer:
the one-machine setup, clients connected to it directly), ``1-pg`` (one
worker on PostgreSQL and the Redis channel layer, directly) and ``N-pg``
for N > 1 (N such workers behind nginx, every client on its one address,
as browsers would be). A suffix chooses otherwise: ``1-pg-proxy`` (one
worker behind nginx: the proxy's own cost), ``2-pg-direct`` (clients
spread over the workers' own ports); a number as the last part sets the
matches (and twice as many spectators): ``1-pg-200`` is 200 matches and
400 spectators on one worker.

After the tables, every target of issue 13 beside its figure (met or
missed): see TARGETS.

Run: ``python -m benchmarks.server_bench`` (``make bench`` runs it after
the engine benchmark); ``--help`` for the options.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

from benchmarks import servers


def run_config(name: str, args) -> dict:
    """Run load.py for configuration ``name``; returns its figures (with
    ``"failed"`` set when the run crashed)."""
    workers, kind, *via = name.split("-")
    matches, spectators = args.matches, args.spectators
    if via and via[-1].isdigit():
        matches = int(via.pop())
        spectators = 2 * matches
    if kind not in ("sqlite", "pg") or via not in ([], ["proxy"], ["direct"]) or not workers.isdigit():
        return {
            "name": name,
            "failed": "not a configuration: N-sqlite or N-pg, optionally -proxy or -direct, optionally -MATCHES",
        }
    out = tempfile.NamedTemporaryFile(suffix=".json", delete=False).name
    command = [
        sys.executable,
        "-m",
        "benchmarks.load",
        "--workers",
        workers,
        "--db",
        "sqlite" if kind == "sqlite" else "postgres",
        "--layer",
        "memory" if kind == "sqlite" else "redis",
        *({"proxy": ["--proxy"], "direct": ["--no-proxy"]}[via[0]] if via else []),
        "--matches",
        str(matches),
        "--spectators",
        str(spectators),
        "--seconds",
        str(args.seconds),
        "--server-root",
        args.server_root,
        "--json",
        out,
    ]
    if args.full_states:
        command.append("--full-states")
    print(f"# running {name}: {' '.join(command[1:])}", file=sys.stderr, flush=True)
    done = subprocess.run(command, cwd=servers.ROOT, stdout=subprocess.DEVNULL)
    try:
        with open(out) as f:
            figures = json.load(f)
    except (OSError, ValueError):
        return {"name": name, "failed": f"exit {done.returncode}"}
    finally:
        os.unlink(out)
    figures["name"] = name
    return figures


def _ms(value) -> str:
    return "–" if value is None else f"{value:.1f}"


def _ratio(a, b) -> str:
    return "–" if not a or not b else f"{a / b:.1f}×"


def print_tables(results: list) -> None:
    """Print the latency, throughput and memory tables (Markdown)."""
    ok = [r for r in results if "failed" not in r]
    for r in results:
        if "failed" in r:
            print(f"**{r.get('name')}: the run failed ({r['failed']})**\n")
    print("### Latency at the target load (paced phase: seats act 0.5–1.5 s after their turn comes)\n")
    print(
        "| config | moves/s | action round trip p50 / p95 / p99 ms | other viewers p50 / p99 ms "
        "| all viewers p99 ms | echo alone p50 / p99 ms | echo during play p50 / p99 ms "
        "| p99 ÷ echo p99 (alone / during play) | frame bytes p50 / p95 | frames, bytes per update "
        "| errors / lost / duplicated | load avg |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in ok:
        paced, echo = r["phases"]["paced"], r["phases"]["echo"]
        rtt, others = paced["rtt_ms"], paced["others_ms"]
        alone, during = echo["echo"]["rtt_ms"], paced["echo"]["rtt_ms"]
        print(
            f"| {r['name']} | {paced['moves_per_s']:.1f} | {_ms(rtt['p50'])} / {_ms(rtt['p95'])} / "
            f"{_ms(rtt['p99'])} | {_ms(others['p50'])} / {_ms(others['p99'])} | "
            f"{_ms(paced['all_seen_ms']['p99'])} | {_ms(alone['p50'])} / {_ms(alone['p99'])} | "
            f"{_ms(during['p50'])} / {_ms(during['p99'])} | {_ratio(rtt['p99'], alone['p99'])} / "
            f"{_ratio(rtt['p99'], during['p99'])} | {paced['frame_bytes']['p50']} / {paced['frame_bytes']['p95']} | "
            f"{paced['frames_per_update'] or 0:.1f}, {paced['bytes_per_update'] or 0:.0f} | "
            f"{r['errors']} / {r['lost']} / {r['duplicated']} | {paced['load_average']:.1f} |"
        )
    print("\n### Throughput (closed phase: every seat acts as soon as it can)\n")
    print(
        "| config | moves/s | × 1 worker | action round trip p50 / p99 ms | server CPU ms per move "
        "| proxy CPU ms per move | load generator CPU ms per move | frame bytes p50 | load avg |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    base = next((r["phases"]["closed"]["moves_per_s"] for r in ok if r["name"] == "1-pg"), None)
    for r in ok:
        closed = r["phases"]["closed"]
        moves = closed["updates"] or 1
        print(
            f"| {r['name']} | {closed['moves_per_s']:.1f} | "
            f"{_ratio(closed['moves_per_s'], base) if '-pg' in r['name'] else '–'} | "
            f"{_ms(closed['rtt_ms']['p50'])} / {_ms(closed['rtt_ms']['p99'])} | "
            f"{1000 * closed['server_cpu_s'] / moves:.1f} | "
            f"{_ms(closed['proxy_cpu_s'] and 1000 * closed['proxy_cpu_s'] / moves)} | "
            f"{1000 * closed['loadgen_cpu_s'] / moves:.1f} | "
            f"{closed['frame_bytes']['p50']} | {closed['load_average']:.1f} |"
        )
    print("\n### Memory (RSS of all workers; nginx apart)\n")
    print(
        "| config | after warm-up MB | per match connection KB | per echo connection KB (the floor) "
        "| per match (2 seats + 2 spectators, after play) KB | live match (what play added) KB "
        "| nginx MB, per connection KB |"
    )
    print("|---|---|---|---|---|---|---|")
    for r in ok:
        mem, conns, matches = r["memory"], r["connections"], r["config"]["matches"]
        nginx = "–"
        if "proxy_baseline_kb" in mem:
            nginx = (
                f"{mem['proxy_connected_kb'] / 1024:.0f}, "
                f"{(mem['proxy_connected_kb'] - mem['proxy_baseline_kb']) / conns:.0f}"
            )
        echo_kb = mem.get("echo_connected_kb")
        floor = "–" if echo_kb is None else f"{(echo_kb - mem['connected_kb']) / r['echo_connections']:.0f}"
        live = "–" if echo_kb is None else f"{(mem['after_kb'] - echo_kb) / matches:.0f}"
        print(
            f"| {r['name']} | {mem['baseline_kb'] / 1024:.0f} | "
            f"{(mem['connected_kb'] - mem['baseline_kb']) / conns:.0f} | {floor} | "
            f"{(mem['after_kb'] - mem['baseline_kb']) / matches:.0f} | {live} | {nginx} |"
        )
    placed = [r for r in ok if r.get("placement")]
    if placed:
        print("\n### Where nginx put the sockets (X-Upstream of each handshake)\n")
        print("| config | match sockets per worker | matches with viewers on more than one worker |")
        print("|---|---|---|")
        for r in placed:
            place = r["placement"]
            print(
                f"| {r['name']} | {' / '.join(map(str, place['sockets_per_worker']))} | "
                f"{place['matches_across_workers']} of {r['config']['matches']} |"
            )


def _cpu_per_move(r: dict) -> float | None:
    closed = r["phases"]["closed"]
    return 1000 * closed["server_cpu_s"] / closed["updates"] if closed["updates"] else None


def _echo_cpu(r: dict) -> float | None:
    """Server CPU ms per echo frame (1 in, one out per member) in the echo phase: the floor."""
    echo = r["phases"]["echo"]
    sent = echo["echo"].get("sent")
    return 1000 * echo["server_cpu_s"] / sent if sent else None


def targets(results: list) -> list:
    """Every server target of issue 13 as ``(target, config, measured
    text, met: bool | None)`` rows (None: not measured in this run)."""
    by = {r["name"]: r for r in results if "failed" not in r}
    rows = []
    for name in ("1-sqlite", "1-pg"):
        r = by.get(name)
        cpu = r and _cpu_per_move(r)
        rows.append(
            (
                "CPU per move, one worker <= 2 ms",
                name,
                "–" if not r else f"{cpu:.2f} ms (echo floor {_echo_cpu(r):.2f} ms per frame)",
                None if not r else cpu <= 2.0,
            )
        )
    for name, r in by.items():
        pings = r.get("pings")
        if pings and pings["db_transactions_per_ping"] is not None:
            per = pings["db_transactions_per_ping"]
            rows.append(
                (
                    "a ping costs no database query",
                    name,
                    f"{per:.2f} transactions per ping ({pings['server_cpu_ms_per_ping']:.2f} ms CPU)",
                    per < 0.05,
                )
            )
    for name, r in by.items():
        paced = r["phases"]["paced"]
        p99, echo99 = paced["rtt_ms"]["p99"], paced["echo"]["rtt_ms"]["p99"]
        if r["config"]["matches"] >= 200:
            rows.append(
                (
                    f"{r['config']['matches']} matches + {r['config']['spectators']} spectators, "
                    "p99 round trip <= 250 ms",
                    name,
                    f"{_ms(p99)} ms",
                    p99 is not None and p99 <= 250,
                )
            )
        else:
            rows.append(
                (
                    "50 matches + 100 spectators, p99 round trip <= 100 ms",
                    name,
                    f"{_ms(p99)} ms",
                    p99 is not None and p99 <= 100,
                )
            )
            rows.append(
                (
                    "p99 round trip <= 2x the echo's p99 in the same run",
                    name,
                    f"{_ratio(p99, echo99)} (echo p99 {_ms(echo99)} ms)",
                    bool(p99 and echo99) and p99 <= 2 * echo99,
                )
            )
        rows.append(
            (
                "no error, no lost or duplicated version",
                name,
                f"{r['errors']} / {r['lost']} / {r['duplicated']}",
                r["errors"] == 0 and r["lost"] == 0 and r["duplicated"] == 0,
            )
        )
        mem, conns = r["memory"], r["connections"]
        per_conn = (mem["connected_kb"] - mem["baseline_kb"]) / conns
        # What play added on top of the idle connections (seats, spectators and echo members).
        per_match = (mem["after_kb"] - mem.get("echo_connected_kb", mem["baseline_kb"])) / r["config"]["matches"]
        rows.append(("memory per idle connection <= 32 KB", name, f"{per_conn:.0f} KB", per_conn <= 32))
        rows.append(("memory per live match <= 250 KB", name, f"{per_match:.0f} KB", per_match <= 250))
    one, two = by.get("1-pg-proxy"), by.get("2-pg")
    if one and two:
        ratio = _cpu_per_move(two) / _cpu_per_move(one)
        rows.append(
            (
                "behind nginx, CPU per move with 2 workers <= 1.2x with 1",
                "2-pg / 1-pg-proxy",
                f"{ratio:.2f}x ({_cpu_per_move(two):.2f} / {_cpu_per_move(one):.2f} ms)",
                ratio <= 1.2,
            )
        )
    return rows


def print_targets(results: list) -> None:
    """Print the targets table (Markdown): target, config, measured, met/missed."""
    print("\n### Targets (issue 13)\n")
    print("| target | config | measured | target |")
    print("|---|---|---|---|")
    for target, name, measured, met in targets(results):
        print(f"| {target} | {name} | {measured} | {'–' if met is None else 'met' if met else 'missed'} |")


def main() -> None:
    """Parse arguments, run every configuration, print the tables."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--configs",
        default="1-sqlite,1-pg,1-pg-proxy,2-pg,4-pg,1-pg-200",
        help="comma-separated: 1-sqlite and/or N-pg (N workers; behind nginx when N > 1), "
        "optionally with -proxy or -direct, optionally -MATCHES (twice as many spectators)",
    )
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--spectators", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20, help="length of each phase")
    parser.add_argument("--server-root", default=str(servers.ROOT))
    parser.add_argument("--full-states", action="store_true", help="ask for full states, not patches")
    parser.add_argument("--json", help="write every run's figures to this path")
    args = parser.parse_args()
    results = [run_config(name, args) for name in args.configs.split(",")]
    print(
        f"\n{args.matches} concurrent 1v1 matches, {args.spectators} spectators, "
        f"{args.seconds:.0f} s per phase, {'full states' if args.full_states else 'patches'} "
        "(a config ending in a number: that many matches, twice as many spectators)\n"
    )
    print_tables(results)
    print_targets(results)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(results, out, indent=1, default=str)


if __name__ == "__main__":
    main()
