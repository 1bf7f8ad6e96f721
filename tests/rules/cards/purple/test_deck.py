"""Scenario tests for the purple starting deck and the purple tokens:
every card played through real actions, the official rulings
(reference/codex-cards/rulings.json, "Purple") named where they decide
something. Seat 0 plays Prynn Pasternaak (in play, without time runes:
spells need a hero, purple minor spells a purple one); seat 1 River
Montoya."""

from game.codex import catalog, stats
from tests.rules.helpers import (
    assert_refused,
    atk_hp,
    attack_tagged,
    cards_in,
    choose,
    end_turn,
    find,
    gone,
    hand_ids,
    legal_of,
    play_card,
    prompt_options,
    scenario_game,
    use_ability,
)

PRYNN = {"card": "prynn_pasternaak", "id": "prynn"}
HEROES = ("prynn_pasternaak", "river_montoya")


def game(seat0=None, seat1=None, **kw):
    """Seat 0 has Prynn Pasternaak in play besides what ``seat0`` lists."""
    seat0 = dict(seat0 or {})
    seat0["play"] = [PRYNN] + list(seat0.get("play", []))
    return scenario_game([seat0, seat1 or {}], heroes=HEROES, **kw)


def time(state, tag):
    return state["cards"][find(state, tag)]["time"]


# ---- keyword-only cards and tokens -----------------------------------------------


def test_keyword_cards_of_the_purple_deck_and_the_tokens_work_without_code():
    for card_id in ("neo_plexus", "plasmodium", "fading_argonaut", "stinger", "mech"):
        assert catalog.works(card_id), card_id
    assert all(catalog.works(c) for c in catalog.starting_deck("purple"))


def test_plasmodium_played_goes_to_the_future_then_arrives_with_haste():
    s = game({"hand": ["plasmodium"], "gold": 2})
    s = play_card(s, 0, "plasmodium")
    assert cards_in(s, 0, "future") == ["plasmodium"] and s["players"][0]["gold"] == 0
    for _ in range(3):
        s = end_turn(s, 0)
        s = end_turn(s, 1)
    plas = next(i for i in s["players"][0]["play"] if s["cards"][i]["card"] == "plasmodium")
    assert legal_of(s, 0, "attack", attacker=plas)  # haste: it attacks the turn it arrives


def test_fading_argonaut_fades_away_after_three_upkeeps():
    s = game({"hand": ["fading_argonaut"], "gold": 2})
    s = play_card(s, 0, "fading_argonaut")
    arg = next(i for i in s["players"][0]["play"] if s["cards"][i]["card"] == "fading_argonaut")
    assert s["cards"][arg]["time"] == 3
    for _ in range(3):
        s = end_turn(s, 0)
        s = end_turn(s, 1)
    assert "fading_argonaut" in cards_in(s, 0, "discard")


def test_stinger_token_flies():
    s = game({"play": [{"card": "stinger", "id": "st"}]})
    assert stats.kw(s, find(s, "st"), "flying") == 1 and atk_hp(s, find(s, "st")) == (1, 1)


def test_mech_token_is_untargetable_and_arrives_from_the_future_without_haste():
    """Vir Garbarean ruling: two time runes, it arrives when the last is
    removed, no haste."""
    s = game(
        {"future": [{"card": "mech", "id": "mech"}]},
        {"hand": ["spark"], "gold": 1, "play": [{"card": "river_montoya"}]},
    )
    assert time(s, "mech") == 2
    s = end_turn(s, 0)
    s = end_turn(s, 1)
    assert time(s, "mech") == 1
    s = end_turn(s, 0)
    s = end_turn(s, 1)
    mech = find(s, "mech")
    assert s["cards"][mech]["zone"] == "play" and atk_hp(s, mech) == (6, 7)
    assert not legal_of(s, 0, "attack", attacker=mech)


def test_spells_cannot_target_the_untargetable_mech():
    s2 = game(
        {"play": [{"card": "mech", "id": "mech"}]},
        {"hand": ["wither"], "gold": 2, "play": [{"card": "river_montoya"}]},
        active=1,
    )
    assert_refused(
        s2, 1, {"type": "play", "card": hand_ids(s2, 1, "wither")[0], "targets": [find(s2, "mech")]}, "bad_targets"
    )


# ---- Nullcraft -----------------------------------------------------------------


def test_nullcraft_cannot_be_the_target_of_buff_or_debuff_spells():
    """Nullcraft ruling: spells with the subtype Buff or Debuff."""
    s = game({"hand": ["bloom", "wither"], "gold": 4, "play": [{"card": "nullcraft", "id": "nc"}]})
    nc = find(s, "nc")
    for spell in ("bloom", "wither"):
        assert_refused(s, 0, {"type": "play", "card": hand_ids(s, 0, spell)[0], "targets": [nc]}, "bad_targets")
    assert not [a for a in legal_of(s, 0, "play") if nc in a["targets"]]


def test_nullcraft_can_be_the_target_of_other_spells():
    s = game({"hand": ["spark"], "gold": 1}, {"play": [{"card": "nullcraft", "id": "nc", "patrol": "elite"}]})
    s = play_card(s, 0, "spark", [find(s, "nc")])
    assert gone(s, "nc")


def test_nullcraft_flies_and_has_haste():
    s = game({"hand": ["nullcraft"], "gold": 2})
    s = play_card(s, 0, "nullcraft")
    nc = next(i for i in s["players"][0]["play"] if s["cards"][i]["card"] == "nullcraft")
    assert stats.kw(s, nc, "flying") and legal_of(s, 0, "attack", attacker=nc)


# ---- Tinkerer ------------------------------------------------------------------


def test_tinkerer_removes_a_time_rune_from_an_opposing_card():
    """Tinkerer ruling: opponents' cards too."""
    s = game(
        {"play": [{"card": "tinkerer", "id": "tk"}]}, {"play": [{"card": "fading_argonaut", "time": 2, "id": "fa"}]}
    )
    s = use_ability(s, 0, find(s, "tk"), 0)
    s = choose(s, 0, "remove a time rune")  # the only card with time runes: chosen at once
    assert time(s, "fa") == 1 and s["cards"][find(s, "tk")]["exhausted"]


def test_tinkerer_adds_a_time_rune_to_a_forecasted_card():
    s = game({"play": [{"card": "tinkerer", "id": "tk"}], "future": [{"card": "plasmodium", "time": 1, "id": "pl"}]})
    s = use_ability(s, 0, find(s, "tk"), 0)
    s = choose(s, 0, "add a time rune")
    assert time(s, "pl") == 2


def test_tinkerer_removing_the_last_rune_makes_a_forecasted_card_arrive():
    s = game({"play": [{"card": "tinkerer", "id": "tk"}], "future": [{"card": "plasmodium", "time": 1, "id": "pl"}]})
    s = use_ability(s, 0, find(s, "tk"), 0)
    s = choose(s, 0, "remove a time rune")
    assert s["cards"][find(s, "pl")]["zone"] == "play"


def test_tinkerer_ability_needs_a_card_with_time_runes():
    s = game({"play": [{"card": "tinkerer", "id": "tk"}]})
    assert_refused(s, 0, {"type": "ability", "card": find(s, "tk"), "ability": 0, "targets": []}, "bad_ability")


# ---- Hardened Mox --------------------------------------------------------------


def test_hardened_mox_is_indestructible():
    s = game(
        {"play": [{"card": "hardened_mox", "id": "mox", "patrol": "squad_leader"}]},
        {"play": [{"card": "river_montoya"}, {"card": "iron_man", "id": "iron"}]},
        active=1,
    )
    s = attack_tagged(s, "iron", "mox")
    assert not gone(s, "mox") and s["cards"][find(s, "mox")]["exhausted"]


def test_hardened_mox_is_trashed_once_you_have_a_tech_2_unit():
    s = game(
        {
            "play": [{"card": "hardened_mox", "id": "mox"}],
            "hand": ["shimmer_ray"],
            "gold": 1,
            "buildings": {"tech_1": True, "tech_2": True},
        }
    )
    s = play_card(s, 0, "shimmer_ray")
    assert gone(s, "mox") and cards_in(s, 0, "trash") == ["hardened_mox"]


def test_hardened_mox_is_trashed_by_a_forecasted_tech_2_unit():
    """Hardened Mox ruling: in play and/or forecasted."""
    s = game(
        {
            "play": [{"card": "hardened_mox", "id": "mox"}],
            "future": [{"card": "omegacron"}],
            "hand": ["neo_plexus"],
            "gold": 2,
        }
    )
    s = play_card(s, 0, "neo_plexus")
    assert gone(s, "mox")


def test_hardened_mox_ignores_tech_3_units_and_opposing_tech_2_units():
    """Hardened Mox ruling: only your tech II units count."""
    s = game(
        {
            "play": [{"card": "hardened_mox", "id": "mox"}, {"card": "ebbflow_archon", "time": 7}],
            "hand": ["neo_plexus"],
            "gold": 2,
        },
        {"play": [{"card": "shimmer_ray", "time": 2}]},
    )
    s = play_card(s, 0, "neo_plexus")
    assert not gone(s, "mox")


# ---- Battle Suits --------------------------------------------------------------


def test_battle_suits_give_your_non_token_soldiers_and_mystics_1_atk():
    s = game(
        {
            "play": [
                {"card": "battle_suits"},
                {"card": "neo_plexus", "id": "soldier"},
                {"card": "seer", "id": "mystic"},
                {"card": "tinkerer", "id": "scientist"},
                {"card": "mercenary", "id": "token"},
            ]
        },
        {"play": [{"card": "fading_argonaut", "time": 3, "id": "theirs"}]},
    )
    assert stats.atk(s, find(s, "soldier")) == 3
    assert stats.atk(s, find(s, "mystic")) == 3
    assert stats.atk(s, find(s, "scientist")) == 1
    assert stats.atk(s, find(s, "theirs")) == 2


def test_battle_suits_skip_soldier_tokens():
    s = game({"play": [{"card": "battle_suits"}, {"card": "soldier", "id": "token"}]})
    assert "Soldier" in catalog.card("soldier")["subtypes"]
    assert stats.atk(s, find(s, "token")) == catalog.card("soldier")["atk"]


# ---- Time Spiral ---------------------------------------------------------------


def test_time_spiral_removing_the_last_rune_of_a_fading_unit_sacrifices_it():
    """Fading ruling: whatever removes the last rune; Time Spiral ruling:
    an opponent's card too."""
    s = game({"hand": ["time_spiral"], "gold": 1}, {"play": [{"card": "fading_argonaut", "time": 1, "id": "fa"}]})
    s = play_card(s, 0, "time_spiral")
    s = choose(s, 0, "remove a time rune")  # the only card with runes is chosen at once
    assert gone(s, "fa") and "fading_argonaut" in cards_in(s, 1, "discard")


def test_time_spiral_lets_you_pick_among_cards_with_runes():
    s = game(
        {"hand": ["time_spiral"], "gold": 1, "play": [{"card": "fading_argonaut", "time": 1, "id": "mine"}]},
        {"play": [{"card": "fading_argonaut", "time": 2, "id": "theirs"}]},
    )
    s = play_card(s, 0, "time_spiral")
    assert set(prompt_options(s)) == {find(s, "mine"), find(s, "theirs")}
    s = choose(s, 0, find(s, "mine"))
    s = choose(s, 0, "add a time rune")
    assert time(s, "mine") == 2 and time(s, "theirs") == 2


# ---- Temporal Research ---------------------------------------------------------


def test_temporal_research_draws_one_card_with_few_time_runes():
    s = game(
        {
            "hand": ["temporal_research"],
            "gold": 2,
            "deck": ["neo_plexus"] * 5,
            "play": [{"card": "fading_argonaut", "time": 2}],
        }
    )
    s = play_card(s, 0, "temporal_research")
    assert len(s["players"][0]["hand"]) == 1


def test_temporal_research_counts_forecasted_runes_for_a_second_card():
    """Temporal Research ruling: forecasted cards' runes count."""
    s = game(
        {
            "hand": ["temporal_research"],
            "gold": 2,
            "deck": ["neo_plexus"] * 5,
            "play": [{"card": "fading_argonaut", "time": 1}],
            "future": [{"card": "plasmodium", "time": 2}],
        },
        {"play": [{"card": "fading_argonaut", "time": 3}]},
    )
    s = play_card(s, 0, "temporal_research")
    assert len(s["players"][0]["hand"]) == 2


def test_temporal_research_draws_three_with_ten_time_runes():
    s = game(
        {
            "hand": ["temporal_research"],
            "gold": 2,
            "deck": ["neo_plexus"] * 5,
            "play": [{"card": "ebbflow_archon", "time": 7}, {"card": "fading_argonaut", "time": 3}],
        }
    )
    s = play_card(s, 0, "temporal_research")
    assert len(s["players"][0]["hand"]) == 3


def test_temporal_research_cannot_draw_itself():
    """Temporal Research ruling: it is discarded after its draws, and an
    empty deck reshuffles the discard pile first."""
    s = game({"hand": ["temporal_research"], "gold": 2, "deck": [], "discard": ["neo_plexus"]})
    s = play_card(s, 0, "temporal_research")
    assert cards_in(s, 0, "hand") == ["neo_plexus"]
    assert cards_in(s, 0, "discard") == ["temporal_research"]


# ---- Forgotten Fighter ---------------------------------------------------------


def test_forgotten_fighter_returns_a_small_patroller_to_its_owners_hand():
    s = game(
        {"hand": ["forgotten_fighter"], "gold": 2},
        {"play": [{"card": "older_brother", "patrol": "technician", "id": "ob"}]},
    )
    s = play_card(s, 0, "forgotten_fighter", [find(s, "ob")])
    assert gone(s, "ob") and cards_in(s, 1, "hand") == ["older_brother"]
    # returned, not dead: no technician card for seat 1
    assert len(s["players"][1]["hand"]) == 1


def test_forgotten_fighter_needs_a_patroller_of_tech_1_or_less_with_2_atk_or_less():
    s = game(
        {"hand": ["forgotten_fighter"], "gold": 2},
        {
            "play": [
                {"card": "iron_man", "patrol": "squad_leader", "id": "big"},
                {"card": "older_brother", "id": "home"},
                {"card": "shimmer_ray", "time": 2, "patrol": "elite", "id": "tech2"},
            ]
        },
    )
    for tag in ("big", "home", "tech2"):
        assert_refused(
            s,
            0,
            {"type": "play", "card": hand_ids(s, 0, "forgotten_fighter")[0], "targets": [find(s, tag)]},
            "bad_targets",
        )


def test_nullcraft_cannot_be_picked_by_a_buff_spell_choosing_targets_as_it_resolves():
    """Sensei's Advice (Buff) picks its units while it resolves: Nullcraft
    is not offered, the other unit is."""
    s = scenario_game(
        [
            {
                "hand": ["sensei_s_advice"],
                "gold": 1,
                "play": [
                    {"card": "grave_stormborne"},
                    {"card": "nullcraft", "id": "nc"},
                    {"card": "neo_plexus", "id": "np"},
                ],
            },
            {},
        ],
        heroes=("grave_stormborne", "river_montoya"),
    )
    s = play_card(s, 0, "sensei_s_advice")
    assert find(s, "nc") not in prompt_options(s) and find(s, "np") in prompt_options(s)
