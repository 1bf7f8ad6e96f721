"""Scenario tests for the white starting deck: every card played through
real actions, the official rulings (reference/codex-cards/rulings.json,
"White") named where they decide something. Seat 0 plays Troq Bashar
unless told otherwise; seat 1 River Montoya."""

from game.codex import stats
from tests.rules.helpers import (
    act,
    assert_refused,
    atk_hp,
    attack_tagged,
    base_damage,
    cards_in,
    choose,
    dmg,
    find,
    gone,
    hand_ids,
    logged,
    play_card,
    prompt_options,
    scenario_game,
    use_ability,
)

GRAVE = {"card": "grave_stormborne", "id": "grave"}


def game(seat0=None, seat1=None, **kw):
    return scenario_game([seat0 or {}, seat1 or {}], **kw)


def white(seat0=None, seat1=None, **kw):
    """Seat 0 plays Grave Stormborne, in play (white spells need a hero);
    seat 1 River Montoya."""
    seat0 = dict(seat0 or {})
    seat0["play"] = [GRAVE] + list(seat0.get("play", []))
    return scenario_game([seat0, seat1 or {}], heroes=("grave_stormborne", "river_montoya"), **kw)


def armor(state, tag):
    return stats.kw(state, find(state, tag), "armor")


# ---- keyword-only cards ----------------------------------------------------------


def test_keyword_cards_of_the_white_deck_have_their_keywords():
    """Savior Monk (healing 1), Fox Viper (sparkshot), Morningstar
    Flagbearer (flagbearer), Fox Primus (frenzy 1, anti-air)."""
    s = game(
        {
            "play": [
                {"card": "savior_monk", "id": "sm"},
                {"card": "fox_viper", "id": "fv"},
                {"card": "morningstar_flagbearer", "id": "mf"},
                {"card": "fox_primus", "id": "fp"},
            ]
        }
    )
    assert stats.kw(s, find(s, "sm"), "healing") == 1
    assert stats.kw(s, find(s, "fv"), "sparkshot") == 1
    assert stats.kw(s, find(s, "mf"), "flagbearer") == 1
    assert stats.kw(s, find(s, "fp"), "anti_air") == 1
    assert atk_hp(s, find(s, "fp")) == (3, 2)  # frenzy on its own turn


def test_savior_monk_heals_friendly_units_in_upkeep():
    s = game({}, {"play": [{"card": "savior_monk", "id": "sm"}, {"card": "iron_man", "damage": 2, "id": "iron"}]})
    s = act(s, 0, {"type": "end_main"})
    s = act(s, 0, {"type": "tech", "cards": ["iron_man", "the_boot"]}) if s["players"][0]["tech_owed"] else s
    assert dmg(s, "iron") == 1


# ---- Smoker ---------------------------------------------------------------------


def test_smoker_targeted_by_a_spell_returns_to_hand_before_it_resolves():
    """Smoker ruling: when targeted he returns to hand at once, before the
    rest of the spell: Spark's damage finds nothing."""
    s = game(
        {"hand": ["spark"], "gold": 1, "play": [{"card": "river_montoya"}]},
        {"play": [{"card": "smoker", "patrol": "squad_leader", "id": "sm"}]},
        heroes=("river_montoya", "troq_bashar"),
    )
    s = play_card(s, 0, "spark", [find(s, "sm")])
    assert gone(s, "sm")
    assert cards_in(s, 1, "hand").count("smoker") == 1
    assert logged(s, "slipped away")


def test_smoker_targeted_by_an_ability_returns_to_hand():
    s = game({"play": [{"card": "aged_sensei", "id": "as"}, {"card": "smoker", "id": "sm"}]})
    s = use_ability(s, 0, find(s, "as"), 0, [find(s, "sm")])
    assert gone(s, "sm") and "smoker" in cards_in(s, 0, "hand")


def test_smoker_is_not_returned_by_effects_that_do_not_target():
    """No ◎, no return: Shuriken Hail... here a base attack past him."""
    s = game({"play": [{"card": "smoker", "id": "sm"}]})
    assert stats.kw(s, find(s, "sm"), "stealth") == 1
    s = attack_tagged(s, "sm", "base:1")
    assert not gone(s, "sm") and base_damage(s, 1) == 1


# ---- Aged Sensei ------------------------------------------------------------------


def test_aged_sensei_gives_a_friendly_unit_1_atk_and_1_armor_this_turn():
    s = game({"play": [{"card": "aged_sensei", "id": "as"}, {"card": "iron_man", "id": "iron"}]})
    before = atk_hp(s, find(s, "iron"))
    s = use_ability(s, 0, find(s, "as"), 0, [find(s, "iron")])
    assert stats.atk(s, find(s, "iron")) == before[0] + 1
    assert armor(s, "iron") == 1
    assert s["cards"][find(s, "as")]["exhausted"]
    s = act(s, 0, {"type": "end_main"})
    assert armor(s, "iron") == 0


def test_aged_sensei_cannot_target_an_opposing_unit():
    s = game({"play": [{"card": "aged_sensei", "id": "as"}]}, {"play": [{"card": "iron_man", "id": "iron"}]})
    assert_refused(
        s, 0, {"type": "ability", "card": find(s, "as"), "ability": 0, "targets": [find(s, "iron")]}, "bad_targets"
    )


# ---- Safe Attacking -------------------------------------------------------------------


def test_safe_attacking_gives_tech_0_and_1_units_armor_only_while_attacking():
    """Safe Attacking rulings: the armor is there during the attack (it
    absorbs the defender's damage) and gone once the attack is over."""
    s = game(
        {"play": [{"card": "safe_attacking"}, {"card": "tenderfoot", "id": "tf"}]},
        {"play": [{"card": "older_brother", "patrol": "squad_leader", "id": "ob"}]},
    )
    assert armor(s, "tf") == 0
    s = attack_tagged(s, "tf", "ob")
    # Older Brother (2/2) hits back 2: 1 absorbed by the armor, Tenderfoot (1/2) lives.
    assert dmg(s, "tf") == 1
    assert armor(s, "tf") == 0


def test_safe_attacking_protects_a_second_attack_of_the_turn_too():
    """Safe Attacking ruling: readied and attacking a second time that turn,
    the unit gets 1 armor again, although the first attack's armor was
    used up. Iron Man (3/4) attacks the squad leader (2 damage back, 1
    absorbed), is readied by Ready or Not, then attacks the scavenger (2
    damage back, 1 absorbed again)."""
    s = game(
        {
            "hand": ["ready_or_not"],
            "gold": 4,
            "play": [{"card": "max_geiger"}, {"card": "safe_attacking"}, {"card": "iron_man", "id": "iron"}],
        },
        {
            "play": [
                {"card": "older_brother", "patrol": "squad_leader", "id": "ob1"},
                {"card": "older_brother", "patrol": "scavenger", "id": "ob2"},
            ]
        },
    )
    s = attack_tagged(s, "iron", "ob1")
    assert gone(s, "ob1") and dmg(s, "iron") == 1
    s = play_card(s, 0, "ready_or_not", [find(s, "iron")])
    s = attack_tagged(s, "iron", "ob2")
    assert dmg(s, "iron") == 2 and armor(s, "iron") == 0


def test_safe_attacking_does_not_help_tech_2_units():
    s = game(
        {"play": [{"card": "safe_attacking"}, {"card": "vigor_adept", "id": "va"}]},
        {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "iron"}]},
    )
    hit_back = stats.atk(s, find(s, "iron"))
    s = attack_tagged(s, "va", "iron")
    assert dmg(s, "va") == hit_back


# ---- Sensei's Advice -------------------------------------------------------------------------


def test_senseis_advice_gives_up_to_two_of_your_units_1_atk_1_armor():
    s = white(
        {
            "hand": ["sensei_s_advice"],
            "gold": 1,
            "play": [{"card": "tenderfoot", "id": "a"}, {"card": "iron_man", "id": "b"}],
        }
    )
    s = play_card(s, 0, "sensei_s_advice")
    s = choose(s, 0, find(s, "a"))
    s = choose(s, 0, find(s, "b"))
    assert armor(s, "a") == 1 and armor(s, "b") == 1
    assert stats.atk(s, find(s, "a")) == 2


def test_senseis_advice_may_stop_after_one():
    s = white(
        {
            "hand": ["sensei_s_advice"],
            "gold": 1,
            "play": [{"card": "tenderfoot", "id": "a"}, {"card": "iron_man", "id": "b"}],
        }
    )
    s = play_card(s, 0, "sensei_s_advice")
    s = choose(s, 0, find(s, "a"))
    s = choose(s, 0)
    assert armor(s, "a") == 1 and armor(s, "b") == 0 and s["prompt"] is None


# ---- Grappling Hook ---------------------------------------------------------------------------


def test_grappling_hook_pulls_a_patroller_to_an_empty_slot():
    """Grappling Hook ruling: any empty slot of that zone, whatever lies between."""
    s = white(
        {"hand": ["grappling_hook"]},
        {
            "play": [
                {"card": "iron_man", "patrol": "squad_leader", "id": "sl"},
                {"card": "tenderfoot", "patrol": "elite", "id": "el"},
            ]
        },
    )
    s = play_card(s, 0, "grappling_hook", [find(s, "sl")])
    assert set(prompt_options(s)) == {"scavenger", "technician", "lookout"}
    s = choose(s, 0, "lookout")
    zone = s["players"][1]["patrol"]
    assert zone["lookout"] == find(s, "sl") and zone["squad_leader"] is None


def test_grappling_hook_needs_a_patroller():
    s = white({"hand": ["grappling_hook"]}, {"play": [{"card": "iron_man", "id": "home"}]})
    hook = hand_ids(s, 0, "grappling_hook")[0]
    assert_refused(s, 0, {"type": "play", "card": hook, "targets": [find(s, "home")]}, "bad_targets")


# ---- Snapback ----------------------------------------------------------------------------------------


def test_snapback_in_one_hero_game_returns_the_same_hero_fresh():
    """Snapback rulings: the hero loses levels, damage and runes; with no
    other hero in that command zone the same one comes back."""
    s = white(
        {"hand": ["snapback"], "gold": 3}, {"play": [{"card": "river_montoya", "level": 4, "damage": 1, "id": "rm"}]}
    )
    s = play_card(s, 0, "snapback", [find(s, "rm")])
    river = [i for i in s["players"][1]["play"] if s["cards"][i]["card"] == "river_montoya"]
    assert len(river) == 1
    inst = s["cards"][river[0]]
    assert inst["level"] == 1 and inst["damage"] == 0 and inst["arrived"] == s["turn"]


def test_snapback_puts_another_hero_from_that_command_zone_into_play():
    """Snapback rulings: a different hero comes in (even one on cooldown);
    the snapped hero can't be summoned before its owner's next turn ends."""
    config = {
        "mode": "3hero",
        "seed": 1,
        "seats": [
            {"name": "A", "heroes": ["grave_stormborne", "river_montoya", "jaina_stormborne"]},
            {"name": "B", "heroes": ["river_montoya", "troq_bashar", "jaina_stormborne"]},
        ],
        "scenario": {
            "turn": 3,
            "active": 0,
            "seats": [
                {"hand": ["snapback"], "gold": 3, "play": [GRAVE]},
                {"play": [{"card": "river_montoya", "level": 3, "id": "rm"}]},
            ],
        },
    }
    from game.rules import new_game

    s = new_game(config)
    s = play_card(s, 0, "snapback", [find(s, "rm")])
    options = prompt_options(s)
    names = {s["cards"][o]["card"] for o in options}
    assert names == {"troq_bashar", "jaina_stormborne"}
    pick = next(o for o in options if s["cards"][o]["card"] == "troq_bashar")
    s = choose(s, 0, pick)
    assert "troq_bashar" in cards_in(s, 1, "play")
    assert "river_montoya" in cards_in(s, 1, "command")
    assert s["players"][1]["hero_ready_after"]["river_montoya"] > s["players"][1]["turns_ended"]


def test_snapback_cannot_target_your_own_hero():
    s = white({"hand": ["snapback"], "gold": 3})
    card = hand_ids(s, 0, "snapback")[0]
    assert_refused(s, 0, {"type": "play", "card": card, "targets": [find(s, "grave")]}, "bad_targets")
