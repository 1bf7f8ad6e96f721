"""Real server processes for tests: daphne workers on the test database
(benchmarks/servers.py ``Worker``) and websocket clients that open a match
on one of them, or on the proxy in front (test_proxy.py), with a user's
session cookie.
"""

import os

import websockets
from asgiref.sync import sync_to_async
from django.db import connection

from benchmarks.servers import Worker
from tests.server.conftest import session_cookie


def database_url() -> str:
    """The DATABASE_URL of the database the tests run on (the test database)."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    auth = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def daphne(proxy_headers: bool = False, **env) -> Worker:
    """A daphne worker on the test database. ``env`` adds environment
    variables (settings); REDIS_URL defaults to the tests' own (so under
    CI the worker uses Redis). Raises RuntimeError when it does not start."""
    redis_url = env.pop("REDIS_URL", os.environ.get("REDIS_URL", ""))
    return Worker(database_url(), redis_url, env=env, proxy_headers=proxy_headers)


async def open_match(base_url: str, match_id: int, user, query: str = ""):
    """A `websockets` client connection to match ``match_id`` at
    ``base_url`` (``http://127.0.0.1:PORT``, also sent as the page's
    Origin) with ``user``'s session cookie; ``query`` ends the URL
    (``?patches=1``)."""
    cookie = await sync_to_async(session_cookie)(user)
    return await websockets.connect(
        f"ws{base_url.removeprefix('http')}/ws/match/{match_id}/{query}",
        origin=base_url,
        additional_headers={"Cookie": cookie.decode()},
    )
