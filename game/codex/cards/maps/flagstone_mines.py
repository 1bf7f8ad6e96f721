"""Flagstone Mines: no once-a-turn limit on hiring workers."""

from .. import kit


def _hire_again(state, src, seat):
    """Every player may hire as many workers a turn as they can pay for."""
    return True


kit.map_card("flagstone_mines", grants={"hire_again": _hire_again})
