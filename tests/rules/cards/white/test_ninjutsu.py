"""Scenario tests for the Ninjutsu codex (white), Setsuki Hiruki in each
band and the Ninja token: each card played through real actions, the
official rulings (reference/codex-cards/rulings.json, "White", "Heroes")
named where they decide something. Seat 0 plays Setsuki Hiruki (in play),
seat 1 Troq Bashar."""

from game.codex import catalog, stats
from tests.rules.helpers import (
    ALL_TECH,
    act,
    assert_refused,
    atk_hp,
    attack_tagged,
    attack_targets,
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

SETSUKI = {"card": "setsuki_hiruki", "id": "set"}


def game(seat0=None, seat1=None, hero=SETSUKI, **kw):
    return hero_scenario(hero, ("setsuki_hiruki", "troq_bashar"), seat0, seat1, **kw)


# ---- Setsuki Hiruki -------------------------------------------------------------------


def test_setsuki_is_playable_with_the_white_deck_and_ninjutsu():
    assert catalog.hero_playable("setsuki_hiruki")
    assert all(catalog.works(c) for c in catalog.spec_cards("ninjutsu"))


def test_opponents_pay_1_gold_to_attack_setsuki_while_she_is_not_patrolling():
    s = scenario_game(
        [{"gold": 3, "play": [{"card": "iron_man", "id": "iron"}]}, {"play": [SETSUKI]}],
        heroes=("troq_bashar", "setsuki_hiruki"),
    )
    assert find(s, "set") in attack_targets(s, "iron")
    s = attack_tagged(s, "iron", "set")
    assert s["players"][0]["gold"] == 2
    assert logged(s, "paid 1 gold to attack")


def test_attacking_setsuki_is_impossible_without_the_gold():
    """The tax is part of the attack: without 1 gold, no attack (as the
    Morningstar Pass ruling says of the same words)."""
    s = scenario_game(
        [{"gold": 0, "play": [{"card": "iron_man", "id": "iron"}]}, {"play": [SETSUKI]}],
        heroes=("troq_bashar", "setsuki_hiruki"),
    )
    assert find(s, "set") not in attack_targets(s, "iron")
    assert_refused(s, 0, {"type": "attack", "attacker": find(s, "iron"), "target": find(s, "set")}, "bad_target")


def test_attacking_a_patrolling_setsuki_is_free():
    s = scenario_game(
        [{"gold": 0, "play": [{"card": "iron_man", "id": "iron"}]}, {"play": [dict(SETSUKI, patrol="squad_leader")]}],
        heroes=("troq_bashar", "setsuki_hiruki"),
    )
    s = attack_tagged(s, "iron", "set")
    assert s["players"][0]["gold"] == 0 and dmg(s, "set") > 0


def test_setsuki_mid_band_gets_swift_strike_when_she_attacks():
    """Level 4: 2/3; attacking, she strikes first and a 2/2 dies before
    hitting back."""
    s = game({}, {"play": [{"card": "older_brother", "patrol": "scavenger", "id": "ob"}]}, hero=dict(SETSUKI, level=4))
    assert atk_hp(s, find(s, "set")) == (2, 3)
    assert "swift_strike" not in keywords_of(s, "set")
    s = attack_tagged(s, "set", "ob")
    assert gone(s, "ob") and dmg(s, "set") == 0


def test_setsuki_below_mid_band_has_no_swift_strike():
    s = game({}, {"play": [{"card": "older_brother", "patrol": "scavenger", "id": "ob"}]}, hero=dict(SETSUKI, level=3))
    s = attack_tagged(s, "set", "ob")
    assert dmg(s, "set") == 2


def test_setsuki_max_band_draws_two_in_upkeep():
    """Setsuki ruling: more than 5 cards in hand is fine."""
    s = game({"hand": ["smoker"] * 5, "deck": ["fox_viper"] * 8}, {}, hero=dict(SETSUKI, level=6), active=1)
    assert atk_hp(s, find(s, "set")) == (3, 4)
    s = end_turn(s, 1)
    assert len(s["players"][0]["hand"]) == 7


def test_setsuki_below_max_band_draws_nothing_in_upkeep():
    s = game({"hand": ["smoker"], "deck": ["fox_viper"] * 8}, {}, hero=dict(SETSUKI, level=5), active=1)
    s = end_turn(s, 1)
    assert len(s["players"][0]["hand"]) == 1


# ---- Hidden Ninja -------------------------------------------------------------------


def test_hidden_ninja_gives_stealth_and_draws_for_a_ninja():
    s = game(
        {
            "hand": ["hidden_ninja"],
            "gold": 2,
            "deck": ["smoker"],
            "play": [{"card": "fox_viper", "id": "fv"}, {"card": "tenderfoot", "id": "tf"}],
        }
    )
    s = play_card(s, 0, "hidden_ninja")
    assert find(s, "set") in prompt_options(s)
    s = choose(s, 0, find(s, "tf"))
    s = choose(s, 0, find(s, "fv"))
    assert keywords_of(s, "tf")["stealth"] == 1 and keywords_of(s, "fv")["stealth"] == 1
    assert cards_in(s, 0, "hand") == ["smoker"]


def test_hidden_ninja_draws_nothing_without_a_ninja_and_skips_units_over_4_atk():
    s = game(
        {
            "hand": ["hidden_ninja"],
            "gold": 2,
            "deck": ["smoker"],
            "play": [{"card": "tenderfoot", "id": "tf"}, {"card": "vigor_adept", "id": "va"}],
        }
    )
    s = play_card(s, 0, "hidden_ninja")
    assert find(s, "va") not in prompt_options(s)  # 6 ATK on its own turn (frenzy)
    s = choose(s, 0, find(s, "tf"))
    s = choose(s, 0)
    assert cards_in(s, 0, "hand") == []


def test_hidden_ninja_on_the_ninjutsu_hero_draws():
    s = game({"hand": ["hidden_ninja"], "gold": 2, "deck": ["smoker"]})
    s = play_card(s, 0, "hidden_ninja")
    s = choose(s, 0, find(s, "set"))  # no second candidate: no second prompt
    assert keywords_of(s, "set")["stealth"] == 1
    assert "smoker" in cards_in(s, 0, "hand")


def test_hidden_ninja_stealth_stays_when_atk_rises_past_4():
    """Hidden Ninja ruling: more than 4 ATK later that turn keeps stealth."""
    s = game(
        {
            "hand": ["hidden_ninja"],
            "gold": 2,
            "play": [{"card": "tenderfoot", "plus": 3, "id": "tf"}, {"card": "aged_sensei", "id": "as"}],
        }
    )
    s = play_card(s, 0, "hidden_ninja")
    s = choose(s, 0, find(s, "tf"))
    s = choose(s, 0)
    s = use_ability(s, 0, find(s, "as"), 0, [find(s, "tf")])
    assert stats.atk(s, find(s, "tf")) == 5 and keywords_of(s, "tf")["stealth"] == 1


# ---- Speed of the Fox -------------------------------------------------------------------


def test_speed_of_the_fox_gives_haste_readiness_piercing_and_1_atk():
    s = game(
        {"hand": ["speed_of_the_fox"], "gold": 2},
        {"play": [{"card": "iron_man", "id": "iron", "granted": {"armor": 2}}]},
        hero=dict(SETSUKI, fresh=True),
    )
    assert_refused(s, 0, {"type": "attack", "attacker": find(s, "set"), "target": "base:1"}, "arrival_fatigue")
    s = play_card(s, 0, "speed_of_the_fox", [find(s, "set")])
    assert atk_hp(s, find(s, "set")) == (2, 3)
    s = attack_tagged(s, "set", "base:1")
    assert not s["cards"][find(s, "set")]["exhausted"]  # readiness
    assert base_damage(s, 1) == 2


def test_speed_of_the_fox_armor_piercing_ignores_armor():
    s = game(
        {"hand": ["speed_of_the_fox"], "gold": 2},
        {"play": [{"card": "iron_man", "id": "iron", "granted": {"armor": 2}}]},
    )
    s = play_card(s, 0, "speed_of_the_fox", [find(s, "set")])
    s = attack_tagged(s, "set", "iron")
    assert dmg(s, "iron") == 2


def test_speed_of_the_fox_needs_a_ninjutsu_hero():
    s = scenario_game([{"hand": ["speed_of_the_fox"], "gold": 2, "play": [{"card": "troq_bashar", "id": "tb"}]}])
    card = hand_ids(s, 0, "speed_of_the_fox")[0]
    assert legal_of(s, 0, "play", card=card) == []


# ---- Shuriken Hail -------------------------------------------------------------------------


def test_shuriken_hail_deals_1_to_every_patroller():
    """Every patroller: the opponents' (on the caster's turn the caster's
    own slots don't patrol yet)."""
    s = game(
        {
            "hand": ["shuriken_hail"],
            "gold": 1,
            "play": [{"card": "tenderfoot", "patrol": "elite", "id": "mine"}, {"card": "iron_man", "id": "home"}],
        },
        {
            "play": [
                {"card": "iron_man", "patrol": "squad_leader", "id": "sl"},
                {"card": "older_brother", "patrol": "lookout", "id": "lo"},
            ]
        },
    )
    s = play_card(s, 0, "shuriken_hail")
    assert dmg(s, "sl") == 0  # squad leader armor (R6)
    assert dmg(s, "lo") == 1 and dmg(s, "home") == 0
    assert dmg(s, "mine") == 0  # on its own turn the patrol zone is only an arrangement


# ---- Fox's Den Students ------------------------------------------------------------------------


def test_fox_s_den_students_makes_four_ninjas_with_haste_and_stealth():
    s = game(
        {"hand": ["fox_s_den_students"], "gold": 4},
        {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "sl"}]},
        hero=dict(SETSUKI, level=6),
    )
    s = play_card(s, 0, "fox_s_den_students")
    ninjas = in_play(s, 0, "ninja")
    assert len(ninjas) == 4
    assert stats.kw(s, ninjas[0], "stealth") and stats.kw(s, ninjas[0], "haste")
    s = act(s, 0, {"type": "attack", "attacker": ninjas[0], "target": "base:1"})
    assert base_damage(s, 1) == 1
    s = end_turn(s, 0)
    assert not stats.kw(s, ninjas[1], "stealth")


def test_fox_s_den_students_needs_a_max_level_hero():
    s = game({"hand": ["fox_s_den_students"], "gold": 4})
    assert_refused(
        s, 0, {"type": "play", "card": hand_ids(s, 0, "fox_s_den_students")[0], "targets": []}, "needs_max_hero"
    )


# ---- Inverse Power Ninja --------------------------------------------------------------------------


def test_inverse_power_ninja_shrinks_for_each_other_unit_or_hero_you_have():
    """Inverse Power Ninja ruling: only the units and heroes you control in play."""
    s = game(
        {"play": [{"card": "inverse_power_ninja", "id": "ipn"}, {"card": "tenderfoot"}]},
        {"play": [{"card": "iron_man"}]},
    )
    assert atk_hp(s, find(s, "ipn")) == (4, 4)  # Setsuki and Tenderfoot
    s = game({"play": [{"card": "inverse_power_ninja", "id": "ipn"}]}, hero=None)
    assert atk_hp(s, find(s, "ipn")) == (6, 6)


# ---- keyword units --------------------------------------------------------------------------------


def test_ninjutsu_keyword_units():
    """Fuzz Cuddles (healing 2), Flying Fox (flying), Glorious Ninja (haste,
    swift strike), Porcupine (deathtouch)."""
    s = game(
        {
            "play": [
                {"card": "fuzz_cuddles", "id": "fc"},
                {"card": "flying_fox", "id": "ff"},
                {"card": "glorious_ninja", "id": "gn"},
                {"card": "porcupine", "id": "pc"},
            ]
        }
    )
    assert keywords_of(s, "fc")["healing"] == 2 and keywords_of(s, "ff")["flying"] == 1
    assert keywords_of(s, "gn")["haste"] == 1 and keywords_of(s, "gn")["swift_strike"] == 1
    assert keywords_of(s, "pc")["deathtouch"] == 1


# ---- Masked Raccoon ---------------------------------------------------------------------------


def test_masked_raccoon_is_unstoppable_by_units_with_another_ninja():
    opp = {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "sl"}]}
    s = game({"play": [{"card": "masked_raccoon", "id": "mr"}]}, opp)
    assert "base:1" not in attack_targets(s, "mr")
    s = game({"play": [{"card": "masked_raccoon", "id": "mr"}, {"card": "fox_viper"}]}, opp)
    assert "base:1" in attack_targets(s, "mr")


def test_masked_raccoon_is_unattackable_by_units_with_another_cute_animal():
    s = scenario_game(
        [
            {"play": [{"card": "iron_man", "id": "iron"}, {"card": "troq_bashar", "id": "tb"}]},
            {"play": [{"card": "masked_raccoon", "id": "mr"}, {"card": "porcupine"}]},
        ]
    )
    assert find(s, "mr") not in attack_targets(s, "iron")
    assert find(s, "mr") in attack_targets(s, "tb")  # a hero may


# ---- Fox's Den School -----------------------------------------------------------------------------


def test_fox_s_den_school_makes_ninjas_and_cute_animals_invisible():
    s = game(
        {
            "play": [
                {"card": "fox_s_den_school", "id": "school"},
                {"card": "fox_viper", "id": "fv"},
                {"card": "porcupine", "id": "pc"},
                {"card": "tenderfoot", "id": "tf"},
            ]
        }
    )
    assert keywords_of(s, "school")["invisible"] == 1
    assert keywords_of(s, "fv")["invisible"] == 1 and keywords_of(s, "pc")["invisible"] == 1
    assert "invisible" not in keywords_of(s, "tf")


def test_fox_s_den_school_turns_a_unit_into_a_ninja_for_good():
    """Fox's Den School ruling: it stays a Ninja even if the School goes."""
    s = game(
        {
            "gold": 2,
            "play": [
                {"card": "fox_s_den_school", "id": "school"},
                {"card": "tenderfoot", "id": "tf"},
                {"card": "jade_fox_den_s_headmistress", "id": "jade"},
            ],
        }
    )
    assert "flying" not in keywords_of(s, "tf")
    s = use_ability(s, 0, find(s, "school"), 0, [find(s, "tf")])
    assert s["players"][0]["gold"] == 0
    assert keywords_of(s, "tf")["flying"] == 1 and keywords_of(s, "tf")["invisible"] == 1


# ---- Jade Fox ---------------------------------------------------------------------------------


def test_jade_fox_arrives_with_four_ninjas_and_gives_ninjas_flying_and_swift_strike():
    """Jade Fox rulings: she is a Ninja herself; Setsuki is not one."""
    s = game({"hand": ["jade_fox_den_s_headmistress"], "gold": 8, "buildings": ALL_TECH})
    s = play_card(s, 0, "jade_fox_den_s_headmistress")
    jade = one_of(s, "jade_fox_den_s_headmistress")
    ninjas = in_play(s, 0, "ninja")
    assert len(ninjas) == 4
    assert stats.kw(s, ninjas[0], "flying") and stats.kw(s, ninjas[0], "swift_strike")
    assert stats.kw(s, jade, "flying")
    assert not stats.kw(s, find(s, "set"), "flying")


def one_of(state, card_id):
    return in_play(state, 0, card_id)[0]


def test_a_unit_made_a_ninja_shows_it_in_the_view():
    from game.rules import view

    s = game({"gold": 2, "play": [{"card": "fox_s_den_school", "id": "school"}, {"card": "tenderfoot", "id": "tf"}]})
    s = use_ability(s, 0, find(s, "school"), 0, [find(s, "tf")])
    seen = view(s, 0)
    card = next(c for p in seen["players"] for c in p["play"] if c["iid"] == find(s, "tf"))
    assert card["added_subtypes"] == ["Ninja"]
