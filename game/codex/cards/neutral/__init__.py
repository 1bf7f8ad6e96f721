"""The neutral cards of the Starter set: the neutral starting deck
(:mod:`.deck`), the Bashing spec with Troq Bashar (:mod:`.bashing`) and the
Finesse spec with River Montoya and the Dancer tokens (:mod:`.finesse`).

Fine points follow the official rulings (reference/codex-cards/rulings.json,
named where they decide something)."""

from . import bashing, deck, finesse  # noqa: F401  (each registers its cards)
