"""The rules engines of the server's games, behind one contract: pure
Python, no Django (docs/ENGINE.md; the multi-game contract in
docs/ARCANE.md).

Entry points:

- :func:`new_game` (config -> state)
- :func:`apply_action` (state, seat, action -> new state, events)
- :func:`apply_action_in_place` (the same on a state the caller owns -> events)
- :func:`legal_actions` (state, seat -> list of actions)
- :func:`view` (state, viewer -> what that viewer may see)
- :func:`waiting_on` (state -> the seats the game waits on)
- :func:`action_keys` (state -> the keys each action type carries)
- :class:`RulesError` (code, message), :class:`EngineFault`
- :class:`GreedyBot`, :class:`RandomBot` (bots that play any game)

A config's ``"game"`` names the game: ``"arcane"`` is Arcane Codex
(game.arcane); no ``game`` key is Codex (this package), so stored matches
keep working. A state says which game it is the same way (an Arcane state
holds ``"game": "arcane"``, a Codex state no such key) and every other
function follows it. The dispatch is all this module does; Codex's own
modules never import game.arcane, nor it them (tests/rules/test_layers.py).
"""
import game.arcane as _arcane
from game.arcane import bots as _arcane_bots

from . import action_keys as _codex_action_keys
from . import bots as _codex_bots
from . import engine as _codex_engine
from . import setup as _codex_setup
from . import view as _codex_view
from . import waiting as _codex_waiting
from .engine import copy_state as _codex_copy_state
from .engine import is_legal as _codex_is_legal
from .errors import EngineFault, RulesError

GAMES = ("codex", _arcane.GAME)


def _is_arcane(state_or_config) -> bool:
    return isinstance(state_or_config, dict) and state_or_config.get("game") == _arcane.GAME


def new_game(config: dict) -> dict:
    """The starting state of the game ``config`` names (``"game"``:
    ``"arcane"``; absent: Codex). Raises RulesError ``unknown_game`` for any
    other name, and each game's own config errors."""
    if isinstance(config, dict) and "game" in config and config["game"] not in GAMES:
        raise RulesError("unknown_game", "This server plays Codex and Arcane Codex only.")
    if _is_arcane(config):
        return _arcane.new_game(config)
    if isinstance(config, dict) and "game" in config:
        config = {k: v for k, v in config.items() if k != "game"}  # "codex" named explicitly
    return _codex_setup.new_game(config)


def apply_action(state: dict, seat: int, action: dict) -> tuple:
    """``(new_state, events)`` for ``action`` of ``seat`` in the state's
    game; ``state`` is unchanged. Raises RulesError for an illegal action."""
    return (_arcane if _is_arcane(state) else _codex_engine).apply_action(state, seat, action)


def apply_action_in_place(state: dict, seat: int, action: dict) -> list:
    """The events of ``action`` applied to ``state`` itself (its game's
    rules). Raises RulesError (nothing changed) or EngineFault."""
    return (_arcane if _is_arcane(state) else _codex_engine).apply_action_in_place(state, seat, action)


def legal_actions(state: dict, seat: int) -> list:
    """The legal actions of ``seat`` in the state's game."""
    return (_arcane if _is_arcane(state) else _codex_engine).legal_actions(state, seat)


def is_legal(state: dict, seat: int, action: dict) -> bool:
    """True when ``action`` is legal for ``seat`` in the state's game."""
    return (_arcane.is_legal if _is_arcane(state) else _codex_is_legal)(state, seat, action)


def copy_state(state: dict) -> dict:
    """A deep copy of a state of either game."""
    return (_arcane.copy_state if _is_arcane(state) else _codex_copy_state)(state)


def view(state: dict, viewer) -> dict:
    """What ``viewer`` (a seat, or None for a spectator) may see of the
    state, by its game's rules."""
    return (_arcane if _is_arcane(state) else _codex_view).view(state, viewer)


def waiting_on(state: dict) -> list:
    """The seats the state's game waits on (empty once it is over)."""
    return (_arcane if _is_arcane(state) else _codex_waiting).waiting_on(state)


def action_keys(state=None) -> dict:
    """``{action type: the keys its engine reads}`` of the state's game (None:
    Codex's), so the server stores an action with those keys only and knows
    no game's actions (game.services.normalise_action)."""
    return _arcane.ACTION_KEYS if _is_arcane(state) else _codex_action_keys.ACTION_KEYS


class _GameBot:
    """A bot for any game: it builds the state's game's bot of its kind
    (same seed and options) and asks it."""
    kinds = {}

    def __init__(self, seed: int = 0, **options):
        self._args = dict(seed=seed, **options)
        self._bots = {}

    def choose(self, state: dict, seat: int):
        """The bot's action for ``seat`` in ``state`` (None: it has none)."""
        game = _arcane.GAME if _is_arcane(state) else "codex"
        if game not in self._bots:
            self._bots[game] = self.kinds[game](**self._args)
        return self._bots[game].choose(state, seat)


class GreedyBot(_GameBot):
    """The greedy bot of the state's game (game.rules.bots, game.arcane.bots)."""
    kinds = {"codex": _codex_bots.GreedyBot, _arcane.GAME: _arcane_bots.GreedyBot}


class RandomBot(_GameBot):
    """The random legal bot of the state's game."""
    kinds = {"codex": _codex_bots.RandomBot, _arcane.GAME: _arcane_bots.RandomBot}


__all__ = ["EngineFault", "GAMES", "GreedyBot", "RandomBot", "RulesError", "action_keys", "apply_action",
           "apply_action_in_place",
           "copy_state", "is_legal", "legal_actions", "new_game", "view", "waiting_on"]

from . import cards as _cards  # noqa: E402

_cards.load()  # every colour package registers its cards, once
