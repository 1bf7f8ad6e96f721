"""Daggerfall Prison Camp: hiring a worker takes no card from hand (the
hire names none; the worker count still goes up)."""

from .. import kit


def _no_card(state, src, seat):
    """A hire takes no card: this sentence refuses one that names a card."""
    return "On Daggerfall Prison Camp hiring takes no card: name none."


kit.map_card("daggerfall_prison_camp", restricts={"hire_card": _no_card})
