"""A second deployment's database for tests that run two deployments side
by side (tests/server/test_deployments.py): run as

    DATABASE_URL=sqlite:///... python -m tests.server.otherdeployment MATCH_ID

it migrates that (empty) database, starts a two-player match there whose
id is MATCH_ID, and prints ``{"match": id, "cookies": [seat 0's session
cookie, seat 1's]}`` as JSON.
"""

import json
import os
import sys

import django


def main(match_id: int) -> dict:
    """Migrate the database of DATABASE_URL (a SQLite file), start match
    ``match_id`` there (its players "uma" and "vic") and return its id and
    its players' session cookies."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "codexsite.settings")
    django.setup()
    from asgiref.sync import async_to_sync
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection

    from tests.server.conftest import session_cookie
    from tests.server.matchkit import start_match

    call_command("migrate", "--noinput", verbosity=0)
    with connection.cursor() as cursor:  # the next match row gets id match_id
        cursor.execute("DELETE FROM sqlite_sequence WHERE name = 'game_match'")
        cursor.execute("INSERT INTO sqlite_sequence (name, seq) VALUES ('game_match', %s)", [match_id - 1])
    users = [
        get_user_model().objects.create_user(username=name, password="pw-secret-123", display_name=name.title())
        for name in ("uma", "vic")
    ]
    match = async_to_sync(start_match)(users)
    return {"match": match.pk, "cookies": [session_cookie(user).decode() for user in users]}


if __name__ == "__main__":
    print(json.dumps(main(int(sys.argv[1]))))
