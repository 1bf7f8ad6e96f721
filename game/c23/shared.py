"""The one door of the C-23 engine to what it shares with the other games:
the seeded generator, the error types, the action envelope, the state's copy and the bots' game loop (game/kernel, the multi-game
contract of docs/ARCANE.md). Every C-23 module imports randomness and
errors from here, and from nowhere else.
"""

from game.kernel.bots import play_out
from game.kernel.copying import copy_sharing_log
from game.kernel.envelope import action_type, is_seat, require_plain_json
from game.kernel.errors import EngineFault, RulesError
from game.kernel.rng import randbelow, seed_state, shuffle

__all__ = [
    "EngineFault",
    "RulesError",
    "action_type",
    "copy_sharing_log",
    "is_seat",
    "play_out",
    "randbelow",
    "require_plain_json",
    "seed_state",
    "shuffle",
]
