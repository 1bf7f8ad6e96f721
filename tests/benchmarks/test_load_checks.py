"""The load generator's own checks (benchmarks/load.py, loadclients.py,
loadreport.py), not timings: each connection must get every version once
and in order; seats pick actions that keep a match going; the figures
attribute each update to its phase and each socket to the worker the
proxy gave it."""

import random
from types import SimpleNamespace

from benchmarks.load import WORKER_ENV
from benchmarks.loadclients import MatchRun, VersionCheck, choose
from benchmarks.loadreport import match_figures, percentiles, placement


def test_every_version_once_in_order_passes():
    check = VersionCheck()
    assert all(check.see(v) for v in (3, 4, 5, 6))  # the first one is where the connection joined
    check.finish(6)
    assert (check.lost, check.duplicated) == (0, 0)


def test_a_gap_a_repeat_an_older_version_and_a_missing_tail_are_counted():
    check = VersionCheck()
    for version in (0, 1, 3, 3, 2, 4):  # 2 skipped, 3 twice, 2 late
        check.see(version)
    check.finish(7)  # 5, 6, 7 never came
    assert check.lost == 1 + 3 and check.duplicated == 2


def test_choose_never_concedes_nor_attacks_a_base():
    legal = [
        {"type": "concede"},
        {"type": "attack", "attacker": "c1", "target": "base:1"},
        {"type": "attack", "attacker": "c1", "target": "c9"},
        {"type": "hire", "card": "c2"},
        {"type": "end_main"},
    ]
    rng = random.Random(1)
    picked = [choose(legal, rng)["type"] for _ in range(300)]
    assert set(picked) == {"attack", "hire", "end_main"}
    assert 0.15 < picked.count("end_main") / 300 < 0.5  # ended with the bias, not always
    assert choose([{"type": "concede"}], rng) is None
    assert choose([{"type": "concede"}, {"type": "end_main"}], rng) == {"type": "end_main"}


def test_the_figures_of_a_phase_count_only_its_updates_and_every_viewer():
    match = MatchRun(1)
    sender, other, spectator = object(), object(), object()
    match.viewers = [sender, other, spectator]
    match.sent = {1: ("paced", 10.0, sender), 2: ("closed", 20.0, sender)}
    match.seen = {
        1: [(sender, 10.02, 500), (other, 10.03, 400), (spectator, 10.05, 300)],
        2: [(sender, 20.01, 900), (other, 20.02, 800)],
    }  # the spectator never got 2
    paced = match_figures([match], "paced", 1.0)
    assert paced["updates"] == 1 and paced["frames_per_update"] == 3 and paced["bytes_per_update"] == 1200
    assert round(paced["rtt_ms"]["p50"]) == 20 and round(paced["all_seen_ms"]["max"]) == 50
    closed = match_figures([match], "closed", 1.0)
    assert closed["all_seen_ms"]["n"] == 0  # not everyone saw it: no "all seen" time
    assert percentiles([])["p99"] is None and percentiles([5])["p99"] == 5


def test_placement_counts_the_worker_that_took_each_socket():
    """X-Upstream names the worker; "a, b" when a refused and b took it."""
    workers = [SimpleNamespace(address=f"127.0.0.1:80{i}") for i in (1, 2)]
    one, two = MatchRun(1), MatchRun(2)
    viewers = [
        SimpleNamespace(match=match, upstream=upstream)
        for match, upstream in (
            (one, "127.0.0.1:801"),
            (one, "127.0.0.1:801"),
            (two, "127.0.0.1:801"),
            (two, "127.0.0.1:801, 127.0.0.1:802"),
        )
    ]
    assert placement(viewers, workers) == {"sockets_per_worker": [3, 1], "matches_across_workers": 1}
    assert placement([SimpleNamespace(match=one, upstream=None)], workers) is None  # no proxy


def test_the_workers_keep_their_database_connections_for_a_whole_run():
    """A backend's CPU is read at a phase's start and end (servers.db_backend_cpu):
    a connection the worker closed within the phase (CONN_MAX_AGE passed) took
    its CPU with it, and the figure read nearly nothing."""
    longest_run = 6 * 3600  # seconds: far beyond any run of server_bench
    assert int(WORKER_ENV["CONN_MAX_AGE"]) >= longest_run
