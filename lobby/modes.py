"""Game modes a table can be opened for.

Each mode is configuration of the rules engine: its seat counts, heroes per
seat and teams come from ``game.rules.setup`` (``MODES``, ``team_for``) and
the heroes a seat may pick from ``game.rules.catalog.playable_heroes``; the
lobby adds only a label. A mode the engine supports appears here once it has
a label in ``LABELS``.
"""
from dataclasses import dataclass

from game.rules import catalog
from game.rules.setup import MODES as ENGINE_MODES
from game.rules.setup import team_for


@dataclass(frozen=True)
class Mode:
    """A game mode as the lobby sees it.

    Attributes:
        key: the engine's mode name (``config["mode"]``).
        label: a short human name.
        min_seats / max_seats: the allowed seat counts of a table.
        heroes_per_seat: how many different heroes each seat picks (the
            first of a seat's heroes is its main hero).
        heroes: the hero ids a seat may pick in this mode.
        teams: team of each seat index, or None for no teams.
    """

    key: str
    label: str
    min_seats: int
    max_seats: int
    heroes_per_seat: int
    heroes: tuple
    teams: tuple | None = None

    def team_of(self, index: int) -> int | None:
        """Return the team of seat ``index`` (None when the mode has no teams)."""
        return self.teams[index] if self.teams else None


# The modes the lobby offers, in menu order, with their labels. Two-Headed
# Dragon (house rules R18-R22): seats 0-1 are the first team, 2-3 the second,
# which is also the engine's seat order. Free-for-all (R23-R28): 3 to 5
# seats, each its own team, playing in seat order.
LABELS = {
    "1hero": "1 hero vs 1 hero",
    "3hero": "3 heroes vs 3 heroes",
    "2hg": "Two-Headed Dragon (2v2)",
    "ffa": "Free-for-all (3 to 5 players)",
}


def _from_engine(key: str, label: str) -> Mode:
    """The lobby's Mode for engine mode ``key`` (seat counts, heroes per seat
    and teams as the engine sets them up)."""
    seat_counts, heroes_per_seat = ENGINE_MODES[key][0], ENGINE_MODES[key][1]
    teams = tuple(team_for(key, index) for index in range(max(seat_counts)))
    return Mode(
        key=key,
        label=label,
        min_seats=min(seat_counts),
        max_seats=max(seat_counts),
        heroes_per_seat=heroes_per_seat,
        heroes=tuple(catalog.playable_heroes()),
        teams=teams if len(set(teams)) < len(teams) else None,
    )


MODES = {key: _from_engine(key, label) for key, label in LABELS.items() if key in ENGINE_MODES}


def get_mode(key: str) -> Mode:
    """Return the Mode called ``key``.

    Raises KeyError when there is no such mode.
    """
    return MODES[key]
