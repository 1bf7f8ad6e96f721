"""A ◎ target can be gone before the effect that targeted it resolves:
Smoker slips back to his owner's hand (a new card there, his id gone:
Smoker ruling). Every legal spell and ability of every card that may
target a Smoker must then resolve without an engine fault (Ebbflow
Archon's return once read the missing card: a KeyError in a greedy FFA
game)."""

import copy

from game.codex import catalog, checks, flow, play
from game.codex.cards.registry import card_of_id
from game.rules import apply_action_in_place, copy_state, legal_actions

from .helpers import base_damage, cards_in, find, hand_ids, logged, scenario_game, use_ability

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


# ---- an Illusion dies when targeted: the effect skips it --------------------------------
#
# Illusion ruling: it dies the moment a spell or ability ◎ it, before the
# effect, and the effect does the rest of what it says without it
# (docs/RULINGS.md "A target that died when targeted"). The engine marks it
# doomed (play.kill_targeted_illusions) and it leaves play at the next
# state-based check, so an effect that resolves at once (an ability, a pick
# ◎ while an effect resolves) must look at targeting.standing, not at
# thing_exists, before acting on its target.

ILLUSIONS = ("spectral_hound", "spectral_aven")


def _illusion_position(record, level):
    """:func:`_position` with Illusions instead of Smokers: seat 0 has a
    Spectral Hound (with a +1/+1 rune) and a Spectral Aven; seat 1 a
    patrolling Spectral Hound, another with a +1/+1 rune and an exhausted
    Spectral Aven."""
    cid, kind = record["id"], record["kind"]
    hero = cid if kind == "hero" else _hero_of(record["spec"])
    mine = [{"card": "spectral_hound", "plus": 1}, {"card": "spectral_aven"}, {"card": hero, "level": level, "time": 5}]
    seat0 = {"gold": 40, "buildings": ALL_TECH, "play": mine}
    if kind == "spell":
        seat0["hand"] = [cid]
    elif kind != "hero":
        mine.append({"card": cid, "time": 5})
    theirs = {
        "play": [
            {"card": "spectral_hound", "patrol": "squad_leader"},
            {"card": "spectral_hound", "plus": 1},
            {"card": "spectral_aven", "exhausted": True},
        ]
    }
    other = "troq_bashar" if hero == "river_montoya" else "river_montoya"
    return scenario_game([seat0, theirs], heroes=(hero, other))


def _what_an_effect_may_change(state, tid):
    """What an effect would change of in-play ``tid``: its instance, its
    patrol slot, and its this-turn and lasting effects."""
    inst = copy.deepcopy(state["cards"][tid])
    slot = next((s for p in state["players"] for s, i in p["patrol"].items() if i == tid), None)
    temp = [e for e in state["temp"] if e.get("iid") == tid]
    lasting = [e for e in state.get("lasting", ()) if e.get("iid") == tid]
    return {"inst": inst, "slot": slot, "temp": temp, "lasting": lasting}


def _played_out(state, action):
    """A copy of ``state`` after seat 0's ``action`` and the first option
    of each of the next (at most three) questions the effect asks."""
    played = copy_state(state)
    apply_action_in_place(played, 0, action)
    for _ in range(3):
        if played["prompt"] is None or played["status"] != "playing":
            break
        seat = played["prompt"]["seat"]
        apply_action_in_place(played, seat, next(a for a in legal_actions(played, seat) if a["type"] == "choose"))
    return played


def test_no_spell_or_ability_acts_on_an_illusion_that_died_when_targeted(monkeypatch):
    """Every legal spell and ability of every card that may ◎ an Illusion
    (seat 0's or seat 1's), its questions answered with their first
    option: the Illusion leaves play by dying, as it was when it was
    doomed (no damage, rune, sideline, disable, control, this-turn or
    lasting effect, no trash or return)."""
    doomed, faults = {}, []
    kill, die = play.kill_targeted_illusions, checks.die

    def watched_kill(state, targets):
        vanished = kill(state, targets)
        for tid in targets:
            if isinstance(tid, str) and state["cards"].get(tid, {}).get("marks", {}).get("doomed"):
                doomed[tid] = _what_an_effect_may_change(state, tid)
        return vanished

    def watched_die(state, iid):
        if iid in doomed and _what_an_effect_may_change(state, iid) != doomed.pop(iid):
            faults.append((acting, state["cards"][iid]["card"]))
        die(state, iid)

    monkeypatch.setattr(play, "kill_targeted_illusions", watched_kill)
    monkeypatch.setattr(checks, "die", watched_die)
    reached = set()
    for record in catalog.all_cards():
        if not (catalog.works(record["id"]) and record["kind"] in ("unit", "hero", "upgrade", "building", "spell")):
            continue
        for level in (1, 4, 8) if record["kind"] == "hero" else (8,):
            state = _illusion_position(record, level)
            illusions = {i for i, c in state["cards"].items() if c["card"] in ILLUSIONS and c["zone"] == "play"}
            for action in legal_actions(state, 0):
                if not illusions & set(action.get("targets") or ()):
                    continue
                acting = state["cards"][action["card"]]["card"]
                reached.add(acting)
                doomed.clear()
                played = _played_out(state, action)
                faults.extend((acting, played["cards"].get(t, {}).get("card", t)) for t in doomed)  # never died
    assert sorted(set(faults)) == []
    assert {"river_montoya", "careless_musketeer", "sparring_partner", "prynn_pasternaak"} <= reached
    assert len(reached) >= 50


def _river_game(hound_at="scavenger"):
    """River Montoya (level 3: her sideline) for seat 0; seat 1's Spectral
    Hound patrols ``hound_at``."""
    return scenario_game(
        [
            {"play": [{"card": "river_montoya", "level": 3, "id": "river"}]},
            {"gold": 0, "play": [{"card": "spectral_hound", "patrol": hound_at, "id": "hound"}]},
        ],
        heroes=("river_montoya", "troq_bashar"),
    )


def test_a_sideline_leaves_an_illusion_to_die_in_its_slot():
    """The general path (fx Effect.resolve, here kit.Sideline): the Hound
    dies in the scavenger slot it patrolled, so its controller gets the
    slot's gold; the ability, paid, sidelines nothing."""
    s = _river_game()
    s = use_ability(s, 0, find(s, "river"), 0, [find(s, "hound")])
    assert cards_in(s, 1, "discard") == ["spectral_hound"] and s["players"][1]["gold"] == 1
    assert not logged(s, "Spectral Hound was sidelined") and s["cards"][find(s, "river")]["exhausted"]


def test_a_stored_step_for_things_still_there_skips_a_doomed_illusion():
    """The general path of stored steps (fx apply_to_each ``alive``, here
    Stewardess of the Undone's return): a doomed Illusion is not there any
    more and is not saved to its owner's hand."""
    s = scenario_game([{}, {"play": [{"card": "spectral_hound", "id": "hound"}]}])
    hound = find(s, "hound")
    play.kill_targeted_illusions(s, [hound])
    flow.OPS["purple_bounce"](s, {"op": "purple_bounce", "seat": 0, "choice": [hound]})
    assert cards_in(s, 1, "hand") == []
    checks.state_based_checks(s)
    assert cards_in(s, 1, "discard") == ["spectral_hound"]


def test_a_damaging_ability_does_the_rest_without_the_illusion():
    """Careless Musketeer on a Spectral Hound: the Hound dies of being
    targeted and takes no damage (Firehouse ruling: it took none); the 1
    damage to the Musketeer's own base still comes."""
    s = scenario_game(
        [{"play": [{"card": "careless_musketeer", "id": "cm"}]}, {"play": [{"card": "spectral_hound", "id": "hound"}]}],
        heroes=("jaina_stormborne", "river_montoya"),
    )
    s = use_ability(s, 0, find(s, "cm"), 0, [find(s, "hound")])
    assert cards_in(s, 1, "discard") == ["spectral_hound"] and base_damage(s, 0) == 1
    assert not logged(s, "Spectral Hound took") and not logged(s, "Spectral Hound's armor")


def test_a_rune_ability_puts_no_rune_on_a_dying_illusion():
    """Sparring Partner on its controller's own Spectral Aven: the Aven
    dies when targeted, the Partner is exhausted (the cost) and no rune is
    put."""
    s = scenario_game(
        [{"play": [{"card": "sparring_partner", "id": "sp"}, {"card": "spectral_aven", "id": "aven"}]}],
        heroes=("troq_bashar", "river_montoya"),
    )
    s = use_ability(s, 0, find(s, "sp"), 0, [find(s, "aven")])
    assert cards_in(s, 0, "discard") == ["spectral_aven"] and s["cards"][find(s, "sp")]["exhausted"]
    assert not logged(s, "Spectral Aven got")


def test_prynn_trashes_no_illusion_that_died_when_targeted():
    """Prynn Pasternaak's max band on a Spectral Hound: her two time runes
    are paid, the Hound dies (to its owner's discard pile, not the trash)
    and she keeps nothing to bring back."""
    s = scenario_game(
        [
            {"play": [{"card": "prynn_pasternaak", "level": 8, "time": 2, "id": "prynn"}]},
            {"play": [{"card": "spectral_hound", "id": "hound"}]},
        ],
        heroes=("prynn_pasternaak", "river_montoya"),
    )
    s = use_ability(s, 0, find(s, "prynn"), 0, [find(s, "hound")])
    assert cards_in(s, 1, "discard") == ["spectral_hound"] and cards_in(s, 1, "trash") == []
    assert not logged(s, "Spectral Hound was trashed")


def test_a_control_change_takes_no_dying_illusion():
    """Kidnapping's resolution on a Spectral Hound doomed by being
    targeted: control stays with its player (an effect acting on the
    spot, as an ability does, finds it dying: targeting.standing)."""
    s = scenario_game(
        [{"hand": ["kidnapping"]}, {"play": [{"card": "spectral_hound", "id": "hound"}]}],
        heroes=("jaina_stormborne", "river_montoya"),
    )
    hound, spell = find(s, "hound"), hand_ids(s, 0, "kidnapping")[0]
    play.kill_targeted_illusions(s, [hound])
    card_of_id("kidnapping").resolve(s, 0, spell, [hound])
    assert s["cards"][hound]["controller"] == 1
