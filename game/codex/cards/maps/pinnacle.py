"""Pinnacle: an ultimate spell needs only its spec's hero in play, at any
level, even on the turn it arrived; a hero that died waits one turn
longer before it can be summoned again (on top of house rule R13)."""

from .. import kit


def _any_level(state, src, seat, card_id):
    """Every ultimate needs only its hero in play."""
    return True


def _longer_wait(state, src, seat, hero_card, after):
    """One turn more to wait."""
    return after + 1


kit.map_card("pinnacle", grants={"ultimate_any_level": _any_level}, modifies={"hero_wait": _longer_wait})
