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

With ``--against REV`` each configuration runs twice, the server code of
commit REV first (``before``: ``git archive`` into a scratch directory,
driven by this checkout's load generator) and this checkout's after it, so
the two are measured at the same moment of a shared machine.

After the tables, every target of issue 29 beside its figure, before and
after, with the clean echo floor it is measured against (targets()).

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

WIDE = 4  # more spectators per match (and members per echo room) of the one-worker rows of 50 matches


def run_config(name: str, args, server_root: str, tag: str = "") -> dict:
    """Run load.py for configuration ``name`` with the server code of
    ``server_root``; returns its figures (with ``"failed"`` set when the run
    crashed), named ``name`` plus ``tag``."""
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
        server_root,
        "--json",
        out,
    ]
    if workers == "1" and matches <= 50:
        command += ["--wide", str(WIDE)]
    if args.full_states:
        command.append("--full-states")
    print(f"# running {name}: {' '.join(command[1:])}", file=sys.stderr, flush=True)
    done = subprocess.run(command, cwd=servers.ROOT, stdout=subprocess.DEVNULL)
    try:
        with open(out) as f:
            figures = json.load(f)
    except (OSError, ValueError):
        return {"name": name + tag, "failed": f"exit {done.returncode}"}
    finally:
        os.unlink(out)
    figures["name"] = name + tag
    return figures


def checkout(rev: str) -> str:
    """A scratch directory holding commit ``rev``'s tree (``git archive``)."""
    root = tempfile.mkdtemp(prefix=f"codex-{rev}-")
    tree = subprocess.run(["git", "archive", rev], cwd=servers.ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", root], input=tree, check=True)
    return root


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
        "| of it PostgreSQL | proxy CPU ms per move | load generator CPU ms per move | frame bytes p50 | load avg |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    base = {
        tag: r["phases"]["closed"]["moves_per_s"] for r in ok for tag in ("", " (before)") if r["name"] == "1-pg" + tag
    }
    for r in ok:
        closed = r["phases"]["closed"]
        moves = closed["updates"] or 1
        tag = " (before)" if r["name"].endswith(" (before)") else ""
        against = _ratio(closed["moves_per_s"], base.get(tag)) if "-pg" in r["name"] else "–"
        print(
            f"| {r['name']} | {closed['moves_per_s']:.1f} | "
            f"{against} | "
            f"{_ms(closed['rtt_ms']['p50'])} / {_ms(closed['rtt_ms']['p99'])} | "
            f"{_per_move(r) or 0:.2f} | {1000 * (closed.get('db_cpu_s') or 0) / moves:.2f} | "
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


def _per_move(r: dict, phase: str = "closed") -> float | None:
    """Server CPU ms per move in ``phase``: the workers', and on PostgreSQL
    its backends' (db_cpu_s)."""
    p = r["phases"].get(phase)
    if not p or not p["updates"]:
        return None
    return 1000 * (p["server_cpu_s"] + (p.get("db_cpu_s") or 0)) / p["updates"]


def _per_frame(r: dict, phase: str = "echo") -> float | None:
    """Server CPU ms per echo frame (1 in, a group send, one out per member) in ``phase``: the floor."""
    p = r["phases"].get(phase)
    sent = p and p["echo"].get("sent")
    return 1000 * p["server_cpu_s"] / sent if sent else None


def _slopes(r: dict) -> tuple:
    """(CPU ms one more spectator adds to a move, one more member to an echo frame), or Nones."""
    wide = r["config"].get("wide")
    moves = _per_move(r), _per_move(r, "closed-wide")
    frames = _per_frame(r), _per_frame(r, "echo-wide")
    if not wide or None in moves or None in frames:
        return None, None
    return (moves[1] - moves[0]) / wide, (frames[1] - frames[0]) / wide


def _x(a, b) -> str:
    return "–" if a is None or not b else f"{a / b:.2f}×"


def targets(results: list) -> list:
    """Every target of issue 29 as ``(target, config, {tag: measured
    text}, met: bool | None)`` rows, tags "" (this checkout) and
    " (before)" when measured; met is judged on this checkout's figure
    (None: not measured in this run)."""
    by = {r["name"]: r for r in results if "failed" not in r}
    rows = []

    def row(target, name, measure, judge):
        texts, met = {}, None
        for tag in (" (before)", ""):
            r = by.get(name + tag)
            if r is None:
                continue
            text, value = measure(r)
            texts[tag] = text
            if tag == "":
                met = None if value is None else judge(value)
        rows.append((target, name, texts, met))

    def cpu(r):
        move, floor = _per_move(r), _per_frame(r)
        ratio = None if move is None or not floor else move / floor
        return f"{_x(move, floor)}: {_ms2(move)} ms per move, echo floor {_ms2(floor)} ms per frame", ratio

    def spectator(r):
        extra, member = _slopes(r)
        ratio = None if extra is None or not member else extra / member
        return f"{_x(extra, member)}: {_ms2(extra)} ms per spectator, echo {_ms2(member)} ms per member", ratio

    for name in ("1-sqlite", "1-pg"):
        row("server CPU per move <= 2× the clean echo floor", name, cpu, lambda v: v <= 2.0)
    for name in ("1-sqlite", "1-pg"):
        row("CPU per extra spectator <= 1.5× the echo's per member", name, spectator, lambda v: v <= 1.5)
    for name in sorted(n for n, r in by.items() if r["config"]["matches"] >= 200 and "(before)" not in n):
        row(
            f"{by[name]['config']['matches']} matches + {by[name]['config']['spectators']} spectators "
            "on one worker, paced: p99 round trip <= 250 ms",
            name,
            lambda r: (f"{_ms(r['phases']['paced']['rtt_ms']['p99'])} ms", r["phases"]["paced"]["rtt_ms"]["p99"]),
            lambda v: v <= 250,
        )
    for many in sorted(n for n, r in by.items() if r["config"]["workers"] > 1 and "(before)" not in n):

        def ratio(r, many=many):
            before = " (before)" if r["name"].endswith(" (before)") else ""
            one = by.get("1-pg-proxy" + before) or by.get("1-pg" + before)  # nginx's CPU is apart in both
            a, b = _per_move(r), one and _per_move(one)
            base = one["name"].removesuffix(" (before)") if one else "1-pg-proxy"
            return f"{_x(a, b)} ({_ms2(a)} / {_ms2(b)} ms of {base})", (a / b if a is not None and b else None)

        row(
            f"{many.split('-')[0]} workers behind nginx: CPU per move ÷ 1 worker's "
            "(on 2 cores in place of 4× the matches at the same p99) <= 1.2×",
            many,
            ratio,
            lambda v: v <= 1.2,
        )
    for name in sorted(n for n in by if "(before)" not in n):
        row(
            "0 errors, 0 lost, 0 duplicated versions",
            name,
            lambda r: (f"{r['errors']} / {r['lost']} / {r['duplicated']}", (r["errors"], r["lost"], r["duplicated"])),
            lambda v: v == (0, 0, 0),
        )
    return rows


def _ms2(value) -> str:
    return "–" if value is None else f"{value:.2f}"


def print_targets(results: list) -> None:
    """Print the targets table (Markdown): target, config, before, after, met/missed."""
    print("\n### Targets (issue 29; ratios against the floor measured in the same run)\n")
    print("| target | config | before | after | after meets it |")
    print("|---|---|---|---|---|")
    for target, name, texts, met in targets(results):
        print(
            f"| {target} | {name} | {texts.get(' (before)', '–')} | {texts.get('', '–')} | "
            f"{'–' if met is None else 'met' if met else 'missed'} |"
        )


def main() -> None:
    """Parse arguments, run every configuration, print the tables."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--configs",
        default="1-sqlite,1-pg,1-pg-proxy,4-pg,1-pg-200",
        help="comma-separated: 1-sqlite and/or N-pg (N workers; behind nginx when N > 1), "
        "optionally with -proxy or -direct, optionally -MATCHES (twice as many spectators)",
    )
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--spectators", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20, help="length of each phase")
    parser.add_argument("--server-root", default=str(servers.ROOT))
    parser.add_argument("--against", help="a commit: run each configuration with its server code first (before)")
    parser.add_argument("--full-states", action="store_true", help="ask for full states, not patches")
    parser.add_argument("--json", help="write every run's figures to this path (after each run)")
    parser.add_argument("--tables", help="only print the tables of the figures a --json run wrote there")
    args = parser.parse_args()
    if args.tables:
        with open(args.tables) as kept:
            results = json.load(kept)
        print_tables(results)
        print_targets(results)
        return
    before = checkout(args.against) if args.against else None
    results = []
    for name in args.configs.split(","):
        for root, tag in ([(before, " (before)")] if before else []) + [(args.server_root, "")]:
            results.append(run_config(name, args, root, tag))
            if args.json:
                with open(args.json, "w") as out:
                    json.dump(results, out, indent=1, default=str)
    print(
        f"\n{args.matches} concurrent 1v1 matches, {args.spectators} spectators, "
        f"{args.seconds:.0f} s per phase, {'full states' if args.full_states else 'patches'} "
        "(a config ending in a number: that many matches, twice as many spectators)"
        + (f"; before: the server of {args.against}" if args.against else "")
        + "\n"
    )
    print_tables(results)
    print_targets(results)


if __name__ == "__main__":
    main()
