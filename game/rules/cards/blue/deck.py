"""The blue starting deck, one block per spec helper that wrote it (Law,
Peace, Truth); Spectral Aven's Illusion and flying are keywords."""
from ..api import card
from ..common import is_busy, raw_stats
from ..targets import is_building

NONE = (0, 0, {})

# ---- PEACE block: Bluecoat Musketeer, Traffic Director -------------------------


def _musketeer_aura(state: dict, src: str, iid: str):
    """Bluecoat Musketeer: long-range while his ATK is exactly 1, counting
    every effect and rune (Bluecoat Musketeer ruling), Debilitator Alpha's
    -1 while he attacks it too. Read with this aura off for him, so the
    reading ends."""
    if iid != src or is_busy("bluecoat_musketeer", iid):
        return NONE
    if raw_stats(state, iid, "bluecoat_musketeer")["atk"] == 1:
        return 0, 0, {"long_range": 1}
    return NONE


card("bluecoat_musketeer", aura=_musketeer_aura)


def _director_passes(state: dict, iid: str, target: str) -> bool:
    """Traffic Director: unstoppable while attacking a building (a base,
    tech building, add-on or building card): no patroller stops him then.
    Untargetable is a keyword."""
    return is_building(state, target)


card("traffic_director", unstoppable_toward=_director_passes)

# ---- end of the PEACE block -----------------------------------------------------
