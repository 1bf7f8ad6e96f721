"""Scenario tests for the Fire spec and Jaina Stormborne
(game/codex/cards/red/fire.py), Hotter Fire included: each card is played
through real actions and its outcome checked; the official rulings
(reference/codex-cards/rulings.json, "Red" and "Heroes") are named where
they decide something, and docs/RULINGS.md ("Red cards") records the
engine's decisions. Seat 0 plays a red hero, seat 1 Troq Bashar unless a
test says otherwise."""

from tests.rules.cards.red.common import ALL_TECH, JAINA, damage, gold, jaina
from tests.rules.helpers import (
    assert_refused,
    attack,
    base_damage,
    cards_in,
    choose,
    find,
    gone,
    hand_ids,
    in_play,
    legal_of,
    one,
    play_card,
    prompt_options,
    scenario_game,
    use_ability,
)

# ---- Fire Dart, Flame Arrow -------------------------------------------------


def test_fire_dart_deals_3_to_a_unit_or_2_to_a_building_never_a_hero():
    """Fire Dart: 3 damage to a unit or 2 damage to a building; heroes are
    no targets."""
    s = scenario_game(
        [
            {"hand": ["fire_dart", "fire_dart"], "gold": 4, "play": [jaina()]},
            {"play": [{"card": "iron_man", "id": "iron"}, {"card": "troq_bashar", "id": "troq"}]},
        ],
        heroes=JAINA,
    )
    dart = hand_ids(s, 0, "fire_dart")[0]
    assert find(s, "troq") not in {a["targets"][0] for a in legal_of(s, 0, "play", card=dart)}
    s = play_card(s, 0, "fire_dart", [find(s, "iron")])
    assert damage(s, find(s, "iron")) == 3
    s = play_card(s, 0, "fire_dart", ["base:1"])
    assert base_damage(s, 1) == 2


def test_flame_arrow_deals_4_to_a_unit_or_hero_or_3_to_a_building():
    """Flame Arrow: 4 damage to a unit or hero, or 3 to a building."""
    s = scenario_game(
        [
            {"hand": ["flame_arrow", "flame_arrow"], "gold": 8, "play": [jaina()]},
            {"play": [{"card": "troq_bashar", "level": 5, "id": "troq"}]},
        ],
        heroes=JAINA,
    )
    s = play_card(s, 0, "flame_arrow", [find(s, "troq")])
    assert in_play(s, 1, "troq_bashar") == []  # 4 HP at level 5
    s = play_card(s, 0, "flame_arrow", ["base:1"])
    assert base_damage(s, 1) == 3


# ---- Ember Sparks, Burning Volley -------------------------------------------


def test_ember_sparks_divides_3_damage_among_at_most_three_patrollers_or_buildings():
    """Ember Sparks: 3 damage divided among one, two or three patrollers
    and/or buildings, at least 1 each (ruling); units at home and heroes at
    home are no targets."""
    s = scenario_game(
        [
            {"hand": ["ember_sparks"], "gold": 3, "play": [jaina()]},
            {
                "play": [
                    {"card": "older_brother", "patrol": "elite", "id": "ob"},
                    {"card": "tenderfoot", "patrol": "scavenger", "id": "foot"},
                    {"card": "iron_man", "id": "home"},
                ]
            },
        ],
        heroes=JAINA,
    )
    ob, foot = find(s, "ob"), find(s, "foot")
    s = play_card(s, 0, "ember_sparks")
    assert find(s, "home") not in prompt_options(s)
    assert {ob, foot, "base:1", "base:0"} <= set(prompt_options(s))
    s = choose(s, 0, ob)
    s = choose(s, 0, ob)
    s = choose(s, 0, foot)
    assert s["prompt"] is None
    assert in_play(s, 1, "older_brother") == []
    assert damage(s, foot) == 1


def test_a_smoker_ember_sparks_picks_is_targeted_and_returns_to_hand_at_once():
    """Smoker ruling and the one rule of being targeted (play.on_targeted):
    a target a spell picks as it resolves (◎) is targeted like any other,
    so Smoker returns to his owner's hand at once and takes none of the
    damage; the rest goes elsewhere."""
    s = scenario_game(
        [
            {"hand": ["ember_sparks"], "gold": 3, "play": [jaina()]},
            {"play": [{"card": "smoker", "patrol": "elite", "id": "sm"}]},
        ],
        heroes=JAINA,
    )
    s = play_card(s, 0, "ember_sparks")
    s = choose(s, 0, find(s, "sm"))
    assert gone(s, "sm") and cards_in(s, 1, "hand").count("smoker") == 1
    s = choose(s, 0, "base:1")
    s = choose(s, 0, "base:1")
    assert s["prompt"] is None and base_damage(s, 1) == 2


def test_ember_sparks_offers_no_fourth_target():
    """Ember Sparks with Hotter Fire: 4 damage, still on at most three
    targets (ruling); after three targets only they are offered."""
    s = scenario_game(
        [
            {"hand": ["ember_sparks"], "gold": 3, "play": [jaina(), "hotter_fire"], "buildings": {"tech_1": True}},
            {"buildings": {"tech_1": True, "tech_2": True}},
        ],
        heroes=JAINA,
    )
    s = play_card(s, 0, "ember_sparks")
    for pick in ("base:1", "bld:1:tech_1", "bld:1:tech_2"):
        s = choose(s, 0, pick)
    assert set(prompt_options(s)) == {"base:1", "bld:1:tech_1", "bld:1:tech_2"}
    s = choose(s, 0, "base:1")
    assert base_damage(s, 1) == 2
    assert s["players"][1]["buildings"]["tech_2"]["damage"] == 1


def test_ember_sparks_must_target_an_opposing_flagbearer_once():
    """Flagbearer ruling: a spell that can target several things only needs
    to target the flagbearer once: the first target must be it, the rest is
    free. (The first point has one legal place, the flagbearer: no
    question is asked for it.)"""
    s = scenario_game(
        [
            {"hand": ["ember_sparks"], "gold": 3, "play": [jaina()]},
            {
                "play": [
                    {"card": "granfalloon_flagbearer", "patrol": "elite", "id": "flag"},
                    {"card": "older_brother", "patrol": "squad_leader", "id": "ob"},
                ]
            },
        ],
        heroes=JAINA,
    )
    s = play_card(s, 0, "ember_sparks")
    assert {find(s, "flag"), find(s, "ob"), "base:1"} <= set(prompt_options(s))
    s = choose(s, 0, "base:1")
    s = choose(s, 0, "base:1")
    assert damage(s, find(s, "flag")) == 1 and base_damage(s, 1) == 2


def test_burning_volley_divides_5_among_units_heroes_and_buildings():
    """Burning Volley (ultimate): 5 damage divided among any number of
    units, heroes and buildings, at least 1 each, so at most five
    (ruling); Jaina must be at max level since the start of the turn."""
    s = scenario_game(
        [
            {"hand": ["burning_volley"], "gold": 3, "play": [jaina(7)]},
            {"play": [{"card": "troq_bashar", "id": "troq"}, {"card": "older_brother", "id": "ob"}]},
        ],
        heroes=JAINA,
    )
    troq, ob = find(s, "troq"), find(s, "ob")
    s = play_card(s, 0, "burning_volley")
    for pick in (troq, troq, troq, ob, "base:1"):
        s = choose(s, 0, pick)
    assert s["prompt"] is None
    assert in_play(s, 1, "troq_bashar") == [] and damage(s, ob) == 1 and base_damage(s, 1) == 1
    s2 = scenario_game([{"hand": ["burning_volley"], "gold": 3, "play": [jaina(6)]}], heroes=JAINA)
    volley = hand_ids(s2, 0, "burning_volley")[0]
    assert_refused(s2, 0, {"type": "play", "card": volley, "targets": []}, "needs_max_hero")


def test_burning_volley_with_hotter_fire_reaches_six_targets():
    """Burning Volley ruling: with Hotter Fire, 6 damage on up to six
    targets."""
    s = scenario_game(
        [
            {
                "hand": ["burning_volley"],
                "gold": 3,
                "play": [jaina(7), "hotter_fire"],
                "buildings": {"tech_1": True, "tech_2": True, "tech_3": True},
            },
            {"play": ["older_brother", "tenderfoot"], "buildings": {"tech_1": True}},
        ],
        heroes=JAINA,
    )
    s = play_card(s, 0, "burning_volley")
    picks = ["base:1", "bld:1:tech_1", "bld:0:tech_1", "bld:0:tech_2", "bld:0:tech_3"]
    picks.append(one(s, 1, "older_brother"))
    for pick in picks:
        s = choose(s, 0, pick)
    assert s["prompt"] is None
    assert base_damage(s, 1) == 1 and damage(s, one(s, 1, "older_brother")) == 1


# ---- Lobber, Firebat --------------------------------------------------------


def test_lobber_has_haste_and_exhausts_for_1_damage_to_a_building():
    """Lobber: haste, so it can exhaust the turn it arrives: 1 damage to a
    building (units are no targets)."""
    s = scenario_game(
        [{"hand": ["lobber"], "gold": 1, "buildings": {"tech_1": True}}, {"play": ["older_brother"]}], heroes=JAINA
    )
    s = play_card(s, 0, "lobber")
    lobber = one(s, 0, "lobber")
    assert one(s, 1, "older_brother") not in {a["targets"][0] for a in legal_of(s, 0, "ability", card=lobber)}
    s = use_ability(s, 0, lobber, 0, ["base:1"])
    assert base_damage(s, 1) == 1


def test_firebat_pays_1_and_exhausts_for_2_damage_to_a_patroller_or_building():
    """Firebat: 1 gold and exhaust: 2 damage to a patroller or building."""
    s = scenario_game(
        [
            {"gold": 1, "play": [{"card": "firebat", "id": "bat"}]},
            {
                "play": [
                    {"card": "older_brother", "patrol": "squad_leader", "id": "ob"},
                    {"card": "tenderfoot", "id": "home"},
                ]
            },
        ],
        heroes=JAINA,
    )
    bat = find(s, "bat")
    offered = {a["targets"][0] for a in legal_of(s, 0, "ability", card=bat)}
    assert find(s, "ob") in offered and find(s, "home") not in offered
    s = use_ability(s, 0, bat, 0, [find(s, "ob")])
    assert damage(s, find(s, "ob")) == 1  # the squad leader's armor took 1
    assert gold(s, 0) == 0


# ---- Bamstamper Lizzo, Doubleshot Archer, Molting Firebird ------------------


def test_bamstamper_lizzo_deals_3_to_a_unit_when_it_arrives():
    """Bamstamper Lizzo arrives: 3 damage to a unit (heroes are no
    targets)."""
    s = scenario_game(
        [
            {"hand": ["bamstamper_lizzo"], "gold": 4, "buildings": ALL_TECH},
            {"play": [{"card": "iron_man", "id": "iron"}, {"card": "troq_bashar", "id": "troq"}]},
        ],
        heroes=JAINA,
    )
    s = play_card(s, 0, "bamstamper_lizzo")
    assert find(s, "troq") not in prompt_options(s)
    s = choose(s, 0, find(s, "iron"))
    assert damage(s, find(s, "iron")) == 3


def test_bamstamper_lizzo_alone_must_hit_himself():
    """Bamstamper Lizzo ruling: not optional; if he is the only unit, he
    deals 3 to himself and dies."""
    s = scenario_game([{"hand": ["bamstamper_lizzo"], "gold": 4, "buildings": ALL_TECH}], heroes=JAINA)
    s = play_card(s, 0, "bamstamper_lizzo")
    assert in_play(s, 0, "bamstamper_lizzo") == []
    assert cards_in(s, 0, "discard") == ["bamstamper_lizzo"]


def test_doubleshot_archer_attacking_hits_the_defenders_base_for_3_and_takes_nothing_back():
    """Doubleshot Archer: whenever it attacks, that opponent's base takes 3
    damage; long-range: a defender without it deals no damage back."""
    s = scenario_game(
        [
            {"play": [{"card": "doubleshot_archer", "id": "arch"}]},
            {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "iron"}]},
        ],
        heroes=JAINA,
    )
    s = attack(s, 0, find(s, "arch"), find(s, "iron"))
    assert base_damage(s, 1) == 3
    assert damage(s, find(s, "arch")) == 0 and damage(s, find(s, "iron")) == 3


def test_molting_firebird_damaging_a_building_hits_every_unit_and_hero_of_that_player():
    """Molting Firebird: flying; whenever it damages a building, 1 damage to
    every unit and hero that opponent controls (not the attacker's own)."""
    s = scenario_game(
        [
            {"play": [{"card": "molting_firebird", "id": "bird"}, {"card": "mad_man", "id": "mine"}]},
            {
                "play": [
                    {"card": "troq_bashar", "id": "troq"},
                    {"card": "older_brother", "id": "ob"},
                    {"card": "iron_man", "patrol": "squad_leader"},
                ]
            },
        ],
        heroes=JAINA,
    )
    s = attack(s, 0, find(s, "bird"), "base:1")
    assert base_damage(s, 1) == 4
    assert damage(s, find(s, "troq")) == 1 and damage(s, find(s, "ob")) == 1
    assert damage(s, find(s, "mine")) == 0


# ---- Firehouse --------------------------------------------------------------


def test_firehouse_readies_each_time_its_2_damage_destroys_the_target():
    """Firehouse: exhaust: 2 damage to a unit, hero or building; if that
    destroys it, Firehouse readies and may fire again, without limit
    (ruling); a survivor leaves it exhausted."""
    s = scenario_game(
        [
            {"play": [{"card": "firehouse", "id": "house"}]},
            {
                "play": [
                    {"card": "older_brother", "id": "a"},
                    {"card": "mad_man", "id": "b"},
                    {"card": "iron_man", "id": "c"},
                ]
            },
        ],
        heroes=JAINA,
    )
    house = find(s, "house")
    s = use_ability(s, 0, house, 0, [find(s, "a")])
    assert in_play(s, 1, "older_brother") == [] and not s["cards"][house]["exhausted"]
    s = use_ability(s, 0, house, 0, [find(s, "b")])
    assert not s["cards"][house]["exhausted"]
    s = use_ability(s, 0, house, 0, [find(s, "c")])
    assert damage(s, find(s, "c")) == 2 and s["cards"][house]["exhausted"]


def test_firehouse_does_not_ready_on_an_illusion_that_died_when_targeted():
    """Firehouse ruling: an Illusion dies from being targeted, before the
    damage: that's no kill by the 2 damage, so Firehouse stays exhausted."""
    s = scenario_game(
        [{"play": [{"card": "firehouse", "id": "house"}]}, {"play": [{"card": "spectral_hound", "id": "hound"}]}],
        heroes=JAINA,
    )
    s = use_ability(s, 0, find(s, "house"), 0, [find(s, "hound")])
    assert in_play(s, 1, "spectral_hound") == []
    assert s["cards"][find(s, "house")]["exhausted"]


def test_firehouse_cannot_be_used_the_turn_it_comes_into_play():
    """Firehouse ruling: no haste, so not the turn it comes under your
    control (house rule R5)."""
    s = scenario_game([{"play": [{"card": "firehouse", "fresh": True, "id": "house"}]}], heroes=JAINA)
    assert_refused(
        s, 0, {"type": "ability", "card": find(s, "house"), "ability": 0, "targets": ["base:1"]}, "arrival_fatigue"
    )


def test_hotter_fire_stacks_and_leaves_combat_damage_alone():
    """Hotter Fire rulings: two of them add 2; combat damage and sparkshot
    get nothing."""
    s = scenario_game(
        [
            {"hand": ["fire_dart"], "gold": 2, "play": [jaina(id="j"), "hotter_fire", "hotter_fire"]},
            {
                "play": [
                    {"card": "regular_sized_rhinoceros", "id": "rhino"},
                    {"card": "older_brother", "patrol": "squad_leader", "id": "ob"},
                    {"card": "iron_man", "patrol": "elite", "id": "iron"},
                ]
            },
        ],
        heroes=JAINA,
    )
    s = play_card(s, 0, "fire_dart", [find(s, "rhino")])
    assert damage(s, find(s, "rhino")) == 5
    s = attack(s, 0, find(s, "j"), find(s, "ob"))
    assert damage(s, find(s, "iron")) == 1  # sparkshot: 1, no bonus
    assert damage(s, find(s, "ob")) == 1  # Jaina's 2 ATK, 1 absorbed by armor


def test_hotter_fire_counts_only_red_cards():
    """Hotter Fire: a neutral spell (Spark) is no red spell."""
    s = scenario_game(
        [
            {"hand": ["spark"], "gold": 1, "play": [jaina(), "hotter_fire"]},
            {"play": [{"card": "iron_man", "patrol": "elite", "id": "iron"}]},
        ],
        heroes=JAINA,
    )
    s = play_card(s, 0, "spark", [find(s, "iron")])
    assert damage(s, find(s, "iron")) == 1


# ---- Cinderblast Dragon -----------------------------------------------------


def test_cinderblast_dragon_arriving_casts_a_fire_spell_from_the_codex_for_free():
    """Cinderblast Dragon arrives: you may cast a non-ultimate Fire spell
    from your hand or codex for free; it then goes to the discard pile.
    Burning Volley (an ultimate) and non-Fire spells are not offered."""
    s = scenario_game(
        [
            {
                "hand": ["cinderblast_dragon", "scorch"],
                "gold": 7,
                "buildings": ALL_TECH,
                "codex": {"fire_dart": 1, "burning_volley": 2, "ember_sparks": 0},
            },
            {"play": [{"card": "iron_man", "id": "iron"}]},
        ],
        heroes=JAINA,
    )
    s = play_card(s, 0, "cinderblast_dragon")
    assert set(prompt_options(s)) == {"fire_dart"}
    s = choose(s, 0, "fire_dart")
    s = choose(s, 0, find(s, "iron"))
    assert damage(s, find(s, "iron")) == 3
    assert gold(s, 0) == 0
    assert "fire_dart" not in s["players"][0]["codex"]
    assert cards_in(s, 0, "discard") == ["fire_dart"]


def test_cinderblast_dragon_needs_no_fire_hero_and_may_cast_from_hand():
    """Cinderblast Dragon ruling: the Fire spell needs no Fire hero (Jaina
    is in the command zone here): Flame Arrow cast from hand."""
    s = scenario_game(
        [{"hand": ["cinderblast_dragon", "flame_arrow"], "gold": 7, "buildings": ALL_TECH, "codex": {}}], heroes=JAINA
    )
    s = play_card(s, 0, "cinderblast_dragon")
    arrow = hand_ids(s, 0, "flame_arrow")[0]
    assert prompt_options(s) == [arrow]
    s = choose(s, 0, arrow)
    s = choose(s, 0, "base:1")
    assert base_damage(s, 1) == 3 and cards_in(s, 0, "discard") == ["flame_arrow"]


def test_cinderblast_dragon_attack_spell_resolves_before_combat_and_a_new_target_is_picked():
    """Cinderblast Dragon ruling: on an attack the spell comes after the
    attack is declared and before combat; if it kills the defender, the
    Dragon picks a new target and doesn't trigger again."""
    s = scenario_game(
        [
            {"play": [{"card": "cinderblast_dragon", "id": "dragon"}], "codex": {"fire_dart": 2}},
            {
                "play": [
                    {"card": "older_brother", "patrol": "squad_leader", "id": "ob"},
                    {"card": "iron_man", "id": "iron"},
                ]
            },
        ],
        heroes=JAINA,
    )
    s = attack(s, 0, find(s, "dragon"), find(s, "ob"))
    s = choose(s, 0, "fire_dart")
    s = choose(s, 0, find(s, "ob"))
    assert in_play(s, 1, "older_brother") == []
    assert find(s, "iron") in prompt_options(s)  # the new target
    s = choose(s, 0, "base:1")
    assert base_damage(s, 1) == 6
    assert s["players"][0]["codex"]["fire_dart"] == 1


# ---- Jaina Stormborne -------------------------------------------------------


def test_jaina_has_sparkshot():
    """Jaina Stormborne, level 1: sparkshot: attacking a patroller, 1 damage
    to an adjacent patroller."""
    s = scenario_game(
        [
            {"play": [jaina()]},
            {
                "play": [
                    {"card": "iron_man", "patrol": "squad_leader", "id": "sl"},
                    {"card": "older_brother", "patrol": "elite", "id": "elite"},
                ]
            },
        ],
        heroes=JAINA,
    )
    s = attack(s, 0, find(s, "jaina"), find(s, "sl"))
    assert damage(s, find(s, "elite")) == 1


def test_jaina_mid_band_exhausts_for_1_damage_to_a_patrolling_unit_or_building():
    """Jaina Stormborne, level 4: exhaust: 1 damage to a patrolling unit or
    a building; units at home and heroes are no targets."""
    s = scenario_game(
        [
            {"play": [jaina(4)]},
            {
                "play": [
                    {"card": "older_brother", "patrol": "elite", "id": "ob"},
                    {"card": "troq_bashar", "patrol": "squad_leader", "id": "troq"},
                    {"card": "tenderfoot", "id": "home"},
                ]
            },
        ],
        heroes=JAINA,
    )
    j = find(s, "jaina")
    offered = {a["targets"][0] for a in legal_of(s, 0, "ability", card=j)}
    assert find(s, "ob") in offered and "base:1" in offered
    assert find(s, "troq") not in offered and find(s, "home") not in offered
    s = use_ability(s, 0, j, 0, [find(s, "ob")])
    assert damage(s, find(s, "ob")) == 1 and s["cards"][j]["exhausted"]


def test_jaina_max_band_adds_3_damage_to_a_unit_or_building():
    """Jaina Stormborne, level 7: exhaust: 3 damage to a unit or building
    (the mid band ability stays as the first)."""
    s = scenario_game([{"play": [jaina(7)]}, {"play": [{"card": "iron_man", "id": "iron"}]}], heroes=JAINA)
    j = find(s, "jaina")
    s = use_ability(s, 0, j, 1, [find(s, "iron")])
    assert damage(s, find(s, "iron")) == 3
    assert_refused(s, 0, {"type": "ability", "card": j, "ability": 0, "targets": ["base:1"]}, "exhausted")


def test_hotter_fire_examples_molting_firebird_and_crash_bomber_deal_2():
    """Hotter Fire ruling examples: Molting Firebird deals 2 to each
    opposing unit; Crash Bomber dying deals 2."""
    s = scenario_game(
        [
            {
                "play": [
                    "hotter_fire",
                    {"card": "molting_firebird", "id": "bird"},
                    {"card": "crash_bomber", "id": "bomber"},
                ]
            },
            {
                "play": [
                    {"card": "iron_man", "id": "iron"},
                    {"card": "older_brother", "patrol": "squad_leader", "id": "ob"},
                ]
            },
        ],
        heroes=JAINA,
    )
    s = attack(s, 0, find(s, "bird"), "base:1")
    assert damage(s, find(s, "iron")) == 2
    assert damage(s, find(s, "ob")) == 1  # 2, one absorbed by the squad leader's armor
    s = scenario_game(
        [
            {"play": ["hotter_fire", {"card": "crash_bomber", "id": "bomber"}]},
            {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "iron"}], "buildings": {"tech_1": True}},
        ],
        heroes=JAINA,
    )
    s = attack(s, 0, find(s, "bomber"), find(s, "iron"))
    s = choose(s, 0, "bld:1:tech_1")
    assert s["players"][1]["buildings"]["tech_1"]["damage"] == 2
