"""Replaying a game from its config and its actions: every game is
deterministic (its generator lives in the state, game.kernel.rng), so the
same config and the same actions give the same state, byte for byte."""

from collections.abc import Iterable

from .game import Game
from .types import Action, Config, Event, Seat, State


def replay(game: Game, config: Config, actions: Iterable[tuple[Seat, Action]]) -> State:
    """The state of ``game`` after ``actions`` (``(seat, action)`` pairs,
    in order) from ``config``. Raises RulesError when an action is not
    legal where it comes, EngineFault for an engine bug."""
    state = game.copy_state(game.new_game(config))
    for seat, action in actions:
        game.apply_action_in_place(state, seat, action)
    return state


def replay_steps(
    game: Game, config: Config, actions: Iterable[tuple[Seat, Action]]
) -> Iterable[tuple[State, list[Event]]]:
    """Each state of a replay, with the events that led to it: the first
    is the new game's (no events), then one per action (each a state of
    its own, as :meth:`Game.apply_action` returns it). Raises as
    :func:`replay`."""
    state = game.new_game(config)
    yield state, []
    for seat, action in actions:
        state, events = game.apply_action(state, seat, action)
        yield state, events
