"""Scenario tests for the Future codex (purple) and Vir Garbarean in each
band: each card played through real actions, the official rulings
(reference/codex-cards/rulings.json, "Purple", "Heroes") named where they
decide something. Seat 0 plays Vir Garbarean, seat 1 Troq Bashar."""

from game.codex import catalog, stats
from tests.rules.cards.purple.chrono_helpers import purple_game
from tests.rules.helpers import (
    act,
    assert_refused,
    atk_hp,
    attack_tagged,
    cards_in,
    choose,
    dmg,
    end_turn,
    find,
    gone,
    hand_ids,
    in_play,
    legal_of,
    logged,
    play_card,
    prompt_options,
    use_ability,
)


def game(seat0=None, seat1=None, level=1, **kw):
    return purple_game("vir_garbarean", seat0, seat1, level=level, **kw)


def future_of(state, seat, card_id):
    return [i for i in state["players"][seat]["future"] if state["cards"][i]["card"] == card_id]


def test_every_future_card_and_vir_garbarean_work():
    assert all(catalog.works(c) for c in catalog.spec_cards("future"))
    assert catalog.works("vir_garbarean")


# ---- Promise of Payment ----------------------------------------------------------------


def test_promise_of_payment_makes_the_next_card_free_and_the_debt_is_paid_next_upkeep():
    """Rulings: the printed cost is due, after the workers' gold."""
    s = game({"hand": ["promise_of_payment", "void_star", "argonaut"], "gold": 1, "workers": 6})
    s = play_card(s, 0, "promise_of_payment")
    s = play_card(s, 0, "void_star")
    assert in_play(s, 0, "void_star") and s["players"][0]["gold"] == 1
    s = end_turn(s, 0)
    s = end_turn(s, 1)
    assert s["status"] == "playing"
    assert s["players"][0]["gold"] == 1 + 6 - 5 and logged(s, "as promised")


def test_the_view_shows_a_promise_and_the_debt_to_everyone():
    from game.rules import view

    s = game({"hand": ["promise_of_payment", "void_star"], "gold": 0, "workers": 6})
    assert "promised" not in view(s, 1)["players"][0] and "debt" not in view(s, 1)["players"][0]
    s = play_card(s, 0, "promise_of_payment")
    assert view(s, 1)["players"][0]["promised"] is True
    s = play_card(s, 0, "void_star")
    them = view(s, 1)["players"][0]
    assert them["debt"] == 5 and "promised" not in them
    s = end_turn(s, 0)
    s = end_turn(s, 1)
    assert "debt" not in view(s, 1)["players"][0]


def test_promise_of_payment_unpaid_loses_the_game():
    s = game({"hand": ["promise_of_payment", "hive"], "gold": 0, "workers": 2})
    s = play_card(s, 0, "promise_of_payment")
    s = play_card(s, 0, "hive")
    s = end_turn(s, 0)
    s = end_turn(s, 1)
    assert s["status"] == "finished" and s["winner"] == 1


def test_promise_of_payment_applies_only_to_the_next_card_and_not_to_boost_or_extra_costs():
    """Rulings: only the next card; nothing owed if no card follows."""
    s = game({"hand": ["promise_of_payment", "argonaut", "void_star"], "gold": 3, "workers": 5})
    s = play_card(s, 0, "promise_of_payment")
    s = play_card(s, 0, "argonaut")
    assert s["players"][0]["gold"] == 3
    assert_refused(s, 0, {"type": "play", "card": hand_ids(s, 0, "void_star")[0], "targets": []}, "not_enough_gold")
    s = end_turn(s, 0)
    s = end_turn(s, 1)
    assert s["players"][0]["gold"] == 3 + 5 - 3


def test_promise_of_payment_applies_to_a_spell_cinderblast_dragon_casts():
    """Ruling: a card played between the Promise and the one meant for it,
    even by Cinderblast Dragon's attack, takes the promise: its printed
    cost is owed."""
    s = game(
        {
            "hand": ["promise_of_payment", "fire_dart", "void_star"],
            "gold": 5,
            "workers": 5,
            "play": [{"card": "cinderblast_dragon", "id": "cd"}],
        },
        {"play": [{"card": "iron_man", "id": "im", "patrol": "elite"}]},
    )
    s = play_card(s, 0, "promise_of_payment")
    s = attack_tagged(s, "cd", "base:1")
    s = choose(s, 0, hand_ids(s, 0, "fire_dart")[0])
    s = choose(s, 0, find(s, "im"))
    while s["prompt"]:
        s = choose(s, 0, *prompt_options(s)[: s["prompt"]["count"]])
    assert s["players"][0]["debts"] == [{"gold": 2, "card": "fire_dart"}]
    s = play_card(s, 0, "void_star")  # the promise is spent: full price
    assert s["players"][0]["gold"] == 0


def test_promise_of_payment_with_no_card_after_owes_nothing():
    s = game({"hand": ["promise_of_payment"], "gold": 0, "workers": 4})
    s = play_card(s, 0, "promise_of_payment")
    s = end_turn(s, 0)
    s = end_turn(s, 1)
    assert s["players"][0]["gold"] == 4 and s["status"] == "playing"


def test_promise_of_payment_in_two_headed_dragon_loses_for_the_team():
    from game.rules import new_game

    config = {
        "mode": "2hg",
        "seed": 1,
        "seats": [
            {"name": "A", "hero": "vir_garbarean"},
            {"name": "B", "hero": "troq_bashar"},
            {"name": "C", "hero": "troq_bashar"},
            {"name": "D", "hero": "river_montoya"},
        ],
        "scenario": {
            "turn": 3,
            "active": 0,
            "seats": [
                {
                    "hand": ["promise_of_payment", "hive"],
                    "gold": 0,
                    "workers": 1,
                    "buildings": {"tech_1": True, "tech_2": True},
                    "play": [{"card": "vir_garbarean"}],
                },
                {},
                {},
                {},
            ],
        },
    }
    s = new_game(config)
    s = play_card(s, 0, "promise_of_payment")
    s = play_card(s, 0, "hive")
    for seat in (0, 1, 2, 3):
        s = end_turn(s, seat)
    if s["players"][0]["tech_owed"]:  # A's tech choice, owed since the team's turn ended
        s = act(s, 0, legal_of(s, 0, "tech")[0])
    assert s["status"] == "finished" and sorted(s["winners"]) == [2, 3]


# ---- Unphase ---------------------------------------------------------------------------------


def test_unphase_makes_a_unit_invisible_until_the_next_upkeep():
    s = game(
        {"hand": ["unphase"], "gold": 2, "play": [{"card": "argonaut", "id": "arg"}]},
        {"hand": ["spark"], "gold": 3, "play": [{"card": "troq_bashar"}]},
    )
    s = play_card(s, 0, "unphase", [find(s, "arg")])
    assert stats.kw(s, find(s, "arg"), "invisible")
    s = end_turn(s, 0)
    assert stats.kw(s, find(s, "arg"), "invisible")
    s = end_turn(s, 1)
    assert not stats.kw(s, find(s, "arg"), "invisible")


# ---- Assimilate -----------------------------------------------------------------------------------


def test_assimilate_takes_an_opposing_building_card():
    s = game({"hand": ["assimilate"], "gold": 3}, {"play": [{"card": "graveyard", "id": "gy"}]})
    gy = find(s, "gy")
    s = play_card(s, 0, "assimilate", [gy])
    assert gy in s["players"][0]["play"] and s["cards"][gy]["owner"] == 1


def test_assimilate_cannot_take_tech_buildings_add_ons_or_units():
    """Ruling: a building card, never a tech building, add-on or base."""
    s = game(
        {"hand": ["assimilate"], "gold": 3},
        {"buildings": {"tech_1": True, "addon": "tower"}, "play": [{"card": "iron_man"}]},
    )
    assert not legal_of(s, 0, "play", card=hand_ids(s, 0, "assimilate")[0])


# ---- Double Time -------------------------------------------------------------------------------------


def test_double_time_goes_to_the_future_and_gives_an_extra_turn_then_is_trashed():
    s = game({"hand": ["double_time"], "gold": 6}, level=7)
    s = play_card(s, 0, "double_time")
    dt = future_of(s, 0, "double_time")
    assert dt and s["cards"][dt[0]]["time"] == 3
    for _ in range(2):
        s = end_turn(s, 0)
        s = end_turn(s, 1)
    s = end_turn(s, 0)
    s = end_turn(s, 1)  # the third upkeep: it resolves
    assert s["active"] == 0 and logged(s, "extra turn after this one")
    from game.rules import view

    assert view(s, 1)["players"][0]["extra_turns"] == 1
    assert cards_in(s, 0, "trash") == ["double_time"]
    s = end_turn(s, 0)
    assert s["active"] == 0  # the extra turn
    s = end_turn(s, 0)
    assert s["active"] == 1


def test_two_extra_turns_stack():
    """Ruling: extra turns stack (three turns in a row)."""
    s = game({"future": [{"card": "double_time", "time": 1}, {"card": "double_time", "time": 1}]}, active=1)
    s = end_turn(s, 1)
    assert s["active"] == 0
    for _ in range(2):
        s = end_turn(s, 0)
        assert s["active"] == 0
    s = end_turn(s, 0)
    assert s["active"] == 1


# ---- Knight of the Conclave ---------------------------------------------------------------------------


def test_knight_of_the_conclave_is_forecast_and_costs_resist_to_target():
    s = game({"hand": ["knight_of_the_conclave"], "gold": 0})
    s = play_card(s, 0, "knight_of_the_conclave")
    assert future_of(s, 0, "knight_of_the_conclave")
    s = game(
        {"play": [{"card": "knight_of_the_conclave", "id": "k", "patrol": "elite"}]},
        {"hand": ["spark"], "gold": 1, "play": [{"card": "troq_bashar"}]},
        active=1,
    )
    assert_refused(
        s, 1, {"type": "play", "card": hand_ids(s, 1, "spark")[0], "targets": [find(s, "k")]}, "not_enough_gold"
    )


# ---- Gilded Glaxx -----------------------------------------------------------------------------------------


def test_gilded_glaxx_cannot_be_returned_to_hand_while_you_have_gold():
    s = purple_game(
        "max_geiger", {"gold": 3, "hand": ["temporal_distortion"], "play": [{"card": "gilded_glaxx", "id": "gg"}]}
    )
    s = play_card(s, 0, "temporal_distortion", [find(s, "gg")])
    # Ruling: he can't leave play, so "if you do" fails: no codex unit.
    assert s["cards"][find(s, "gg")]["zone"] == "play" and s["prompt"] is None


def test_gilded_glaxx_survives_0_hp_until_combat_damage_hits_him():
    """Ruling: only combat damage is checked; a Nebula's destroy fails too."""
    s = game(
        {"gold": 1, "play": [{"card": "gilded_glaxx", "id": "gg", "minus": 4, "patrol": "elite"}]},
        {"play": [{"card": "nebula", "id": "neb"}, {"card": "iron_man", "id": "im"}]},
        active=1,
    )
    assert s["cards"][find(s, "gg")]["zone"] == "play"
    s = use_ability(s, 1, find(s, "neb"), targets=[find(s, "gg")])
    assert not gone(s, "gg")
    s = attack_tagged(s, "im", "gg")
    assert gone(s, "gg")


def test_gilded_glaxx_at_0_hp_survives_a_hit_his_armor_absorbs_but_not_deathtouch():
    """Gilded Glaxx ruling: at 0 HP with 1 armor, 1 combat damage that
    merely removes the armor is no "dying from combat damage": he stays;
    1 deathtouch combat damage kills him (Deathtouch ruling)."""
    glaxx = {"card": "gilded_glaxx", "id": "gg", "minus": 4, "patrol": "elite", "granted": {"armor": 1}}
    s = game({"gold": 1, "play": [dict(glaxx)]}, {"play": [{"card": "tenderfoot", "id": "np"}]}, active=1)
    assert stats.atk(s, find(s, "np")) == 1
    s = attack_tagged(s, "np", "gg")
    assert not gone(s, "gg") and s["cards"][find(s, "gg")]["armor_used"] == 1
    assert logged(s, "armor absorbed")
    s = game(
        {"gold": 1, "play": [dict(glaxx)]},
        {"play": [{"card": "tenderfoot", "id": "np", "granted": {"deathtouch": 1}}]},
        active=1,
    )
    s = attack_tagged(s, "np", "gg")
    assert gone(s, "gg")


def test_obliterate_skips_a_gilded_glaxx_that_cannot_leave_play():
    """Gilded Glaxx ruling: "destroy the least" effects skip him."""
    s = game(
        {
            "gold": 1,
            "play": [
                {"card": "gilded_glaxx", "id": "gg"},
                {"card": "argonaut", "id": "arg"},
                {"card": "tricycloid", "id": "tri"},
            ],
        },
        {"play": [{"card": "trojan_duck", "id": "duck"}]},
        active=1,
    )
    s = attack_tagged(s, "duck", "base:0")
    while s["prompt"]:
        s = choose(s, s["prompt"]["seat"], *prompt_options(s)[: s["prompt"]["count"]])
    assert not gone(s, "gg") and gone(s, "arg") and gone(s, "tri")


def test_gilded_glaxx_without_gold_is_an_ordinary_unit():
    s = game(
        {"gold": 0, "play": [{"card": "gilded_glaxx", "id": "gg", "damage": 3, "patrol": "elite"}]},
        {"hand": ["spark"], "gold": 1, "play": [{"card": "troq_bashar"}]},
        active=1,
    )
    s = play_card(s, 1, "spark", [find(s, "gg")])
    assert gone(s, "gg")


# ---- Omegacron -----------------------------------------------------------------------------------------------


def test_omegacron_waits_six_upkeeps_unless_you_sacrifice_to_hurry_it():
    """Ruling: a sacrificed worker is trashed."""
    s = game({"hand": ["omegacron"], "gold": 2, "workers": 5, "play": [{"card": "argonaut", "id": "arg"}]})
    s = play_card(s, 0, "omegacron")
    om = future_of(s, 0, "omegacron")[0]
    assert s["cards"][om]["time"] == 6
    acts = legal_of(s, 0, "ability", card=om)
    assert acts
    s = act(s, 0, acts[0])
    s = choose(s, 0, find(s, "arg"))
    assert gone(s, "arg") and s["cards"][om]["time"] == 5
    s = act(s, 0, acts[0])
    s = choose(s, 0, "worker")
    assert s["players"][0]["base_workers"] == 4 and s["cards"][om]["time"] == 4


def test_omegacron_arrives_with_haste_when_the_last_rune_goes():
    s = game({"workers": 5, "future": [{"card": "omegacron", "time": 1, "id": "om"}]})
    s = use_ability(s, 0, find(s, "om"))
    s = choose(s, 0, "worker")
    om = in_play(s, 0, "omegacron")
    assert om and atk_hp(s, om[0]) == (9, 7)
    s = act(s, 0, {"type": "attack", "attacker": om[0], "target": "base:1"})
    assert s["teams"][1]["damage"] == 9


def test_omegacron_in_play_has_no_ability():
    s = game({"play": [{"card": "omegacron", "id": "om"}, {"card": "argonaut"}]})
    assert_refused(s, 0, {"type": "ability", "card": find(s, "om"), "ability": 0, "targets": []}, "bad_ability")


def test_the_view_lists_a_forecasted_card_s_abilities():
    from game.rules import view

    s = game({"future": [{"card": "omegacron", "id": "om"}]})
    entry = view(s, 1)["players"][0]["future"][0]
    assert entry["card"] == "omegacron" and entry["abilities"][0]["gold"] == 0


# ---- Reaver ------------------------------------------------------------------------------------------------------


def test_reaver_trashes_two_opposing_workers():
    s = game({"gold": 1, "hand": ["spark"], "play": [{"card": "reaver", "id": "rv"}]}, {"workers": 6})
    s = use_ability(s, 0, find(s, "rv"))
    s = choose(s, 0, "trash 2 workers")
    assert s["players"][1]["base_workers"] == 4 and cards_in(s, 0, "discard") == ["spark"]


def test_reaver_deals_6_to_up_to_two_units_or_heroes_without_targeting():
    """Ruling: one unit and one hero, or just one; no ◎ (untargetable too)."""
    s = game(
        {"gold": 1, "hand": ["spark"], "play": [{"card": "reaver", "id": "rv"}]},
        {
            "play": [
                {"card": "chronofixer", "id": "cf"},
                {"card": "troq_bashar", "id": "troq"},
                {"card": "iron_man", "id": "im"},
            ]
        },
    )
    s = use_ability(s, 0, find(s, "rv"))
    s = choose(s, 0, "6 damage to up to 2 units and/or heroes")
    assert find(s, "cf") in prompt_options(s)
    troq = find(s, "troq")
    s = choose(s, 0, find(s, "cf"))
    s = choose(s, 0, troq)
    assert gone(s, "cf") and s["cards"][troq]["zone"] == "command"
    assert dmg(s, "im") == 0


def test_reaver_needs_a_card_to_discard():
    s = game({"gold": 1, "hand": [], "play": [{"card": "reaver", "id": "rv"}]})
    assert_refused(s, 0, {"type": "ability", "card": find(s, "rv"), "ability": 0, "targets": []}, "bad_ability")


# ---- Void Star --------------------------------------------------------------------------------------------------


def test_void_star_gets_4_atk_until_the_next_upkeep_once_a_turn():
    s = game({"gold": 8, "play": [{"card": "void_star", "id": "vs"}]})
    s = use_ability(s, 0, find(s, "vs"))
    assert atk_hp(s, find(s, "vs")) == (9, 4)
    assert_refused(s, 0, {"type": "ability", "card": find(s, "vs"), "ability": 0, "targets": []}, "bad_ability")
    s = end_turn(s, 0)
    assert atk_hp(s, find(s, "vs")) == (9, 4)
    s = end_turn(s, 1)
    assert atk_hp(s, find(s, "vs")) == (5, 4)


# ---- Xenostalker ------------------------------------------------------------------------------------------------


def test_xenostalker_hits_up_to_four_patrollers_without_flying():
    s = game(
        {"play": [{"card": "xenostalker", "id": "xs"}]},
        {
            "play": [
                {"card": "iron_man", "id": "a", "patrol": "elite"},
                {"card": "tenderfoot", "id": "b", "patrol": "scavenger", "damage": 1},
                {"card": "stinger", "id": "fly", "patrol": "technician"},
            ]
        },
    )
    s = attack_tagged(s, "xs", "base:1")
    assert find(s, "fly") not in prompt_options(s)
    s = choose(s, 0, find(s, "a"))
    s = choose(s, 0, find(s, "b"))
    assert dmg(s, "a") == 1 and gone(s, "b")
    assert s["teams"][1]["damage"] == 3  # unstoppable: straight to the base


# ---- Hive -------------------------------------------------------------------------------------------------------


def test_hive_brings_five_stingers_and_resummons_lost_ones():
    s = game({"hand": ["hive"], "gold": 8})
    s = play_card(s, 0, "hive")
    stingers = in_play(s, 0, "stinger")
    assert len(stingers) == 5 and stats.kw(s, stingers[0], "flying")
    hive = in_play(s, 0, "hive")[0]
    assert_refused(s, 0, {"type": "ability", "card": hive, "ability": 0, "targets": []}, "bad_ability")
    s["cards"][stingers[0]]["marks"]["doomed"] = True  # the position: one Stinger died
    s = act(s, 0, {"type": "patrol", "card": stingers[1], "slot": "elite"})  # any action runs the checks
    assert len(in_play(s, 0, "stinger")) == 4
    s = use_ability(s, 0, hive)
    assert len(in_play(s, 0, "stinger")) == 5


def test_two_hives_keep_up_to_ten_stingers():
    """Ruling: two Hives, up to ten Stingers."""
    st = [{"card": "stinger"} for _ in range(9)]
    s = game({"gold": 3, "play": [{"card": "hive", "id": "h1"}, {"card": "hive", "id": "h2"}] + st})
    s = use_ability(s, 0, find(s, "h1"))
    assert len(in_play(s, 0, "stinger")) == 10
    assert_refused(s, 0, {"type": "ability", "card": find(s, "h2"), "ability": 0, "targets": []}, "bad_ability")


def test_hive_leaving_sacrifices_five_stingers_the_active_player_picking_among_more():
    """Rulings: two Hives, ten Stingers; one Hive lost: five go, picked by
    the active player."""
    st = [{"card": "stinger", "id": f"s{i}"} for i in range(7)]
    s = game(
        {"play": [{"card": "hive", "id": "h1", "patrol": "elite"}, {"card": "hive", "id": "h2"}] + st},
        {"hand": ["spark"], "gold": 2, "play": [{"card": "troq_bashar"}]},
        active=1,
    )
    s["cards"][find(s, "h1")]["damage"] = 5  # the position: one more damage kills it
    s = play_card(s, 1, "spark", [find(s, "h1")])
    assert s["prompt"]["seat"] == 1 and s["prompt"]["count"] == 5
    s = choose(s, 1, *[find(s, f"s{i}") for i in range(5)])
    assert len(in_play(s, 0, "stinger")) == 2 and not gone(s, "s5")


# ---- Nebula -----------------------------------------------------------------------------------------------------


def test_nebula_makes_its_other_units_invisible_and_destroys_once_a_turn():
    """Ruling: the ability works the turn it arrives (no exhaust)."""
    s = game(
        {"hand": ["nebula"], "gold": 7, "play": [{"card": "argonaut", "id": "arg"}]},
        {"play": [{"card": "iron_man", "id": "im"}, {"card": "tenderfoot", "id": "tf"}]},
    )
    s = play_card(s, 0, "nebula")
    neb = in_play(s, 0, "nebula")[0]
    assert stats.kw(s, find(s, "arg"), "invisible") and not stats.kw(s, neb, "invisible")
    s = use_ability(s, 0, neb, targets=[find(s, "im")])
    assert gone(s, "im")
    assert_refused(s, 0, {"type": "ability", "card": neb, "ability": 0, "targets": [find(s, "tf")]}, "bad_ability")


# ---- Vir Garbarean ------------------------------------------------------------------------------------------------


def test_vir_garbarean_looks_at_the_top_card_for_his_team_only():
    from game.rules import view

    s = game({"deck": ["argonaut", "spark"]})
    s = use_ability(s, 0, find(s, "hero"), 0)
    mine = [e["text"] for e in view(s, 0)["log"]]
    theirs = [e["text"] for e in view(s, 1)["log"]]
    assert any("is Argonaut" in t for t in mine) and not any("is Argonaut" in t for t in theirs)
    assert_refused(s, 0, {"type": "ability", "card": find(s, "hero"), "ability": 0, "targets": []}, "bad_ability")


def test_vir_garbarean_with_no_draw_pile_cannot_look_or_swap():
    """Rulings: no draw pile, nothing happens (no reshuffle)."""
    s = game({"deck": [], "discard": ["spark"], "hand": ["bloom"], "gold": 1})
    assert not legal_of(s, 0, "ability", card=find(s, "hero"))


def test_vir_garbarean_swaps_a_hand_card_with_the_top_card():
    s = game({"deck": ["argonaut", "spark"], "hand": ["bloom"], "gold": 1})
    s = use_ability(s, 0, find(s, "hero"), 1)
    assert cards_in(s, 0, "hand") == ["argonaut"] and s["players"][0]["gold"] == 0
    assert s["cards"][s["players"][0]["deck"][0]]["card"] == "bloom"


def test_vir_garbarean_mid_band_plays_the_top_card_paying_for_it():
    s = game({"deck": ["argonaut", "spark"], "gold": 3}, level=5)
    assert atk_hp(s, find(s, "hero")) == (3, 3)
    s = use_ability(s, 0, find(s, "hero"), 2)
    assert in_play(s, 0, "argonaut") and s["players"][0]["gold"] == 0


def test_vir_garbarean_mid_band_needs_the_top_card_s_requirements():
    s = game({"deck": ["argonaut"], "gold": 2}, level=5)
    assert_refused(s, 0, {"type": "ability", "card": find(s, "hero"), "ability": 2, "targets": []}, "bad_ability")
    s = game({"deck": ["hyperion"], "gold": 9, "buildings": {"tech_1": True}}, level=5)
    assert_refused(s, 0, {"type": "ability", "card": find(s, "hero"), "ability": 2, "targets": []}, "bad_ability")


def test_vir_garbarean_mid_band_casts_a_targeted_spell_from_the_top():
    s = game({"deck": ["unphase"], "gold": 2, "play": [{"card": "argonaut", "id": "arg"}]}, level=5)
    s = use_ability(s, 0, find(s, "hero"), 2)
    s = choose(s, 0, find(s, "arg"))
    assert stats.kw(s, find(s, "arg"), "invisible") and s["players"][0]["gold"] == 0
    assert cards_in(s, 0, "discard") == ["unphase"]


def test_vir_garbarean_mid_band_offers_the_boost_of_his_top_card():
    """Boost ruling: a card played from another zone than the hand (Vir's
    top card) may be boosted too. Hooded Executioner's boost (3 more gold)
    destroys the weakest opposing unit."""
    s = game(
        {"deck": ["hooded_executioner"], "gold": 5, "buildings": {"tech_1": True}},
        {"play": [{"card": "troq_bashar"}, {"card": "older_brother", "id": "ob"}]},
        level=5,
    )
    s = use_ability(s, 0, find(s, "hero"), 2)
    assert prompt_options(s) == ["boost", "no boost"]
    s = choose(s, 0, "boost")
    assert in_play(s, 0, "hooded_executioner") and gone(s, "ob") and s["players"][0]["gold"] == 0


def test_vir_garbarean_top_card_unboosted_or_unaffordable_boost():
    """ "no boost" pays the cost only; without the gold for the boost
    nothing is asked."""
    s = game(
        {"deck": ["hooded_executioner"], "gold": 5, "buildings": {"tech_1": True}},
        {"play": [{"card": "troq_bashar"}, {"card": "older_brother", "id": "ob"}]},
        level=5,
    )
    s = use_ability(s, 0, find(s, "hero"), 2)
    s = choose(s, 0, "no boost")
    assert in_play(s, 0, "hooded_executioner") and not gone(s, "ob") and s["players"][0]["gold"] == 3
    s = game(
        {"deck": ["hooded_executioner"], "gold": 4, "buildings": {"tech_1": True}},
        {"play": [{"card": "troq_bashar"}, {"card": "older_brother", "id": "ob"}]},
        level=5,
    )
    s = use_ability(s, 0, find(s, "hero"), 2)
    assert s["prompt"] is None and in_play(s, 0, "hooded_executioner") and s["players"][0]["gold"] == 2


def test_promise_of_payment_works_with_vir_s_top_card():
    """Ruling: Promise of Payment applies to Vir's middle ability."""
    s = game({"hand": ["promise_of_payment"], "deck": ["void_star"], "gold": 0, "workers": 5}, level=5)
    s = play_card(s, 0, "promise_of_payment")
    s = use_ability(s, 0, find(s, "hero"), 2)
    assert in_play(s, 0, "void_star")
    s = end_turn(s, 0)
    s = end_turn(s, 1)
    assert s["players"][0]["gold"] == 0 and s["status"] == "playing"


def test_vir_garbarean_max_band_puts_a_mech_token_in_the_future():
    """Ruling: the Mech has two time runes and no haste."""
    s = game({"gold": 2}, level=5)
    s = act(s, 0, {"type": "level_up", "hero": find(s, "hero"), "levels": 2})
    mech = future_of(s, 0, "mech")
    assert mech and s["cards"][mech[0]]["time"] == 2
    s = end_turn(s, 0)
    s = end_turn(s, 1)
    s = end_turn(s, 0)
    s = end_turn(s, 1)
    m = in_play(s, 0, "mech")
    assert m and atk_hp(s, m[0]) == (6, 7) and stats.kw(s, m[0], "untargetable")
    assert_refused(s, 0, {"type": "attack", "attacker": m[0], "target": "base:1"}, "arrival_fatigue")


# ---- other modes ------------------------------------------------------------------------------------------------


def ffa_game(seats, active=0):
    from game.rules import new_game

    heroes = ["vir_garbarean", "troq_bashar", "river_montoya"]
    return new_game(
        {
            "mode": "ffa",
            "seed": 1,
            "seats": [{"name": f"P{i}", "hero": h} for i, h in enumerate(heroes)],
            "scenario": {"turn": 3, "active": active, "seats": seats},
        }
    )


def test_reaver_in_a_free_for_all_asks_which_opponent_loses_workers():
    s = ffa_game(
        [
            {"gold": 1, "hand": ["spark"], "play": [{"card": "vir_garbarean"}, {"card": "reaver", "id": "rv"}]},
            {"workers": 5},
            {"workers": 5},
        ]
    )
    s = use_ability(s, 0, find(s, "rv"))
    s = choose(s, 0, "trash 2 workers")
    assert sorted(prompt_options(s)) == [1, 2]
    s = choose(s, 0, 2)
    assert s["players"][2]["base_workers"] == 3 and s["players"][1]["base_workers"] == 5


def test_an_unpaid_promise_in_a_free_for_all_fells_the_base():
    s = ffa_game(
        [
            {
                "hand": ["promise_of_payment", "hive"],
                "gold": 0,
                "workers": 1,
                "buildings": {"tech_1": True, "tech_2": True},
                "play": [{"card": "vir_garbarean"}],
            },
            {},
            {},
        ]
    )
    s = play_card(s, 0, "promise_of_payment")
    s = play_card(s, 0, "hive")
    for seat in (0, 1, 2):
        s = end_turn(s, seat)
        if s["phase"] == "lend":  # R26: nothing lent
            s = act(s, seat, {"type": "end_lending"})
            if s["players"][seat]["tech_owed"]:
                s = act(s, seat, legal_of(s, seat, "tech")[0])
    team = s["teams"][s["players"][0]["team"]]
    assert team["damage"] >= team["hp"]
    assert logged(s, "lost the game")


def test_vir_garbarean_in_three_hero_mode_plays_his_top_card():
    from game.rules import new_game

    s = new_game(
        {
            "mode": "3hero",
            "seed": 1,
            "seats": [
                {"name": "A", "heroes": ["vir_garbarean", "max_geiger", "troq_bashar"]},
                {"name": "B", "heroes": ["river_montoya", "garth_torken", "garus_rook"]},
            ],
            "scenario": {
                "turn": 3,
                "active": 0,
                "seats": [
                    {
                        "deck": ["argonaut"],
                        "gold": 3,
                        "buildings": {"tech_1": True},
                        "play": [{"card": "vir_garbarean", "level": 5, "id": "vir"}],
                    },
                    {},
                ],
            },
        }
    )
    s = use_ability(s, 0, find(s, "vir"), 2)
    assert in_play(s, 0, "argonaut") and s["players"][0]["gold"] == 0
