"""Scenario tests for Disease and Orpal Gloor
(game/codex/cards/black/disease.py), through real actions; the official
rulings (rulings.json "Black", "Heroes") are named where they decide.
Seat 0 plays Orpal Gloor, seat 1 Troq Bashar unless told."""

from game.codex import stats
from game.rules import new_game, view
from tests.rules.cards.black.common import ALL_TECH, ORPAL, TROQ, hero
from tests.rules.cards.black.common import game as black_game
from tests.rules.helpers import (
    assert_refused,
    atk_hp,
    attack,
    base_damage,
    cards_in,
    choose,
    end_turn,
    find,
    gone,
    in_play,
    legal_of,
    one,
    play_card,
    prompt_options,
    use_ability,
)


def orpal(level=1, **extra):
    return hero("orpal_gloor", level, **extra)


ORPAL_IN_PLAY = orpal()


def game(seat0=None, seat1=None, **kw):
    kw.setdefault("heroes", ORPAL)
    return black_game(seat0, seat1, **kw)


def minus(state, tag):
    return state["cards"][find(state, tag)]["minus"]


# ---- Sickness ---------------------------------------------------------------------------


def test_sickness_puts_a_rune_on_one_or_two_units_or_heroes():
    """Sickness ruling: two units, two heroes, or a unit and a hero; or
    just one."""
    s = game(
        {"hand": ["sickness", "sickness"], "gold": 4, "play": [ORPAL_IN_PLAY]},
        {"play": [TROQ, {"card": "iron_man", "id": "iron"}, {"card": "older_brother", "id": "ob"}]},
    )
    s = play_card(s, 0, "sickness", [find(s, "iron")])
    assert find(s, "iron") not in prompt_options(s) and find(s, "troq") in prompt_options(s)
    s = choose(s, 0, find(s, "troq"))
    assert minus(s, "iron") == 1 and minus(s, "troq") == 1
    s = play_card(s, 0, "sickness", [find(s, "ob")])
    s = choose(s, 0)
    assert minus(s, "ob") == 1 and minus(s, "iron") == 1


# ---- Spreading Plague --------------------------------------------------------------------------


def test_spreading_plague_destroys_tech_0_to_ii_units_and_heroes_with_minus_runes():
    s = game(
        {"hand": ["spreading_plague"], "gold": 4, "play": [ORPAL_IN_PLAY, {"card": "zombie", "id": "z"}]},
        {
            "play": [
                hero("troq_bashar", 3, minus=1, id="troq"),
                {"card": "iron_man", "id": "iron", "minus": 1},
                {"card": "lord_of_shadows", "id": "los", "minus": 1},
                {"card": "older_brother", "id": "ob"},
            ]
        },
    )
    s = play_card(s, 0, "spreading_plague")
    assert gone(s, "iron") and not gone(s, "los") and not gone(s, "ob") and not gone(s, "z")
    assert not in_play(s, 1, "troq_bashar")


# ---- Carrion Curse ---------------------------------------------------------------------------------


def test_carrion_curse_sees_the_hand_and_discards_up_to_two_non_units():
    s = game(
        {"hand": ["carrion_curse"], "gold": 3, "play": [ORPAL_IN_PLAY]},
        {"hand": ["spark", "spark", "iron_man", "wrecking_ball"], "play": [TROQ]},
    )
    s = play_card(s, 0, "carrion_curse")
    assert prompt_options(s) == ["spark", "wrecking_ball"]
    seen = [e["text"] for e in view(s, 0)["log"]]
    assert any("Iron Man" in t for t in seen)
    assert not any("Iron Man" in e["text"] for e in view(s, None)["log"])  # spectators never see a hand
    s = choose(s, 0, "spark")
    assert prompt_options(s) == ["spark", "wrecking_ball"]
    s = choose(s, 0, "spark")
    assert cards_in(s, 1, "hand") == ["iron_man", "wrecking_ball"] and cards_in(s, 1, "discard") == ["spark", "spark"]
    # The discards are named to the two players (the caster looked at that hand), not to spectators.
    for seat in (0, 1):
        assert [e["text"] for e in view(s, seat)["log"]][-2:] == ["P1 discarded Spark."] * 2
    assert [e["text"] for e in view(s, None)["log"]][-2:] == ["P1 discarded a card."] * 2


# ---- Death and Decay ---------------------------------------------------------------------------------


def test_death_and_decay_gives_minus_3_and_hits_every_building():
    """Death and Decay ruling: -3/-3 kills an X/3 even with armor."""
    s = game(
        {"hand": ["death_and_decay"], "gold": 8, "play": [orpal(6)]},
        {
            "buildings": {"tech_1": True},
            "play": [
                TROQ,
                {"card": "older_brother", "patrol": "squad_leader", "id": "ob"},
                {"card": "blackhand_dozer", "id": "bd"},
            ],
        },
    )
    s["cards"][find(s, "orpal_gloor")]["marks"]["max_turn"] = 1
    s = play_card(s, 0, "death_and_decay")
    assert gone(s, "ob") and atk_hp(s, find(s, "bd")) == (4, 3)
    assert base_damage(s, 1) == 3 and s["players"][1]["buildings"]["tech_1"]["damage"] == 3
    s = end_turn(s, 0)
    assert atk_hp(s, find(s, "bd")) == (7, 6)


# ---- Crypt Crawler ------------------------------------------------------------------------------------


def test_crypt_crawler_pays_1_to_ground_a_flier_this_turn():
    """Crypt Crawler ruling: anything with flying."""
    s = game(
        {"gold": 1, "play": [ORPAL_IN_PLAY, {"card": "crypt_crawler", "id": "cc"}]},
        {"play": [TROQ, {"card": "cursed_crow", "id": "crow"}, {"card": "older_brother", "id": "ob"}]},
    )
    cc = find(s, "cc")
    assert {a["targets"][0] for a in legal_of(s, 0, "ability", card=cc)} == {find(s, "crow")}
    s = use_ability(s, 0, cc, targets=[find(s, "crow")])
    assert not stats.kw(s, find(s, "crow"), "flying") and stats.kw(s, cc, "sparkshot")
    s = end_turn(s, 0)
    assert stats.kw(s, find(s, "crow"), "flying")


# ---- Plague Spitter, Gorgon ------------------------------------------------------------------------


def test_plague_spitter_deals_runes_and_kills_by_combat():
    """Plague Spitter ruling: rune damage is combat damage."""
    s = game(
        {"play": [ORPAL_IN_PLAY, {"card": "plague_spitter", "id": "ps"}]},
        {"play": [TROQ, {"card": "iron_man", "patrol": "elite", "id": "iron"}]},
    )
    s = attack(s, 0, find(s, "ps"), find(s, "iron"))
    assert minus(s, "iron") == 3 and s["cards"][find(s, "iron")]["damage"] == 0
    assert gone(s, "ps")  # Iron Man (4 ATK at elite) struck back at once, simultaneous damage


def test_plague_spitter_has_anti_air_and_its_rune_kill_is_a_combat_death():
    s = game(
        {"play": [ORPAL_IN_PLAY, {"card": "plague_spitter", "id": "ps"}]},
        {"play": [TROQ, {"card": "jandra_the_negator", "patrol": "elite", "id": "j"}, {"card": "zombie", "id": "z"}]},
    )
    assert stats.kw(s, find(s, "ps"), "anti_air")
    s = attack(s, 0, find(s, "ps"), find(s, "j"))
    assert gone(s, "j") and gone(s, "z")


def test_gorgon_deathtouch_and_draws_when_it_dies():
    s = game(
        {
            "hand": ["sacrifice_the_weak"],
            "gold": 2,
            "deck": ["iron_man"],
            "play": [ORPAL_IN_PLAY, {"card": "gorgon", "id": "g"}],
        },
        {"play": [TROQ]},
    )
    assert stats.kw(s, find(s, "g"), "deathtouch")
    s = play_card(s, 0, "sacrifice_the_weak")
    assert gone(s, "g") and cards_in(s, 0, "hand") == ["iron_man"]


# ---- Cursed Ghoul ---------------------------------------------------------------------------------------


def test_cursed_ghoul_runes_a_unit_on_arrival_and_passes_rune_carriers():
    s = game(
        {"hand": ["cursed_ghoul"], "gold": 4, "buildings": ALL_TECH, "play": [ORPAL_IN_PLAY]},
        {"play": [TROQ, {"card": "iron_man", "patrol": "squad_leader", "id": "iron"}]},
    )
    s = play_card(s, 0, "cursed_ghoul")
    ghoul = one(s, 0, "cursed_ghoul")
    assert set(prompt_options(s)) == {find(s, "iron"), ghoul}  # any unit, itself too
    s = choose(s, 0, find(s, "iron"))
    assert minus(s, "iron") == 1
    s["cards"][ghoul]["arrived"] = 0
    targets = {a["target"] for a in legal_of(s, 0, "attack", attacker=ghoul)}
    assert "base:1" in targets


# ---- Cursed Crow ----------------------------------------------------------------------------------------


def test_cursed_crow_damaging_a_base_makes_its_player_discard_at_random():
    s = game(
        {"play": [ORPAL_IN_PLAY, {"card": "cursed_crow", "id": "crow"}]},
        {"hand": ["spark", "iron_man"], "play": [TROQ]},
    )
    s = attack(s, 0, find(s, "crow"), "base:1")
    assert base_damage(s, 1) == 3 and len(s["players"][1]["hand"]) == 1 and len(s["players"][1]["discard"]) == 1


def test_cursed_crow_in_two_headed_dragon_picks_one_defender():
    s = new_game(
        {
            "mode": "2hg",
            "seed": 3,
            "seats": [
                {"name": "A", "hero": "orpal_gloor"},
                {"name": "B", "hero": "troq_bashar"},
                {"name": "C", "hero": "troq_bashar"},
                {"name": "D", "hero": "troq_bashar"},
            ],
            "scenario": {
                "turn": 3,
                "active": 0,
                "seats": [
                    {"play": [{"card": "cursed_crow", "id": "crow"}]},
                    {"hand": ["spark"]},
                    {"hand": ["spark"]},
                    {"hand": ["spark"]},
                ],
            },
        }
    )
    foes = [p["seat"] for p in s["players"] if p["team"] != s["players"][0]["team"]]
    s = attack(s, 0, find(s, "crow"), f"base:{s['players'][foes[0]]['team']}")
    assert sorted(prompt_options(s)) == sorted(foes)
    s = choose(s, 0, foes[1])
    assert len(s["players"][foes[1]]["hand"]) == 0 and len(s["players"][foes[0]]["hand"]) == 1


# ---- Abomination -------------------------------------------------------------------------------------------


def test_abomination_gives_every_other_unit_minus_1():
    """Abomination ruling: own units too; two Abominations shrink each other."""
    s = game(
        {"play": [ORPAL_IN_PLAY, {"card": "abomination", "id": "a"}, {"card": "zombie", "id": "z"}]},
        {"play": [TROQ, {"card": "iron_man", "id": "iron"}, {"card": "abomination", "id": "b"}]},
    )
    assert gone(s, "z")  # 2/2 with -2/-2
    assert atk_hp(s, find(s, "iron")) == (1, 2)
    assert atk_hp(s, find(s, "a")) == (5, 5) and atk_hp(s, find(s, "troq")) == (2, 3)


# ---- Plague Lab -------------------------------------------------------------------------------------------


def test_plague_lab_runes_an_opponents_units_then_adds_runes_of_kinds_already_there():
    """Plague Lab rulings: one rune per card, of a kind it has (the owner
    picks which); any cards, none if you like."""
    s = game(
        {
            "hand": ["plague_lab"],
            "gold": 5,
            "buildings": ALL_TECH,
            "play": [ORPAL_IN_PLAY, {"card": "skeleton_javelineer", "id": "jav", "plus": 1, "runes": {"javelin": 1}}],
        },
        {"play": [TROQ, {"card": "iron_man", "id": "iron"}, {"card": "older_brother", "id": "ob"}]},
    )
    s = play_card(s, 0, "plague_lab")
    assert minus(s, "iron") == 1 and minus(s, "ob") == 1
    lab = one(s, 0, "plague_lab")
    s["cards"][lab]["arrived"] = 0
    s = use_ability(s, 0, lab)
    s = choose(s, 0, find(s, "jav"))
    assert sorted(prompt_options(s)) == ["javelin", "plus"]
    s = choose(s, 0, "javelin")
    assert s["cards"][find(s, "jav")]["marks"]["runes"]["javelin"] == 2
    s = choose(s, 0, find(s, "iron"))
    assert minus(s, "iron") == 2
    s = choose(s, 0)
    assert s["prompt"] is None and minus(s, "ob") == 1 and s["players"][0]["gold"] == 0


# ---- Plague Lord --------------------------------------------------------------------------------------------


def test_plague_lord_runes_on_arrival_and_attack_and_burns_bases_in_upkeep():
    """Plague Lord ruling: only in its controller's upkeep; its own base
    too."""
    s = game(
        {
            "hand": ["plague_lord"],
            "gold": 6,
            "buildings": ALL_TECH,
            "play": [ORPAL_IN_PLAY, {"card": "zombie", "id": "z", "minus": 1}],
        },
        {"play": [TROQ, {"card": "blackhand_dozer", "id": "bd"}]},
    )
    s = play_card(s, 0, "plague_lord")
    assert minus(s, "troq") == 1 and minus(s, "bd") == 1 and minus(s, "z") == 1
    assert stats.kw(s, one(s, 0, "plague_lord"), "resist") == 2
    s = end_turn(s, 0)
    assert base_damage(s, 1) == 0 and base_damage(s, 0) == 0
    s = end_turn(s, 1)
    assert base_damage(s, 1) == 2 and base_damage(s, 0) == 1
    s = attack(s, 0, one(s, 0, "plague_lord"), "base:1")
    assert minus(s, "bd") == 2


# ---- Orpal Gloor -----------------------------------------------------------------------------------------------


def test_orpal_deals_his_damage_as_runes():
    """Orpal Gloor ruling: runes, and still combat damage."""
    s = game({"play": [ORPAL_IN_PLAY]}, {"play": [TROQ, {"card": "older_brother", "patrol": "elite", "id": "ob"}]})
    s = attack(s, 0, find(s, "orpal_gloor"), find(s, "ob"))
    assert minus(s, "ob") == 1 and s["cards"][find(s, "ob")]["damage"] == 0


def test_orpal_mid_band_sacrifices_a_non_demon_for_a_rune_once_a_turn():
    s = game(
        {
            "play": [
                orpal(4),
                {"card": "zombie", "id": "z"},
                {"card": "thieving_imp", "id": "imp"},
                {"card": "skeleton", "id": "sk"},
            ]
        },
        {"play": [TROQ, {"card": "iron_man", "id": "iron"}]},
    )
    o = find(s, "orpal_gloor")
    fodder = {a["targets"][0] for a in legal_of(s, 0, "ability", card=o)}
    assert find(s, "imp") not in fodder and find(s, "z") in fodder
    s = use_ability(s, 0, o, 0, [find(s, "z"), find(s, "iron")])
    assert gone(s, "z") and minus(s, "iron") == 1
    assert_refused(
        s, 0, {"type": "ability", "card": o, "ability": 0, "targets": [find(s, "sk"), find(s, "iron")]}, "bad_ability"
    )


def test_orpal_below_mid_has_no_ability():
    s = game({"play": [orpal(3), {"card": "zombie"}]}, {"play": [TROQ, {"card": "iron_man"}]})
    assert not legal_of(s, 0, "ability", card=find(s, "orpal_gloor"))


def test_orpal_max_band_spreads_two_runes_the_first_time_a_rune_carrier_dies_each_turn():
    s = game(
        {"hand": ["deteriorate", "deteriorate"], "play": [orpal(6)]},
        {
            "play": [
                TROQ,
                {"card": "timely_messenger", "id": "tm", "minus": 0},
                {"card": "older_brother", "id": "ob", "minus": 1},
                {"card": "iron_man", "id": "iron"},
                {"card": "zombie", "id": "z"},
            ]
        },
    )
    s = play_card(s, 0, "deteriorate", [find(s, "ob")])  # 2/2 with a rune: 1/1, then -1/-1: dies
    assert gone(s, "ob")
    assert set(prompt_options(s)) == {find(s, "tm"), find(s, "iron"), find(s, "z")}
    s = choose(s, 0, find(s, "iron"))
    s = choose(s, 0, find(s, "tm"))  # the messenger (1/1) dies of it: no second time this turn
    assert minus(s, "iron") == 1 and gone(s, "tm") and s["prompt"] is None
