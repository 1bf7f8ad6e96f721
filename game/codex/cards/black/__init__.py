"""The black cards (Blackhand Scourge): the black starting deck
(:mod:`.deck`) and the Demonology, Disease and Necromancy specs, each with
its hero and tokens.

Fine points follow the official rulings (reference/codex-cards/rulings.json,
"Black", "Heroes" and "General") and the decisions in docs/RULINGS.md
("Black cards"). Keywords stay in the engine: cards with only keywords (the
Warlock, Skeleton, Zombie and Horror tokens) need no code."""

from . import deck, demonology, disease, necromancy  # noqa: F401  (each registers its cards)
