"""Scenario tests for the Blood spec, Drakk Ramhorn and the Pirate token
(game/codex/cards/red/blood.py): each card is played through real actions
and its outcome checked; the official rulings (reference/codex-
cards/rulings.json, "Red" and "Heroes") are named where they decide
something, and docs/RULINGS.md ("Red cards") records the engine's decisions.
Seat 0 plays a red hero, seat 1 Troq Bashar unless a test says otherwise."""

from game.codex import stats
from game.rules import new_game
from tests.rules.cards.red.common import ALL_TECH, DRAKK, damage, drakk, gold, workers
from tests.rules.helpers import (
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

# ---- Desperation ------------------------------------------------------------


def test_desperation_with_an_otherwise_empty_hand_trashes_itself_and_draws_three():
    """Desperation: played as the only card in hand (it has left the hand
    when it checks, ruling): trash it and draw three. At the end of the main
    phase the hand is discarded, then the draw phase discards nothing and
    draws 2 (ruling)."""
    s = scenario_game(
        [{"hand": ["desperation"], "deck": ["spark", "wither", "bloom", "mad_man", "charge"], "play": [drakk()]}],
        heroes=DRAKK,
    )
    s = play_card(s, 0, "desperation")
    assert cards_in(s, 0, "hand") == ["bloom", "spark", "wither"]
    assert cards_in(s, 0, "trash") == ["desperation"]
    s = end_turn(s, 0)
    assert cards_in(s, 0, "hand") == ["charge", "mad_man"]
    assert {"bloom", "spark", "wither"} <= set(cards_in(s, 0, "discard"))


def test_desperation_with_other_cards_in_hand_draws_nothing_but_still_discards_the_hand():
    """Desperation with other cards in hand: no draw, it goes to the discard
    pile, and the hand is still discarded when the main phase ends."""
    s = scenario_game(
        [{"hand": ["desperation", "spark", "wither"], "deck": ["bloom", "charge"], "play": [drakk()]}], heroes=DRAKK
    )
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
    s = scenario_game(
        [
            {"hand": ["kidnapping"], "gold": 4, "play": [drakk(), {"card": "mad_man", "id": "mine"}]},
            {
                "play": [
                    {"card": "iron_man", "exhausted": True, "patrol": None, "id": "iron"},
                    {"card": "trojan_duck", "id": "duck"},
                ]
            },
        ],
        heroes=DRAKK,
    )
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
    s = scenario_game(
        [
            {"hand": ["kidnapping"], "gold": 4, "play": [drakk()]},
            {
                "play": [
                    {"card": "older_brother", "id": "ob"},
                    {"card": "iron_man", "patrol": "squad_leader", "id": "iron"},
                ]
            },
        ],
        heroes=DRAKK,
    )
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
    s = scenario_game(
        [
            {"hand": ["older_brother", "bloodlust"], "gold": 4, "play": [drakk(), {"card": "mad_man", "id": "mad"}]},
            {"play": [{"card": "tenderfoot", "id": "foot"}]},
        ],
        heroes=DRAKK,
    )
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
    s = scenario_game(
        [
            {
                "hand": ["war_drums", "kidnapping"],
                "gold": 6,
                "play": [drakk(6), {"card": "mad_man", "id": "mad"}, {"card": "nautical_dog", "id": "dog"}],
            },
            {"play": [{"card": "older_brother", "id": "ob"}]},
        ],
        heroes=DRAKK,
    )
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
    s = scenario_game(
        [
            {"play": [{"card": "crash_bomber", "id": "bomber"}]},
            {
                "play": [
                    {"card": "iron_man", "patrol": "squad_leader", "id": "iron"},
                    {"card": "older_brother", "patrol": "elite", "id": "ob"},
                    {"card": "tenderfoot", "id": "home"},
                ]
            },
        ],
        heroes=DRAKK,
    )
    s = attack(s, 0, find(s, "bomber"), find(s, "iron"))
    options = prompt_options(s)
    assert find(s, "ob") in options and "base:1" in options and find(s, "home") not in options
    s = choose(s, 0, find(s, "ob"))
    assert damage(s, find(s, "ob")) == 1


def test_crash_bomber_dying_on_an_opponents_turn_hits_that_players_base():
    """Crash Bomber: dying on another player's turn, that player's base
    takes 1 damage."""
    s = scenario_game(
        [
            {"play": [{"card": "crash_bomber", "patrol": "squad_leader", "id": "bomber"}]},
            {"play": [{"card": "iron_man", "id": "iron"}]},
        ],
        heroes=DRAKK,
        active=1,
    )
    s = attack(s, 1, find(s, "iron"), find(s, "bomber"))
    assert in_play(s, 0, "crash_bomber") == []
    assert base_damage(s, 1) == 1


# ---- Rickety Mine -----------------------------------------------------------


def _mine_outcome(seed):
    s = scenario_game([{"gold": 0, "play": [{"card": "rickety_mine", "id": "mine"}]}], heroes=DRAKK, seed=seed)
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
    assert_refused(
        s, 0, {"type": "ability", "card": one(s, 0, "rickety_mine"), "ability": 0, "targets": []}, "arrival_fatigue"
    )


# ---- Shoddy Glider, Crashbarrow (keywords only) -----------------------------


def test_shoddy_glider_flies_over_ground_patrollers_at_once_and_dies_at_end_of_turn():
    """Shoddy Glider: haste, flying, ephemeral."""
    s = scenario_game(
        [
            {"hand": ["shoddy_glider"], "gold": 1, "buildings": ALL_TECH},
            {"play": [{"card": "iron_man", "patrol": "squad_leader"}]},
        ],
        heroes=DRAKK,
    )
    s = play_card(s, 0, "shoddy_glider")
    s = attack(s, 0, one(s, 0, "shoddy_glider"), "base:1")
    assert base_damage(s, 1) == 3
    s = end_turn(s, 0)
    assert in_play(s, 0, "shoddy_glider") == []


def test_crashbarrow_overpowers_at_once_and_dies_at_end_of_turn():
    """Crashbarrow: haste, overpower (the excess past a patroller goes on),
    ephemeral."""
    s = scenario_game(
        [
            {"hand": ["crashbarrow"], "gold": 3, "buildings": ALL_TECH},
            {"play": [{"card": "older_brother", "patrol": "squad_leader", "id": "ob"}]},
        ],
        heroes=DRAKK,
    )
    s = play_card(s, 0, "crashbarrow")
    s = attack(s, 0, one(s, 0, "crashbarrow"), find(s, "ob"))
    assert base_damage(s, 1) == 3  # 6 ATK: 3 to kill the squad leader (armor 1)
    s = end_turn(s, 0)
    assert in_play(s, 0, "crashbarrow") == []


def test_captured_bugblatter_on_an_opponents_turn_hits_that_players_base():
    """Captured Bugblatter: whenever a unit dies on an opponent's turn, that
    opponent's base takes 1 damage."""
    s = scenario_game(
        [
            {"play": ["captured_bugblatter", {"card": "mad_man", "patrol": "squad_leader", "id": "mad"}]},
            {"play": [{"card": "iron_man", "id": "iron"}]},
        ],
        heroes=DRAKK,
        active=1,
    )
    s = attack(s, 1, find(s, "iron"), find(s, "mad"))
    assert base_damage(s, 1) == 1 and base_damage(s, 0) == 0


# ---- Land Octopus -----------------------------------------------------------


def test_land_octopus_upkeep_trashes_two_workers_or_sacrifices_it():
    """Land Octopus: in your upkeep sacrifice two workers or it; sacrificed
    workers are trashed, not discarded (ruling)."""
    s = scenario_game(
        [{"play": [{"card": "land_octopus", "id": "octo"}], "workers": 6, "worker_cards": ["spark"]}, {}],
        heroes=DRAKK,
        active=1,
    )
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
    s = scenario_game([{"play": [{"card": "land_octopus", "id": "octo"}], "workers": 1}, {}], heroes=DRAKK, active=1)
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
    s = scenario_game(
        [
            {"play": [{"card": "ogre_recruiter", "id": "ogre"}]},
            {
                "play": [
                    {"card": "iron_man", "id": "iron"},
                    {"card": "older_brother", "id": "ob"},
                    {"card": "maestro", "id": "maestro"},
                ]
            },
        ],
        heroes=DRAKK,
    )
    s = attack(s, 0, find(s, "ogre"), "base:1")
    assert set(prompt_options(s)) == {find(s, "iron"), find(s, "ob")}
    s = choose(s, 0, find(s, "iron"))
    assert s["cards"][find(s, "iron")]["controller"] == 0


def test_ogre_recruiter_that_dies_attacking_takes_nothing():
    """Ogre Recruiter: no steal when it doesn't survive the combat."""
    s = scenario_game(
        [
            {"play": [{"card": "ogre_recruiter", "damage": 3, "id": "ogre"}]},
            {
                "play": [
                    {"card": "iron_man", "patrol": "squad_leader", "id": "iron"},
                    {"card": "older_brother", "id": "ob"},
                ]
            },
        ],
        heroes=DRAKK,
    )
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


def test_pirate_gang_commander_makes_tech_1_and_2_blood_units_free_without_tech():
    """Pirate-Gang Commander: your tech I and II Blood units cost 0 and need
    no tech building; other units still do."""
    s = scenario_game(
        [{"hand": ["land_octopus", "crash_bomber", "steam_tank"], "gold": 0, "play": ["pirate_gang_commander"]}],
        heroes=DRAKK,
    )
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
    s = scenario_game(
        [
            {
                "play": [
                    {"card": "rickety_mine", "id": "mine"},
                    {"card": "mad_man", "id": "mad"},
                    {"card": "nautical_dog", "id": "dog"},
                    {"card": "steam_tank", "id": "tank"},
                ]
            },
            {"play": [{"card": "trojan_duck", "id": "duck"}]},
        ],
        heroes=DRAKK,
        active=1,
    )
    s = attack(s, 1, find(s, "duck"), find(s, "mine"))
    s = choose(s, 1, find(s, "mine"))  # the Duck's 4 damage
    assert in_play(s, 0, "rickety_mine") == []
    assert in_play(s, 0, "mad_man") == [] and in_play(s, 0, "nautical_dog") == []
    assert in_play(s, 0, "steam_tank") == [find(s, "tank")]


# ---- Drakk Ramhorn ----------------------------------------------------------


def test_drakk_dying_deals_1_damage_to_each_opponents_base():
    """Drakk Ramhorn, level 1: when he dies, each opponent's base takes 1."""
    s = scenario_game(
        [{"play": [drakk(damage=2, patrol="squad_leader")]}, {"play": [{"card": "iron_man", "id": "iron"}]}],
        heroes=DRAKK,
        active=1,
    )
    s = attack(s, 1, find(s, "iron"), find(s, "drakk"))
    assert cards_in(s, 0, "command") == ["drakk_ramhorn"]
    assert base_damage(s, 1) == 1 and base_damage(s, 0) == 0


def test_drakk_dying_in_two_headed_dragon_hits_the_other_teams_one_base_once():
    """Drakk Ramhorn ruling: in Two-Headed Dragon each team has one base:
    it takes just 1 damage."""
    config = {
        "mode": "2hg",
        "seed": 1,
        "seats": [
            {"name": n, "hero": h}
            for n, h in zip("ABCD", ("drakk_ramhorn", "troq_bashar", "troq_bashar", "river_montoya"), strict=True)
        ],
        "scenario": {
            "turn": 3,
            "active": 2,
            "seats": [
                {"play": [drakk(damage=2, patrol="squad_leader")]},
                {},
                {"play": [{"card": "iron_man", "id": "iron"}]},
                {},
            ],
        },
    }
    s = new_game(config)
    s = attack(s, 2, find(s, "iron"), find(s, "drakk"))
    assert base_damage(s, 2) == 1 and base_damage(s, 0) == 0


def test_drakk_max_band_gives_haste_to_the_first_unit_from_hand_each_turn_for_good():
    """Drakk Ramhorn, level 6: the first unit that arrives from your hand
    each turn gets haste, permanently (ruling); the second doesn't."""
    s = scenario_game([{"hand": ["older_brother", "older_brother"], "gold": 4, "play": [drakk(6)]}], heroes=DRAKK)
    s = play_card(s, 0, "older_brother")
    first = one(s, 0, "older_brother")
    s = play_card(s, 0, "older_brother")
    second = [i for i in in_play(s, 0, "older_brother") if i != first][0]
    assert stats.kw(s, first, "haste") == 1 and stats.kw(s, second, "haste") == 0
    s = attack(s, 0, first, "base:1")
    assert_refused(s, 0, {"type": "attack", "attacker": second, "target": "base:1"}, "arrival_fatigue")
    s = end_turn(s, 0)
    assert stats.kw(s, first, "haste") == 1


# ---- more rulings -----------------------------------------------------------


def test_captured_bugblatter_in_two_headed_dragon_hits_the_one_opposing_base_once():
    """Captured Bugblatter ruling: in Two-Headed Dragon the other team has
    one base, which takes just 1 damage per unit death."""
    config = {
        "mode": "2hg",
        "seed": 1,
        "seats": [
            {"name": n, "hero": h}
            for n, h in zip("ABCD", ("drakk_ramhorn", "troq_bashar", "troq_bashar", "river_montoya"), strict=True)
        ],
        "scenario": {
            "turn": 3,
            "active": 0,
            "seats": [
                {"play": [{"card": "captured_bugblatter", "id": "bug"}]},
                {},
                {"play": [{"card": "tenderfoot", "patrol": "lookout", "id": "foot"}]},
                {},
            ],
        },
    }
    s = new_game(config)
    s = attack(s, 0, find(s, "bug"), find(s, "foot"))
    assert in_play(s, 2, "tenderfoot") == [] and in_play(s, 0, "captured_bugblatter")
    assert base_damage(s, 2) == 1 and base_damage(s, 0) == 0


def test_an_illusion_picked_while_an_effect_resolves_is_gone_before_the_effect():
    """Illusion ruling: an Illusion targeted by a spell dies at once, before
    the effect; picked by Bloodlust as it resolves, it dies, gets nothing,
    and Bloodlust ends (this crashed before: the effect ran on a card
    already gone)."""
    s = scenario_game(
        [{"hand": ["bloodlust"], "gold": 2, "play": [drakk()]}, {"play": [{"card": "spectral_hound", "id": "hound"}]}],
        heroes=DRAKK,
    )
    s = play_card(s, 0, "bloodlust")
    s = choose(s, 0, find(s, "hound"))
    assert in_play(s, 1, "spectral_hound") == [] and s["prompt"] is None
    assert cards_in(s, 1, "discard") == ["spectral_hound"]
    s = end_turn(s, 0)
    assert damage(s, find(s, "drakk")) == 0
