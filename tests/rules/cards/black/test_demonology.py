"""Scenario tests for Demonology and Vandy Anadrose
(game/codex/cards/black/demonology.py), through real actions; the official
rulings (rulings.json "Black", "Heroes") are named where they decide.
Seat 0 plays Vandy Anadrose, seat 1 Troq Bashar unless told."""

from game.codex import stats
from tests.rules.cards.black.common import ALL_TECH, TROQ, VANDY, hero
from tests.rules.cards.black.common import game as black_game
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
    gone,
    hand_ids,
    in_play,
    legal_of,
    one,
    play_card,
    prompt_options,
    use_ability,
)


def vandy(level=1, **extra):
    return hero("vandy_anadrose", level, **extra)


V = vandy()


def game(seat0=None, seat1=None, **kw):
    kw.setdefault("heroes", VANDY)
    return black_game(seat0, seat1, **kw)


# ---- Soul Stone ------------------------------------------------------------------------------


def test_soul_stone_gives_plus_1_and_saves_its_unit_once():
    """Soul Stone ruling: the unit doesn't die (no "dies" trigger: the
    technician's card isn't drawn); the stone is sacrificed."""
    s = game(
        {
            "hand": ["soul_stone", "deteriorate"],
            "gold": 2,
            "deck": ["spark"],
            "play": [V, {"card": "gorgon", "id": "g", "damage": 3}],
        },
        {"play": [TROQ]},
    )
    s = play_card(s, 0, "soul_stone", [find(s, "g")])
    assert atk_hp(s, find(s, "g")) == (3, 5)
    s["cards"][find(s, "g")]["damage"] = 4
    s = play_card(s, 0, "deteriorate", [find(s, "g")])
    g = find(s, "g")
    assert s["cards"][g]["damage"] == 0 and not in_play(s, 0, "soul_stone")
    assert cards_in(s, 0, "hand") == []  # Gorgon's "dies: draw" did not happen
    assert sorted(cards_in(s, 0, "discard")) == ["deteriorate", "soul_stone"]


def test_soul_stone_comes_after_two_lives():
    """Soul Stone ruling: two lives first (a crumbling rune), then the stone."""
    s = game(
        {
            "hand": ["soul_stone", "sacrifice_the_weak", "sacrifice_the_weak"],
            "gold": 6,
            "play": [V, {"card": "zombie", "id": "z", "granted": {"two_lives": 1}}],
        },
        {"play": [TROQ]},
    )
    s = play_card(s, 0, "soul_stone", [find(s, "z")])
    s = play_card(s, 0, "sacrifice_the_weak")
    assert s["cards"][find(s, "z")]["marks"]["crumbling"] and in_play(s, 0, "soul_stone")
    s = play_card(s, 0, "sacrifice_the_weak")
    assert not gone(s, "z") and not in_play(s, 0, "soul_stone")


# ---- Dark Pact, Shadow Blade ----------------------------------------------------------------------


def test_dark_pact_hits_a_base_and_its_player_draws_two():
    s = game({"hand": ["dark_pact"], "play": [V]}, {"deck": ["spark", "iron_man"], "hand": [], "play": [TROQ]})
    s = play_card(s, 0, "dark_pact", ["base:1"])
    assert base_damage(s, 1) == 2 and cards_in(s, 1, "hand") == ["iron_man", "spark"]


def test_shadow_blade_kill_makes_the_controller_discard_at_random():
    s = game(
        {"hand": ["shadow_blade", "shadow_blade"], "gold": 6, "play": [V]},
        {
            "hand": ["spark", "spark"],
            "play": [
                TROQ,
                {"card": "older_brother", "patrol": "elite", "id": "ob"},
                {"card": "iron_man", "patrol": "scavenger", "id": "iron"},
            ],
        },
    )
    s = play_card(s, 0, "shadow_blade", [find(s, "iron")])
    assert not gone(s, "iron") and len(s["players"][1]["hand"]) == 2
    s = play_card(s, 0, "shadow_blade", [find(s, "ob")])
    assert gone(s, "ob") and len(s["players"][1]["hand"]) == 1


def test_shadow_blade_destroying_a_targeted_illusion_makes_its_controller_discard():
    """Shadow Blade ruling: an Illusion destroyed because Shadow Blade
    targeted it counts as killed by it, so its controller discards a card
    (at random, as the card says)."""
    s = game(
        {"hand": ["shadow_blade"], "gold": 3, "play": [V]},
        {"hand": ["spark", "spark"], "play": [TROQ, {"card": "spectral_hound", "patrol": "elite", "id": "dog"}]},
    )
    s = play_card(s, 0, "shadow_blade", [find(s, "dog")])
    assert gone(s, "dog") and cards_in(s, 1, "discard").count("spectral_hound") == 1
    assert len(s["players"][1]["hand"]) == 1 and cards_in(s, 1, "discard").count("spark") == 1


def test_shadow_blade_on_an_illusion_kept_alive_discards_only_if_the_damage_kills():
    """Macciatus keeps his controller's Illusions from dying when targeted:
    then only the 3 damage decides, as for any patroller."""
    s = game(
        {"hand": ["shadow_blade"], "gold": 3, "play": [V]},
        {
            "hand": ["spark"],
            "play": [
                TROQ,
                {"card": "macciatus_the_whisperer"},
                {"card": "spectral_hound", "patrol": "elite", "id": "dog"},
            ],
        },
    )
    s = play_card(s, 0, "shadow_blade", [find(s, "dog")])
    assert not gone(s, "dog") and len(s["players"][1]["hand"]) == 1


# ---- Metamorphosis ---------------------------------------------------------------------------------


def test_metamorphosis_sacrifices_units_and_makes_the_hero_a_max_level_demon():
    """Metamorphosis rulings: the hero becomes a Demon; a second one leaves
    her alone."""
    s = game(
        {
            "hand": ["metamorphosis", "metamorphosis"],
            "gold": 12,
            "play": [vandy(5, id="v"), {"card": "zombie", "id": "z"}],
        },
        {"play": [TROQ]},
    )
    s["cards"][find(s, "v")]["marks"]["max_turn"] = 1
    s = play_card(s, 0, "metamorphosis")
    v = find(s, "v")
    assert gone(s, "z") and s["cards"][v]["plus"] == 2 and s["cards"][v]["marks"]["demon"]
    assert stats.kw(s, v, "readiness") and stats.kw(s, v, "invisible")
    s = play_card(s, 0, "metamorphosis")
    assert s["cards"][v]["plus"] == 2


# ---- Gargoyle ----------------------------------------------------------------------------------------


def test_gargoyle_is_indestructible_and_idle_until_it_pays_to_wake():
    s = game({"gold": 2, "play": [V, {"card": "gargoyle", "id": "g"}]}, {"play": [TROQ]})
    g = find(s, "g")
    assert_refused(s, 0, {"type": "attack", "attacker": g, "target": "base:1"}, "cannot_attack")
    s = use_ability(s, 0, g)
    assert atk_hp(s, g) == (3, 2) and stats.kw(s, g, "flying") and not stats.kw(s, g, "indestructible")
    assert_refused(s, 0, {"type": "ability", "card": g, "ability": 0, "targets": []}, "bad_ability")
    s = attack(s, 0, g, "base:1")
    assert base_damage(s, 1) == 3
    s = end_turn(s, 0)
    assert stats.kw(s, g, "flying")  # until its controller's next upkeep
    s = end_turn(s, 1)
    assert not stats.kw(s, g, "flying") and stats.kw(s, g, "indestructible")


def _vined_gargoyle():
    """Seat 0 wakes its Gargoyle and patrols with it; in seat 1's turn
    Entangling Vines (from Garus Rook's seat, Drakk Ramhorn beside him for
    Kidnapping) sidelines it and holds it fast."""
    s = game(
        {"gold": 3, "play": [V, {"card": "gargoyle", "id": "g"}]},
        {"gold": 10, "hand": ["entangling_vines", "kidnapping"], "play": [hero("garus_rook"), hero("drakk_ramhorn")]},
    )
    g = find(s, "g")
    s = use_ability(s, 0, g)
    s = act(s, 0, {"type": "patrol", "card": g, "slot": "elite"})
    s = end_turn(s, 0)
    s = play_card(s, 1, "entangling_vines", [g])
    assert s["players"][0]["patrol"]["elite"] is None and in_play(s, 1, "entangling_vines")
    return s, g


def test_gargoyle_woken_after_entangling_vines_may_attack():
    """Gargoyle ruling: its "can attack and patrol" and what stops it
    apply in the order they were made; woken after the Vines were attached,
    it attacks."""
    s, g = _vined_gargoyle()
    s = end_turn(s, 1)  # its wake lasted until seat 0's upkeep: asleep, still vined
    assert_refused(s, 0, {"type": "attack", "attacker": g, "target": "base:1"}, "cannot_attack")
    s = use_ability(s, 0, g)
    s = attack(s, 0, g, "base:1")
    assert base_damage(s, 1) == 3


def test_entangling_vines_newer_than_the_wake_holds_a_kidnapped_gargoyle_until_woken_again():
    """Gargoyle ruling: Vines then Kidnapping on an awake patrolling
    Gargoyle: the Vines are newer than its wake, so it can't attack unless
    its new controller wakes it again."""
    s, g = _vined_gargoyle()
    s = play_card(s, 1, "kidnapping", [g])
    assert s["cards"][g]["controller"] == 1 and stats.kw(s, g, "flying")  # still awake
    assert_refused(s, 1, {"type": "attack", "attacker": g, "target": "base:0"}, "cannot_attack")
    s = use_ability(s, 1, g)
    s = attack(s, 1, g, "base:0")
    assert base_damage(s, 0) == 3


# ---- Twilight Baron ------------------------------------------------------------------------------------


def test_twilight_baron_forbids_playing_tech_ii_and_iii_units():
    """Twilight Baron rulings: tech II buildings are fine; the ban is his
    controller's."""
    s = game(
        {
            "hand": ["voidblocker", "shrine_of_forbidden_knowledge"],
            "gold": 9,
            "buildings": ALL_TECH,
            "play": [V, {"card": "twilight_baron"}],
        },
        {"play": [TROQ]},
    )
    assert_refused(s, 0, {"type": "play", "card": hand_ids(s, 0, "voidblocker")[0], "targets": []}, "forbidden")
    s = play_card(s, 0, "shrine_of_forbidden_knowledge")
    assert in_play(s, 0, "shrine_of_forbidden_knowledge")


# ---- Voidblocker -----------------------------------------------------------------------------------------


def test_voidblocker_taxes_its_attacker_another_ready_unit():
    """Voidblocker ruling: with nothing else ready the attack still happens."""
    s = game(
        {"play": [V, {"card": "voidblocker", "id": "vb"}]},
        {"play": [TROQ, {"card": "iron_man", "id": "iron"}, {"card": "older_brother", "id": "ob"}]},
        active=1,
    )
    s = attack(s, 1, find(s, "iron"), find(s, "vb"))
    assert set(prompt_options(s)) == {find(s, "troq"), find(s, "ob")}
    s = choose(s, 1, find(s, "ob"))
    assert s["cards"][find(s, "ob")]["exhausted"] and s["cards"][find(s, "vb")]["damage"] == 3


# ---- Blackhand Dozer --------------------------------------------------------------------------------------


def test_blackhand_dozer_keeps_opposing_bases_at_6_hp():
    """Blackhand Dozer ruling: any damage you deal, spells too."""
    s = game({"hand": ["dark_pact", "dark_pact"], "play": [V, {"card": "blackhand_dozer"}]}, {"play": [TROQ]})
    s["teams"][1]["damage"] = s["teams"][1]["hp"] - 7
    s = play_card(s, 0, "dark_pact", ["base:1"])
    assert s["teams"][1]["hp"] - base_damage(s, 1) == 6
    s = play_card(s, 0, "dark_pact", ["base:1"])
    assert s["teams"][1]["hp"] - base_damage(s, 1) == 6 and s["status"] == "playing"


def test_blackhand_dozer_doesnt_shield_your_own_base():
    s = game(
        {
            "hand": ["lich_s_bargain"],
            "gold": 2,
            "workers": 4,
            "play": [hero("garth_torken"), {"card": "blackhand_dozer"}],
        },
        {"play": [TROQ]},
        heroes=("garth_torken", "troq_bashar"),
    )
    s["teams"][0]["damage"] = s["teams"][0]["hp"] - 7
    s = play_card(s, 0, "lich_s_bargain")
    assert s["teams"][0]["hp"] - base_damage(s, 0) == 3


def test_blackhand_dozer_dies_and_the_active_player_destroys_your_lowest_tech_unit():
    s = game(
        {"hand": ["deteriorate"], "play": [V]},
        {
            "play": [
                TROQ,
                {"card": "blackhand_dozer", "id": "bd", "damage": 5},
                {"card": "zombie", "id": "z"},
                {"card": "skeleton", "id": "sk"},
                {"card": "iron_man", "id": "iron"},
            ]
        },
    )
    s = play_card(s, 0, "deteriorate", [find(s, "bd")])
    assert gone(s, "bd") and s["prompt"]["seat"] == 0
    assert set(prompt_options(s)) == {find(s, "z"), find(s, "sk")}
    s = choose(s, 0, find(s, "sk"))
    assert gone(s, "sk") and not gone(s, "z") and not gone(s, "iron")


# ---- Banefire Golem ------------------------------------------------------------------------------------------


def test_banefire_golem_sacrifices_in_upkeep_to_hit_everything_opposing():
    """Banefire Golem ruling: alone, he sacrifices himself and still hits."""
    s = game(
        {"play": [V, {"card": "banefire_golem", "id": "bg"}]},
        {"buildings": {"tech_1": True}, "play": [TROQ, {"card": "older_brother", "id": "ob"}]},
        active=1,
    )
    s = end_turn(s, 1)
    assert gone(s, "bg")
    assert s["cards"][find(s, "ob")]["damage"] == 1 and s["cards"][find(s, "troq")]["damage"] == 1
    assert base_damage(s, 1) == 1 and s["players"][1]["buildings"]["tech_1"]["damage"] == 1


# ---- Terras Q -------------------------------------------------------------------------------------------------


def test_terras_q_gives_four_warlocks_and_is_shackled_while_they_live():
    s = game({"hand": ["terras_q_the_shackled"], "gold": 6, "buildings": ALL_TECH, "play": [V]}, {"play": [TROQ]})
    s = play_card(s, 0, "terras_q_the_shackled")
    tq = one(s, 0, "terras_q_the_shackled")
    warlocks = in_play(s, 1, "warlock")
    assert len(warlocks) == 4 and atk_hp(s, warlocks[0]) == (0, 1)
    s["cards"][tq]["arrived"] = 0
    assert_refused(s, 0, {"type": "attack", "attacker": tq, "target": "base:1"}, "cannot_attack")
    for w in warlocks:
        del s["players"][1]["play"][s["players"][1]["play"].index(w)]
        del s["cards"][w]
    s = attack(s, 0, tq, "base:1")
    assert base_damage(s, 1) == 15


# ---- Shrine of Forbidden Knowledge ------------------------------------------------------------------------------


def test_shrine_burns_its_base_draws_one_more_and_lets_demons_pass_units():
    """Shrine ruling: draw that many +3, capped at 6."""
    deck = ["spark"] * 8
    s = game(
        {
            "hand": ["spark"] * 4,
            "deck": deck,
            "play": [V, {"card": "shrine_of_forbidden_knowledge"}, {"card": "thieving_imp", "id": "imp"}],
        },
        {"play": [TROQ, {"card": "iron_man", "patrol": "squad_leader"}]},
    )
    assert "base:1" in {a["target"] for a in legal_of(s, 0, "attack", attacker=find(s, "imp"))}
    s = end_turn(s, 0)
    assert len(s["players"][0]["hand"]) == 6
    s = end_turn(s, 1)
    assert base_damage(s, 0) == 1


def test_shrine_demons_are_still_stopped_by_patrolling_heroes():
    s = game(
        {"play": [V, {"card": "shrine_of_forbidden_knowledge"}, {"card": "thieving_imp", "id": "imp"}]},
        {"play": [dict(TROQ, patrol="squad_leader")]},
    )
    assert "base:1" not in {a["target"] for a in legal_of(s, 0, "attack", attacker=find(s, "imp"))}


# ---- Zarramonde ---------------------------------------------------------------------------------------------------


def test_zarramonde_played_from_hand_destroys_a_worker_or_card():
    s = game(
        {"hand": ["zarramonde_the_obliterator"], "gold": 10, "buildings": ALL_TECH, "play": [V]},
        {"workers": 5, "play": [TROQ, {"card": "iron_man", "id": "iron"}]},
    )
    s = play_card(s, 0, "zarramonde_the_obliterator")
    assert "worker:1" in prompt_options(s) and find(s, "iron") in prompt_options(s)
    s = choose(s, 0, "worker:1")
    assert s["players"][1]["base_workers"] + len(s["players"][1]["workers"]) == 4
    z = one(s, 0, "zarramonde_the_obliterator")
    assert not s["cards"][z]["marks"].get("played_from_hand")
    assert stats.kw(s, z, "obliterate") == 4 and stats.kw(s, z, "untargetable")


# ---- Vandy Anadrose --------------------------------------------------------------------------------------------------


def test_vandy_mid_band_discards_to_fetch_a_demonology_spell():
    s = game({"hand": ["spark"], "gold": 1, "play": [vandy(3)]}, {"play": [TROQ]})
    s["players"][0]["codex"] = {"dark_pact": 2, "gargoyle": 2}
    v = find(s, "vandy_anadrose")
    assert stats.kw(s, v, "resist") == 1 and stats.kw(s, v, "sparkshot")
    s = use_ability(s, 0, v)
    assert cards_in(s, 0, "hand") == ["dark_pact"] and cards_in(s, 0, "discard") == ["spark"]
    assert s["players"][0]["codex"]["dark_pact"] == 1


def test_vandy_max_level_dooms_a_friendly_and_an_opposing_tech_0_or_i_unit():
    """Vandy rulings: not optional (with no friendly unit, still the
    opposing one); they die at her controller's next upkeep."""
    s = game(
        {"gold": 2, "play": [vandy(4)]},
        {"play": [TROQ, {"card": "older_brother", "id": "ob"}, {"card": "blackhand_dozer"}]},
    )
    s = act(s, 0, {"type": "level_up", "hero": find(s, "vandy_anadrose"), "levels": 1})
    assert atk_hp(s, find(s, "ob")) == (4, 4)
    s = end_turn(s, 0)
    assert atk_hp(s, find(s, "ob")) == (4, 4)
    s = end_turn(s, 1)
    assert gone(s, "ob")


def test_terras_q_is_shackled_only_by_his_own_warlocks():
    """Terras Q rulings: another Terras's Warlocks (or Warlocks made before
    he came back as a new card) don't shackle him."""
    s = game(
        {"play": [V, {"card": "terras_q_the_shackled", "id": "tq"}]},
        {"play": [TROQ, {"card": "warlock"}, {"card": "warlock"}]},
    )
    s = attack(s, 0, find(s, "tq"), "base:1")
    assert base_damage(s, 1) == 15


def test_twilight_baron_lets_units_be_put_into_play():
    """Twilight Baron ruling: he stops playing tech II units, not putting
    them into play (Skeletal Lord)."""
    sk = [{"card": "skeleton"} for _ in range(5)]
    s = game(
        {"hand": ["voidblocker"], "play": [V, {"card": "twilight_baron"}, {"card": "skeletal_lord", "id": "sl"}] + sk},
        {"play": [TROQ]},
    )
    s = use_ability(s, 0, find(s, "sl"))
    assert in_play(s, 0, "voidblocker")


def test_banefire_golem_lets_its_controller_pick_the_sacrifice():
    s = game(
        {"play": [V, {"card": "banefire_golem", "id": "bg"}, {"card": "skeleton", "id": "sk"}]},
        {"play": [TROQ]},
        active=1,
    )
    s = end_turn(s, 1)
    assert set(prompt_options(s)) == {find(s, "bg"), find(s, "sk")}
    s = choose(s, 0, find(s, "sk"))
    assert gone(s, "sk") and not gone(s, "bg") and s["cards"][find(s, "troq")]["damage"] == 1


def test_vandy_reaching_max_on_another_teams_turn_fizzles():
    """Nether Drain ruling: raised to max by an opponent on their turn, her
    choice doesn't happen."""
    s = game(
        {"hand": ["nether_drain"], "gold": 2, "play": [hero("garth_torken")]},
        {"play": [vandy(3), {"card": "older_brother", "id": "ob"}]},
        heroes=("garth_torken", "vandy_anadrose"),
    )
    s = play_card(s, 0, "nether_drain", [find(s, "garth_torken"), find(s, "vandy_anadrose")])
    assert s["cards"][find(s, "vandy_anadrose")]["level"] == 5 and s["prompt"] is None
    assert atk_hp(s, find(s, "ob")) == (2, 2)


def test_vandy_in_two_headed_dragon_may_gift_a_teammates_unit():
    """ "Friendly" spans teammates (house rule R21)."""
    from game.rules import new_game

    s = new_game(
        {
            "mode": "2hg",
            "seed": 3,
            "seats": [
                {"name": "A", "hero": "vandy_anadrose"},
                {"name": "B", "hero": "troq_bashar"},
                {"name": "C", "hero": "troq_bashar"},
                {"name": "D", "hero": "troq_bashar"},
            ],
            "scenario": {
                "turn": 3,
                "active": 0,
                "seats": [
                    {"gold": 1, "play": [vandy(4)]},
                    {"play": [{"card": "zombie", "id": "mate"}]},
                    {"play": [{"card": "older_brother", "id": "foe"}]},
                    {},
                ],
            },
        }
    )
    s = act(s, 0, {"type": "level_up", "hero": find(s, "vandy_anadrose"), "levels": 1})
    assert atk_hp(s, find(s, "mate")) == (4, 4) and atk_hp(s, find(s, "foe")) == (4, 4)
