"""CPU of the storage path of a move alone (issue 29): greedy-bot moves of
Codex 1v1 matches applied through game.services.apply_seat_action in this
process, on the database of DATABASE_URL (migrated here; give it a database
of its own). Prints this process's CPU per move spent in the call (engine
apply, copy, the statements) and, on PostgreSQL, the CPU per move of this
connection's backend. CODEX_SNAPSHOT_EVERY chooses how often the state is
stored (1: every version, as before issue 29). The matches move in turn,
one move each per round; with ``--together`` each round's moves share one
transaction, as game.commits makes a worker's actions sent at once do
(without it each commits alone): the commit's share of the figures.

Run: ``DATABASE_URL=... python -m benchmarks.storage_cpu [--matches 4] [--moves 200] [--together]``.
"""

import argparse
import contextlib
import os
import time


def backend_cpu_seconds(connection) -> float:
    """The CPU seconds the PostgreSQL backend of ``connection`` has used
    (its /proc counters: the server must be on this machine); 0.0 on
    another database."""
    if connection.vendor != "postgresql":
        return 0.0
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    """Play the matches and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=4)
    parser.add_argument("--moves", type=int, default=200, help="at most, per match")
    parser.add_argument("--together", action="store_true", help="each round's moves in one transaction")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "codexsite.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection, transaction

    from game import rules
    from game.codex import catalog
    from game.services import apply_seat_action, create_match

    call_command("migrate", verbosity=0)
    heroes = catalog.playable_heroes()
    spent, moves = 0.0, 0
    backend_before = backend_cpu_seconds(connection)
    matches = []  # [match id, state, version]
    for seed in range(args.matches):
        seats = [{"name": name, "heroes": [heroes[(seed + i) % len(heroes)]]} for i, name in enumerate("AB")]
        match = create_match({"mode": "1hero", "seed": seed, "seats": seats}, [None, None], ["greedy", "greedy"])
        matches.append([match.pk, match.state, 0])
    for _ in range(args.moves):
        moving = []  # (entry, seat, action)
        for entry in matches:
            if entry[1].get("status") == "finished":
                continue
            seat = rules.waiting_on(entry[1])[0]
            action = rules.GreedyBot(seed=entry[2]).choose(entry[1], seat)
            if action is not None:
                moving.append((entry, seat, action))
        if not moving:
            break
        began = time.process_time()
        with transaction.atomic() if args.together else contextlib.nullcontext():
            done = [apply_seat_action(entry[0], seat, action, entry[2]) for entry, seat, action in moving]
        spent += time.process_time() - began
        moves += len(moving)
        for (entry, _, _), applied in zip(moving, done, strict=True):
            assert applied.snapshot is not None  # a new action, never a duplicate
            entry[1], entry[2] = applied.snapshot.state, applied.version
    backend = backend_cpu_seconds(connection) - backend_before
    print(
        f"{connection.vendor}, state stored every {settings.CODEX_SNAPSHOT_EVERY} versions, {moves} moves, "
        f"{'each round in one transaction' if args.together else 'each move committed alone'}: "
        f"worker {1000 * spent / moves:.3f} ms per move, database backend {1000 * backend / moves:.3f} ms per move"
    )


if __name__ == "__main__":
    main()
