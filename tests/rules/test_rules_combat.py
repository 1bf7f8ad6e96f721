"""Scenario tests: combat (patrol duties, evasion, damage, slot bonuses).

Sources: Deluxe rulebook "Attacking", "Patrol zone", "Combat damage"; the
glossary (Flying, Anti-air, Stealth, Invisible, Detector, Unstoppable, Swift
strike, Armor, Sparkshot, Overpower, Obliterate) and its official rulings
(reference/codex-cards/rulings.json, "General"); house rules R6, R8, R10,
R15, R16 (cited per test; the house rules have their own tests too).
"""

from game.rules import legal_actions

from .helpers import act, assert_refused, attack_tagged, base_damage, dmg, find, gone, hand_ids, in_play, scenario_game


def targets_of(state, seat, attacker):
    return {a["target"] for a in legal_actions(state, seat) if a["type"] == "attack" and a["attacker"] == attacker}


def board(mine, theirs, **kw):
    return scenario_game(seats=[{"play": mine, **kw.pop("me", {})}, {"play": theirs, **kw.pop("them", {})}], **kw)


# ---- patrol duties ----------------------------------------------------------------


def test_squad_leader_must_be_attacked_first():
    state = board(
        [{"card": "iron_man", "id": "a"}],
        [
            {"card": "tenderfoot", "id": "sl", "patrol": "squad_leader"},
            {"card": "older_brother", "id": "el", "patrol": "elite"},
            {"card": "fruit_ninja", "id": "home"},
        ],
    )
    assert targets_of(state, 0, find(state, "a")) == {find(state, "sl")}
    assert_refused(state, 0, {"type": "attack", "attacker": find(state, "a"), "target": "base:1"}, "bad_target")
    assert_refused(
        state, 0, {"type": "attack", "attacker": find(state, "a"), "target": find(state, "el")}, "bad_target"
    )


def test_without_squad_leader_any_patroller_but_nothing_else():
    """House rule R15: an empty squad leader slot gives no taunt; the other
    patrollers must still be attacked before anything else."""
    state = board(
        [{"card": "iron_man", "id": "a"}],
        [
            {"card": "tenderfoot", "id": "el", "patrol": "elite"},
            {"card": "older_brother", "id": "lo", "patrol": "lookout"},
            {"card": "fruit_ninja", "id": "home"},
        ],
    )
    assert targets_of(state, 0, find(state, "a")) == {find(state, "el"), find(state, "lo")}


def test_no_patrollers_anything_can_be_attacked():
    state = board(
        [{"card": "iron_man", "id": "a"}],
        [{"card": "fruit_ninja", "id": "home"}, {"card": "river_montoya", "id": "r"}],
        them={"buildings": {"tech_1": True, "addon": "surplus"}},
    )
    assert targets_of(state, 0, find(state, "a")) == {
        find(state, "home"),
        find(state, "r"),
        "base:1",
        "bld:1:tech_1",
        "bld:1:addon",
    }


# ---- flying and anti-air -------------------------------------------------------


def test_flier_ignores_ground_patrollers():
    state = board(
        [{"card": "cloud_sprite", "id": "fly"}], [{"card": "older_brother", "id": "sl", "patrol": "squad_leader"}]
    )
    assert "base:1" in targets_of(state, 0, find(state, "fly"))
    state = attack_tagged(state, "fly", "base:1")
    assert base_damage(state, 1) == 3 and dmg(state, "fly") == 0


def test_flier_must_attack_a_flying_squad_leader():
    state = board([{"card": "cloud_sprite", "id": "fly"}], [{"card": "eggship", "id": "sl", "patrol": "squad_leader"}])
    assert targets_of(state, 0, find(state, "fly")) == {find(state, "sl")}


def test_ground_attacker_cannot_attack_fliers_and_is_not_stopped_by_them():
    state = board(
        [{"card": "iron_man", "id": "a"}],
        [{"card": "eggship", "id": "sl", "patrol": "squad_leader"}, {"card": "cloud_sprite", "id": "home"}],
    )
    targets = targets_of(state, 0, find(state, "a"))
    assert "base:1" in targets
    assert find(state, "sl") not in targets and find(state, "home") not in targets


def test_anti_air_attacker_may_attack_fliers():
    state = board([{"card": "leaping_lizard", "id": "aa"}], [{"card": "cloud_sprite", "id": "home"}])
    assert find(state, "home") in targets_of(state, 0, find(state, "aa"))
    state = attack_tagged(state, "aa", "home")
    assert gone(state, "home") and dmg(state, "aa") == 3


def test_anti_air_attacker_need_not_attack_a_flying_patroller():
    """Anti-air ruling: patrolling fliers may be ignored by an anti-air attacker."""
    state = board(
        [{"card": "leaping_lizard", "id": "aa"}], [{"card": "cloud_sprite", "id": "sl", "patrol": "squad_leader"}]
    )
    assert {"base:1", find(state, "sl")} <= targets_of(state, 0, find(state, "aa"))


def test_flier_attacking_ground_unit_without_anti_air_takes_no_damage():
    state = board([{"card": "eggship", "id": "fly"}], [{"card": "iron_man", "id": "im"}])
    state = attack_tagged(state, "fly", "im")
    assert dmg(state, "fly") == 0 and gone(state, "im")


def test_flier_attacking_anti_air_unit_takes_damage_back():
    state = board([{"card": "eggship", "id": "fly"}], [{"card": "leaping_lizard", "id": "aa"}])
    state = attack_tagged(state, "fly", "aa")
    assert gone(state, "fly") and dmg(state, "aa") == 4


def test_flier_flying_over_anti_air_patroller_takes_its_damage():
    """Anti-air ruling: a patroller with anti-air deals its combat damage to
    a flier that flies over it."""
    state = board(
        [{"card": "eggship", "id": "fly"}], [{"card": "leaping_lizard", "id": "sl", "patrol": "squad_leader"}]
    )
    state = attack_tagged(state, "fly", "base:1")
    assert base_damage(state, 1) == 4
    assert gone(state, "fly")
    assert dmg(state, "sl") == 0


def test_sparkshot_can_hit_a_flier():
    """Sparkshot ruling: it hits an adjacent flying patroller too."""
    state = board(
        [{"card": "revolver_ocelot", "id": "oc"}],
        [
            {"card": "tenderfoot", "id": "sl", "patrol": "squad_leader"},
            {"card": "cloud_sprite", "id": "el", "patrol": "elite"},
        ],
    )
    state = attack_tagged(state, "oc", "sl")
    assert gone(state, "sl")
    assert dmg(state, "el") == 1


# ---- stealth, invisible, detector, unstoppable ------------------------------------


def test_stealth_ignores_patrollers_and_defender_strikes_back():
    state = board(
        [],
        [{"card": "older_brother", "id": "sl", "patrol": "squad_leader"}, {"card": "tenderfoot", "id": "home"}],
        me={"gold": 3, "hand": ["sneaky_pig"], "buildings": {"tech_1": True, "tech_2": True}},
    )
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": []})
    [pig] = in_play(state, 0, "sneaky_pig")
    assert {"base:1", find(state, "home"), find(state, "sl")} <= targets_of(state, 0, pig)
    state = act(state, 0, {"type": "attack", "attacker": pig, "target": find(state, "home")})
    assert gone(state, "home") and state["cards"][pig]["damage"] == 1


def test_detector_stops_stealth_from_ignoring_patrollers():
    state = board(
        [{"card": "older_brother", "id": "sneak", "granted": {"stealth": 1}}],
        [
            {"card": "tenderfoot", "id": "sl", "patrol": "squad_leader"},
            {"card": "fruit_ninja", "id": "det", "granted": {"detector": 1}},
        ],
    )
    assert targets_of(state, 0, find(state, "sneak")) == {find(state, "sl")}


def test_invisible_unit_cannot_be_attacked_or_targeted_unless_patrolling():
    state = board(
        [{"card": "iron_man", "id": "a"}, {"card": "troq_bashar", "id": "t"}],
        [{"card": "backstabber", "id": "bs"}],
        me={"gold": 5, "hand": ["wither"]},
    )
    assert find(state, "bs") not in targets_of(state, 0, find(state, "a"))
    assert_refused(
        state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": [find(state, "bs")]}, "bad_targets"
    )
    state = board([{"card": "iron_man", "id": "a"}], [{"card": "backstabber", "id": "bs", "patrol": "squad_leader"}])
    assert targets_of(state, 0, find(state, "a")) == {find(state, "bs")}


def test_detector_reveals_invisible_things():
    state = board([{"card": "iron_man", "id": "a", "granted": {"detector": 1}}], [{"card": "backstabber", "id": "bs"}])
    assert find(state, "bs") in targets_of(state, 0, find(state, "a"))


def test_own_invisible_things_can_be_targeted():
    """Invisible ruling: you can target your own invisible things."""
    state = board([{"card": "backstabber", "id": "bs"}, {"card": "troq_bashar"}], [], me={"gold": 5, "hand": ["bloom"]})
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": [find(state, "bs")]})
    assert state["cards"][find(state, "bs")]["plus"] == 1


def test_invisible_attacker_sneaks_past_patrollers():
    state = board([{"card": "backstabber", "id": "bs"}], [{"card": "iron_man", "id": "sl", "patrol": "squad_leader"}])
    assert "base:1" in targets_of(state, 0, find(state, "bs"))
    state = attack_tagged(state, "bs", "base:1")
    assert base_damage(state, 1) == 3


def test_unstoppable_ignores_patrollers_even_against_a_detector():
    """Unstoppable ruling: a detector (or Tower) does not stop unstoppable."""
    state = board(
        [{"card": "angry_dancer", "id": "ad"}],
        [{"card": "iron_man", "id": "sl", "patrol": "squad_leader", "granted": {"detector": 1}}],
    )
    assert "base:1" in targets_of(state, 0, find(state, "ad"))
    state = attack_tagged(state, "ad", "base:1")
    assert base_damage(state, 1) == 2


# ---- damage ------------------------------------------------------------------------


def test_combat_damage_is_simultaneous():
    state = board([{"card": "older_brother", "id": "a"}], [{"card": "older_brother", "id": "d"}])
    state = attack_tagged(state, "a", "d")
    assert gone(state, "a") and gone(state, "d")


def test_attacking_a_hero_both_deal_damage():
    state = board([{"card": "iron_man", "id": "a"}], [{"card": "river_montoya", "id": "r"}])
    state = attack_tagged(state, "a", "r")
    assert dmg(state, "a") == 2
    assert state["cards"][find(state, "r")]["zone"] == "command" if not gone(state, "r") else True
    assert state["players"][1]["play"] == []


def test_exhausted_defender_still_deals_combat_damage():
    """House rule R8 (second sentence): exhausted defenders strike back."""
    state = board([{"card": "iron_man", "id": "a"}], [{"card": "older_brother", "id": "d", "exhausted": True}])
    state = attack_tagged(state, "a", "d")
    assert gone(state, "d") and dmg(state, "a") == 2


def test_swift_strike_kills_before_the_defender_strikes():
    """Swift strike ruling: a non-swift defender killed by swift damage deals none."""
    state = board(
        [{"card": "blademaster", "id": "bm"}, {"card": "older_brother", "id": "a"}], [{"card": "tenderfoot", "id": "d"}]
    )
    state = attack_tagged(state, "a", "d")
    assert gone(state, "d") and dmg(state, "a") == 0


def test_swift_strike_on_defense():
    state = board(
        [{"card": "older_brother", "id": "a"}],
        [{"card": "blademaster", "id": "bm"}, {"card": "older_brother", "id": "d"}],
    )
    state = attack_tagged(state, "a", "d")
    assert gone(state, "a") and dmg(state, "d") == 0


def test_both_swift_strike_is_simultaneous():
    state = board(
        [{"card": "older_brother", "id": "a", "granted": {"swift_strike": 1}}],
        [{"card": "older_brother", "id": "d", "granted": {"swift_strike": 1}}],
    )
    state = attack_tagged(state, "a", "d")
    assert gone(state, "a") and gone(state, "d")


def test_armor_absorbs_damage_once_per_turn():
    state = board(
        [{"card": "iron_man", "id": "a"}, {"card": "older_brother", "id": "b"}],
        [{"card": "regular_sized_rhinoceros", "id": "d", "granted": {"armor": 2}}],
    )
    state = attack_tagged(state, "a", "d")
    assert dmg(state, "d") == 1
    state = attack_tagged(state, "b", "d")
    assert dmg(state, "d") == 3


def test_damage_persists_across_turns():
    state = board([{"card": "iron_man", "id": "a"}], [{"card": "older_brother", "id": "d"}])
    state = attack_tagged(state, "a", "d")
    assert dmg(state, "a") == 2
    state = act(state, 0, {"type": "end_main"})
    assert dmg(state, "a") == 2
    state = act(state, 1, {"type": "end_main"})
    state = act(state, 0, {"type": "tech", "cards": ["iron_man", "iron_man"]})
    assert state["active"] == 0 and dmg(state, "a") == 2


# ---- patrol slot bonuses -------------------------------------------------------


def test_squad_leader_has_armor_1():
    """House rule R6: a 3-damage hit on the squad leader does 2."""
    state = board(
        [{"card": "iron_man", "id": "a"}], [{"card": "regular_sized_rhinoceros", "id": "sl", "patrol": "squad_leader"}]
    )
    state = attack_tagged(state, "a", "sl")
    assert dmg(state, "sl") == 2


def test_elite_patroller_has_plus_one_attack():
    state = board([{"card": "iron_man", "id": "a"}], [{"card": "older_brother", "id": "el", "patrol": "elite"}])
    state = attack_tagged(state, "a", "el")
    assert dmg(state, "a") == 3


def test_elite_bonus_only_while_patrolling():
    state = board([{"card": "older_brother", "id": "el", "patrol": "elite"}], [])
    from game.codex import stats

    assert stats.atk(state, find(state, "el")) == 2
    state = act(state, 0, {"type": "end_main"})
    assert stats.atk(state, find(state, "el")) == 3


def test_scavenger_gives_its_controller_one_gold_when_it_dies():
    state = board(
        [{"card": "iron_man", "id": "a"}], [{"card": "tenderfoot", "id": "sc", "patrol": "scavenger"}], them={"gold": 3}
    )
    state = attack_tagged(state, "a", "sc")
    assert gone(state, "sc") and state["players"][1]["gold"] == 4
    assert state["players"][0]["gold"] == 0


def test_technician_draws_its_controller_a_card_when_it_dies():
    state = board(
        [{"card": "iron_man", "id": "a"}],
        [{"card": "tenderfoot", "id": "te", "patrol": "technician"}],
        them={"hand": [], "deck": ["spark", "bloom"]},
    )
    state = attack_tagged(state, "a", "te")
    assert gone(state, "te")
    assert [state["cards"][i]["card"] for i in state["players"][1]["hand"]] == ["spark"]


def test_lookout_has_resist_1():
    state = board(
        [{"card": "troq_bashar"}],
        [
            {"card": "tenderfoot", "id": "lo", "patrol": "lookout"},
            {"card": "tenderfoot", "id": "el", "patrol": "elite"},
        ],
        me={"gold": 1, "hand": ["spark"]},
    )
    spark = hand_ids(state, 0)[0]
    assert_refused(state, 0, {"type": "play", "card": spark, "targets": [find(state, "lo")]}, "not_enough_gold")
    state["players"][0]["gold"] = 2
    state = act(state, 0, {"type": "play", "card": spark, "targets": [find(state, "lo")]})
    assert state["players"][0]["gold"] == 0 and dmg(state, "lo") == 1


# ---- sparkshot, overpower, obliterate ----------------------------------------------


def test_sparkshot_hits_the_only_adjacent_patroller():
    state = board(
        [{"card": "revolver_ocelot", "id": "oc"}],
        [
            {"card": "tenderfoot", "id": "sl", "patrol": "squad_leader"},
            {"card": "tenderfoot", "id": "el", "patrol": "elite"},
            {"card": "tenderfoot", "id": "sc", "patrol": "scavenger"},
        ],
    )
    state = attack_tagged(state, "oc", "sl")
    assert gone(state, "sl") and dmg(state, "el") == 1 and dmg(state, "sc") == 0


def test_sparkshot_asks_which_adjacent_patroller():
    state = board(
        [{"card": "revolver_ocelot", "id": "oc"}],
        [
            {"card": "tenderfoot", "id": "el", "patrol": "elite"},
            {"card": "tenderfoot", "id": "sc", "patrol": "scavenger"},
            {"card": "tenderfoot", "id": "te", "patrol": "technician"},
            {"card": "tenderfoot", "id": "lo", "patrol": "lookout"},
        ],
    )
    state = attack_tagged(state, "oc", "sc")
    assert state["prompt"]["seat"] == 0
    assert set(state["prompt"]["options"]) == {find(state, "el"), find(state, "te")}
    state = act(state, 0, {"type": "choose", "choice": [find(state, "te")]})
    assert dmg(state, "te") == 1 and dmg(state, "el") == 0 and dmg(state, "lo") == 0


def test_sparkshot_does_nothing_against_a_non_patroller():
    state = board(
        [{"card": "revolver_ocelot", "id": "oc"}],
        [{"card": "tenderfoot", "id": "d"}, {"card": "tenderfoot", "id": "o"}],
    )
    state = attack_tagged(state, "oc", "d")
    assert dmg(state, "o") == 0 and state["prompt"] is None


def test_overpower_excess_hits_another_patroller():
    """House rule R16 and the Overpower ruling: excess must go to another
    patroller the attacker could have attacked when there is one."""
    state = board(
        [{"card": "harvest_reaper", "id": "hr"}],
        [
            {"card": "tenderfoot", "id": "el", "patrol": "elite"},
            {"card": "older_brother", "id": "lo", "patrol": "lookout"},
        ],
    )
    state = attack_tagged(state, "hr", "el")
    assert state["prompt"] is None  # the only other patroller: no choice
    assert gone(state, "el") and gone(state, "lo")
    assert base_damage(state, 1) == 0


def test_overpower_does_nothing_against_a_non_patroller():
    state = board([{"card": "harvest_reaper", "id": "hr"}], [{"card": "tenderfoot", "id": "d"}])
    state = attack_tagged(state, "hr", "d")
    assert state["prompt"] is None and gone(state, "d") and base_damage(state, 1) == 0


def test_obliterate_destroys_lowest_tech_units_first():
    state = board(
        [{"card": "trojan_duck", "id": "duck"}],
        [
            {"card": "tenderfoot", "id": "t0"},
            {"card": "iron_man", "id": "t1"},
            {"card": "regular_sized_rhinoceros", "id": "t2"},
            {"card": "river_montoya", "id": "hero"},
        ],
    )
    state = attack_tagged(state, "duck", "base:1")
    # Trojan Duck's own attack trigger: 4 damage to a building it picks
    while state["prompt"]:
        state = act(state, 0, {"type": "choose", "choice": [state["prompt"]["options"][0]]})
    assert gone(state, "t0") and gone(state, "t1")
    assert not gone(state, "t2") and not gone(state, "hero")


# ---- sparkshot instances stack and are split point by point (issue 12) ----------------


def _two_sparkshot_board(points=2, neighbours=("el", "te")):
    theirs = [{"card": "iron_man", "id": "sc", "patrol": "scavenger"}]
    theirs += [
        {"card": "iron_man", "id": tag, "patrol": {"el": "elite", "te": "technician"}[tag]} for tag in neighbours
    ]
    return board([{"card": "older_brother", "id": "a", "granted": {"sparkshot": points}}], theirs)


def test_two_sparkshot_instances_may_hit_two_neighbours_once_each():
    """Sparkshot ruling: "A unit with 2 instances of sparkshot will get to
    deal 2 damage to an adjacent patroller or 1 damage to each of 2
    adjacent patrollers": one choice per point."""
    state = attack_tagged(_two_sparkshot_board(), "a", "sc")
    assert set(state["prompt"]["options"]) == {find(state, "el"), find(state, "te")}
    state = act(state, 0, {"type": "choose", "choice": [find(state, "el")]})
    assert set(state["prompt"]["options"]) == {find(state, "el"), find(state, "te")}
    state = act(state, 0, {"type": "choose", "choice": [find(state, "te")]})
    assert state["prompt"] is None
    assert dmg(state, "el") == 1 and dmg(state, "te") == 1 and dmg(state, "sc") == 2


def test_two_sparkshot_instances_may_both_hit_one_neighbour():
    state = attack_tagged(_two_sparkshot_board(), "a", "sc")
    state = act(state, 0, {"type": "choose", "choice": [find(state, "te")]})
    state = act(state, 0, {"type": "choose", "choice": [find(state, "te")]})
    assert dmg(state, "te") == 2 and dmg(state, "el") == 0


def test_three_sparkshot_instances_with_one_neighbour_all_hit_it_without_asking():
    state = attack_tagged(_two_sparkshot_board(points=3, neighbours=("el",)), "a", "sc")
    assert state["prompt"] is None and dmg(state, "el") == 3


# ---- after obliterate removed the defender a new target is optional (issue 12) ---------


def _obliterated_defender(theirs=()):
    """Seat 0's Older Brother with obliterate 1 attacks seat 1's Tenderfoot
    (at home, its lowest-tech unit), which obliterate destroys first."""
    state = board(
        [{"card": "older_brother", "id": "a", "granted": {"obliterate": 1}}],
        [{"card": "tenderfoot", "id": "t"}, *theirs],
    )
    return attack_tagged(state, "a", "t")


def test_after_obliterate_the_attacker_may_choose_no_new_target():
    """Glossary, Obliterate: once the attacked thing is gone, picking a
    new one to attack is the attacker's option, not a duty. Choosing none ends the attack with
    no combat damage: the attacker stays exhausted and has attacked."""
    state = _obliterated_defender([{"card": "iron_man", "id": "im"}])
    assert gone(state, "t")
    prompt = state["prompt"]
    assert prompt["seat"] == 0 and prompt["optional"]
    assert set(prompt["options"]) == {find(state, "im"), "base:1"}
    state = act(state, 0, {"type": "choose", "choice": []})
    assert state["prompt"] is None and base_damage(state, 1) == 0
    assert dmg(state, "im") == 0 and dmg(state, "a") == 0
    a = state["cards"][find(state, "a")]
    assert a["exhausted"] and a["attacks"] == 1


def test_after_obliterate_a_single_new_target_is_offered_not_forced():
    state = _obliterated_defender()
    assert state["prompt"]["options"] == ["base:1"] and state["prompt"]["optional"]
    state = act(state, 0, {"type": "choose", "choice": ["base:1"]})
    assert base_damage(state, 1) == 2
