"""Mystical Forest: as a player's turn begins, each of their exhausted
units and heroes may take a +1/+1 rune and stay exhausted instead of
readying; the player picks which, one question at a time (docs/RULINGS.md
"Maps": none when nothing is exhausted)."""

from .. import kit


def _hold_back(state, src, iid):
    """Exhausted units and heroes wait for the question (step
    ``mystical_forest``) instead of readying; anything else readies."""
    if kit.catalog.card(state["cards"][iid]["card"])["kind"] in ("unit", "hero"):
        return "mystical_forest"
    return None


@kit.op("mystical_forest")
def _mystical_forest(state: dict, step: dict) -> None:
    """The ready step of ``seat``'s turn held back its exhausted units and
    heroes (``cards``): ask, one at a time, which one takes a +1/+1 rune
    and stays exhausted; answering none readies all those left."""
    seat = step["seat"]
    left = [i for i in step["cards"] if i in state["cards"] and state["cards"][i]["zone"] == "play"]
    if not left:
        return
    kit.ask(
        state,
        seat,
        "Mystical Forest: choose an exhausted unit or hero to get a +1/+1 rune and stay "
        "exhausted instead of readying; skip to ready the rest.",
        left,
        {"op": "mystical_forest_pick", "seat": seat, "cards": left},
        optional=True,
    )


@kit.op("mystical_forest_pick")
def _mystical_forest_pick(state: dict, step: dict) -> None:
    """The answer to :func:`_mystical_forest`: the chosen card gets its
    rune and the question comes again for the others; no choice readies
    them all."""
    if not step["choice"]:
        for iid in step["cards"]:
            if iid in state["cards"]:
                state["cards"][iid]["exhausted"] = False
        return
    chosen = step["choice"][0]
    kit.add_rune(state, chosen, plus=1)
    kit.log(
        state, f"{kit.name(state, chosen)} took a +1/+1 rune instead of readying (Mystical Forest).", cards=[chosen]
    )
    kit.push(state, {"op": "mystical_forest", "seat": step["seat"], "cards": [i for i in step["cards"] if i != chosen]})


kit.map_card("mystical_forest", restricts={"ready": _hold_back})
