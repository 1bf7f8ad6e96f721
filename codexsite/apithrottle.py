"""Rate limits that go on without the cache (issue 27, point 6 and the
tester's F2): the REST API's throttle and the per-account websocket limits
(game.accountrate) count requests in the cache every worker shares (Redis
with REDIS_URL). While that cache cannot be reached, nothing is limited:
the request goes through and one line is logged, so the API and play go on
through a Redis outage (README, "When Redis is down").
"""

import logging

from redis.exceptions import RedisError
from rest_framework.throttling import SimpleRateThrottle, UserRateThrottle

log = logging.getLogger(__name__)


class OutageTolerantThrottle(SimpleRateThrottle):
    """A SimpleRateThrottle to put first among the bases of a throttle: a cache
    that raises RedisError lets the request through (logged) instead of
    letting the error escape as a server error."""

    def allow_request(self, request, view) -> bool:
        """DRF's answer (True: within the rate, counted), or True when the cache cannot be reached."""
        try:
            return super().allow_request(request, view)
        except RedisError as err:
            log.warning("rate limit %s: the cache cannot be reached (%s); not limited", self.scope, err)
            return True


class APIUserRateThrottle(OutageTolerantThrottle, UserRateThrottle):
    """The REST API's throttle (settings REST_FRAMEWORK, rate ``user``):
    DRF's UserRateThrottle, tolerant of a cache outage."""
