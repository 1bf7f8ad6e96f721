"""Card behaviour (issue 12; docs/ENGINE.md "Cards").

- :mod:`.registry`: the registry and the event dispatcher, a leaf module the
  engine imports; the engine never imports a card module.
- :mod:`.api`, :mod:`.fx`, :mod:`.targets`, :mod:`.common`: what card
  modules declare their cards with (declarations, declarative effects,
  target slots, shared helpers).
- one package per colour (``neutral/``, ``red/``, ``green/``, and later
  ``blue/``, ...): a module per starting deck and per spec (its 12 codex
  cards, its hero, its tokens).

:func:`load` imports every colour package once; ``game.rules`` calls it
after the engine is imported.
"""

import importlib
import pkgutil

from .registry import REGISTRY, Ability, Card, Hooks, Target, register  # noqa: F401

_LOADED = []


def load() -> list:
    """Import every colour package of this folder (each registers its cards)
    once, in name order; return their names. A package is a sub-folder with
    an ``__init__.py``."""
    if not _LOADED:
        for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
            if info.ispkg:
                importlib.import_module(f"{__name__}.{info.name}")
                _LOADED.append(info.name)
    return list(_LOADED)
