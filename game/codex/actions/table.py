"""The table of Codex's moves and the order legal_actions lists them in
(issue 28: one table drives apply, is_legal and legal_actions).

``MOVES`` maps each action type to its :class:`~.base.Move`. ``LISTING``
is legal_actions' order, step by step: a move (its options), or a walk
over subjects (each hand card, each card in play, each forecasted card)
that lists, per subject, the options of several moves in turn. A step
runs when its moves' ``who`` lets the seat through; consecutive steps of
one ``who`` ask it once."""

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import groupby

from .abilities import ABILITY, ability_each
from .base import Lister, Move, Who, forecasted, hand_subjects, in_play, main_refusal
from .building import BUILD
from .economy import HIRE, LEVEL_UP, SUMMON, hire_each, level_up_each
from .ffa import END_LENDING, LEND, REPAIR
from .fighting import ATTACK, PATROL, REVEAL, attack_each, patrol_each
from .phases import CHOOSE, CONCEDE, END_MAIN, TECH
from .playing import PLAY, play_each

MOVES: dict[str, Move] = {
    m.type: m
    for m in (
        HIRE,
        BUILD,
        SUMMON,
        LEVEL_UP,
        PLAY,
        ABILITY,
        ATTACK,
        PATROL,
        END_MAIN,
        TECH,
        CHOOSE,
        CONCEDE,
        REVEAL,
        REPAIR,
        LEND,
        END_LENDING,
    )
}


@dataclass(frozen=True)
class Walk:
    """A step of the listing that walks ``subjects(state, seat)`` and, for
    each, appends what each lister of ``listers`` lists; ``who`` is the
    moves' own (the same for all of them)."""

    who: Who
    subjects: Callable[[dict, int], Iterable]
    listers: tuple[Lister, ...]

    def run(self, state: dict, seat: int, out: list) -> None:
        """Append the walk's options for ``seat`` to ``out``."""
        listers = self.listers
        for subject in self.subjects(state, seat):
            for lister in listers:
                lister(state, seat, subject, out)


def _step(move: Move) -> Callable[[dict, int, list], None]:
    """A listing step of ``move`` alone: its options appended."""

    def run(state: dict, seat: int, out: list) -> None:
        out.extend(move.options(state, seat))

    return run


# legal_actions' order: prompt answers, tech, the main phase (per hand card
# hire and play; builds; summons; per card in play level up, abilities,
# attacks, patrols; forecasted abilities; reveals; repair; ending it), the
# lending step, conceding.
LISTING: tuple = (
    CHOOSE,
    TECH,
    Walk(HIRE.who, hand_subjects, (hire_each, play_each)),
    BUILD,
    SUMMON,
    Walk(LEVEL_UP.who, in_play, (level_up_each, ability_each, attack_each, patrol_each)),
    Walk(ABILITY.who, forecasted, (ability_each,)),
    REVEAL,
    REPAIR,
    END_MAIN,
    LEND,
    END_LENDING,
    CONCEDE,
)
# The who a step is listed under, where it is not its move's own: repair
# (not_ffa, then the main-phase test) in the main phase's group, its
# options asking the mode (ffa.repair_options).
_LISTED_UNDER = {REPAIR.type: main_refusal}


def _listed_who(step: "Move | Walk") -> Who:
    """The who that gates ``step`` in the listing."""
    return _LISTED_UNDER.get(step.type, step.who) if isinstance(step, Move) else step.who


# The listing as (who, [step runner]) groups: consecutive steps of one who.
_GROUPS = tuple(
    (who, tuple(s.run if isinstance(s, Walk) else _step(s) for s in steps))
    for who, steps in groupby(LISTING, key=_listed_who)
)


def listed_actions(state: dict, seat: int) -> list:
    """Every action ``seat`` may take now, in LISTING's order: each step's
    options once its ``who`` lets ``seat`` through. Every option passes
    the checks apply_action runs (tests/rules/test_legal_by_construction.py)."""
    out: list = []
    for who, runs in _GROUPS:
        if who(state, seat) is None:
            for run in runs:
                run(state, seat, out)
    return out
