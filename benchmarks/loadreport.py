"""The load generator's report (benchmarks/load.py): the latency, traffic
and correctness figures of a phase from what its clients recorded
(benchmarks/loadclients.py), where a proxy put the sockets, and the
figures printed and written as JSON.
"""

import json
import statistics


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


def placement(viewers: list, workers: list) -> dict | None:
    """Where a proxy put the sockets (from each Viewer's ``upstream``):
    ``{"sockets_per_worker": [count per worker, in worker order],
    "matches_across_workers": matches whose viewers are not all on one
    worker}``; None without a proxy."""
    if not viewers or viewers[0].upstream is None:
        return None
    index = {w.address: i for i, w in enumerate(workers)}
    per_worker = [0] * len(workers)
    spread: dict[int, set[int]] = {}  # match id -> the workers of its sockets
    for viewer in viewers:
        worker = index[viewer.upstream.split(", ")[-1]]  # "a, b": a refused the connection, b took it
        per_worker[worker] += 1
        spread.setdefault(viewer.match.match_id, set()).add(worker)
    return {
        "sockets_per_worker": per_worker,
        "matches_across_workers": sum(1 for seen in spread.values() if len(seen) > 1),
    }


def print_figures(figures: dict, path: str | None) -> None:
    """Print ``figures`` as JSON and, with a ``path``, write them there too."""
    print(json.dumps(figures, indent=1, default=str))
    if path:
        with open(path, "w") as out:
            json.dump(figures, out, indent=1, default=str)
