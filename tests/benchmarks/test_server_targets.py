"""benchmarks/server_bench.py: each issue-29 target is judged on the
figures of its own run (the floor measured beside it), before and after."""

from benchmarks.server_bench import targets


def _phase(cpu: float, updates: int = 0, echo_sent: int = 0, db: float = 0.0, p99: float = 50.0) -> dict:
    return {
        "server_cpu_s": cpu,
        "db_cpu_s": db,
        "updates": updates,
        "echo": {"sent": echo_sent},
        "rtt_ms": {"p99": p99},
    }


def _run(name: str, move_ms: float, frame_ms: float, wide_move_ms: float, wide_frame_ms: float, db_ms=0.0) -> dict:
    """A one-worker run of 1,000 moves and echo frames a phase, 4 viewers added in the wide phases."""
    return {
        "name": name,
        "config": {"workers": 1, "matches": 50, "spectators": 100, "wide": 4},
        "phases": {
            "echo": _phase(frame_ms, echo_sent=1000),
            "paced": _phase(0.0),
            "closed": _phase(move_ms, updates=1000, db=db_ms),
            "echo-wide": _phase(wide_frame_ms, echo_sent=1000),
            "closed-wide": _phase(wide_move_ms, updates=1000, db=db_ms),
        },
        "errors": 0,
        "lost": 0,
        "duplicated": 1 if "before" in name else 0,
    }


def test_each_target_is_judged_against_the_floor_of_its_own_run():
    rows = targets(
        [
            _run("1-sqlite (before)", 3.6, 0.5, 4.2, 0.7),  # 7.2x the floor; a spectator 0.15 ms vs 0.05
            _run("1-sqlite", 0.9, 0.5, 1.3, 0.7),  # 1.8x; 0.1 ms vs 0.05 ms: 2x
            _run("1-pg", 0.8, 0.6, 1.0, 0.8, db_ms=0.5),  # with its PostgreSQL backends: 1.3 ms = 2.17x
        ]
    )
    by = {(target.split(" <=")[0], name): (texts, met) for target, name, texts, met in rows}
    texts, met = by[("server CPU per move", "1-sqlite")]
    assert texts[" (before)"].startswith("7.20×") and texts[""].startswith("1.80×") and met is True
    texts, met = by[("server CPU per move", "1-pg")]
    assert texts[""].startswith("2.17×") and met is False
    texts, met = by[("CPU per extra spectator", "1-sqlite")]
    assert texts[""].startswith("2.00×") and met is False
    texts, met = by[("0 errors, 0 lost, 0 duplicated versions", "1-sqlite")]
    assert texts == {" (before)": "0 / 0 / 1", "": "0 / 0 / 0"} and met is True
