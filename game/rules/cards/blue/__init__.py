"""The blue cards (Blue Spectres): the blue starting deck (:mod:`.deck`) and
the Law spec with its hero Bigby Hayes (:mod:`.law`); the Peace and Truth
specs join them as ``peace`` and ``truth``.

Fine points follow the official rulings (reference/codex-cards/rulings.json,
"Blue" and "Heroes") and the decisions in docs/RULINGS.md ("Blue cards").
Keywords stay in the engine: cards with only keywords need no code."""
from . import deck, law  # noqa: F401  (each registers its cards)
