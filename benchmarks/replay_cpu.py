"""CPU a burst of replay requests costs the server (issue 27 point 7: one
account fetching 10 finished replays from 4 threads held 85 % of a core for
seconds).

Plays ``--matches`` finished 1-hero matches with greedy bots on a fresh
SQLite database, then ``--threads`` threads each fetch every match's
replay index and ``--steps`` of its steps (the player's own view and the
spectators'), ``--rounds`` times over, through the REST API (Django's test
client, so no network). Prints the process CPU seconds and the wall time of
each round: the first round builds the replays, the later ones show what
keeping them saves.

    .venv/bin/python -m benchmarks.replay_cpu [--matches 10 --threads 4 --rounds 3]
"""

import argparse
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _setup(db_path: str) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "codexsite.settings")
    os.environ["API_RATE"] = "1000000/min"
    os.environ["ALLOWED_HOSTS"] = "testserver"
    sys.path.insert(0, str(ROOT))
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def _finished_matches(count: int, moves: int) -> tuple:
    """``count`` finished matches of two accounts, played by greedy bots."""
    from django.contrib.auth import get_user_model

    from game.codex.bots import GreedyBot
    from game.codex.state import acting_seats
    from game.models import Match
    from game.services import apply_match_action, apply_seat_action
    from lobby import services

    users = [
        get_user_model().objects.create_user(username=n, password="pw-secret-123", display_name=n.title())
        for n in ("ann", "bo")
    ]
    ids = []
    for number in range(count):
        table = services.create_table(users[0], "1hero")
        services.take_seat(table.pk, users[1], 1)
        for user, hero in zip(users, ("troq_bashar", "river_montoya"), strict=True):
            services.update_seat(table.pk, user, heroes=[hero], ready=True)
        match = services.start_table(table.pk, users[0], seed=number).match
        for _ in range(moves):
            match.refresh_from_db()
            if match.status != "playing":
                break
            seat = acting_seats(match.state)[0]
            apply_seat_action(match.pk, seat, GreedyBot(seed=match.version).choose(match.state, seat), match.version)
        match.refresh_from_db()
        if match.status == "playing":
            apply_match_action(match.pk, users[1].pk, {"type": "concede"}, match.version)
        ids.append(match.pk)
    assert Match.objects.filter(pk__in=ids, status="finished").count() == count
    return users[0], ids


def _fetch(user, ids: list, steps: int) -> None:
    from django.db import connection
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_login(user)
    for match_id in ids:
        for view in ("seat", "spectator"):
            index = client.get(f"/api/matches/{match_id}/replay/?view={view}")
            assert index.status_code == 200, index.content[:200]
            count = index.json()["count"]
            for at in range(0, count, max(1, count // steps)):
                assert client.get(f"/api/matches/{match_id}/replay/{at}/?view={view}").status_code == 200
    connection.close()


def main() -> None:
    """Run the measurement and print one line per round."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--moves", type=int, default=80, help="actions per match before the concession")
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--steps", type=int, default=10, help="steps fetched per replay")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        _setup(str(Path(tmp) / "replay.sqlite3"))
        user, ids = _finished_matches(args.matches, args.moves)
        for number in range(1, args.rounds + 1):
            threads = [threading.Thread(target=_fetch, args=(user, ids, args.steps)) for _ in range(args.threads)]
            cpu, wall = time.process_time(), time.perf_counter()
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            print(
                f"round {number}: {args.threads} threads x {args.matches} replays x 2 views: "
                f"{time.process_time() - cpu:.2f} s CPU, {time.perf_counter() - wall:.2f} s wall",
                flush=True,
            )


if __name__ == "__main__":
    main()
