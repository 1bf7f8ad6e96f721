"""No Rush 15 Minutes: no damage is dealt at all until every player has
finished 4 turns of their own (``turns_ended``: in Two-Headed Dragon a
team turn counts for both teammates; a player who conceded a free-for-all
is not waited for)."""

from .. import kit

TURNS = 4  # "each player has taken 4 turns"


def _no_damage_yet(state, src):
    """The map's name while some player has finished fewer than
    :data:`TURNS` turns (all damage is prevented); None after."""
    if any(p["turns_ended"] < TURNS for p in state["players"] if not p.get("conceded")):
        return "No Rush 15 Minutes"
    return None


kit.map_card("no_rush_15_minutes", restricts={"damage": _no_damage_yet})
