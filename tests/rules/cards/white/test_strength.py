"""Scenario tests for the Strength codex (white), Garus Rook in each band
and the Bird token: each card played through real actions, the official
rulings (reference/codex-cards/rulings.json, "White", "Heroes") named where
they decide something. Seat 0 plays Garus Rook (in play), seat 1 Troq
Bashar."""

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
    logged,
    play_card,
    prompt_options,
    scenario_game,
    use_ability,
)

ROOK = {"card": "garus_rook", "id": "rook"}


def game(seat0=None, seat1=None, hero=ROOK, **kw):
    return hero_scenario(hero, ("garus_rook", "troq_bashar"), seat0, seat1, **kw)


# ---- Garus Rook -------------------------------------------------------------------


def test_garus_rook_is_playable_with_the_white_deck_and_strength():
    assert catalog.hero_playable("garus_rook")
    assert all(catalog.works(c) for c in catalog.spec_cards("strength"))


def test_garus_rook_mid_band_ignores_a_patrol_zone_of_one():
    lone = {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "sl"}]}
    s = game({}, lone, hero=dict(ROOK, level=4))
    assert "base:1" not in attack_targets(s, "rook")
    s = game({}, lone, hero=dict(ROOK, level=5))
    assert atk_hp(s, find(s, "rook")) == (3, 5)
    assert "base:1" in attack_targets(s, "rook")
    two = {
        "play": [{"card": "iron_man", "patrol": "squad_leader", "id": "sl"}, {"card": "tenderfoot", "patrol": "elite"}]
    }
    s = game({}, two, hero=dict(ROOK, level=5))
    assert "base:1" not in attack_targets(s, "rook")


def test_garus_rook_max_band_two_lives_dies_only_with_a_crumbling_rune():
    """Garus Rook ruling: the first "death" is no death: no dies trigger,
    no technician draw."""
    s = game(
        {"hand": [], "deck": ["smoker"]},
        {"play": [{"card": "regular_sized_rhinoceros", "id": "rh"}]},
        hero=dict(ROOK, level=8, damage=5),
    )
    s = act(s, 0, {"type": "patrol", "card": find(s, "rook"), "slot": "technician"})
    s = end_turn(s, 0)
    s = attack_tagged(s, "rh", "rook")
    rook = find(s, "rook")
    assert s["cards"][rook]["zone"] == "play" and s["cards"][rook]["marks"]["crumbling"]


# ---- Bird's Nest ---------------------------------------------------------------------


def test_bird_s_nest_makes_two_birds_and_replaces_lost_ones_in_upkeep():
    s = game({"hand": ["bird_s_nest"], "gold": 2})
    s = play_card(s, 0, "bird_s_nest")
    birds = in_play(s, 0, "bird")
    assert len(birds) == 2 and stats.kw(s, birds[0], "flying") == 1
    assert in_play(s, 0, "bird_s_nest")
    s = end_turn(s, 0)
    s = end_turn(s, 1)
    assert len(in_play(s, 0, "bird")) == 2


def test_two_bird_s_nests_still_make_only_two_birds():
    """Bird's Nest ruling: the limit is two Birds in play."""
    s = game({"hand": ["bird_s_nest", "bird_s_nest"], "gold": 4})
    s = play_card(s, 0, "bird_s_nest")
    s = play_card(s, 0, "bird_s_nest")
    assert len(in_play(s, 0, "bird")) == 2


# ---- Entangling Vines -------------------------------------------------------------------


def test_entangling_vines_sidelines_a_patroller_that_then_cannot_attack_or_patrol():
    s = game(
        {"hand": ["entangling_vines"], "gold": 3},
        {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "iron"}]},
    )
    s = play_card(s, 0, "entangling_vines", [find(s, "iron")])
    assert s["players"][1]["patrol"]["squad_leader"] is None
    assert in_play(s, 0, "entangling_vines")
    s = end_turn(s, 0)
    assert_refused(s, 1, {"type": "attack", "attacker": find(s, "iron"), "target": "base:0"}, "cannot_attack")
    assert_refused(s, 1, {"type": "patrol", "card": find(s, "iron"), "slot": "elite"}, "cannot_patrol")


# ---- Thunderclap -------------------------------------------------------------------------


def test_thunderclap_sidelines_up_to_three_cheap_ground_units():
    """Thunderclap rulings: tokens cost 0; fliers and costlier units can't be picked."""
    s = game(
        {"hand": ["thunderclap"], "gold": 2},
        {
            "play": [
                {"card": "tenderfoot", "patrol": "squad_leader", "id": "a"},
                {"card": "older_brother", "patrol": "elite", "id": "b"},
                {"card": "flying_fox", "patrol": "scavenger", "id": "ff"},
                {"card": "regular_sized_rhinoceros", "patrol": "lookout", "id": "rh"},
            ]
        },
    )
    s = play_card(s, 0, "thunderclap")
    options = set(prompt_options(s))
    assert find(s, "ff") not in options and find(s, "rh") not in options
    s = choose(s, 0, find(s, "a"))
    s = choose(s, 0, find(s, "b"))
    zone = s["players"][1]["patrol"]
    assert zone["squad_leader"] is None and zone["elite"] is None and zone["scavenger"] == find(s, "ff")


# ---- Earthquake ---------------------------------------------------------------------------


def test_earthquake_hits_damaged_buildings_for_4_and_undamaged_ones_for_1():
    """Earthquake ruling: a damaged tech building destroyed by the 4 damages
    the base for 2; the base is then damaged and takes no 1."""
    s = game(
        {"hand": ["earthquake"], "gold": 5, "play": [{"card": "older_brother", "id": "ob"}]},
        {"buildings": {"tech_1": True, "tech_2": True}},
        hero=dict(ROOK, level=8),
    )
    s = attack_tagged(s, "ob", "bld:1:tech_1")  # 2 damage: a damaged Tech I
    s = play_card(s, 0, "earthquake")
    assert s["players"][1]["buildings"]["tech_1"] is None
    assert base_damage(s, 1) == 2
    assert s["players"][1]["buildings"]["tech_2"]["damage"] == 1


# ---- Mythmaking ----------------------------------------------------------------------------


def test_mythmaking_boosts_your_legends_and_weakens_the_opponents():
    s = game(
        {
            "play": [
                {"card": "mythmaking"},
                {"card": "ardra_s_boulder", "id": "rock"},
                {"card": "morningstar_pass", "id": "pass"},
            ]
        },
        {"play": [{"card": "jefferson_degrey_ghostly_diplomat", "id": "jeff"}]},
    )
    assert atk_hp(s, find(s, "rock")) == (2, 8)
    assert stats.hp(s, find(s, "pass")) == 6
    assert atk_hp(s, find(s, "jeff")) == (3, 2)


def test_ardra_s_boulder_is_a_0_6():
    s = game({"play": [{"card": "ardra_s_boulder", "id": "rock"}]})
    assert atk_hp(s, find(s, "rock")) == (0, 6)


# ---- Doubling Barbarbarian --------------------------------------------------------------------


def test_doubling_barbarbarian_doubles_runes_and_this_turn_gains():
    """Doubling Barbarbarian rulings: a +1/+1 rune gives +2/+2; Aged
    Sensei's +1 ATK/+1 armor gives +2/+2 armor, this turn only."""
    s = game({"play": [{"card": "doubling_barbarbarian", "plus": 1, "id": "db"}, {"card": "aged_sensei", "id": "as"}]})
    assert atk_hp(s, find(s, "db")) == (5, 7)
    s = use_ability(s, 0, find(s, "as"), 0, [find(s, "db")])
    assert atk_hp(s, find(s, "db")) == (7, 7) and keywords_of(s, "db")["armor"] == 2
    s = end_turn(s, 0)
    assert atk_hp(s, find(s, "db")) == (5, 7) and "armor" not in keywords_of(s, "db")


def test_doubling_barbarbarian_gets_two_armor_as_squad_leader_and_keeps_overpower():
    s = game({"play": [{"card": "doubling_barbarbarian", "patrol": "squad_leader", "id": "db"}]}, active=1)
    assert keywords_of(s, "db")["armor"] == 2 and keywords_of(s, "db")["overpower"] == 1


def test_doubling_barbarbarian_does_not_double_losses():
    s = game({"play": [{"card": "doubling_barbarbarian", "minus": 1, "id": "db"}]})
    assert atk_hp(s, find(s, "db")) == (2, 4)


# ---- Whitestar Grappler ------------------------------------------------------------------------


def test_whitestar_grappler_deals_4_and_a_survivor_hits_back_and_is_sidelined():
    s = game(
        {"play": [{"card": "whitestar_grappler", "id": "wg"}]},
        {"play": [{"card": "iron_man", "plus": 1, "patrol": "scavenger", "id": "rh"}]},
    )
    hit_back = stats.atk(s, find(s, "rh"))
    s = use_ability(s, 0, find(s, "wg"), 0, [find(s, "rh")])
    assert dmg(s, "rh") == 4 and dmg(s, "wg") == hit_back
    assert s["players"][1]["patrol"]["scavenger"] is None


def test_whitestar_grappler_takes_nothing_from_a_unit_it_kills():
    s = game({"play": [{"card": "whitestar_grappler", "id": "wg"}]}, {"play": [{"card": "iron_man", "id": "iron"}]})
    s = use_ability(s, 0, find(s, "wg"), 0, [find(s, "iron")])
    assert gone(s, "iron") and dmg(s, "wg") == 0


# ---- Colossus ----------------------------------------------------------------------------------


def test_colossus_is_unstoppable_only_toward_a_base():
    s = game(
        {"play": [{"card": "colossus", "id": "col"}]},
        {"buildings": {"tech_1": True}, "play": [{"card": "iron_man", "patrol": "squad_leader", "id": "sl"}]},
    )
    options = attack_targets(s, "col")
    assert "base:1" in options and "bld:1:tech_1" not in options


# ---- Jefferson DeGrey -------------------------------------------------------------------------


def test_jefferson_degrey_destroys_every_token_when_he_arrives():
    s = game(
        {"hand": ["jefferson_degrey_ghostly_diplomat"], "gold": 3, "buildings": ALL_TECH, "play": [{"card": "bird"}]},
        {"play": [{"card": "ninja"}, {"card": "iron_man", "id": "iron"}]},
    )
    s = play_card(s, 0, "jefferson_degrey_ghostly_diplomat")
    assert in_play(s, 0, "bird") == [] and in_play(s, 1, "ninja") == []
    assert not gone(s, "iron")


# ---- Morningstar Pass ---------------------------------------------------------------------------


def test_morningstar_pass_prevents_damage_to_your_other_buildings():
    s = scenario_game(
        [
            {"play": [{"card": "iron_man", "id": "iron"}], "gold": 1},
            {"buildings": {"tech_1": True}, "play": [{"card": "morningstar_pass", "id": "pass"}]},
        ]
    )
    s = attack_tagged(s, "iron", "base:1")
    assert base_damage(s, 1) == 0 and logged(s, "was prevented")


def test_morningstar_pass_costs_1_gold_to_attack():
    """Morningstar Pass ruling: who can't pay 1 can't attack it."""
    s = scenario_game(
        [
            {"play": [{"card": "iron_man", "id": "iron"}], "gold": 0},
            {"play": [{"card": "morningstar_pass", "id": "pass"}]},
        ]
    )
    assert find(s, "pass") not in attack_targets(s, "iron")
    s = scenario_game(
        [
            {"play": [{"card": "iron_man", "id": "iron"}], "gold": 1},
            {"play": [{"card": "morningstar_pass", "id": "pass"}]},
        ]
    )
    s = attack_tagged(s, "iron", "pass")
    assert s["players"][0]["gold"] == 0 and dmg(s, "pass") > 0


# ---- Oathkeeper of Kor Mountain -----------------------------------------------------------------


def _oathkeeper(oath):
    s = game({"hand": ["oathkeeper_of_kor_mountain", "smoker", "fox_viper"], "gold": 9, "buildings": ALL_TECH})
    s = play_card(s, 0, "oathkeeper_of_kor_mountain")
    return choose(s, 0, oath)


def test_oathkeeper_first_oath_forbids_cards_from_hand_but_not_workers():
    s = _oathkeeper("play no cards from hand but workers")
    smoker = hand_ids(s, 0, "smoker")[0]
    assert_refused(s, 0, {"type": "play", "card": smoker, "targets": []}, "forbidden")
    s = act(s, 0, {"type": "hire", "card": smoker})
    assert "smoker" not in cards_in(s, 0, "hand")


def test_oathkeeper_second_oath_skips_the_draw_discard_phase():
    """Oathkeeper ruling: the hand simply stays for the next turn."""
    s = _oathkeeper("skip my draw/discard phase")
    hand = cards_in(s, 0, "hand")
    s = end_turn(s, 0)
    assert cards_in(s, 0, "hand") == hand


def test_oathkeeper_has_swift_strike_resist_and_sidelines_every_patroller():
    s = game(
        {"gold": 2, "play": [{"card": "oathkeeper_of_kor_mountain", "id": "ok"}]},
        {"play": [{"card": "iron_man", "patrol": "squad_leader"}, {"card": "tenderfoot", "patrol": "elite"}]},
    )
    assert keywords_of(s, "ok")["swift_strike"] == 1 and keywords_of(s, "ok")["resist"] == 2
    s = use_ability(s, 0, find(s, "ok"), 0)
    assert all(v is None for v in s["players"][1]["patrol"].values())


def test_the_sworn_oath_is_shown_to_everyone():
    from game.rules import view

    s = _oathkeeper("skip my draw/discard phase")
    ok = in_play(s, 0, "oathkeeper_of_kor_mountain")[0]
    for viewer in (0, 1, None):
        seen = view(s, viewer)
        cards = [c for p in seen["players"] for c in p["play"] if c["iid"] == ok]
        assert cards and cards[0]["oath"] == "skip my draw/discard phase"
