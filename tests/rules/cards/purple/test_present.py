"""Scenario tests for the Present codex (purple) and Max Geiger in each band:
each card played through real actions, the official rulings
(reference/codex-cards/rulings.json, "Purple", "Heroes") named where they
decide something. Seat 0 plays Max Geiger, seat 1 Troq Bashar."""

from game.codex import catalog, stats
from game.codex.targeting import is_illusion
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
    return purple_game("max_geiger", seat0, seat1, level=level, **kw)


def test_every_present_card_and_max_geiger_work():
    assert all(catalog.works(c) for c in catalog.spec_cards("present"))
    assert catalog.works("max_geiger")


# ---- Temporal Distortion -------------------------------------------------------------


def test_temporal_distortion_swaps_a_unit_for_a_cheaper_one_of_its_tech_from_the_codex():
    s = game({"hand": ["temporal_distortion"], "gold": 5, "buildings": {}, "play": [{"card": "argonaut", "id": "arg"}]})
    s = play_card(s, 0, "temporal_distortion", [find(s, "arg")])
    assert "argonaut" in cards_in(s, 0, "hand")
    # Tech I, cost 3 or less: Argonaut (3) and Sentry (2), no tech building needed.
    assert set(prompt_options(s)) == {"argonaut", "sentry"}
    s = choose(s, 0, "sentry")
    assert len(in_play(s, 0, "sentry")) == 1
    assert s["players"][0]["codex"]["sentry"] == 1


def test_temporal_distortion_offers_nothing_for_a_tech_ii_unit_costlier_than_the_one_returned():
    s = game({"hand": ["temporal_distortion"], "gold": 5, "play": [{"card": "chronofixer", "id": "cf"}]})
    s = play_card(s, 0, "temporal_distortion", [find(s, "cf")])
    # Tech II, cost 2 or less: only Chronofixer itself.
    assert prompt_options(s) == ["chronofixer"]
    s = choose(s, 0)  # "you may": none
    assert not in_play(s, 0, "chronofixer")


def test_temporal_distortion_on_a_token_copying_a_tech_i_unit_still_offers_a_codex_unit():
    """Ruling: the token is destroyed on its way to the hand, and that
    counts; the copied unit's tech level and cost decide."""
    from game.codex.cards.common import become_copy

    s = game(
        {
            "hand": ["temporal_distortion"],
            "gold": 2,
            "play": [{"card": "stinger", "id": "tok"}, {"card": "argonaut", "id": "arg"}],
        }
    )
    become_copy(s, find(s, "tok"), find(s, "arg"))  # the position: the Stinger copies Argonaut
    s = play_card(s, 0, "temporal_distortion", [find(s, "tok")])
    assert gone(s, "tok") and set(prompt_options(s)) == {"argonaut", "sentry"}


def test_temporal_distortion_returns_a_mirror_illusion_copy_without_targeting_it():
    """Illusion rulings: an Illusion dies only when targeted (◎);
    Temporal Distortion picks its unit without the icon. A Mirror Illusion
    copying Argonaut (an Illusion, tech I: Sirus Quince rulings) doesn't
    vanish on being picked: it is returned, destroyed on the way to the
    hand, and that satisfies "if you do" (Temporal Distortion ruling)."""
    s = game(
        {
            "hand": ["temporal_distortion"],
            "gold": 4,
            "play": [
                {"card": "sirus_quince", "level": 3, "id": "quince"},
                {"card": "mirror_illusion", "id": "m"},
                {"card": "argonaut", "id": "arg"},
            ],
        }
    )
    s = use_ability(s, 0, find(s, "quince"), 1)  # one Mirror, one unit to copy: no question
    m = find(s, "m")
    assert s["cards"][m]["card"] == "argonaut" and is_illusion(s, m)
    s = play_card(s, 0, "temporal_distortion", [m])
    assert gone(s, "m") and not logged(s, "vanished when targeted")
    assert set(prompt_options(s)) == {"argonaut", "sentry"}


def test_temporal_distortion_needs_a_tech_i_or_ii_unit_of_yours():
    s = game(
        {"hand": ["temporal_distortion"], "gold": 5, "play": [{"card": "octavian", "id": "oct"}]},
        {"play": [{"card": "argonaut", "id": "theirs"}]},
    )
    assert not legal_of(s, 0, "play", card=hand_ids(s, 0, "temporal_distortion")[0])


# ---- Now! ---------------------------------------------------------------------------------


def test_now_gives_a_fresh_unit_haste_this_turn():
    s = game({"hand": ["now"], "gold": 3, "play": [{"card": "argonaut", "id": "arg", "fresh": True}]})
    assert_refused(s, 0, {"type": "attack", "attacker": find(s, "arg"), "target": "base:1"}, "arrival_fatigue")
    s = play_card(s, 0, "now", [find(s, "arg")])
    s = attack_tagged(s, "arg", "base:1")
    assert s["teams"][1]["damage"] == 3
    s = end_turn(s, 0)
    assert not stats.kw(s, find(s, "arg"), "haste")


# ---- Ready or Not ------------------------------------------------------------------------------


def test_ready_or_not_lets_a_unit_attack_twice_and_holds_exhausted_opponents():
    """Ruling: readying a unit lets it attack again this turn."""
    s = game(
        {"hand": ["ready_or_not"], "gold": 4, "play": [{"card": "hyperion", "id": "hyp"}]},
        {"play": [{"card": "iron_man", "id": "tired", "exhausted": True}, {"card": "tenderfoot", "id": "fresh"}]},
    )
    s = attack_tagged(s, "hyp", "base:1")
    s = play_card(s, 0, "ready_or_not", [find(s, "hyp")])
    assert not s["cards"][find(s, "hyp")]["exhausted"]
    s = attack_tagged(s, "hyp", "base:1")
    assert s["teams"][1]["damage"] == 8
    s = end_turn(s, 0)
    assert s["cards"][find(s, "tired")]["exhausted"]  # skipped this ready step
    assert not s["cards"][find(s, "fresh")]["exhausted"]


def test_ready_or_not_does_not_let_readiness_attack_twice():
    """Ruling: readiness allows one attack a turn, readied or not."""
    s = game({"hand": ["ready_or_not"], "gold": 4, "play": [{"card": "argonaut", "id": "arg"}]})
    s = attack_tagged(s, "arg", "base:1")
    s = play_card(s, 0, "ready_or_not", [find(s, "arg")])
    assert_refused(s, 0, {"type": "attack", "attacker": find(s, "arg"), "target": "base:1"}, "already_attacked")


# ---- Research & Development ---------------------------------------------------------------------


def test_research_and_development_draws_five_and_is_discarded_after():
    """Ruling: it resolves before it is discarded, so it can't draw itself."""
    deck = ["tenderfoot", "iron_man", "older_brother", "spark", "bloom"]
    s = game({"hand": ["research_development"], "deck": deck[:3], "discard": deck[3:], "gold": 2}, level=5)
    s = play_card(s, 0, "research_development")
    assert cards_in(s, 0, "hand") == sorted(deck)
    assert cards_in(s, 0, "discard") == ["research_development"]


def test_research_and_development_needs_max_level_geiger():
    s = game({"hand": ["research_development"], "gold": 2}, level=4)
    assert_refused(s, 0, {"type": "play", "card": hand_ids(s, 0)[0], "targets": []}, "needs_max_hero")


def test_research_and_development_reshuffles_only_once_a_main_phase():
    """Ruling (and house rule R9): a second empty deck in the same main
    phase draws nothing."""
    s = game(
        {"hand": ["research_development", "research_development"], "deck": ["spark"], "discard": ["bloom"], "gold": 4},
        level=5,
    )
    s = play_card(s, 0, "research_development")
    assert cards_in(s, 0, "hand") == ["bloom", "research_development", "spark"]
    s = play_card(s, 0, "research_development")
    assert cards_in(s, 0, "hand") == ["bloom", "spark"]


# ---- Sentry --------------------------------------------------------------------------------------


def test_sentry_prevents_the_first_spell_or_ability_damage_to_a_patroller_each_turn():
    s = game(
        {"play": [{"card": "sentry", "id": "sentry"}, {"card": "argonaut", "id": "arg", "patrol": "elite"}]},
        {"hand": ["spark", "spark"], "gold": 5, "play": [{"card": "troq_bashar"}]},
        active=1,
    )
    s = play_card(s, 1, "spark", [find(s, "arg")])
    assert dmg(s, "arg") == 0 and logged(s, "Sentry prevented")
    s = play_card(s, 1, "spark", [find(s, "arg")])
    assert dmg(s, "arg") == 1


def test_sentry_prevents_sparkshot_damage_but_not_the_attacker_s():
    """Ruling: sparkshot (and the Tower) deal combat damage, but they are
    abilities, so Sentry prevents them."""
    s = game(
        {
            "play": [
                {"card": "sentry", "id": "sentry", "patrol": "scavenger"},
                {"card": "argonaut", "id": "arg", "patrol": "elite"},
            ]
        },
        {"play": [{"card": "max_geiger", "id": "mg"}]},
        active=1,
        mode_heroes=("troq_bashar", "max_geiger"),
    )
    s = attack_tagged(s, "mg", "arg")
    if s["prompt"]:
        s = choose(s, 1, find(s, "sentry"))
    assert dmg(s, "arg") == 2  # Geiger's own hit
    assert dmg(s, "sentry") == 0  # the sparkshot point, prevented


def test_sentry_does_not_shield_units_that_are_not_patrolling():
    s = game(
        {"play": [{"card": "sentry", "id": "sentry"}, {"card": "argonaut", "id": "arg"}]},
        {"play": [{"card": "tricycloid", "id": "tri", "time": 1}]},
        active=1,
    )
    s = use_ability(s, 1, find(s, "tri"), targets=[find(s, "arg")])
    assert dmg(s, "arg") == 1


# ---- Chronofixer -------------------------------------------------------------------------------------


def test_chronofixer_stops_opposing_heroes_levelling_by_any_means():
    """Ruling: no levels by any means, kills included."""
    s = game(
        {"play": [{"card": "chronofixer", "id": "cf"}]},
        {"gold": 5, "play": [{"card": "troq_bashar", "id": "troq"}, {"card": "iron_man", "id": "im"}]},
        active=1,
    )
    assert_refused(s, 1, {"type": "level_up", "hero": find(s, "troq"), "levels": 1}, "cant_level")
    s = attack_tagged(s, "im", "hero")  # Iron Man kills Geiger: no levels for Troq
    assert s["cards"][find(s, "troq")]["level"] == 1


def test_chronofixer_makes_blackhand_resurrector_bring_a_hero_back_at_level_1():
    """Chronofixer ruling: Blackhand Resurrector's hero comes back at level 1."""
    from game.rules import new_game

    s = new_game(
        {
            "mode": "1hero",
            "seed": 1,
            "seats": [{"name": "A", "hero": "max_geiger"}, {"name": "B", "hero": "garth_torken"}],
            "scenario": {
                "turn": 3,
                "active": 1,
                "seats": [
                    {"play": [{"card": "max_geiger"}, {"card": "chronofixer"}]},
                    {
                        "buildings": {"tech_1": True, "tech_2": True, "tech_3": True},
                        "play": [{"card": "blackhand_resurrector", "id": "br"}],
                    },
                ],
            },
        }
    )
    s["players"][1]["hero_ready_after"]["garth_torken"] = 99  # the position: Garth died earlier
    s = use_ability(s, 1, find(s, "br"))
    garth = in_play(s, 1, "garth_torken")[0]
    assert s["cards"][garth]["level"] == 1


def test_chronofixer_does_not_stop_its_own_side():
    s = game({"gold": 3, "play": [{"card": "chronofixer"}]})
    s = act(s, 0, {"type": "level_up", "hero": find(s, "hero"), "levels": 2})
    assert s["cards"][find(s, "hero")]["level"] == 3


# ---- Hyperion --------------------------------------------------------------------------------------


def test_hyperion_has_haste_and_draws_when_it_attacks():
    s = game({"hand": ["hyperion"], "deck": ["spark"], "gold": 5})
    s = play_card(s, 0, "hyperion")
    s = act(s, 0, {"type": "attack", "attacker": in_play(s, 0, "hyperion")[0], "target": "base:1"})
    assert cards_in(s, 0, "hand") == ["spark"]
    assert s["teams"][1]["damage"] == 4


# ---- Warp Gate Disciple -------------------------------------------------------------------------------


def test_warp_gate_disciple_puts_a_tech_i_or_ii_unit_from_the_codex_into_play_without_tech():
    """Ruling: no tech building needed at all."""
    s = game({"gold": 1, "buildings": {}, "play": [{"card": "warp_gate_disciple", "id": "wgd"}]})
    s = use_ability(s, 0, find(s, "wgd"))
    assert set(prompt_options(s)) == {
        "argonaut",
        "sentry",
        "chronofixer",
        "hyperion",
        "warp_gate_disciple",
        "immortal",
        "tricycloid",
    }
    s = choose(s, 0, "immortal")
    assert len(in_play(s, 0, "immortal")) == 1 and s["players"][0]["gold"] == 0
    assert s["cards"][find(s, "wgd")]["exhausted"]


# ---- Immortal -----------------------------------------------------------------------------------------


def test_immortal_exhausts_instead_of_dying():
    s = game(
        {"play": [{"card": "immortal", "id": "imm", "patrol": "elite", "damage": 4}]},
        {"hand": ["spark"], "gold": 5, "play": [{"card": "troq_bashar"}]},
        active=1,
    )
    s = play_card(s, 1, "spark", [find(s, "imm")])
    imm = find(s, "imm")
    assert s["cards"][imm]["zone"] == "play" and s["cards"][imm]["exhausted"] and dmg(s, "imm") == 0


# ---- Tricycloid -----------------------------------------------------------------------------------------


def test_tricycloid_arrives_with_three_time_runes_and_shoots_one_each():
    s = game({"hand": ["tricycloid"], "gold": 5}, {"play": [{"card": "iron_man", "id": "im"}]})
    s = play_card(s, 0, "tricycloid")
    tri = in_play(s, 0, "tricycloid")[0]
    assert s["cards"][tri]["time"] == 3 and atk_hp(s, tri) == (6, 6)
    for _ in range(3):
        s = use_ability(s, 0, tri, targets=[find(s, "im")])
    assert dmg(s, "im") == 3 and atk_hp(s, tri) == (3, 3)
    assert s["cards"][tri]["zone"] == "play"  # no fading: the last rune doesn't sacrifice it
    assert_refused(s, 0, {"type": "ability", "card": tri, "ability": 0, "targets": [find(s, "im")]}, "bad_ability")


def test_tricycloid_can_shoot_a_base():
    s = game({"play": [{"card": "tricycloid", "id": "tri", "time": 1}]})
    s = use_ability(s, 0, find(s, "tri"), targets=["base:1"])
    assert s["teams"][1]["damage"] == 1


# ---- Octavian --------------------------------------------------------------------------------------------


def test_octavian_readies_and_disables_up_to_eight():
    s = game(
        {"gold": 8, "play": [{"card": "octavian", "id": "oct"}]},
        {
            "play": [
                {"card": "iron_man", "id": "im", "patrol": "squad_leader"},
                {"card": "tenderfoot", "id": "tf"},
                {"card": "troq_bashar", "id": "troq"},
            ]
        },
    )
    s = use_ability(s, 0, find(s, "oct"))
    assert not s["cards"][find(s, "oct")]["exhausted"]
    s = choose(s, 0, find(s, "im"))
    s = choose(s, 0, find(s, "troq"))
    s = choose(s, 0)  # enough
    assert s["prompt"] is None and s["players"][0]["gold"] == 0
    for tag in ("im", "troq"):
        assert s["cards"][find(s, tag)]["exhausted"] and s["cards"][find(s, tag)]["marks"]["disabled"]
    assert s["players"][1]["patrol"]["squad_leader"] is None
    s = end_turn(s, 0)
    assert s["cards"][find(s, "im")]["exhausted"] and not s["cards"][find(s, "tf")]["exhausted"]
    s = end_turn(s, 1)
    s = end_turn(s, 0)
    assert not s["cards"][find(s, "im")]["exhausted"]


# ---- Max Geiger ---------------------------------------------------------------------------------------------


def test_max_geiger_base_band_has_sparkshot():
    s = game()
    assert stats.kw(s, find(s, "hero"), "sparkshot") == 1


def test_max_geiger_mid_band_discards_a_card_to_draw_one():
    s = game({"hand": ["spark", "bloom"], "deck": ["iron_man"]}, level=3)
    assert atk_hp(s, find(s, "hero")) == (2, 4)
    s = use_ability(s, 0, find(s, "hero"))
    s = choose(s, 0, hand_ids(s, 0, "spark")[0])
    assert cards_in(s, 0, "hand") == ["bloom", "iron_man"] and cards_in(s, 0, "discard") == ["spark"]


def test_max_geiger_below_mid_band_has_no_ability():
    s = game({"hand": ["spark"]}, level=2)
    assert not legal_of(s, 0, "ability", card=find(s, "hero"))


def test_max_geiger_max_band_trashes_a_unit_and_returns_it_fresh():
    """Rulings: it returns as a new card, ready, with arrival fatigue, and a
    Tricycloid gets three new time runes."""
    s = game({"gold": 1, "play": [{"card": "tricycloid", "id": "tri", "time": 1, "damage": 2}]}, level=4)
    s = act(s, 0, {"type": "level_up", "hero": find(s, "hero"), "levels": 1})
    s = choose(s, 0, find(s, "tri"))
    assert gone(s, "tri")
    tri = in_play(s, 0, "tricycloid")[0]
    inst = s["cards"][tri]
    assert inst["time"] == 3 and inst["damage"] == 0 and not inst["exhausted"]
    assert_refused(s, 0, {"type": "attack", "attacker": tri, "target": "base:1"}, "arrival_fatigue")
    assert atk_hp(s, find(s, "hero")) == (3, 4)


def test_max_geiger_max_band_returns_a_stolen_unit_to_its_controller():
    """Ruling: it returns under whoever controlled it when trashed."""
    from game.codex.state import change_control

    s = game({"gold": 1}, {"play": [{"card": "iron_man", "id": "im"}]}, level=4)
    change_control(s, find(s, "im"), 0)  # the position: seat 0 took seat 1's Iron Man
    s = act(s, 0, {"type": "level_up", "hero": find(s, "hero"), "levels": 1})
    s = choose(s, 0, find(s, "im"))
    back = in_play(s, 0, "iron_man")
    assert gone(s, "im") and len(back) == 1 and s["cards"][back[0]]["owner"] == 1
    assert back[0] not in s["players"][1]["play"]


def test_max_geiger_max_band_trashing_a_token_returns_nothing():
    s = game({"gold": 1, "play": [{"card": "stinger", "id": "st"}]}, level=4)
    s = act(s, 0, {"type": "level_up", "hero": find(s, "hero"), "levels": 1})
    s = choose(s, 0, find(s, "st"))
    assert gone(s, "st") and not in_play(s, 0, "stinger")


def test_max_geiger_max_band_is_optional():
    s = game({"gold": 1, "play": [{"card": "iron_man", "id": "im"}]}, level=4)
    s = act(s, 0, {"type": "level_up", "hero": find(s, "hero"), "levels": 1})
    s = choose(s, 0)
    assert s["cards"][find(s, "im")]["zone"] == "play"


def test_max_geiger_max_band_cannot_trash_a_gilded_glaxx_while_his_player_has_gold():
    s = game({"gold": 2, "play": [{"card": "gilded_glaxx", "id": "gg"}]}, level=4)
    s = act(s, 0, {"type": "level_up", "hero": find(s, "hero"), "levels": 1})
    s = choose(s, 0, find(s, "gg"))
    gg = find(s, "gg")
    assert s["cards"][gg]["zone"] == "play" and "follow" not in s["cards"][gg]["marks"]
    assert "followed" not in s
