"""The engine's errors, shared by every game: they live in
game/kernel/errors.py (docs/ARCANE.md, "The multi-game contract"); Codex
modules keep importing them from here."""

from game.kernel.errors import EngineFault, RulesError  # noqa: F401
