"""Scenario tests for the black starting deck (game/codex/cards/black/deck.py):
each card played through real actions, the official rulings
(reference/codex-cards/rulings.json, "Black") named where they decide
something. Seat 0 plays Garth Torken, seat 1 Troq Bashar."""

from game.rules import view
from tests.rules.cards.black.common import TROQ, game, hero
from tests.rules.helpers import (
    assert_refused,
    atk_hp,
    attack,
    base_damage,
    cards_in,
    choose,
    find,
    gone,
    hand_ids,
    in_play,
    one,
    play_card,
    prompt_options,
    use_ability,
)

GARTH = hero("garth_torken")


# ---- Pestering Haunt ------------------------------------------------------------


def test_pestering_haunt_is_unstoppable_cant_patrol_and_keeps_1_atk():
    """Pestering Haunt: unstoppable (passes the patroller), can't patrol,
    never more than 1 ATK (a +1/+1 rune gives it HP only)."""
    s = game(
        {"play": [GARTH, {"card": "pestering_haunt", "id": "h", "plus": 2}]},
        {"play": [TROQ, {"card": "iron_man", "patrol": "squad_leader"}]},
    )
    h = find(s, "h")
    assert atk_hp(s, h) == (1, 3)
    assert_refused(s, 0, {"type": "patrol", "card": h, "slot": "elite"}, "cannot_patrol")
    s = attack(s, 0, h, "base:1")
    assert base_damage(s, 1) == 1


def test_pestering_haunt_cant_be_sacrificed_so_the_next_weakest_goes():
    """Pestering Haunt ruling: ignored when choosing what to sacrifice;
    Sacrifice the Weak takes the next weakest."""
    s = game(
        {
            "hand": ["sacrifice_the_weak"],
            "gold": 2,
            "play": [GARTH, {"card": "pestering_haunt", "id": "h"}, {"card": "zombie", "id": "z"}],
        },
        {"play": [TROQ, {"card": "iron_man", "id": "iron"}]},
    )
    s = play_card(s, 0, "sacrifice_the_weak")
    assert not gone(s, "h") and gone(s, "z") and gone(s, "iron")


# ---- Skeleton Javelineer -------------------------------------------------------------


def test_skeleton_javelineer_spends_its_javelin_rune_for_long_range():
    """Skeleton Javelineer: arrives with a javelin rune; removing it gives
    long-range this turn (the defender deals it no damage); once."""
    s = game(
        {"hand": ["skeleton_javelineer"], "gold": 1, "play": [GARTH]},
        {"play": [TROQ, {"card": "older_brother", "patrol": "elite", "id": "ob"}]},
    )
    s = play_card(s, 0, "skeleton_javelineer")
    jav = one(s, 0, "skeleton_javelineer")
    assert s["cards"][jav]["marks"]["runes"]["javelin"] == 1
    s["cards"][jav]["arrived"] = 0
    s = use_ability(s, 0, jav)
    assert s["cards"][jav]["marks"]["runes"]["javelin"] == 0
    assert_refused(s, 0, {"type": "ability", "card": jav, "ability": 0, "targets": []}, "bad_ability")
    s = attack(s, 0, jav, find(s, "ob"))
    assert s["cards"][jav]["damage"] == 0 and s["cards"][find(s, "ob")]["damage"] == 1


# ---- Poisonblade Rogue ----------------------------------------------------------------


def test_poisonblade_rogue_attacking_pierces_armor_and_deals_runes():
    """Poisonblade Rogue: attacking, armor piercing (the squad leader's armor
    absorbs nothing) and its damage as -1/-1 runes."""
    s = game(
        {"play": [GARTH, {"card": "poisonblade_rogue", "id": "r"}]},
        {"play": [TROQ, {"card": "iron_man", "patrol": "squad_leader", "id": "iron"}]},
    )
    s = attack(s, 0, find(s, "r"), find(s, "iron"))
    iron = find(s, "iron")
    assert s["cards"][iron]["minus"] == 2 and s["cards"][iron]["damage"] == 0


def test_poisonblade_rogue_rune_kill_counts_as_combat_death_for_jandra():
    """Jandra ruling: damage dealt as -1/-1 runes is combat damage; Jandra
    dying of it destroys her controller's non-Demon units (Thieving Imp, a
    Demon, stays)."""
    s = game(
        {"play": [GARTH, {"card": "poisonblade_rogue", "id": "r"}]},
        {
            "play": [
                TROQ,
                {"card": "jandra_the_negator", "patrol": "elite", "id": "j", "damage": 1},
                {"card": "zombie", "id": "z"},
                {"card": "thieving_imp", "id": "imp"},
            ]
        },
        heroes=("garth_torken", "garth_torken"),
    )
    s = attack(s, 0, find(s, "r"), find(s, "j"))
    assert gone(s, "j") and gone(s, "z") and not gone(s, "imp")


def test_poisonblade_rogue_at_home_deals_plain_damage():
    """Poisonblade Rogue: only while attacking; defending it deals damage."""
    s = game(
        {"play": [GARTH, {"card": "iron_man", "id": "iron"}]},
        {"play": [TROQ, {"card": "poisonblade_rogue", "patrol": "squad_leader", "id": "r"}]},
    )
    s = attack(s, 0, find(s, "iron"), find(s, "r"))
    iron = find(s, "iron")
    assert s["cards"][iron]["damage"] == 2 and s["cards"][iron]["minus"] == 0


# ---- Thieving Imp -----------------------------------------------------------------------


def test_thieving_imp_makes_an_opponent_discard_at_random():
    s = game({"hand": ["thieving_imp"], "gold": 3, "play": [GARTH]}, {"hand": ["iron_man", "spark"], "play": [TROQ]})
    s = play_card(s, 0, "thieving_imp")
    assert len(s["players"][1]["hand"]) == 1 and len(s["players"][1]["discard"]) == 1
    texts = [e["text"] for e in view(s, 0)["log"]]
    assert any("discarded a card at random" in t for t in texts)


def test_thieving_imp_in_two_headed_dragon_asks_which_opponent():
    """ "An opponent" with two opponents: the imp's controller picks one."""
    from game.rules import new_game

    s = new_game(
        {
            "mode": "2hg",
            "seed": 3,
            "seats": [
                {"name": "A", "hero": "garth_torken"},
                {"name": "B", "hero": "troq_bashar"},
                {"name": "C", "hero": "troq_bashar"},
                {"name": "D", "hero": "troq_bashar"},
            ],
            "scenario": {
                "turn": 3,
                "active": 0,
                "seats": [
                    {"hand": ["thieving_imp"], "gold": 3},
                    {"hand": ["spark"]},
                    {"hand": ["spark"]},
                    {"hand": ["spark"]},
                ],
            },
        }
    )
    s = play_card(s, 0, "thieving_imp")
    options = prompt_options(s)
    assert len(options) == 2 and all(s["players"][o]["team"] != s["players"][0]["team"] for o in options)
    s = choose(s, 0, options[1])
    assert len(s["players"][options[1]]["hand"]) == 0 and len(s["players"][options[0]]["hand"]) == 1


# ---- Jandra ---------------------------------------------------------------------------------


def test_jandra_destroyed_by_a_spell_spares_the_others():
    """Jandra: only death from combat damage destroys the non-Demons."""
    s = game(
        {"hand": ["deteriorate"], "play": [GARTH]},
        {"play": [TROQ, {"card": "jandra_the_negator", "id": "j", "damage": 2}, {"card": "iron_man", "id": "iron"}]},
    )
    s = play_card(s, 0, "deteriorate", [find(s, "j")])
    assert gone(s, "j") and not gone(s, "iron")


# ---- Graveyard --------------------------------------------------------------------------------


def test_graveyard_buries_your_non_token_units_and_plays_them_back():
    """Graveyard: a dying non-token unit of yours is buried (not in the
    discard pile; a token just ceases); exhaust: play it, paying its cost;
    it arrives anew, its runes gone (Graveyard ruling)."""
    s = game(
        {
            "hand": ["sacrifice_the_weak"],
            "gold": 5,
            "buildings": {"tech_1": True},
            "play": [GARTH, {"card": "graveyard", "id": "g"}, {"card": "iron_man", "id": "iron", "plus": 1}],
        },
        {"play": [TROQ]},
    )
    s = play_card(s, 0, "sacrifice_the_weak")
    g = find(s, "g")
    buried = s["cards"][g]["marks"]["buried"]
    assert len(buried) == 1 and s["cards"][buried[0]]["zone"] == "buried"
    assert cards_in(s, 0, "discard") == ["sacrifice_the_weak"]
    shown = next(c for c in view(s, 1)["players"][0]["play"] if c["iid"] == g)
    assert [b["card"] for b in shown["buried"]] == ["iron_man"]
    s = use_ability(s, 0, g)
    iron = one(s, 0, "iron_man")
    assert s["cards"][iron]["plus"] == 0 and s["cards"][iron]["arrived"] == s["turn"]
    assert s["players"][0]["gold"] == 0 and s["cards"][g]["marks"]["buried"] == []


def test_graveyard_offers_the_boost_of_the_unit_it_plays():
    """Boost ruling: a unit played from a Graveyard may be boosted too
    (Hooded Executioner: 3 more gold, the weakest opposing unit dies)."""
    s = game(
        {"gold": 5, "buildings": {"tech_1": True}, "play": [GARTH, {"card": "graveyard", "id": "g"}]},
        {"play": [TROQ, {"card": "older_brother", "id": "ob"}]},
    )
    from game.codex.state import make_instance

    g = find(s, "g")
    s["cards"][g]["marks"]["buried"] = [make_instance(s, "hooded_executioner", 0, "buried")]
    s = use_ability(s, 0, g)
    assert prompt_options(s) == ["boost", "no boost"]
    assert s["cards"][g]["marks"]["buried"]  # still buried while the question is open
    s = choose(s, 0, "boost")
    assert in_play(s, 0, "hooded_executioner") and gone(s, "ob") and s["players"][0]["gold"] == 0
    assert s["cards"][g]["marks"]["buried"] == []


def test_a_buried_unit_keeps_nothing_of_its_time_in_play():
    """Graveyard: a buried unit left play, so it keeps no damage, runes or
    marks of play (a free-for-all lending mark, R26, included) while it
    lies there, as a card in the discard pile keeps none (state.move); the
    property games found a lent unit buried with its lending mark."""
    s = game(
        {
            "hand": ["sacrifice_the_weak"],
            "gold": 5,
            "buildings": {"tech_1": True},
            "play": [GARTH, {"card": "graveyard", "id": "g"}, {"card": "iron_man", "id": "iron", "plus": 1}],
        },
        {"play": [TROQ]},
    )
    s["cards"][find(s, "iron")]["marks"]["lent"] = {"by": 1, "to": 0}
    s = play_card(s, 0, "sacrifice_the_weak")
    buried = s["cards"][s["cards"][find(s, "g")]["marks"]["buried"][0]]
    assert buried["zone"] == "buried" and buried["marks"] == {} and buried["plus"] == 0 and buried["damage"] == 0


def test_graveyard_needs_the_tech_building_and_gold():
    s = game({"gold": 9, "play": [GARTH, {"card": "graveyard", "id": "g"}]}, {"play": [TROQ]})
    g = find(s, "g")
    from game.codex.state import make_instance

    b = make_instance(s, "gorgon", 0, "buried")
    s["cards"][g]["marks"]["buried"] = [b]
    assert_refused(s, 0, {"type": "ability", "card": g, "ability": 0, "targets": []}, "bad_ability")


def test_graveyard_is_sacrificed_at_four_buried_and_discards_them():
    s = game(
        {
            "hand": ["sacrifice_the_weak"],
            "gold": 2,
            "play": [GARTH, {"card": "graveyard", "id": "g"}, {"card": "tenderfoot"}],
        },
        {"play": [TROQ]},
    )
    g = find(s, "g")
    from game.codex.state import make_instance

    s["cards"][g]["marks"]["buried"] = [make_instance(s, "iron_man", 0, "buried") for _ in range(3)]
    s = play_card(s, 0, "sacrifice_the_weak")
    assert gone(s, "g")
    assert cards_in(s, 0, "discard") == [
        "graveyard",
        "iron_man",
        "iron_man",
        "iron_man",
        "sacrifice_the_weak",
        "tenderfoot",
    ]


# ---- Skeletal Archery, Deteriorate, Summon Skeletons -------------------------------------------------


def test_skeletal_archery_gives_skeletons_long_range_and_anti_air():
    from game.codex import stats

    s = game(
        {
            "play": [
                GARTH,
                {"card": "skeletal_archery"},
                {"card": "skeleton", "id": "sk"},
                {"card": "skeleton_javelineer", "id": "jav"},
                {"card": "zombie", "id": "z"},
            ]
        }
    )
    for tag in ("sk", "jav"):
        assert stats.kw(s, find(s, tag), "long_range") and stats.kw(s, find(s, tag), "anti_air")
    assert not stats.kw(s, find(s, "z"), "long_range")


def test_deteriorate_kills_an_x_1_unit_despite_armor():
    """Deteriorate ruling: -1/-1 on an X/1 unit kills it, armor or not."""
    s = game(
        {"hand": ["deteriorate"], "play": [GARTH]},
        {
            "play": [
                TROQ,
                {"card": "timely_messenger", "patrol": "squad_leader", "id": "t"},
                {"card": "iron_man", "id": "iron"},
            ]
        },
    )
    s = play_card(s, 0, "deteriorate", [find(s, "t")])
    assert gone(s, "t")
    s2 = game({"hand": ["deteriorate"], "play": [GARTH]}, {"play": [TROQ, {"card": "iron_man", "id": "iron"}]})
    s2 = play_card(s2, 0, "deteriorate", [find(s2, "iron")])
    assert atk_hp(s2, find(s2, "iron")) == (2, 3)


def test_summon_skeletons_makes_two_skeleton_tokens():
    s = game({"hand": ["summon_skeletons"], "gold": 3, "play": [GARTH]})
    s = play_card(s, 0, "summon_skeletons")
    assert len(in_play(s, 0, "skeleton")) == 2 and s["players"][0]["gold"] == 0


def test_a_black_minor_spell_without_a_black_hero_costs_1_more():
    s = game(
        {"hand": ["summon_skeletons"], "gold": 3, "play": [hero("troq_bashar")]}, heroes=("troq_bashar", "troq_bashar")
    )
    assert_refused(
        s, 0, {"type": "play", "card": hand_ids(s, 0, "summon_skeletons")[0], "targets": []}, "not_enough_gold"
    )


# ---- Sacrifice the Weak ------------------------------------------------------------------------------


def test_sacrifice_the_weak_lowest_tech_then_least_atk_and_the_caster_breaks_ties():
    """Sacrifice the Weak rulings: tech first (a tech 0 3/3 before a tech I
    1/1... here tech 0 units), then least ATK; a tie is the caster's."""
    s = game(
        {
            "hand": ["sacrifice_the_weak"],
            "gold": 2,
            "play": [GARTH, {"card": "iron_man", "id": "iron"}, {"card": "gorgon", "id": "gor"}],
        },
        {
            "play": [
                TROQ,
                {"card": "skeleton", "id": "a"},
                {"card": "skeleton", "id": "b"},
                {"card": "zombie", "id": "z"},
            ]
        },
    )
    s = play_card(s, 0, "sacrifice_the_weak")
    assert set(prompt_options(s)) == {find(s, "a"), find(s, "b")}
    s = choose(s, 0, find(s, "b"))
    assert gone(s, "iron") and not gone(s, "gor") and gone(s, "b") and not gone(s, "a") and not gone(s, "z")
