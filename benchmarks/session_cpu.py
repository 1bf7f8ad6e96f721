"""CPU of the match sockets' session checks (issue 29; game.socketsessions):
each session judged by Django on its own (signals.still_logged_in: two
reads, a decode, a hash; how every check was made before) against the
sessions judged together (lapsed_sessions: two reads for a chunk, a verdict
kept while the session's and its user's rows are as they were), in turn,
in this process, on the database of DATABASE_URL (migrated here; give it a
database of its own). Also the CPU of one trip to the database thread
(database_sync_to_async) that a check no longer makes when it goes with
its action (game.commits). Prints this process's CPU per session checked
and, on PostgreSQL, its backend's.

Run: ``DATABASE_URL=... python -m benchmarks.session_cpu [--sessions 200] [--rounds 3]``.
"""

import argparse
import asyncio
import os
import time

from benchmarks.storage_cpu import backend_cpu_seconds


def per_session(judge, sessions: dict, chunk: int, connection) -> tuple[float, float]:
    """``(process µs, backend µs)`` of CPU per session, judging ``sessions``
    ``chunk`` at a time with ``judge`` (a dict in, the lapsed keys out);
    raises AssertionError when one is judged lapsed (they are all live)."""
    items = list(sessions.items())
    backend, start = backend_cpu_seconds(connection), time.process_time()
    for first in range(0, len(items), chunk):
        assert not judge(dict(items[first : first + chunk]))
    spent, backend = time.process_time() - start, backend_cpu_seconds(connection) - backend
    return 1e6 * spent / len(items), 1e6 * backend / len(items)


async def trip_cpu(trips: int) -> float:
    """Process µs of CPU per trip to the database thread and back (a call that does nothing)."""
    from channels.db import database_sync_to_async

    def nothing():
        return None

    hop = database_sync_to_async(nothing)
    for _ in range(20):
        await hop()
    start = time.process_time()
    for _ in range(trips):
        await hop()
    return 1e6 * (time.process_time() - start) / trips


def main() -> None:
    """Make the users and their sessions, then print the figures of each round."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "codexsite.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    from game.signals import still_logged_in
    from game.socketsessions import SESSION_CHECK_CHUNK, lapsed_sessions

    call_command("migrate", verbosity=0)
    users = get_user_model()._default_manager
    users.filter(username__startswith="session-bench-").delete()
    sessions = {}
    for i in range(args.sessions):
        user = users.create_user(f"session-bench-{i}", password=None)
        browser = Client()
        browser.force_login(user)
        sessions[browser.session.session_key] = user.pk

    def one_by_one(chunk: dict) -> set:
        return {key for key, user_id in chunk.items() if not still_logged_in(key, user_id)}

    lapsed_sessions(sessions)  # judged once: what the heartbeat and the frames meet afterwards
    for round_ in range(1, args.rounds + 1):
        for name, judge, chunk in (
            ("one by one (before)", one_by_one, SESSION_CHECK_CHUNK),
            ("together, heartbeat chunks", lapsed_sessions, SESSION_CHECK_CHUNK),
            ("together, one session a call (a frame's check)", lapsed_sessions, 1),
        ):
            us, backend = per_session(judge, sessions, chunk, connection)
            print(f"round {round_}: {name}: {us:.0f} µs CPU per session, backend {backend:.0f} µs", flush=True)
        print(f"round {round_}: a trip to the database thread: {asyncio.run(trip_cpu(2000)):.0f} µs CPU", flush=True)


if __name__ == "__main__":
    main()
