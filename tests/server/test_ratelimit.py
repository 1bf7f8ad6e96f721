"""The per-connection token bucket."""

from game.clientframes import TokenBucket


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_burst_then_refill_at_rate():
    clock = FakeClock()
    bucket = TokenBucket(rate=20, burst=40, clock=clock)
    assert all(bucket.take() for _ in range(40))
    assert not bucket.take()
    clock.now += 0.5  # 10 tokens back
    assert sum(bucket.take() for _ in range(20)) == 10


def test_bucket_never_exceeds_burst():
    clock = FakeClock()
    bucket = TokenBucket(rate=20, burst=5, clock=clock)
    clock.now += 100
    assert sum(bucket.take() for _ in range(10)) == 5
