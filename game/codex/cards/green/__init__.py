"""The green cards (Moss Sentinels): the green starting deck (:mod:`.deck`)
and the Balance, Feral and Growth specs, each with its hero
(:mod:`.balance`, :mod:`.feral`, :mod:`.growth`), and the green tokens
(Wisp, Frog, Squirrel, Hunter, Beast: keywords and stats only).

Fine points follow the official rulings (reference/codex-cards/rulings.json,
"Green" and "Heroes") and the decisions in docs/RULINGS.md ("Green cards")."""

from . import balance, deck, feral, growth  # noqa: F401  (each registers its cards)
