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

A turn is a side's: in Two-Headed Dragon both teammates act in one turn
(house rule R19), so their moves, one teammate's part after the other's
and then their tech picks, are one run of moves (:func:`run_of`,
:func:`streak_after`): one pause before it and one thinking budget
shrinking over it (game.rules.make_bot's ``move``), not a pause and a
whole budget again at each teammate and each tech pick. Measured on the
same 12 games against a budget per teammate and a larger team budget
(docs/BENCHMARKS.md "Search bots"): as many wins, less thinking.

A bot thinks during its pause, not after it: game.tasks chooses the move,
then holds it until the pause since the last move has passed, so a move
lands ``max(pause, thinking)`` after the one before it (:func:`turn_shown`),
every move at least its pause after the last, for reading, and a turn's
thinking hidden in its pauses where it fits. Pure: game.tasks waits these
pauses; benchmarks/bots_ab.py shows a whole turn at the server's pace from
its decisions' times (:func:`turn_shown`), counting runs as the server
does (:func:`moves_before`).
"""

from game import rules

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


def turn_shown(thinking: list, pause: float, beat: float) -> float:
    """Seconds a whole bot turn takes to show, its moves' thinking times
    ``thinking`` (seconds, in order) given: a bot thinks during the pause
    before its move (game.tasks holds the chosen move until
    :func:`pause_before` has passed since the move before it landed), so
    each move lands ``max(pause_before(k), thinking[k])`` after the one
    before it. With no thinking it is the pauses alone, which add up to no
    more than ``pause + beat / (1 - SHRINK)`` (a long turn stays bounded);
    0 for no moves."""
    return sum(max(pause_before(k, pause, beat), t) for k, t in enumerate(thinking))


def run_of(state: dict, seat: int) -> tuple:
    """What a run of moves is counted by when ``seat`` moves at ``state``:
    the game's turn count and ``seat``'s side (game.rules.teammates)."""
    return state.get("turn"), frozenset(rules.teammates(state, seat))


def streak_after(state: dict, seat: int, moves: int, movers: set | None = None) -> tuple | None:
    """The run of moves after ``seat``'s move that left ``state``, the
    ``moves``-th of its run (from 1): ``(run_of(state, seat), moves)``
    while the game still waits on a seat of its side that ``movers`` (the
    seats bots play; None: every seat) moves (the teammate's part of the
    turn, the side's tech picks after it); None when it waits on other
    sides or on people only (the next move starts a run)."""
    side = rules.teammates(state, seat)
    if any(s in side and (movers is None or s in movers) for s in rules.waiting_on(state)):
        return run_of(state, seat), moves
    return None


def moves_before(streak: tuple | None, state: dict, seat: int) -> int:
    """How many moves of its run came before ``seat``'s move at ``state``,
    given the run so far ``streak`` (:func:`streak_after`, None for none):
    its count when ``seat`` moves in the same turn on the same side, else
    0 (another side's, or a later turn: a new run)."""
    return streak[1] if streak is not None and goes_on(streak, state, seat) else 0


def goes_on(streak: tuple | None, state: dict, seat: int) -> bool:
    """True when ``seat``'s move at ``state`` goes on with the run
    ``streak`` (:func:`streak_after`): same turn, same side. The server and
    bots_ab let such a seat move first, so a side's run (a team's tech
    picks after its turn) is not cut by the next side's moves."""
    return streak is not None and streak[0] == run_of(state, seat)
