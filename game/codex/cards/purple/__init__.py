"""The purple cards (Vortoss Conclave): the purple starting deck
(:mod:`.deck`) and the Past, Present and Future specs, each with its hero
and tokens.

Fine points follow the official rulings (reference/codex-cards/rulings.json,
"Purple", "Heroes" and "General") and the decisions in docs/RULINGS.md
("Purple: ..."). Time runes, fading and forecast live in the engine
(game/codex/timerunes.py); cards with only keywords need no code.

Every module of this folder (besides this one) registers its cards when
imported; they are imported in name order so that a spec module added
later needs no edit here."""

import importlib
import pkgutil

for _info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
    importlib.import_module(f"{__name__}.{_info.name}")
