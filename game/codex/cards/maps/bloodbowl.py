"""Bloodbowl: units of every player fight with +1 ATK and have haste."""

from .. import kit


def _bloodbowl(state, src, iid):
    """+1 ATK and haste for a unit; nothing for anything else."""
    if kit.catalog.card(state["cards"][iid]["card"])["kind"] == "unit":
        return 1, 0, {"haste": 1}
    return 0, 0, {}


kit.map_card("bloodbowl", aura_all=_bloodbowl)
