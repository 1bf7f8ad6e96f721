"""How table bots and stand-ins are paced for reading (issue 30 point 4:
"pace their moves for reading (a whole bot turn, not each move)").

A bot's turn starts after a pause (``pause``, settings CODEX_STAND_IN_DELAY)
and its moves follow a beat apart; the beat shrinks move by move (each one
:data:`SHRINK` times the one before it, starting at ``beat``, settings
CODEX_BOT_BEAT), so the first moves of a turn can be read one by one and a
long turn (a Codex turn of 15 moves) still shows in a bounded time: the
pauses of a whole turn add up to no more than ``pause + beat / (1 - SHRINK)``
(1.2 + 2.0 s at the defaults) at most, whatever its number of moves. With a fixed
beat of 0.4 s a 15-move turn paused 6.8 s before any thinking, past the
6 s a whole bot turn may take at p95 (docs/BENCHMARKS.md "Search bots").

Pure: game.tasks sleeps these pauses; benchmarks/bots_ab.py adds them to
the decisions' time to show a whole turn at the server's pace.
"""

SHRINK = 0.8
"""The ratio of one beat of a bot's turn to the one before it."""


def pause_before(move: int, pause: float, beat: float) -> float:
    """Seconds to wait before move ``move`` of one bot turn (0: its first
    move, after another seat's). ``pause``: the wait before a turn; ``beat``:
    the wait before its second move, never longer than ``pause``. Raises
    ValueError for a negative ``move``."""
    if move < 0:
        raise ValueError(f"a move of a turn counts from 0, not {move}")
    if move == 0:
        return pause
    return min(beat, pause) * SHRINK ** (move - 1)


def turn_pauses(moves: int, pause: float, beat: float) -> float:
    """The pauses of a whole bot turn of ``moves`` moves added up
    (:func:`pause_before` of each); 0 for none."""
    return sum(pause_before(k, pause, beat) for k in range(moves))
