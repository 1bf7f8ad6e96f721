"""Scenario tests for the Discipline codex (white), Grave Stormborne in each
band and the Daigo Stormborne token: each card played through real
actions, the official rulings (reference/codex-cards/rulings.json,
"White", "Heroes") named where they decide something. Seat 0 plays Grave
Stormborne (in play), seat 1 Troq Bashar."""

from game.codex import catalog, stats
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
    hero_scenario,
    in_play,
    keywords_of,
    legal_of,
    logged,
    play_card,
    prompt_options,
    scenario_game,
    use_ability,
)

GRAVE = {"card": "grave_stormborne", "id": "grave"}


def game(seat0=None, seat1=None, hero=GRAVE, **kw):
    return hero_scenario(hero, ("grave_stormborne", "troq_bashar"), seat0, seat1, **kw)


def runes(state, tag, rune):
    return state["cards"][find(state, tag)]["marks"].get("runes", {}).get(rune, 0)


# ---- Grave Stormborne ---------------------------------------------------------------


def test_grave_is_playable_with_the_white_deck_and_discipline():
    assert catalog.hero_playable("grave_stormborne")
    assert all(catalog.works(c) for c in catalog.spec_cards("discipline"))


def test_grave_base_band_sparkshot_and_mid_band_readiness():
    s = game()
    assert atk_hp(s, find(s, "grave")) == (2, 3) and keywords_of(s, "grave")["sparkshot"] == 1
    s = game(hero=dict(GRAVE, level=3))
    assert atk_hp(s, find(s, "grave")) == (3, 4) and keywords_of(s, "grave")["readiness"] == 1
    s = attack_tagged(s, "grave", "base:1")
    assert not s["cards"][find(s, "grave")]["exhausted"]


def test_grave_reaching_max_level_gets_a_sword_rune_and_destroys_with_it():
    s = game({"gold": 3}, {"play": [{"card": "iron_man", "id": "iron"}]}, hero=dict(GRAVE, level=6))
    s = act(s, 0, {"type": "level_up", "hero": find(s, "grave"), "levels": 1})
    assert runes(s, "grave", "sword") == 1
    s = use_ability(s, 0, find(s, "grave"), 0, [find(s, "iron")])
    assert gone(s, "iron") and runes(s, "grave", "sword") == 0
    assert s["cards"][find(s, "grave")]["exhausted"]


def test_grave_without_a_sword_rune_cannot_destroy():
    s = game({}, {"play": [{"card": "iron_man", "id": "iron"}]}, hero=dict(GRAVE, level=7))
    assert_refused(
        s, 0, {"type": "ability", "card": find(s, "grave"), "ability": 0, "targets": [find(s, "iron")]}, "bad_ability"
    )


def test_grave_cannot_both_attack_and_strike_when_attacking_exhausts_him():
    """Grave Stormborne ruling: exhausted (an attack without readiness...)
    he can't use his ability; at max he has readiness, so attack first."""
    s = game({}, {"play": [{"card": "iron_man", "id": "iron"}]}, hero=dict(GRAVE, level=7, runes={"sword": 1}))
    s = attack_tagged(s, "grave", "base:1")
    s = use_ability(s, 0, find(s, "grave"), 0, [find(s, "iron")])
    assert gone(s, "iron")
    assert_refused(s, 0, {"type": "attack", "attacker": find(s, "grave"), "target": "base:1"}, "exhausted")


# ---- Martial Mastery ---------------------------------------------------------------------


def test_martial_mastery_discards_draws_two_and_looks_at_the_hand():
    """Martial Mastery ruling: discard, draw 2, look, then it is discarded
    (it can't draw itself)."""
    s = game(
        {"hand": ["martial_mastery", "smoker"], "gold": 1, "deck": ["fox_viper", "savior_monk"]}, {"hand": ["spark"]}
    )
    s = play_card(s, 0, "martial_mastery")
    # Only Smoker is left in hand (Martial Mastery is on the stack): no question.
    assert cards_in(s, 0, "hand") == ["fox_viper", "savior_monk"]
    assert sorted(cards_in(s, 0, "discard")) == ["martial_mastery", "smoker"]
    assert logged(s, "looked at")


# ---- Versatile Style ----------------------------------------------------------------------------


def test_versatile_style_destroys_an_upgrade():
    s = game({"hand": ["versatile_style"], "gold": 2}, {"play": [{"card": "safe_attacking", "id": "up"}]})
    s = play_card(s, 0, "versatile_style")
    assert "destroy an upgrade" in prompt_options(s)
    s = choose(s, 0, "destroy an upgrade")
    assert gone(s, "up")


def test_versatile_style_disables_a_flier():
    s = game({"hand": ["versatile_style"], "gold": 2}, {"play": [{"card": "flying_fox", "id": "ff"}]})
    s = play_card(s, 0, "versatile_style")
    s = choose(s, 0, "disable a flier")
    assert s["cards"][find(s, "ff")]["exhausted"]


def test_versatile_style_repairs_2_and_offers_only_possible_modes():
    s = game({"hand": ["versatile_style"], "gold": 2, "base_damage": 3})
    s = play_card(s, 0, "versatile_style")
    assert set(prompt_options(s)) == {"repair a building", "detector hero"}
    s = choose(s, 0, "repair a building")
    assert base_damage(s, 0) == 1


def test_versatile_style_makes_the_discipline_hero_a_detector():
    s = game({"hand": ["versatile_style"], "gold": 2})
    s = play_card(s, 0, "versatile_style")  # the only mode possible: no question
    assert keywords_of(s, "grave")["detector"] == 1
    s = end_turn(s, 0)
    assert "detector" not in keywords_of(s, "grave")


# ---- Reversal ------------------------------------------------------------------------------------


def test_reversal_deals_3_to_a_patroller_then_disables_it():
    s = game(
        {"hand": ["reversal"], "gold": 3},
        {"play": [{"card": "regular_sized_rhinoceros", "patrol": "elite", "id": "rh"}]},
    )
    s = play_card(s, 0, "reversal", [find(s, "rh")])
    assert dmg(s, "rh") == 3
    inst = s["cards"][find(s, "rh")]
    assert inst["exhausted"] and s["players"][1]["patrol"]["elite"] is None


# ---- True Power of Storms --------------------------------------------------------------------------


def test_true_power_of_storms_discards_two_3_cost_cards_and_deals_10():
    s = game(
        {"hand": ["true_power_of_storms", "reversal", "fox_primus", "smoker"], "gold": 3},
        {"play": [{"card": "regular_sized_rhinoceros", "id": "rh"}]},
        hero=dict(GRAVE, level=7),
    )
    s = play_card(s, 0, "true_power_of_storms")
    assert {s["cards"][o]["card"] for o in prompt_options(s)} == {"reversal", "fox_primus"}
    s = choose(s, 0, *prompt_options(s))
    assert logged(s, "revealed and discarded")
    s = choose(s, 0, find(s, "rh"))
    assert gone(s, "rh")


def test_true_power_of_storms_without_two_3_cost_cards_targets_nothing():
    """True Power of Storms ruling: no two cards that cost 3, no target."""
    s = game(
        {"hand": ["true_power_of_storms", "reversal", "smoker"], "gold": 3},
        {"play": [{"card": "iron_man", "id": "iron"}]},
        hero=dict(GRAVE, level=7),
    )
    s = play_card(s, 0, "true_power_of_storms")
    assert s["prompt"] is None and dmg(s, "iron") == 0
    assert "reversal" in cards_in(s, 0, "hand")


# ---- Rambasa Twin ------------------------------------------------------------------------------------


def test_rambasa_twin_brings_its_twin_from_the_codex():
    s = game({"hand": ["rambasa_twin"], "gold": 4, "buildings": ALL_TECH})
    s["players"][0]["codex"]["rambasa_twin"] = 1
    s = play_card(s, 0, "rambasa_twin")
    s = choose(s, 0, "yes")
    assert len(in_play(s, 0, "rambasa_twin")) == 2
    assert s["players"][0]["codex"].get("rambasa_twin", 0) == 0


def test_the_first_rambasa_twin_to_die_each_turn_returns_to_the_codex():
    s = game(
        {"hand": ["reversal", "reversal"], "gold": 6},
        {
            "play": [
                {"card": "rambasa_twin", "patrol": "scavenger", "id": "t1"},
                {"card": "rambasa_twin", "patrol": "technician", "id": "t2"},
            ]
        },
    )
    before = s["players"][1]["codex"].get("rambasa_twin", 0)
    s = play_card(s, 0, "reversal", [find(s, "t1")])
    s = play_card(s, 0, "reversal", [find(s, "t2")])
    assert s["players"][1]["codex"].get("rambasa_twin", 0) == before + 1
    assert cards_in(s, 1, "discard") == ["rambasa_twin"]


# ---- Sparring Partner ----------------------------------------------------------------------------------


def test_sparring_partner_runes_a_friendly_unit_without_one_then_readies_to_spar():
    """Sparring Partner ruling: readied, he may use his first ability again
    but can't attack that turn."""
    s = game(
        {
            "gold": 2,
            "play": [
                {"card": "sparring_partner", "id": "sp"},
                {"card": "tenderfoot", "id": "a"},
                {"card": "tenderfoot", "id": "b"},
            ],
        }
    )
    s = use_ability(s, 0, find(s, "sp"), 0, [find(s, "a")])
    assert s["cards"][find(s, "a")]["plus"] == 1
    assert_refused(
        s, 0, {"type": "ability", "card": find(s, "sp"), "ability": 0, "targets": [find(s, "b")]}, "exhausted"
    )
    s = use_ability(s, 0, find(s, "sp"), 1)
    assert not s["cards"][find(s, "sp")]["exhausted"]
    assert_refused(s, 0, {"type": "attack", "attacker": find(s, "sp"), "target": "base:1"}, "cannot_attack")
    s = use_ability(s, 0, find(s, "sp"), 0, [find(s, "b")])
    assert s["cards"][find(s, "b")]["plus"] == 1


def test_sparring_partner_cannot_rune_a_unit_that_has_a_plus_rune():
    s = game({"play": [{"card": "sparring_partner", "id": "sp"}, {"card": "tenderfoot", "plus": 1, "id": "a"}]})
    assert_refused(
        s, 0, {"type": "ability", "card": find(s, "sp"), "ability": 0, "targets": [find(s, "a")]}, "bad_targets"
    )


# ---- Young Lightning Dragon ------------------------------------------------------------------------------


def test_young_lightning_dragon_pumps_three_times_a_turn():
    """Young Lightning Dragon ruling: thrice-per-turn means three times."""
    s = game({"gold": 5, "play": [{"card": "young_lightning_dragon", "id": "yld"}]})
    assert keywords_of(s, "yld")["flying"] == 1
    for _ in range(3):
        s = use_ability(s, 0, find(s, "yld"), 0)
    assert stats.atk(s, find(s, "yld")) == 6
    assert_refused(s, 0, {"type": "ability", "card": find(s, "yld"), "ability": 0, "targets": []}, "bad_ability")


# ---- Focus Master --------------------------------------------------------------------------------------


def test_focus_master_arrives_with_three_focus_runes():
    s = game({"hand": ["focus_master"], "gold": 3, "buildings": ALL_TECH})
    s = play_card(s, 0, "focus_master")
    fm = in_play(s, 0, "focus_master")[0]
    assert s["cards"][fm]["marks"]["runes"]["focus"] == 3


def test_focus_master_saves_a_friend_from_exactly_lethal_but_not_from_more():
    s = game(
        {"play": [{"card": "iron_man", "id": "iron"}, {"card": "older_brother", "id": "atk"}]},
        {
            "play": [
                {"card": "focus_master", "runes": {"focus": 3}, "id": "fm"},
                {"card": "tenderfoot", "patrol": "scavenger", "id": "tf"},
            ]
        },
    )
    # Older Brother (2 ATK) into Tenderfoot (1/2): exactly lethal, 1 prevented.
    s = attack_tagged(s, "atk", "tf")
    assert dmg(s, "tf") == 1 and runes(s, "fm", "focus") == 2


def test_focus_master_does_not_prevent_more_than_lethal():
    s = game(
        {"play": [{"card": "regular_sized_rhinoceros", "id": "atk"}]},
        {
            "play": [
                {"card": "focus_master", "runes": {"focus": 3}, "id": "fm"},
                {"card": "tenderfoot", "patrol": "scavenger", "id": "tf"},
            ]
        },
    )
    s = attack_tagged(s, "atk", "tf")
    assert gone(s, "tf") and runes(s, "fm", "focus") == 3


def test_focus_master_prevents_nothing_for_a_patroller_whose_excess_overpower_sends_on():
    """Focus Master ruling: a patroller that would take excess damage, the
    excess sent on by overpower, takes exactly lethal but no rune saves it.
    A 5 ATK overpower attacker into a 1/2 patroller: 2 to it, 3 to the base."""
    s = game(
        {"play": [{"card": "regular_sized_rhinoceros", "id": "atk", "granted": {"overpower": 1}}]},
        {
            "play": [
                {"card": "focus_master", "runes": {"focus": 3}, "id": "fm"},
                {"card": "tenderfoot", "patrol": "scavenger", "id": "tf"},
            ]
        },
    )
    s = attack_tagged(s, "atk", "tf")
    s = choose(s, 0, "base:1")
    assert gone(s, "tf") and base_damage(s, 1) == 3 and runes(s, "fm", "focus") == 3


# ---- Vigor Adept ------------------------------------------------------------------------------------------


def test_vigor_adept_has_frenzy_and_readiness():
    s = game({"play": [{"card": "vigor_adept", "id": "va"}]})
    assert atk_hp(s, find(s, "va")) == (6, 5) and keywords_of(s, "va")["readiness"] == 1


# ---- Mind-Parry Monk --------------------------------------------------------------------------------------


def test_mind_parry_monk_stops_opponents_targeting_your_units_and_heroes():
    """Mind-Parry Monk ruling: no spell or ability of an opponent may ◎
    any unit or hero you control."""
    s = scenario_game(
        [
            {"hand": ["spark"], "gold": 1, "play": [{"card": "river_montoya"}]},
            {
                "play": [
                    {"card": "mind_parry_monk", "id": "mp"},
                    {"card": "tenderfoot", "id": "tf"},
                    {"card": "grave_stormborne", "id": "g"},
                ]
            },
        ],
        heroes=("river_montoya", "grave_stormborne"),
    )
    spark = hand_ids(s, 0, "spark")[0]
    assert legal_of(s, 0, "play", card=spark) == [] or all(
        a["targets"][0] not in {find(s, "mp"), find(s, "tf"), find(s, "g")} for a in legal_of(s, 0, "play", card=spark)
    )
    assert_refused(s, 0, {"type": "play", "card": spark, "targets": [find(s, "tf")]}, "bad_targets")


def test_mind_parry_monk_lets_its_own_player_target_them():
    s = game({"play": [{"card": "mind_parry_monk", "id": "mp"}, {"card": "aged_sensei", "id": "as"}]})
    s = use_ability(s, 0, find(s, "as"), 0, [find(s, "mp")])
    assert keywords_of(s, "mp")["armor"] == 1


# ---- Training Grounds -----------------------------------------------------------------------------------


def test_training_grounds_gives_heroes_1_atk_and_levels_one_to_max():
    s = game({"play": [{"card": "training_grounds", "id": "tg"}]})
    assert stats.atk(s, find(s, "grave")) == 3
    s = use_ability(s, 0, find(s, "tg"), 0, [find(s, "grave")])
    assert s["cards"][find(s, "grave")]["level"] == 7
    assert runes(s, "grave", "sword") == 1  # reaching max level triggers


# ---- Hero's Monument and Daigo -------------------------------------------------------------------------


def test_hero_s_monument_makes_daigo_and_gives_heroes_1_1():
    s = game({"hand": ["hero_s_monument"], "gold": 5, "buildings": ALL_TECH})
    s = play_card(s, 0, "hero_s_monument")
    daigo = in_play(s, 0, "daigo_stormborne")[0]
    assert atk_hp(s, daigo) == (8, 8)
    assert atk_hp(s, find(s, "grave")) == (3, 4)
    for k in ("indestructible", "untargetable", "unstoppable"):
        assert stats.kw(s, daigo, k) == 1
    monument = in_play(s, 0, "hero_s_monument")[0]
    assert stats.kw(s, monument, "untargetable") == 1


def test_daigo_cannot_patrol_and_is_trashed_when_the_monument_goes():
    s = game(
        {"hand": ["hero_s_monument"], "gold": 5, "buildings": ALL_TECH},
        {"play": [{"card": "iron_man", "plus": 5, "id": "big"}]},
    )
    s = play_card(s, 0, "hero_s_monument")
    daigo = in_play(s, 0, "daigo_stormborne")[0]
    monument = in_play(s, 0, "hero_s_monument")[0]
    assert_refused(s, 0, {"type": "patrol", "card": daigo, "slot": "elite"}, "cannot_patrol")
    s = end_turn(s, 0)
    s = act(s, 1, {"type": "attack", "attacker": find(s, "big"), "target": monument})
    assert in_play(s, 0, "hero_s_monument") == [] and in_play(s, 0, "daigo_stormborne") == []
