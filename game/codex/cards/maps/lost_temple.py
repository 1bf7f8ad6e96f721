"""Lost Temple: cards need no tech building to be played, and spells need
no hero to be cast (so no minor spell pays the colour tax and a channeling
spell stays without its hero: docs/RULINGS.md "Maps")."""

from .. import kit


def _free(state, src, seat, card_id):
    """Every card, for every player."""
    return True


kit.map_card("lost_temple", grants={"play_without_tech": _free, "play_without_hero": _free})
