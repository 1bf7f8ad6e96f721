"""What the games' bots share (docs/ENGINE.md, "Kernel"): a random legal
player that ends steps now and then, a scripted player, and the loop that
plays a whole game with one bot per seat. Each game's bots module gives
them its own legal actions, step endings and quiet moves; the bots'
generators are their own (Python's random, seeded), never the game's, so a
game's replay from its action log is exact.
"""

import random
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from .game import Game, Reading
from .types import Action, Config, Seat, State


class Bot(Protocol):
    """Anything that picks an action for a seat (None: it has none)."""

    def choose(self, state: State, seat: Seat) -> Action | None:
        """The bot's action for ``seat`` in ``state``, or None."""


class RandomBot:
    """A random legal player: any listed action, uniformly, but the
    ``quiet`` ones (conceding...); when an action of ``endings`` (ending a
    step of the turn) is one option among others it takes it with the
    chance ``end_bias`` (0..1), so random games move on.

    A game's subclass sets ``legal`` (its legal_actions, as a staticmethod),
    ``endings`` and ``quiet``. ``seed`` seeds the bot's own generator.
    """

    endings: tuple[str, ...] = ()
    quiet: tuple[str, ...] = ("concede",)

    def __init__(self, seed: int = 0, end_bias: float = 0.3):
        self.rng = random.Random(seed)
        self.end_bias = end_bias

    @staticmethod
    def legal(state: State, seat: Seat) -> list[Action]:
        """The game's legal actions of ``seat`` (set by the subclass)."""
        raise NotImplementedError

    def choose(self, state: State, seat: Seat) -> Action | None:
        """Return an action dict for ``seat``, or None when it has none
        (the listing read once: the first ending, the others in order)."""
        quiet, endings = self.quiet, self.endings
        end: Action | None = None
        others = []
        for a in self.legal(state, seat):
            kind = a["type"]
            if kind in quiet:
                continue
            if kind not in endings:
                others.append(a)
            elif end is None:
                end = a
        if end is not None and (not others or self.rng.random() < self.end_bias):
            return end
        return self.rng.choice(others) if others else None


class ScriptedBot:
    """A player that makes the given actions in order, whatever the state
    (a test's or a replay's script), then has none (None)."""

    def __init__(self, actions: Iterable[Action]):
        self._actions = iter(list(actions))

    def choose(self, state: State, seat: Seat) -> Action | None:
        """The script's next action (a copy), or None once it is done."""
        action = next(self._actions, None)
        return None if action is None else dict(action)


OnAction = Callable[[State, Seat, Action], Any]


def play_out(
    state: State,
    bots: list[Any],
    apply_in_place: Callable[..., Any],  # (state, seat, action[, memo]): memo only with ``read``
    next_seat: Callable[[State, int], Seat],
    max_actions: int,
    on_action: OnAction | None = None,
    read: Reading | None = None,
) -> list[tuple[Seat, Action]]:
    """Play ``state`` (changed in place: the caller's own copy) with one bot
    per seat until the game is over, a bot has no action, or
    ``max_actions`` were applied; return the ``(seat, action)`` applied.
    ``next_seat(state, step)`` names the seat that acts at step ``step``;
    ``apply_in_place`` is the game's apply_action_in_place;
    ``on_action(state, seat, action)`` runs after each action, on the one
    state object. ``read`` (the game's ``MoveTable.read``, None: none):
    each bot chooses inside a reading block of the state (a bot only reads
    it), whose memo ``apply_in_place`` then takes (its ``memo``): the
    action's check reads what the bot's listing worked out (issue 30,
    point 3). Raises what ``apply_in_place`` raises (a bot's illegal
    action: RulesError)."""
    log: list[tuple[Seat, Action]] = []
    while state["status"] == "playing" and len(log) < max_actions:
        seat = next_seat(state, len(log))
        if read is None:
            action = bots[seat].choose(state, seat)
            if action is None:
                break
            apply_in_place(state, seat, action)
        else:
            memo: dict[str, Any] = {}
            with read(state, memo):
                action = bots[seat].choose(state, seat)
            if action is None:
                break
            apply_in_place(state, seat, action, memo)
        log.append((seat, action))
        if on_action is not None:
            on_action(state, seat, action)
    return log


def play_game(
    game: Game, config: Config, bots: list[Any], max_actions: int = 5000, on_action: OnAction | None = None
) -> tuple[State, list[tuple[Seat, Action]]]:
    """Play a whole game of ``game`` from ``config`` with one bot per seat
    (:func:`play_out`, asking ``game.seat_to_ask``); return ``(state,
    actions)``: the final state (its own copy) and the ``(seat, action)``
    applied."""
    state = game.copy_state(game.new_game(config))
    return state, play_out(
        state, bots, game.apply_action_in_place, game.seat_to_ask, max_actions, on_action, game.moves.read
    )
