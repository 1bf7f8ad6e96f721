"""One or more scenario tests per house rule R1-R17
(../shared/codex-house-rules.md); each test's docstring cites its rule.
"""

import pytest

from game.rules import legal_actions, view

from .helpers import (
    act,
    assert_refused,
    attack_tagged,
    base_damage,
    dmg,
    find,
    gone,
    hand_ids,
    new_normal_game,
    scenario_game,
)


def targets_of(state, seat, attacker):
    return {a["target"] for a in legal_actions(state, seat) if a["type"] == "attack" and a["attacker"] == attacker}


def pass_turn(state):
    """End the active seat's main phase; tech for whoever the game waits on."""
    seat = state["active"]
    state = act(state, seat, {"type": "end_main"})
    if state["phase"] == "tech":
        waiting = state["active"]
        techs = [a for a in legal_actions(state, waiting) if a["type"] == "tech"]
        state = act(state, waiting, techs[0])
    return state


# ---- R1 ----------------------------------------------------------------------------


@pytest.mark.parametrize("what,gold", [("tech_1", 1), ("tech_2", 4), ("tech_3", 5), ("tower", 3), ("surplus", 5)])
def test_r1_building_costs(what, gold):
    """House rule R1: Tech I 1 gold, Tech II 4, Tech III 5; Tower 3, Surplus 5."""
    state = scenario_game(
        seats=[{"gold": 20, "workers": 10, "buildings": {"tech_1": what == "tech_2", "tech_2": what == "tech_3"}}, {}]
    )
    state = act(state, 0, {"type": "build", "building": what})
    assert state["players"][0]["gold"] == 20 - gold


def test_r1_tech_buildings_have_5_hp_addons_4():
    """House rule R1: each tech building has 5 HP, each add-on 4 HP."""
    state = scenario_game(
        seats=[
            {
                "play": [
                    {"card": "iron_man", "id": "a"},
                    {"card": "older_brother", "id": "b"},
                    {"card": "tenderfoot", "id": "c"},
                    {"card": "older_brother", "id": "d"},
                ]
            },
            {"buildings": {"tech_1": True, "addon": "tower"}},
        ]
    )
    state = attack_tagged(state, "a", "bld:1:tech_1")  # 3 damage
    assert state["players"][1]["buildings"]["tech_1"]["damage"] == 3
    state = attack_tagged(state, "c", "bld:1:tech_1")  # 4 damage: still standing
    assert state["players"][1]["buildings"]["tech_1"]["damage"] == 4
    state = attack_tagged(state, "b", "bld:1:tech_1")  # 6 >= 5: destroyed
    assert state["players"][1]["buildings"]["tech_1"] is None
    state = attack_tagged(state, "d", "bld:1:addon")  # 2 damage, Tower hits back 1
    assert state["players"][1]["buildings"]["addon"]["damage"] == 2
    view_hp = view(state, 0)["players"][1]["buildings"]["addon"]["hp"]
    assert view_hp == 4


def test_r1_base_has_20_hp_and_hero_costs_2():
    """House rule R1: the base has 20 HP; every hero costs 2 gold."""
    state = new_normal_game(seed=2)
    assert state["teams"][0]["hp"] == 20 and state["teams"][1]["hp"] == 20
    gold = state["players"][0]["gold"]
    state = act(state, 0, {"type": "summon", "hero": state["players"][0]["command"][0]})
    assert state["players"][0]["gold"] == gold - 2


# ---- R2 ----------------------------------------------------------------------------


def test_r2_destroyed_tech_building_rebuilt_free_and_finishes_at_end_of_turn():
    """House rule R2: a destroyed tech building is rebuilt for 0 gold; it
    still finishes at the end of the turn."""
    state = scenario_game(
        seats=[
            {"play": [{"card": "regular_sized_rhinoceros", "id": "r"}]},
            {"workers": 6, "buildings": {"tech_1": True}, "gold": 0, "hand": ["iron_man"]},
        ]
    )
    state = attack_tagged(state, "r", "bld:1:tech_1")
    assert state["players"][1]["buildings"]["tech_1"] is None
    state = pass_turn(state)
    assert state["active"] == 1
    gold = state["players"][1]["gold"]
    state = act(state, 1, {"type": "build", "building": "tech_1"})
    assert state["players"][1]["gold"] == gold
    assert state["players"][1]["buildings"]["tech_1"]["done"] is False
    state = act(state, 1, {"type": "end_main"})
    assert state["players"][1]["buildings"]["tech_1"]["done"] is True


def test_r2_free_rebuild_is_used_up():
    """House rule R2: the free rebuild is for the destroyed building only; a
    later destruction gives a new one, but a fresh build costs full price."""
    state = scenario_game(
        seats=[
            {"play": [{"card": "regular_sized_rhinoceros", "id": "r"}]},
            {"workers": 6, "buildings": {"tech_1": True}},
        ]
    )
    state = attack_tagged(state, "r", "bld:1:tech_1")
    state = pass_turn(state)
    state = act(state, 1, {"type": "build", "building": "tech_1"})
    assert state["players"][1]["free_rebuild"] == {}


def test_r2_destroyed_addon_rebuilt_at_full_cost():
    """House rule R2: a destroyed add-on is rebuilt at its full cost."""
    state = scenario_game(
        seats=[
            {"play": [{"card": "regular_sized_rhinoceros", "id": "r"}]},
            {"buildings": {"addon": "surplus"}, "gold": 4},
        ]
    )
    state = attack_tagged(state, "r", "bld:1:addon")
    assert state["players"][1]["buildings"]["addon"] is None
    assert base_damage(state, 1) == 2
    state = pass_turn(state)
    assert state["active"] == 1 and state["players"][1]["gold"] == 9
    state = act(state, 1, {"type": "build", "building": "surplus"})
    assert state["players"][1]["gold"] == 4


# ---- R3 ----------------------------------------------------------------------------


def test_r3_tech_2_needs_8_workers_and_tech_1():
    """House rule R3: Tech II needs 8 workers AND a Tech I building."""
    ok = scenario_game(seats=[{"gold": 9, "workers": 8, "buildings": {"tech_1": True}}, {}])
    act(ok, 0, {"type": "build", "building": "tech_2"})
    assert_refused(
        scenario_game(seats=[{"gold": 9, "workers": 7, "buildings": {"tech_1": True}}, {}]),
        0,
        {"type": "build", "building": "tech_2"},
        "needs_workers",
    )
    assert_refused(
        scenario_game(seats=[{"gold": 9, "workers": 12}, {}]),
        0,
        {"type": "build", "building": "tech_2"},
        "needs_building",
    )


def test_r3_tech_3_needs_10_workers_and_tech_2():
    """House rule R3: Tech III needs 10 workers AND a Tech II building."""
    built = {"tech_1": True, "tech_2": True}
    ok = scenario_game(seats=[{"gold": 9, "workers": 10, "buildings": built}, {}])
    act(ok, 0, {"type": "build", "building": "tech_3"})
    assert_refused(
        scenario_game(seats=[{"gold": 9, "workers": 9, "buildings": built}, {}]),
        0,
        {"type": "build", "building": "tech_3"},
        "needs_workers",
    )
    assert_refused(
        scenario_game(seats=[{"gold": 9, "workers": 12, "buildings": {"tech_1": True}}, {}]),
        0,
        {"type": "build", "building": "tech_3"},
        "needs_building",
    )


# ---- R4 ----------------------------------------------------------------------------


def test_r4_surplus_draws_one_card_in_upkeep():
    """House rule R4: Surplus draws one card during its owner's upkeep."""
    state = scenario_game(
        seats=[{}, {"hand": ["spark"], "deck": ["bloom", "wither", "older_brother"], "buildings": {"addon": "surplus"}}]
    )
    state = act(state, 0, {"type": "end_main"})
    assert len(state["players"][1]["hand"]) == 2
    assert len(state["players"][1]["deck"]) == 2


def test_r4_warehouse_is_an_alias_of_surplus():
    """House rule R4: "Warehouse" (Starter) and "Surplus" (Deluxe) are one
    add-on with the id ``surplus``."""
    state = scenario_game(seats=[{"gold": 5}, {}])
    state = act(state, 0, {"type": "build", "building": "warehouse"})
    assert state["players"][0]["buildings"]["addon"]["id"] == "surplus"
    assert state["players"][0]["gold"] == 0


# ---- R5 ----------------------------------------------------------------------------


def test_r5_arrival_fatigue_blocks_exhaust_costs():
    """House rule R5: something that came under your control this turn
    can't pay an exhaust cost (a Virtuoso's Maestro ability)."""
    state = scenario_game(
        seats=[{"play": [{"card": "maestro"}, {"card": "tenderfoot", "id": "tf", "fresh": True}]}, {}]
    )
    assert_refused(
        state, 0, {"type": "ability", "card": find(state, "tf"), "ability": 0, "targets": ["base:1"]}, "arrival_fatigue"
    )


def test_r5_stolen_unit_has_arrival_fatigue():
    """House rule R5 / glossary "Arrival fatigue": a unit that came under your
    control this turn (Final Smash) can't attack or exhaust this turn."""
    state = scenario_game(
        seats=[
            {"gold": 6, "hand": ["final_smash"], "play": [{"card": "troq_bashar", "level": 8}]},
            {"play": [{"card": "regular_sized_rhinoceros", "id": "rh"}]},
        ]
    )
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": []})
    rh = find(state, "rh")
    assert state["cards"][rh]["controller"] == 0 and rh in state["players"][0]["play"]
    assert_refused(state, 0, {"type": "attack", "attacker": rh, "target": "base:1"}, "arrival_fatigue")


# ---- R6 ----------------------------------------------------------------------------


def test_r6_squad_leader_armor_absorbs_one_point():
    """House rule R6: squad leader armor 1; a 5-damage hit does 4."""
    state = scenario_game(
        seats=[
            {"play": [{"card": "regular_sized_rhinoceros", "id": "r"}]},
            {"play": [{"card": "regular_sized_rhinoceros", "id": "sl", "patrol": "squad_leader"}]},
        ]
    )
    state = attack_tagged(state, "r", "sl")
    assert dmg(state, "sl") == 4 and dmg(state, "r") == 5


def test_r6_squad_leader_armor_absorbs_any_source_once():
    """House rule R6: the armor absorbs one point from any source (a spell
    here), once; it does not absorb again the same turn."""
    state = scenario_game(
        seats=[
            {"gold": 5, "hand": ["spark", "spark"], "play": ["troq_bashar"]},
            {"play": [{"card": "iron_man", "id": "sl", "patrol": "squad_leader"}]},
        ]
    )
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": [find(state, "sl")]})
    assert dmg(state, "sl") == 0
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": [find(state, "sl")]})
    assert dmg(state, "sl") == 1


def test_r6_squad_leader_armor_refreshes_each_opponent_turn():
    """House rule R6: the armor refreshes at the start of each opponent turn."""
    state = scenario_game(
        seats=[
            {"gold": 5, "hand": ["spark"], "deck": ["spark"] * 5, "play": ["troq_bashar"]},
            {"play": [{"card": "regular_sized_rhinoceros", "id": "sl", "patrol": "squad_leader"}]},
        ]
    )
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": [find(state, "sl")]})
    assert dmg(state, "sl") == 0
    state = pass_turn(state)  # seat 1's turn (its patrol zone empties)
    sl = find(state, "sl")
    state = act(state, 1, {"type": "patrol", "card": sl, "slot": "squad_leader"})
    state = pass_turn(state)  # seat 0 again
    assert state["active"] == 0
    state["players"][0]["gold"] = 5
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0, "spark")[0], "targets": [sl]})
    assert dmg(state, "sl") == 0


def test_r6_no_squad_leader_armor_outside_the_slot():
    """House rule R6: the armor belongs to the squad leader slot only."""
    state = scenario_game(
        seats=[
            {"play": [{"card": "regular_sized_rhinoceros", "id": "r"}]},
            {"play": [{"card": "regular_sized_rhinoceros", "id": "el", "patrol": "elite"}]},
        ]
    )
    state = attack_tagged(state, "r", "el")
    assert dmg(state, "el") == 5


# ---- R7 ----------------------------------------------------------------------------


def test_r7_ultimate_needs_hero_at_max_since_start_of_turn():
    """House rule R7: a hero that reached max level this turn can't cast its
    ultimate yet; next turn it can."""
    state = scenario_game(
        seats=[
            {
                "gold": 20,
                "hand": ["final_smash"],
                "deck": ["spark"] * 8,
                "play": [{"card": "troq_bashar", "level": 7, "id": "t"}],
            },
            {"play": [{"card": "tenderfoot", "id": "tf"}]},
        ]
    )
    state = act(state, 0, {"type": "level_up", "hero": find(state, "t"), "levels": 1})
    smash = hand_ids(state, 0)[0]
    assert_refused(state, 0, {"type": "play", "card": smash, "targets": []}, "needs_max_hero")
    # keep Final Smash in hand across turns: move it back after the draw phase
    state = pass_turn(state)
    state = pass_turn(state)
    assert state["active"] == 0
    state["players"][0]["gold"] = 20
    smash = hand_ids(state, 0, "spark")[0]
    state["cards"][smash]["card"] = "final_smash"
    state = act(state, 0, {"type": "play", "card": smash, "targets": []})
    assert gone(state, "tf")


def test_r7_ultimate_needs_hero_under_control_since_start_of_turn():
    """House rule R7: a max-level hero that arrived this turn is not enough."""
    state = scenario_game(
        seats=[{"gold": 9, "hand": ["final_smash"], "play": [{"card": "troq_bashar", "level": 8, "fresh": True}]}, {}]
    )
    assert_refused(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": []}, "needs_max_hero")


def test_r7_ultimate_with_hero_at_max_since_start_of_turn():
    """House rule R7: at max level and in play since the turn began: allowed."""
    state = scenario_game(
        seats=[
            {"gold": 9, "hand": ["final_smash"], "play": [{"card": "troq_bashar", "level": 8}]},
            {"play": [{"card": "tenderfoot", "id": "tf"}]},
        ]
    )
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": []})
    assert gone(state, "tf") and state["players"][0]["gold"] == 3


# ---- R8 ----------------------------------------------------------------------------


def test_r8_obliterate_once_per_attack_even_after_retarget():
    """House rule R8: obliterate triggers once per attack; when the defender
    is gone and a new target is picked, it does not trigger again."""
    state = scenario_game(
        seats=[
            {"play": [{"card": "trojan_duck", "id": "duck"}]},
            {
                "play": [
                    {"card": "tenderfoot", "id": "a"},
                    {"card": "tenderfoot", "id": "b"},
                    {"card": "iron_man", "id": "c"},
                    {"card": "iron_man", "id": "d"},
                ]
            },
        ]
    )
    state = attack_tagged(state, "duck", "a")
    # Trojan Duck's attack trigger (4 damage to a building): the base
    assert state["prompt"]["seat"] == 0
    state = act(state, 0, {"type": "choose", "choice": ["base:1"]})
    assert gone(state, "a") and gone(state, "b")  # obliterate 2
    assert state["prompt"] is not None  # the defender is gone
    assert find(state, "c") in state["prompt"]["options"]
    state = act(state, 0, {"type": "choose", "choice": [find(state, "c")]})
    assert gone(state, "c")
    assert not gone(state, "d")  # no second obliterate
    assert dmg(state, "duck") == 3
    assert base_damage(state, 1) == 4


def test_r8_exhausted_defender_deals_combat_damage():
    """House rule R8: exhausted defenders still deal combat damage."""
    state = scenario_game(
        seats=[
            {"play": [{"card": "iron_man", "id": "a"}]},
            {"play": [{"card": "iron_man", "id": "d", "exhausted": True}]},
        ]
    )
    state = attack_tagged(state, "a", "d")
    assert dmg(state, "a") == 3 and dmg(state, "d") == 3


# ---- R9 ----------------------------------------------------------------------------


def test_r9_one_reshuffle_per_main_phase():
    """House rule R9: an empty deck is reshuffled once per main phase; a
    second empty deck in the same main phase means no more draws then. The
    draw phase is not limited."""
    state = scenario_game(
        seats=[
            {
                "gold": 9,
                "hand": ["appel_stomp", "appel_stomp"],
                "deck": [],
                "discard": ["older_brother"],
                "play": [{"card": "river_montoya", "level": 5}],
            },
            {
                "play": [
                    {"card": "tenderfoot", "id": "p1", "patrol": "elite"},
                    {"card": "tenderfoot", "id": "p2", "patrol": "lookout"},
                ]
            },
        ],
        heroes=("river_montoya", "troq_bashar"),
    )

    def p(s):
        return s["players"][0]

    stomps = hand_ids(state, 0, "appel_stomp")
    state = act(state, 0, {"type": "play", "card": stomps[0], "targets": [find(state, "p1")]})
    assert [state["cards"][i]["card"] for i in p(state)["hand"]] == ["appel_stomp", "older_brother"]
    state = act(state, 0, {"type": "choose", "choice": ["discard"]})
    assert [state["cards"][i]["card"] for i in p(state)["discard"]] == ["appel_stomp"]
    state = act(
        state, 0, {"type": "play", "card": hand_ids(state, 0, "appel_stomp")[0], "targets": [find(state, "p2")]}
    )
    assert [state["cards"][i]["card"] for i in p(state)["hand"]] == ["older_brother"]  # no draw
    state = act(state, 0, {"type": "choose", "choice": ["discard"]})
    assert len(p(state)["discard"]) == 2 and p(state)["deck"] == []
    state = act(state, 0, {"type": "end_main"})
    assert len(p(state)["hand"]) == 3  # draw phase reshuffles freely


def test_r9_limit_resets_next_main_phase():
    """House rule R9: the limit is per main phase."""
    state = scenario_game(
        seats=[
            {
                "gold": 9,
                "hand": ["appel_stomp"],
                "deck": [],
                "discard": ["older_brother"],
                "play": [{"card": "river_montoya", "level": 5}],
            },
            {"play": [{"card": "tenderfoot", "id": "p1", "patrol": "elite"}]},
        ],
        heroes=("river_montoya", "troq_bashar"),
    )
    state["players"][0]["reshuffled_in_main"] = True
    state = pass_turn(state)
    state = pass_turn(state)
    assert state["players"][0]["reshuffled_in_main"] is False


# ---- R10 ---------------------------------------------------------------------------


def _tower_board(mine, theirs_extra=(), **kw):
    return scenario_game(
        seats=[
            {"play": mine, **kw.pop("me", {})},
            {
                "play": [{"card": "older_brother", "id": "sl", "patrol": "squad_leader"}, *theirs_extra],
                "buildings": {"addon": "tower"},
                **kw.pop("them", {}),
            },
        ],
        **kw,
    )


def test_r10_tower_detects_first_stealth_attacker_which_cannot_ignore_patrollers():
    """House rule R10: the Tower detects the first stealth or invisible
    attacker each opponent turn; that attacker can't ignore patrollers and
    takes the Tower's 1 damage."""
    state = _tower_board([{"card": "backstabber", "id": "bs", "plus": 2}])
    assert targets_of(state, 0, find(state, "bs")) == {find(state, "sl")}
    state = attack_tagged(state, "bs", "sl")
    assert gone(state, "sl")
    assert dmg(state, "bs") == 1 + 2


def test_r10_tower_detects_only_once_per_turn():
    """House rule R10 and the Tower ruling: after its detect is used, the
    next stealth attacker sneaks past and the Tower does not hit it."""
    state = _tower_board(
        [{"card": "backstabber", "id": "b1"}, {"card": "backstabber", "id": "b2"}],
        theirs_extra=[{"card": "older_brother", "id": "el", "patrol": "elite"}],
    )
    state = attack_tagged(state, "b1", "sl")
    assert "base:1" in targets_of(state, 0, find(state, "b2"))
    state = attack_tagged(state, "b2", "base:1")
    assert dmg(state, "b2") == 0 and base_damage(state, 1) == 3


def test_r10_tower_hits_every_attacker_it_can_see():
    """House rule R10 and the Tower ruling: 1 damage to every attacker
    attacking anything its owner controls, not only the Tower."""
    state = _tower_board([{"card": "iron_man", "id": "a"}, {"card": "iron_man", "id": "b"}])
    state = attack_tagged(state, "a", "sl")
    state = attack_tagged(state, "b", "bld:1:addon")
    assert dmg(state, "b") == 1
    assert gone(state, "sl") and dmg(state, "a") == 1 + 2


def test_r10_tower_has_anti_air():
    """House rule R10: the Tower's damage hits fliers (anti-air)."""
    state = _tower_board([{"card": "cloud_sprite", "id": "fly"}])
    state = attack_tagged(state, "fly", "base:1")
    assert dmg(state, "fly") == 1 and base_damage(state, 1) == 3


def test_r10_tower_damage_is_simultaneous_with_combat_damage():
    """House rule R10 and the Tower ruling: the Tower's damage is combat
    damage dealt at the same time as the other combat damage, so a 1-HP
    attacker it kills still deals its own damage."""
    state = _tower_board([{"card": "timely_messenger", "id": "tm"}], theirs_extra=[])
    state = attack_tagged(state, "tm", "sl")
    assert gone(state, "tm")
    assert dmg(state, "sl") == 0  # 1 damage, absorbed by squad leader armor (R6)
    state = _tower_board(
        [{"card": "timely_messenger", "id": "tm"}], theirs_extra=[{"card": "tenderfoot", "id": "el", "patrol": "elite"}]
    )
    state["players"][1]["patrol"]["squad_leader"] = None
    state = attack_tagged(state, "tm", "el")
    assert gone(state, "tm") and dmg(state, "el") == 1


def test_r10_tower_with_swift_attacker_hits_in_the_swift_step():
    """Tower ruling: against a swift striker the Tower deals its damage
    simultaneously with the swift strike damage."""
    state = _tower_board([{"card": "older_brother", "id": "a", "damage": 1, "granted": {"swift_strike": 1}}])
    state["players"][1]["patrol"]["squad_leader"] = None
    state = attack_tagged(state, "a", "base:1")
    assert gone(state, "a") and base_damage(state, 1) == 2


def test_r10_unfinished_tower_does_nothing():
    """House rule R2/R10: a Tower bought this turn is not finished yet."""
    state = scenario_game(seats=[{"gold": 3}, {}])
    state = act(state, 0, {"type": "build", "building": "tower"})
    assert state["players"][0]["buildings"]["addon"]["done"] is False


def test_r10_tower_reveals_one_invisible_thing_on_its_owners_turn():
    """House rule R10: on its owner's turn the Tower may reveal one invisible
    thing; revealed, it can be attacked and targeted this turn."""
    state = scenario_game(
        seats=[
            {
                "gold": 5,
                "hand": ["wither"],
                "play": [{"card": "iron_man", "id": "a"}, "troq_bashar"],
                "buildings": {"addon": "tower"},
            },
            {"play": [{"card": "backstabber", "id": "bs"}, {"card": "backstabber", "id": "bs2"}]},
        ]
    )
    bs = find(state, "bs")
    assert bs not in targets_of(state, 0, find(state, "a"))
    reveal = {"type": "reveal", "target": bs}
    assert reveal in legal_actions(state, 0)
    state = act(state, 0, reveal)
    assert bs in targets_of(state, 0, find(state, "a"))
    assert find(state, "bs2") not in targets_of(state, 0, find(state, "a"))
    assert_refused(state, 0, {"type": "reveal", "target": find(state, "bs2")}, "tower_used")
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": [bs]})
    assert state["cards"][bs]["minus"] == 1


def test_r10_reveal_refusals():
    """House rule R10: revealing needs your own finished Tower, your turn,
    and an opposing invisible thing you can't see."""
    state = scenario_game(
        seats=[{"play": [{"card": "iron_man", "id": "a"}]}, {"play": [{"card": "backstabber", "id": "bs"}]}]
    )
    assert_refused(state, 0, {"type": "reveal", "target": find(state, "bs")}, "no_tower")
    state = scenario_game(
        seats=[
            {"play": [{"card": "iron_man", "id": "a"}], "buildings": {"addon": "tower"}},
            {"play": [{"card": "backstabber", "id": "bs"}]},
        ]
    )
    assert_refused(state, 1, {"type": "reveal", "target": find(state, "a")}, "not_your_turn")
    assert_refused(state, 0, {"type": "reveal", "target": find(state, "a")}, "bad_target")
    assert_refused(state, 0, {"type": "reveal", "target": "base:1"}, "bad_target")
    assert_refused(state, 0, {"type": "reveal", "target": None}, "bad_target")


# ---- R11, R12 ---------------------------------------------------------------------


def test_r11_tech_owed_is_made_while_the_opponent_plays_and_waited_for():
    """House rule R11: ending the main phase runs the draw phase at once, the
    next player starts right away, the ended player's tech stays open and
    must be made before their next turn begins."""
    state = new_normal_game(seed=11)
    hand_before = len(state["players"][0]["hand"])
    state = act(state, 0, {"type": "end_main"})
    assert len(state["players"][0]["hand"]) == min(hand_before + 2, 5)
    assert state["active"] == 1 and state["phase"] == "main"
    assert state["players"][0]["tech_owed"] is True
    assert view(state, 1)["players"][0]["tech_owed"] is True
    state = act(state, 1, {"type": "end_main"})
    assert state["phase"] == "tech" and state["active"] == 0
    state = act(state, 0, {"type": "tech", "cards": ["iron_man", "wrecking_ball"]})
    assert state["phase"] == "main" and state["active"] == 0


def test_r12_tech_is_mandatory_below_10_workers_optional_from_10():
    """House rule R12: 2 cards below 10 workers; 0, 1 or 2 from 10 on; the
    cards go face down into the discard pile."""
    for workers, sizes in ((9, {2}), (10, {0, 1, 2})):
        state = scenario_game(seats=[{"workers": workers}, {}])
        state = act(state, 0, {"type": "end_main"})
        assert {len(a["cards"]) for a in legal_actions(state, 0) if a["type"] == "tech"} == sizes
    state = act(state, 0, {"type": "tech", "cards": ["iron_man"]})
    assert state["cards"][state["players"][0]["discard"][-1]]["card"] == "iron_man"
    assert "discard" not in view(state, 1)["players"][0]


# ---- R13 ---------------------------------------------------------------------------


def test_r13_hero_died_on_opponents_turn_returns_from_the_turn_after_next():
    """House rule R13: died on an opponent's turn just before your turn N:
    you may summon it again from your turn N+1."""
    state = scenario_game(
        seats=[
            {"play": [{"card": "regular_sized_rhinoceros", "id": "r"}]},
            {"gold": 20, "play": [{"card": "river_montoya", "id": "rm"}]},
        ]
    )
    state = attack_tagged(state, "r", "rm")
    river = state["players"][1]["command"][0]
    assert state["cards"][river]["card"] == "river_montoya"
    state = pass_turn(state)  # seat 1's turn N
    assert state["active"] == 1
    assert_refused(state, 1, {"type": "summon", "hero": river}, "hero_cooldown")
    state = pass_turn(state)  # seat 0
    state = pass_turn(state)  # seat 1's turn N+1
    assert state["active"] == 1
    state = act(state, 1, {"type": "summon", "hero": river})
    assert river in state["players"][1]["play"]


def test_r13_hero_died_on_own_turn_returns_two_turns_later():
    """House rule R13: died on your own turn N: summonable from turn N+2."""
    state = scenario_game(
        seats=[
            {"gold": 20, "play": [{"card": "troq_bashar", "id": "t", "damage": 2}]},
            {"play": [{"card": "iron_man", "id": "im"}]},
        ]
    )
    state = attack_tagged(state, "t", "im")
    troq = state["players"][0]["command"][0]
    assert_refused(state, 0, {"type": "summon", "hero": troq}, "hero_cooldown")
    state = pass_turn(state)
    state = pass_turn(state)  # seat 0, turn N+1
    state["players"][0]["gold"] = 20
    assert_refused(state, 0, {"type": "summon", "hero": troq}, "hero_cooldown")
    state = pass_turn(state)
    state = pass_turn(state)  # seat 0, turn N+2
    state = act(state, 0, {"type": "summon", "hero": troq})
    assert troq in state["players"][0]["play"]


# ---- R14 ---------------------------------------------------------------------------


def test_r14_opposing_hero_gains_two_levels_when_a_hero_dies():
    """House rule R14: an opposing hero that can level gains two levels
    (healed when that reaches a new band)."""
    state = scenario_game(
        seats=[
            {"play": [{"card": "troq_bashar", "id": "t", "level": 3}]},
            {"play": [{"card": "river_montoya", "id": "r", "damage": 1}]},
        ]
    )
    state = attack_tagged(state, "t", "r")
    assert state["players"][1]["play"] == []
    troq = state["cards"][find(state, "t")]
    assert troq["level"] == 5 and troq["damage"] == 0


def test_r14_own_hero_death_levels_the_opponents_hero():
    """House rule R14: it is the dead hero's opponents whose hero levels,
    even when the dead hero attacked."""
    state = scenario_game(
        seats=[
            {"play": [{"card": "troq_bashar", "id": "t"}]},
            {"play": [{"card": "river_montoya", "id": "r", "level": 2, "patrol": "squad_leader"}]},
        ]
    )
    state["cards"][find(state, "t")]["damage"] = 2
    state = attack_tagged(state, "t", "r")
    assert state["players"][0]["play"] == []
    assert state["cards"][find(state, "r")]["level"] == 4


def test_r14_player_who_caused_it_chooses_which_hero():
    """House rule R14: with several candidates the player whose action was
    resolving chooses; the opponent can't answer."""
    state = scenario_game(
        seats=[
            {
                "play": [
                    {"card": "troq_bashar", "id": "t"},
                    {"card": "river_montoya", "id": "r0"},
                    {"card": "regular_sized_rhinoceros", "id": "rh"},
                ]
            },
            {"play": [{"card": "river_montoya", "id": "r1"}]},
        ]
    )
    state = attack_tagged(state, "rh", "r1")
    assert state["prompt"]["seat"] == 0
    assert set(state["prompt"]["options"]) == {find(state, "t"), find(state, "r0")}
    assert_refused(state, 1, {"type": "choose", "choice": [find(state, "t")]}, "not_your_prompt")
    state = act(state, 0, {"type": "choose", "choice": [find(state, "r0")]})
    assert state["cards"][find(state, "r0")]["level"] == 3
    assert state["cards"][find(state, "t")]["level"] == 1


def test_r14_nothing_happens_when_no_hero_can_level():
    """House rule R14: if no opposing hero can level, nothing happens."""
    state = scenario_game(
        seats=[
            {
                "play": [
                    {"card": "river_montoya", "id": "r0", "level": 5},
                    {"card": "regular_sized_rhinoceros", "id": "rh"},
                ]
            },
            {"play": [{"card": "river_montoya", "id": "r1"}]},
        ]
    )
    state = attack_tagged(state, "rh", "r1")
    assert state["prompt"] is None
    assert state["cards"][find(state, "r0")]["level"] == 5


# ---- R15 ---------------------------------------------------------------------------


def test_r15_empty_squad_leader_slot_gives_no_taunt():
    """House rule R15: with the squad leader slot empty, attackers choose
    freely among the other patrollers they can attack."""
    state = scenario_game(
        seats=[
            {"play": [{"card": "iron_man", "id": "a"}]},
            {
                "play": [
                    {"card": "tenderfoot", "id": "el", "patrol": "elite"},
                    {"card": "tenderfoot", "id": "sc", "patrol": "scavenger"},
                    {"card": "tenderfoot", "id": "home"},
                ]
            },
        ]
    )
    assert targets_of(state, 0, find(state, "a")) == {find(state, "el"), find(state, "sc")}


# ---- R16 ---------------------------------------------------------------------------


def test_r16_overpower_excess_counts_squad_leader_armor():
    """House rule R16: the excess is the damage beyond what the patroller
    needed to die, counting its armor (Harvest Reaper 6 ATK vs a 1/2 squad
    leader with armor 1: 3 excess)."""
    state = scenario_game(
        seats=[
            {"play": [{"card": "harvest_reaper", "id": "hr"}]},
            {
                "play": [
                    {"card": "tenderfoot", "id": "sl", "patrol": "squad_leader"},
                    {"card": "regular_sized_rhinoceros", "id": "home"},
                ]
            },
        ]
    )
    state = attack_tagged(state, "hr", "sl")
    assert state["prompt"]["seat"] == 0
    assert "base:1" in state["prompt"]["options"] and find(state, "home") in state["prompt"]["options"]
    state = act(state, 0, {"type": "choose", "choice": [find(state, "home")]})
    assert gone(state, "sl") and dmg(state, "home") == 3
    assert base_damage(state, 1) == 0


def test_r16_overpower_past_the_squad_leader_goes_to_another_patroller():
    """House rule R16 and the Overpower ruling: with the squad leader gone,
    the other patrollers are what the attacker could have attacked, so the
    excess must go to one of them, not to the base."""
    state = scenario_game(
        seats=[
            {"play": [{"card": "harvest_reaper", "id": "hr"}]},
            {
                "play": [
                    {"card": "tenderfoot", "id": "sl", "patrol": "squad_leader"},
                    {"card": "tenderfoot", "id": "el", "patrol": "elite"},
                    {"card": "tenderfoot", "id": "lo", "patrol": "lookout"},
                ]
            },
        ]
    )
    state = attack_tagged(state, "hr", "sl")
    assert set(state["prompt"]["options"]) == {find(state, "el"), find(state, "lo")}
    state = act(state, 0, {"type": "choose", "choice": [find(state, "el")]})
    assert gone(state, "sl") and gone(state, "el") and base_damage(state, 1) == 0


def test_r16_overpower_never_hits_a_third_thing():
    """House rule R16: the excess hits one other thing only, even if it is
    more than that thing needs."""
    state = scenario_game(
        seats=[
            {"play": [{"card": "harvest_reaper", "id": "hr", "plus": 4}]},
            {
                "play": [
                    {"card": "tenderfoot", "id": "el", "patrol": "elite"},
                    {"card": "tenderfoot", "id": "lo", "patrol": "lookout"},
                    {"card": "tenderfoot", "id": "sc", "patrol": "scavenger"},
                ]
            },
        ]
    )
    state = attack_tagged(state, "hr", "el")
    assert set(state["prompt"]["options"]) == {find(state, "lo"), find(state, "sc")}
    state = act(state, 0, {"type": "choose", "choice": [find(state, "lo")]})
    assert gone(state, "el") and gone(state, "lo")
    assert dmg(state, "sc") == 0 and base_damage(state, 1) == 0


def test_r16_no_excess_no_choice():
    """House rule R16: no excess when the patroller soaks all the damage."""
    state = scenario_game(
        seats=[
            {"play": [{"card": "harvest_reaper", "id": "hr"}]},
            {
                "play": [
                    {"card": "regular_sized_rhinoceros", "id": "el", "patrol": "elite"},
                    {"card": "tenderfoot", "id": "lo", "patrol": "lookout"},
                ]
            },
        ]
    )
    state = attack_tagged(state, "hr", "el")
    assert state["prompt"] is None
    assert dmg(state, "el") == 6 - 0 if not gone(state, "el") else True
    assert dmg(state, "lo") == 0


# ---- R17 ---------------------------------------------------------------------------


def test_r17_active_player_decides_obliterate_ties():
    """House rule R17: choices during your turn are yours (which of tied
    lowest-tech units obliterate destroys)."""
    state = scenario_game(
        seats=[
            {"play": [{"card": "trojan_duck", "id": "duck"}]},
            {
                "play": [
                    {"card": "tenderfoot", "id": "a"},
                    {"card": "older_brother", "id": "b"},
                    {"card": "fruit_ninja", "id": "c"},
                ]
            },
        ]
    )
    state = attack_tagged(state, "duck", "base:1")
    state = act(state, 0, {"type": "choose", "choice": ["base:1"]})  # the Duck's building hit
    assert state["prompt"]["seat"] == 0
    assert_refused(state, 1, {"type": "choose", "choice": [find(state, "a"), find(state, "b")]}, "not_your_prompt")
    state = act(state, 0, {"type": "choose", "choice": [find(state, "a"), find(state, "c")]})
    assert gone(state, "a") and gone(state, "c") and not gone(state, "b")


def test_r17_opponent_never_prompted_during_your_turn():
    """House rule R17: every prompt opened during seat 0's turn is seat 0's
    (Hired Stomper's arrival damage lands on a unit seat 0 picks)."""
    state = scenario_game(
        seats=[
            {"gold": 9, "hand": ["hired_stomper"], "buildings": {"tech_1": True, "tech_2": True}},
            {"play": [{"card": "tenderfoot", "id": "a"}, {"card": "older_brother", "id": "b"}]},
        ]
    )
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": []})
    assert state["prompt"]["seat"] == 0
    assert view(state, 1)["prompt"] == {"seat": 0, "text": state["prompt"]["text"]}
