"""A ◎ target can be gone before the effect that targeted it resolves:
Smoker slips back to his owner's hand (a new card there, his id gone:
Smoker ruling). Every legal spell and ability of every card that may
target a Smoker must then resolve without an engine fault (Ebbflow
Archon's return once read the missing card: a KeyError in a greedy FFA
game)."""

from game.codex import catalog
from game.rules import apply_action_in_place, copy_state, legal_actions

from .helpers import scenario_game

ALL_TECH = {"tech_1": True, "tech_2": True, "tech_3": True}


def _hero_of(spec):
    """A hero of ``spec`` (Troq Bashar for a neutral card)."""
    return next((h for h in catalog.heroes() if catalog.card(h)["spec"] == spec), "troq_bashar")


def _position(record, level):
    """Seat 0 with ``record``'s card in play (a hero at ``level``) or in hand
    (a spell, its spec's hero in play), all tech and gold; a Smoker on each
    side, one of them patrolling."""
    cid, kind = record["id"], record["kind"]
    hero = cid if kind == "hero" else _hero_of(record["spec"])
    mine = [{"card": "smoker"}, {"card": hero, "level": level, "time": 5}]
    seat0 = {"gold": 40, "buildings": ALL_TECH, "play": mine}
    if kind == "spell":
        seat0["hand"] = [cid]
    elif kind != "hero":
        mine.append({"card": cid, "time": 5})
    theirs = {"play": [{"card": "smoker", "patrol": "squad_leader"}, {"card": "smoker"}]}
    other = "troq_bashar" if hero == "river_montoya" else "river_montoya"
    return scenario_game([seat0, theirs], heroes=(hero, other))


def test_every_spell_and_ability_on_a_smoker_resolves():
    reached = set()
    for record in catalog.all_cards():
        if not (catalog.works(record["id"]) and record["kind"] in ("unit", "hero", "upgrade", "building", "spell")):
            continue
        for level in (1, 4, 8) if record["kind"] == "hero" else (8,):
            state = _position(record, level)
            smokers = {i for i, c in state["cards"].items() if c["card"] == "smoker" and c["zone"] == "play"}
            for action in legal_actions(state, 0):
                if smokers & set(action.get("targets") or ()):
                    reached.add(record["id"])
                    apply_action_in_place(copy_state(state), 0, action)  # an engine fault raises
    assert {"ebbflow_archon", "undo", "spark", "boot_camp"} <= reached and len(reached) >= 100
