"""Scenario tests: the main phase (hire, build, summon, level up, play,
abilities, patrol, attack, end of the main phase).

Sources: Deluxe rulebook "Main phase", "Hiring workers", "Buildings",
"Heroes", "Spells", "Patrol zone", "Attacking"; house rules R1, R2, R3, R5,
R7, R11 (cited per test).
"""

import pytest

from game.rules import legal_actions, view

from .helpers import act, assert_refused, base_damage, find, hand_ids, hero_id, in_play, scenario_game


def card(state, iid):
    return state["cards"][iid]["card"]


# ---- hiring workers --------------------------------------------------------


def test_hire_costs_one_gold_and_a_card_face_down():
    state = scenario_game(seats=[{"hand": ["iron_man", "spark"], "gold": 3}, {}])
    iron = hand_ids(state, 0, "iron_man")[0]
    new = act(state, 0, {"type": "hire", "card": iron})
    p = new["players"][0]
    assert p["gold"] == 2
    assert [card(new, i) for i in p["hand"]] == ["spark"]
    assert len(p["workers"]) == 1 and card(new, p["workers"][0]) == "iron_man"
    assert iron not in new["cards"]  # a fresh id in the hidden worker zone
    assert view(new, 0)["players"][0]["workers"] == 5
    theirs = view(new, 1)
    assert theirs["players"][0]["workers"] == 5
    assert "Iron Man" not in str(theirs) and p["workers"][0] not in str(theirs)


def test_hire_only_once_a_turn():
    state = scenario_game(seats=[{"hand": ["iron_man", "spark"], "gold": 3}, {}])
    state = act(state, 0, {"type": "hire", "card": hand_ids(state, 0, "iron_man")[0]})
    assert_refused(state, 0, {"type": "hire", "card": hand_ids(state, 0, "spark")[0]}, "already_hired")


def test_hire_again_next_turn():
    state = scenario_game(seats=[{"hand": ["iron_man"], "gold": 3}, {"hand": ["spark"], "gold": 1}])
    state = act(state, 0, {"type": "hire", "card": hand_ids(state, 0, "iron_man")[0]})
    state = act(state, 0, {"type": "end_main"})
    state = act(state, 1, {"type": "hire", "card": hand_ids(state, 1, "spark")[0]})
    assert len(state["players"][1]["workers"]) == 1


def test_hire_needs_gold_and_a_card_from_hand():
    state = scenario_game(seats=[{"hand": ["iron_man"], "gold": 0}, {"hand": ["spark"]}])
    assert_refused(state, 0, {"type": "hire", "card": hand_ids(state, 0)[0]}, "not_enough_gold")
    state["players"][0]["gold"] = 1
    assert_refused(state, 0, {"type": "hire", "card": hand_ids(state, 1)[0]}, "not_in_hand")
    assert_refused(state, 0, {"type": "hire", "card": "c99999"}, "not_in_hand")
    assert_refused(state, 0, {"type": "hire"}, "not_in_hand")


# ---- buildings (house rules R1, R3) --------------------------------------------


@pytest.mark.parametrize(
    "what,cost,workers,needs", [("tech_1", 1, 6, None), ("tech_2", 4, 8, "tech_1"), ("tech_3", 5, 10, "tech_2")]
)
def test_build_tech_costs_and_worker_counts(what, cost, workers, needs):
    """House rules R1 and R3: Tech I 1 gold / 6 workers; Tech II 4 gold,
    8 workers and a Tech I; Tech III 5 gold, 10 workers and a Tech II."""
    buildings = {needs: True} if needs else {}
    state = scenario_game(seats=[{"gold": cost, "workers": workers, "buildings": buildings}, {}])
    new = act(state, 0, {"type": "build", "building": what})
    assert new["players"][0]["gold"] == 0
    assert new["players"][0]["buildings"][what] == {"id": what, "damage": 0, "done": False}
    short = scenario_game(seats=[{"gold": cost, "workers": workers - 1, "buildings": buildings}, {}])
    assert_refused(short, 0, {"type": "build", "building": what}, "needs_workers")
    poor = scenario_game(seats=[{"gold": cost - 1, "workers": workers, "buildings": buildings}, {}])
    assert_refused(poor, 0, {"type": "build", "building": what}, "not_enough_gold")
    if needs:
        bare = scenario_game(seats=[{"gold": cost, "workers": workers}, {}])
        assert_refused(bare, 0, {"type": "build", "building": what}, "needs_building")


def test_hired_workers_count_for_buildings():
    state = scenario_game(seats=[{"gold": 5, "workers": 5, "hand": ["spark"]}, {}])
    assert_refused(state, 0, {"type": "build", "building": "tech_1"}, "needs_workers")
    state = act(state, 0, {"type": "hire", "card": hand_ids(state, 0)[0]})
    state = act(state, 0, {"type": "build", "building": "tech_1"})
    assert state["players"][0]["buildings"]["tech_1"]["done"] is False


def test_tech_building_needs_the_previous_one_finished():
    """A Tech II can't be started the turn the Tech I was started."""
    state = scenario_game(seats=[{"gold": 10, "workers": 8}, {}])
    state = act(state, 0, {"type": "build", "building": "tech_1"})
    assert_refused(state, 0, {"type": "build", "building": "tech_2"}, "needs_building")


def test_building_twice_is_refused():
    state = scenario_game(seats=[{"gold": 10, "workers": 8, "buildings": {"tech_1": True}}, {}])
    assert_refused(state, 0, {"type": "build", "building": "tech_1"}, "already_built")
    state = act(state, 0, {"type": "build", "building": "tower"})
    assert_refused(state, 0, {"type": "build", "building": "tower"}, "already_built")


def test_unknown_building_is_refused():
    state = scenario_game(seats=[{"gold": 10, "workers": 10}, {}])
    for what in ("tech_4", "base", "heroes_hall", None, 3):
        assert_refused(state, 0, {"type": "build", "building": what}, "bad_building")


def test_building_finishes_at_end_of_turn_and_is_usable_only_after():
    state = scenario_game(seats=[{"gold": 10, "workers": 6, "hand": ["iron_man"], "deck": ["iron_man"] * 3}, {}])
    state = act(state, 0, {"type": "build", "building": "tech_1"})
    iron = hand_ids(state, 0, "iron_man")[0]
    assert_refused(state, 0, {"type": "play", "card": iron, "targets": []}, "needs_tech")
    state = act(state, 0, {"type": "end_main"})
    assert state["players"][0]["buildings"]["tech_1"]["done"] is True
    state = act(state, 1, {"type": "end_main"})
    state = act(state, 0, {"type": "tech", "cards": ["the_boot", "the_boot"]})
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0, "iron_man")[0], "targets": []})
    assert len(in_play(state, 0, "iron_man")) == 1


def test_one_addon_at_a_time_replacing_deals_two_damage_to_own_base():
    """House rule R1 costs (Tower 3, Surplus 5); building another add-on
    destroys the old one, which deals 2 damage to its base."""
    state = scenario_game(seats=[{"gold": 8, "buildings": {"addon": "tower"}}, {}])
    state = act(state, 0, {"type": "build", "building": "surplus"})
    assert state["players"][0]["gold"] == 3
    assert state["players"][0]["buildings"]["addon"] == {"id": "surplus", "damage": 0, "done": False}
    assert base_damage(state, 0) == 2
    assert base_damage(state, 1) == 0


def test_only_one_addon_may_be_started_each_turn():
    """Deluxe rulebook, main phase: "Build a tech building or add-on (or
    both)"; Starter rulebook: "build a tech building and/or an add-on": one
    add-on a turn. A second one the same turn is refused (``addon_started``)
    and changes nothing: the unfinished Tower stays, no base damage, no
    gold; the next turn it may be replaced."""
    state = scenario_game(seats=[{"gold": 8}, {}])
    state = act(state, 0, {"type": "build", "building": "tower"})
    assert state["players"][0]["gold"] == 5
    for other in ("surplus", "warehouse"):
        assert_refused(state, 0, {"type": "build", "building": other}, "addon_started")
    assert not [a for a in legal_actions(state, 0) if a["type"] == "build" and a["building"] in ("surplus", "tower")]
    assert state["players"][0]["buildings"]["addon"] == {"id": "tower", "damage": 0, "done": False}
    assert base_damage(state, 0) == 0
    state = act(state, 0, {"type": "end_main"})
    state = act(state, 1, {"type": "end_main"})
    state = act(state, 0, {"type": "tech", "cards": ["the_boot", "the_boot"]})
    state["players"][0]["gold"] = 5
    state = act(state, 0, {"type": "build", "building": "surplus"})
    assert state["players"][0]["buildings"]["addon"]["id"] == "surplus" and base_damage(state, 0) == 2


def test_first_addon_costs_no_base_damage():
    state = scenario_game(seats=[{"gold": 3}, {}])
    state = act(state, 0, {"type": "build", "building": "tower"})
    assert state["players"][0]["gold"] == 0 and base_damage(state, 0) == 0
    assert_refused(scenario_game(seats=[{"gold": 2}, {}]), 0, {"type": "build", "building": "tower"}, "not_enough_gold")
    assert_refused(
        scenario_game(seats=[{"gold": 4}, {}]), 0, {"type": "build", "building": "surplus"}, "not_enough_gold"
    )


# ---- heroes ---------------------------------------------------------------------


def test_summon_hero_costs_two_gold():
    """House rule R1: every hero costs 2 gold."""
    state = scenario_game(seats=[{"gold": 3}, {}])
    hero = state["players"][0]["command"][0]
    state = act(state, 0, {"type": "summon", "hero": hero})
    assert state["players"][0]["gold"] == 1
    assert hero in state["players"][0]["play"] and state["players"][0]["command"] == []
    assert state["cards"][hero]["level"] == 1
    assert_refused(scenario_game(seats=[{"gold": 1}, {}]), 0, {"type": "summon", "hero": hero}, "not_enough_gold")


def test_summoned_hero_has_arrival_fatigue():
    state = scenario_game(seats=[{"gold": 3}, {}])
    hero = state["players"][0]["command"][0]
    state = act(state, 0, {"type": "summon", "hero": hero})
    assert_refused(state, 0, {"type": "attack", "attacker": hero, "target": "base:1"}, "arrival_fatigue")


def test_summon_only_from_own_command_zone_and_within_hero_limit():
    state = scenario_game(seats=[{"gold": 9, "play": [{"card": "troq_bashar"}]}, {}])
    theirs = state["players"][1]["command"][0]
    assert_refused(state, 0, {"type": "summon", "hero": theirs}, "not_in_command_zone")
    assert_refused(state, 0, {"type": "summon", "hero": hero_id(state, 0)}, "not_in_command_zone")
    assert_refused(state, 0, {"type": "summon", "hero": None}, "not_in_command_zone")
    # one hero in play at a time in the 1-hero game
    state = scenario_game(seats=[{"gold": 9, "play": [{"card": "river_montoya"}]}, {}])
    troq = state["players"][0]["command"][0]
    assert_refused(state, 0, {"type": "summon", "hero": troq}, "hero_limit")


def test_level_up_one_gold_a_level():
    state = scenario_game(seats=[{"gold": 5, "play": [{"card": "troq_bashar", "id": "t"}]}, {}])
    troq = find(state, "t")
    state = act(state, 0, {"type": "level_up", "hero": troq, "levels": 3})
    assert state["cards"][troq]["level"] == 4 and state["players"][0]["gold"] == 2
    assert_refused(state, 0, {"type": "level_up", "hero": troq, "levels": 3}, "not_enough_gold")


def test_level_up_heals_on_reaching_mid_and_max_band_only():
    state = scenario_game(
        seats=[{"gold": 9, "play": [{"card": "troq_bashar", "level": 2, "damage": 2, "id": "t"}]}, {}]
    )
    troq = find(state, "t")
    state = act(state, 0, {"type": "level_up", "hero": troq, "levels": 1})
    assert state["cards"][troq]["damage"] == 2  # level 3: still band 1
    state = act(state, 0, {"type": "level_up", "hero": troq, "levels": 2})
    assert state["cards"][troq]["level"] == 5 and state["cards"][troq]["damage"] == 0
    state["cards"][troq]["damage"] = 3
    state = act(state, 0, {"type": "level_up", "hero": troq, "levels": 1})
    assert state["cards"][troq]["damage"] == 3  # level 6: no new band
    state = act(state, 0, {"type": "level_up", "hero": troq, "levels": 2})
    assert state["cards"][troq]["level"] == 8 and state["cards"][troq]["damage"] == 0


def test_level_up_band_stats():
    state = scenario_game(seats=[{"gold": 9, "play": [{"card": "troq_bashar", "id": "t"}]}, {}])
    troq = find(state, "t")
    hp_atk = []
    for levels in (0, 4, 3):
        if levels:
            state = act(state, 0, {"type": "level_up", "hero": troq, "levels": levels})
        mine = next(c for c in view(state, 0)["players"][0]["play"] if c["iid"] == troq)
        hp_atk.append((mine["level"], mine["atk"], mine["hp"]))
    assert hp_atk == [(1, 2, 3), (5, 3, 4), (8, 4, 5)]


def test_level_up_never_past_max():
    state = scenario_game(
        seats=[
            {"gold": 9, "play": [{"card": "river_montoya", "level": 4, "id": "r"}]},
            {"play": [{"card": "river_montoya", "level": 5, "id": "r1"}]},
        ],
        heroes=("river_montoya", "river_montoya"),
    )
    river = find(state, "r")
    assert_refused(state, 0, {"type": "level_up", "hero": river, "levels": 2}, "bad_levels")
    state = act(state, 0, {"type": "level_up", "hero": river, "levels": 1})
    assert state["cards"][river]["level"] == 5
    assert_refused(state, 0, {"type": "level_up", "hero": river, "levels": 1}, "max_level")


def test_level_up_refuses_bad_fields():
    state = scenario_game(
        seats=[
            {"gold": 9, "play": [{"card": "troq_bashar", "id": "t"}, {"card": "iron_man", "id": "i"}]},
            {"play": [{"card": "river_montoya", "id": "r"}]},
        ]
    )
    troq = find(state, "t")
    for levels in (0, -1, "2", 1.5, True, None):
        assert_refused(state, 0, {"type": "level_up", "hero": troq, "levels": levels}, "bad_levels")
    assert_refused(state, 0, {"type": "level_up", "hero": find(state, "i"), "levels": 1}, "not_a_hero")
    assert_refused(state, 0, {"type": "level_up", "hero": find(state, "r"), "levels": 1}, "not_in_play")


# ---- playing cards --------------------------------------------------------------


def test_tech_0_unit_needs_no_building_and_arrives_in_play():
    state = scenario_game(seats=[{"gold": 2, "hand": ["older_brother"]}, {}])
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": []})
    [ob] = in_play(state, 0, "older_brother")
    assert state["players"][0]["gold"] == 0 and state["players"][0]["hand"] == []
    assert state["cards"][ob]["arrived"] == state["turn"]


def test_units_need_their_tech_building():
    state = scenario_game(seats=[{"gold": 9, "hand": ["iron_man", "regular_sized_rhinoceros", "trojan_duck"]}, {}])
    for cid in ("iron_man", "regular_sized_rhinoceros", "trojan_duck"):
        assert_refused(state, 0, {"type": "play", "card": hand_ids(state, 0, cid)[0], "targets": []}, "needs_tech")
    state = scenario_game(
        seats=[{"gold": 9, "hand": ["iron_man", "regular_sized_rhinoceros"], "buildings": {"tech_1": True}}, {}]
    )
    assert_refused(
        state,
        0,
        {"type": "play", "card": hand_ids(state, 0, "regular_sized_rhinoceros")[0], "targets": []},
        "needs_tech",
    )
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0, "iron_man")[0], "targets": []})
    assert len(in_play(state, 0, "iron_man")) == 1


def test_tech_3_unit_plays_with_tech_3_building():
    state = scenario_game(
        seats=[{"gold": 9, "hand": ["trojan_duck"], "buildings": {"tech_1": True, "tech_2": True, "tech_3": True}}, {}]
    )
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": []})
    # Trojan Duck arrives: 4 damage to a building it targets; choose the base.
    if state["prompt"]:
        state = act(state, 0, {"type": "choose", "choice": ["base:1"]})
    assert len(in_play(state, 0, "trojan_duck")) == 1
    assert base_damage(state, 1) == 4


def test_playing_costs_gold():
    state = scenario_game(seats=[{"gold": 1, "hand": ["older_brother"]}, {}])
    assert_refused(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": []}, "not_enough_gold")


def test_spells_need_a_hero_in_play():
    state = scenario_game(seats=[{"gold": 5, "hand": ["wither"]}, {"play": [{"card": "older_brother", "id": "ob"}]}])
    spell = hand_ids(state, 0)[0]
    action = {"type": "play", "card": spell, "targets": [find(state, "ob")]}
    assert_refused(state, 0, action, "needs_hero")
    state = scenario_game(
        seats=[
            {"gold": 5, "hand": ["wither"], "play": ["troq_bashar"]},
            {"play": [{"card": "older_brother", "id": "ob"}]},
        ]
    )
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": [find(state, "ob")]})
    assert state["cards"][find(state, "ob")]["minus"] == 1


def test_spec_spells_need_a_hero_of_that_spec():
    state = scenario_game(seats=[{"gold": 5, "hand": ["harmony", "wrecking_ball"], "play": ["troq_bashar"]}, {}])
    assert_refused(state, 0, {"type": "play", "card": hand_ids(state, 0, "harmony")[0], "targets": []}, "needs_hero")
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0, "wrecking_ball")[0], "targets": ["base:1"]})
    assert base_damage(state, 1) == 2


def test_spent_spell_goes_to_discard():
    state = scenario_game(seats=[{"gold": 5, "hand": ["wrecking_ball"], "play": ["troq_bashar"]}, {}])
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": ["base:1"]})
    assert [card(state, i) for i in state["players"][0]["discard"]] == ["wrecking_ball"]


def test_ultimate_spell_needs_max_level_hero():
    """House rule R7 (more in test_house_rules): below max level, refused."""
    state = scenario_game(
        seats=[{"gold": 9, "hand": ["final_smash"], "play": [{"card": "troq_bashar", "level": 7}]}, {}]
    )
    assert_refused(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": []}, "needs_max_hero")


def test_ongoing_spell_stays_in_play_and_channeling_needs_its_hero():
    """Harmony (ongoing, channeling) stays in play; when its Finesse hero
    leaves play it is sacrificed (glossary: Channeling)."""
    state = scenario_game(
        seats=[
            {"gold": 9, "hand": ["harmony"], "play": [{"card": "river_montoya", "id": "r"}]},
            {"play": [{"card": "iron_man", "id": "im"}]},
        ],
        heroes=("river_montoya", "troq_bashar"),
    )
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": []})
    [harmony] = in_play(state, 0, "harmony")
    assert state["players"][0]["discard"] == []
    # the hero dies: the channeling spell is sacrificed
    river = find(state, "r")
    state["cards"][river]["damage"] = 2
    state = act(state, 0, {"type": "attack", "attacker": river, "target": find(state, "im")})
    assert in_play(state, 0, "harmony") == []
    assert [card(state, i) for i in state["players"][0]["discard"]] == ["harmony"]


# ---- activated abilities -------------------------------------------------------


def _maestro_board(fresh_tenderfoot=False, exhausted=False):
    return scenario_game(
        seats=[
            {
                "play": [
                    {"card": "maestro", "id": "m"},
                    {"card": "tenderfoot", "id": "tf", "fresh": fresh_tenderfoot, "exhausted": exhausted},
                ]
            },
            {},
        ]
    )


def test_exhaust_ability_exhausts_and_resolves():
    state = _maestro_board()
    tf = find(state, "tf")
    state = act(state, 0, {"type": "ability", "card": tf, "ability": 0, "targets": ["base:1"]})
    assert state["cards"][tf]["exhausted"] is True
    assert base_damage(state, 1) == 2
    assert_refused(state, 0, {"type": "ability", "card": tf, "ability": 0, "targets": ["base:1"]}, "exhausted")


def test_exhaust_ability_refused_with_arrival_fatigue():
    """House rule R5 / glossary "Arrival fatigue": a card that came under your
    control this turn can't pay an exhaust cost."""
    state = _maestro_board(fresh_tenderfoot=True)
    assert_refused(
        state, 0, {"type": "ability", "card": find(state, "tf"), "ability": 0, "targets": ["base:1"]}, "arrival_fatigue"
    )


def test_haste_allows_exhaust_ability_on_arrival():
    """Glossary "Haste": a hasty card may use exhaust abilities the turn it
    arrives (Nimble Fencer gives Virtuosos haste)."""
    state = scenario_game(
        seats=[
            {
                "play": [
                    {"card": "maestro", "id": "m"},
                    {"card": "nimble_fencer", "id": "nf"},
                    {"card": "tenderfoot", "id": "tf", "fresh": True},
                ]
            },
            {},
        ]
    )
    state = act(state, 0, {"type": "ability", "card": find(state, "tf"), "ability": 0, "targets": ["base:1"]})
    assert base_damage(state, 1) == 2


def test_ability_refuses_bad_index_and_foreign_card():
    state = _maestro_board()
    tf = find(state, "tf")
    for index in (1, -1, "0", None, True):
        assert_refused(
            state, 0, {"type": "ability", "card": tf, "ability": index, "targets": ["base:1"]}, "bad_ability"
        )
    assert_refused(state, 1, {"type": "ability", "card": tf, "ability": 0, "targets": ["base:1"]}, "not_your_turn")
    assert_refused(
        state, 0, {"type": "ability", "card": find(state, "m"), "ability": 0, "targets": ["base:1"]}, "bad_ability"
    )


def test_ability_refuses_bad_targets():
    state = _maestro_board()
    tf = find(state, "tf")
    for targets in ([], ["base:1", "base:0"], [find(state, "m")], "base:1", [5], ["base:9"]):
        assert_refused(state, 0, {"type": "ability", "card": tf, "ability": 0, "targets": targets}, "bad_targets")


# ---- patrol zone ------------------------------------------------------------------


def test_arrange_patrol_zone_freely():
    state = scenario_game(
        seats=[{"play": [{"card": "iron_man", "id": "a"}, {"card": "older_brother", "id": "b", "fresh": True}]}, {}]
    )
    a, b = find(state, "a"), find(state, "b")
    state = act(state, 0, {"type": "patrol", "card": a, "slot": "squad_leader"})
    state = act(state, 0, {"type": "patrol", "card": b, "slot": "elite"})
    assert state["players"][0]["patrol"]["squad_leader"] == a
    state = act(state, 0, {"type": "patrol", "card": a, "slot": "lookout"})
    patrol = state["players"][0]["patrol"]
    assert patrol["squad_leader"] is None and patrol["lookout"] == a and patrol["elite"] == b
    state = act(state, 0, {"type": "patrol", "card": b, "slot": None})
    assert state["players"][0]["patrol"]["elite"] is None
    # taking an occupied slot moves the old occupant out
    state = act(state, 0, {"type": "patrol", "card": b, "slot": "lookout"})
    patrol = state["players"][0]["patrol"]
    assert patrol["lookout"] == b and a not in patrol.values()


def test_patrol_refusals():
    state = scenario_game(
        seats=[
            {
                "gold": 5,
                "hand": ["harmony"],
                "play": [
                    {"card": "iron_man", "id": "a", "exhausted": True},
                    {"card": "older_brother", "id": "b"},
                    {"card": "river_montoya", "id": "r"},
                ],
            },
            {"play": [{"card": "tenderfoot", "id": "t"}]},
        ],
        heroes=("river_montoya", "troq_bashar"),
    )
    a, b = find(state, "a"), find(state, "b")
    assert_refused(state, 0, {"type": "patrol", "card": a, "slot": "elite"}, "exhausted")
    assert_refused(state, 0, {"type": "patrol", "card": b, "slot": "general"}, "bad_slot")
    assert_refused(state, 0, {"type": "patrol", "card": b, "slot": None}, "no_change")
    assert_refused(state, 0, {"type": "patrol", "card": find(state, "t"), "slot": "elite"}, "not_in_play")
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": []})
    [harmony] = in_play(state, 0, "harmony")
    assert_refused(state, 0, {"type": "patrol", "card": harmony, "slot": "elite"}, "cannot_patrol")
    state = act(state, 0, {"type": "patrol", "card": b, "slot": "elite"})
    assert_refused(state, 0, {"type": "patrol", "card": b, "slot": "elite"}, "no_change")


def test_heroes_patrol_too():
    state = scenario_game(seats=[{"play": [{"card": "troq_bashar", "id": "t"}]}, {}])
    state = act(state, 0, {"type": "patrol", "card": find(state, "t"), "slot": "squad_leader"})
    assert state["players"][0]["patrol"]["squad_leader"] == find(state, "t")


# ---- attacking --------------------------------------------------------------------


def test_attack_any_number_of_times_with_different_attackers():
    state = scenario_game(
        seats=[
            {
                "play": [
                    {"card": "iron_man", "id": "a"},
                    {"card": "older_brother", "id": "b"},
                    {"card": "troq_bashar", "id": "t"},
                ]
            },
            {},
        ]
    )
    for tag in ("a", "b", "t"):
        state = act(state, 0, {"type": "attack", "attacker": find(state, tag), "target": "base:1"})
    assert base_damage(state, 1) == 3 + 2 + 2
    assert all(state["cards"][find(state, t)]["exhausted"] for t in "abt")


def test_an_attacker_exhausts_and_cannot_attack_twice():
    state = scenario_game(seats=[{"play": [{"card": "iron_man", "id": "a"}]}, {}])
    a = find(state, "a")
    state = act(state, 0, {"type": "attack", "attacker": a, "target": "base:1"})
    assert_refused(state, 0, {"type": "attack", "attacker": a, "target": "base:1"}, "exhausted")


def test_attack_refusals():
    state = scenario_game(
        seats=[
            {"play": [{"card": "iron_man", "id": "a"}, {"card": "older_brother", "id": "fresh", "fresh": True}]},
            {"play": [{"card": "tenderfoot", "id": "t"}]},
        ]
    )
    a = find(state, "a")
    assert_refused(
        state, 0, {"type": "attack", "attacker": find(state, "fresh"), "target": "base:1"}, "arrival_fatigue"
    )
    assert_refused(state, 0, {"type": "attack", "attacker": a, "target": "base:0"}, "bad_target")
    assert_refused(state, 0, {"type": "attack", "attacker": a, "target": a}, "bad_target")
    assert_refused(state, 0, {"type": "attack", "attacker": a, "target": "bld:1:tech_1"}, "bad_target")
    assert_refused(state, 0, {"type": "attack", "attacker": a, "target": None}, "bad_target")
    assert_refused(state, 0, {"type": "attack", "attacker": find(state, "t"), "target": "base:0"}, "not_in_play")


def test_haste_unit_attacks_on_arrival():
    state = scenario_game(seats=[{"gold": 1, "hand": ["timely_messenger"]}, {}])
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": []})
    [tm] = in_play(state, 0, "timely_messenger")
    state = act(state, 0, {"type": "attack", "attacker": tm, "target": "base:1"})
    assert base_damage(state, 1) == 1


def test_attack_a_building_and_destroy_it():
    state = scenario_game(
        seats=[{"play": [{"card": "regular_sized_rhinoceros", "id": "r"}]}, {"buildings": {"tech_1": True}}]
    )
    state = act(state, 0, {"type": "attack", "attacker": find(state, "r"), "target": "bld:1:tech_1"})
    assert state["players"][1]["buildings"]["tech_1"] is None
    assert base_damage(state, 1) == 2


# ---- end of the main phase -------------------------------------------------------


def test_end_main_locks_the_patrol_zone_with_ready_cards_only():
    state = scenario_game(
        seats=[
            {"play": [{"card": "iron_man", "id": "a"}, {"card": "older_brother", "id": "b"}]},
            {"play": [{"card": "tenderfoot", "id": "t"}]},
        ]
    )
    a, b = find(state, "a"), find(state, "b")
    state = act(state, 0, {"type": "patrol", "card": a, "slot": "squad_leader"})
    state = act(state, 0, {"type": "patrol", "card": b, "slot": "elite"})
    # attacking exhausts b: it leaves its planned slot
    state = act(state, 0, {"type": "attack", "attacker": b, "target": "base:1"})
    assert state["players"][0]["patrol"]["elite"] is None
    state = act(state, 0, {"type": "end_main"})
    assert state["players"][0]["patrol"] == {
        "squad_leader": a,
        "elite": None,
        "scavenger": None,
        "technician": None,
        "lookout": None,
    }
    # the opponent can't rearrange it, and must attack the squad leader
    assert_refused(state, 1, {"type": "patrol", "card": a, "slot": None}, "not_in_play")
    t = find(state, "t")
    attacks = {a2["target"] for a2 in legal_actions(state, 1) if a2["type"] == "attack" and a2["attacker"] == t}
    assert attacks == {a}


def test_own_patrol_zone_empties_at_start_of_own_turn():
    state = scenario_game(seats=[{"play": [{"card": "iron_man", "id": "a", "patrol": "squad_leader"}]}, {}])
    state = act(state, 0, {"type": "end_main"})
    assert state["players"][0]["patrol"]["squad_leader"] == find(state, "a")
    state = act(state, 1, {"type": "end_main"})
    state = act(state, 0, {"type": "tech", "cards": ["iron_man", "iron_man"]})
    assert state["active"] == 0
    assert set(state["players"][0]["patrol"].values()) == {None}


def test_no_main_phase_actions_after_ending_it():
    state = scenario_game(seats=[{"gold": 5, "hand": ["older_brother"]}, {}])
    state = act(state, 0, {"type": "end_main"})
    assert_refused(state, 0, {"type": "end_main"}, "not_your_turn")
    assert_refused(state, 0, {"type": "build", "building": "tower"}, "not_your_turn")
