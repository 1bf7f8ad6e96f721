"""The white cards (Whitestar Order): the white starting deck (:mod:`.deck`)
and the Discipline, Ninjutsu and Strength specs, each with its hero and
tokens.

Fine points follow the official rulings (reference/codex-cards/rulings.json,
"White", "Heroes" and "General") and the decisions in docs/RULINGS.md
("White cards"). Keywords stay in the engine: cards with only keywords need
no code."""

from . import deck, discipline, ninjutsu, strength  # noqa: F401  (each registers its cards)
