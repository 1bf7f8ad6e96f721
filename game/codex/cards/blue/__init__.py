"""The blue cards (Flagstone Dominion): the blue starting deck (:mod:`.deck`)
and the Law, Peace and Truth specs, each with its hero and tokens.

Fine points follow the official rulings (reference/codex-cards/rulings.json,
"Blue", "Heroes" and "General") and the decisions in docs/RULINGS.md ("Blue
cards"). Keywords stay in the engine: cards with only keywords need no code."""

from . import deck, law, peace, truth  # noqa: F401  (each registers its cards)
