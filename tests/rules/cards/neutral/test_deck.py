"""Scenario tests for the neutral starting deck (Starter set): each card is
played through real actions and its outcome checked, with the official
rulings (reference/codex-cards/rulings.json, "Neutral") named where they
decide something.

Seat 0 plays Troq Bashar (Bashing), seat 1 River Montoya (Finesse); every
spell needs a hero in play, so the caster's hero is put in play.
"""

from game.rules import legal_actions
from tests.rules.helpers import (
    assert_refused,
    atk_hp,
    attack,
    base_damage,
    choose,
    end_turn,
    find,
    hand_ids,
    in_play,
    legal_of,
    play_card,
    prompt_options,
    scenario_game,
)

TROQ = {"card": "troq_bashar", "id": "troq"}
RIVER = {"card": "river_montoya", "id": "river"}


def one(state, seat, card_id):
    """The single in-play copy of ``card_id`` that ``seat`` controls."""
    ids = in_play(state, seat, card_id)
    assert len(ids) == 1, ids
    return ids[0]


# ---- Timely Messenger --------------------------------------------------------


def test_timely_messenger_costs_1_and_attacks_the_turn_it_arrives():
    """Timely Messenger: 1/1 with haste, so it attacks the turn it is played,
    while an Older Brother played the same turn has arrival fatigue."""
    s = scenario_game([{"hand": ["timely_messenger", "older_brother"], "gold": 5}])
    s = play_card(s, 0, "timely_messenger")
    s = play_card(s, 0, "older_brother")
    assert s["players"][0]["gold"] == 2
    messenger, brother = one(s, 0, "timely_messenger"), one(s, 0, "older_brother")
    assert atk_hp(s, messenger) == (1, 1)
    assert legal_of(s, 0, "attack", attacker=messenger)
    assert not legal_of(s, 0, "attack", attacker=brother)
    assert_refused(s, 0, {"type": "attack", "attacker": brother, "target": "base:1"}, "arrival_fatigue")
    s = attack(s, 0, messenger, "base:1")
    assert base_damage(s, 1) == 1
    assert s["cards"][messenger]["exhausted"]


# ---- Tenderfoot --------------------------------------------------------------


def test_tenderfoot_is_a_1_2_virtuoso_for_1_gold():
    """Tenderfoot: 1/2 for 1 gold with no text; being a Virtuoso it gets
    Nimble Fencer's haste (unlike a freshly played Older Brother)."""
    s = scenario_game(
        [{}, {"hand": ["tenderfoot", "older_brother"], "gold": 3, "play": [RIVER, "nimble_fencer"]}], active=1
    )
    s = play_card(s, 1, "tenderfoot")
    s = play_card(s, 1, "older_brother")
    assert s["players"][1]["gold"] == 0
    foot = one(s, 1, "tenderfoot")
    assert atk_hp(s, foot) == (1, 2)
    assert not legal_of(s, 1, "attack", attacker=one(s, 1, "older_brother"))
    s = attack(s, 1, foot, "base:0")
    assert base_damage(s, 0) == 1


# ---- Older Brother -----------------------------------------------------------


def test_older_brother_is_a_2_2_for_2_gold_that_trades_with_a_2_2():
    """Older Brother: a plain 2/2 for 2 gold. Attacking a 2/2 scavenger, both
    die; the defender's owner gets the scavenger's gold."""
    s = scenario_game(
        [
            {"hand": ["older_brother"], "gold": 2, "play": [{"card": "older_brother", "id": "ob"}]},
            {"gold": 0, "play": [{"card": "older_brother", "patrol": "scavenger", "id": "foe"}]},
        ]
    )
    s = play_card(s, 0, "older_brother")
    assert s["players"][0]["gold"] == 0
    assert atk_hp(s, in_play(s, 0, "older_brother")[1]) == (2, 2)
    ob, foe = find(s, "ob"), find(s, "foe")
    assert legal_of(s, 0, "attack", attacker=ob) == [{"type": "attack", "attacker": ob, "target": foe}]
    s = attack(s, 0, ob, foe)
    assert ob not in s["cards"] and foe not in s["cards"]
    assert [s["cards"][i]["card"] for i in s["players"][1]["discard"]] == ["older_brother"]
    assert s["players"][1]["gold"] == 1


# ---- Brick Thief -------------------------------------------------------------


def test_brick_thief_arrives_damages_one_building_and_repairs_another():
    """Brick Thief, arrives: 1 damage to a building, then repair 1 damage
    from another building (the one just hit is not offered)."""
    s = scenario_game(
        [{"hand": ["brick_thief"], "gold": 2, "buildings": {"tech_1": True}}, {"buildings": {"tech_1": True}}]
    )
    s["players"][0]["buildings"]["tech_1"]["damage"] = 2
    s = play_card(s, 0, "brick_thief")
    assert set(prompt_options(s)) == {"base:0", "base:1", "bld:0:tech_1", "bld:1:tech_1"}
    assert sorted(a["choice"][0] for a in legal_of(s, 0, "choose")) == sorted(prompt_options(s))
    assert [a["type"] for a in legal_actions(s, 0) if a["type"] != "choose"] == ["concede"]
    assert [a["type"] for a in legal_actions(s, 1)] == ["concede"]
    s = choose(s, 0, "bld:1:tech_1")
    assert s["players"][1]["buildings"]["tech_1"]["damage"] == 1
    assert "bld:1:tech_1" not in prompt_options(s)
    s = choose(s, 0, "bld:0:tech_1")
    assert s["players"][0]["buildings"]["tech_1"]["damage"] == 1
    assert s["prompt"] is None


def test_brick_thief_lists_the_opponents_buildings_first_to_damage_and_ones_own_first_to_repair():
    """A newcomer repaired the bot's base: the repair listed the opponent's
    buildings first. Damage lists the opponents' buildings first, repair
    the player's own; what may be chosen is as printed (any other building)."""
    for seat in (0, 1):
        mine = {"hand": ["brick_thief"], "gold": 2, "buildings": {"tech_1": True}}
        theirs = {"buildings": {"tech_1": True}}
        s = scenario_game([mine, theirs] if seat == 0 else [theirs, mine], active=seat)
        s = play_card(s, seat, "brick_thief")
        other = 1 - seat
        assert prompt_options(s) == [f"bld:{other}:tech_1", f"base:{other}", f"bld:{seat}:tech_1", f"base:{seat}"]
        assert "opponent" in s["prompt"]["text"]
        s = choose(s, seat, f"bld:{other}:tech_1")
        assert prompt_options(s) == [f"bld:{seat}:tech_1", f"base:{seat}", f"base:{other}"]
        assert "yours" in s["prompt"]["text"]


def test_brick_thief_may_repair_an_undamaged_building_which_does_nothing():
    """Brick Thief ruling: you may pick an undamaged building of your own to
    repair; nothing happens to it (no HP above its maximum)."""
    s = scenario_game([{"hand": ["brick_thief"], "gold": 2, "buildings": {"tech_1": True}}])
    s = play_card(s, 0, "brick_thief")
    s = choose(s, 0, "base:1")
    assert base_damage(s, 1) == 1
    assert set(prompt_options(s)) == {"base:0", "bld:0:tech_1"}
    s = choose(s, 0, "bld:0:tech_1")
    assert s["players"][0]["buildings"]["tech_1"]["damage"] == 0
    assert s["prompt"] is None


def test_brick_thief_triggers_on_arrival_and_again_each_time_it_attacks():
    """Brick Thief ruling: "arrives or attacks" means both: it hits a
    building when it arrives and again whenever it attacks."""
    s = scenario_game([{"play": [{"card": "brick_thief", "id": "thief"}]}, {"buildings": {"tech_1": True}}])
    thief = find(s, "thief")
    s = attack(s, 0, thief, "base:1")
    assert s["prompt"] is not None and s["prompt"]["seat"] == 0
    s = choose(s, 0, "bld:1:tech_1")
    s = choose(s, 0, "base:0")
    assert s["players"][1]["buildings"]["tech_1"]["damage"] == 1
    assert base_damage(s, 1) == 2  # 2 combat damage from the attack itself


def test_brick_thief_resist_1_makes_opponents_pay_one_more_to_target_it():
    """Brick Thief: resist 1, so an opponent's Spark on it costs 1 + 1 gold;
    with only 1 gold the play is refused (not_enough_gold)."""
    s = scenario_game(
        [
            {"hand": ["spark"], "gold": 1, "play": [TROQ]},
            {"play": [{"card": "brick_thief", "patrol": "elite", "id": "thief"}]},
        ]
    )
    thief = find(s, "thief")
    spark = hand_ids(s, 0, "spark")[0]
    assert_refused(s, 0, {"type": "play", "card": spark, "targets": [thief]}, "not_enough_gold")
    assert not legal_of(s, 0, "play", card=spark)
    s["players"][0]["gold"] = 2
    s = play_card(s, 0, "spark", [thief])
    assert s["players"][0]["gold"] == 0
    assert thief not in s["cards"]


# ---- Helpful Turtle ----------------------------------------------------------


def test_helpful_turtle_heals_friendly_units_and_heroes_in_its_owners_upkeep():
    """Helpful Turtle, healing 1: in its owner's upkeep every friendly unit
    and hero loses 1 damage; buildings and the base are not healed, and the
    opponent's upkeep heals nothing."""
    s = scenario_game(
        [
            {
                "play": [
                    {"card": "troq_bashar", "damage": 2, "id": "troq"},
                    {"card": "helpful_turtle", "damage": 1, "id": "turtle"},
                    {"card": "iron_man", "damage": 3, "id": "iron"},
                ],
                "buildings": {"tech_1": True},
                "base_damage": 4,
            },
            {"play": [{"card": "older_brother", "damage": 1, "id": "foe"}]},
        ],
        active=1,
    )
    s["players"][0]["buildings"]["tech_1"]["damage"] = 2
    s = end_turn(s, 1)  # seat 0's turn begins: its upkeep heals
    assert s["active"] == 0 and s["phase"] == "main"
    assert s["cards"][find(s, "troq")]["damage"] == 1
    assert s["cards"][find(s, "turtle")]["damage"] == 0
    assert s["cards"][find(s, "iron")]["damage"] == 2
    assert s["cards"][find(s, "foe")]["damage"] == 1
    assert base_damage(s, 0) == 4
    assert s["players"][0]["buildings"]["tech_1"]["damage"] == 2


# ---- Granfalloon Flagbearer ----------------------------------------------------


def flag_scene(**seat0):
    return scenario_game(
        [
            dict({"hand": ["spark"], "gold": 3, "play": [TROQ]}, **seat0),
            {
                "play": [
                    {"card": "granfalloon_flagbearer", "patrol": "elite", "id": "flag"},
                    {"card": "tenderfoot", "patrol": "lookout", "id": "foot"},
                ]
            },
        ]
    )


def test_flagbearer_forces_an_opposing_spell_to_target_it():
    """Granfalloon Flagbearer: an opponent's spell that can target a
    flagbearer must target one: Spark on the other patroller is refused
    (code flagbearer) and legal_actions only offers the flagbearer."""
    s = flag_scene()
    flag, foot = find(s, "flag"), find(s, "foot")
    spark = hand_ids(s, 0, "spark")[0]
    assert_refused(s, 0, {"type": "play", "card": spark, "targets": [foot]}, "flagbearer")
    assert [a["targets"] for a in legal_of(s, 0, "play", card=spark)] == [[flag]]
    s = play_card(s, 0, "spark", [flag])
    assert s["cards"][flag]["damage"] == 1


def test_flagbearer_that_cannot_be_targeted_imposes_no_duty():
    """Granfalloon Flagbearer: the duty only binds spells that could target
    it. Off patrol it is no legal Spark target, so Spark may hit another
    patroller."""
    s = flag_scene()
    s["players"][1]["patrol"]["elite"] = None
    foot = find(s, "foot")
    s = play_card(s, 0, "spark", [foot])
    assert s["cards"][foot]["damage"] == 1


def test_flagbearers_bind_only_spells_that_could_target_them_as_opponents():
    """Granfalloon Flagbearer binds an opponent's spell only: the caster's
    own flagbearer does not force Bloom onto it, and the opposing one can't
    be a Bloom target (friendly only), so Bloom goes on the hero."""
    s = scenario_game(
        [
            {"hand": ["bloom"], "gold": 2, "play": [TROQ, {"card": "granfalloon_flagbearer", "id": "myflag"}]},
            {"play": [{"card": "granfalloon_flagbearer", "patrol": "elite", "id": "flag"}]},
        ]
    )
    troq = find(s, "troq")
    bloom = hand_ids(s, 0, "bloom")[0]
    offered = {a["targets"][0] for a in legal_of(s, 0, "play", card=bloom)}
    assert offered == {troq, find(s, "myflag")}
    s = play_card(s, 0, "bloom", [troq])
    assert s["cards"][troq]["plus"] == 1


def test_flagbearer_binds_any_targeting_spell_that_could_reach_it():
    """Granfalloon Flagbearer: not only patroller spells; Wither and The
    Boot could target it at home, so they must."""
    s = scenario_game(
        [
            {"hand": ["wither", "the_boot"], "gold": 5, "play": [TROQ]},
            {"play": [{"card": "granfalloon_flagbearer", "id": "flag"}, {"card": "older_brother", "id": "ob"}]},
        ]
    )
    flag, ob = find(s, "flag"), find(s, "ob")
    for card in ("wither", "the_boot"):
        iid = hand_ids(s, 0, card)[0]
        assert_refused(s, 0, {"type": "play", "card": iid, "targets": [ob]}, "flagbearer")
        assert [a["targets"] for a in legal_of(s, 0, "play", card=iid)] == [[flag]]
    s = play_card(s, 0, "the_boot", [flag])
    assert in_play(s, 1, "granfalloon_flagbearer") == []


def test_flagbearer_you_cannot_afford_to_target_can_be_ignored():
    """Flagbearer ruling: a flagbearer you can't pay to target (its resist,
    here the lookout slot's resist 1, with no gold left after Spark) does
    not bind you."""
    s = scenario_game(
        [
            {"hand": ["spark"], "gold": 1, "play": [TROQ]},
            {
                "play": [
                    {"card": "granfalloon_flagbearer", "patrol": "lookout", "id": "flag"},
                    {"card": "tenderfoot", "patrol": "elite", "id": "foot"},
                ]
            },
        ]
    )
    foot = find(s, "foot")
    spark = hand_ids(s, 0, "spark")[0]
    assert [a["targets"] for a in legal_of(s, 0, "play", card=spark)] == [[foot]]
    s = play_card(s, 0, "spark", [foot])
    assert s["cards"][foot]["damage"] == 1


# ---- Fruit Ninja -------------------------------------------------------------


def test_fruit_ninja_has_frenzy_1_only_on_its_controllers_turn():
    """Fruit Ninja, frenzy 1: 3/2 on its controller's turn, 2/2 otherwise;
    attacking it deals 3."""
    s = scenario_game(
        [
            {"play": [{"card": "fruit_ninja", "id": "ninja"}]},
            {"play": [{"card": "iron_man", "patrol": "elite", "id": "iron"}]},
        ]
    )
    ninja, iron = find(s, "ninja"), find(s, "iron")
    assert atk_hp(s, ninja) == (3, 2)
    s = attack(s, 0, ninja, iron)
    assert s["cards"][iron]["damage"] == 3
    assert ninja not in s["cards"]

    s = scenario_game(
        [
            {"play": [{"card": "fruit_ninja", "patrol": "lookout", "id": "ninja"}]},
            {"play": [{"card": "iron_man", "id": "iron"}]},
        ],
        active=1,
    )
    ninja, iron = find(s, "ninja"), find(s, "iron")
    assert atk_hp(s, ninja) == (2, 2)
    s = attack(s, 1, iron, ninja)
    assert s["cards"][iron]["damage"] == 2


# ---- Spark -------------------------------------------------------------------


def test_spark_deals_1_damage_to_a_patroller_only():
    """Spark: 1 damage to a patroller, for 1 gold; a unit that is not
    patrolling is no legal target (bad_targets)."""
    s = scenario_game(
        [
            {"hand": ["spark"], "gold": 1, "play": [TROQ]},
            {
                "play": [
                    {"card": "timely_messenger", "patrol": "elite", "id": "tm"},
                    {"card": "older_brother", "id": "home"},
                ]
            },
        ]
    )
    tm, home = find(s, "tm"), find(s, "home")
    spark = hand_ids(s, 0, "spark")[0]
    assert_refused(s, 0, {"type": "play", "card": spark, "targets": [home]}, "bad_targets")
    assert [a["targets"] for a in legal_of(s, 0, "play", card=spark)] == [[tm]]
    s = play_card(s, 0, "spark", [tm])
    assert tm not in s["cards"]
    assert s["players"][0]["gold"] == 0
    assert [s["cards"][i]["card"] for i in s["players"][0]["discard"]] == ["spark"]


def test_spark_on_the_squad_leader_is_absorbed_by_its_armor():
    """Spark against the squad leader: its armor 1 absorbs the point
    (house rule R6: squad leader armor absorbs damage from any source)."""
    s = scenario_game(
        [
            {"hand": ["spark"], "gold": 1, "play": [TROQ]},
            {"play": [{"card": "timely_messenger", "patrol": "squad_leader", "id": "tm"}]},
        ]
    )
    tm = find(s, "tm")
    s = play_card(s, 0, "spark", [tm])
    assert s["cards"][tm]["damage"] == 0


def test_spark_needs_a_hero_in_play():
    """Spells need a hero in play (rulebook "Spells"): without one Spark is
    refused with needs_hero."""
    s = scenario_game(
        [{"hand": ["spark"], "gold": 1}, {"play": [{"card": "tenderfoot", "patrol": "lookout", "id": "foot"}]}]
    )
    spark = hand_ids(s, 0, "spark")[0]
    refused = assert_refused(s, 0, {"type": "play", "card": spark, "targets": [find(s, "foot")]}, "needs_hero")
    assert refused.message == "Spells need one of your heroes in play."


# ---- Bloom -------------------------------------------------------------------


def test_bloom_puts_a_plus_rune_on_a_friendly_unit_or_hero():
    """Bloom: a +1/+1 rune on a friendly unit or hero (here the hero)."""
    s = scenario_game([{"hand": ["bloom"], "gold": 2, "play": [TROQ]}])
    troq = find(s, "troq")
    s = play_card(s, 0, "bloom", [troq])
    assert s["cards"][troq]["plus"] == 1
    assert atk_hp(s, troq) == (3, 4)
    assert s["players"][0]["gold"] == 0


def test_bloom_refuses_enemies_and_units_that_already_have_a_plus_rune():
    """Bloom: only friendly targets, and only ones without a +1/+1 rune."""
    s = scenario_game(
        [
            {
                "hand": ["bloom"],
                "gold": 2,
                "play": [TROQ, {"card": "older_brother", "plus": 1, "id": "ob"}, {"card": "tenderfoot", "id": "foot"}],
            },
            {"play": [{"card": "iron_man", "id": "foe"}]},
        ]
    )
    bloom = hand_ids(s, 0, "bloom")[0]
    for bad in ("ob", "foe"):
        assert_refused(s, 0, {"type": "play", "card": bloom, "targets": [find(s, bad)]}, "bad_targets")
    offered = {a["targets"][0] for a in legal_of(s, 0, "play", card=bloom)}
    assert offered == {find(s, "troq"), find(s, "foot")}
    s = play_card(s, 0, "bloom", [find(s, "foot")])
    assert atk_hp(s, find(s, "foot")) == (2, 3)


# ---- Wither ------------------------------------------------------------------


def test_wither_puts_a_minus_rune_on_any_unit_or_hero():
    """Wither: a -1/-1 rune on a unit or hero, opposing ones included."""
    s = scenario_game(
        [{"hand": ["wither"], "gold": 2, "play": [TROQ]}, {"play": [RIVER, {"card": "older_brother", "id": "ob"}]}]
    )
    river = find(s, "river")
    s = play_card(s, 0, "wither", [river])
    assert s["cards"][river]["minus"] == 1
    assert atk_hp(s, river) == (1, 2)


def test_wither_cancels_a_plus_rune():
    """Wither on a unit with a +1/+1 rune: the two runes cancel out, leaving
    none (rulebook "Runes"), so Bloom may target it again."""
    s = scenario_game(
        [{"hand": ["wither", "bloom"], "gold": 4, "play": [TROQ, {"card": "older_brother", "plus": 1, "id": "ob"}]}]
    )
    ob = find(s, "ob")
    s = play_card(s, 0, "wither", [ob])
    assert (s["cards"][ob]["plus"], s["cards"][ob]["minus"]) == (0, 0)
    assert atk_hp(s, ob) == (2, 2)
    s = play_card(s, 0, "bloom", [ob])
    assert atk_hp(s, ob) == (3, 3)


def test_wither_kills_an_x_1_squad_leader_through_its_armor():
    """Wither ruling: a -1/-1 rune on an X/1 unit kills it (0 HP) even when
    it has armor, here the squad leader's armor (house rule R6)."""
    s = scenario_game(
        [
            {"hand": ["wither"], "gold": 2, "play": [TROQ]},
            {"play": [{"card": "timely_messenger", "patrol": "squad_leader", "id": "tm"}]},
        ]
    )
    s = play_card(s, 0, "wither", [find(s, "tm")])
    assert in_play(s, 1, "timely_messenger") == []
    assert s["players"][1]["patrol"]["squad_leader"] is None
