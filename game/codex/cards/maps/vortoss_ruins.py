"""Vortoss Ruins: nobody may build a Tech Lab or a Heroes' Hall, but every
player has what both give: one more hero allowed in play, and (3-hero
game) one more spec unlocked, picked when their first Tech II is built
(the player's ``ruins_lab_spec``; docs/RULINGS.md "Maps")."""

from .. import kit

ADDONS = ("tech_lab", "heroes_hall")  # never built, always had


def _not_built(state, src, building):
    """The refusal's sentence for the two add-ons."""
    if building in ADDONS:
        return "On Vortoss Ruins nobody builds that add-on: you have what it gives already."
    return None


def _ruins_give(state, src, seat, addon):
    """Every player has both add-ons' effects; the Tech Lab's spec once chosen."""
    if addon == "tech_lab":
        return kit.player(state, seat).get("ruins_lab_spec") or True
    return addon in ADDONS


def _ask_lab_spec(state, src, seat, building_id):
    """Building their first Tech II (with its spec: the 3-hero game), a
    player picks the spec the ruins' Tech Lab unlocks (step
    ``ruins_lab_spec``)."""
    p = kit.player(state, seat)
    spec = p.get("tech2_spec")
    if building_id == "tech_2" and spec and not p.get("ruins_lab_spec"):
        kit.ask(
            state,
            seat,
            "Vortoss Ruins: choose the spec your free Tech Lab unlocks.",
            [s for s in kit.hero_specs(state, seat) if s != spec],
            {"op": "ruins_lab_spec", "seat": seat},
        )


@kit.op("ruins_lab_spec")
def _ruins_lab_spec(state: dict, step: dict) -> None:
    """The spec the Tech Lab every player has unlocks, picked once."""
    if step["choice"]:
        kit.player(state, step["seat"])["ruins_lab_spec"] = step["choice"][0]
        kit.log(
            state,
            f"{kit.seat_name(state, step['seat'])}'s Tech Lab of the ruins unlocks "
            f"{kit.catalog.spec_name(step['choice'][0])}.",
        )


kit.map_card(
    "vortoss_ruins",
    building_built=_ask_lab_spec,
    restricts={"build": _not_built},
    grants={"addon": _ruins_give},
)
