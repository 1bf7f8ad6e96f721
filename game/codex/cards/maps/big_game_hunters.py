"""Big Game Hunters: every player gains 2 gold more in each of their
upkeeps, right after their workers' gold (within the cap of 20)."""

from .. import kit

GOLD = 2  # extra gold in each upkeep


def _hunters_gold(state, src, seat):
    """``seat``'s upkeep: :data:`GOLD` more gold, logged with what it got."""
    gained = kit.gain_gold(state, seat, GOLD)
    kit.log(state, f"{kit.seat_name(state, seat)} gained {gained} gold from Big Game Hunters.")


kit.map_card("big_game_hunters", player_upkeep=_hunters_gold)
