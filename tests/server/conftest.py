"""Shared fixtures for server tests: users with real session cookies, websocket
connections through the real ASGI app, channel-layer parametrisation, and the
rule that PostgreSQL/Redis/nginx tests fail (not skip) when CODEX_REQUIRE_SERVICES=1.
"""

import asyncio
import os

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.db import connection, connections
from django.test import Client

from benchmarks.servers import nginx_binary
from codexsite import taskqueue
from codexsite.asgi import application
from tests.server.matchkit import start_match

REQUIRE_SERVICES = os.environ.get("CODEX_REQUIRE_SERVICES") == "1"
ORIGIN = (b"origin", b"http://localhost")


def _missing_service(item) -> str | None:
    """Why a marked test cannot run here, or None when it can."""
    if item.get_closest_marker("postgres") and connection.vendor != "postgresql":
        return "needs PostgreSQL: set DATABASE_URL=postgres://..."
    if item.get_closest_marker("redis") and not settings.REDIS_URL:
        return "needs Redis: set REDIS_URL=redis://..."
    if item.get_closest_marker("nginx") and nginx_binary() is None:
        return "needs nginx (Debian: apt-get install nginx-light)"
    return None


def pytest_runtest_setup(item):
    """Skip a service-marked test whose service is not configured, or fail it under CI."""
    reason = _missing_service(item)
    if reason:
        if REQUIRE_SERVICES:
            pytest.fail(f"CODEX_REQUIRE_SERVICES=1 but this test {reason}", pytrace=False)
        pytest.skip(reason)


DRAIN_SECONDS = 60  # the longest a test's background tasks may run on after it


def _drain_tasks(item, when: str) -> None:
    """Empty this process's in-process task queue and wait for its running
    tasks (codexsite.taskqueue drain). Fails the test when one still runs
    after DRAIN_SECONDS."""
    from huey.contrib.djhuey import HUEY

    if taskqueue.serving() and not HUEY.storage.drain(DRAIN_SECONDS):
        pytest.fail(f"{item.nodeid}: a background task still ran {DRAIN_SECONDS} s {when}", pytrace=False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """No background task outlives its test: the in-process queue (bot
    runs, notices, deadlines: game.tasks) is drained before the test's
    fixtures are torn down, while its database is still there, and again
    after them (a task a fixture's teardown queued). A bot run left going
    played on into the next test, whose database it did not find ("match
    NN: bots failed ... MatchNotFound", or "Database access not allowed"
    when that test used no database)."""
    _drain_tasks(item, "after the test")
    try:
        return (yield)
    finally:
        _drain_tasks(item, "after its teardown")


@pytest.fixture(params=["memory", pytest.param("redis", marks=pytest.mark.redis)])
def layer(request, settings):
    """Run the test on the in-memory channel layer and (marked redis) on Redis.

    Returns the backend name. Redis state is flushed before and after.
    """
    if request.param == "memory":
        settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    else:
        settings.CHANNEL_LAYERS = {
            "default": {
                "BACKEND": "codexsite.layers.OutageTolerantPubSubLayer",  # as codexsite/settings.py
                "CONFIG": {
                    "hosts": [{"address": settings.REDIS_URL, "socket_timeout": None, "max_connections": 1000}],
                    "prefix": "codex-test",
                },
            }
        }
    yield request.param


@pytest.fixture
def api(make_user):
    """Factory: ``api("alice")`` returns a REST API client logged in as a new user."""
    from tests.server.matchkit import logged_in

    return lambda name: logged_in(make_user(name))


@pytest.fixture
def make_user(django_user_model):
    """Factory: ``make_user("alice")`` creates a user (password "pw-secret-123")."""

    def make(username: str, display_name: str = ""):
        return django_user_model.objects.create_user(
            username=username, password="pw-secret-123", display_name=display_name or username.title()
        )

    return make


def session_cookie(user) -> bytes:
    """A real session cookie header value for ``user`` (logged in through Django's auth)."""
    client = Client()
    client.force_login(user)
    return client.cookies.output(header="", sep=";").strip().encode()


@pytest.fixture
async def close_db_thread():
    """After the test, close the connections of the shared database thread
    (PostgreSQL refuses to drop a test database that still has sessions)."""
    yield
    await sync_to_async(connections.close_all)()


@pytest.fixture
def machine_speed(settings):
    """Connections opened in this test take frames at machine speed: the
    per-connection rate limit (CODEX_WS_RATE, CODEX_WS_BURST: 20 a second,
    40 at once) is for people, and a test client that plays whole games in
    seconds outruns it whenever the machine is quick (a frame over it is
    refused ``rate_limited`` without its id). For tests whose subject is not
    the limit."""
    settings.CODEX_WS_RATE = 1000.0
    settings.CODEX_WS_BURST = 1000


@pytest.fixture
async def ws(close_db_thread):
    """Factory: ``await ws(path, user=None, origin=ORIGIN, cookie=None)`` opens
    a websocket through the real ASGI app (origin check, session auth; a
    ``cookie`` header value instead of ``user`` reuses a session) and returns
    ``(communicator, connected, close_code_or_subprotocol)``; all are closed at teardown.
    """
    opened = []

    async def open_ws(path: str, user=None, origin=ORIGIN, cookie=None):
        headers = [(b"host", b"localhost")] + ([origin] if origin else [])
        if cookie is not None:
            headers.append((b"cookie", cookie))
        elif user is not None:
            headers.append((b"cookie", await sync_to_async(session_cookie)(user)))
        comm = WebsocketCommunicator(application, path, headers=headers)
        connected, extra = await comm.connect(timeout=5)
        opened.append(comm)
        return comm, connected, extra

    yield open_ws
    await close_all(opened)


async def close_all(comms: list) -> None:
    """Disconnect every communicator of ``comms``, each even when an earlier
    one fails or is cancelled. Raises RuntimeError (from the first failure)
    when any did not close: an ordinary exception, so pytest still runs the
    test's other finalizers. A CancelledError (a BaseException) or a loop
    stopped at the first failure left sockets open and skipped the rest of
    the teardown (the database flush, settings, patches), and the next tests
    on that worker failed on what it left behind (found on a loaded machine)."""
    failures = []
    for comm in comms:
        try:
            await comm.disconnect()
        except (Exception, asyncio.CancelledError) as exc:
            failures.append(exc)
    if failures:
        raise RuntimeError(f"{len(failures)} of {len(comms)} websockets did not close") from failures[0]


@pytest.fixture(autouse=True)
def fresh_cache():
    """An empty cache for each test (the REST API throttle counts there)."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Cheap password hashing: the tests create many users."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def two_matches(make_user):
    """Two started 1v1 matches: ``[(match, (user of seat 0, user of seat 1)), ...]``."""
    users = [make_user(name) for name in ("ann", "ben", "cat", "dan")]
    pairs = [(users[0], users[1]), (users[2], users[3])]
    return [(async_to_sync(start_match)(list(pair), seed=seed), pair) for seed, pair in zip((5, 6), pairs, strict=True)]
