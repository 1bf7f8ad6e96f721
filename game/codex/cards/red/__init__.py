"""The red cards (Blood Anarchs): the red starting deck (:mod:`.deck`) and
the Anarchy, Blood and Fire specs, each with its hero (:mod:`.anarchy`,
:mod:`.blood`, :mod:`.fire`).

Fine points follow the official rulings (reference/codex-cards/rulings.json,
"Red" and "Heroes") and the decisions in docs/RULINGS.md ("Red cards").
Keywords stay in the engine: cards with only keywords need no code."""

from . import anarchy, blood, deck, fire  # noqa: F401  (each registers its cards)
