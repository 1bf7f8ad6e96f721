"""CPU a worker spends per move asking Redis whether another worker listens
to a match's versions (issue 29; codexsite.layers: group_heard_elsewhere),
with the answer "nobody" trusted for CODEX_VERSIONS_ALONE_SECONDS: 0 (asked
every move, as before that setting) against the setting's default, in turn,
in this process, on the Redis of CODEX_BENCH_REDIS. A move here is the
question and one turn of the event loop, at the pace of a closed loop (the
whole of a move's other work is left out: this is the part the setting
changes).

Run: ``python -m benchmarks.alone_cpu [--moves 3000] [--rounds 3]``.
"""

import argparse
import asyncio
import os
import time


async def cpu_per_move(alone: float, moves: int, redis_url: str) -> float:
    """Process CPU µs per move of ``moves`` questions, trusting "nobody" ``alone`` seconds."""
    from django.conf import settings

    from codexsite import layers

    settings.CODEX_VERSIONS_ALONE_SECONDS = alone
    layer = layers.OutageTolerantPubSubLayer(hosts=[redis_url], prefix=f"alone-bench-{os.getpid()}")
    try:
        await layer.group_add("match.1.versions", await layer.new_channel())
        for _ in range(50):  # the connection made, the subscription counted
            await layer.group_heard_elsewhere("match.1.versions")
        start = time.process_time()
        for _ in range(moves):
            await layer.group_heard_elsewhere("match.1.versions")
            await asyncio.sleep(0)
        return 1e6 * (time.process_time() - start) / moves
    finally:
        await layer.flush()


def main() -> None:
    """Print the CPU per move of each setting, each round."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "codexsite.settings")
    import django

    django.setup()
    from django.conf import settings

    from benchmarks.servers import REDIS_URL

    default = settings.CODEX_VERSIONS_ALONE_SECONDS
    for round_ in range(1, args.rounds + 1):
        for alone in (0.0, default):
            us = asyncio.run(cpu_per_move(alone, args.moves, REDIS_URL))
            print(f"round {round_}: trusted {alone:g} s: {us:.1f} µs CPU per move")


if __name__ == "__main__":
    main()
