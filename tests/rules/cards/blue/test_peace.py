"""Scenario tests for the Peace codex (blue), General Onimaru in each band
and the Soldier token: each card is played through real actions and its
outcome checked, with the official rulings (reference/codex-cards/
rulings.json, "Blue") named where they decide something.

General Onimaru is not offered to players until the whole blue faction
works (catalog.hero_playable), and scenarios only seat playable heroes: so
seat 0 plays Troq Bashar and has Onimaru in play as a card (a Peace hero
in play is what Peace spells need). Peace's tech II and III cards are put
in play by the scenario (Troq's Tech II makes Bashing cards).
"""

from game.codex import stats
from game.rules import new_game, view
from tests.rules.helpers import (
    ALL_TECH,
    act,
    assert_refused,
    atk_hp,
    attack_tagged,
    base_damage,
    cards_in,
    choose,
    dmg,
    end_turn,
    find,
    gone,
    hand_ids,
    in_play,
    keywords_of,
    legal_of,
    logged,
    play_card,
    prompt_options,
    scenario_game,
    use_ability,
)

ONI = {"card": "general_onimaru", "id": "oni"}
ONI_MAX = {"card": "general_onimaru", "level": 8, "id": "oni"}


def game(seat0=None, seat1=None, **kw):
    """Seat 0 (active unless told) with Troq Bashar as its hero; seat 1 River."""
    return scenario_game([seat0 or {}, seat1 or {}], **kw)


# ---- General Onimaru ------------------------------------------------------------


def test_onimaru_level_1_has_frenzy_1_only_on_his_players_turn():
    """Base band: 2/3 with frenzy 1 (+1 ATK on your turn)."""
    s = game({"play": [ONI]})
    assert atk_hp(s, find(s, "oni")) == (3, 3)
    s = game({"play": [ONI]}, active=1)
    assert atk_hp(s, find(s, "oni")) == (2, 3)


def test_onimaru_mid_band_has_readiness_and_keeps_frenzy():
    """Mid band (level 5): 3/4, readiness (doesn't exhaust to attack, one
    attack a turn), frenzy from the band below."""
    s = game({"play": [{"card": "general_onimaru", "level": 5, "id": "oni"}]})
    assert atk_hp(s, find(s, "oni")) == (4, 4)
    s = attack_tagged(s, "oni", "base:1")
    assert base_damage(s, 1) == 4
    assert not s["cards"][find(s, "oni")]["exhausted"]
    assert_refused(s, 0, {"type": "attack", "attacker": find(s, "oni"), "target": "base:1"}, "already_attacked")


def test_onimaru_below_mid_band_exhausts_to_attack():
    s = game({"play": [{"card": "general_onimaru", "level": 4, "id": "oni"}]})
    s = attack_tagged(s, "oni", "base:1")
    assert s["cards"][find(s, "oni")]["exhausted"]


def test_onimaru_reaching_max_level_makes_three_soldiers_with_sparkshot():
    """Max band: reaching level 8 summons three 1/1 Soldier tokens with
    sparkshot; he is 4/5 (+1 frenzy on his turn)."""
    s = game({"gold": 1, "play": [{"card": "general_onimaru", "level": 7, "id": "oni"}]})
    assert in_play(s, 0, "soldier") == []
    s = act(s, 0, {"type": "level_up", "hero": find(s, "oni"), "levels": 1})
    soldiers = in_play(s, 0, "soldier")
    assert len(soldiers) == 3
    for t in soldiers:
        assert atk_hp(s, t) == (1, 1)
        assert stats.kw(s, t, "sparkshot") == 1
        assert s["cards"][t]["arrived"] == s["turn"]
    assert atk_hp(s, find(s, "oni")) == (5, 5)


def test_soldier_token_sparkshot_hits_a_patroller_next_to_the_one_it_attacks():
    """The Soldier token: sparkshot deals 1 to a patroller adjacent to the
    one it attacks."""
    s = game(
        {"play": [{"card": "soldier", "id": "sol"}]},
        {
            "play": [
                {"card": "iron_man", "patrol": "squad_leader", "id": "sl"},
                {"card": "older_brother", "patrol": "elite", "id": "el"},
            ]
        },
    )
    s = attack_tagged(s, "sol", "sl")
    assert dmg(s, "el") == 1
    assert gone(s, "sol")  # Iron Man hit back
    assert in_play(s, 0, "soldier") == []


# ---- Boot Camp --------------------------------------------------------------------


def test_boot_camp_exhausts_sidelines_runes_an_opposing_patroller_and_draws():
    s = game(
        {"hand": ["boot_camp"], "deck": ["tenderfoot"], "gold": 1, "play": [ONI]},
        {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "sl"}]},
    )
    s = play_card(s, 0, "boot_camp", [find(s, "sl")])
    iron = s["cards"][find(s, "sl")]
    assert iron["exhausted"] and iron["plus"] == 1
    assert s["players"][1]["patrol"]["squad_leader"] is None
    assert atk_hp(s, find(s, "sl")) == (4, 5)
    assert cards_in(s, 0, "hand") == ["tenderfoot"]
    assert s["players"][0]["gold"] == 0


def test_boot_camp_works_on_an_exhausted_unit_and_on_one_that_just_arrived():
    """Boot Camp ruling: the exhaust isn't a cost, so an exhausted unit is
    a fine target (it still gets the rune); Haste ruling: a unit that just
    arrived can be exhausted by it."""
    s = game(
        {
            "hand": ["boot_camp", "boot_camp"],
            "deck": ["tenderfoot", "older_brother"],
            "gold": 2,
            "play": [
                ONI,
                {"card": "iron_man", "exhausted": True, "id": "tired"},
                {"card": "tenderfoot", "fresh": True, "id": "new"},
            ],
        }
    )
    s = play_card(s, 0, "boot_camp", [find(s, "tired")])
    assert s["cards"][find(s, "tired")]["plus"] == 1
    s = play_card(s, 0, "boot_camp", [find(s, "new")])
    assert s["cards"][find(s, "new")]["exhausted"] and s["cards"][find(s, "new")]["plus"] == 1


def test_boot_camp_takes_non_peace_heroes_but_not_a_peace_hero():
    s = game(
        {"hand": ["boot_camp"], "deck": ["tenderfoot"], "gold": 1, "play": [ONI]},
        {"play": [{"card": "river_montoya", "id": "river"}]},
    )
    bc = hand_ids(s, 0, "boot_camp")[0]
    targets = {a["targets"][0] for a in legal_of(s, 0, "play", card=bc)}
    assert find(s, "river") in targets and find(s, "oni") not in targets
    assert_refused(s, 0, {"type": "play", "card": bc, "targets": [find(s, "oni")]}, "bad_targets")
    s = play_card(s, 0, "boot_camp", [find(s, "river")])
    assert s["cards"][find(s, "river")]["exhausted"]


def test_boot_camp_needs_a_peace_hero():
    s = game({"hand": ["boot_camp"], "gold": 1, "play": [{"card": "troq_bashar"}, {"card": "iron_man", "id": "iron"}]})
    assert_refused(
        s, 0, {"type": "play", "card": hand_ids(s, 0, "boot_camp")[0], "targets": [find(s, "iron")]}, "needs_hero"
    )


# ---- Elite Training -----------------------------------------------------------------


def test_elite_training_buffs_two_of_your_units_until_your_next_upkeep():
    s = game(
        {
            "hand": ["elite_training"],
            "gold": 2,
            "play": [ONI, {"card": "iron_man", "id": "a"}, {"card": "older_brother", "id": "b"}],
        },
        {"play": [{"card": "tenderfoot", "id": "foe"}]},
    )
    s = play_card(s, 0, "elite_training")
    assert find(s, "foe") not in prompt_options(s)
    s = choose(s, 0, find(s, "a"))
    assert find(s, "a") not in prompt_options(s)
    s = choose(s, 0, find(s, "b"))
    assert s["prompt"] is None
    assert atk_hp(s, find(s, "a")) == (4, 4)
    assert keywords_of(s, "b") == {"armor": 1, "anti_air": 1, "sparkshot": 1}
    s = end_turn(s, 0)  # the opponent's turn: still trained
    assert atk_hp(s, find(s, "a")) == (4, 4) and keywords_of(s, "a")["anti_air"] == 1
    s = end_turn(s, 1)  # our next upkeep: over
    assert atk_hp(s, find(s, "a")) == (3, 4) and keywords_of(s, "a") == {}


def test_elite_training_up_to_two_one_or_none_is_fine():
    s = game({"hand": ["elite_training"], "gold": 2, "play": [ONI, {"card": "iron_man", "id": "a"}]})
    s = play_card(s, 0, "elite_training")
    s = choose(s, 0, find(s, "a"))
    s = choose(s, 0)  # stop after one
    assert s["prompt"] is None and atk_hp(s, find(s, "a")) == (4, 4)
    assert cards_in(s, 0, "discard") == ["elite_training"]


def test_elite_training_gives_anti_air_against_a_flier():
    """Trained, a ground unit can attack a flier."""
    s = game(
        {"hand": ["elite_training"], "gold": 2, "play": [ONI, {"card": "iron_man", "id": "a"}]},
        {"play": [{"card": "cloud_sprite", "id": "fly"}]},
    )
    assert find(s, "fly") not in {a["target"] for a in legal_of(s, 0, "attack", attacker=find(s, "a"))}
    s = play_card(s, 0, "elite_training")
    s = choose(s, 0, find(s, "a"))
    s = choose(s, 0)
    s = attack_tagged(s, "a", "fly")
    assert gone(s, "fly")


def test_elite_training_sparkshot_hits_the_next_patroller():
    s = game(
        {"hand": ["elite_training"], "gold": 2, "play": [ONI, {"card": "iron_man", "id": "a"}]},
        {
            "play": [
                {"card": "tenderfoot", "patrol": "squad_leader", "id": "sl"},
                {"card": "tenderfoot", "patrol": "elite", "id": "el"},
            ]
        },
    )
    s = play_card(s, 0, "elite_training")
    s = choose(s, 0, find(s, "a"))
    s = choose(s, 0)
    s = attack_tagged(s, "a", "sl")
    assert dmg(s, "el") == 1 and gone(s, "sl")


# ---- General's Hammer ------------------------------------------------------------------


def test_generals_hammer_deals_3_to_a_building():
    s = game(
        {"hand": ["general_s_hammer", "general_s_hammer"], "gold": 6, "play": [ONI]}, {"buildings": {"tech_1": True}}
    )
    s = play_card(s, 0, "general_s_hammer", ["bld:1:tech_1"])
    assert s["players"][1]["buildings"]["tech_1"]["damage"] == 3
    s = play_card(s, 0, "general_s_hammer", ["base:1"])
    assert base_damage(s, 1) == 3


def test_generals_hammer_takes_no_unit():
    s = game({"hand": ["general_s_hammer"], "gold": 3, "play": [ONI]}, {"play": [{"card": "iron_man", "id": "iron"}]})
    assert_refused(
        s,
        0,
        {"type": "play", "card": hand_ids(s, 0, "general_s_hammer")[0], "targets": [find(s, "iron")]},
        "bad_targets",
    )


# ---- The Art of War ------------------------------------------------------------------------


def test_the_art_of_war_makes_onimaru_unstoppable_swift_and_stronger_until_next_upkeep():
    s = game(
        {"hand": ["the_art_of_war"], "gold": 3, "play": [ONI_MAX]},
        {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "sl"}]},
    )
    oni = find(s, "oni")
    assert {a["target"] for a in legal_of(s, 0, "attack", attacker=oni)} == {find(s, "sl")}
    s = play_card(s, 0, "the_art_of_war", [oni])
    assert atk_hp(s, oni) == (7, 5)
    assert {"armor": 2, "swift_strike": 1, "unstoppable": 1}.items() <= keywords_of(s, "oni").items()
    assert "base:1" in {a["target"] for a in legal_of(s, 0, "attack", attacker=oni)}
    s = end_turn(s, 0)
    assert stats.kw(s, oni, "armor") == 2  # lasts through the opponent's turn
    s = end_turn(s, 1)
    assert stats.kw(s, oni, "unstoppable") == 0 and atk_hp(s, oni) == (5, 5)


def test_the_art_of_war_swift_strike_kills_before_the_defender_hits_back():
    s = game(
        {"hand": ["the_art_of_war"], "gold": 3, "play": [ONI_MAX]},
        {"play": [{"card": "regular_sized_rhinoceros", "id": "rhino"}]},
    )
    s = play_card(s, 0, "the_art_of_war", [find(s, "oni")])
    s = attack_tagged(s, "oni", "rhino")
    assert gone(s, "rhino") and dmg(s, "oni") == 0


def test_the_art_of_war_needs_onimaru_at_max_level_since_the_turn_began():
    s = game({"hand": ["the_art_of_war"], "gold": 3, "play": [{"card": "general_onimaru", "level": 7, "id": "oni"}]})
    assert_refused(
        s,
        0,
        {"type": "play", "card": hand_ids(s, 0, "the_art_of_war")[0], "targets": [find(s, "oni")]},
        "needs_max_hero",
    )


# ---- Overeager Cadet ------------------------------------------------------------------------


def test_overeager_cadet_is_a_2_2_for_0_gold_with_a_tech_1_building():
    s = game({"hand": ["overeager_cadet"], "gold": 0, "buildings": {"tech_1": True}})
    s = play_card(s, 0, "overeager_cadet")
    assert atk_hp(s, in_play(s, 0, "overeager_cadet")[0]) == (2, 2)
    s = game({"hand": ["overeager_cadet"], "gold": 0})
    assert_refused(s, 0, {"type": "play", "card": hand_ids(s, 0, "overeager_cadet")[0]}, "needs_tech")


# ---- Brave Knight --------------------------------------------------------------------------


def test_brave_knight_killed_by_combat_damage_returns_to_his_owners_hand():
    s = game(
        {"play": [{"card": "brave_knight", "id": "bk"}]},
        {"play": [{"card": "regular_sized_rhinoceros", "id": "rhino"}]},
    )
    s = attack_tagged(s, "bk", "rhino")
    assert gone(s, "bk")
    assert cards_in(s, 0, "hand") == ["brave_knight"] and cards_in(s, 0, "discard") == []
    assert dmg(s, "rhino") == 3
    assert not logged(s, "Brave Knight died")


def test_brave_knight_has_readiness():
    s = game({"play": [{"card": "brave_knight", "id": "bk"}]})
    s = attack_tagged(s, "bk", "base:1")
    assert not s["cards"][find(s, "bk")]["exhausted"] and base_damage(s, 1) == 3


def test_brave_knight_killed_while_patrolling_returns_and_gives_no_scavenger_gold():
    """Brave Knight ruling: combat damage includes being attacked while
    patrolling. He doesn't die, so his scavenger slot pays nothing."""
    s = game(
        {"play": [{"card": "regular_sized_rhinoceros", "id": "rhino"}]},
        {"gold": 0, "play": [{"card": "brave_knight", "patrol": "scavenger", "id": "bk"}]},
    )
    s = attack_tagged(s, "rhino", "bk")
    assert cards_in(s, 1, "hand") == ["brave_knight"]
    assert s["players"][1]["gold"] == 0


def test_brave_knight_killed_by_the_tower_returns_to_hand():
    """Tower ruling: its damage is combat damage, so it counts for Brave
    Knight."""
    s = game({"play": [{"card": "brave_knight", "damage": 2, "id": "bk"}]}, {"buildings": {"addon": "tower"}})
    s = attack_tagged(s, "bk", "base:1")
    assert cards_in(s, 0, "hand") == ["brave_knight"]
    assert base_damage(s, 1) == 3


def test_brave_knight_killed_by_deathtouch_returns_to_hand():
    """Deathtouch ruling: deathtouch hitting him is dying from combat
    damage."""
    s = game(
        {"play": [{"card": "brave_knight", "id": "bk"}]},
        {"play": [{"card": "tenderfoot", "granted": {"deathtouch": 1}, "id": "dt"}]},
    )
    s = attack_tagged(s, "bk", "dt")
    assert cards_in(s, 0, "hand") == ["brave_knight"]


def test_brave_knight_killed_by_sparkshot_returns_to_hand():
    """Brave Knight ruling: sparkshot damage is combat damage."""
    s = game(
        {"play": [{"card": "revolver_ocelot", "id": "oc"}]},
        {
            "play": [
                {"card": "iron_man", "patrol": "squad_leader", "id": "sl"},
                {"card": "brave_knight", "patrol": "elite", "damage": 2, "id": "bk"},
            ]
        },
    )
    s = attack_tagged(s, "oc", "sl")
    assert cards_in(s, 1, "hand") == ["brave_knight"]


def test_brave_knight_killed_by_overpower_returns_to_hand():
    """Brave Knight ruling: overpower damage is combat damage."""
    s = game(
        {"play": [{"card": "harvest_reaper", "id": "hr"}]},
        {
            "play": [
                {"card": "tenderfoot", "patrol": "squad_leader", "id": "sl"},
                {"card": "brave_knight", "damage": 2, "id": "bk"},
            ]
        },
    )
    s = attack_tagged(s, "hr", "sl")
    s = choose(s, 0, find(s, "bk"))
    assert cards_in(s, 1, "hand") == ["brave_knight"] and cards_in(s, 1, "discard") == ["tenderfoot"]


def test_brave_knight_killed_by_a_non_combat_effect_dies():
    """Damage from an ability is not combat damage: he dies."""
    s = game(
        {"hand": ["hired_stomper"], "gold": 4, "buildings": ALL_TECH, "play": [{"card": "brave_knight", "id": "bk"}]}
    )
    s = play_card(s, 0, "hired_stomper")
    s = choose(s, 0, find(s, "bk"))
    assert cards_in(s, 0, "discard") == ["brave_knight"]


# ---- Drill Sergeant ---------------------------------------------------------------------------


def test_drill_sergeant_gets_a_rune_for_each_unit_played_from_hand():
    s = game({"hand": ["tenderfoot", "older_brother"], "gold": 3, "play": [{"card": "drill_sergeant", "id": "ds"}]})
    s = play_card(s, 0, "tenderfoot")
    s = play_card(s, 0, "older_brother")
    assert s["cards"][find(s, "ds")]["plus"] == 2 and atk_hp(s, find(s, "ds")) == (5, 5)


def test_drill_sergeant_ignores_units_put_into_play_from_hand():
    """Drill Sergeant ruling: putting a unit into play from your hand
    (Sanatorium) is not playing it."""
    s = game(
        {
            "hand": ["tenderfoot"],
            "deck": ["older_brother"],
            "gold": 3,
            "play": [{"card": "drill_sergeant", "id": "ds"}, {"card": "sanatorium", "id": "san"}],
        }
    )
    s = use_ability(s, 0, find(s, "san"))
    s = choose(s, 0, hand_ids(s, 0, "tenderfoot")[0])
    s = choose(s, 0)
    assert in_play(s, 0, "tenderfoot")
    assert s["cards"][find(s, "ds")]["plus"] == 0
    s = play_card(s, 0, "older_brother")  # played from hand: that one counts
    assert s["cards"][find(s, "ds")]["plus"] == 1


def test_drill_sergeant_ignores_units_a_spell_summons():
    """Drill Sergeant ruling: a spell that makes units is not playing a
    unit."""
    s = game(
        {
            "hand": ["surprise_attack", "tenderfoot"],
            "gold": 6,
            "play": [{"card": "captain_zane"}, {"card": "drill_sergeant", "id": "ds"}],
        }
    )
    s = play_card(s, 0, "surprise_attack")
    assert len(in_play(s, 0, "shark")) == 2
    assert s["cards"][find(s, "ds")]["plus"] == 0
    s = play_card(s, 0, "tenderfoot")
    assert s["cards"][find(s, "ds")]["plus"] == 1


def test_drill_sergeant_moves_a_rune_to_another_unit():
    s = game(
        {"play": [{"card": "drill_sergeant", "plus": 1, "id": "ds"}]}, {"play": [{"card": "tenderfoot", "id": "foe"}]}
    )
    ds = find(s, "ds")
    assert_refused(s, 0, {"type": "ability", "card": ds, "ability": 0, "targets": [ds]}, "bad_targets")
    s = use_ability(s, 0, ds, targets=[find(s, "foe")])
    assert s["cards"][ds]["plus"] == 0 and s["cards"][find(s, "foe")]["plus"] == 1
    assert_refused(s, 0, {"type": "ability", "card": ds, "ability": 0, "targets": [find(s, "foe")]}, "bad_ability")


def test_drill_sergeant_can_move_runes_repeatedly_without_exhausting():
    s = game({"play": [{"card": "drill_sergeant", "plus": 2, "id": "ds"}, {"card": "tenderfoot", "id": "mine"}]})
    for _ in range(2):
        s = use_ability(s, 0, find(s, "ds"), targets=[find(s, "mine")])
    assert atk_hp(s, find(s, "mine")) == (3, 4) and atk_hp(s, find(s, "ds")) == (3, 3)
    assert not s["cards"][find(s, "ds")]["exhausted"]


# ---- Flagstone Spy -----------------------------------------------------------------------------


def test_flagstone_spy_hitting_a_base_sees_the_hand_and_steals_1_gold():
    s = game({"gold": 0, "play": [{"card": "flagstone_spy", "id": "spy"}]}, {"gold": 3, "hand": ["iron_man", "spark"]})
    s = attack_tagged(s, "spy", "base:1")
    assert base_damage(s, 1) == 3
    assert s["players"][0]["gold"] == 1 and s["players"][1]["gold"] == 2
    seen = [e for e in s["log"] if "Iron Man" in e["text"] and "Spark" in e["text"]]
    assert len(seen) == 1 and seen[0]["to"] == [0, 1]  # the Spy's player, and the hand's own


def test_flagstone_spy_what_he_saw_is_in_his_players_view_only():
    """The hand is named to the Spy's player (and to its own player, who
    sees it anyway); spectators read that he looked."""
    s = game({"play": [{"card": "flagstone_spy", "id": "spy"}]}, {"gold": 1, "hand": ["iron_man"]})
    s = attack_tagged(s, "spy", "base:1")
    texts = {viewer: [e["text"] for e in view(s, viewer)["log"]] for viewer in (0, 1, None)}
    assert any("Iron Man" in t for t in texts[0]) and any("Iron Man" in t for t in texts[1])
    assert not any("Iron Man" in t for t in texts[None])
    assert any("looked at P1's hand" in t for t in texts[None])


def test_flagstone_spy_hitting_a_shared_base_steals_from_the_player_his_player_picks():
    """Two-Headed Dragon: the base belongs to both opponents; the Spy's
    player picks whose hand and gold (house rule R27)."""
    config = {
        "mode": "2hg",
        "seed": 1,
        "seats": [
            {"name": n, "hero": h}
            for n, h in zip(
                ("Ana", "Ari", "Bo", "Bea"),
                ("troq_bashar", "river_montoya", "river_montoya", "troq_bashar"),
                strict=True,
            )
        ],
        "scenario": {
            "turn": 3,
            "active": 0,
            "seats": [
                {"play": [{"card": "flagstone_spy", "id": "spy"}]},
                {},
                {"gold": 2, "hand": ["spark"]},
                {"gold": 2, "hand": ["iron_man"]},
            ],
        },
    }
    s = new_game(config)
    s = attack_tagged(s, "spy", "base:1")
    assert sorted(prompt_options(s)) == [2, 3]
    s = choose(s, 0, 3)
    assert s["players"][3]["gold"] == 1 and s["players"][2]["gold"] == 2
    assert s["players"][0]["gold"] == 1
    assert [e["to"] for e in s["log"] if "Iron Man" in e["text"]] == [[0, 1, 2, 3]]  # both teams, not spectators


def test_flagstone_spy_hitting_a_tech_building_steals_from_its_player():
    s = game({"gold": 0, "play": [{"card": "flagstone_spy", "id": "spy"}]}, {"gold": 1, "buildings": {"tech_1": True}})
    s = attack_tagged(s, "spy", "bld:1:tech_1")
    assert s["players"][0]["gold"] == 1 and s["players"][1]["gold"] == 0


def test_flagstone_spy_steals_nothing_from_a_player_without_gold():
    """Flagstone Spy ruling: no gold, nothing to steal."""
    s = game({"gold": 0, "play": [{"card": "flagstone_spy", "id": "spy"}]}, {"gold": 0, "hand": ["iron_man"]})
    s = attack_tagged(s, "spy", "base:1")
    assert s["players"][0]["gold"] == 0 and not logged(s, "stole")
    assert [e["to"] for e in s["log"] if "Iron Man" in e["text"]] == [[0, 1]]  # he still looked


def test_flagstone_spy_fighting_a_unit_steals_nothing():
    s = game(
        {"gold": 0, "play": [{"card": "flagstone_spy", "id": "spy"}]},
        {"gold": 3, "play": [{"card": "tenderfoot", "id": "foot"}]},
    )
    s = attack_tagged(s, "spy", "foot")
    assert s["players"][0]["gold"] == 0


def test_flagstone_spy_is_invisible_to_opponents_without_a_detector():
    s = game(
        {"play": [{"card": "flagstone_spy", "id": "spy"}]},
        {"hand": ["spark"], "gold": 1, "play": [{"card": "river_montoya"}, {"card": "iron_man", "id": "iron"}]},
        active=1,
    )
    assert find(s, "spy") not in {a["target"] for a in legal_of(s, 1, "attack", attacker=find(s, "iron"))}


# ---- Debilitator Alpha --------------------------------------------------------------------------


def test_debilitator_alpha_as_squad_leader_gives_attacking_units_minus_1_atk():
    s = game(
        {"play": [{"card": "regular_sized_rhinoceros", "id": "rhino"}]},
        {"play": [{"card": "debilitator_alpha", "patrol": "squad_leader", "id": "alpha"}]},
    )
    s = attack_tagged(s, "rhino", "alpha")
    assert dmg(s, "alpha") == 3  # 5 - 1 ATK, then his squad leader armor absorbs 1 (R6)
    assert atk_hp(s, find(s, "rhino")) == (5, 6)  # only while attacking him


def test_debilitator_alpha_elsewhere_in_the_patrol_zone_does_nothing():
    s = game(
        {"play": [{"card": "iron_man", "id": "iron"}]},
        {"play": [{"card": "debilitator_alpha", "patrol": "elite", "id": "alpha"}]},
    )
    s = attack_tagged(s, "iron", "alpha")
    assert dmg(s, "alpha") == 3


def test_debilitator_alpha_does_not_weaken_heroes():
    s = game(
        {"play": [{"card": "troq_bashar", "id": "troq"}]},
        {"play": [{"card": "debilitator_alpha", "patrol": "squad_leader", "id": "alpha"}]},
    )
    hero_atk = stats.atk(s, find(s, "troq"))
    s = attack_tagged(s, "troq", "alpha")
    assert dmg(s, "alpha") == hero_atk - 1  # his squad leader armor only (R6)


# ---- Air Hammer --------------------------------------------------------------------------------


def test_air_hammer_has_2_more_atk_against_a_damaged_building():
    s = game({"play": [{"card": "air_hammer", "id": "ah"}]}, {"base_damage": 1})
    s = attack_tagged(s, "ah", "base:1")
    assert base_damage(s, 1) == 1 + 5


def test_air_hammer_against_an_undamaged_building_or_a_unit_has_no_bonus():
    s = game({"play": [{"card": "air_hammer", "id": "ah"}]}, {"buildings": {"tech_1": True}})
    s = attack_tagged(s, "ah", "bld:1:tech_1")
    assert s["players"][1]["buildings"]["tech_1"]["damage"] == 3
    s = game({"play": [{"card": "air_hammer", "id": "ah"}]}, {"play": [{"card": "iron_man", "id": "iron"}]})
    s = attack_tagged(s, "ah", "iron")
    assert dmg(s, "iron") == 3 and dmg(s, "ah") == 0


# ---- Flagstone Garrison -------------------------------------------------------------------------


def test_flagstone_garrison_draws_a_card_for_each_unit_played_from_hand():
    s = game(
        {"hand": ["tenderfoot"], "deck": ["iron_man", "spark"], "gold": 1, "play": [{"card": "flagstone_garrison"}]}
    )
    s = play_card(s, 0, "tenderfoot")
    assert cards_in(s, 0, "hand") == ["iron_man"]


def test_flagstone_garrison_ignores_spells_and_units_put_into_play():
    """Flagstone Garrison rulings: a spell that makes units, or a unit put
    into play from hand (Sanatorium), is not playing a unit."""
    s = game(
        {
            "hand": ["surprise_attack", "tenderfoot"],
            "deck": ["iron_man"],
            "gold": 6,
            "play": [{"card": "captain_zane"}, {"card": "flagstone_garrison"}],
        }
    )
    s = play_card(s, 0, "surprise_attack")
    assert cards_in(s, 0, "hand") == ["tenderfoot"]
    s = play_card(s, 0, "tenderfoot")
    assert cards_in(s, 0, "hand") == ["iron_man"]
    s = game(
        {
            "hand": ["tenderfoot"],
            "deck": ["older_brother", "iron_man"],
            "gold": 1,
            "play": [{"card": "flagstone_garrison"}, {"card": "sanatorium", "id": "san"}],
        }
    )
    s = use_ability(s, 0, find(s, "san"))
    s = choose(s, 0, hand_ids(s, 0, "tenderfoot")[0])
    s = choose(s, 0)
    assert cards_in(s, 0, "hand") == ["older_brother"]  # Sanatorium's own draw only


def test_flagstone_garrison_is_a_building_with_4_hp():
    s = game({"play": [{"card": "iron_man", "id": "iron"}]}, {"play": [{"card": "flagstone_garrison", "id": "fg"}]})
    s = attack_tagged(s, "iron", "fg")
    assert dmg(s, "fg") == 3
    s = game(
        {"play": [{"card": "regular_sized_rhinoceros", "id": "rhino"}]},
        {"play": [{"card": "flagstone_garrison", "id": "fg"}]},
    )
    s = attack_tagged(s, "rhino", "fg")
    assert cards_in(s, 1, "discard") == ["flagstone_garrison"]


# ---- Patriot Gryphon -------------------------------------------------------------------------------


def test_patriot_gryphon_ignores_patrolling_units_with_2_atk_or_less():
    s = game(
        {"play": [{"card": "patriot_gryphon", "id": "pg"}]},
        {"play": [{"card": "nullcraft", "patrol": "squad_leader", "id": "small"}]},
    )
    assert "base:1" in {a["target"] for a in legal_of(s, 0, "attack", attacker=find(s, "pg"))}
    s = game(
        {"play": [{"card": "patriot_gryphon", "id": "pg"}]},
        {"play": [{"card": "cloud_sprite", "patrol": "squad_leader", "id": "big"}]},
    )
    assert {a["target"] for a in legal_of(s, 0, "attack", attacker=find(s, "pg"))} == {find(s, "big")}


def test_patriot_gryphon_destroying_a_tech_building_also_hits_the_base_for_his_atk():
    """Patriot Gryphon ruling: the tech II building he destroys deals its
    2 to the base, then he deals his 6 more to that base."""
    s = game({"play": [{"card": "patriot_gryphon", "id": "pg"}]}, {"buildings": {"tech_1": True, "tech_2": True}})
    s = attack_tagged(s, "pg", "bld:1:tech_2")
    assert s["players"][1]["buildings"]["tech_2"] is None
    assert base_damage(s, 1) == 2 + 6


def test_patriot_gryphon_attacking_a_base_deals_his_atk_once():
    s = game({"play": [{"card": "patriot_gryphon", "id": "pg"}]})
    s = attack_tagged(s, "pg", "base:1")
    assert base_damage(s, 1) == 6


def test_patriot_gryphon_destroying_a_building_card_also_hits_the_base():
    s = game(
        {"play": [{"card": "patriot_gryphon", "id": "pg"}]}, {"play": [{"card": "flagstone_garrison", "id": "fg"}]}
    )
    s = attack_tagged(s, "pg", "fg")
    assert cards_in(s, 1, "discard") == ["flagstone_garrison"]
    assert base_damage(s, 1) == 6


def test_patriot_gryphon_has_resist_2():
    s = game(
        {"hand": ["spark"], "gold": 2, "play": [{"card": "river_montoya"}]},
        {"play": [{"card": "patriot_gryphon", "patrol": "squad_leader", "id": "pg"}]},
        heroes=("river_montoya", "troq_bashar"),
    )
    assert_refused(
        s, 0, {"type": "play", "card": hand_ids(s, 0, "spark")[0], "targets": [find(s, "pg")]}, "not_enough_gold"
    )
