"""Hard Times Mill: hiring a worker costs 1 gold more."""

from .. import kit

EXTRA = 1  # gold added to a worker's cost


def _dearer_workers(state, src, seat, cost):
    """A worker costs :data:`EXTRA` more, before any card changes it."""
    return cost + EXTRA


kit.map_card("hard_times_mill", modifies={"hire_cost": _dearer_workers})
