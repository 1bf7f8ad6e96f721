"""CPU time of a hint (issue 30 point 3; game.assist.hint_of: the hard
level's search for the seat asking, on an iteration budget, no clock) on
one core, p50/p95 over positions of real games.

For each row (bots_ab's configs: ``codex-1hero``, ``codex-3hero``,
``arcane``, ``c23``) it plays ``--games`` games with the greedy bot on
every seat and asks a hint for the seat the game waits on every
``--every`` actions; prints the positions' count and the hint's CPU time
(the process's, which the machine's load hardly changes) p50, p95 and the
most, with the load average.

    .venv/bin/python -m benchmarks.hint_cpu [--games 4 --every 12 --rows codex-1hero,c23]
"""

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROWS = ("codex-1hero", "codex-3hero", "arcane", "c23")


def _setup() -> None:
    """Django's settings (game.assist imports the models; no database is read)."""
    os.environ.setdefault("DATABASE_URL", "sqlite:///:memory:")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "codexsite.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def hint_times(row: str, games: int, every: int) -> list[float]:
    """The CPU seconds of a hint at every ``every``-th position of
    ``games`` greedy games of ``row`` (game k: bots_ab's config k)."""
    import game.rules as rules
    from benchmarks.bots_ab import ROWS as CONFIGS
    from game import assist
    from game.kernel import game as kernel

    times = []
    for k in range(games):
        config = CONFIGS[row](1000 + k)
        engine = kernel.get(rules.game_of(config))
        bots = [rules.make_bot("greedy", seed=100 * k + s) for s in range(len(config["seats"]))]
        state = engine.copy_state(engine.new_game(config))
        step = 0
        while state["status"] == "playing" and step < 3000:
            seat = engine.seat_to_ask(state, step)
            if step % every == 0:
                started = time.process_time()
                assist.hint_of(state, seat, seed=step)
                times.append(time.process_time() - started)
            action = bots[seat].choose(state, seat)
            if action is None:
                break
            engine.apply_action_in_place(state, seat, action)
            step += 1
    return sorted(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--every", type=int, default=12)
    parser.add_argument("--rows", default=",".join(ROWS))
    options = parser.parse_args()
    _setup()
    for row in options.rows.split(","):
        times = hint_times(row, options.games, options.every)
        p50, p95 = (times[min(len(times) - 1, int(len(times) * q))] for q in (0.5, 0.95))
        print(
            f"{row}: {len(times)} hints, CPU p50 {p50:.3f}s p95 {p95:.3f}s most {times[-1]:.3f}s; "
            f"load {os.getloadavg()[0]:.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
