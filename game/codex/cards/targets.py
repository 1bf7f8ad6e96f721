"""Target slots and filters that card declarations share (issue 12).

A slot is a :class:`~game.codex.cards.registry.Target`: the kinds of thing
it takes and a filter ``(state, seat, tid) -> bool``. The shapes here are
the ones the printed cards repeat ("a patroller", "a unit or building",
"your unit", "a tech 0 or I unit"); a card with a shape of its own builds
its slot with :func:`slot`.
"""

from .. import catalog, stats
from ..effects import is_building_id
from ..state import is_opponent, is_patrolling, teammates
from ..targeting import controller_of, kind_of
from .registry import Target

CHARACTER = ("unit", "hero")
BUILDING = ("building", "base")
ANYTHING = ("unit", "hero", "building", "base")


def slot(kinds, *filters, icon: bool = True, prompt: str = "Choose a target.") -> Target:
    """A target slot of ``kinds`` (a tuple, or one kind as a string) whose
    things pass every filter of ``filters``; ``icon`` False: not targeted
    (no ◎: resist, untargetable and flagbearers don't apply)."""
    kinds = (kinds,) if isinstance(kinds, str) else tuple(kinds)
    if not filters:
        check = None
    elif len(filters) == 1:
        check = filters[0]
    else:

        def check(state, seat, tid):
            return all(f(state, seat, tid) for f in filters)

    return Target(kinds, check, icon=icon, prompt=prompt)


def friendly(state: dict, seat: int, tid: str) -> bool:
    """True for things controlled by ``seat`` or a teammate (R21)."""
    return controller_of(state, tid) in teammates(state, seat)


def yours(state: dict, seat: int, tid: str) -> bool:
    """True for things ``seat`` itself controls ("your", R21)."""
    return controller_of(state, tid) == seat


def opposing(state: dict, seat: int, tid: str) -> bool:
    """True for things an opponent of ``seat`` controls."""
    return is_opponent(state, seat, controller_of(state, tid))


def patroller(state: dict, seat: int, tid: str) -> bool:
    """True for a unit or hero standing in a patrol slot."""
    return is_patrolling(state, tid)


def tech_at_most(level: int):
    """A filter: units of tech ``level`` or lower (tokens are tech 0)."""

    def check(state: dict, seat: int, tid: str) -> bool:
        tech = stats.tech_level(state, tid)
        return tech is not None and tech <= level

    return check


def tech_exactly(level: int):
    """A filter: units of exactly tech ``level``."""

    def check(state: dict, seat: int, tid: str) -> bool:
        return stats.tech_level(state, tid) == level

    return check


def is_building(state: dict, tid: str) -> bool:
    """True for a tech building, add-on or base id, or a building card in
    play (Verdant Tree): what "a building" means on a card."""
    return is_building_id(tid) or (tid in state["cards"] and kind_of(state, tid) == "building")


def has_subtype(state: dict, iid: str, subtype: str) -> bool:
    """True when ``iid``'s card has ``subtype`` (e.g. "Virtuoso"), or an
    effect gave it that subtype while it stays in play (mark ``subtypes``:
    Fox's Den School; the mark goes with the instance when it leaves)."""
    inst = state["cards"][iid]
    return subtype in catalog.card(inst["card"])["subtypes"] or subtype in inst["marks"].get("subtypes", ())


UNIT = slot("unit")
PATROLLER = slot(CHARACTER, patroller)
UNIT_OR_BUILDING = slot(("unit",) + BUILDING)
ANY_TARGET = slot(ANYTHING)
A_BUILDING = slot(BUILDING)
