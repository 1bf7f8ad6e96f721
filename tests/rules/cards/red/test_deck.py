"""Scenario tests for the red starting deck (game/codex/cards/red/deck.py):
each card is played through real actions and its outcome checked; the
official rulings (reference/codex-cards/rulings.json, "Red" and "Heroes")
are named where they decide something, and docs/RULINGS.md ("Red cards")
records the engine's decisions. Seat 0 plays a red hero, seat 1 Troq Bashar
unless a test says otherwise."""

from game.codex import stats
from tests.rules.cards.red.common import DRAKK, JAINA, ZANE, damage, drakk, gold, jaina, zane
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

# ---- Nautical Dog, Mad Man (keywords only) ----------------------------------


def test_nautical_dog_has_frenzy_1_on_its_controllers_turn_only():
    """Nautical Dog: frenzy 1, +1 ATK during its controller's turn."""
    s = scenario_game(
        [{"play": [{"card": "nautical_dog", "id": "mine"}]}, {"play": [{"card": "nautical_dog", "id": "theirs"}]}],
        heroes=DRAKK,
    )
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
    s = scenario_game(
        [
            {"gold": 1, "play": [{"card": "bombaster", "id": "bomb"}]},
            {
                "play": [
                    {"card": "iron_man", "patrol": "elite", "id": "iron"},
                    {"card": "older_brother", "id": "home"},
                    {"card": "troq_bashar", "patrol": "squad_leader", "id": "troq"},
                ]
            },
        ],
        heroes=ZANE,
    )
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
    s = scenario_game(
        [
            {"play": [{"card": "careless_musketeer", "id": "musk"}]},
            {"play": [{"card": "older_brother", "id": "ob"}, {"card": "troq_bashar", "id": "troq"}]},
        ],
        heroes=ZANE,
    )
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
    s = scenario_game([{"play": [{"card": "careless_musketeer", "fresh": True, "id": "musk"}]}], heroes=ZANE)
    assert_refused(
        s, 0, {"type": "ability", "card": find(s, "musk"), "ability": 0, "targets": ["base:1"]}, "arrival_fatigue"
    )


# ---- Bloodrage Ogre ---------------------------------------------------------


def test_bloodrage_ogre_goes_home_at_end_of_turn_if_he_neither_arrived_nor_attacked():
    """Bloodrage Ogre: at the end of his controller's turn he returns to his
    owner's hand unless he arrived or attacked this turn; he returns after
    the draw phase (ruling), so he is in the new hand, not discarded."""
    s = scenario_game(
        [{"hand": [], "deck": ["spark", "spark", "spark"], "play": [{"card": "bloodrage_ogre", "id": "idle"}]}],
        heroes=DRAKK,
    )
    s = end_turn(s, 0)
    assert in_play(s, 0, "bloodrage_ogre") == []
    assert cards_in(s, 0, "hand") == ["bloodrage_ogre", "spark", "spark"]


def test_bloodrage_ogre_stays_after_attacking_or_arriving():
    """Bloodrage Ogre stays when he attacked, or arrived, this turn."""
    s = scenario_game(
        [{"hand": ["bloodrage_ogre"], "gold": 2, "play": [{"card": "bloodrage_ogre", "id": "fighter"}]}], heroes=DRAKK
    )
    s = play_card(s, 0, "bloodrage_ogre")
    s = attack(s, 0, find(s, "fighter"), "base:1")
    s = end_turn(s, 0)
    assert len(in_play(s, 0, "bloodrage_ogre")) == 2


def test_bloodrage_ogre_does_not_go_home_at_the_end_of_an_opponents_turn():
    """Bloodrage Ogre ruling: his end of turn trigger works on his
    controller's turn only."""
    s = scenario_game([{"play": [{"card": "bloodrage_ogre", "id": "ogre"}]}, {}], heroes=DRAKK, active=1)
    s = end_turn(s, 1)
    assert in_play(s, 0, "bloodrage_ogre") == [find(s, "ogre")]


# ---- Makeshift Rambaster ----------------------------------------------------


def test_makeshift_rambaster_gets_2_atk_against_buildings_only():
    """Makeshift Rambaster: haste, +2 ATK while attacking buildings: 3
    damage to a base, 1 to a unit."""
    s = scenario_game(
        [
            {"hand": ["makeshift_rambaster", "makeshift_rambaster"], "gold": 4},
            {"play": [{"card": "older_brother", "id": "ob"}]},
        ],
        heroes=ZANE,
    )
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


def test_bloodburn_cannot_be_used_the_turn_it_comes_into_play():
    """Bloodburn ruling: no haste, so not the turn it comes under your
    control (arrival fatigue, house rule R5)."""
    s = scenario_game([{"play": [{"card": "bloodburn", "fresh": True, "id": "burn"}]}], heroes=DRAKK)
    burn = find(s, "burn")
    s["cards"][burn]["marks"]["runes"] = {"blood": 2}
    assert_refused(s, 0, {"type": "ability", "card": burn, "ability": 0, "targets": ["base:1"]}, "arrival_fatigue")


# ---- Scorch, Charge, Pillage -------------------------------------------------


def test_scorch_deals_2_to_a_patroller_or_building():
    """Scorch: 2 damage to a patroller or a building; a unit at home is no
    target."""
    s = scenario_game(
        [
            {"hand": ["scorch", "scorch"], "gold": 7, "play": [jaina()]},
            {
                "play": [
                    {"card": "iron_man", "patrol": "lookout", "id": "iron"},
                    {"card": "older_brother", "id": "home"},
                ],
                "buildings": {"tech_1": True},
            },
        ],
        heroes=JAINA,
    )
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
    s = scenario_game(
        [
            {"hand": ["older_brother", "charge"], "gold": 4, "play": [drakk()]},
            {"play": [{"card": "older_brother", "id": "theirs"}]},
        ],
        heroes=DRAKK,
    )
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
    s = scenario_game([{"hand": ["pillage", "pillage"], "gold": 1, "play": [zane()]}, {"gold": 5}], heroes=ZANE)
    s = play_card(s, 0, "pillage", ["base:1"])
    assert base_damage(s, 1) == 1 and gold(s, 0) == 1 and gold(s, 1) == 4
    s2 = scenario_game([{"hand": ["pillage"], "gold": 1, "play": [zane(), "pirate"]}, {"gold": 5}], heroes=ZANE)
    s2 = play_card(s2, 0, "pillage", ["base:1"])
    assert base_damage(s2, 1) == 2 and gold(s2, 0) == 2 and gold(s2, 1) == 3


def test_pillage_steals_only_what_the_player_has():
    """Pillage ruling: with less gold than the steal, take what there is;
    you gain only what you took."""
    s = scenario_game([{"hand": ["pillage"], "gold": 1, "play": [zane(), "bombaster"]}, {"gold": 1}], heroes=ZANE)
    s = play_card(s, 0, "pillage", ["base:1"])
    assert gold(s, 0) == 1 and gold(s, 1) == 0
    assert base_damage(s, 1) == 2


def test_calypso_vystari_sidelines_a_patroller_after_a_spell():
    """Calypso Vystari: exhaust: if you played a spell this turn, sideline a
    patroller (it stays in play). A unit or upgrade is not a spell
    (ruling): playing one doesn't count."""
    s = scenario_game(
        [
            {
                "hand": ["older_brother", "charge"],
                "gold": 4,
                "play": [zane(), {"card": "calypso_vystari", "id": "cal"}, {"card": "calypso_vystari", "id": "cal2"}],
            },
            {
                "play": [
                    {"card": "iron_man", "patrol": "squad_leader", "id": "iron"},
                    {"card": "older_brother", "patrol": "elite", "id": "ob"},
                ]
            },
        ],
        heroes=ZANE,
    )
    s = play_card(s, 0, "older_brother")
    s = use_ability(s, 0, find(s, "cal2"), 0)
    assert s["prompt"] is None and s["players"][1]["patrol"]["squad_leader"] == find(s, "iron")
    s = play_card(s, 0, "charge", [one(s, 0, "older_brother")])
    s = use_ability(s, 0, find(s, "cal"), 0)
    assert set(prompt_options(s)) == {find(s, "iron"), find(s, "ob")}
    s = choose(s, 0, find(s, "iron"))
    assert s["players"][1]["patrol"]["squad_leader"] is None
    assert find(s, "iron") in s["players"][1]["play"]


# ---- Hotter Fire ------------------------------------------------------------


def test_hotter_fire_adds_1_to_red_spells_and_abilities_even_against_your_own_base():
    """Hotter Fire: your red spells and abilities that deal damage deal 1
    more: Scorch 3; Careless Musketeer 2 to the unit and 2 to your own base
    (Hotter Fire ruling)."""
    s = scenario_game(
        [
            {
                "hand": ["scorch"],
                "gold": 3,
                "play": [jaina(), "hotter_fire", {"card": "careless_musketeer", "id": "musk"}],
            },
            {
                "play": [
                    {"card": "iron_man", "patrol": "elite", "id": "iron"},
                    {"card": "regular_sized_rhinoceros", "id": "rhino"},
                ]
            },
        ],
        heroes=JAINA,
    )
    s = play_card(s, 0, "scorch", [find(s, "iron")])
    assert damage(s, find(s, "iron")) == 3
    s = use_ability(s, 0, find(s, "musk"), 0, [find(s, "rhino")])
    assert damage(s, find(s, "rhino")) == 2 and base_damage(s, 0) == 2


def test_zane_below_mid_band_or_with_a_spell_gets_nothing_for_a_scavenger():
    """Zane ruling: only Zane's own damage counts, from level 4: a level 3
    Zane killing a scavenger, or a spell Zane's player casts, gives no
    gold."""
    s = scenario_game(
        [{"gold": 0, "play": [zane(3)]}, {"play": [{"card": "older_brother", "patrol": "scavenger", "id": "scav"}]}],
        heroes=ZANE,
    )
    s = attack(s, 0, find(s, "zane"), find(s, "scav"))
    assert in_play(s, 1, "older_brother") == [] and gold(s, 0) == 0
    s = scenario_game(
        [
            {"gold": 3, "hand": ["scorch"], "play": [zane(4)]},
            {"play": [{"card": "older_brother", "patrol": "scavenger", "id": "scav"}]},
        ],
        heroes=ZANE,
    )
    s = play_card(s, 0, "scorch", [find(s, "scav")])
    assert in_play(s, 1, "older_brother") == [] and gold(s, 0) == 0


def test_drakk_mid_band_gives_your_units_frenzy_1():
    """Drakk Ramhorn, level 4: your units have frenzy 1 (+1 ATK on your
    turn); opposing units and Drakk himself don't."""
    s = scenario_game(
        [{"play": [drakk(4), {"card": "mad_man", "id": "mad"}]}, {"play": [{"card": "older_brother", "id": "ob"}]}],
        heroes=DRAKK,
    )
    assert atk_hp(s, find(s, "mad"))[0] == 2
    assert atk_hp(s, find(s, "ob"))[0] == 2
    assert atk_hp(s, find(s, "drakk"))[0] == 2
    s = end_turn(s, 0)
    assert atk_hp(s, find(s, "mad"))[0] == 1


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
