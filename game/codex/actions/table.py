"""The table of Codex's moves and the order legal_actions lists them in
(issue 28: one table drives apply, is_legal and legal_actions).

``MOVES`` maps each action type to its :class:`~.base.Move`. ``LISTING``
is legal_actions' order, step by step: a move (its options), or a walk
over subjects (each hand card, each card in play, each forecasted card)
that lists, per subject, the options of several moves in turn. A step
runs when its moves' ``who`` lets the seat through; consecutive steps of
one ``who`` ask it once."""

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import groupby

from .abilities import ABILITY, ability_each
from .base import Lister, Move, Who, forecasted, hand_subjects, in_play, main_refusal
from .building import BUILD
from .economy import HIRE, LEVEL_UP, SUMMON, hire_each, hire_lister, level_up_each
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
    moves' own (the same for all of them). ``picks`` maps a lister to what
    picks, once per listing, the lister to run instead (None: none runs;
    a verdict that does not depend on the subject is asked once).
    ``kinds`` maps a lister to the card kinds it lists anything for; the
    subjects are then Cards (base.Card) and each runs only the listers of
    its kind (the listers check it too: they list alone as well)."""

    who: Who
    subjects: Callable[[dict, int], Iterable]
    listers: tuple[Lister, ...]
    picks: Mapping[Lister, Callable[[dict, int], Lister | None]] = field(default_factory=dict)
    kinds: Mapping[Lister, tuple[str, ...]] = field(default_factory=dict)
    _by_kind: dict = field(init=False, repr=False, compare=False)
    _any_kind: tuple = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        kinds = {k for ks in self.kinds.values() for k in ks}
        by_kind = {k: tuple(x for x in self.listers if k in self.kinds.get(x, (k,))) for k in kinds}
        object.__setattr__(self, "_by_kind", by_kind)
        object.__setattr__(self, "_any_kind", tuple(x for x in self.listers if x not in self.kinds))

    def run(self, state: dict, seat: int, out: list) -> None:
        """Append the walk's options for ``seat`` to ``out``."""
        if self.kinds:
            by_kind, any_kind = self._by_kind, self._any_kind
            for card in self.subjects(state, seat):
                for lister in by_kind.get(card[2]["kind"], any_kind):
                    lister(state, seat, card, out)
            return
        listers: Sequence[Lister] = self.listers
        if self.picks:
            picks, picked = self.picks, []
            for lister in listers:
                pick = picks.get(lister)
                chosen = lister if pick is None else pick(state, seat)
                if chosen is not None:
                    picked.append(chosen)
            listers = picked
        for subject in self.subjects(state, seat):
            for lister in listers:
                lister(state, seat, subject, out)


_CHARACTERS = ("hero", "unit")  # stats.is_character's kinds

# legal_actions' order: prompt answers, tech, the main phase (per hand card
# hire and play; builds; summons; per card in play level up, abilities,
# attacks, patrols; forecasted abilities; reveals; repair; ending it), the
# lending step, conceding.
LISTING: tuple = (
    CHOOSE,
    TECH,
    Walk(HIRE.who, hand_subjects, (hire_each, play_each), picks={hire_each: hire_lister}),
    BUILD,
    SUMMON,
    Walk(
        LEVEL_UP.who,
        in_play,
        (level_up_each, ability_each, attack_each, patrol_each),
        kinds={level_up_each: ("hero",), attack_each: _CHARACTERS, patrol_each: _CHARACTERS},
    ),
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


# The listing as (who, [(options, walk)]) groups: consecutive steps of one
# who; a move's options (walk None) or a walk's run (options None).
_GROUPS = tuple(
    (who, tuple((None, s.run) if isinstance(s, Walk) else (s.options, None) for s in steps))
    for who, steps in groupby(LISTING, key=_listed_who)
)


def listed_actions(state: dict, seat: int) -> list:
    """Every action ``seat`` may take now, in LISTING's order: each step's
    options once its ``who`` lets ``seat`` through. Every option passes
    the checks apply_action runs (tests/rules/test_legal_by_construction.py)."""
    out: list = []
    for who, steps in _GROUPS:
        if who(state, seat) is None:
            for options, walk in steps:
                if walk is not None:
                    walk(state, seat, out)
                elif options is not None:
                    out += options(state, seat)
    return out
