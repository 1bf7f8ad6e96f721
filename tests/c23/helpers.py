"""Positions for C-23 tests: a scenario config (docs/C23.md, "Scenarios")
and small readers of the state."""

from game.c23 import apply_action, new_game

FILLER = ["Old Bough"] * 10  # a deck that keeps a player in the game (no resource: step 3 passes)


def scenario(players, active=0, step="main", turn=1, options=None, names=None, seed=1):
    """A game laid out by ``players`` (one dict of zones per seat; a zone
    not given is empty, and a deck not given is FILLER)."""
    layout = []
    for p in players:
        p = dict(p)
        p.setdefault("deck", list(FILLER))
        layout.append(p)
    names = names or ["Ana", "Bo", "Cy"][: len(players)]
    config = {
        "game": "c23",
        "seed": seed,
        "seats": [{"name": n} for n in names],
        "scenario": {"players": layout, "active": active, "step": step, "turn": turn},
    }
    if options:
        config["options"] = options
    return new_game(config)


def find(state, seat, zone, name, nth=0):
    """The id of the ``nth`` card called ``name`` in ``seat``'s ``zone``."""
    found = [i for i in state["players"][seat][zone] if state["cards"][i]["card"] == name]
    return found[nth]


def names(state, seat, zone):
    """The card names of ``seat``'s ``zone``, in order."""
    return [state["cards"][i]["card"] for i in state["players"][seat][zone]]


def act(state, seat, action):
    """apply_action, returning the new state only."""
    return apply_action(state, seat, action)[0]


def texts(events):
    """The text of each event."""
    return [e["text"] for e in events]


def pass_combat(state):
    """Answer every open combat-card question with a pass (K11) and return the state."""
    while state["prompt"] is not None and state["prompt"]["kind"] == "combat_card":
        state = act(state, state["prompt"]["seat"], {"type": "pass"})
    return state
