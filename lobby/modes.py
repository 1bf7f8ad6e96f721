"""Game modes a table can be opened for.

Each mode is configuration only: how many seats, how many heroes each seat
brings, and the team of each seat (None when every seat plays alone). The rules
engine decides what the mode means; the lobby only checks that a table is
complete before it starts. Add a mode here once the engine supports it.
"""
from dataclasses import dataclass


@dataclass(frozen=True)
class Mode:
    """A game mode as the lobby sees it.

    Attributes:
        key: the engine's mode name (``config["mode"]``).
        label: a short human name.
        min_seats / max_seats: the allowed seat counts of a table.
        heroes_per_seat: how many heroes each seat picks.
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


MODES = {
    "1hero": Mode(
        key="1hero",
        label="1 hero vs 1 hero",
        min_seats=2,
        max_seats=2,
        heroes_per_seat=1,
        heroes=("troq_bashar", "river_montoya"),
    ),
    # Two-Headed Dragon (house rules R18-R22): seats 0-1 are the first team,
    # 2-3 the second, which is also the engine's seat order.
    "2hg": Mode(
        key="2hg",
        label="Two-Headed Dragon (2v2)",
        min_seats=4,
        max_seats=4,
        heroes_per_seat=1,
        heroes=("troq_bashar", "river_montoya"),
        teams=(0, 0, 1, 1),
    ),
}


def get_mode(key: str) -> Mode:
    """Return the Mode called ``key``.

    Raises KeyError when there is no such mode.
    """
    return MODES[key]
