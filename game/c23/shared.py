"""The one door of the C-23 engine to what it shares with the other games:
the seeded generator, the error types, the action envelope, the state's copy, the bots' game loop, the Game object, its move table and the log (game/kernel, the multi-game
contract of docs/ARCANE.md). Every C-23 module imports randomness and
errors from here, and from nowhere else.
"""

from game.kernel.bots import play_out
from game.kernel.copying import copy_sharing_log
from game.kernel.envelope import action_type, is_seat, require_plain_json
from game.kernel.errors import EngineFault, RulesError
from game.kernel.game import Game, Move, MoveTable, register
from game.kernel.log import LogBook
from game.kernel.rng import randbelow, seed_state, shuffle

__all__ = [
    "EngineFault",
    "Game",
    "LogBook",
    "Move",
    "MoveTable",
    "RulesError",
    "action_type",
    "copy_sharing_log",
    "is_seat",
    "play_out",
    "randbelow",
    "register",
    "require_plain_json",
    "seed_state",
    "shuffle",
]
