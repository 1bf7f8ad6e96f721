"""Where a profiled worker spends its time, by kind of work.

Reads the raw collapsed stacks that ``python -m benchmarks.load --profile
PATH`` makes py-spy write (one ``frame;frame;... count`` line per stack) and
prints a Markdown table: the share of busy samples per kind of work (each
stack counted once, under the first kind in KINDS that one of its frames
matches), then the functions most often on top of the stack. Samples of a
thread waiting (for work, a socket, the database) are counted apart.

Run: ``python -m benchmarks.profile_summary PATH [--top N]``.
"""

import argparse
import collections

# Frames of a thread with nothing to do (or waiting for PostgreSQL's answer).
WAITING = (
    "_worker (concurrent/futures/thread.py:81)",
    "EpollSelector.select",
    "Connection.wait (psycopg",
    "_PollLikeSelector",
)

KINDS = [
    (
        "connecting and disconnecting (auth, access check, first state)",
        [
            "MatchConsumer.connect",
            "EchoConsumer.connect",
            "websocket_connect",
            "admit",
            "livesockets",
            "load_access",
            "disconnect",
            "standins",
            "get_user",
            "_find_and_load",
            "recent (game/chat",
        ],
    ),
    (
        "rules engine: apply_action and the state's copy",
        ["apply_action (game/rules", "apply_action_in_place (game/rules", "copy_state (game/rules"],
    ),
    ("database + ORM of an action (lock, save, log)", ["apply_match_action", "apply_seat_action"]),
    ("rules engine: legal_actions for a seat's state", ["legal_actions (game/rules"]),
    ("rules engine: view", ["view (game/rules"]),
    ("encoding frames, patches", ["frame_for", "fanout", "game/patch.py"]),
    ("echo consumer (the floor)", ["EchoConsumer"]),
    ("Redis channel layer", ["channels_redis", "redis/"]),
    ("in-memory channel layer (incl. its copies of each message)", ["InMemoryChannelLayer"]),
    (
        "consumer dispatch (incl. hops to the database thread)",
        ["MatchConsumer.receive", "websocket_receive", "MatchConsumer.on_action", "await_many_dispatch", "dispatch"],
    ),
    ("daphne / Twisted / autobahn (websocket frames, sockets)", ["twisted/", "autobahn/", "daphne/"]),
    ("asyncio and threads", ["asyncio/", "threading", "concurrent/"]),
]


def summarise(path: str) -> tuple[collections.Counter, collections.Counter, int, int]:
    """``(samples per kind, samples per top function, busy samples, waiting samples)``."""
    kinds, tops = collections.Counter(), collections.Counter()
    busy = waiting = 0
    with open(path) as lines:
        for line in lines:
            stack, _, count_text = line.rstrip().rpartition(" ")
            if not stack:
                continue
            count = int(count_text)
            frames = stack.split(";")
            if any(mark in frames[-1] for mark in WAITING):
                waiting += count
                continue
            busy += count
            tops[frames[-1]] += count
            kind = next(
                (name for name, marks in KINDS if any(mark in frame for frame in frames for mark in marks)), "other"
            )
            kinds[kind] += count
    return kinds, tops, busy, waiting


def main() -> None:
    """Print the tables for the profile named on the command line."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("path")
    parser.add_argument("--top", type=int, default=12)
    args = parser.parse_args()
    kinds, tops, busy, waiting = summarise(args.path)
    print(f"{busy} busy samples, {waiting} waiting\n")
    print("| kind of work | share of busy samples |\n|---|---|")
    for name, _ in [*KINDS, ("other", None)]:
        print(f"| {name} | {100 * kinds[name] / max(1, busy):.1f} % |")
    print("\n| function on top of the stack | share |\n|---|---|")
    for frame, count in tops.most_common(args.top):
        print(f"| `{frame}` | {100 * count / max(1, busy):.1f} % |")


if __name__ == "__main__":
    main()
