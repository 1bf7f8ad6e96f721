"""Fury Road: each player may keep only one unit or hero in their patrol
zone at a time (docs/RULINGS.md "Maps": a swap with the one patroller,
or moving it, is fine; in Two-Headed Dragon each teammate has one)."""

from .. import kit


def _one_patroller(state, src, seat, iid, slot, lender):
    """The refusal (code ``one_patroller``) when ``iid`` going into
    ``seat``'s patrol ``slot`` would leave two or more cards in that zone;
    a card lent in (``lender``, house rule R26) needs an empty zone."""
    zone = kit.player(state, seat)["patrol"]
    if not any(o is not None and o != iid and s != slot for s, o in zone.items()):
        return None
    if lender is not None:
        return "one_patroller", "On Fury Road that player already has their one patroller."
    return (
        "one_patroller",
        "On Fury Road you may have only one patroller: take the other one off first, or put this one in its slot.",
    )


kit.map_card("fury_road", restricts={"patrol": _one_patroller})
