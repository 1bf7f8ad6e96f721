"""Scenario tests for the Growth spec and Argagarg Garg
(game/codex/cards/green/growth.py): each card is played through real actions
and its outcome checked; the official rulings (reference/codex-
cards/rulings.json, "Green" and "Heroes") are named where they decide
something, and docs/RULINGS.md ("Green cards") records the engine's
decisions."""

import pytest

from game.codex import stats
from game.rules import view
from tests.rules.cards.green.common import ALL_TECH, GARG, TROQ, game, garg, gold, kw, midori, pass_turns, workers
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
    hand_ids,
    in_play,
    one,
    play_card,
    prompt_options,
    scenario_game,
    use_ability,
)


def test_dothram_horselord_joins_the_player_with_the_most_total_atk():
    """Dothram Horselord, upkeep: if one player has more total ATK than each
    other, it joins them; it counts in its controller's total (Dothram
    Horselord ruling)."""
    s = game(
        {"play": [midori(), {"card": "oversized_rhinoceros"}]},
        {"play": [TROQ, {"card": "dothram_horselord", "id": "dh"}]},
    )
    dh = find(s, "dh")
    s = end_turn(s, 0)  # seat 1's upkeep: 2 + 7 = 9 against 2 + 6 = 8
    assert s["cards"][dh]["controller"] == 0 and dh in s["players"][0]["play"]
    assert s["cards"][dh]["arrived"] == s["turn"]


# ---- Growth --------------------------------------------------------------------


def test_polymorph_squirrel_makes_a_unit_a_1_1_squirrel_until_your_next_upkeep():
    """Polymorph: Squirrel rulings: a 1/1 green Squirrel with no abilities;
    it keeps its +1/+1 runes and its tech level, it does not arrive; at
    your next upkeep it is itself again."""
    s = game(
        {"gold": 3, "hand": ["polymorph_squirrel"], "play": [garg()]},
        {"play": [TROQ, {"card": "barkcoat_bear", "plus": 1, "id": "bear"}]},
        heroes=GARG,
    )
    bear = find(s, "bear")
    s["players"][0]["gold"] = 5  # the bear's resist 2
    s = play_card(s, 0, "polymorph_squirrel", [bear])
    assert s["cards"][bear]["card"] == "squirrel" and atk_hp(s, bear) == (2, 2)
    assert stats.compute(s, bear)["kw"] == {} and stats.tech_level(s, bear) == 2
    assert s["cards"][bear]["arrived"] == 0
    shown = next(c for c in view(s, 1)["players"][1]["play"] if c["iid"] == bear)
    assert (shown["name"], shown["tech"], shown["atk"], shown["hp"]) == ("Squirrel", 2, 2, 2)
    s = end_turn(s, 0)
    assert s["cards"][bear]["card"] == "squirrel"
    s = end_turn(s, 1)
    assert s["cards"][bear]["card"] == "barkcoat_bear" and atk_hp(s, bear) == (6, 6)


def test_polymorph_squirrel_can_kill_a_damaged_unit_which_dies_as_itself():
    """Polymorph: Squirrel ruling: with damage on it the 1/1 dies; the card
    goes to the discard pile as what it was."""
    s = game(
        {"gold": 3, "hand": ["polymorph_squirrel"], "play": [garg()]},
        {"play": [TROQ, {"card": "iron_man", "damage": 1, "id": "iron"}]},
        heroes=GARG,
    )
    s = play_card(s, 0, "polymorph_squirrel", [find(s, "iron")])
    assert in_play(s, 1, "iron_man") == [] and in_play(s, 1, "squirrel") == []
    assert cards_in(s, 1, "discard") == ["iron_man"]


def test_polymorph_squirrel_removes_indestructible_and_earlier_effects():
    """Polymorph: Squirrel rulings: an indestructible unit loses it (1
    damage then kills the Squirrel); effects given before the transform
    are lost, effects after it apply."""
    s = game(
        {"gold": 6, "hand": ["polymorph_squirrel", "spark"], "play": [garg()]},
        {"play": [TROQ, {"card": "gargoyle", "id": "g", "patrol": "elite"}]},
        heroes=GARG,
        active=1,
    )
    s = end_turn(s, 1)  # the gargoyle patrols on seat 0's turn
    s["players"][0]["gold"] = 6
    g = find(s, "g")
    assert kw(s, g, "indestructible") == 1
    s = play_card(s, 0, "polymorph_squirrel", [g])
    s = play_card(s, 0, "spark", [g])
    assert in_play(s, 1, "gargoyle") == [] and "gargoyle" in cards_in(s, 1, "discard")
    s = game(
        {
            "gold": 7,
            "hand": ["rampant_growth", "polymorph_squirrel", "rampant_growth"],
            "play": [garg(), {"card": "tiger_cub", "id": "cub"}],
        },
        heroes=GARG,
    )
    cub = find(s, "cub")
    s = play_card(s, 0, "rampant_growth", [cub])
    s = play_card(s, 0, "polymorph_squirrel", [cub])
    assert atk_hp(s, cub) == (1, 1) and kw(s, cub, "armor") == 0
    s = play_card(s, 0, "rampant_growth", [cub])
    assert atk_hp(s, cub) == (3, 1) and kw(s, cub, "armor") == 2


def test_dinosize_gives_6_atk_and_6_armor_this_turn():
    """Dinosize: +6 ATK and +6 armor this turn, a unit or hero."""
    s = game(
        {"gold": 4, "hand": ["dinosize"], "play": [garg(), {"card": "tiger_cub", "id": "cub"}]},
        {"play": [TROQ, {"card": "regular_sized_rhinoceros", "id": "rhino"}]},
        heroes=GARG,
    )
    cub = find(s, "cub")
    s = play_card(s, 0, "dinosize", [cub])
    assert atk_hp(s, cub) == (8, 2) and kw(s, cub, "armor") == 6
    s = attack(s, 0, cub, find(s, "rhino"))
    assert in_play(s, 1, "regular_sized_rhinoceros") == [] and s["cards"][cub]["damage"] == 0
    s = end_turn(s, 0)
    assert atk_hp(s, cub) == (2, 2)


def test_spirit_of_the_panda_attaches_gives_2_2_gold_on_attack_and_heals():
    """Spirit of the Panda: attach to a unit: +2/+2 and "attacks: gain 1
    gold"; healing 1 in your upkeep; when the unit goes, so does it."""
    s = game(
        {"gold": 4, "hand": ["spirit_of_the_panda"], "play": [garg(damage=1), {"card": "tiger_cub", "id": "cub"}]},
        {"play": [TROQ, {"card": "regular_sized_rhinoceros", "id": "rhino"}]},
        heroes=GARG,
    )
    cub = find(s, "cub")
    s = play_card(s, 0, "spirit_of_the_panda", [cub])
    sp = one(s, 0, "spirit_of_the_panda")
    assert atk_hp(s, cub) == (4, 4) and gold(s) == 0
    s = attack(s, 0, cub, "base:1")
    assert gold(s) == 1 and base_damage(s, 1) == 4
    s = pass_turns(s, 2)
    assert s["cards"][find(s, "garg")]["damage"] == 0
    s = attack(s, 0, cub, find(s, "rhino"))
    assert in_play(s, 0, "tiger_cub") == [] and sp not in s["players"][0]["play"]
    assert {"spirit_of_the_panda", "tiger_cub"} <= set(cards_in(s, 0, "discard"))


def test_spirit_of_the_panda_on_an_opposing_unit_pays_its_controller():
    """Spirit of the Panda may go on an opponent's unit: that unit gets
    +2/+2, and its controller gains the gold when it attacks."""
    s = game(
        {"gold": 4, "hand": ["spirit_of_the_panda"], "play": [garg()]},
        {"play": [TROQ, {"card": "older_brother", "id": "ob"}]},
        heroes=GARG,
    )
    ob = find(s, "ob")
    s = play_card(s, 0, "spirit_of_the_panda", [ob])
    assert atk_hp(s, ob) == (4, 4)
    s = end_turn(s, 0)
    before = gold(s, 1)
    s = attack(s, 1, ob, "base:0")
    assert gold(s, 1) == before + 1 and base_damage(s, 0) == 4


def test_stampede_gives_3_atk_3_armor_and_sends_excess_damage_to_the_base():
    """Stampede: this turn your units get +3 ATK/+3 armor, and combat damage
    beyond what kills a unit or hero goes to that player's base, instead of
    following overpower (Stampede ruling)."""
    s = game(
        {
            "gold": 6,
            "hand": ["stampede"],
            "play": [garg(5), {"card": "tiger_cub", "id": "cub"}, {"card": "centaur", "id": "ce"}],
        },
        {
            "play": [
                TROQ,
                {"card": "wisp", "id": "w", "patrol": "squad_leader"},
                {"card": "older_brother", "id": "ob", "patrol": "elite"},
            ]
        },
        heroes=GARG,
    )
    s = play_card(s, 0, "stampede")
    cub, ce = find(s, "cub"), find(s, "ce")
    assert atk_hp(s, cub) == (5, 2) and kw(s, cub, "armor") == 3
    s = attack(s, 0, cub, find(s, "w"))  # 5 on a 0/1 with armor 1: 3 to the base
    assert base_damage(s, 1) == 3 and in_play(s, 1, "wisp") == []
    s = attack(s, 0, ce, find(s, "ob"))  # overpower: no choice asked, 6 - 2 to the base
    assert s["prompt"] is None and base_damage(s, 1) == 7 and kw(s, ce, "overpower") == 1


def test_stampede_excess_leaves_focus_master_nothing_to_prevent():
    """Focus Master ruling: a patroller whose excess damage Stampede sends
    to the base takes exactly lethal, and Focus Master can't prevent it."""
    s = game(
        {"gold": 6, "hand": ["stampede"], "play": [garg(5), {"card": "tiger_cub", "id": "cub"}]},
        {
            "play": [
                TROQ,
                {"card": "focus_master", "runes": {"focus": 3}, "id": "fm"},
                {"card": "older_brother", "id": "ob", "patrol": "squad_leader"},
            ]
        },
        heroes=GARG,
    )
    s = play_card(s, 0, "stampede")
    s = attack(s, 0, find(s, "cub"), find(s, "ob"))  # 5 on a 2/2 squad leader (armor 1): 2 to the base
    assert in_play(s, 1, "older_brother") == [] and base_damage(s, 1) == 2
    assert s["cards"][find(s, "fm")]["marks"]["runes"]["focus"] == 3


def test_galina_glimmer_pays_1_gold_per_two_green_units_in_upkeep():
    """Galina Glimmer rulings: she counts herself; 3 green units give 1
    gold, not 1.5; an Older Brother is not green. She is legendary."""
    s = game(
        {
            "gold": 0,
            "hand": ["galina_glimmer"],
            "buildings": {"tech_1": True},
            "play": [garg(), {"card": "galina_glimmer"}, {"card": "tiger_cub"}, {"card": "older_brother"}],
        },
        heroes=GARG,
    )
    assert_refused(s, 0, {"type": "play", "card": hand_ids(s, 0)[0], "targets": []}, "legendary")
    s = pass_turns(s, 2)
    assert gold(s) == workers(s, 0) + 1
    s = game(
        {
            "gold": 0,
            "play": [garg(), {"card": "galina_glimmer"}, {"card": "tiger_cub"}, {"card": "frog"}, {"card": "wisp"}],
        },
        heroes=GARG,
    )
    s = pass_turns(s, 2)
    assert gold(s) == workers(s, 0) + 2


def test_artisan_mantis_repairs_up_to_3_damage_of_a_building():
    """Artisan Mantis: arrives: repair 3 damage of a building, only what is
    there (Artisan Mantis ruling)."""
    s = game(
        {"gold": 4, "hand": ["artisan_mantis"], "buildings": ALL_TECH, "base_damage": 2, "play": [garg()]}, heroes=GARG
    )
    s["players"][0]["buildings"]["tech_1"]["damage"] = 4
    s = play_card(s, 0, "artisan_mantis")
    assert set(prompt_options(s)) == {"bld:0:tech_1", "base:0"}
    s = choose(s, 0, "base:0")
    assert base_damage(s, 0) == 0
    assert s["players"][0]["buildings"]["tech_1"]["damage"] == 4


def test_oversized_rhinoceros_is_a_plain_7_8():
    """Oversized Rhinoceros: a 7/8 tech II for 5, no ability."""
    s = game({"gold": 5, "hand": ["oversized_rhinoceros"], "buildings": ALL_TECH, "play": [garg()]}, heroes=GARG)
    s = play_card(s, 0, "oversized_rhinoceros")
    rhino = one(s, 0, "oversized_rhinoceros")
    assert atk_hp(s, rhino) == (7, 8) and stats.compute(s, rhino)["kw"] == {} and gold(s) == 0


def test_blooming_ancient_ignores_opposing_arrivals():
    """Blooming Ancient: only your own units and heroes count."""
    s = game(
        {"play": [garg(), {"card": "blooming_ancient", "id": "ba"}]},
        {"gold": 2, "hand": ["older_brother"], "play": [TROQ]},
        heroes=GARG,
        active=1,
    )
    s = play_card(s, 1, "older_brother")
    assert s["cards"][find(s, "ba")]["plus"] == 0


def test_blooming_elm_gives_runes_and_overpower_to_rune_bearers():
    """Blooming Elm: a tech II building card; your units and heroes with
    +1/+1 runes have overpower; exhaust: three +1/+1 runes on a unit, or one
    on a hero, without any; one with runes may be chosen, to no effect
    (Blooming Elm ruling)."""
    s = game(
        {
            "gold": 3,
            "hand": ["blooming_elm"],
            "buildings": ALL_TECH,
            "play": [garg(), {"card": "tiger_cub", "id": "cub"}, {"card": "tiger_cub", "plus": 1, "id": "runed"}],
        },
        heroes=GARG,
    )
    s = play_card(s, 0, "blooming_elm")
    elm = one(s, 0, "blooming_elm")
    assert kw(s, find(s, "runed"), "overpower") == 1 and kw(s, find(s, "cub"), "overpower") == 0
    assert_refused(s, 0, {"type": "ability", "card": elm, "ability": 0, "targets": [find(s, "cub")]}, "arrival_fatigue")
    s["cards"][elm]["arrived"] = 0
    s = use_ability(s, 0, elm, 0, [find(s, "cub")])
    assert s["cards"][find(s, "cub")]["plus"] == 3 and kw(s, find(s, "cub"), "overpower") == 1
    s["cards"][elm]["exhausted"] = False
    s = use_ability(s, 0, elm, 0, [find(s, "runed")])
    assert s["cards"][find(s, "runed")]["plus"] == 1
    s["cards"][elm]["exhausted"] = False
    s = use_ability(s, 0, elm, 0, [find(s, "garg")])
    assert s["cards"][find(s, "garg")]["plus"] == 1


def test_might_of_leaf_and_claw_collects_growth_runes_then_gives_5_5():
    """Might of Leaf and Claw: a growth rune each time an attacker of yours
    deals combat damage, armor included, sparkshot with it counting once;
    0 damage is none (Might of Leaf and Claw rulings); with five your units
    and heroes have +5/+5."""
    s = game(
        {
            "gold": 3,
            "hand": ["might_of_leaf_and_claw"],
            "buildings": ALL_TECH,
            "play": [
                garg(),
                {"card": "huntress", "id": "h"},
                {"card": "wisp", "id": "w"},
                {"card": "tiger_cub", "id": "cub"},
            ],
        },
        {
            "play": [
                TROQ,
                {"card": "iron_man", "id": "sl", "patrol": "squad_leader"},
                {"card": "iron_man", "id": "el", "patrol": "elite"},
            ]
        },
        heroes=GARG,
    )
    s = play_card(s, 0, "might_of_leaf_and_claw")
    might = one(s, 0, "might_of_leaf_and_claw")
    s = attack(s, 0, find(s, "h"), find(s, "sl"))  # 3 (1 on the armor) + sparkshot 1
    assert s["cards"][might]["marks"]["runes"] == {"growth": 1}
    s = attack(s, 0, find(s, "w"), find(s, "sl"))  # 0 damage
    assert s["cards"][might]["marks"]["runes"] == {"growth": 1}
    s = game(
        {
            "play": [
                garg(),
                {"card": "might_of_leaf_and_claw", "runes": {"growth": 4}, "id": "m"},
                {"card": "tiger_cub", "id": "cub"},
            ]
        },
        heroes=GARG,
    )
    assert atk_hp(s, find(s, "cub")) == (2, 2)
    s = attack(s, 0, find(s, "cub"), "base:1")
    assert atk_hp(s, find(s, "cub")) == (7, 7) and atk_hp(s, find(s, "garg")) == (6, 8)


def test_guargum_lets_you_play_growth_spells_free_without_a_growth_hero():
    """Guargum, Eternal Sentinel rulings: Growth spells cost nothing and need
    no Growth hero, an ultimate too, even the turn he arrived; resist 2,
    obliterate 4."""
    s = game({"gold": 0, "hand": ["stampede", "dinosize"], "play": [midori(), {"card": "tiger_cub", "id": "cub"}]})
    stampede = hand_ids(s, 0, "stampede")[0]
    assert_refused(s, 0, {"type": "play", "card": stampede, "targets": []}, "needs_max_hero")
    s = game(
        {
            "gold": 0,
            "hand": ["stampede", "dinosize"],
            "buildings": ALL_TECH,
            "play": [
                midori(),
                {"card": "tiger_cub", "id": "cub"},
                {"card": "guargum_eternal_sentinel", "fresh": True, "id": "gg"},
            ],
        }
    )
    gg = find(s, "gg")
    assert kw(s, gg, "resist") == 2 and kw(s, gg, "obliterate") == 4
    s = play_card(s, 0, "stampede")
    s = play_card(s, 0, "dinosize", [find(s, "cub")])
    assert atk_hp(s, find(s, "cub")) == (11, 2) and gold(s) == 0


def test_midori_gives_the_bonus_to_a_polymorphed_squirrel():
    """A unit transformed by Polymorph: Squirrel has no abilities, so
    Midori's bonus applies to it (Polymorph: Squirrel ruling: later effects
    apply)."""
    s = game(
        {"gold": 3, "hand": ["polymorph_squirrel"], "play": [midori(5), garg(), {"card": "young_treant", "id": "yt"}]}
    )
    s = play_card(s, 0, "polymorph_squirrel", [find(s, "yt")])
    assert atk_hp(s, find(s, "yt")) == (2, 2)


# ---- Argagarg Garg ---------------------------------------------------------------


def test_argagarg_garg_arrives_with_a_wisp():
    """Argagarg Garg, level 1: a 1/3; when summoned a 0/1 Wisp arrives."""
    s = game({"gold": 2}, heroes=GARG)
    hero = s["players"][0]["command"][0]
    s = act(s, 0, {"type": "summon", "hero": hero})
    assert atk_hp(s, hero) == (1, 3) and len(in_play(s, 0, "wisp")) == 1


def test_argagarg_garg_reaching_max_level_brings_a_water_elemental():
    """Argagarg Garg, level 5: a 1/5; reaching max level gives a blue 3/3
    Water Elemental token with anti-air."""
    s = game({"gold": 2, "play": [garg(3)]}, heroes=GARG)
    s = act(s, 0, {"type": "level_up", "hero": find(s, "garg"), "levels": 2})
    (elemental,) = in_play(s, 0, "water_elemental")
    assert atk_hp(s, find(s, "garg")) == (1, 5)
    assert atk_hp(s, elemental) == (3, 3) and kw(s, elemental, "anti_air") == 1


# ---- decisions of docs/RULINGS.md ("Green cards") ----------------------------------


def test_artisan_mantis_repairs_a_building_card():
    """Building cards in play take repairs like any building; only damaged
    buildings are offered (docs/RULINGS.md)."""
    s = game(
        {
            "gold": 4,
            "hand": ["artisan_mantis"],
            "buildings": ALL_TECH,
            "play": [garg(), {"card": "verdant_tree", "damage": 2, "id": "vt"}],
        },
        heroes=GARG,
    )
    s = play_card(s, 0, "artisan_mantis")
    assert s["cards"][find(s, "vt")]["damage"] == 0


def test_stampede_excess_on_the_base_is_combat_damage_for_predator_tiger():
    """Stampede's excess is combat damage to the base, so a stampeding
    Predator Tiger trashes a worker with it (docs/RULINGS.md)."""
    s = game(
        {"gold": 6, "hand": ["stampede"], "play": [garg(5), {"card": "predator_tiger", "id": "pt"}]},
        {"workers": 5, "play": [TROQ, {"card": "iron_man", "id": "iron", "patrol": "squad_leader"}]},
        heroes=GARG,
    )
    s = play_card(s, 0, "stampede")
    s = attack(s, 0, find(s, "pt"), find(s, "iron"))  # 7 on 4 HP + 1 armor: 2 to the base
    assert base_damage(s, 1) == 2 and workers(s, 1) == 4 and in_play(s, 1, "iron_man") == []


def test_blooming_ancient_grows_when_a_hero_is_summoned():
    """Blooming Ancient: a summoned hero arrives too; Argagarg's Wisp with
    him: two runes."""
    s = game({"gold": 2, "play": [{"card": "blooming_ancient", "id": "ba"}]}, heroes=GARG)
    s = act(s, 0, {"type": "summon", "hero": s["players"][0]["command"][0]})
    assert s["cards"][find(s, "ba")]["plus"] == 2


# ---- a target that dies when targeted (Illusion ruling) ----------------------------


@pytest.mark.parametrize(
    "spell, mine",
    [
        ("bloom", True),
        ("wither", False),
        ("intimidate", False),
        ("rampant_growth", False),
        ("forest_s_favor", True),
        ("dinosize", False),
        ("polymorph_squirrel", False),
        ("spirit_of_the_panda", False),
    ],
)
def test_a_spell_on_an_illusion_finds_it_gone(spell, mine):
    """Illusion ruling: an Illusion dies the moment a spell targets it, so
    the effect finds nothing to act on (no crash, no rune; an attachment
    with nothing to attach to goes to the discard pile)."""
    heroes = ("argagarg_garg", "troq_bashar")
    illusion = [{"card": "mirror_illusion", "id": "mi"}]
    s = scenario_game(
        [
            {"gold": 5, "hand": [spell], "play": [garg(), TROQ] + (illusion if mine else [])},
            {"play": [] if mine else illusion},
        ],
        heroes=heroes,
    )
    s = play_card(s, 0, spell, [find(s, "mi")])
    assert in_play(s, 0 if mine else 1, "mirror_illusion") == []
    assert in_play(s, 0, "spirit_of_the_panda") == []


def test_argagarg_garg_ability_on_an_illusion_finds_it_gone():
    """Illusion ruling with an ability: Argagarg Garg's exhaust is paid and
    the Illusion dies when targeted; nothing else happens."""
    s = game({"play": [garg(3)]}, {"play": [TROQ, {"card": "mirror_illusion", "id": "mi"}]}, heroes=GARG)
    s = use_ability(s, 0, find(s, "garg"), 0, [find(s, "mi")])
    assert in_play(s, 1, "mirror_illusion") == [] and s["cards"][find(s, "garg")]["exhausted"]
