"""Scenario tests for the red cards (game/rules/cards/red.py): the red
starting deck, the Anarchy, Blood and Fire codexes, the Pirate token (and
the blue Shark tokens of Surprise Attack), and the heroes Captain Zane,
Drakk Ramhorn and Jaina Stormborne in every band. Each card is played
through real actions and its outcome checked; the official rulings
(reference/codex-cards/rulings.json, "Red" and "Heroes") are named where
they decide something, and docs/RULINGS.md ("Red cards") records the
engine's decisions.

Seat 0 plays a red hero, seat 1 Troq Bashar unless a test says otherwise.
"""
from game.rules import new_game, stats
from tests.rules.helpers import (cards_in, one, act, assert_refused, atk_hp, attack, base_damage, choose,
                                 end_turn, find, hand_ids, in_play, legal_of, play_card,
                                 prompt_options, scenario_game, use_ability)

ZANE = ("captain_zane", "troq_bashar")
DRAKK = ("drakk_ramhorn", "troq_bashar")
JAINA = ("jaina_stormborne", "troq_bashar")
ALL_TECH = {"tech_1": True, "tech_2": True, "tech_3": True}


def zane(level=1, **extra):
    return dict({"card": "captain_zane", "level": level, "id": "zane"}, **extra)


def drakk(level=1, **extra):
    return dict({"card": "drakk_ramhorn", "level": level, "id": "drakk"}, **extra)


def jaina(level=1, **extra):
    return dict({"card": "jaina_stormborne", "level": level, "id": "jaina"}, **extra)


def damage(state, iid):
    return state["cards"][iid]["damage"]


def gold(state, seat):
    return state["players"][seat]["gold"]


def workers(state, seat):
    p = state["players"][seat]
    return p["base_workers"] + len(p["workers"])


# ---- Nautical Dog, Mad Man (keywords only) ----------------------------------

def test_nautical_dog_has_frenzy_1_on_its_controllers_turn_only():
    """Nautical Dog: frenzy 1, +1 ATK during its controller's turn."""
    s = scenario_game([{"play": [{"card": "nautical_dog", "id": "mine"}]},
                       {"play": [{"card": "nautical_dog", "id": "theirs"}]}], heroes=DRAKK)
    assert atk_hp(s, find(s, "mine")) == (2, 1)
    assert atk_hp(s, find(s, "theirs")) == (1, 1)


def test_mad_man_has_haste_and_attacks_the_turn_he_is_played():
    """Mad Man: haste, so he attacks the turn he arrives."""
    s = scenario_game([{"hand": ["mad_man"], "gold": 1}], heroes=ZANE)
    s = play_card(s, 0, "mad_man")
    s = attack(s, 0, one(s, 0, "mad_man"), "base:1")
    assert base_damage(s, 1) == 1


# ---- Bombaster --------------------------------------------------------------

def test_bombaster_pays_1_and_sacrifices_itself_to_hit_a_patrolling_unit_for_2():
    """Bombaster: 1 gold and sacrificing it: 2 damage to a patrolling unit;
    heroes and units at home are no targets; it dies (discard pile)."""
    s = scenario_game([{"gold": 1, "play": [{"card": "bombaster", "id": "bomb"}]},
                       {"play": [{"card": "iron_man", "patrol": "elite", "id": "iron"},
                                 {"card": "older_brother", "id": "home"},
                                 {"card": "troq_bashar", "patrol": "squad_leader", "id": "troq"}]}],
                      heroes=ZANE)
    bomb = find(s, "bomb")
    assert {a["targets"][0] for a in legal_of(s, 0, "ability", card=bomb)} == {find(s, "iron")}
    s = use_ability(s, 0, bomb, 0, [find(s, "iron")])
    assert damage(s, find(s, "iron")) == 2
    assert gold(s, 0) == 0
    assert in_play(s, 0, "bombaster") == []
    assert cards_in(s, 0, "discard") == ["bombaster"]


# ---- Careless Musketeer -----------------------------------------------------

def test_careless_musketeer_hits_a_unit_and_its_own_base():
    """Careless Musketeer: exhaust: 1 damage to a unit or building and 1 to
    your own base; heroes are no targets; not the turn it arrives."""
    s = scenario_game([{"play": [{"card": "careless_musketeer", "id": "musk"}]},
                       {"play": [{"card": "older_brother", "id": "ob"},
                                 {"card": "troq_bashar", "id": "troq"}]}], heroes=ZANE)
    musk = find(s, "musk")
    offered = {a["targets"][0] for a in legal_of(s, 0, "ability", card=musk)}
    assert find(s, "troq") not in offered and {find(s, "ob"), "base:1", "base:0"} <= offered
    s = use_ability(s, 0, musk, 0, [find(s, "ob")])
    assert damage(s, find(s, "ob")) == 1
    assert base_damage(s, 0) == 1
    assert s["cards"][musk]["exhausted"]


def test_careless_musketeer_has_arrival_fatigue():
    """Careless Musketeer has no haste: no exhaust ability the turn it
    arrives (arrival fatigue, R5)."""
    s = scenario_game([{"play": [{"card": "careless_musketeer", "fresh": True, "id": "musk"}]}],
                      heroes=ZANE)
    assert_refused(s, 0, {"type": "ability", "card": find(s, "musk"), "ability": 0,
                          "targets": ["base:1"]}, "arrival_fatigue")


# ---- Bloodrage Ogre ---------------------------------------------------------

def test_bloodrage_ogre_goes_home_at_end_of_turn_if_he_neither_arrived_nor_attacked():
    """Bloodrage Ogre: at the end of his controller's turn he returns to his
    owner's hand unless he arrived or attacked this turn; he returns after
    the draw phase (ruling), so he is in the new hand, not discarded."""
    s = scenario_game([{"hand": [], "deck": ["spark", "spark", "spark"],
                        "play": [{"card": "bloodrage_ogre", "id": "idle"}]}], heroes=DRAKK)
    s = end_turn(s, 0)
    assert in_play(s, 0, "bloodrage_ogre") == []
    assert cards_in(s, 0, "hand") == ["bloodrage_ogre", "spark", "spark"]


def test_bloodrage_ogre_stays_after_attacking_or_arriving():
    """Bloodrage Ogre stays when he attacked, or arrived, this turn."""
    s = scenario_game([{"hand": ["bloodrage_ogre"], "gold": 2,
                        "play": [{"card": "bloodrage_ogre", "id": "fighter"}]}], heroes=DRAKK)
    s = play_card(s, 0, "bloodrage_ogre")
    s = attack(s, 0, find(s, "fighter"), "base:1")
    s = end_turn(s, 0)
    assert len(in_play(s, 0, "bloodrage_ogre")) == 2


def test_bloodrage_ogre_does_not_go_home_at_the_end_of_an_opponents_turn():
    """Bloodrage Ogre ruling: his end of turn trigger works on his
    controller's turn only."""
    s = scenario_game([{"play": [{"card": "bloodrage_ogre", "id": "ogre"}]}, {}], heroes=DRAKK,
                      active=1)
    s = end_turn(s, 1)
    assert in_play(s, 0, "bloodrage_ogre") == [find(s, "ogre")]


# ---- Makeshift Rambaster ----------------------------------------------------

def test_makeshift_rambaster_gets_2_atk_against_buildings_only():
    """Makeshift Rambaster: haste, +2 ATK while attacking buildings: 3
    damage to a base, 1 to a unit."""
    s = scenario_game([{"hand": ["makeshift_rambaster", "makeshift_rambaster"], "gold": 4},
                       {"play": [{"card": "older_brother", "id": "ob"}]}], heroes=ZANE)
    s = play_card(s, 0, "makeshift_rambaster")
    s = play_card(s, 0, "makeshift_rambaster")
    first, second = in_play(s, 0, "makeshift_rambaster")
    assert atk_hp(s, first) == (1, 2)
    s = attack(s, 0, first, "base:1")
    assert base_damage(s, 1) == 3
    s = attack(s, 0, second, find(s, "ob"))
    assert damage(s, find(s, "ob")) == 1


def test_makeshift_rambaster_cannot_patrol():
    """Makeshift Rambaster: it can't patrol."""
    s = scenario_game([{"play": [{"card": "makeshift_rambaster", "id": "ram"}]}], heroes=ZANE)
    ram = find(s, "ram")
    assert_refused(s, 0, {"type": "patrol", "card": ram, "slot": "squad_leader"}, "cannot_patrol")
    assert legal_of(s, 0, "patrol", card=ram) == []


# ---- Bloodburn --------------------------------------------------------------

def test_bloodburn_collects_blood_runes_from_any_death_up_to_4():
    """Bloodburn: a blood rune whenever any unit dies (either player's),
    at most 4; exhaust and remove two: 1 damage to a unit or building."""
    s = scenario_game([{"hand": ["maximum_anarchy"], "gold": 3,
                        "play": [zane(6), {"card": "bloodburn", "id": "burn"},
                                 {"card": "mad_man"}, {"card": "nautical_dog"}]},
                       {"play": ["older_brother", "iron_man", "tenderfoot"]}], heroes=ZANE)
    burn = find(s, "burn")
    assert legal_of(s, 0, "ability", card=burn) == []
    s = play_card(s, 0, "maximum_anarchy")  # five units die at once
    assert s["cards"][burn]["marks"]["runes"]["blood"] == 4
    s = use_ability(s, 0, burn, 0, ["base:1"])
    assert base_damage(s, 1) == 1
    assert s["cards"][burn]["marks"]["runes"]["blood"] == 2
    assert s["cards"][burn]["exhausted"]


def test_bloodburn_cannot_be_used_the_turn_it_comes_into_play():
    """Bloodburn ruling: no haste, so not the turn it comes under your
    control (arrival fatigue, house rule R5)."""
    s = scenario_game([{"play": [{"card": "bloodburn", "fresh": True, "id": "burn"}]}], heroes=DRAKK)
    burn = find(s, "burn")
    s["cards"][burn]["marks"]["runes"] = {"blood": 2}
    assert_refused(s, 0, {"type": "ability", "card": burn, "ability": 0, "targets": ["base:1"]},
                   "arrival_fatigue")


# ---- Scorch, Charge, Pillage -------------------------------------------------

def test_scorch_deals_2_to_a_patroller_or_building():
    """Scorch: 2 damage to a patroller or a building; a unit at home is no
    target."""
    s = scenario_game([{"hand": ["scorch", "scorch"], "gold": 7, "play": [jaina()]},
                       {"play": [{"card": "iron_man", "patrol": "lookout", "id": "iron"},
                                 {"card": "older_brother", "id": "home"}],
                        "buildings": {"tech_1": True}}], heroes=JAINA)
    scorch = hand_ids(s, 0, "scorch")[0]
    offered = {a["targets"][0] for a in legal_of(s, 0, "play", card=scorch)}
    assert find(s, "home") not in offered
    assert {find(s, "iron"), "bld:1:tech_1", "base:1"} <= offered
    s = act(s, 0, {"type": "play", "card": scorch, "targets": [find(s, "iron")]})
    assert damage(s, find(s, "iron")) == 2
    assert gold(s, 0) == 3  # 3 + 1 resist of the lookout
    s = play_card(s, 0, "scorch", ["bld:1:tech_1"])
    assert s["players"][1]["buildings"]["tech_1"]["damage"] == 2


def test_charge_gives_one_of_your_units_haste_and_1_atk_this_turn():
    """Charge: one of your units gets haste and +1 ATK this turn."""
    s = scenario_game([{"hand": ["older_brother", "charge"], "gold": 4, "play": [drakk()]},
                       {"play": [{"card": "older_brother", "id": "theirs"}]}], heroes=DRAKK)
    s = play_card(s, 0, "older_brother")
    mine = one(s, 0, "older_brother")
    charge = hand_ids(s, 0, "charge")[0]
    assert {a["targets"][0] for a in legal_of(s, 0, "play", card=charge)} == {mine}
    s = play_card(s, 0, "charge", [mine])
    assert atk_hp(s, mine) == (3, 2)
    s = attack(s, 0, mine, "base:1")
    assert base_damage(s, 1) == 3
    s = end_turn(s, 0)
    assert atk_hp(s, mine) == (2, 2)


def test_pillage_deals_1_and_steals_1_or_2_and_2_with_a_pirate():
    """Pillage: 1 damage to a base and steal 1 gold from its player; with a
    Pirate (Bombaster, a Pirate token...) 2 damage and 2 gold."""
    s = scenario_game([{"hand": ["pillage", "pillage"], "gold": 1, "play": [zane()]},
                       {"gold": 5}], heroes=ZANE)
    s = play_card(s, 0, "pillage", ["base:1"])
    assert base_damage(s, 1) == 1 and gold(s, 0) == 1 and gold(s, 1) == 4
    s2 = scenario_game([{"hand": ["pillage"], "gold": 1, "play": [zane(), "pirate"]},
                        {"gold": 5}], heroes=ZANE)
    s2 = play_card(s2, 0, "pillage", ["base:1"])
    assert base_damage(s2, 1) == 2 and gold(s2, 0) == 2 and gold(s2, 1) == 3


def test_pillage_steals_only_what_the_player_has():
    """Pillage ruling: with less gold than the steal, take what there is;
    you gain only what you took."""
    s = scenario_game([{"hand": ["pillage"], "gold": 1, "play": [zane(), "bombaster"]},
                       {"gold": 1}], heroes=ZANE)
    s = play_card(s, 0, "pillage", ["base:1"])
    assert gold(s, 0) == 1 and gold(s, 1) == 0
    assert base_damage(s, 1) == 2


# ---- Chaos Mirror -----------------------------------------------------------

def test_chaos_mirror_swaps_printed_atk_until_end_of_turn():
    """Chaos Mirror: two units and/or heroes swap their printed ATK this
    turn. Printed means the card's number: a +1/+1 rune still counts on top
    (Chaos Mirror ruling). A hero's printed ATK is its band's."""
    s = scenario_game([{"hand": ["chaos_mirror"], "gold": 2,
                        "play": [zane(), {"card": "older_brother", "plus": 1, "id": "ob"}]},
                       {"play": [{"card": "troq_bashar", "level": 8, "id": "troq"}]}], heroes=ZANE)
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
    s = scenario_game([{"hand": ["detonate"], "gold": 3, "play": [zane()]},
                       {"play": [{"card": "rickety_mine", "id": "mine"}],
                        "buildings": {"tech_1": True, "addon": "tower"}}], heroes=ZANE)
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
    s = scenario_game([{"hand": ["detonate", "detonate"], "gold": 6, "play": [zane()], "workers": 6},
                       {"workers": 5, "worker_cards": ["spark"]}], heroes=ZANE)
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
    s = scenario_game([{"hand": ["maximum_anarchy"], "gold": 3,
                        "play": [zane(6), "older_brother"]},
                       {"gold": 0, "play": [{"card": "troq_bashar", "id": "troq"},
                                            {"card": "iron_man", "patrol": "scavenger"}]}],
                      heroes=ZANE)
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
    s = scenario_game([{"play": [zane(), {"card": "calypso_vystari", "id": "cal"}]},
                       {"play": [{"card": "spectral_hound", "patrol": "squad_leader", "id": "hound"}]}],
                      heroes=ZANE)
    s = use_ability(s, 0, find(s, "cal"), 0)
    assert s["prompt"] is None
    assert in_play(s, 1, "spectral_hound") == [find(s, "hound")]
    assert s["players"][1]["patrol"]["squad_leader"] == find(s, "hound")


def test_calypso_vystari_sidelines_a_patroller_after_a_spell():
    """Calypso Vystari: exhaust: if you played a spell this turn, sideline a
    patroller (it stays in play). A unit or upgrade is not a spell
    (ruling): playing one doesn't count."""
    s = scenario_game([{"hand": ["older_brother", "charge"], "gold": 4,
                        "play": [zane(), {"card": "calypso_vystari", "id": "cal"},
                                 {"card": "calypso_vystari", "id": "cal2"}]},
                       {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "iron"},
                                 {"card": "older_brother", "patrol": "elite", "id": "ob"}]}],
                      heroes=ZANE)
    s = play_card(s, 0, "older_brother")
    s = use_ability(s, 0, find(s, "cal2"), 0)
    assert s["prompt"] is None and s["players"][1]["patrol"]["squad_leader"] == find(s, "iron")
    s = play_card(s, 0, "charge", [one(s, 0, "older_brother")])
    s = use_ability(s, 0, find(s, "cal"), 0)
    assert set(prompt_options(s)) == {find(s, "iron"), find(s, "ob")}
    s = choose(s, 0, find(s, "iron"))
    assert s["players"][1]["patrol"]["squad_leader"] is None
    assert find(s, "iron") in s["players"][1]["play"]


# ---- Gunpoint Taxman --------------------------------------------------------

def test_gunpoint_taxman_steals_1_gold_when_he_kills_a_patroller():
    """Gunpoint Taxman: whenever he kills a patroller, steal 1 gold from
    that player."""
    s = scenario_game([{"gold": 0, "play": [{"card": "gunpoint_taxman", "id": "tax"}]},
                       {"gold": 3, "play": [{"card": "older_brother", "patrol": "elite", "id": "ob"}]}],
                      heroes=ZANE)
    s = attack(s, 0, find(s, "tax"), find(s, "ob"))
    assert in_play(s, 1, "older_brother") == []
    assert gold(s, 0) == 1 and gold(s, 1) == 2


def test_gunpoint_taxman_steals_nothing_from_a_player_without_gold_or_off_patrol():
    """Gunpoint Taxman ruling: nothing from a player with no gold; and a
    unit killed at home is no patroller."""
    s = scenario_game([{"gold": 0, "play": [{"card": "gunpoint_taxman", "id": "tax"}]},
                       {"gold": 0, "play": [{"card": "older_brother", "patrol": "elite", "id": "ob"}]}],
                      heroes=ZANE)
    s = attack(s, 0, find(s, "tax"), find(s, "ob"))
    assert in_play(s, 1, "older_brother") == [] and gold(s, 0) == 0
    s = scenario_game([{"gold": 0, "play": [{"card": "gunpoint_taxman", "id": "tax"}]},
                       {"gold": 3, "play": [{"card": "older_brother", "id": "ob"}]}], heroes=ZANE)
    s = attack(s, 0, find(s, "tax"), find(s, "ob"))
    assert in_play(s, 1, "older_brother") == [] and gold(s, 0) == 0 and gold(s, 1) == 3


# ---- Disguised Monkey, Chameleon Lizzo --------------------------------------

def test_disguised_monkey_sneaks_past_patrollers_the_turn_it_arrives():
    """Disguised Monkey: haste, and stealth the turn it arrives."""
    s = scenario_game([{"hand": ["disguised_monkey"], "gold": 2, "buildings": ALL_TECH},
                       {"play": [{"card": "iron_man", "patrol": "squad_leader"}]}], heroes=ZANE)
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
    s = scenario_game([{"hand": ["chameleon_lizzo"], "deck": ["spark"] * 5, "gold": 4,
                        "buildings": ALL_TECH},
                       {"play": [{"card": "iron_man", "patrol": "squad_leader"}]}], heroes=ZANE)
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
    s = scenario_game([{"hand": ["marauder", "marauder"], "gold": 9, "buildings": ALL_TECH, "workers": 8},
                       {"workers": 5}], heroes=ZANE)
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
    s = scenario_game([{"play": [{"card": "steam_tank", "id": "t1"}, {"card": "steam_tank", "id": "t2"}]},
                       {"play": [{"card": "iron_man", "id": "iron"}]}], heroes=ZANE)
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
    s = scenario_game([{"hand": ["steam_tank", "pirate_gunship", "spark"], "deck": ["older_brother"],
                        "gold": 1, "play": [{"card": "sanatorium", "id": "san"}]}], heroes=ZANE)
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
    s = scenario_game([{"hand": ["older_brother"], "deck": ["spark"], "gold": 1,
                        "play": [{"card": "sanatorium", "id": "san"}]}], heroes=ZANE)
    s = use_ability(s, 0, find(s, "san"), 0)
    s = choose(s, 0)
    assert cards_in(s, 0, "hand") == ["older_brother", "spark"]


# ---- Pirate Gunship ---------------------------------------------------------

def test_pirate_gunship_has_haste_flying_long_range_resist_and_obliterate_2():
    """Pirate Gunship: keywords only: it attacks at once, obliterates the
    defender's two lowest tech units, flies over ground patrollers, takes
    nothing back from a ground defender, and costs 2 more to target."""
    s = scenario_game([{"hand": ["pirate_gunship"], "gold": 6, "buildings": ALL_TECH},
                       {"play": [{"card": "older_brother", "id": "ob"}, {"card": "tenderfoot", "id": "foot"},
                                 {"card": "iron_man", "patrol": "squad_leader", "id": "iron"}]}],
                      heroes=ZANE)
    s = play_card(s, 0, "pirate_gunship")
    ship = one(s, 0, "pirate_gunship")
    assert stats.kw(s, ship, "resist") == 2
    s = attack(s, 0, ship, find(s, "iron"))
    assert in_play(s, 1, "older_brother") == [] and in_play(s, 1, "tenderfoot") == []
    assert in_play(s, 1, "iron_man") == []
    assert damage(s, ship) == 0


# ---- Desperation ------------------------------------------------------------

def test_desperation_with_an_otherwise_empty_hand_trashes_itself_and_draws_three():
    """Desperation: played as the only card in hand (it has left the hand
    when it checks, ruling): trash it and draw three. At the end of the main
    phase the hand is discarded, then the draw phase discards nothing and
    draws 2 (ruling)."""
    s = scenario_game([{"hand": ["desperation"], "deck": ["spark", "wither", "bloom", "mad_man", "charge"],
                        "play": [drakk()]}], heroes=DRAKK)
    s = play_card(s, 0, "desperation")
    assert cards_in(s, 0, "hand") == ["bloom", "spark", "wither"]
    assert cards_in(s, 0, "trash") == ["desperation"]
    s = end_turn(s, 0)
    assert cards_in(s, 0, "hand") == ["charge", "mad_man"]
    assert {"bloom", "spark", "wither"} <= set(cards_in(s, 0, "discard"))


def test_desperation_with_other_cards_in_hand_draws_nothing_but_still_discards_the_hand():
    """Desperation with other cards in hand: no draw, it goes to the discard
    pile, and the hand is still discarded when the main phase ends."""
    s = scenario_game([{"hand": ["desperation", "spark", "wither"], "deck": ["bloom", "charge"],
                        "play": [drakk()]}], heroes=DRAKK)
    s = play_card(s, 0, "desperation")
    assert cards_in(s, 0, "hand") == ["spark", "wither"]
    assert cards_in(s, 0, "discard") == ["desperation"]
    s = end_turn(s, 0)
    assert cards_in(s, 0, "hand") == ["bloom", "charge"]


# ---- Kidnapping -------------------------------------------------------------

def test_kidnapping_takes_an_opposing_unit_ready_and_hasty_until_end_of_turn():
    """Kidnapping: gain control of an opposing tech 0, I or II unit until
    the end of the turn; it readies and has haste. Tech III units and your
    own are no targets. Still in play at the end of the turn, it goes back
    (ruling)."""
    s = scenario_game([{"hand": ["kidnapping"], "gold": 4, "play": [drakk(), {"card": "mad_man", "id": "mine"}]},
                       {"play": [{"card": "iron_man", "exhausted": True, "patrol": None, "id": "iron"},
                                 {"card": "trojan_duck", "id": "duck"}]}], heroes=DRAKK)
    iron = find(s, "iron")
    kid = hand_ids(s, 0, "kidnapping")[0]
    assert {a["targets"][0] for a in legal_of(s, 0, "play", card=kid)} == {iron}
    s = play_card(s, 0, "kidnapping", [iron])
    assert s["cards"][iron]["controller"] == 0 and not s["cards"][iron]["exhausted"]
    s = attack(s, 0, iron, "base:1")
    assert base_damage(s, 1) == 3
    s = end_turn(s, 0)
    assert s["cards"][iron]["controller"] == 1 and iron in s["players"][1]["play"]


def test_kidnapped_unit_that_dies_goes_to_its_owners_discard_pile():
    """Kidnapping ruling: a stolen unit that dies goes to its owner's
    discard pile."""
    s = scenario_game([{"hand": ["kidnapping"], "gold": 4, "play": [drakk()]},
                       {"play": [{"card": "older_brother", "id": "ob"},
                                 {"card": "iron_man", "patrol": "squad_leader", "id": "iron"}]}],
                      heroes=DRAKK)
    s = play_card(s, 0, "kidnapping", [find(s, "ob")])
    s = attack(s, 0, find(s, "ob"), find(s, "iron"))
    assert cards_in(s, 1, "discard") == ["older_brother"]
    assert cards_in(s, 0, "discard") == ["kidnapping"]
    s = end_turn(s, 0)
    assert in_play(s, 1, "older_brother") == []


# ---- Bloodlust --------------------------------------------------------------

def test_bloodlust_gives_up_to_two_plus_1_atk_and_haste_then_1_damage_at_end_of_turn():
    """Bloodlust: up to two units and/or heroes get +1 ATK and haste this
    turn; each takes 1 damage at the end of the turn."""
    s = scenario_game([{"hand": ["older_brother", "bloodlust"], "gold": 4,
                        "play": [drakk(), {"card": "mad_man", "id": "mad"}]},
                       {"play": [{"card": "tenderfoot", "id": "foot"}]}], heroes=DRAKK)
    s = play_card(s, 0, "older_brother")
    ob, mad = one(s, 0, "older_brother"), find(s, "mad")
    s = play_card(s, 0, "bloodlust")
    s = choose(s, 0, ob)
    assert ob not in prompt_options(s)
    s = choose(s, 0, mad)
    assert atk_hp(s, ob) == (3, 2) and atk_hp(s, mad) == (2, 1)
    s = attack(s, 0, ob, "base:1")
    assert base_damage(s, 1) == 3
    s = end_turn(s, 0)
    assert damage(s, ob) == 1
    assert in_play(s, 0, "mad_man") == []  # 1 HP: the damage killed him


def test_bloodlust_may_stop_after_one_target():
    """Bloodlust: "up to two": one is fine."""
    s = scenario_game([{"hand": ["bloodlust"], "gold": 2, "play": [drakk(id="d"), "mad_man"]}], heroes=DRAKK)
    s = play_card(s, 0, "bloodlust")
    s = choose(s, 0, find(s, "d"))
    s = choose(s, 0)
    assert s["prompt"] is None and atk_hp(s, find(s, "d"))[0] == 2
    assert atk_hp(s, one(s, 0, "mad_man"))[0] == 1


# ---- War Drums --------------------------------------------------------------

def test_war_drums_gives_each_of_your_units_plus_x_atk_for_x_units_you_control():
    """War Drums: your units get +X ATK, X the number of units you control;
    heroes get nothing; a stolen unit counts for its new controller (War
    Drums ruling: units you control). (Drakk at max level adds frenzy 1.)"""
    s = scenario_game([{"hand": ["war_drums", "kidnapping"], "gold": 6,
                        "play": [drakk(6), {"card": "mad_man", "id": "mad"}, {"card": "nautical_dog", "id": "dog"}]},
                       {"play": [{"card": "older_brother", "id": "ob"}]}], heroes=DRAKK)
    s = play_card(s, 0, "war_drums")
    assert atk_hp(s, find(s, "mad")) == (1 + 2 + 1, 1)
    assert atk_hp(s, find(s, "drakk"))[0] == 3
    s = play_card(s, 0, "kidnapping", [find(s, "ob")])
    assert atk_hp(s, find(s, "mad")) == (1 + 3 + 1, 1)
    assert atk_hp(s, find(s, "ob")) == (2 + 3 + 1, 2)


# ---- Crash Bomber -----------------------------------------------------------

def test_crash_bomber_dying_on_your_turn_hits_a_patroller_or_building():
    """Crash Bomber: dying on your turn, 1 damage to a patroller or building
    (◎); a unit at home is no target."""
    s = scenario_game([{"play": [{"card": "crash_bomber", "id": "bomber"}]},
                       {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "iron"},
                                 {"card": "older_brother", "patrol": "elite", "id": "ob"},
                                 {"card": "tenderfoot", "id": "home"}]}], heroes=DRAKK)
    s = attack(s, 0, find(s, "bomber"), find(s, "iron"))
    options = prompt_options(s)
    assert find(s, "ob") in options and "base:1" in options and find(s, "home") not in options
    s = choose(s, 0, find(s, "ob"))
    assert damage(s, find(s, "ob")) == 1


def test_crash_bomber_dying_on_an_opponents_turn_hits_that_players_base():
    """Crash Bomber: dying on another player's turn, that player's base
    takes 1 damage."""
    s = scenario_game([{"play": [{"card": "crash_bomber", "patrol": "squad_leader", "id": "bomber"}]},
                       {"play": [{"card": "iron_man", "id": "iron"}]}], heroes=DRAKK, active=1)
    s = attack(s, 1, find(s, "iron"), find(s, "bomber"))
    assert in_play(s, 0, "crash_bomber") == []
    assert base_damage(s, 1) == 1


# ---- Rickety Mine -----------------------------------------------------------

def _mine_outcome(seed):
    s = scenario_game([{"gold": 0, "play": [{"card": "rickety_mine", "id": "mine"}]}], heroes=DRAKK,
                      seed=seed)
    return use_ability(s, 0, find(s, "mine"), 0)


def test_rickety_mine_gains_3_gold_and_on_tails_is_sacrificed_with_2_base_damage():
    """Rickety Mine: exhaust: gain 3 gold and flip a coin (the game's seeded
    generator); heads: nothing more ("Phew!" does nothing, ruling); tails:
    it is sacrificed and your base takes 2 damage."""
    outcomes = [_mine_outcome(seed) for seed in range(1, 12)]
    heads = [s for s in outcomes if in_play(s, 0, "rickety_mine")]
    tails = [s for s in outcomes if not in_play(s, 0, "rickety_mine")]
    assert heads and tails
    for s in heads:
        assert gold(s, 0) == 3 and base_damage(s, 0) == 0
    for s in tails:
        assert gold(s, 0) == 3 and base_damage(s, 0) == 2
        assert cards_in(s, 0, "discard") == ["rickety_mine"]


def test_rickety_mine_cannot_be_used_the_turn_it_comes_into_play():
    """Rickety Mine ruling: no haste, so not the turn it comes under your
    control (house rule R5)."""
    s = scenario_game([{"hand": ["rickety_mine"], "gold": 2, "buildings": {"tech_1": True}}], heroes=DRAKK)
    s = play_card(s, 0, "rickety_mine")
    assert_refused(s, 0, {"type": "ability", "card": one(s, 0, "rickety_mine"), "ability": 0, "targets": []},
                   "arrival_fatigue")


# ---- Shoddy Glider, Crashbarrow (keywords only) -----------------------------

def test_shoddy_glider_flies_over_ground_patrollers_at_once_and_dies_at_end_of_turn():
    """Shoddy Glider: haste, flying, ephemeral."""
    s = scenario_game([{"hand": ["shoddy_glider"], "gold": 1, "buildings": ALL_TECH},
                       {"play": [{"card": "iron_man", "patrol": "squad_leader"}]}], heroes=DRAKK)
    s = play_card(s, 0, "shoddy_glider")
    s = attack(s, 0, one(s, 0, "shoddy_glider"), "base:1")
    assert base_damage(s, 1) == 3
    s = end_turn(s, 0)
    assert in_play(s, 0, "shoddy_glider") == []


def test_crashbarrow_overpowers_at_once_and_dies_at_end_of_turn():
    """Crashbarrow: haste, overpower (the excess past a patroller goes on),
    ephemeral."""
    s = scenario_game([{"hand": ["crashbarrow"], "gold": 3, "buildings": ALL_TECH},
                       {"play": [{"card": "older_brother", "patrol": "squad_leader", "id": "ob"}]}],
                      heroes=DRAKK)
    s = play_card(s, 0, "crashbarrow")
    s = attack(s, 0, one(s, 0, "crashbarrow"), find(s, "ob"))
    assert base_damage(s, 1) == 3  # 6 ATK: 3 to kill the squad leader (armor 1)
    s = end_turn(s, 0)
    assert in_play(s, 0, "crashbarrow") == []


# ---- Captured Bugblatter ----------------------------------------------------

def test_captured_bugblatter_on_your_turn_hits_an_opposing_base_per_unit_death():
    """Captured Bugblatter: whenever a unit dies on your turn, 1 damage to an
    opponent's base; its own death counts (ruling), and every unit of one
    simultaneous batch counts."""
    s = scenario_game([{"hand": ["maximum_anarchy"], "gold": 3,
                        "play": [zane(6), "captured_bugblatter", "mad_man"]},
                       {"play": ["older_brother", "iron_man"]}], heroes=ZANE)
    s = play_card(s, 0, "maximum_anarchy")
    assert base_damage(s, 1) == 4  # Bugblatter, Mad Man, Older Brother, Iron Man
    assert base_damage(s, 0) == 0


def test_captured_bugblatter_on_an_opponents_turn_hits_that_players_base():
    """Captured Bugblatter: whenever a unit dies on an opponent's turn, that
    opponent's base takes 1 damage."""
    s = scenario_game([{"play": ["captured_bugblatter", {"card": "mad_man", "patrol": "squad_leader", "id": "mad"}]},
                       {"play": [{"card": "iron_man", "id": "iron"}]}], heroes=DRAKK, active=1)
    s = attack(s, 1, find(s, "iron"), find(s, "mad"))
    assert base_damage(s, 1) == 1 and base_damage(s, 0) == 0


# ---- Land Octopus -----------------------------------------------------------

def test_land_octopus_upkeep_trashes_two_workers_or_sacrifices_it():
    """Land Octopus: in your upkeep sacrifice two workers or it; sacrificed
    workers are trashed, not discarded (ruling)."""
    s = scenario_game([{"play": [{"card": "land_octopus", "id": "octo"}], "workers": 6,
                        "worker_cards": ["spark"]}, {}], heroes=DRAKK, active=1)
    s = end_turn(s, 1)
    assert set(prompt_options(s)) == {"workers:0", find(s, "octo")}
    s = choose(s, 0, "workers:0")
    assert workers(s, 0) == 5 and in_play(s, 0, "land_octopus") == [find(s, "octo")]
    assert "spark" not in cards_in(s, 0, "discard")  # a trashed worker is not discarded
    s = end_turn(s, 0)
    s = end_turn(s, 1)
    s = choose(s, 0, find(s, "octo"))
    assert in_play(s, 0, "land_octopus") == [] and workers(s, 0) == 5


def test_land_octopus_with_fewer_than_two_workers_is_sacrificed_and_cannot_patrol():
    """Land Octopus: with fewer than two workers it must be the Octopus;
    it can't patrol."""
    s = scenario_game([{"play": [{"card": "land_octopus", "id": "octo"}], "workers": 1}, {}],
                      heroes=DRAKK, active=1)
    octo = find(s, "octo")
    s = end_turn(s, 1)
    assert in_play(s, 0, "land_octopus") == []
    s = scenario_game([{"play": [{"card": "land_octopus", "id": "octo"}]}], heroes=DRAKK)
    assert_refused(s, 0, {"type": "patrol", "card": find(s, "octo"), "slot": "elite"}, "cannot_patrol")
    assert octo


# ---- Ogre Recruiter ---------------------------------------------------------

def test_ogre_recruiter_takes_a_tech_0_or_1_unit_after_surviving_its_attack():
    """Ogre Recruiter: after it attacks, if it survived, gain control of a
    tech 0 or tech I unit (◎); tech II units are not offered."""
    s = scenario_game([{"play": [{"card": "ogre_recruiter", "id": "ogre"}]},
                       {"play": [{"card": "iron_man", "id": "iron"}, {"card": "older_brother", "id": "ob"},
                                 {"card": "maestro", "id": "maestro"}]}], heroes=DRAKK)
    s = attack(s, 0, find(s, "ogre"), "base:1")
    assert set(prompt_options(s)) == {find(s, "iron"), find(s, "ob")}
    s = choose(s, 0, find(s, "iron"))
    assert s["cards"][find(s, "iron")]["controller"] == 0


def test_ogre_recruiter_that_dies_attacking_takes_nothing():
    """Ogre Recruiter: no steal when it doesn't survive the combat."""
    s = scenario_game([{"play": [{"card": "ogre_recruiter", "damage": 3, "id": "ogre"}]},
                       {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "iron"},
                                 {"card": "older_brother", "id": "ob"}]}], heroes=DRAKK)
    s = attack(s, 0, find(s, "ogre"), find(s, "iron"))
    assert in_play(s, 0, "ogre_recruiter") == [] and s["prompt"] is None
    assert s["cards"][find(s, "ob")]["controller"] == 1


# ---- Pirate-Gang Commander, Pirate tokens ------------------------------------

def test_pirate_gang_commander_brings_three_pirate_tokens():
    """Pirate-Gang Commander arrives with three 2/2 Pirate tokens."""
    s = scenario_game([{"hand": ["pirate_gang_commander"], "gold": 6, "buildings": ALL_TECH}], heroes=DRAKK)
    s = play_card(s, 0, "pirate_gang_commander")
    pirates = in_play(s, 0, "pirate")
    assert len(pirates) == 3 and atk_hp(s, pirates[0]) == (2, 2)


def test_pirate_gang_commander_your_units_dying_hit_each_opposing_base():
    """Pirate-Gang Commander: your units (tokens and himself too) have
    "dies: 1 damage to each opposing base"; opposing units don't."""
    s = scenario_game([{"hand": ["maximum_anarchy"], "gold": 3,
                        "play": [zane(6), "pirate_gang_commander", "pirate", "pirate"]},
                       {"play": ["older_brother"]}], heroes=ZANE)
    s = play_card(s, 0, "maximum_anarchy")
    assert base_damage(s, 1) == 3 and base_damage(s, 0) == 0


def test_pirate_gang_commander_makes_tech_1_and_2_blood_units_free_without_tech():
    """Pirate-Gang Commander: your tech I and II Blood units cost 0 and need
    no tech building; other units still do."""
    s = scenario_game([{"hand": ["land_octopus", "crash_bomber", "steam_tank"], "gold": 0,
                        "play": ["pirate_gang_commander"]}], heroes=DRAKK)
    s = play_card(s, 0, "land_octopus")
    s = play_card(s, 0, "crash_bomber")
    assert in_play(s, 0, "land_octopus") and in_play(s, 0, "crash_bomber")
    tank = hand_ids(s, 0, "steam_tank")[0]
    assert_refused(s, 0, {"type": "play", "card": tank, "targets": []}, "needs_tech")


# ---- engine faults found with the red cards ---------------------------------

def test_obliterate_still_hits_the_defender_when_an_attack_trigger_destroyed_the_target():
    """Obliterate ("whenever this attacks, destroy the defender's lowest
    tech units") needs the defender fixed when the attack is declared: a
    Trojan Duck attacking a Rickety Mine destroys it with its own attack
    trigger first, and its obliterate 2 still destroys that player's two
    lowest tech units (it crashed before: the target was gone)."""
    s = scenario_game([{"play": [{"card": "rickety_mine", "id": "mine"}, {"card": "mad_man", "id": "mad"},
                                 {"card": "nautical_dog", "id": "dog"}, {"card": "steam_tank", "id": "tank"}]},
                       {"play": [{"card": "trojan_duck", "id": "duck"}]}], heroes=DRAKK, active=1)
    s = attack(s, 1, find(s, "duck"), find(s, "mine"))
    s = choose(s, 1, find(s, "mine"))  # the Duck's 4 damage
    assert in_play(s, 0, "rickety_mine") == []
    assert in_play(s, 0, "mad_man") == [] and in_play(s, 0, "nautical_dog") == []
    assert in_play(s, 0, "steam_tank") == [find(s, "tank")]


# ---- Fire Dart, Flame Arrow -------------------------------------------------

def test_fire_dart_deals_3_to_a_unit_or_2_to_a_building_never_a_hero():
    """Fire Dart: 3 damage to a unit or 2 damage to a building; heroes are
    no targets."""
    s = scenario_game([{"hand": ["fire_dart", "fire_dart"], "gold": 4, "play": [jaina()]},
                       {"play": [{"card": "iron_man", "id": "iron"}, {"card": "troq_bashar", "id": "troq"}]}],
                      heroes=JAINA)
    dart = hand_ids(s, 0, "fire_dart")[0]
    assert find(s, "troq") not in {a["targets"][0] for a in legal_of(s, 0, "play", card=dart)}
    s = play_card(s, 0, "fire_dart", [find(s, "iron")])
    assert damage(s, find(s, "iron")) == 3
    s = play_card(s, 0, "fire_dart", ["base:1"])
    assert base_damage(s, 1) == 2


def test_flame_arrow_deals_4_to_a_unit_or_hero_or_3_to_a_building():
    """Flame Arrow: 4 damage to a unit or hero, or 3 to a building."""
    s = scenario_game([{"hand": ["flame_arrow", "flame_arrow"], "gold": 8, "play": [jaina()]},
                       {"play": [{"card": "troq_bashar", "level": 5, "id": "troq"}]}], heroes=JAINA)
    s = play_card(s, 0, "flame_arrow", [find(s, "troq")])
    assert in_play(s, 1, "troq_bashar") == []  # 4 HP at level 5
    s = play_card(s, 0, "flame_arrow", ["base:1"])
    assert base_damage(s, 1) == 3


# ---- Ember Sparks, Burning Volley -------------------------------------------

def test_ember_sparks_divides_3_damage_among_at_most_three_patrollers_or_buildings():
    """Ember Sparks: 3 damage divided among one, two or three patrollers
    and/or buildings, at least 1 each (ruling); units at home and heroes at
    home are no targets."""
    s = scenario_game([{"hand": ["ember_sparks"], "gold": 3, "play": [jaina()]},
                       {"play": [{"card": "older_brother", "patrol": "elite", "id": "ob"},
                                 {"card": "tenderfoot", "patrol": "scavenger", "id": "foot"},
                                 {"card": "iron_man", "id": "home"}]}], heroes=JAINA)
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


def test_ember_sparks_offers_no_fourth_target():
    """Ember Sparks with Hotter Fire: 4 damage, still on at most three
    targets (ruling); after three targets only they are offered."""
    s = scenario_game([{"hand": ["ember_sparks"], "gold": 3, "play": [jaina(), "hotter_fire"],
                        "buildings": {"tech_1": True}},
                       {"buildings": {"tech_1": True, "tech_2": True}}], heroes=JAINA)
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
    s = scenario_game([{"hand": ["ember_sparks"], "gold": 3, "play": [jaina()]},
                       {"play": [{"card": "granfalloon_flagbearer", "patrol": "elite", "id": "flag"},
                                 {"card": "older_brother", "patrol": "squad_leader", "id": "ob"}]}],
                      heroes=JAINA)
    s = play_card(s, 0, "ember_sparks")
    assert {find(s, "flag"), find(s, "ob"), "base:1"} <= set(prompt_options(s))
    s = choose(s, 0, "base:1")
    s = choose(s, 0, "base:1")
    assert damage(s, find(s, "flag")) == 1 and base_damage(s, 1) == 2


def test_burning_volley_divides_5_among_units_heroes_and_buildings():
    """Burning Volley (ultimate): 5 damage divided among any number of
    units, heroes and buildings, at least 1 each, so at most five
    (ruling); Jaina must be at max level since the start of the turn."""
    s = scenario_game([{"hand": ["burning_volley"], "gold": 3, "play": [jaina(7)]},
                       {"play": [{"card": "troq_bashar", "id": "troq"}, {"card": "older_brother", "id": "ob"}]}],
                      heroes=JAINA)
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
    s = scenario_game([{"hand": ["burning_volley"], "gold": 3, "play": [jaina(7), "hotter_fire"],
                        "buildings": {"tech_1": True, "tech_2": True, "tech_3": True}},
                       {"play": ["older_brother", "tenderfoot"], "buildings": {"tech_1": True}}], heroes=JAINA)
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
    s = scenario_game([{"hand": ["lobber"], "gold": 1, "buildings": {"tech_1": True}},
                       {"play": ["older_brother"]}], heroes=JAINA)
    s = play_card(s, 0, "lobber")
    lobber = one(s, 0, "lobber")
    assert one(s, 1, "older_brother") not in {a["targets"][0] for a in legal_of(s, 0, "ability", card=lobber)}
    s = use_ability(s, 0, lobber, 0, ["base:1"])
    assert base_damage(s, 1) == 1


def test_firebat_pays_1_and_exhausts_for_2_damage_to_a_patroller_or_building():
    """Firebat: 1 gold and exhaust: 2 damage to a patroller or building."""
    s = scenario_game([{"gold": 1, "play": [{"card": "firebat", "id": "bat"}]},
                       {"play": [{"card": "older_brother", "patrol": "squad_leader", "id": "ob"},
                                 {"card": "tenderfoot", "id": "home"}]}], heroes=JAINA)
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
    s = scenario_game([{"hand": ["bamstamper_lizzo"], "gold": 4, "buildings": ALL_TECH},
                       {"play": [{"card": "iron_man", "id": "iron"}, {"card": "troq_bashar", "id": "troq"}]}],
                      heroes=JAINA)
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
    s = scenario_game([{"play": [{"card": "doubleshot_archer", "id": "arch"}]},
                       {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "iron"}]}], heroes=JAINA)
    s = attack(s, 0, find(s, "arch"), find(s, "iron"))
    assert base_damage(s, 1) == 3
    assert damage(s, find(s, "arch")) == 0 and damage(s, find(s, "iron")) == 3


def test_molting_firebird_damaging_a_building_hits_every_unit_and_hero_of_that_player():
    """Molting Firebird: flying; whenever it damages a building, 1 damage to
    every unit and hero that opponent controls (not the attacker's own)."""
    s = scenario_game([{"play": [{"card": "molting_firebird", "id": "bird"}, {"card": "mad_man", "id": "mine"}]},
                       {"play": [{"card": "troq_bashar", "id": "troq"}, {"card": "older_brother", "id": "ob"},
                                 {"card": "iron_man", "patrol": "squad_leader"}]}], heroes=JAINA)
    s = attack(s, 0, find(s, "bird"), "base:1")
    assert base_damage(s, 1) == 4
    assert damage(s, find(s, "troq")) == 1 and damage(s, find(s, "ob")) == 1
    assert damage(s, find(s, "mine")) == 0


# ---- Firehouse --------------------------------------------------------------

def test_firehouse_readies_each_time_its_2_damage_destroys_the_target():
    """Firehouse: exhaust: 2 damage to a unit, hero or building; if that
    destroys it, Firehouse readies and may fire again, without limit
    (ruling); a survivor leaves it exhausted."""
    s = scenario_game([{"play": [{"card": "firehouse", "id": "house"}]},
                       {"play": [{"card": "older_brother", "id": "a"}, {"card": "mad_man", "id": "b"},
                                 {"card": "iron_man", "id": "c"}]}], heroes=JAINA)
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
    s = scenario_game([{"play": [{"card": "firehouse", "id": "house"}]},
                       {"play": [{"card": "spectral_hound", "id": "hound"}]}], heroes=JAINA)
    s = use_ability(s, 0, find(s, "house"), 0, [find(s, "hound")])
    assert in_play(s, 1, "spectral_hound") == []
    assert s["cards"][find(s, "house")]["exhausted"]


def test_firehouse_cannot_be_used_the_turn_it_comes_into_play():
    """Firehouse ruling: no haste, so not the turn it comes under your
    control (house rule R5)."""
    s = scenario_game([{"play": [{"card": "firehouse", "fresh": True, "id": "house"}]}], heroes=JAINA)
    assert_refused(s, 0, {"type": "ability", "card": find(s, "house"), "ability": 0, "targets": ["base:1"]},
                   "arrival_fatigue")


# ---- Hotter Fire ------------------------------------------------------------

def test_hotter_fire_adds_1_to_red_spells_and_abilities_even_against_your_own_base():
    """Hotter Fire: your red spells and abilities that deal damage deal 1
    more: Scorch 3; Careless Musketeer 2 to the unit and 2 to your own base
    (Hotter Fire ruling)."""
    s = scenario_game([{"hand": ["scorch"], "gold": 3,
                        "play": [jaina(), "hotter_fire", {"card": "careless_musketeer", "id": "musk"}]},
                       {"play": [{"card": "iron_man", "patrol": "elite", "id": "iron"},
                                 {"card": "regular_sized_rhinoceros", "id": "rhino"}]}], heroes=JAINA)
    s = play_card(s, 0, "scorch", [find(s, "iron")])
    assert damage(s, find(s, "iron")) == 3
    s = use_ability(s, 0, find(s, "musk"), 0, [find(s, "rhino")])
    assert damage(s, find(s, "rhino")) == 2 and base_damage(s, 0) == 2


def test_hotter_fire_stacks_and_leaves_combat_damage_alone():
    """Hotter Fire rulings: two of them add 2; combat damage and sparkshot
    get nothing."""
    s = scenario_game([{"hand": ["fire_dart"], "gold": 2, "play": [jaina(id="j"), "hotter_fire", "hotter_fire"]},
                       {"play": [{"card": "regular_sized_rhinoceros", "id": "rhino"},
                                 {"card": "older_brother", "patrol": "squad_leader", "id": "ob"},
                                 {"card": "iron_man", "patrol": "elite", "id": "iron"}]}], heroes=JAINA)
    s = play_card(s, 0, "fire_dart", [find(s, "rhino")])
    assert damage(s, find(s, "rhino")) == 5
    s = attack(s, 0, find(s, "j"), find(s, "ob"))
    assert damage(s, find(s, "iron")) == 1  # sparkshot: 1, no bonus
    assert damage(s, find(s, "ob")) == 1  # Jaina's 2 ATK, 1 absorbed by armor


def test_hotter_fire_counts_only_red_cards():
    """Hotter Fire: a neutral spell (Spark) is no red spell."""
    s = scenario_game([{"hand": ["spark"], "gold": 1, "play": [jaina(), "hotter_fire"]},
                       {"play": [{"card": "iron_man", "patrol": "elite", "id": "iron"}]}], heroes=JAINA)
    s = play_card(s, 0, "spark", [find(s, "iron")])
    assert damage(s, find(s, "iron")) == 1


# ---- Cinderblast Dragon -----------------------------------------------------

def test_cinderblast_dragon_arriving_casts_a_fire_spell_from_the_codex_for_free():
    """Cinderblast Dragon arrives: you may cast a non-ultimate Fire spell
    from your hand or codex for free; it then goes to the discard pile.
    Burning Volley (an ultimate) and non-Fire spells are not offered."""
    s = scenario_game([{"hand": ["cinderblast_dragon", "scorch"], "gold": 7, "buildings": ALL_TECH,
                        "codex": {"fire_dart": 1, "burning_volley": 2, "ember_sparks": 0}},
                       {"play": [{"card": "iron_man", "id": "iron"}]}], heroes=JAINA)
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
    s = scenario_game([{"hand": ["cinderblast_dragon", "flame_arrow"], "gold": 7, "buildings": ALL_TECH,
                        "codex": {}}], heroes=JAINA)
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
    s = scenario_game([{"play": [{"card": "cinderblast_dragon", "id": "dragon"}],
                        "codex": {"fire_dart": 2}},
                       {"play": [{"card": "older_brother", "patrol": "squad_leader", "id": "ob"},
                                 {"card": "iron_man", "id": "iron"}]}], heroes=JAINA)
    s = attack(s, 0, find(s, "dragon"), find(s, "ob"))
    s = choose(s, 0, "fire_dart")
    s = choose(s, 0, find(s, "ob"))
    assert in_play(s, 1, "older_brother") == []
    assert find(s, "iron") in prompt_options(s)  # the new target
    s = choose(s, 0, "base:1")
    assert base_damage(s, 1) == 6
    assert s["players"][0]["codex"]["fire_dart"] == 1


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
    s = scenario_game([{"gold": 0, "deck": ["spark"], "play": [zane(4)]},
                       {"gold": 0, "play": [{"card": "older_brother", "patrol": "scavenger", "id": "scav"},
                                            {"card": "tenderfoot", "patrol": "technician", "id": "tech"}]}],
                      heroes=ZANE)
    s = attack(s, 0, find(s, "zane"), find(s, "scav"))
    assert in_play(s, 1, "older_brother") == []
    assert gold(s, 0) == 1 and gold(s, 1) == 1
    s2 = scenario_game([{"gold": 0, "deck": ["spark"], "play": [zane(4)]},
                        {"play": [{"card": "tenderfoot", "patrol": "technician", "id": "tech"}]}], heroes=ZANE)
    s2 = attack(s2, 0, find(s2, "zane"), find(s2, "tech"))
    assert in_play(s2, 1, "tenderfoot") == []
    assert cards_in(s2, 0, "hand") == ["spark"]


def test_zane_below_mid_band_or_with_a_spell_gets_nothing_for_a_scavenger():
    """Zane ruling: only Zane's own damage counts, from level 4: a level 3
    Zane killing a scavenger, or a spell Zane's player casts, gives no
    gold."""
    s = scenario_game([{"gold": 0, "play": [zane(3)]},
                       {"play": [{"card": "older_brother", "patrol": "scavenger", "id": "scav"}]}], heroes=ZANE)
    s = attack(s, 0, find(s, "zane"), find(s, "scav"))
    assert in_play(s, 1, "older_brother") == [] and gold(s, 0) == 0
    s = scenario_game([{"gold": 3, "hand": ["scorch"], "play": [zane(4)]},
                       {"play": [{"card": "older_brother", "patrol": "scavenger", "id": "scav"}]}], heroes=ZANE)
    s = play_card(s, 0, "scorch", [find(s, "scav")])
    assert in_play(s, 1, "older_brother") == [] and gold(s, 0) == 0


def test_zane_reaching_max_level_shoves_a_patroller_and_deals_it_1_damage():
    """Captain Zane, max level: shove a patroller (◎) to an empty slot of
    its patrol zone (any empty one, ruling), then 1 damage to it; that
    damage killing it in the scavenger slot counts for his mid band (Zane
    ruling)."""
    s = scenario_game([{"gold": 1, "play": [zane(5)]},
                       {"gold": 0, "play": [{"card": "timely_messenger", "patrol": "squad_leader", "id": "tm"},
                                            {"card": "iron_man", "patrol": "elite", "id": "iron"}]}],
                      heroes=ZANE)
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
    s = scenario_game([{"gold": 1, "play": [zane(5)]},
                       {"play": [{"card": "iron_man", "patrol": slot, "id": slot} for slot in slots]}],
                      heroes=ZANE)
    s = act(s, 0, {"type": "level_up", "hero": find(s, "zane"), "levels": 1})
    s = choose(s, 0, find(s, "elite"))
    assert s["prompt"] is None
    assert s["players"][1]["patrol"]["elite"] == find(s, "elite")
    assert damage(s, find(s, "elite")) == 1


def test_zane_max_level_on_an_illusion_patroller_just_kills_it():
    """Illusion ruling: targeted by Zane's max level ability, an Illusion
    dies at once; there is nothing left to shove or damage (this crashed
    before)."""
    s = scenario_game([{"gold": 1, "play": [zane(5)]},
                       {"play": [{"card": "spectral_hound", "patrol": "squad_leader", "id": "hound"}]}],
                      heroes=ZANE)
    s = act(s, 0, {"type": "level_up", "hero": find(s, "zane"), "levels": 1})
    assert s["prompt"] is None
    assert in_play(s, 1, "spectral_hound") == []
    assert cards_in(s, 1, "discard") == ["spectral_hound"]


# ---- Drakk Ramhorn ----------------------------------------------------------

def test_drakk_dying_deals_1_damage_to_each_opponents_base():
    """Drakk Ramhorn, level 1: when he dies, each opponent's base takes 1."""
    s = scenario_game([{"play": [drakk(damage=2, patrol="squad_leader")]},
                       {"play": [{"card": "iron_man", "id": "iron"}]}], heroes=DRAKK, active=1)
    s = attack(s, 1, find(s, "iron"), find(s, "drakk"))
    assert cards_in(s, 0, "command") == ["drakk_ramhorn"]
    assert base_damage(s, 1) == 1 and base_damage(s, 0) == 0


def test_drakk_dying_in_two_headed_dragon_hits_the_other_teams_one_base_once():
    """Drakk Ramhorn ruling: in Two-Headed Dragon each team has one base:
    it takes just 1 damage."""
    config = {"mode": "2hg", "seed": 1,
              "seats": [{"name": n, "hero": h} for n, h in
                        zip("ABCD", ("drakk_ramhorn", "troq_bashar", "troq_bashar", "river_montoya"))],
              "scenario": {"turn": 3, "active": 2, "seats": [
                  {"play": [drakk(damage=2, patrol="squad_leader")]}, {},
                  {"play": [{"card": "iron_man", "id": "iron"}]}, {}]}}
    s = new_game(config)
    s = attack(s, 2, find(s, "iron"), find(s, "drakk"))
    assert base_damage(s, 2) == 1 and base_damage(s, 0) == 0


def test_drakk_mid_band_gives_your_units_frenzy_1():
    """Drakk Ramhorn, level 4: your units have frenzy 1 (+1 ATK on your
    turn); opposing units and Drakk himself don't."""
    s = scenario_game([{"play": [drakk(4), {"card": "mad_man", "id": "mad"}]},
                       {"play": [{"card": "older_brother", "id": "ob"}]}], heroes=DRAKK)
    assert atk_hp(s, find(s, "mad"))[0] == 2
    assert atk_hp(s, find(s, "ob"))[0] == 2
    assert atk_hp(s, find(s, "drakk"))[0] == 2
    s = end_turn(s, 0)
    assert atk_hp(s, find(s, "mad"))[0] == 1


def test_drakk_max_band_gives_haste_to_the_first_unit_from_hand_each_turn_for_good():
    """Drakk Ramhorn, level 6: the first unit that arrives from your hand
    each turn gets haste, permanently (ruling); the second doesn't."""
    s = scenario_game([{"hand": ["older_brother", "older_brother"], "gold": 4, "play": [drakk(6)]}],
                      heroes=DRAKK)
    s = play_card(s, 0, "older_brother")
    first = one(s, 0, "older_brother")
    s = play_card(s, 0, "older_brother")
    second = [i for i in in_play(s, 0, "older_brother") if i != first][0]
    assert stats.kw(s, first, "haste") == 1 and stats.kw(s, second, "haste") == 0
    s = attack(s, 0, first, "base:1")
    assert_refused(s, 0, {"type": "attack", "attacker": second, "target": "base:1"}, "arrival_fatigue")
    s = end_turn(s, 0)
    assert stats.kw(s, first, "haste") == 1


def test_drakk_max_band_only_ever_looks_at_the_first_unit_from_hand():
    """Drakk Ramhorn ruling: a unit arrived from hand before Drakk reached
    max level; the next unit from hand that turn gets no haste either."""
    s = scenario_game([{"hand": ["older_brother", "mad_man"], "gold": 5, "play": [drakk(5)]}], heroes=DRAKK)
    s = play_card(s, 0, "older_brother")
    s = act(s, 0, {"type": "level_up", "hero": find(s, "drakk"), "levels": 1})
    s = play_card(s, 0, "mad_man")
    assert stats.kw(s, one(s, 0, "older_brother"), "haste") == 0
    assert stats.kw(s, one(s, 0, "mad_man"), "haste") == 1  # Mad Man's own haste only
    assert s["cards"][one(s, 0, "mad_man")]["granted"] == {}


# ---- Jaina Stormborne -------------------------------------------------------

def test_jaina_has_sparkshot():
    """Jaina Stormborne, level 1: sparkshot: attacking a patroller, 1 damage
    to an adjacent patroller."""
    s = scenario_game([{"play": [jaina()]},
                       {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "sl"},
                                 {"card": "older_brother", "patrol": "elite", "id": "elite"}]}], heroes=JAINA)
    s = attack(s, 0, find(s, "jaina"), find(s, "sl"))
    assert damage(s, find(s, "elite")) == 1


def test_jaina_mid_band_exhausts_for_1_damage_to_a_patrolling_unit_or_building():
    """Jaina Stormborne, level 4: exhaust: 1 damage to a patrolling unit or
    a building; units at home and heroes are no targets."""
    s = scenario_game([{"play": [jaina(4)]},
                       {"play": [{"card": "older_brother", "patrol": "elite", "id": "ob"},
                                 {"card": "troq_bashar", "patrol": "squad_leader", "id": "troq"},
                                 {"card": "tenderfoot", "id": "home"}]}], heroes=JAINA)
    j = find(s, "jaina")
    offered = {a["targets"][0] for a in legal_of(s, 0, "ability", card=j)}
    assert find(s, "ob") in offered and "base:1" in offered
    assert find(s, "troq") not in offered and find(s, "home") not in offered
    s = use_ability(s, 0, j, 0, [find(s, "ob")])
    assert damage(s, find(s, "ob")) == 1 and s["cards"][j]["exhausted"]


def test_jaina_max_band_adds_3_damage_to_a_unit_or_building():
    """Jaina Stormborne, level 7: exhaust: 3 damage to a unit or building
    (the mid band ability stays as the first)."""
    s = scenario_game([{"play": [jaina(7)]},
                       {"play": [{"card": "iron_man", "id": "iron"}]}], heroes=JAINA)
    j = find(s, "jaina")
    s = use_ability(s, 0, j, 1, [find(s, "iron")])
    assert damage(s, find(s, "iron")) == 3
    assert_refused(s, 0, {"type": "ability", "card": j, "ability": 0, "targets": ["base:1"]}, "exhausted")


# ---- more rulings -----------------------------------------------------------

def test_captured_bugblatter_in_two_headed_dragon_hits_the_one_opposing_base_once():
    """Captured Bugblatter ruling: in Two-Headed Dragon the other team has
    one base, which takes just 1 damage per unit death."""
    config = {"mode": "2hg", "seed": 1,
              "seats": [{"name": n, "hero": h} for n, h in
                        zip("ABCD", ("drakk_ramhorn", "troq_bashar", "troq_bashar", "river_montoya"))],
              "scenario": {"turn": 3, "active": 0, "seats": [
                  {"play": [{"card": "captured_bugblatter", "id": "bug"}]}, {},
                  {"play": [{"card": "tenderfoot", "patrol": "lookout", "id": "foot"}]}, {}]}}
    s = new_game(config)
    s = attack(s, 0, find(s, "bug"), find(s, "foot"))
    assert in_play(s, 2, "tenderfoot") == [] and in_play(s, 0, "captured_bugblatter")
    assert base_damage(s, 2) == 1 and base_damage(s, 0) == 0


def test_hotter_fire_examples_molting_firebird_and_crash_bomber_deal_2():
    """Hotter Fire ruling examples: Molting Firebird deals 2 to each
    opposing unit; Crash Bomber dying deals 2."""
    s = scenario_game([{"play": ["hotter_fire", {"card": "molting_firebird", "id": "bird"},
                                 {"card": "crash_bomber", "id": "bomber"}]},
                       {"play": [{"card": "iron_man", "id": "iron"},
                                 {"card": "older_brother", "patrol": "squad_leader", "id": "ob"}]}],
                      heroes=JAINA)
    s = attack(s, 0, find(s, "bird"), "base:1")
    assert damage(s, find(s, "iron")) == 2
    assert damage(s, find(s, "ob")) == 1  # 2, one absorbed by the squad leader's armor
    s = scenario_game([{"play": ["hotter_fire", {"card": "crash_bomber", "id": "bomber"}]},
                       {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "iron"}],
                        "buildings": {"tech_1": True}}], heroes=JAINA)
    s = attack(s, 0, find(s, "bomber"), find(s, "iron"))
    s = choose(s, 0, "bld:1:tech_1")
    assert s["players"][1]["buildings"]["tech_1"]["damage"] == 2


def test_drakk_max_band_counts_a_unit_put_into_play_from_hand():
    """Drakk Ramhorn ruling: a unit put into play from your hand (here by
    Sanatorium) "arrives from your hand" too, so it is the one that gets
    Drakk's haste."""
    from tests.rules.helpers import logged
    s = scenario_game([{"hand": ["older_brother"], "deck": ["spark"], "gold": 1,
                        "play": [drakk(6), {"card": "sanatorium", "id": "san"}]}], heroes=DRAKK)
    s = use_ability(s, 0, find(s, "san"), 0)
    s = choose(s, 0, hand_ids(s, 0, "older_brother")[0])
    assert logged(s, "Older Brother gained haste from Drakk Ramhorn.")


def test_an_illusion_picked_while_an_effect_resolves_is_gone_before_the_effect():
    """Illusion ruling: an Illusion targeted by a spell dies at once, before
    the effect; picked by Bloodlust as it resolves, it dies, gets nothing,
    and Bloodlust ends (this crashed before: the effect ran on a card
    already gone)."""
    s = scenario_game([{"hand": ["bloodlust"], "gold": 2, "play": [drakk()]},
                       {"play": [{"card": "spectral_hound", "id": "hound"}]}], heroes=DRAKK)
    s = play_card(s, 0, "bloodlust")
    s = choose(s, 0, find(s, "hound"))
    assert in_play(s, 1, "spectral_hound") == [] and s["prompt"] is None
    assert cards_in(s, 1, "discard") == ["spectral_hound"]
    s = end_turn(s, 0)
    assert damage(s, find(s, "drakk")) == 0
