"""What the games' bots share (the multi-game contract, docs/ARCANE.md):
a random legal player that ends steps now and then, and the loop that plays
a whole game with one bot per seat. Each game's bots module gives them its
own legal actions, step endings and seat order; the bots' generators are
their own (Python's random, seeded), never the game's, so a game's replay
from its action log is exact.
"""

import random


class RandomBot:
    """A random legal player: any listed action, uniformly, but the
    ``quiet`` ones (conceding...); when an action of ``endings`` (ending a
    step of the turn) is one option among others it takes it with the
    chance ``end_bias`` (0..1), so random games move on.

    A game's subclass sets ``legal`` (its legal_actions, as a staticmethod),
    ``endings`` and ``quiet``. ``seed`` seeds the bot's own generator.
    """

    endings: tuple = ()
    quiet: tuple = ("concede",)

    def __init__(self, seed: int = 0, end_bias: float = 0.3):
        self.rng = random.Random(seed)
        self.end_bias = end_bias

    @staticmethod
    def legal(state: dict, seat: int) -> list:
        """The game's legal actions of ``seat`` (set by the subclass)."""
        raise NotImplementedError

    def choose(self, state: dict, seat: int):
        """Return an action dict for ``seat``, or None when it has none."""
        actions = [a for a in self.legal(state, seat) if a["type"] not in self.quiet]
        if not actions:
            return None
        ends = [a for a in actions if a["type"] in self.endings]
        others = [a for a in actions if a["type"] not in self.endings]
        if ends and (not others or self.rng.random() < self.end_bias):
            return ends[0]
        return self.rng.choice(others)


def play_out(state: dict, bots: list, apply_in_place, next_seat, max_actions: int, on_action=None) -> list:
    """Play ``state`` (changed in place: the caller's own copy) with one bot
    per seat until the game is over, a bot has no action, or
    ``max_actions`` were applied; return the ``(seat, action)`` applied.
    ``next_seat(state, step)`` names the seat that acts at step ``step``;
    ``apply_in_place`` is the game's apply_action_in_place;
    ``on_action(state, seat, action)`` runs after each action, on the one
    state object."""
    log = []
    while state["status"] == "playing" and len(log) < max_actions:
        seat = next_seat(state, len(log))
        action = bots[seat].choose(state, seat)
        if action is None:
            break
        apply_in_place(state, seat, action)
        log.append((seat, action))
        if on_action is not None:
            on_action(state, seat, action)
    return log
