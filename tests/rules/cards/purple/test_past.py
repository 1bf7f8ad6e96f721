"""Scenario tests for Past (Prynn Pasternaak): its 12 codex cards and every
band of the hero, through real actions, the official rulings
(reference/codex-cards/rulings.json, "Purple" and "Heroes") named where
they decide something. Seat 0 plays Prynn Pasternaak, seat 1 River
Montoya."""

from game.codex import stats
from game.codex.cards.registry import card_of_id
from game.codex.targeting import flagbearer_duty
from game.rules import new_game
from tests.rules.helpers import (
    act,
    assert_refused,
    atk_hp,
    attack_tagged,
    base_damage,
    cards_in,
    choose,
    end_turn,
    find,
    gone,
    hand_ids,
    legal_of,
    logged,
    play_card,
    prompt_options,
    scenario_game,
    use_ability,
)

HEROES = ("prynn_pasternaak", "river_montoya")
TECH2 = {"tech_1": True, "tech_2": True}


def game(seat0=None, seat1=None, prynn=None, **kw):
    """Seat 0 has Prynn Pasternaak in play (``prynn``: her scenario entry,
    default level 1 without time runes) besides what ``seat0`` lists."""
    seat0 = dict(seat0 or {})
    seat0["play"] = [dict({"card": "prynn_pasternaak", "id": "prynn"}, **(prynn or {}))] + list(seat0.get("play", []))
    return scenario_game([seat0, seat1 or {}], heroes=HEROES, **kw)


def time(state, tag):
    return state["cards"][find(state, tag)]["time"]


def the(state, seat, card_id):
    return next(i for i in state["players"][seat]["play"] if state["cards"][i]["card"] == card_id)


def rounds(state, n):
    """``n`` full rounds (seat 0's turn, then seat 1's)."""
    for _ in range(n):
        state = end_turn(state, 0)
        state = end_turn(state, 1)
    return state


# ---- Vortoss Emblem ---------------------------------------------------------------


def test_vortoss_emblem_makes_its_unit_a_flagbearer_and_fades_in_three_upkeeps():
    s = game({"hand": ["vortoss_emblem"], "play": [{"card": "neo_plexus", "id": "np"}]})
    s = play_card(s, 0, "vortoss_emblem", [find(s, "np")])
    emblem = the(s, 0, "vortoss_emblem")
    assert s["cards"][emblem]["time"] == 3 and stats.kw(s, find(s, "np"), "flagbearer") == 1
    s = rounds(s, 3)
    assert "vortoss_emblem" in cards_in(s, 0, "discard")
    assert stats.kw(s, find(s, "np"), "flagbearer") == 0


def test_opponents_must_target_the_emblems_unit():
    s0 = game(
        {
            "hand": ["vortoss_emblem"],
            "play": [
                {"card": "neo_plexus", "id": "np", "patrol": "elite"},
                {"card": "fading_argonaut", "id": "fa", "patrol": "squad_leader"},
            ],
        },
        {"hand": ["spark"], "gold": 1, "play": [{"card": "river_montoya"}]},
    )
    s0 = play_card(s0, 0, "vortoss_emblem", [find(s0, "np")])
    s0 = end_turn(s0, 0)
    spark = hand_ids(s0, 1, "spark")[0]
    assert_refused(s0, 1, {"type": "play", "card": spark, "targets": [find(s0, "fa")]}, "flagbearer")
    s0 = act(s0, 1, {"type": "play", "card": spark, "targets": [find(s0, "np")]})
    assert s0["cards"][find(s0, "np")]["damage"] == 1


def test_an_emblem_on_an_opposing_unit_still_counts_for_temporal_research():
    """Vortoss Emblem ruling: you still control the Emblem, so its time
    runes are yours."""
    s = game(
        {"hand": ["vortoss_emblem", "temporal_research"], "gold": 2, "deck": ["neo_plexus"] * 4},
        {"play": [{"card": "iron_man", "id": "iron"}]},
    )
    s = play_card(s, 0, "vortoss_emblem", [find(s, "iron")])
    assert stats.kw(s, find(s, "iron"), "flagbearer") == 1
    s = play_card(s, 0, "temporal_research")
    assert len(s["players"][0]["hand"]) == 2  # 3 time runes: two cards


# ---- Undo ----------------------------------------------------------------------------


def test_undo_returns_a_tech_2_unit_without_a_death():
    """Undo ruling: it doesn't die, so no technician card."""
    s = game(
        {"hand": ["undo"], "gold": 3},
        {"play": [{"card": "shimmer_ray", "time": 2, "patrol": "technician", "id": "sr"}]},
    )
    s = play_card(s, 0, "undo", [find(s, "sr")])
    assert gone(s, "sr") and cards_in(s, 1, "hand") == ["shimmer_ray"]


def test_undo_cannot_target_a_tech_3_unit():
    s = game({"hand": ["undo"], "gold": 3}, {"play": [{"card": "ebbflow_archon", "time": 7, "id": "ea"}]})
    assert_refused(s, 0, {"type": "play", "card": hand_ids(s, 0, "undo")[0], "targets": [find(s, "ea")]}, "bad_targets")


# ---- Origin Story ---------------------------------------------------------------------


def test_origin_story_sends_a_hero_back_fresh_and_summonable():
    """Origin Story ruling: levels, damage and runes are lost; it didn't die
    (no cooldown)."""
    s = game(
        {"hand": ["origin_story"], "gold": 3},
        {"play": [{"card": "river_montoya", "level": 5, "damage": 1, "id": "river"}]},
    )
    s = play_card(s, 0, "origin_story", [find(s, "river")])
    river = next(i for i in s["players"][1]["command"])
    assert s["cards"][river]["level"] == 1 and s["cards"][river]["damage"] == 0
    assert "river_montoya" not in s["players"][1]["hero_ready_after"]


# ---- Rewind ------------------------------------------------------------------------------


def test_rewind_returns_every_tech_0_to_2_unit_and_spares_tech_3():
    s = game(
        {
            "hand": ["rewind"],
            "gold": 4,
            "play": [
                {"card": "neo_plexus", "id": "np"},
                {"card": "ebbflow_archon", "time": 7, "id": "ea"},
                {"card": "soldier", "id": "tok"},
            ],
        },
        {"play": [{"card": "shimmer_ray", "time": 2, "patrol": "technician", "id": "sr"}]},
        prynn={"level": 7},
    )
    s = play_card(s, 0, "rewind")
    assert gone(s, "np") and gone(s, "sr") and gone(s, "tok") and not gone(s, "ea")
    assert "neo_plexus" in cards_in(s, 0, "hand") and cards_in(s, 1, "hand") == ["shimmer_ray"]
    assert not gone(s, "prynn")


def test_rewind_can_be_cast_the_turn_prynn_reached_max_level():
    """Rewind's own text: however recently she arrived or reached max."""
    s = game({"hand": ["rewind"], "gold": 7}, prynn={"level": 6})
    assert not legal_of(s, 0, "play")
    s = act(s, 0, {"type": "level_up", "hero": find(s, "prynn"), "levels": 1})
    assert legal_of(s, 0, "play", card=hand_ids(s, 0, "rewind")[0])


def test_rewind_needs_prynn_at_max_level():
    s = game({"hand": ["rewind"], "gold": 4}, prynn={"level": 6})
    assert_refused(s, 0, {"type": "play", "card": hand_ids(s, 0, "rewind")[0], "targets": []}, "needs_max_hero")


# ---- Seer -------------------------------------------------------------------------------


def test_seer_may_add_a_time_rune_to_an_opponents_card():
    """Seer ruling: opponents' cards too."""
    s = game(
        {"hand": ["seer"], "gold": 1, "buildings": {"tech_1": True}},
        {"play": [{"card": "fading_argonaut", "time": 1, "id": "fa"}]},
    )
    s = play_card(s, 0, "seer")
    s = choose(s, 0, find(s, "fa"))
    s = choose(s, 0, "add a time rune")
    assert time(s, "fa") == 2


def test_seer_may_decline():
    s = game(
        {"hand": ["seer"], "gold": 1, "buildings": {"tech_1": True}},
        {"play": [{"card": "fading_argonaut", "time": 1, "id": "fa"}]},
    )
    s = play_card(s, 0, "seer")
    s = choose(s, 0)
    assert time(s, "fa") == 1 and s["prompt"] is None


# ---- Stewardess of the Undone --------------------------------------------------------------


def test_stewardess_returns_a_tech_0_unit_on_arrival():
    s = game(
        {"hand": ["stewardess_of_the_undone"], "gold": 3, "buildings": {"tech_1": True}},
        {
            "play": [
                {"card": "older_brother", "patrol": "technician", "id": "ob"},
                {"card": "shimmer_ray", "time": 2, "id": "sr"},
            ]
        },
    )
    s = play_card(s, 0, "stewardess_of_the_undone")
    assert find(s, "sr") not in prompt_options(s)
    s = choose(s, 0, find(s, "ob"))
    assert gone(s, "ob") and cards_in(s, 1, "hand") == ["older_brother"]


def test_stewardess_is_optional():
    s = game(
        {"hand": ["stewardess_of_the_undone"], "gold": 3, "buildings": {"tech_1": True}},
        {"play": [{"card": "older_brother", "id": "ob"}]},
    )
    s = play_card(s, 0, "stewardess_of_the_undone")
    s = choose(s, 0)
    assert not gone(s, "ob")


# ---- Shimmer Ray -------------------------------------------------------------------------


def test_shimmer_ray_discards_cards_for_time_runes_beyond_its_fading():
    """Fading ruling: X is no limit (discard 4 for 6 runes)."""
    s = game({"hand": ["shimmer_ray", "neo_plexus", "neo_plexus"], "gold": 1, "buildings": TECH2})
    s = play_card(s, 0, "shimmer_ray")
    ray = the(s, 0, "shimmer_ray")
    assert s["cards"][ray]["time"] == 2 and stats.kw(s, ray, "flying")
    s = use_ability(s, 0, ray)
    s = choose(s, 0, hand_ids(s, 0)[0])
    s = use_ability(s, 0, ray)  # the last card is discarded at once
    assert s["cards"][ray]["time"] == 4 and cards_in(s, 0, "discard") == ["neo_plexus", "neo_plexus"]


def test_shimmer_ray_needs_a_card_to_discard():
    s = game({"play": [{"card": "shimmer_ray", "time": 2, "id": "sr"}]})
    assert_refused(s, 0, {"type": "ability", "card": find(s, "sr"), "ability": 0, "targets": []}, "bad_ability")


# ---- Yesterday's Golgort -----------------------------------------------------------------


def test_golgort_gets_a_time_rune_when_another_unit_hits_a_building():
    """Yesterday's Golgort ruling: any of your units or heroes."""
    s = game({"play": [{"card": "yesterday_s_golgort", "time": 1, "id": "yg"}, {"card": "neo_plexus", "id": "np"}]})
    s = attack_tagged(s, "np", "base:1")
    assert base_damage(s, 1) == 2 and time(s, "yg") == 2


def test_golgort_gets_no_rune_for_damage_to_units():
    s = game(
        {"play": [{"card": "yesterday_s_golgort", "time": 1, "id": "yg"}]},
        {"play": [{"card": "older_brother", "patrol": "squad_leader", "id": "ob"}]},
    )
    s = attack_tagged(s, "yg", "ob")
    assert time(s, "yg") == 1


# ---- Rememberer -----------------------------------------------------------------------------


def test_rememberer_losing_a_rune_to_fading_brings_back_a_fading_unit_for_free():
    """Rememberer ruling: you don't pay for it."""
    s = game(
        {"play": [{"card": "rememberer", "time": 3, "id": "rem"}], "discard": ["fading_argonaut", "neo_plexus"]},
        active=1,
    )
    s = end_turn(s, 1)  # seat 0's upkeep: fading removes a rune
    assert set(s["cards"][i]["card"] for i in prompt_options(s)) == {"fading_argonaut"}
    s = choose(s, 0, prompt_options(s)[0])
    arg = the(s, 0, "fading_argonaut")
    assert s["cards"][arg]["time"] == 3 and s["players"][0]["gold"] >= 0 and time(s, "rem") == 2


def test_rememberer_triggers_on_a_rune_removed_by_time_spiral_and_needs_the_tech():
    """Rememberer rulings: any removal; a tech II unit needs its tech II
    building."""
    s = game(
        {
            "hand": ["time_spiral"],
            "gold": 1,
            "play": [{"card": "rememberer", "time": 3, "id": "rem"}],
            "discard": ["shimmer_ray", "fading_argonaut"],
        }
    )
    s = play_card(s, 0, "time_spiral")
    s = choose(s, 0, "remove a time rune")
    assert [s["cards"][i]["card"] for i in prompt_options(s)] == ["fading_argonaut"]


def test_the_last_rune_lets_rememberer_bring_herself_back():
    """Rememberer ruling: with her last rune gone she may return herself."""
    s = game(
        {
            "hand": ["time_spiral"],
            "gold": 1,
            "buildings": TECH2,
            "play": [{"card": "rememberer", "time": 1, "id": "rem"}],
        }
    )
    s = play_card(s, 0, "time_spiral")
    s = choose(s, 0, "remove a time rune")
    assert [s["cards"][i]["card"] for i in prompt_options(s)] == ["rememberer"]
    s = choose(s, 0, prompt_options(s)[0])
    assert s["cards"][the(s, 0, "rememberer")]["time"] == 3


def test_rememberer_fading_out_in_her_upkeep_may_return_herself():
    """Rememberer ruling: with one Rememberer whose last time rune fading
    removes, "dies from fading" and her ability trigger together; she dies
    first, so she may pick herself from the discard pile, free, and comes
    back a new card with three time runes."""
    s = game(
        {"play": [{"card": "rememberer", "time": 1, "id": "rem"}], "buildings": TECH2, "discard": ["fading_argonaut"]},
        active=1,
    )
    s = end_turn(s, 1)  # seat 0's upkeep: fading removes her last rune
    gold = s["players"][0]["gold"]
    assert gone(s, "rem") and logged(s, "Rememberer faded away.")
    assert sorted(s["cards"][i]["card"] for i in prompt_options(s)) == ["fading_argonaut", "rememberer"]
    s = choose(s, 0, next(i for i in prompt_options(s) if s["cards"][i]["card"] == "rememberer"))
    rem = the(s, 0, "rememberer")
    assert s["cards"][rem]["time"] == 3 and cards_in(s, 0, "discard") == ["fading_argonaut"]
    assert s["players"][0]["gold"] == gold  # nothing paid for her


def test_seer_and_rememberer_ask_nothing_when_there_is_nothing_to_pick():
    s = game({"hand": ["seer"], "gold": 1, "buildings": {"tech_1": True}})
    s = play_card(s, 0, "seer")
    assert s["prompt"] is None
    s = game({"play": [{"card": "rememberer", "time": 3, "id": "rem"}], "discard": ["neo_plexus"]}, active=1)
    s = end_turn(s, 1)
    assert s["prompt"] is None and time(s, "rem") == 2


# ---- Second Chances ----------------------------------------------------------------------------


def test_second_chances_returns_a_bounced_unit_to_play_fresh():
    """Second Chances rulings: Undo counts; it comes back a new card,
    without its damage."""
    s = game(
        {
            "hand": ["undo"],
            "gold": 3,
            "play": [{"card": "second_chances"}, {"card": "neo_plexus", "id": "np", "damage": 1}],
        }
    )
    s = play_card(s, 0, "undo", [find(s, "np")])
    np = the(s, 0, "neo_plexus")
    assert s["cards"][np]["damage"] == 0 and cards_in(s, 0, "hand") == []
    assert s["cards"][np]["arrived"] == s["turn"]


def test_second_chances_works_once_a_turn_and_not_for_combat_deaths():
    s = game(
        {
            "hand": ["undo", "undo"],
            "gold": 6,
            "play": [{"card": "second_chances"}, {"card": "neo_plexus", "id": "a"}, {"card": "tinkerer", "id": "b"}],
        }
    )
    s = play_card(s, 0, "undo", [find(s, "a")])
    assert the(s, 0, "neo_plexus")
    s = play_card(s, 0, "undo", [find(s, "b")])
    assert "tinkerer" in cards_in(s, 0, "hand")


def test_second_chances_lets_combat_damage_kill():
    """Second Chances ruling: combat damage is not saved."""
    s0 = game(
        {"play": [{"card": "second_chances"}, {"card": "neo_plexus", "id": "np", "patrol": "squad_leader"}]},
        {"play": [{"card": "river_montoya"}, {"card": "iron_man", "id": "iron"}]},
        active=1,
    )
    s0 = attack_tagged(s0, "iron", "np")
    assert cards_in(s0, 0, "discard") == ["neo_plexus"]


def test_second_chances_picks_one_at_random_among_units_leaving_together():
    """Second Chances: on an opponent's turn too (ruling), one of those
    that left at once, at random (its text)."""
    s = game(
        {"hand": ["rewind"], "gold": 4},
        {"play": [{"card": "second_chances"}, {"card": "older_brother"}, {"card": "iron_man"}]},
        prynn={"level": 7},
    )
    s = play_card(s, 0, "rewind")
    back = [s["cards"][i]["card"] for i in s["players"][1]["play"] if stats.is_unit(s, i)]
    assert len(back) == 1 and back[0] in ("older_brother", "iron_man")
    assert len(s["players"][1]["hand"]) == 1


# ---- Slow-Time Generator ---------------------------------------------------------------------


def test_slow_time_generator_caps_every_players_worker_gold_at_4():
    s = game({"workers": 7, "gold": 0, "play": [{"card": "slow_time_generator"}]}, {"workers": 6, "gold": 0})
    s = end_turn(s, 0)
    assert s["players"][1]["gold"] == 4
    s = end_turn(s, 1)
    assert s["players"][0]["gold"] == 4


# ---- Ebbflow Archon ------------------------------------------------------------------------------


def test_ebbflow_archon_gets_minus_1_minus_1_per_time_rune():
    s = game({"hand": ["ebbflow_archon"], "gold": 8, "buildings": {"tech_1": True, "tech_2": True, "tech_3": True}})
    s = play_card(s, 0, "ebbflow_archon")
    ea = the(s, 0, "ebbflow_archon")
    assert atk_hp(s, ea) == (5, 5)


def test_ebbflow_archon_removes_a_rune_to_send_a_hero_home():
    s = game(
        {"play": [{"card": "ebbflow_archon", "time": 3, "id": "ea", "fresh": True}]},
        {"play": [{"card": "river_montoya", "level": 3, "id": "river"}]},
    )
    s = use_ability(s, 0, find(s, "ea"), 0, [find(s, "river")])
    assert time(s, "ea") == 2 and atk_hp(s, find(s, "ea")) == (10, 10)
    assert cards_in(s, 1, "command") == ["river_montoya"]


def test_ebbflow_archon_removing_its_last_rune_still_returns_the_unit():
    s = game(
        {"play": [{"card": "ebbflow_archon", "time": 1, "id": "ea"}]}, {"play": [{"card": "iron_man", "id": "iron"}]}
    )
    s = use_ability(s, 0, find(s, "ea"), 0, [find(s, "iron")])
    assert gone(s, "ea") and "ebbflow_archon" in cards_in(s, 0, "discard")
    assert cards_in(s, 1, "hand") == ["iron_man"]


def test_ebbflow_archon_on_smoker_still_pays_its_rune_and_returns_nothing_else():
    """Smoker ruling: targeted, he is back in his owner's hand before the
    return resolves (a new card there, his id gone); the Archon has still
    paid its rune and the ability finds nothing left to return."""
    s = game(
        {"play": [{"card": "ebbflow_archon", "time": 3, "id": "ea"}]}, {"play": [{"card": "smoker", "id": "smoker"}]}
    )
    s = use_ability(s, 0, find(s, "ea"), 0, [find(s, "smoker")])
    assert time(s, "ea") == 2
    assert cards_in(s, 1, "hand") == ["smoker"] and logged(s, "slipped away")


def test_ebbflow_archon_on_an_illusion_lets_it_die_rather_than_return():
    """Illusion ruling: targeted, it dies before the return resolves; the
    Archon can't save it to its owner's hand."""
    s = game(
        {"play": [{"card": "ebbflow_archon", "time": 3, "id": "ea"}]},
        {"play": [{"card": "spectral_hound", "id": "hound"}]},
    )
    s = use_ability(s, 0, find(s, "ea"), 0, [find(s, "hound")])
    assert time(s, "ea") == 2
    assert cards_in(s, 1, "hand") == [] and cards_in(s, 1, "discard") == ["spectral_hound"]


# ---- Prynn Pasternaak -------------------------------------------------------------------------------


def test_prynn_arrives_with_four_time_runes_and_fades_away():
    s = scenario_game([{"gold": 2}, {}], heroes=HEROES)
    prynn = s["players"][0]["command"][0]
    s = act(s, 0, {"type": "summon", "hero": prynn})
    assert s["cards"][prynn]["time"] == 4
    s = rounds(s, 4)
    assert cards_in(s, 0, "command") == ["prynn_pasternaak"]


def test_prynn_attacking_gets_a_time_rune():
    s = game(prynn={"time": 2})
    s = attack_tagged(s, "prynn", "base:1")
    assert time(s, "prynn") == 3


def test_prynn_fading_away_at_mid_level_makes_opponents_skip_their_draw():
    """Prynn ruling: dies from fading in her upkeep; they keep their hand."""
    s = game(prynn={"time": 1, "level": 4}, seat1={"hand": ["spark"], "deck": ["bloom"] * 8}, active=1)
    s = end_turn(s, 1)  # seat 1 draws 3; then seat 0's upkeep: her last rune fades
    assert cards_in(s, 0, "command") == ["prynn_pasternaak"]
    assert len(s["players"][1]["hand"]) == 3
    s = end_turn(s, 0)
    s = end_turn(s, 1)  # skipped: the 3 cards stay, none drawn
    assert len(s["players"][1]["hand"]) == 3 and len(s["players"][1]["deck"]) == 5
    s = end_turn(s, 0)
    s = end_turn(s, 1)  # only the next one is skipped
    assert len(s["players"][1]["hand"]) == 5


def test_prynn_below_mid_level_fading_away_skips_nothing():
    s = game(prynn={"time": 1, "level": 3}, seat1={"hand": ["spark"], "deck": ["bloom"] * 8}, active=1)
    s = end_turn(s, 1)
    s = end_turn(s, 0)
    s = end_turn(s, 1)
    assert len(s["players"][1]["hand"]) == 5


def test_prynn_losing_her_last_rune_to_time_spiral_is_not_dying_from_fading():
    """Prynn rulings: she dies, but not "from fading"."""
    s = game(
        {"hand": ["time_spiral"], "gold": 1}, {"hand": ["spark"], "deck": ["bloom"] * 5}, prynn={"time": 1, "level": 4}
    )
    s = play_card(s, 0, "time_spiral")
    s = choose(s, 0, "remove a time rune")
    assert cards_in(s, 0, "command") == ["prynn_pasternaak"]
    s = end_turn(s, 0)
    s = end_turn(s, 1)
    assert not s["players"][1].get("skip_draws")
    assert cards_in(s, 1, "hand") != ["spark"]


def test_prynn_max_trashes_a_unit_which_returns_when_she_leaves():
    """Prynn rulings: with exactly two runes she trashes, then dies (not
    from fading), and the unit returns fresh under its controller."""
    s = game(seat1={"play": [{"card": "iron_man", "id": "iron", "damage": 2}]}, prynn={"level": 7, "time": 2})
    s = use_ability(s, 0, find(s, "prynn"), 0, [find(s, "iron")])
    assert cards_in(s, 0, "command") == ["prynn_pasternaak"]
    iron = the(s, 1, "iron_man")
    assert s["cards"][iron]["damage"] == 0 and cards_in(s, 1, "trash") == []


def test_prynn_max_trashed_unit_stays_trashed_while_she_stays():
    s = game(seat1={"play": [{"card": "iron_man", "id": "iron"}]}, prynn={"level": 7, "time": 3})
    s = use_ability(s, 0, find(s, "prynn"), 0, [find(s, "iron")])
    assert cards_in(s, 1, "trash") == ["iron_man"] and time(s, "prynn") == 1
    assert_refused(
        s, 0, {"type": "ability", "card": find(s, "prynn"), "ability": 0, "targets": [find(s, "prynn")]}, "bad_ability"
    )


def test_prynn_max_ability_needs_two_time_runes_and_max_level():
    s = game(seat1={"play": [{"card": "iron_man", "id": "iron"}]}, prynn={"level": 6, "time": 5})
    assert not legal_of(s, 0, "ability")


# ---- other modes: Two-Headed Dragon ("opponents" are the other team, "your" is
# one player: house rule R21) and free-for-all (every other player) ----------------

TWO_HEADED = ("prynn_pasternaak", "troq_bashar", "river_montoya", "grave_stormborne")


def two_headed(seats, active=0):
    seats = list(seats) + [{}] * (4 - len(seats))
    return new_game(
        {
            "mode": "2hg",
            "seed": 1,
            "seats": [{"name": n, "hero": h} for n, h in zip(("Ana", "Ari", "Bo", "Bea"), TWO_HEADED, strict=True)],
            "scenario": {"turn": 3, "active": active, "seats": seats},
        }
    )


def ffa(seats, active=0):
    heroes = ("prynn_pasternaak", "troq_bashar", "river_montoya")
    return new_game(
        {
            "mode": "ffa",
            "seed": 1,
            "seats": [{"name": n, "hero": h} for n, h in zip(("A", "B", "C"), heroes, strict=True)],
            "scenario": {"turn": 3, "active": active, "seats": seats},
        }
    )


def end_team_turn(state, seats):
    for seat in seats:
        state = act(state, seat, {"type": "end_main"})
    return state


def test_prynn_fading_away_makes_both_opponents_skip_in_two_headed_dragon():
    s = two_headed([{"play": [{"card": "prynn_pasternaak", "level": 4, "time": 1}]}], active=2)
    s = end_team_turn(s, (2, 3))  # team 0's upkeep: Prynn fades away
    assert cards_in(s, 0, "command") == ["prynn_pasternaak"]
    assert [p.get("skip_draws", 0) for p in s["players"]] == [0, 0, 1, 1]


def test_prynn_fading_away_makes_every_opponent_skip_in_a_free_for_all():
    s = ffa([{"play": [{"card": "prynn_pasternaak", "level": 4, "time": 1}]}, {}, {}], active=2)
    s = act(s, 2, {"type": "end_main"})
    assert [p.get("skip_draws", 0) for p in s["players"]] == [0, 1, 1]


def test_second_chances_saves_only_its_own_players_units_in_two_headed_dragon():
    """ "Your units" is one player (R21): the teammate's unit stays in hand."""
    s = two_headed(
        [
            {
                "hand": ["rewind"],
                "gold": 4,
                "play": [{"card": "prynn_pasternaak", "level": 7}, {"card": "second_chances"}],
            },
            {"play": [{"card": "older_brother", "id": "mate"}]},
        ]
    )
    s = play_card(s, 0, "rewind")
    assert cards_in(s, 1, "hand") == ["older_brother"]


def test_slow_time_generator_caps_another_players_upkeep_in_a_free_for_all():
    s = ffa([{"play": [{"card": "slow_time_generator"}]}, {"workers": 8, "gold": 0}, {}])
    s = act(s, 0, {"type": "end_main"})
    s = act(s, 0, {"type": "end_lending"}) if s["phase"] == "lend" else s
    assert s["active"] == 1 and s["players"][1]["gold"] == 4


def test_vortoss_emblem_binds_both_opponents_in_two_headed_dragon():
    s = two_headed(
        [
            {
                "hand": ["vortoss_emblem"],
                "play": [{"card": "prynn_pasternaak", "id": "prynn"}, {"card": "neo_plexus", "id": "np"}],
            }
        ]
    )
    s = play_card(s, 0, "vortoss_emblem", [find(s, "np")])
    wither = card_of_id("wither").targets  # a unit or hero, anyone's
    for seat in (2, 3):
        assert not flagbearer_duty(s, seat, wither, [find(s, "prynn")], 1)
        assert flagbearer_duty(s, seat, wither, [find(s, "np")], 1)
    assert flagbearer_duty(s, 1, wither, [find(s, "prynn")], 1)  # the teammate isn't bound
