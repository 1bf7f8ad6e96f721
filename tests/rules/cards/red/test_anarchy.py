"""Scenario tests for the Anarchy spec and Captain Zane
(game/codex/cards/red/anarchy.py), Surprise Attack's Sharks included: each
card is played through real actions and its outcome checked; the official
rulings (reference/codex-cards/rulings.json, "Red" and "Heroes") are named
where they decide something, and docs/RULINGS.md ("Red cards") records the
engine's decisions. Seat 0 plays a red hero, seat 1 Troq Bashar unless a
test says otherwise."""

from game.codex import stats
from tests.rules.cards.red.common import ALL_TECH, DRAKK, ZANE, damage, drakk, gold, workers, zane
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
    legal_of,
    one,
    play_card,
    prompt_options,
    scenario_game,
    use_ability,
)

# ---- Bloodburn --------------------------------------------------------------


def test_bloodburn_collects_blood_runes_from_any_death_up_to_4():
    """Bloodburn: a blood rune whenever any unit dies (either player's),
    at most 4; exhaust and remove two: 1 damage to a unit or building."""
    s = scenario_game(
        [
            {
                "hand": ["maximum_anarchy"],
                "gold": 3,
                "play": [zane(6), {"card": "bloodburn", "id": "burn"}, {"card": "mad_man"}, {"card": "nautical_dog"}],
            },
            {"play": ["older_brother", "iron_man", "tenderfoot"]},
        ],
        heroes=ZANE,
    )
    burn = find(s, "burn")
    assert legal_of(s, 0, "ability", card=burn) == []
    s = play_card(s, 0, "maximum_anarchy")  # five units die at once
    assert s["cards"][burn]["marks"]["runes"]["blood"] == 4
    s = use_ability(s, 0, burn, 0, ["base:1"])
    assert base_damage(s, 1) == 1
    assert s["cards"][burn]["marks"]["runes"]["blood"] == 2
    assert s["cards"][burn]["exhausted"]


# ---- Chaos Mirror -----------------------------------------------------------


def test_chaos_mirror_swaps_printed_atk_until_end_of_turn():
    """Chaos Mirror: two units and/or heroes swap their printed ATK this
    turn. Printed means the card's number: a +1/+1 rune still counts on top
    (Chaos Mirror ruling). A hero's printed ATK is its band's."""
    s = scenario_game(
        [
            {"hand": ["chaos_mirror"], "gold": 2, "play": [zane(), {"card": "older_brother", "plus": 1, "id": "ob"}]},
            {"play": [{"card": "troq_bashar", "level": 8, "id": "troq"}]},
        ],
        heroes=ZANE,
    )
    ob, troq = find(s, "ob"), find(s, "troq")
    assert atk_hp(s, ob) == (3, 3) and atk_hp(s, troq)[0] == 4
    s = play_card(s, 0, "chaos_mirror", [ob, troq])
    assert atk_hp(s, ob) == (5, 3)  # Troq's printed 4 (max band), plus the rune
    assert atk_hp(s, troq)[0] == 2
    s = end_turn(s, 0)
    assert atk_hp(s, ob) == (3, 3) and atk_hp(s, troq)[0] == 4


# ---- Detonate ---------------------------------------------------------------


def test_detonate_trashes_an_opposing_building_card_and_itself():
    """Detonate: trash a building card (◎), then trash Detonate; tech
    buildings, add-ons and bases are not building cards (Detonate ruling)."""
    s = scenario_game(
        [
            {"hand": ["detonate"], "gold": 3, "play": [zane()]},
            {"play": [{"card": "rickety_mine", "id": "mine"}], "buildings": {"tech_1": True, "addon": "tower"}},
        ],
        heroes=ZANE,
    )
    mine = find(s, "mine")
    s = play_card(s, 0, "detonate")
    assert set(prompt_options(s)) == {mine, "workers:0", "workers:1"}
    s = choose(s, 0, mine)
    assert in_play(s, 1, "rickety_mine") == []
    assert cards_in(s, 1, "trash") == ["rickety_mine"]
    assert cards_in(s, 0, "trash") == ["detonate"]
    assert cards_in(s, 0, "discard") == []


def test_detonate_trashes_a_random_unseen_worker_of_the_chosen_player():
    """Detonate ruling: workers are all alike, so you pick the player, not
    the worker, and nobody sees it; your own are allowed (ruling)."""
    s = scenario_game(
        [
            {"hand": ["detonate", "detonate"], "gold": 6, "play": [zane()], "workers": 6},
            {"workers": 5, "worker_cards": ["spark"]},
        ],
        heroes=ZANE,
    )
    s = play_card(s, 0, "detonate")
    s = choose(s, 0, "workers:1")
    assert workers(s, 1) == 5
    s = play_card(s, 0, "detonate")
    s = choose(s, 0, "workers:0")
    assert workers(s, 0) == 5
    assert cards_in(s, 0, "trash") == ["detonate", "detonate"]


# ---- Surprise Attack, Shark tokens ------------------------------------------


def test_surprise_attack_makes_two_hasty_sharks_that_die_at_end_of_turn():
    """Surprise Attack: two 3/1 Shark tokens with haste and ephemeral: they
    attack at once and die when the turn ends."""
    s = scenario_game([{"hand": ["surprise_attack"], "gold": 5, "play": [zane()]}], heroes=ZANE)
    s = play_card(s, 0, "surprise_attack")
    sharks = in_play(s, 0, "shark")
    assert len(sharks) == 2 and atk_hp(s, sharks[0]) == (3, 1)
    for shark in sharks:
        s = attack(s, 0, shark, "base:1")
    assert base_damage(s, 1) == 6
    s = end_turn(s, 0)
    assert in_play(s, 0, "shark") == []


# ---- Maximum Anarchy --------------------------------------------------------


def test_maximum_anarchy_destroys_every_unit_and_hero_zane_too():
    """Maximum Anarchy: destroy all units and heroes, Zane too (ruling);
    heroes go to the command zone, units to their owners' discard piles,
    and the scavenger slot pays since they die (rulings)."""
    s = scenario_game(
        [
            {"hand": ["maximum_anarchy"], "gold": 3, "play": [zane(6), "older_brother"]},
            {"gold": 0, "play": [{"card": "troq_bashar", "id": "troq"}, {"card": "iron_man", "patrol": "scavenger"}]},
        ],
        heroes=ZANE,
    )
    s = play_card(s, 0, "maximum_anarchy")
    assert s["players"][0]["play"] == [] and s["players"][1]["play"] == []
    assert cards_in(s, 0, "command") == ["captain_zane"]
    assert cards_in(s, 1, "command") == ["troq_bashar"]
    assert cards_in(s, 0, "discard") == ["maximum_anarchy", "older_brother"]
    assert cards_in(s, 1, "discard") == ["iron_man"]
    assert gold(s, 1) == 1


def test_maximum_anarchy_is_an_ultimate():
    """Maximum Anarchy needs Zane at max level since the start of the turn
    (house rule R7)."""
    s = scenario_game([{"hand": ["maximum_anarchy"], "gold": 3, "play": [zane(5)]}], heroes=ZANE)
    spell = hand_ids(s, 0, "maximum_anarchy")[0]
    assert_refused(s, 0, {"type": "play", "card": spell, "targets": []}, "needs_max_hero")


# ---- Calypso Vystari --------------------------------------------------------


def test_calypso_vystari_does_nothing_and_targets_nothing_without_a_spell():
    """Calypso Vystari ruling: without a spell played this turn her ability
    does nothing, and doesn't even target (an Illusion patroller lives)."""
    s = scenario_game(
        [
            {"play": [zane(), {"card": "calypso_vystari", "id": "cal"}]},
            {"play": [{"card": "spectral_hound", "patrol": "squad_leader", "id": "hound"}]},
        ],
        heroes=ZANE,
    )
    s = use_ability(s, 0, find(s, "cal"), 0)
    assert s["prompt"] is None
    assert in_play(s, 1, "spectral_hound") == [find(s, "hound")]
    assert s["players"][1]["patrol"]["squad_leader"] == find(s, "hound")


# ---- Gunpoint Taxman --------------------------------------------------------


def test_gunpoint_taxman_steals_1_gold_when_he_kills_a_patroller():
    """Gunpoint Taxman: whenever he kills a patroller, steal 1 gold from
    that player."""
    s = scenario_game(
        [
            {"gold": 0, "play": [{"card": "gunpoint_taxman", "id": "tax"}]},
            {"gold": 3, "play": [{"card": "older_brother", "patrol": "elite", "id": "ob"}]},
        ],
        heroes=ZANE,
    )
    s = attack(s, 0, find(s, "tax"), find(s, "ob"))
    assert in_play(s, 1, "older_brother") == []
    assert gold(s, 0) == 1 and gold(s, 1) == 2


def test_gunpoint_taxman_steals_nothing_from_a_player_without_gold_or_off_patrol():
    """Gunpoint Taxman ruling: nothing from a player with no gold; and a
    unit killed at home is no patroller."""
    s = scenario_game(
        [
            {"gold": 0, "play": [{"card": "gunpoint_taxman", "id": "tax"}]},
            {"gold": 0, "play": [{"card": "older_brother", "patrol": "elite", "id": "ob"}]},
        ],
        heroes=ZANE,
    )
    s = attack(s, 0, find(s, "tax"), find(s, "ob"))
    assert in_play(s, 1, "older_brother") == [] and gold(s, 0) == 0
    s = scenario_game(
        [
            {"gold": 0, "play": [{"card": "gunpoint_taxman", "id": "tax"}]},
            {"gold": 3, "play": [{"card": "older_brother", "id": "ob"}]},
        ],
        heroes=ZANE,
    )
    s = attack(s, 0, find(s, "tax"), find(s, "ob"))
    assert in_play(s, 1, "older_brother") == [] and gold(s, 0) == 0 and gold(s, 1) == 3


# ---- Disguised Monkey, Chameleon Lizzo --------------------------------------


def test_disguised_monkey_sneaks_past_patrollers_the_turn_it_arrives():
    """Disguised Monkey: haste, and stealth the turn it arrives."""
    s = scenario_game(
        [
            {"hand": ["disguised_monkey"], "gold": 2, "buildings": ALL_TECH},
            {"play": [{"card": "iron_man", "patrol": "squad_leader"}]},
        ],
        heroes=ZANE,
    )
    s = play_card(s, 0, "disguised_monkey")
    monkey = one(s, 0, "disguised_monkey")
    assert stats.kw(s, monkey, "stealth") == 1
    assert "base:1" in {a["target"] for a in legal_of(s, 0, "attack", attacker=monkey)}
    s = attack(s, 0, monkey, "base:1")
    assert base_damage(s, 1) == 3
    s = end_turn(s, 0)
    assert stats.kw(s, monkey, "stealth") == 0


def test_chameleon_lizzo_returns_to_his_owners_hand_at_the_end_of_every_turn():
    """Chameleon Lizzo: haste and stealth; at the end of the turn he goes
    back to his owner's hand, after the draw phase (ruling), and at the end
    of an opponent's turn too when he is in play then (ruling)."""
    s = scenario_game(
        [
            {"hand": ["chameleon_lizzo"], "deck": ["spark"] * 5, "gold": 4, "buildings": ALL_TECH},
            {"play": [{"card": "iron_man", "patrol": "squad_leader"}]},
        ],
        heroes=ZANE,
    )
    s = play_card(s, 0, "chameleon_lizzo")
    s = attack(s, 0, one(s, 0, "chameleon_lizzo"), "base:1")
    assert base_damage(s, 1) == 4
    s = end_turn(s, 0)
    assert in_play(s, 0, "chameleon_lizzo") == []
    assert cards_in(s, 0, "hand") == ["chameleon_lizzo", "spark", "spark"]
    s = scenario_game([{"play": [{"card": "chameleon_lizzo", "id": "liz"}]}, {}], heroes=ZANE, active=1)
    s = end_turn(s, 1)
    assert "chameleon_lizzo" in cards_in(s, 0, "hand")


# ---- Marauder ---------------------------------------------------------------


def test_marauder_boosted_trashes_a_worker_of_the_chosen_player():
    """Marauder: boost 3 (6 gold in all): when it arrives, trash a worker;
    an opponent's or your own (ruling). Unboosted it does nothing."""
    s = scenario_game(
        [{"hand": ["marauder", "marauder"], "gold": 9, "buildings": ALL_TECH, "workers": 8}, {"workers": 5}],
        heroes=ZANE,
    )
    first = hand_ids(s, 0, "marauder")[0]
    s = act(s, 0, {"type": "play", "card": first, "targets": [], "boost": True})
    assert gold(s, 0) == 3
    assert set(prompt_options(s)) == {"workers:0", "workers:1"}
    s = choose(s, 0, "workers:1")
    assert workers(s, 1) == 4
    s = play_card(s, 0, "marauder")
    assert s["prompt"] is None and workers(s, 1) == 4 and workers(s, 0) == 8
    marauders = in_play(s, 0, "marauder")
    s = attack(s, 0, marauders[0], "base:1")  # haste
    assert base_damage(s, 1) == 4


# ---- Steam Tank -------------------------------------------------------------


def test_steam_tank_gets_4_atk_attacking_buildings():
    """Steam Tank: +4 ATK when attacking buildings (7 to a base); 3 against
    a unit."""
    s = scenario_game(
        [
            {"play": [{"card": "steam_tank", "id": "t1"}, {"card": "steam_tank", "id": "t2"}]},
            {"play": [{"card": "iron_man", "id": "iron"}]},
        ],
        heroes=ZANE,
    )
    s = attack(s, 0, find(s, "t1"), "base:1")
    assert base_damage(s, 1) == 7
    s = attack(s, 0, find(s, "t2"), find(s, "iron"))
    assert damage(s, find(s, "iron")) == 3


# ---- Sanatorium -------------------------------------------------------------


def test_sanatorium_draws_then_puts_up_to_two_units_into_play_with_haste_and_ephemeral():
    """Sanatorium: pay 1 and exhaust: draw a card, then put up to two tech 0,
    I or II units from your hand into play, free and without their tech
    building (ruling); they gain haste and ephemeral and die at end of turn.
    A tech III unit is not offered."""
    s = scenario_game(
        [
            {
                "hand": ["steam_tank", "pirate_gunship", "spark"],
                "deck": ["older_brother"],
                "gold": 1,
                "play": [{"card": "sanatorium", "id": "san"}],
            }
        ],
        heroes=ZANE,
    )
    s = use_ability(s, 0, find(s, "san"), 0)
    tank, brother = hand_ids(s, 0, "steam_tank")[0], hand_ids(s, 0, "older_brother")[0]
    assert set(prompt_options(s)) == {tank, brother}
    s = choose(s, 0, tank)
    s = choose(s, 0, brother)
    assert gold(s, 0) == 0
    for card in ("steam_tank", "older_brother"):
        unit = one(s, 0, card)
        assert stats.kw(s, unit, "haste") == 1 and stats.kw(s, unit, "ephemeral") == 1
    s = attack(s, 0, one(s, 0, "steam_tank"), "base:1")
    assert base_damage(s, 1) == 7
    s = end_turn(s, 0)
    assert in_play(s, 0, "steam_tank") == [] and in_play(s, 0, "older_brother") == []


def test_sanatorium_may_put_nothing_into_play():
    """Sanatorium: "up to two": none is fine."""
    s = scenario_game(
        [{"hand": ["older_brother"], "deck": ["spark"], "gold": 1, "play": [{"card": "sanatorium", "id": "san"}]}],
        heroes=ZANE,
    )
    s = use_ability(s, 0, find(s, "san"), 0)
    s = choose(s, 0)
    assert cards_in(s, 0, "hand") == ["older_brother", "spark"]


def test_sanatorium_does_not_offer_a_second_copy_of_a_legendary_in_play():
    """Sanatorium: a legendary unit already in play (Galina Glimmer) is not
    offered again: a second copy could never stay (Deluxe rulebook,
    "Legendary Cards"), as Feral Strike's offer leaves it out too."""
    s = scenario_game(
        [
            {
                "hand": ["galina_glimmer", "older_brother"],
                "deck": ["spark"],
                "gold": 1,
                "play": [{"card": "sanatorium", "id": "san"}, "galina_glimmer"],
            }
        ],
        heroes=ZANE,
    )
    s = use_ability(s, 0, find(s, "san"), 0)
    assert set(prompt_options(s)) == set(hand_ids(s, 0, "older_brother"))


# ---- Pirate Gunship ---------------------------------------------------------


def test_pirate_gunship_has_haste_flying_long_range_resist_and_obliterate_2():
    """Pirate Gunship: keywords only: it attacks at once, obliterates the
    defender's two lowest tech units, flies over ground patrollers, takes
    nothing back from a ground defender, and costs 2 more to target."""
    s = scenario_game(
        [
            {"hand": ["pirate_gunship"], "gold": 6, "buildings": ALL_TECH},
            {
                "play": [
                    {"card": "older_brother", "id": "ob"},
                    {"card": "tenderfoot", "id": "foot"},
                    {"card": "iron_man", "patrol": "squad_leader", "id": "iron"},
                ]
            },
        ],
        heroes=ZANE,
    )
    s = play_card(s, 0, "pirate_gunship")
    ship = one(s, 0, "pirate_gunship")
    assert stats.kw(s, ship, "resist") == 2
    s = attack(s, 0, ship, find(s, "iron"))
    assert in_play(s, 1, "older_brother") == [] and in_play(s, 1, "tenderfoot") == []
    assert in_play(s, 1, "iron_man") == []
    assert damage(s, ship) == 0


# ---- Captured Bugblatter ----------------------------------------------------


def test_captured_bugblatter_on_your_turn_hits_an_opposing_base_per_unit_death():
    """Captured Bugblatter: whenever a unit dies on your turn, 1 damage to an
    opponent's base; its own death counts (ruling), and every unit of one
    simultaneous batch counts."""
    s = scenario_game(
        [
            {"hand": ["maximum_anarchy"], "gold": 3, "play": [zane(6), "captured_bugblatter", "mad_man"]},
            {"play": ["older_brother", "iron_man"]},
        ],
        heroes=ZANE,
    )
    s = play_card(s, 0, "maximum_anarchy")
    assert base_damage(s, 1) == 4  # Bugblatter, Mad Man, Older Brother, Iron Man
    assert base_damage(s, 0) == 0


def test_pirate_gang_commander_your_units_dying_hit_each_opposing_base():
    """Pirate-Gang Commander: your units (tokens and himself too) have
    "dies: 1 damage to each opposing base"; opposing units don't."""
    s = scenario_game(
        [
            {"hand": ["maximum_anarchy"], "gold": 3, "play": [zane(6), "pirate_gang_commander", "pirate", "pirate"]},
            {"play": ["older_brother"]},
        ],
        heroes=ZANE,
    )
    s = play_card(s, 0, "maximum_anarchy")
    assert base_damage(s, 1) == 3 and base_damage(s, 0) == 0


# ---- Captain Zane -----------------------------------------------------------


def test_zane_has_haste_and_attacks_the_turn_he_is_summoned():
    """Captain Zane, level 1: haste."""
    s = scenario_game([{"gold": 2}], heroes=ZANE)
    zane_id = s["players"][0]["command"][0]
    s = act(s, 0, {"type": "summon", "hero": zane_id})
    s = attack(s, 0, zane_id, "base:1")
    assert base_damage(s, 1) == 2


def test_zane_mid_band_killing_a_scavenger_gives_1_gold_and_a_technician_a_card():
    """Captain Zane, level 4: when Zane kills a scavenger, 1 gold (the
    scavenger's own player gets the slot's gold too); a technician, a card."""
    s = scenario_game(
        [
            {"gold": 0, "deck": ["spark"], "play": [zane(4)]},
            {
                "gold": 0,
                "play": [
                    {"card": "older_brother", "patrol": "scavenger", "id": "scav"},
                    {"card": "tenderfoot", "patrol": "technician", "id": "tech"},
                ],
            },
        ],
        heroes=ZANE,
    )
    s = attack(s, 0, find(s, "zane"), find(s, "scav"))
    assert in_play(s, 1, "older_brother") == []
    assert gold(s, 0) == 1 and gold(s, 1) == 1
    s2 = scenario_game(
        [
            {"gold": 0, "deck": ["spark"], "play": [zane(4)]},
            {"play": [{"card": "tenderfoot", "patrol": "technician", "id": "tech"}]},
        ],
        heroes=ZANE,
    )
    s2 = attack(s2, 0, find(s2, "zane"), find(s2, "tech"))
    assert in_play(s2, 1, "tenderfoot") == []
    assert cards_in(s2, 0, "hand") == ["spark"]


def test_zane_reaching_max_level_shoves_a_patroller_and_deals_it_1_damage():
    """Captain Zane, max level: shove a patroller (◎) to an empty slot of
    its patrol zone (any empty one, ruling), then 1 damage to it; that
    damage killing it in the scavenger slot counts for his mid band (Zane
    ruling)."""
    s = scenario_game(
        [
            {"gold": 1, "play": [zane(5)]},
            {
                "gold": 0,
                "play": [
                    {"card": "timely_messenger", "patrol": "squad_leader", "id": "tm"},
                    {"card": "iron_man", "patrol": "elite", "id": "iron"},
                ],
            },
        ],
        heroes=ZANE,
    )
    s = act(s, 0, {"type": "level_up", "hero": find(s, "zane"), "levels": 1})
    assert set(prompt_options(s)) == {find(s, "tm"), find(s, "iron")}
    s = choose(s, 0, find(s, "tm"))
    assert set(prompt_options(s)) == {"slot:1:scavenger", "slot:1:technician", "slot:1:lookout"}
    s = choose(s, 0, "slot:1:scavenger")
    assert in_play(s, 1, "timely_messenger") == []
    assert gold(s, 0) == 1 and gold(s, 1) == 1  # Zane's gold; the slot's gold
    assert s["players"][1]["patrol"]["squad_leader"] is None


def test_zane_max_level_with_a_full_patrol_zone_still_deals_the_damage():
    """Zane ruling: with no empty slot the patroller goes nowhere but still
    takes the 1 damage (do as much as you can)."""
    slots = ("squad_leader", "elite", "scavenger", "technician", "lookout")
    s = scenario_game(
        [
            {"gold": 1, "play": [zane(5)]},
            {"play": [{"card": "iron_man", "patrol": slot, "id": slot} for slot in slots]},
        ],
        heroes=ZANE,
    )
    s = act(s, 0, {"type": "level_up", "hero": find(s, "zane"), "levels": 1})
    s = choose(s, 0, find(s, "elite"))
    assert s["prompt"] is None
    assert s["players"][1]["patrol"]["elite"] == find(s, "elite")
    assert damage(s, find(s, "elite")) == 1


def test_zane_max_level_on_an_illusion_patroller_just_kills_it():
    """Illusion ruling: targeted by Zane's max level ability, an Illusion
    dies at once; there is nothing left to shove or damage (this crashed
    before)."""
    s = scenario_game(
        [
            {"gold": 1, "play": [zane(5)]},
            {"play": [{"card": "spectral_hound", "patrol": "squad_leader", "id": "hound"}]},
        ],
        heroes=ZANE,
    )
    s = act(s, 0, {"type": "level_up", "hero": find(s, "zane"), "levels": 1})
    assert s["prompt"] is None
    assert in_play(s, 1, "spectral_hound") == []
    assert cards_in(s, 1, "discard") == ["spectral_hound"]


def test_drakk_max_band_counts_a_unit_put_into_play_from_hand():
    """Drakk Ramhorn ruling: a unit put into play from your hand (here by
    Sanatorium) "arrives from your hand" too, so it is the one that gets
    Drakk's haste."""
    from tests.rules.helpers import logged

    s = scenario_game(
        [
            {
                "hand": ["older_brother"],
                "deck": ["spark"],
                "gold": 1,
                "play": [drakk(6), {"card": "sanatorium", "id": "san"}],
            }
        ],
        heroes=DRAKK,
    )
    s = use_ability(s, 0, find(s, "san"), 0)
    s = choose(s, 0, hand_ids(s, 0, "older_brother")[0])
    assert logged(s, "Older Brother gained haste from Drakk Ramhorn.")
