"""The 12 map cards of the Deluxe set (Deluxe rulebook "Map Cards"), one
module each: a map is a **global card**. Its facts (name, rule in our own
words) are a record of ``data/maps.json``; its module declares the rule it
changes as a card declares its effect, through the registry's mechanisms
and events, under the map's id (``kit.map_card("fury_road", restricts=...)``).
The game's map (``state["map"]``) is one more source of every question and
event, for every seat (``registry.global_card``), so the engine asks what
a map changes without knowing which map it is (docs/ENGINE.md "Maps are
global cards"; the decisions are in docs/RULINGS.md "Maps")."""

from . import (  # noqa: F401  (each registers its map)
    big_game_hunters,
    bloodbowl,
    burial_grounds,
    daggerfall_prison_camp,
    flagstone_mines,
    fury_road,
    hard_times_mill,
    lost_temple,
    mystical_forest,
    no_rush_15_minutes,
    pinnacle,
    vortoss_ruins,
)
