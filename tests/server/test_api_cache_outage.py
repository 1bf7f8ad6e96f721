"""The REST API and the per-account websocket limits while the cache is
down (the tester's F2 of issue 27): every /api/ request answered 500, the
throttle's ``cache.get`` raising Redis' ConnectionError. Now the limits
let requests through (one line logged) and the API answers as usual.

The cache here is one whose every call raises as Redis' client does when
the server is gone (tests/server/test_redis_outage.py stops a real one).
"""

import logging

import pytest
from django.core.cache.backends.base import BaseCache
from redis.exceptions import ConnectionError as RedisConnectionError

from game.accountrate import CHAT, wait_before
from tests.server.matchkit import logged_in

pytestmark = pytest.mark.django_db


class UnreachableCache(BaseCache):
    """A cache backend every read and write of which raises as Redis' client does with the server down."""

    def __init__(self, location, params):
        super().__init__(params)

    def _down(self, *args, **kwargs):
        raise RedisConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    add = get = set = touch = delete = has_key = incr = get_many = set_many = delete_many = _down

    def clear(self):
        """Nothing to empty (the suite's fixture empties the cache after each test)."""


@pytest.fixture
def cache_down(settings):
    settings.CACHES = {"default": {"BACKEND": f"{__name__}.UnreachableCache"}}


def test_the_api_answers_while_the_cache_is_down(cache_down, make_user, caplog):
    alice = logged_in(make_user("alice"))
    with caplog.at_level(logging.WARNING):
        reads = [alice.get(url) for url in ("/api/me/", "/api/modes/", "/api/tables/", "/api/lobby/matches/")]
        created = alice.post("/api/tables/", {"mode": "1hero"}, format="json")
    assert [answer.status_code for answer in reads] == [200] * 4
    assert reads[0].json()["username"] == "alice"
    assert created.status_code == 201 and created.json()["mode"] == "1hero"
    assert sum("cannot be reached" in record.getMessage() for record in caplog.records) == 5


def test_the_account_limits_let_frames_through_while_the_cache_is_down(cache_down, settings):
    settings.CODEX_WS_ACCOUNT_CHAT_RATE = "1/hour"
    assert [wait_before(CHAT, 1) for _ in range(3)] == [0, 0, 0]
