"""Scenario tests for the Bashing codex (Starter set): each card is played
through real actions and its outcome checked, with the official rulings
(reference/codex-cards/rulings.json, "Neutral") named where they decide
something.

Seat 0 plays Troq Bashar (Bashing), seat 1 River Montoya (Finesse).
"""

import json

from tests.rules.helpers import (
    act,
    assert_refused,
    atk_hp,
    attack,
    base_damage,
    choose,
    end_turn,
    find,
    hand_ids,
    in_play,
    legal_of,
    play_card,
    prompt_options,
    scenario_game,
)

TROQ = {"card": "troq_bashar", "id": "troq"}
TROQ_MAX = {"card": "troq_bashar", "level": 8, "id": "troq"}
ALL_TECH = {"tech_1": True, "tech_2": True, "tech_3": True}


def one(state, seat, card_id):
    """The single in-play copy of ``card_id`` that ``seat`` controls."""
    ids = in_play(state, seat, card_id)
    assert len(ids) == 1, ids
    return ids[0]


def discard_cards(state, seat):
    """Card ids (catalog ids) in ``seat``'s discard pile."""
    return sorted(state["cards"][i]["card"] for i in state["players"][seat]["discard"])


def hand_cards(state, seat):
    """Card ids (catalog ids) in ``seat``'s hand."""
    return sorted(state["cards"][i]["card"] for i in state["players"][seat]["hand"])


# ---- Wrecking Ball -----------------------------------------------------------


def test_wrecking_ball_deals_2_to_a_building_for_0_gold():
    """Wrecking Ball: 2 damage to a building, free; a tech building that
    reaches 5 damage is destroyed and its base takes 2 (rulebook
    "Buildings", house rule R1: tech buildings have 5 HP)."""
    s = scenario_game(
        [{"hand": ["wrecking_ball", "wrecking_ball"], "gold": 0, "play": [TROQ]}, {"buildings": {"tech_1": True}}]
    )
    s["players"][1]["buildings"]["tech_1"]["damage"] = 2
    ball = hand_ids(s, 0, "wrecking_ball")[0]
    offered = {a["targets"][0] for a in legal_of(s, 0, "play", card=ball)}
    assert offered == {"base:0", "base:1", "bld:1:tech_1"}
    s = play_card(s, 0, "wrecking_ball", ["bld:1:tech_1"])
    assert s["players"][1]["buildings"]["tech_1"]["damage"] == 4
    s = play_card(s, 0, "wrecking_ball", ["bld:1:tech_1"])
    assert s["players"][1]["buildings"]["tech_1"] is None
    assert base_damage(s, 1) == 2
    assert discard_cards(s, 0) == ["wrecking_ball", "wrecking_ball"]


def test_wrecking_ball_needs_a_bashing_hero():
    """A spec spell needs a hero of its spec in play (rulebook "Spells"):
    the River player can't play Wrecking Ball (needs_hero)."""
    s = scenario_game([{}, {"hand": ["wrecking_ball"], "play": [{"card": "river_montoya"}]}], active=1)
    ball = hand_ids(s, 1, "wrecking_ball")[0]
    refused = assert_refused(s, 1, {"type": "play", "card": ball, "targets": ["base:0"]}, "needs_hero")
    assert refused.message == "That spell needs your Bashing (Troq Bashar) hero in play."


# ---- The Boot ----------------------------------------------------------------


def test_the_boot_destroys_a_tech_0_or_tech_1_unit():
    """The Boot: destroy a tech 0 or tech I unit for 3 gold; it goes to its
    owner's discard pile. Tech II units and heroes are no legal targets."""
    s = scenario_game(
        [
            {"hand": ["the_boot"], "gold": 3, "play": [TROQ]},
            {
                "play": [
                    {"card": "river_montoya", "id": "river"},
                    {"card": "nimble_fencer", "id": "fencer"},
                    {"card": "maestro", "id": "maestro"},
                    {"card": "tenderfoot", "id": "foot"},
                ]
            },
        ]
    )
    boot = hand_ids(s, 0, "the_boot")[0]
    for bad in ("river", "maestro"):
        assert_refused(s, 0, {"type": "play", "card": boot, "targets": [find(s, bad)]}, "bad_targets")
    offered = {a["targets"][0] for a in legal_of(s, 0, "play", card=boot)}
    assert offered == {find(s, "fencer"), find(s, "foot")}
    s = play_card(s, 0, "the_boot", [find(s, "fencer")])
    assert in_play(s, 1, "nimble_fencer") == []
    assert discard_cards(s, 1) == ["nimble_fencer"]
    assert s["players"][0]["gold"] == 0


def test_the_boot_destroyed_unit_dies_so_the_scavenger_slot_pays():
    """The Boot ruling: a destroyed unit "dies", so the scavenger slot's
    bonus triggers: its owner gains 1 gold."""
    s = scenario_game(
        [
            {"hand": ["the_boot"], "gold": 3, "play": [TROQ]},
            {"gold": 4, "play": [{"card": "older_brother", "patrol": "scavenger", "id": "ob"}]},
        ]
    )
    s = play_card(s, 0, "the_boot", [find(s, "ob")])
    assert in_play(s, 1, "older_brother") == []
    assert s["players"][1]["gold"] == 5


def test_the_boot_destroyed_unit_dies_so_the_technician_slot_draws():
    """The Boot ruling: a destroyed technician "dies", so its owner draws a
    card."""
    s = scenario_game(
        [
            {"hand": ["the_boot"], "gold": 3, "play": [TROQ]},
            {"deck": ["spark"], "play": [{"card": "iron_man", "patrol": "technician", "id": "iron"}]},
        ]
    )
    s = play_card(s, 0, "the_boot", [find(s, "iron")])
    assert hand_cards(s, 1) == ["spark"]
    assert discard_cards(s, 1) == ["iron_man"]


# ---- Intimidate --------------------------------------------------------------


def test_intimidate_gives_minus_4_atk_this_turn_never_below_0():
    """Intimidate: a unit or hero gets -4 ATK this turn; ATK stops at 0
    (ruling), so the Iron Man strikes back for nothing; next turn it has its
    3 ATK again."""
    s = scenario_game(
        [
            {"hand": ["intimidate"], "gold": 1, "play": [TROQ]},
            {"play": [{"card": "iron_man", "patrol": "elite", "id": "iron"}]},
        ]
    )
    iron, troq = find(s, "iron"), find(s, "troq")
    s = play_card(s, 0, "intimidate", [iron])
    assert atk_hp(s, iron) == (0, 4)  # 3 + 1 (elite) - 4, floored at 0
    s = attack(s, 0, troq, iron)
    assert s["cards"][iron]["damage"] == 2
    assert s["cards"][troq]["damage"] == 0
    s = end_turn(s, 0)
    assert atk_hp(s, iron) == (3, 4)


def test_intimidate_can_target_a_hero():
    """Intimidate: heroes are legal targets too."""
    s = scenario_game(
        [
            {"hand": ["intimidate"], "gold": 1, "play": [TROQ]},
            {"play": [{"card": "river_montoya", "level": 5, "id": "river"}]},
        ]
    )
    river = find(s, "river")
    s = play_card(s, 0, "intimidate", [river])
    assert atk_hp(s, river)[0] == 0


# ---- Final Smash -------------------------------------------------------------


def smash_scene(seat0_play=(), seat1_play=(), level=8, gold=6):
    return scenario_game(
        [
            {"hand": ["final_smash"], "gold": gold, "play": [dict(TROQ_MAX, level=level)] + list(seat0_play)},
            {"play": list(seat1_play)},
        ]
    )


def test_final_smash_needs_troq_at_max_level_since_the_start_of_the_turn():
    """Final Smash is an ultimate: Troq must have been at max level since the
    start of the turn (house rule R7); levelling him to 8 this turn is not
    enough."""
    s = smash_scene(level=7, gold=7)
    troq = find(s, "troq")
    s = act(s, 0, {"type": "level_up", "hero": troq, "levels": 1})
    assert s["cards"][troq]["level"] == 8
    smash = hand_ids(s, 0, "final_smash")[0]
    assert_refused(s, 0, {"type": "play", "card": smash, "targets": []}, "needs_max_hero")
    assert not legal_of(s, 0, "play", card=smash)


def test_final_smash_resolves_its_three_parts_in_order_choosing_each_target_then():
    """Final Smash: destroy a tech 0 unit, return a tech I unit to its
    owner's hand, take control of a tech II unit; each target is chosen as
    its part resolves (ruling), one prompt at a time."""
    s = smash_scene(
        seat1_play=[
            {"card": "tenderfoot", "id": "foot"},
            {"card": "older_brother", "id": "ob"},
            {"card": "nimble_fencer", "id": "fencer"},
            {"card": "star_crossed_starlet", "id": "starlet"},
            {"card": "maestro", "id": "maestro"},
            {"card": "cloud_sprite", "id": "sprite"},
        ]
    )
    s = play_card(s, 0, "final_smash")
    assert s["players"][0]["gold"] == 0
    assert set(prompt_options(s)) == {find(s, "foot"), find(s, "ob")}
    s = choose(s, 0, find(s, "ob"))
    assert in_play(s, 1, "older_brother") == []
    assert set(prompt_options(s)) == {find(s, "fencer"), find(s, "starlet")}
    s = choose(s, 0, find(s, "starlet"))
    assert in_play(s, 1, "star_crossed_starlet") == []
    assert hand_cards(s, 1) == ["star_crossed_starlet"]
    assert set(prompt_options(s)) == {find(s, "maestro"), find(s, "sprite")}
    maestro = find(s, "maestro")
    s = choose(s, 0, maestro)
    assert s["cards"][maestro]["controller"] == 0
    assert maestro in s["players"][0]["play"]
    assert s["prompt"] is None
    assert discard_cards(s, 0) == ["final_smash"]
    assert discard_cards(s, 1) == ["older_brother"]
    # It came under seat 0's control this turn: arrival fatigue.
    assert_refused(s, 0, {"type": "attack", "attacker": maestro, "target": "base:1"}, "arrival_fatigue")


def test_final_smash_does_as_much_as_it_can_when_a_part_has_no_target():
    """Final Smash ruling: with no tech 0 unit in play it still does the
    rest of the spell."""
    s = smash_scene(seat1_play=[{"card": "nimble_fencer", "id": "fencer"}, {"card": "maestro", "id": "maestro"}])
    s = play_card(s, 0, "final_smash")
    # Every part has exactly one legal target: nothing to ask.
    assert s["prompt"] is None
    assert hand_cards(s, 1) == ["nimble_fencer"]
    assert s["cards"][find(s, "maestro")]["controller"] == 0


def test_final_smash_must_hit_your_own_units_when_they_are_the_only_ones():
    """Final Smash ruling: the parts are not optional; if the only tech 0,
    tech I and tech II units are yours, you destroy your tech 0, return your
    tech I to your hand, and "gain control" of your tech II (nothing)."""
    s = smash_scene(
        seat0_play=[
            {"card": "timely_messenger", "id": "tm"},
            {"card": "iron_man", "id": "iron"},
            {"card": "regular_sized_rhinoceros", "id": "rhino"},
        ],
        seat1_play=[{"card": "river_montoya", "id": "river"}],
    )
    rhino = find(s, "rhino")
    s = play_card(s, 0, "final_smash")
    assert s["prompt"] is None
    assert in_play(s, 0, "timely_messenger") == []
    assert in_play(s, 0, "iron_man") == []
    assert hand_cards(s, 0) == ["iron_man"]
    assert discard_cards(s, 0) == ["final_smash", "timely_messenger"]
    assert s["cards"][rhino]["controller"] == 0
    assert s["cards"][find(s, "river")]["zone"] == "play"


def test_final_smash_first_part_must_target_an_opposing_flagbearer():
    """Final Smash ruling: targets are chosen part by part, and an opposing
    flagbearer that the current part can target must be chosen: the tech 0
    part offers only the Granfalloon Flagbearer."""
    s = smash_scene(
        seat0_play=[{"card": "tenderfoot", "id": "mine"}],
        seat1_play=[
            {"card": "granfalloon_flagbearer", "id": "flag"},
            {"card": "older_brother", "id": "ob"},
            {"card": "nimble_fencer", "id": "fencer"},
            {"card": "star_crossed_starlet", "id": "starlet"},
        ],
    )
    s = play_card(s, 0, "final_smash")
    # The flagbearer was the only choice of the first part: destroyed at once.
    assert in_play(s, 1, "granfalloon_flagbearer") == []
    assert find(s, "ob") in s["players"][1]["play"]
    assert set(prompt_options(s)) == {find(s, "fencer"), find(s, "starlet")}


# ---- Iron Man ----------------------------------------------------------------


def test_iron_man_is_a_3_4_that_needs_a_tech_1_building():
    """Iron Man: 3/4 for 3 gold, tech I: without a finished Tech I building
    it can't be played (needs_tech)."""
    s = scenario_game([{"hand": ["iron_man"], "gold": 3}])
    iron = hand_ids(s, 0, "iron_man")[0]
    assert_refused(s, 0, {"type": "play", "card": iron, "targets": []}, "needs_tech")
    s = scenario_game([{"hand": ["iron_man"], "gold": 3, "buildings": {"tech_1": True}}])
    s = play_card(s, 0, "iron_man")
    assert atk_hp(s, one(s, 0, "iron_man")) == (3, 4)
    assert s["players"][0]["gold"] == 0


# ---- Revolver Ocelot ---------------------------------------------------------


def test_revolver_ocelot_sparkshot_hits_the_patroller_next_to_its_target():
    """Revolver Ocelot, sparkshot: attacking the squad leader also deals 1
    damage to the patroller next to it (the elite); not to one two slots
    away (sparkshot ruling)."""
    s = scenario_game(
        [
            {"play": [{"card": "revolver_ocelot", "id": "ocelot"}]},
            {
                "play": [
                    {"card": "older_brother", "patrol": "squad_leader", "id": "sl"},
                    {"card": "tenderfoot", "patrol": "elite", "id": "elite"},
                    {"card": "older_brother", "patrol": "technician", "id": "tech"},
                ]
            },
        ]
    )
    ocelot, sl = find(s, "ocelot"), find(s, "sl")
    s = attack(s, 0, ocelot, sl)
    assert s["prompt"] is None  # one neighbour: no choice to make
    assert sl not in s["cards"]  # 3 ATK - 1 armor = 2 damage: dead
    assert s["cards"][find(s, "elite")]["damage"] == 1
    assert s["cards"][find(s, "tech")]["damage"] == 0
    assert s["cards"][ocelot]["damage"] == 2


def test_revolver_ocelot_chooses_between_two_neighbours_and_skips_non_patrollers():
    """Revolver Ocelot: with patrollers on both sides of its target the
    attacker picks which one sparkshot hits; attacking a base (no patroller)
    has no sparkshot."""
    s = scenario_game(
        [
            {"play": [{"card": "revolver_ocelot", "id": "ocelot"}]},
            {
                "play": [
                    {"card": "older_brother", "patrol": "scavenger", "id": "mid"},
                    {"card": "tenderfoot", "patrol": "elite", "id": "left"},
                    {"card": "tenderfoot", "patrol": "technician", "id": "right"},
                ]
            },
        ]
    )
    s = attack(s, 0, find(s, "ocelot"), find(s, "mid"))
    assert set(prompt_options(s)) == {find(s, "left"), find(s, "right")}
    s = choose(s, 0, find(s, "right"))
    assert s["cards"][find(s, "right")]["damage"] == 1
    assert s["cards"][find(s, "left")]["damage"] == 0

    s = scenario_game(
        [{"play": [{"card": "revolver_ocelot", "id": "ocelot"}]}, {"play": [{"card": "tenderfoot", "id": "home"}]}]
    )
    s = attack(s, 0, find(s, "ocelot"), "base:1")
    assert s["prompt"] is None
    assert base_damage(s, 1) == 3
    assert s["cards"][find(s, "home")]["damage"] == 0


# ---- Hired Stomper -----------------------------------------------------------


def test_hired_stomper_arrives_and_deals_3_damage_to_a_chosen_unit():
    """Hired Stomper, arrives: 3 damage to a unit, any unit (heroes are not
    units and are not offered)."""
    s = scenario_game(
        [
            {
                "hand": ["hired_stomper"],
                "gold": 4,
                "buildings": ALL_TECH,
                "play": [TROQ, {"card": "older_brother", "id": "mine"}],
            },
            {"play": [{"card": "river_montoya", "id": "river"}, {"card": "maestro", "id": "maestro"}]},
        ]
    )
    s = play_card(s, 0, "hired_stomper")
    stomper = one(s, 0, "hired_stomper")
    assert set(prompt_options(s)) == {find(s, "mine"), find(s, "maestro"), stomper}
    s = choose(s, 0, find(s, "maestro"))
    assert s["cards"][find(s, "maestro")]["damage"] == 3
    assert atk_hp(s, stomper) == (4, 3)


def test_hired_stomper_must_hit_itself_when_it_is_the_only_unit():
    """Hired Stomper: the damage is not optional; it may hit your own unit
    or itself, so alone in play it deals 3 to itself and dies."""
    s = scenario_game([{"hand": ["hired_stomper"], "gold": 4, "buildings": ALL_TECH, "play": [TROQ]}])
    s = play_card(s, 0, "hired_stomper")
    assert in_play(s, 0, "hired_stomper") == []
    assert discard_cards(s, 0) == ["hired_stomper"]


def test_hired_stomper_must_target_an_opposing_flagbearer():
    """Hired Stomper targets, so an opposing Granfalloon Flagbearer must be
    its target: the only option, taken at once."""
    s = scenario_game(
        [
            {"hand": ["hired_stomper"], "gold": 4, "buildings": ALL_TECH},
            {"play": [{"card": "granfalloon_flagbearer", "id": "flag"}, {"card": "tenderfoot", "id": "foot"}]},
        ]
    )
    s = play_card(s, 0, "hired_stomper")
    assert s["prompt"] is None
    assert in_play(s, 1, "granfalloon_flagbearer") == []
    assert s["cards"][find(s, "foot")]["damage"] == 0


# ---- Regular-sized Rhinoceros --------------------------------------------------


def test_regular_sized_rhinoceros_is_a_5_6_tech_2_unit():
    """Regular-sized Rhinoceros: 5/6 for 4 gold with a Tech II building."""
    s = scenario_game([{"hand": ["regular_sized_rhinoceros"], "gold": 4, "buildings": {"tech_1": True}}])
    rhino = hand_ids(s, 0, "regular_sized_rhinoceros")[0]
    assert_refused(s, 0, {"type": "play", "card": rhino, "targets": []}, "needs_tech")
    s["players"][0]["buildings"]["tech_2"] = {"id": "tech_2", "damage": 0, "done": True}
    s = play_card(s, 0, "regular_sized_rhinoceros")
    assert atk_hp(s, one(s, 0, "regular_sized_rhinoceros")) == (5, 6)
    assert s["players"][0]["gold"] == 0


# ---- Sneaky Pig --------------------------------------------------------------


def test_sneaky_pig_has_haste_and_stealth_the_turn_it_arrives():
    """Sneaky Pig: haste, and stealth this turn: played, it attacks the base
    past the squad leader at once."""
    s = scenario_game(
        [
            {"hand": ["sneaky_pig"], "gold": 3, "buildings": ALL_TECH},
            {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "sl"}]},
        ]
    )
    s = play_card(s, 0, "sneaky_pig")
    pig = one(s, 0, "sneaky_pig")
    assert {a["target"] for a in legal_of(s, 0, "attack", attacker=pig)} >= {"base:1", find(s, "sl")}
    s = attack(s, 0, pig, "base:1")
    assert base_damage(s, 1) == 3
    assert s["cards"][pig]["damage"] == 0


def test_sneaky_pig_loses_stealth_after_its_first_turn():
    """Sneaky Pig: the stealth lasts only the turn it arrives; later it must
    attack the squad leader like anyone else."""
    s = scenario_game(
        [
            {"hand": ["sneaky_pig"], "gold": 3, "buildings": ALL_TECH},
            {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "sl"}]},
        ]
    )
    s = play_card(s, 0, "sneaky_pig")
    s = end_turn(s, 0)
    s = act(s, 1, {"type": "patrol", "card": find(s, "sl"), "slot": "squad_leader"})
    s = end_turn(s, 1)
    assert s["active"] == 0
    pig = one(s, 0, "sneaky_pig")
    assert [a["target"] for a in legal_of(s, 0, "attack", attacker=pig)] == [find(s, "sl")]


def test_sneaky_pig_is_detected_by_a_tower():
    """Sneaky Pig against a Tower: the Tower detects the first stealth
    attacker, so the Pig can't sneak past the squad leader, and the Tower
    deals it 1 damage (house rule R10)."""
    s = scenario_game(
        [
            {"hand": ["sneaky_pig"], "gold": 3, "buildings": ALL_TECH},
            {"buildings": {"addon": "tower"}, "play": [{"card": "tenderfoot", "patrol": "squad_leader", "id": "sl"}]},
        ]
    )
    s = play_card(s, 0, "sneaky_pig")
    pig = one(s, 0, "sneaky_pig")
    assert [a["target"] for a in legal_of(s, 0, "attack", attacker=pig)] == [find(s, "sl")]
    s = attack(s, 0, pig, find(s, "sl"))
    assert s["cards"][pig]["damage"] == 2  # Tower 1 + Tenderfoot 1


# ---- Eggship -----------------------------------------------------------------


def test_eggship_flies_over_ground_patrollers_and_takes_no_damage_from_them():
    """Eggship, flying: ground patrollers don't stop it, and a ground
    defender without anti-air deals it no combat damage."""
    s = scenario_game(
        [
            {"play": [{"card": "eggship", "id": "egg"}]},
            {
                "play": [
                    {"card": "older_brother", "patrol": "squad_leader", "id": "sl"},
                    {"card": "iron_man", "id": "iron"},
                ]
            },
        ]
    )
    egg = find(s, "egg")
    targets = {a["target"] for a in legal_of(s, 0, "attack", attacker=egg)}
    assert {"base:1", find(s, "sl"), find(s, "iron")} <= targets
    iron = find(s, "iron")
    s = attack(s, 0, egg, iron)
    assert iron not in s["cards"]  # 4 damage on a 3/4
    assert s["cards"][egg]["damage"] == 0


def test_eggship_cannot_be_attacked_by_ground_units_without_anti_air():
    """Eggship, flying: a ground attacker without anti-air can't attack it;
    Leaping Lizard (anti-air) can, and they trade damage."""
    s = scenario_game(
        [
            {"play": [{"card": "eggship", "id": "egg"}]},
            {"play": [{"card": "older_brother", "id": "ob"}, {"card": "leaping_lizard", "id": "lizard"}]},
        ],
        active=1,
    )
    egg = find(s, "egg")
    assert_refused(s, 1, {"type": "attack", "attacker": find(s, "ob"), "target": egg}, "bad_target")
    s = attack(s, 1, find(s, "lizard"), egg)
    assert egg not in s["cards"]
    assert s["cards"][find(s, "lizard")]["damage"] == 4


# ---- Harvest Reaper ----------------------------------------------------------


def test_harvest_reaper_overpower_spills_onto_another_patroller():
    """Harvest Reaper, overpower: the damage beyond what the attacked
    patroller needs goes to one other patroller it could have attacked
    (house rule R16; overpower ruling: patrollers first)."""
    s = scenario_game(
        [
            {"play": [{"card": "harvest_reaper", "id": "reaper"}]},
            {
                "play": [
                    {"card": "older_brother", "patrol": "elite", "id": "a"},
                    {"card": "nimble_fencer", "patrol": "scavenger", "id": "b"},
                    {"card": "tenderfoot", "id": "home"},
                ]
            },
        ]
    )
    a, b = find(s, "a"), find(s, "b")
    s = attack(s, 0, find(s, "reaper"), a)
    # The only other patroller is the one choice: taken without a prompt.
    assert s["prompt"] is None
    assert a not in s["players"][1]["play"]
    assert b not in s["players"][1]["play"]  # 6 ATK - 2 HP needed = 4 excess, Fencer has 3 HP
    assert base_damage(s, 1) == 0
    assert s["cards"][find(s, "home")]["damage"] == 0


def test_harvest_reaper_overpower_with_no_other_patroller_hits_anything_else():
    """Harvest Reaper: with no other patroller the excess may hit anything
    of the defender (overpower ruling), here the base."""
    s = scenario_game(
        [
            {"play": [{"card": "harvest_reaper", "id": "reaper"}]},
            {"play": [{"card": "older_brother", "patrol": "elite", "id": "a"}, {"card": "tenderfoot", "id": "home"}]},
        ]
    )
    a = find(s, "a")
    s = attack(s, 0, find(s, "reaper"), a)
    assert set(prompt_options(s)) == {"base:1", find(s, "home")}
    s = choose(s, 0, "base:1")
    assert base_damage(s, 1) == 4
    assert a not in s["players"][1]["play"]


def test_harvest_reaper_has_no_overpower_against_a_non_patroller():
    """Overpower ruling: attacking a non-patroller there is no excess."""
    s = scenario_game(
        [{"play": [{"card": "harvest_reaper", "id": "reaper"}]}, {"play": [{"card": "tenderfoot", "id": "home"}]}]
    )
    s = attack(s, 0, find(s, "reaper"), find(s, "home"))
    assert s["prompt"] is None
    assert base_damage(s, 1) == 0


# ---- Trojan Duck -------------------------------------------------------------


def test_trojan_duck_arrives_and_deals_4_damage_to_a_building():
    """Trojan Duck, arrives: 4 damage to a building (it targets)."""
    s = scenario_game([{"hand": ["trojan_duck"], "gold": 7, "buildings": ALL_TECH}, {"buildings": {"tech_1": True}}])
    s = play_card(s, 0, "trojan_duck")
    assert "bld:1:tech_1" in prompt_options(s)
    s = choose(s, 0, "bld:1:tech_1")
    assert s["players"][1]["buildings"]["tech_1"]["damage"] == 4
    assert atk_hp(s, one(s, 0, "trojan_duck")) == (8, 9)
    assert s["players"][0]["gold"] == 0


def test_trojan_duck_obliterate_ignores_targeting_and_its_attack_hits_a_building():
    """Trojan Duck rulings: "arrives or attacks" means both, so attacking
    hits a building for 4 again; obliterate 2 destroys the defender's two
    lowest-tech units first without targeting, so even an invisible
    Backstabber that nothing can target goes."""
    s = scenario_game(
        [
            {"play": [{"card": "trojan_duck", "id": "duck"}]},
            {
                "buildings": {"tech_1": True},
                "play": [
                    {"card": "tenderfoot", "id": "foot"},
                    {"card": "backstabber", "id": "stab"},
                    {"card": "blademaster", "id": "blade"},
                ],
            },
        ]
    )
    s = attack(s, 0, find(s, "duck"), "base:1")
    assert set(prompt_options(s)) == {"base:0", "base:1", "bld:1:tech_1"}
    s = choose(s, 0, "bld:1:tech_1")
    assert s["players"][1]["buildings"]["tech_1"]["damage"] == 4
    assert in_play(s, 1, "tenderfoot") == [] and in_play(s, 1, "backstabber") == []
    assert find(s, "blade") in s["players"][1]["play"]
    assert discard_cards(s, 1) == ["backstabber", "tenderfoot"]
    assert base_damage(s, 1) == 8


def test_final_smash_stored_questions_keep_their_shape_and_resume_from_json():
    """A match stored in the middle of Final Smash holds each part's step
    as ``{"op": "final_smash", "part": n, "seat": s}`` inside the ◎ step
    (the shape from before the spell was declared with fx): it reads back
    from JSON and resumes."""
    units = [("tenderfoot", "tf"), ("older_brother", "ob"), ("nimble_fencer", "nf"), ("star_crossed_starlet", "st")]
    s = smash_scene(seat1_play=[{"card": c, "id": tag} for c, tag in units])
    s = play_card(s, 0, "final_smash")
    assert s["prompt"]["then"]["then"] == {"op": "final_smash", "part": 1, "seat": 0}
    s = choose(json.loads(json.dumps(s)), 0, find(s, "ob"))
    assert s["prompt"]["then"]["then"] == {"op": "final_smash", "part": 2, "seat": 0}
    s = choose(json.loads(json.dumps(s)), 0, find(s, "st"))
    assert hand_cards(s, 1) == ["star_crossed_starlet"] and s["prompt"] is None
