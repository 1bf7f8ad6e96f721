"""The blue cards (Flagstone Dominion): the blue starting deck (:mod:`.deck`)
and the Truth spec with its hero Sirus Quince and the Mirror Illusion token
(:mod:`.truth`). (The Law and Peace specs come in their own modules.)

Fine points follow the official rulings (reference/codex-cards/rulings.json,
"Blue", "Heroes" and "General") and the decisions in docs/RULINGS.md."""
from . import deck, truth  # noqa: F401  (each registers its cards)
