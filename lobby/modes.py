"""Games and game modes a table can be opened for.

The lobby offers several games (``GAMES``: Codex, Arcane Codex, issue 17;
C-23, issue 18).
A Codex mode is one of Codex's setups; every other game is one mode of its
own (its key is the game's name), with its seat counts, no heroes, and its
table options (``Mode.options``) as that game's rules package states them
(``game.arcane.OPTIONS``, ``game.c23.OPTIONS``: values and defaults); the
lobby adds only labels.

Each mode is configuration of the rules engine: its seat counts, heroes per
seat and teams come from Codex's setups and the heroes a seat may pick from
its playable heroes, both read through ``game.rules.tables``; the
lobby adds only a label. A mode the engine supports appears here once it has
a label in ``LABELS``.
"""

from dataclasses import dataclass

from game.rules import tables

ENGINE_MODES = tables.codex_modes()


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
        game: the game it plays (a key of ``GAMES``).
        options: the table options a host chooses, each an ``Option``.
        maps: whether a table may be played on a map (Codex's; the new-table
            form shows the map menu only then).
    """

    key: str
    label: str
    min_seats: int
    max_seats: int
    heroes_per_seat: int
    heroes: tuple
    teams: tuple | None = None
    game: str = "codex"
    options: tuple = ()
    maps: bool = True

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
    seat_counts, heroes_per_seat = ENGINE_MODES[key]["seats"], ENGINE_MODES[key]["heroes"]
    teams = ENGINE_MODES[key]["teams"]
    return Mode(
        key=key,
        label=label,
        min_seats=min(seat_counts),
        max_seats=max(seat_counts),
        heroes_per_seat=heroes_per_seat,
        heroes=tuple(tables.playable_heroes()),
        teams=teams if len(set(teams)) < len(teams) else None,
    )


@dataclass(frozen=True)
class Option:
    """A table option of a game: ``key`` (the config's option name),
    ``label`` (a sentence of ours), ``choices`` (``((value, label), ...)``,
    empty for a number), ``default``, and for a number its bounds
    ``minimum`` / ``maximum`` (``nullable``: it may be off)."""

    key: str
    label: str
    default: object
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False


# The games the lobby offers, in menu order, with their labels.
GAMES = {"codex": "Codex", tables.ARCANE: "Arcane Codex", tables.C23: "C-23"}

# Our words for Arcane Codex's table options (house rules A4, A6, A14, A18,
# A23, A33) and their values; the values and defaults are the engine's.
ARCANE_OPTION_LABELS = {
    "main_phases": ("Main phases", {"one": "one, before combat", "two": "two: another after combat"}),
    "land_power": ("A new land's power", {"immediate": "at once", "next_turn": "from the next turn"}),
    "blockers": ("Blockers per attacker", {"one": "one", "many": "several"}),
    "crush_vs_sage": ("Crush past a sage", {"player": "hits the player", "target": "hits the sage"}),
    "sage_ultimate": ("Sage's -5", {"any_turn": "any turn", "not_on_entry": "not the turn it arrives"}),
    "round_cap": ("Round cap (empty: none)", {}),
}


def _arcane_options() -> tuple:
    """The Options of Arcane Codex, from game.arcane.OPTIONS (game.rules.tables.options)."""
    out = []
    for key, (values, default) in tables.options(tables.ARCANE).items():
        label, value_labels = ARCANE_OPTION_LABELS[key]
        if values is None:  # round_cap: a number of rounds, or none
            out.append(Option(key, label, default, minimum=1, maximum=1000, nullable=True))
        else:
            out.append(Option(key, label, default, tuple((v, value_labels.get(v, v)) for v in values)))
    return tuple(out)


# Our words for C-23's table options, one for each ★ house rule (K2, K4,
# K11, K24) and K5 (shared/c23-house-rules.md; the labels name no rule code,
# which a player can't look up), and their values; game.c23.OPTIONS lists
# the values, the default first.
C23_OPTION_LABELS: dict[str, tuple[str, dict]] = {
    "summoning_sickness": (
        "A new character attacks",
        {False: "the turn it is played", True: "from its owner's next turn"},
    ),
    "deck_out": (
        "A player loses",
        {"empty": "the moment their deck reaches 0", "draw": "only when they must draw from an empty deck"},
    ),
    "simultaneous_loss": (
        "Every deck empty at once",
        {"draw": "the game is a draw", "active_loses": "the player whose turn it is loses"},
    ),
    "combat_cards_each": ("Combat cards per side in a fight", {1: "one", 2: "two"}),
    "elimination_bonus": (
        "3 players: a bonus for the player whose left neighbour is knocked out",
        {True: "on", False: "off"},
    ),
}


def _c23_options() -> tuple:
    """The Options of C-23, from game.c23.OPTIONS (the default first; game.rules.tables.options)."""
    out = []
    for key, values in tables.options(tables.C23).items():
        label, value_labels = C23_OPTION_LABELS[key]
        out.append(Option(key, label, values[0], tuple((v, value_labels[v]) for v in values)))
    return tuple(out)


MODES = {key: _from_engine(key, label) for key, label in LABELS.items() if key in ENGINE_MODES}
MODES[tables.ARCANE] = Mode(
    key=tables.ARCANE,
    label="Arcane Codex (2 players, 52 playing cards)",
    min_seats=2,
    max_seats=2,
    heroes_per_seat=0,
    heroes=(),
    game=tables.ARCANE,
    options=_arcane_options(),
    maps=False,
)
# C-23 (issue 18): 2 or 3 players (K24; no 4+ or teams, K25), each bringing a deck (lobby.services).
MODES[tables.C23] = Mode(
    key=tables.C23,
    label="C-23 (2 or 3 players, this server's own cards)",
    min_seats=2,
    max_seats=3,
    heroes_per_seat=0,
    heroes=(),
    game=tables.C23,
    options=_c23_options(),
    maps=False,
)


def get_mode(key: str) -> Mode:
    """Return the Mode called ``key``.

    Raises KeyError when there is no such mode.
    """
    return MODES[key]


def mode_label(key: str) -> str:
    """The label of the mode called ``key`` ("1 hero vs 1 hero"); ``key``
    itself when no mode has it (a mode since withdrawn). Never raises."""
    spec = MODES.get(key)
    return spec.label if spec else key
