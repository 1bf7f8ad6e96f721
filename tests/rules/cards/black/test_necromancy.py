"""Scenario tests for Necromancy and Garth Torken
(game/codex/cards/black/necromancy.py), through real actions; the official
rulings (rulings.json "Black", "Heroes") are named where they decide.
Seat 0 plays Garth Torken, seat 1 Troq Bashar unless told."""

from game.codex import stats
from tests.rules.cards.black.common import ALL_TECH, TROQ, game, hero
from tests.rules.helpers import (
    act,
    assert_refused,
    atk_hp,
    attack,
    base_damage,
    cards_in,
    choose,
    end_turn,
    find,
    gone,
    hand_ids,
    in_play,
    legal_of,
    one,
    play_card,
    prompt_options,
    use_ability,
)

GARTH = hero("garth_torken")


def garth(level=1, **extra):
    return hero("garth_torken", level, **extra)


# ---- Nether Drain -----------------------------------------------------------------------


def test_nether_drain_takes_two_levels_and_gives_two():
    """Nether Drain: one hero loses two levels (not below 1) and can't gain
    levels this turn; another gains two; either may be yours (ruling)."""
    s = game({"hand": ["nether_drain"], "gold": 5, "play": [garth(2)]}, {"play": [hero("troq_bashar", 4)]})
    g, t = find(s, "garth_torken"), find(s, "troq_bashar")
    s = play_card(s, 0, "nether_drain", [t, g])
    assert s["cards"][t]["level"] == 2 and s["cards"][g]["level"] == 4


def test_nether_drain_victim_cant_level_this_turn_and_stops_at_1():
    s = game({"hand": ["nether_drain"], "gold": 5, "play": [garth(2)]}, {"play": [hero("troq_bashar", 3)]})
    g, t = find(s, "garth_torken"), find(s, "troq_bashar")
    s = play_card(s, 0, "nether_drain", [g, t])
    assert s["cards"][g]["level"] == 1 and s["cards"][t]["level"] == 5
    assert_refused(s, 0, {"type": "level_up", "hero": g, "levels": 1}, "cant_level")


def test_nether_drain_needs_two_different_heroes():
    s = game({"hand": ["nether_drain"], "gold": 5, "play": [garth(2)]}, {"play": [TROQ]})
    nd = hand_ids(s, 0, "nether_drain")[0]
    g = find(s, "garth_torken")
    assert_refused(s, 0, {"type": "play", "card": nd, "targets": [g, g]}, "bad_targets")


def test_nether_drain_raising_an_opposing_garth_to_max_fizzles_his_choice():
    """Nether Drain ruling: an opposing Necromancy hero reaching max on your
    turn doesn't get to pick a unit from the discard pile."""
    s = game(
        {"hand": ["nether_drain"], "gold": 5, "play": [garth(3, id="mine")]},
        {"discard": ["iron_man"], "buildings": ALL_TECH, "play": [garth(5, id="theirs")]},
        heroes=("garth_torken", "garth_torken"),
    )
    g, t = find(s, "theirs"), find(s, "mine")
    s = play_card(s, 0, "nether_drain", [t, g])
    assert s["cards"][g]["level"] == 7 and s["prompt"] is None and cards_in(s, 1, "discard") == ["iron_man"]


# ---- Lich's Bargain ---------------------------------------------------------------------------


def test_lichs_bargain_costs_a_worker_and_4_base_damage_for_three_tokens():
    """Lich's Bargain ruling: a starting worker may go (the count drops by 1)."""
    s = game({"hand": ["lich_s_bargain"], "gold": 2, "workers": 4, "play": [GARTH]})
    s = play_card(s, 0, "lich_s_bargain")
    p = s["players"][0]
    assert p["base_workers"] + len(p["workers"]) == 3 and base_damage(s, 0) == 4
    assert sorted(s["cards"][i]["card"] for i in p["play"] if i != find(s, "garth_torken")) == [
        "horror",
        "skeleton",
        "zombie",
    ]
    horror = one(s, 0, "horror")
    assert stats.kw(s, horror, "deathtouch") and atk_hp(s, horror) == (3, 3)


# ---- Doom Grasp -------------------------------------------------------------------------------------


def test_doom_grasp_sacrifices_then_destroys():
    s = game(
        {
            "hand": ["doom_grasp"],
            "gold": 4,
            "play": [
                GARTH,
                {"card": "skeleton", "id": "a"},
                {"card": "pestering_haunt", "id": "h"},
                {"card": "zombie", "id": "z"},
            ],
        },
        {"play": [TROQ, {"card": "iron_man", "id": "iron"}]},
    )
    s = play_card(s, 0, "doom_grasp", [find(s, "iron")])
    assert find(s, "h") not in prompt_options(s)  # can't be sacrificed (Doom Grasp ruling)
    s = choose(s, 0, find(s, "z"))
    assert gone(s, "z") and gone(s, "iron") and not gone(s, "a")


def test_doom_grasp_without_a_unit_to_sacrifice_does_nothing():
    """Doom Grasp ruling: nothing that can be sacrificed, no "if you do"."""
    s = game(
        {"hand": ["doom_grasp"], "gold": 4, "play": [GARTH, {"card": "pestering_haunt"}]},
        {"play": [TROQ, {"card": "iron_man", "id": "iron"}]},
    )
    s = play_card(s, 0, "doom_grasp", [find(s, "iron")])
    assert not gone(s, "iron")


def test_doom_grasp_soul_stone_saving_the_sacrifice_still_counts():
    """Doom Grasp ruling: trying to sacrifice a unit saved by two lives (or a
    Soul Stone) satisfies "if you do"."""
    s = game(
        {"hand": ["doom_grasp"], "gold": 4, "play": [GARTH, {"card": "zombie", "id": "z"}]},
        {"play": [TROQ, {"card": "iron_man", "id": "iron"}]},
    )
    s["cards"][find(s, "z")]["granted"]["two_lives"] = 1
    s = play_card(s, 0, "doom_grasp", [find(s, "iron")])
    assert gone(s, "iron") and not gone(s, "z") and s["cards"][find(s, "z")]["marks"]["crumbling"]


def test_doom_grasp_cant_target_a_tech_iii_unit():
    s = game(
        {"hand": ["doom_grasp"], "gold": 4, "play": [GARTH, {"card": "zombie"}]},
        {"play": [TROQ, {"card": "lord_of_shadows", "id": "los"}]},
    )
    dg = hand_ids(s, 0, "doom_grasp")[0]
    targets = {a["targets"][0] for a in legal_of(s, 0, "play", card=dg)}
    assert find(s, "troq") in targets and find(s, "los") not in targets


# ---- Death Rites -----------------------------------------------------------------------------------------


def test_death_rites_each_of_your_unit_deaths_destroys_an_opposing_lowest_tech_unit():
    """Death Rites: this turn only; the lowest tech unit (ties: caster's
    choice), indestructible ones skipped (ruling)."""
    s = game(
        {
            "hand": ["death_rites", "sacrifice_the_weak"],
            "gold": 6,
            "play": [garth(7), {"card": "skeleton", "id": "sk"}],
        },
        {
            "play": [
                TROQ,
                {"card": "iron_man", "id": "iron"},
                {"card": "older_brother", "id": "ob"},
                {"card": "gargoyle", "id": "garg"},
            ]
        },
    )
    s["cards"][find(s, "garth_torken")]["marks"]["max_turn"] = 1
    s = play_card(s, 0, "death_rites")
    s = play_card(s, 0, "sacrifice_the_weak")
    # sacrifice the weak: my skeleton, their older brother (tech 0 beats Iron Man's tech I)
    assert gone(s, "sk") and gone(s, "ob")
    # my skeleton's death: their lowest tech unit left is Iron Man (the Gargoyle, also tech I,
    # is indestructible and ignored: Death Rites ruling)
    assert gone(s, "iron") and not gone(s, "garg")
    s = end_turn(s, 0)
    assert "turn_watchers" not in s


# ---- Hooded Executioner -----------------------------------------------------------------------------------


def test_hooded_executioner_boosted_destroys_the_weakest_opposing_unit():
    """Hooded Executioner rulings: lowest tech, then least ATK."""
    s = game(
        {"hand": ["hooded_executioner"], "gold": 5, "buildings": {"tech_1": True}, "play": [GARTH]},
        {
            "play": [
                TROQ,
                {"card": "older_brother", "id": "ob"},
                {"card": "timely_messenger", "id": "tm"},
                {"card": "skeleton_javelineer", "id": "jav"},
            ]
        },
    )
    he = hand_ids(s, 0, "hooded_executioner")[0]
    s = act(s, 0, {"type": "play", "card": he, "targets": [], "boost": True})
    assert set(prompt_options(s)) == {find(s, "tm"), find(s, "jav")}
    s = choose(s, 0, find(s, "jav"))
    assert gone(s, "jav") and not gone(s, "tm") and not gone(s, "ob") and s["players"][0]["gold"] == 0


def test_hooded_executioner_unboosted_is_a_plain_3_3():
    s = game(
        {"hand": ["hooded_executioner"], "gold": 2, "buildings": {"tech_1": True}, "play": [GARTH]},
        {"play": [TROQ, {"card": "timely_messenger", "id": "tm"}]},
    )
    s = play_card(s, 0, "hooded_executioner")
    assert not gone(s, "tm")


# ---- Bone Collector ----------------------------------------------------------------------------------------


def test_bone_collector_makes_a_skeleton_when_it_attacks():
    s = game({"play": [GARTH, {"card": "bone_collector", "id": "bc"}]}, {"play": [TROQ]})
    s = attack(s, 0, find(s, "bc"), "base:1")
    assert len(in_play(s, 0, "skeleton")) == 1 and base_damage(s, 1) == 3


# ---- Blackhand Resurrector ----------------------------------------------------------------------------------


def test_blackhand_resurrector_brings_a_dead_hero_back_at_max_level():
    """Blackhand Resurrector rulings: on cooldown is fine; the max-level
    trigger runs (Garth may raise a unit from the discard pile)."""
    s = game(
        {"discard": ["iron_man"], "buildings": ALL_TECH, "play": [{"card": "blackhand_resurrector", "id": "br"}]},
        {"play": [TROQ]},
    )
    s["players"][0]["hero_ready_after"]["garth_torken"] = 99
    s = use_ability(s, 0, find(s, "br"))
    g = one(s, 0, "garth_torken")
    assert s["cards"][g]["level"] == 7 and gone(s, "br")
    iron = [i for i in s["players"][0]["discard"] if s["cards"][i]["card"] == "iron_man"][0]
    s = choose(s, 0, iron)
    assert len(in_play(s, 0, "iron_man")) == 1


def test_blackhand_resurrector_needs_a_hero_that_died():
    s = game({"play": [{"card": "blackhand_resurrector", "id": "br"}]}, {"play": [TROQ]})
    assert_refused(s, 0, {"type": "ability", "card": find(s, "br"), "ability": 0, "targets": []}, "bad_ability")


# ---- Skeletal Lord ---------------------------------------------------------------------------------------------


def test_skeletal_lord_buffs_skeletons_and_exhausts_five_to_put_a_unit_into_play():
    """Skeletal Lord rulings: no gold, no tech building (a tech III unit);
    Skeletons that arrived this turn may pay."""
    sk = [{"card": "skeleton", "fresh": True} for _ in range(5)]
    s = game(
        {"hand": ["lord_of_shadows"], "play": [GARTH, {"card": "skeletal_lord", "id": "sl"}] + sk}, {"play": [TROQ]}
    )
    skeletons = in_play(s, 0, "skeleton")
    assert atk_hp(s, skeletons[0]) == (2, 2)
    s = use_ability(s, 0, find(s, "sl"))
    assert len(in_play(s, 0, "lord_of_shadows")) == 1
    assert all(s["cards"][i]["exhausted"] for i in skeletons) and s["players"][0]["gold"] == 0


def test_skeletal_lord_needs_five_ready_skeletons():
    sk = [{"card": "skeleton"} for _ in range(4)]
    s = game({"hand": ["iron_man"], "play": [GARTH, {"card": "skeletal_lord", "id": "sl"}] + sk})
    assert_refused(s, 0, {"type": "ability", "card": find(s, "sl"), "ability": 0, "targets": []}, "bad_ability")


# ---- Corpse Catapult ------------------------------------------------------------------------------------------


def test_corpse_catapult_gathers_corpses_and_hits_a_building_for_6():
    s = game(
        {
            "hand": ["sacrifice_the_weak", "sacrifice_the_weak"],
            "gold": 4,
            "play": [GARTH, {"card": "corpse_catapult", "id": "cc"}, {"card": "skeleton"}, {"card": "skeleton"}],
        },
        {"buildings": {"tech_1": True}, "play": [TROQ]},
    )
    s = play_card(s, 0, "sacrifice_the_weak")
    s = choose(s, 0, prompt_options(s)[0]) if s["prompt"] else s
    s = play_card(s, 0, "sacrifice_the_weak")
    cc = find(s, "cc")
    assert s["cards"][cc]["marks"]["runes"]["corpse"] == 2
    s = use_ability(s, 0, cc, targets=["bld:1:tech_1"])
    assert s["players"][1]["buildings"]["tech_1"] is None and base_damage(s, 1) == 2
    assert s["cards"][cc]["marks"]["runes"]["corpse"] == 0


# ---- Wight ------------------------------------------------------------------------------------------------


def test_wight_passes_patrollers_and_deathtouches_heroes():
    s = game(
        {"play": [GARTH, {"card": "wight", "id": "w"}]},
        {"play": [hero("troq_bashar", 5), {"card": "iron_man", "patrol": "squad_leader", "id": "iron"}]},
    )
    targets = {a["target"] for a in legal_of(s, 0, "attack", attacker=find(s, "w"))}
    assert find(s, "troq_bashar") in targets and "base:1" not in targets
    s = attack(s, 0, find(s, "w"), find(s, "troq_bashar"))
    assert one(s, 1, "iron_man") and not in_play(s, 1, "troq_bashar")


def test_wight_has_no_deathtouch_against_units():
    s = game({"play": [GARTH, {"card": "wight", "id": "w"}]}, {"play": [TROQ, {"card": "blackhand_dozer", "id": "bd"}]})
    s = attack(s, 0, find(s, "w"), find(s, "bd"))
    assert not gone(s, "bd") and s["cards"][find(s, "bd")]["damage"] == 4


# ---- Necromancer -------------------------------------------------------------------------------------------


def test_necromancer_makes_a_skeleton_when_another_non_token_unit_of_yours_dies():
    s = game(
        {
            "hand": ["sacrifice_the_weak", "sacrifice_the_weak"],
            "gold": 4,
            "play": [
                GARTH,
                {"card": "necromancer", "id": "n"},
                {"card": "zombie", "id": "z"},
                {"card": "timely_messenger", "id": "tm"},
            ],
        },
        {"play": [TROQ]},
    )
    s = play_card(s, 0, "sacrifice_the_weak")  # the messenger (1 ATK) goes: a skeleton
    assert gone(s, "tm") and len(in_play(s, 0, "skeleton")) == 1
    s = play_card(s, 0, "sacrifice_the_weak")  # the skeleton token goes: nothing
    assert len(in_play(s, 0, "skeleton")) == 0
    assert stats.kw(s, find(s, "n"), "long_range")


# ---- Lord of Shadows -----------------------------------------------------------------------------------------


def test_lord_of_shadows_makes_your_black_units_invisible():
    s = game(
        {
            "play": [
                GARTH,
                {"card": "lord_of_shadows", "id": "los"},
                {"card": "skeleton", "id": "sk"},
                {"card": "iron_man", "id": "iron"},
            ]
        }
    )
    assert stats.kw(s, find(s, "los"), "invisible") and stats.kw(s, find(s, "sk"), "invisible")
    assert not stats.kw(s, find(s, "iron"), "invisible")
    assert not stats.kw(s, find(s, "garth_torken"), "invisible")


# ---- Garth Torken --------------------------------------------------------------------------------------------------


def test_garth_pays_1_for_a_skeleton_once_a_turn():
    s = game({"gold": 3, "play": [GARTH]})
    g = find(s, "garth_torken")
    s = use_ability(s, 0, g)
    assert len(in_play(s, 0, "skeleton")) == 1 and s["players"][0]["gold"] == 2
    assert_refused(s, 0, {"type": "ability", "card": g, "ability": 0, "targets": []}, "bad_ability")


def test_garth_mid_band_sacrifices_a_skeleton_to_draw():
    s = game(
        {
            "deck": ["iron_man"],
            "hand": [],
            "play": [garth(4), {"card": "skeleton", "id": "sk"}, {"card": "zombie", "id": "z"}],
        }
    )
    g = find(s, "garth_torken")
    options = {a["targets"][0] for a in legal_of(s, 0, "ability", card=g, ability=1)}
    assert options == {find(s, "sk")}
    s = use_ability(s, 0, g, 1, [find(s, "sk")])
    assert gone(s, "sk") and cards_in(s, 0, "hand") == ["iron_man"]


def test_garth_below_mid_has_only_the_skeleton_ability():
    s = game({"play": [garth(3), {"card": "skeleton", "id": "sk"}]})
    assert not legal_of(s, 0, "ability", card=find(s, "garth_torken"), ability=1)


def test_garth_max_level_may_raise_a_tech_i_or_ii_unit_costing_5_or_less():
    """Garth Torken rulings: free; the tech building (a tech II unit needs
    its spec's Tech II); a tech III or a costly unit is not offered."""
    s = game(
        {
            "gold": 3,
            "discard": ["iron_man", "lord_of_shadows", "gorgon", "timely_messenger"],
            "buildings": {"tech_1": True},
            "play": [garth(6)],
        }
    )
    s = act(s, 0, {"type": "level_up", "hero": find(s, "garth_torken"), "levels": 1})
    offered = sorted(s["cards"][i]["card"] for i in prompt_options(s))
    assert offered == ["iron_man"] and s["prompt"]["optional"]
    s = choose(s, 0)
    assert not in_play(s, 0, "iron_man") and s["players"][0]["gold"] == 2
