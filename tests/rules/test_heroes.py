"""Scenario tests for the Starter heroes, every band: Troq Bashar (levels
1, 5, 8) and River Montoya (levels 1, 3, 5), with the official rulings
(reference/codex-cards/rulings.json, "Heroes") named where they decide
something.

Seat 0 plays Troq Bashar, seat 1 River Montoya unless a test swaps them.
"""

from tests.rules.helpers import (
    act,
    assert_refused,
    atk_hp,
    attack,
    base_damage,
    end_turn,
    find,
    hand_ids,
    in_play,
    legal_of,
    play_card,
    scenario_game,
    use_ability,
)

RIVER_FIRST = ("river_montoya", "troq_bashar")


def troq(level, **extra):
    return dict({"card": "troq_bashar", "level": level, "id": "troq"}, **extra)


def river(level, **extra):
    return dict({"card": "river_montoya", "level": level, "id": "river"}, **extra)


# ---- Troq Bashar -------------------------------------------------------------


def test_troq_is_summoned_for_2_gold_and_has_arrival_fatigue():
    """Summoning a hero costs 2 gold (house rule R1); Troq has no haste, so
    he can't attack the turn he arrives."""
    s = scenario_game([{"gold": 3}])
    hero = s["players"][0]["command"][0]
    s = act(s, 0, {"type": "summon", "hero": hero})
    assert s["players"][0]["gold"] == 1
    assert s["cards"][hero]["zone"] == "play" and s["cards"][hero]["level"] == 1
    assert_refused(s, 0, {"type": "attack", "attacker": hero, "target": "base:1"}, "arrival_fatigue")


def test_troq_band_1_is_a_2_3_with_no_text():
    """Troq, levels 1-4: 2/3 with no ability: attacking the base deals just
    his 2 combat damage."""
    s = scenario_game([{"play": [troq(4)]}])
    hero = find(s, "troq")
    assert atk_hp(s, hero) == (2, 3)
    s = attack(s, 0, hero, "base:1")
    assert base_damage(s, 1) == 2
    assert s["cards"][hero]["exhausted"]


def test_troq_reaches_his_mid_band_at_level_5_fully_healed():
    """Troq levels up for 1 gold a level; reaching level 5 (mid band) heals
    him fully and makes him 3/4 (rulebook "Heroes")."""
    s = scenario_game([{"gold": 3, "play": [troq(3, damage=2)]}])
    hero = find(s, "troq")
    assert [a["levels"] for a in legal_of(s, 0, "level_up", hero=hero)] == [1, 2]
    s = act(s, 0, {"type": "level_up", "hero": hero, "levels": 2})
    assert s["players"][0]["gold"] == 1
    assert s["cards"][hero]["level"] == 5
    assert s["cards"][hero]["damage"] == 0
    assert atk_hp(s, hero) == (3, 4)


def test_troq_mid_band_damages_the_base_of_whoever_controls_the_attacked_unit():
    """Troq ruling, mid band: when he attacks, the base of the player who
    controls the thing he attacked takes 1 damage, besides the combat."""
    s = scenario_game([{"play": [troq(5)]}, {"play": [{"card": "older_brother", "patrol": "elite", "id": "ob"}]}])
    ob = find(s, "ob")
    s = attack(s, 0, find(s, "troq"), ob)
    assert base_damage(s, 1) == 1
    assert base_damage(s, 0) == 0
    assert ob not in s["cards"]  # 3 combat damage on a 2/2


def test_troq_mid_band_attacking_the_base_deals_3_plus_1():
    """Troq, mid band, attacking the base itself: 1 from his ability plus 3
    combat damage."""
    s = scenario_game([{"play": [troq(7)]}])
    s = attack(s, 0, find(s, "troq"), "base:1")
    assert base_damage(s, 1) == 4


def test_troq_max_band_is_a_4_5_with_readiness():
    """Troq, level 8: 4/5 with readiness: attacking doesn't exhaust him, but
    he attacks only once a turn (already_attacked); still ready, he can go
    on patrol and stays there when the main phase ends. He keeps the mid
    band's base damage."""
    s = scenario_game([{"play": [troq(8)]}])
    hero = find(s, "troq")
    assert atk_hp(s, hero) == (4, 5)
    s = attack(s, 0, hero, "base:1")
    assert base_damage(s, 1) == 5
    assert not s["cards"][hero]["exhausted"]
    assert not legal_of(s, 0, "attack", attacker=hero)
    assert_refused(s, 0, {"type": "attack", "attacker": hero, "target": "base:1"}, "already_attacked")
    s = act(s, 0, {"type": "patrol", "card": hero, "slot": "squad_leader"})
    s = end_turn(s, 0)
    assert s["players"][0]["patrol"]["squad_leader"] == hero


def test_troq_reaching_max_level_heals_him_and_he_goes_no_further():
    """Reaching the max band heals fully; no level past the max (max_level)."""
    s = scenario_game([{"gold": 5, "play": [troq(6, damage=3)]}])
    hero = find(s, "troq")
    s = act(s, 0, {"type": "level_up", "hero": hero, "levels": 2})
    assert (s["cards"][hero]["level"], s["cards"][hero]["damage"]) == (8, 0)
    assert_refused(s, 0, {"type": "level_up", "hero": hero, "levels": 1}, "max_level")


# ---- River Montoya -----------------------------------------------------------


def test_river_band_1_is_a_2_3_with_no_ability():
    """River, levels 1-2: 2/3, no ability."""
    s = scenario_game(
        [{"play": [river(2)]}, {"play": [{"card": "older_brother", "patrol": "elite"}]}], heroes=RIVER_FIRST
    )
    hero = find(s, "river")
    assert atk_hp(s, hero) == (2, 3)
    assert not legal_of(s, 0, "ability", card=hero)


def test_river_mid_band_exhausts_to_sideline_a_tech_0_or_1_patroller():
    """River, levels 3-4: 2/4; exhaust: sideline a tech 0 or tech I
    patroller (it leaves the patrol zone, stays in play). Tech II
    patrollers and units off patrol are no legal targets."""
    s = scenario_game(
        [
            {"play": [river(3)]},
            {
                "play": [
                    {"card": "iron_man", "patrol": "squad_leader", "id": "sl"},
                    {"card": "hired_stomper", "patrol": "elite", "id": "big"},
                    {"card": "older_brother", "id": "home"},
                ]
            },
        ],
        heroes=RIVER_FIRST,
    )
    hero, sl = find(s, "river"), find(s, "sl")
    assert atk_hp(s, hero) == (2, 4)
    assert [a["targets"] for a in legal_of(s, 0, "ability", card=hero)] == [[sl]]
    for bad in ("big", "home"):
        assert_refused(s, 0, {"type": "ability", "card": hero, "ability": 0, "targets": [find(s, bad)]}, "bad_targets")
    s = use_ability(s, 0, hero, 0, [sl])
    assert s["players"][1]["patrol"]["squad_leader"] is None
    assert sl in s["players"][1]["play"]
    assert s["cards"][hero]["exhausted"]
    assert_refused(s, 0, {"type": "ability", "card": hero, "ability": 0, "targets": [find(s, "big")]}, "exhausted")


def test_river_mid_band_ability_needs_her_since_the_start_of_the_turn():
    """River's ability costs exhausting her: summoned this turn she has
    arrival fatigue (house rule R5)."""
    s = scenario_game(
        [{"play": [river(4, fresh=True)]}, {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "sl"}]}],
        heroes=RIVER_FIRST,
    )
    assert_refused(
        s, 0, {"type": "ability", "card": find(s, "river"), "ability": 0, "targets": [find(s, "sl")]}, "arrival_fatigue"
    )


def test_river_levelled_to_her_mid_band_this_turn_may_use_it_at_once():
    """Only ultimates need the band since the start of the turn (house rule
    R7): River, in play since before the turn and levelled from 2 to 3 now,
    exhausts for her sideline at once."""
    s = scenario_game(
        [{"gold": 1, "play": [river(2)]}, {"play": [{"card": "older_brother", "patrol": "squad_leader", "id": "sl"}]}],
        heroes=RIVER_FIRST,
    )
    hero, sl = find(s, "river"), find(s, "sl")
    s = act(s, 0, {"type": "level_up", "hero": hero, "levels": 1})
    s = use_ability(s, 0, hero, 0, [sl])
    assert s["players"][1]["patrol"]["squad_leader"] is None


def test_river_mid_band_sideline_targets_so_a_flagbearer_binds_it():
    """River's sideline targets (◎): an opposing patrolling Granfalloon
    Flagbearer must be its target."""
    s = scenario_game(
        [
            {"play": [river(3)]},
            {
                "play": [
                    {"card": "iron_man", "patrol": "squad_leader", "id": "sl"},
                    {"card": "granfalloon_flagbearer", "patrol": "elite", "id": "flag"},
                ]
            },
        ],
        heroes=RIVER_FIRST,
    )
    hero = find(s, "river")
    assert_refused(s, 0, {"type": "ability", "card": hero, "ability": 0, "targets": [find(s, "sl")]}, "flagbearer")
    assert [a["targets"] for a in legal_of(s, 0, "ability", card=hero)] == [[find(s, "flag")]]


def test_river_max_band_is_3_4_and_tech_0_units_cost_1_less():
    """River, level 5: 3/4; your tech 0 units cost 1 gold less: Older
    Brother 1 instead of 2. Tech I units and spells cost as printed. She
    keeps the mid band's ability."""
    s = scenario_game(
        [
            {
                "hand": ["older_brother", "nimble_fencer", "spark"],
                "gold": 4,
                "buildings": {"tech_1": True},
                "play": [river(5)],
            },
            {"play": [{"card": "tenderfoot", "patrol": "elite", "id": "p"}]},
        ],
        heroes=RIVER_FIRST,
    )
    hero = find(s, "river")
    assert atk_hp(s, hero) == (3, 4)
    assert legal_of(s, 0, "ability", card=hero)
    s = play_card(s, 0, "older_brother")
    assert s["players"][0]["gold"] == 3
    s = play_card(s, 0, "nimble_fencer")
    assert s["players"][0]["gold"] == 1
    s = play_card(s, 0, "spark", [find(s, "p")])
    assert s["players"][0]["gold"] == 0


def test_river_discount_never_goes_below_0():
    """River ruling: a cost goes down to 0, not lower: Timely Messenger
    costs 0, and with Maestro a Tenderfoot stays at 0 (no gold gained)."""
    s = scenario_game(
        [{"hand": ["timely_messenger", "tenderfoot"], "gold": 0, "play": [river(5), {"card": "maestro"}]}],
        heroes=RIVER_FIRST,
    )
    messenger = hand_ids(s, 0, "timely_messenger")[0]
    assert legal_of(s, 0, "play", card=messenger)
    s = play_card(s, 0, "timely_messenger")
    s = play_card(s, 0, "tenderfoot")
    assert s["players"][0]["gold"] == 0
    assert len(in_play(s, 0, "timely_messenger")) == 1
    assert len(in_play(s, 0, "tenderfoot")) == 1


def test_river_discount_needs_her_at_max_level_in_play():
    """River's discount comes from her max band while she is in play: at
    level 4 an Older Brother costs its full 2 gold."""
    s = scenario_game([{"hand": ["older_brother"], "gold": 2, "play": [river(4)]}], heroes=RIVER_FIRST)
    s = play_card(s, 0, "older_brother")
    assert s["players"][0]["gold"] == 0


def test_river_reaching_mid_band_heals_her():
    """River reaching level 3 (mid band) is fully healed."""
    s = scenario_game([{"gold": 1, "play": [river(2, damage=2)]}], heroes=RIVER_FIRST)
    hero = find(s, "river")
    s = act(s, 0, {"type": "level_up", "hero": hero, "levels": 1})
    assert (s["cards"][hero]["level"], s["cards"][hero]["damage"]) == (3, 0)
    assert atk_hp(s, hero) == (2, 4)
