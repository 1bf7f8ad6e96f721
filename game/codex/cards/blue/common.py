"""What the blue spec modules and the blue deck share."""

from .. import kit


def units_where(state: dict, check) -> list:
    """Ids of every unit in play (anyone's, in seat order) for which
    ``check(iid)`` is true."""
    return [i for p in state["players"] for i in p["play"] if kit.stats.is_unit(state, i) and check(i)]


def tech_upto(state: dict, iid: str, level: int) -> bool:
    """True for a unit of tech ``level`` or lower (tokens are tech 0; a copy
    has the tech of what it copies)."""
    tech = kit.stats.tech_level(state, iid)
    return tech is not None and tech <= level
