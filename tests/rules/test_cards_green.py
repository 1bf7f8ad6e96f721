"""Scenario tests for the green cards: the green starting deck, the Balance,
Feral and Growth codex cards, the green tokens, and the heroes Master
Midori, Calamandra Moss and Argagarg Garg (every band). Each card is played
through real actions and its outcome checked; the official rulings
(reference/codex-cards/rulings.json, "Green" and "Heroes") are named where
they decide something, and docs/RULINGS.md ("Green cards") records the
decisions.

Seat 0 plays the green hero the test needs, seat 1 Troq Bashar.
"""
import pytest

from game.rules import new_game, stats, view
from tests.rules.helpers import (cards_in, one, act, assert_refused, atk_hp, attack, base_damage, choose,
                                 end_turn, find, hand_ids, in_play, legal_of, play_card,
                                 prompt_options, scenario_game, use_ability)

MIDORI = ("master_midori", "troq_bashar")
CALAMANDRA = ("calamandra_moss", "troq_bashar")
GARG = ("argagarg_garg", "troq_bashar")
ALL_TECH = {"tech_1": True, "tech_2": True, "tech_3": True}
TROQ = {"card": "troq_bashar", "id": "troq"}


def midori(level=1, **extra):
    return dict({"card": "master_midori", "level": level, "id": "midori"}, **extra)


def calamandra(level=1, **extra):
    return dict({"card": "calamandra_moss", "level": level, "id": "cala"}, **extra)


def garg(level=1, **extra):
    return dict({"card": "argagarg_garg", "level": level, "id": "garg"}, **extra)


def game(seat0=None, seat1=None, heroes=MIDORI, **kw):
    """A scenario with the green player in seat 0 (active unless told)."""
    return scenario_game([seat0 or {}, seat1 or {}], heroes=heroes, **kw)


def kw(state, iid, keyword):
    return stats.kw(state, iid, keyword)


def gold(state, seat=0):
    return state["players"][seat]["gold"]


def workers(state, seat):
    p = state["players"][seat]
    return p["base_workers"] + len(p["workers"])


def pass_turns(state, count=2):
    """End ``count`` main phases in a row (seat 0 first), teching as
    needed; returns the state."""
    for _ in range(count):
        state = end_turn(state, state["active"])
    return state


# ---- green starting deck --------------------------------------------------------

def test_merfolk_prospector_exhausts_for_1_gold():
    """Merfolk Prospector: exhaust: gain 1 gold; not the turn it arrives
    (house rule R5), and only once while exhausted."""
    s = game({"gold": 1, "hand": ["merfolk_prospector"],
              "play": [{"card": "merfolk_prospector", "id": "mp"}]})
    mp = find(s, "mp")
    s = use_ability(s, 0, mp)
    assert gold(s) == 2 and s["cards"][mp]["exhausted"]
    assert_refused(s, 0, {"type": "ability", "card": mp, "ability": 0, "targets": []}, "exhausted")
    s = play_card(s, 0, "merfolk_prospector")
    new = [i for i in in_play(s, 0, "merfolk_prospector") if i != mp][0]
    assert_refused(s, 0, {"type": "ability", "card": new, "ability": 0, "targets": []},
                   "arrival_fatigue")


def test_tiger_cub_is_a_plain_2_2_tech_0_unit():
    """Tiger Cub: a 2/2 tech 0 unit for 2 gold, no ability."""
    s = game({"gold": 2, "hand": ["tiger_cub"], "play": [midori()]})
    s = play_card(s, 0, "tiger_cub")
    cub = one(s, 0, "tiger_cub")
    assert atk_hp(s, cub) == (2, 2) and stats.tech_level(s, cub) == 0
    assert gold(s) == 0 and stats.compute(s, cub)["kw"] == {}


def test_young_treant_draws_on_arrival_and_cannot_attack():
    """Young Treant: arrives: draw a card; it can't attack."""
    s = game({"gold": 2, "hand": ["young_treant"], "deck": ["tiger_cub"], "play": [midori()]})
    s = play_card(s, 0, "young_treant")
    assert cards_in(s, 0, "hand") == ["tiger_cub"]
    treant = one(s, 0, "young_treant")
    s["cards"][treant]["arrived"] = 0  # as if from an earlier turn
    assert legal_of(s, 0, "attack", attacker=treant) == []
    assert_refused(s, 0, {"type": "attack", "attacker": treant, "target": "base:1"},
                   "cannot_attack")


@pytest.mark.parametrize("panda, tech", [("playful_panda", {}), ("giant_panda", {"tech_1": True})])
def test_pandas_arrive_exhausted_with_a_wisp(panda, tech):
    """Playful Panda (tech 0, 2/2) and Giant Panda (tech I, 2/4): arrive
    exhausted and bring a 0/1 Wisp token, which arrives this turn."""
    s = game({"gold": 3, "hand": [panda], "buildings": tech, "play": [midori()]})
    s = play_card(s, 0, panda)
    card = one(s, 0, panda)
    wisp = one(s, 0, "wisp")
    assert s["cards"][card]["exhausted"]
    assert atk_hp(s, card) == ((2, 2) if panda == "playful_panda" else (2, 4))
    assert atk_hp(s, wisp) == (0, 1) and s["cards"][wisp]["arrived"] == s["turn"]
    assert not s["cards"][wisp]["exhausted"]
    assert_refused(s, 0, {"type": "patrol", "card": card, "slot": "squad_leader"}, "exhausted")


def test_ironbark_treant_is_3_2_on_its_turn_and_1_2_with_armor_while_patrolling():
    """Ironbark Treant ruling: a 3/2 on your turn; -2 ATK/+2 armor only on
    opponents' turns while it stands in the patrol zone (with the squad
    leader's armor 1, house rule R6, 3 armor in all)."""
    s = game({"play": [midori(), {"card": "ironbark_treant", "id": "it", "patrol": "elite"}]},
             {"hand": ["spark"], "gold": 1, "play": [TROQ]})
    it = find(s, "it")
    assert atk_hp(s, it) == (3, 2) and kw(s, it, "armor") == 0
    s = end_turn(s, 0)
    assert atk_hp(s, it) == (2, 2)  # -2 ATK, +1 as elite
    assert kw(s, it, "armor") == 2
    s = play_card(s, 1, "spark", [it])
    assert s["cards"][it]["damage"] == 0  # the armor absorbed it


def test_ironbark_treant_loses_the_adjustment_when_sidelined():
    """Ironbark Treant ruling: removed from the patrol zone on an opponent's
    turn, it is a 3/2 without armor again."""
    s = game({"play": [midori(), {"card": "ironbark_treant", "id": "it", "patrol": "lookout"}]},
             {"hand": ["appel_stomp"], "deck": ["tenderfoot"], "gold": 2,
              "play": [{"card": "river_montoya", "level": 5}]},
             heroes=("master_midori", "river_montoya"), active=1)
    it = find(s, "it")
    assert atk_hp(s, it) == (1, 2) and kw(s, it, "armor") == 2
    s = play_card(s, 1, "appel_stomp", [it])
    s = choose(s, 1, "discard")
    assert atk_hp(s, it) == (3, 2) and kw(s, it, "armor") == 0


def test_ironbark_treant_armor_comes_back_each_opponent_turn():
    """Ironbark Treant ruling (armor left or used, it has 2 again on the
    next opponent's turn): armor absorbs once a turn and refreshes (R6)."""
    s = game({"play": [midori(), {"card": "ironbark_treant", "id": "it", "patrol": "scavenger"}]},
             {"hand": ["spark", "spark"], "gold": 2, "play": [TROQ]}, active=1)
    it = find(s, "it")
    s = play_card(s, 1, "spark", [it])
    s = play_card(s, 1, "spark", [it])
    assert s["cards"][it]["damage"] == 0 and s["cards"][it]["armor_used"] == 2
    s = pass_turns(s, 1)
    assert s["cards"][it]["armor_used"] == 0


def test_spore_shambler_arrives_with_two_runes_and_moves_them():
    """Spore Shambler: arrives with two +1/+1 runes (a 2/3); pay 1, or
    exhaust, and remove one of its runes: a +1/+1 rune on another unit."""
    s = game({"gold": 4, "hand": ["spore_shambler"],
              "play": [midori(), {"card": "tiger_cub", "id": "cub"}]},
             {"play": [TROQ, {"card": "older_brother", "id": "ob"}]})
    s = play_card(s, 0, "spore_shambler")
    sh = one(s, 0, "spore_shambler")
    assert atk_hp(s, sh) == (2, 3)
    targets = {a["targets"][0] for a in legal_of(s, 0, "ability", card=sh, ability=0)}
    assert targets == {find(s, "cub"), find(s, "ob")}  # any other unit, not heroes
    s = use_ability(s, 0, sh, 0, [find(s, "cub")])
    assert gold(s) == 0 and atk_hp(s, sh) == (1, 2) and s["cards"][find(s, "cub")]["plus"] == 1
    assert_refused(s, 0, {"type": "ability", "card": sh, "ability": 1, "targets": [find(s, "ob")]},
                   "arrival_fatigue")
    s["cards"][sh]["arrived"] = 0
    s = use_ability(s, 0, sh, 1, [find(s, "ob")])
    assert s["cards"][find(s, "ob")]["plus"] == 1 and s["cards"][sh]["plus"] == 0
    s["cards"][sh]["exhausted"] = False
    s["players"][0]["gold"] = 1
    assert_refused(s, 0, {"type": "ability", "card": sh, "ability": 0, "targets": [find(s, "cub")]},
                   "bad_ability")


def test_spore_shambler_rune_comes_off_itself_and_can_kill_it():
    """Spore Shambler rulings: the rune paid comes off Spore Shambler, never
    another unit, and with damage on it that can kill it (2 damage on a
    0/1 with two runes dies when one goes)."""
    s = game({"gold": 1, "play": [midori(), {"card": "spore_shambler", "plus": 2, "damage": 2,
                                             "id": "sh"},
                                  {"card": "tiger_cub", "plus": 1, "id": "cub"}]})
    s = use_ability(s, 0, find(s, "sh"), 0, [find(s, "cub")])
    assert in_play(s, 0, "spore_shambler") == []
    assert cards_in(s, 0, "discard") == ["spore_shambler"]
    assert s["cards"][find(s, "cub")]["plus"] == 2


def test_verdant_tree_is_a_building_card_with_healing_1():
    """Verdant Tree: a tech 0 building card with 3 HP and healing 1: in your
    upkeep your units and heroes heal 1."""
    s = game({"gold": 2, "hand": ["verdant_tree"],
              "play": [midori(damage=2), {"card": "tiger_cub", "damage": 1, "id": "cub"}]})
    s = play_card(s, 0, "verdant_tree")
    tree = one(s, 0, "verdant_tree")
    assert stats.hp(s, tree) == 3 and kw(s, tree, "healing") == 1
    s = pass_turns(s, 2)
    assert s["cards"][find(s, "midori")]["damage"] == 1
    assert s["cards"][find(s, "cub")]["damage"] == 0


def test_verdant_tree_builds_tech_1_2_3_in_one_turn():
    """Verdant Tree rulings: not the turn it arrives (no haste); then
    exhaust: each tech building works as soon as it is built, so Tech I,
    II and III can be built one after the other in the same turn."""
    s = game({"gold": 10, "workers": 10,
              "play": [midori(), {"card": "verdant_tree", "id": "vt", "fresh": True}]})
    tree = find(s, "vt")
    assert_refused(s, 0, {"type": "ability", "card": tree, "ability": 0, "targets": []},
                   "arrival_fatigue")
    s["cards"][tree]["arrived"] = 0
    s = use_ability(s, 0, tree)
    for slot in ("tech_1", "tech_2", "tech_3"):
        s = act(s, 0, {"type": "build", "building": slot})
        assert s["players"][0]["buildings"][slot]["done"]
    assert gold(s) == 0
    s = pass_turns(s, 2)
    s = act(s, 0, {"type": "build", "building": "tower"})
    assert not s["players"][0]["buildings"]["addon"]["done"]  # add-ons are not tech buildings


def test_verdant_tree_finishes_a_tech_building_already_started():
    """Verdant Tree: "your tech buildings build instantly this turn" also
    finishes one begun earlier this turn."""
    s = game({"gold": 1, "workers": 6, "play": [midori(), {"card": "verdant_tree", "id": "vt"}]})
    s = act(s, 0, {"type": "build", "building": "tech_1"})
    assert not s["players"][0]["buildings"]["tech_1"]["done"]
    s = use_ability(s, 0, find(s, "vt"))
    assert s["players"][0]["buildings"]["tech_1"]["done"]


def test_verdant_tree_can_be_attacked_and_damaged_like_a_building():
    """A building card in play is attacked and hit like a building: it dies
    at its HP; unlike a tech building its loss does not damage the base
    (docs/RULINGS.md, "Green cards")."""
    s = game({"play": [midori(), {"card": "verdant_tree", "id": "vt"}]},
             {"hand": ["wrecking_ball"], "play": [TROQ, {"card": "older_brother", "id": "ob"}]},
             active=1)
    tree = find(s, "vt")
    assert tree in {a["target"] for a in legal_of(s, 1, "attack", attacker=find(s, "ob"))}
    s = play_card(s, 1, "wrecking_ball", [tree])
    assert s["cards"][tree]["damage"] == 2
    s = attack(s, 1, find(s, "ob"), tree)
    assert in_play(s, 0, "verdant_tree") == [] and cards_in(s, 0, "discard") == ["verdant_tree"]
    assert base_damage(s, 0) == 0


def test_rich_earth_makes_hiring_free_but_still_once_a_turn_with_a_card():
    """Rich Earth rulings: hiring costs no gold, but it still takes a card
    from hand and is still once a turn."""
    s = game({"gold": 0, "hand": ["tiger_cub", "young_treant"],
              "play": [midori(), {"card": "rich_earth"}]})
    before = workers(s, 0)
    cub = hand_ids(s, 0, "tiger_cub")[0]
    s = act(s, 0, {"type": "hire", "card": cub})
    assert workers(s, 0) == before + 1 and gold(s) == 0
    assert_refused(s, 0, {"type": "hire", "card": hand_ids(s, 0, "young_treant")[0]},
                   "already_hired")


def test_rich_earth_is_an_upgrade_played_from_hand():
    """Rich Earth: a tech 0 upgrade for 3 gold; it stays in play."""
    s = game({"gold": 4, "hand": ["rich_earth", "tiger_cub"], "play": [midori()]})
    s = play_card(s, 0, "rich_earth")
    assert gold(s) == 1 and len(in_play(s, 0, "rich_earth")) == 1
    s = act(s, 0, {"type": "hire", "card": hand_ids(s, 0, "tiger_cub")[0]})
    assert gold(s) == 1


def test_rampant_growth_gives_2_atk_and_2_armor_this_turn():
    """Rampant Growth: +2 ATK/+2 armor this turn; the armor absorbs damage;
    any armor left disappears at the end of the turn (Rampant Growth
    ruling)."""
    s = game({"gold": 2, "hand": ["rampant_growth"],
              "play": [midori(), {"card": "tiger_cub", "id": "cub"}]},
             {"play": [TROQ, {"card": "iron_man", "id": "iron"}]})
    cub = find(s, "cub")
    s = play_card(s, 0, "rampant_growth", [cub])
    assert atk_hp(s, cub) == (4, 2) and kw(s, cub, "armor") == 2
    s = attack(s, 0, cub, find(s, "iron"))  # Iron Man strikes back for 3
    assert s["cards"][cub]["damage"] == 1  # 2 of the 3 absorbed
    assert in_play(s, 1, "iron_man") == []  # 4 damage on a 3/4
    s = end_turn(s, 0)
    assert atk_hp(s, cub) == (2, 2) and kw(s, cub, "armor") == 0


def test_forests_favor_puts_a_rune_on_a_friendly_unit_without_one():
    """Forest's Favor: a +1/+1 rune on a friendly unit or hero without one;
    an opponent's unit or one with a rune can't be chosen."""
    s = game({"gold": 2, "hand": ["forest_s_favor"],
              "play": [midori(), {"card": "tiger_cub", "id": "cub"},
                       {"card": "tiger_cub", "plus": 1, "id": "runed"}]},
             {"play": [TROQ, {"card": "older_brother", "id": "ob"}]})
    card = hand_ids(s, 0, "forest_s_favor")[0]
    assert {a["targets"][0] for a in legal_of(s, 0, "play", card=card)} == \
        {find(s, "midori"), find(s, "cub")}
    s = play_card(s, 0, "forest_s_favor", [find(s, "cub")])
    assert atk_hp(s, find(s, "cub")) == (3, 3)


# ---- tokens ------------------------------------------------------------------

@pytest.mark.parametrize("token, stats_, keywords", [
    ("wisp", (0, 1), {}), ("frog", (1, 1), {}), ("squirrel", (1, 1), {}),
    ("beast", (4, 4), {}), ("hunter", (3, 3), {"anti_air": 1}),
    ("water_elemental", (3, 3), {"anti_air": 1})])
def test_green_tokens_are_tech_0_units_that_vanish_when_they_leave(token, stats_, keywords):
    """The green tokens (and Argagarg's blue Water Elemental): tech 0 units
    with their printed stats; a token that leaves play ceases to exist."""
    s = game({"play": [{"card": token, "id": "t"}]}, {"hand": ["the_boot"], "gold": 3, "play": [TROQ]},
             active=1)
    t = find(s, "t")
    assert atk_hp(s, t) == stats_ and stats.compute(s, t)["kw"] == keywords
    assert stats.tech_level(s, t) == 0
    s = play_card(s, 1, "the_boot", [t])
    assert t not in s["cards"] and s["players"][0]["discard"] == []


# ---- Balance -------------------------------------------------------------------

def test_moments_peace_stops_opposing_units_attacking_you_until_your_next_turn():
    """Moment's Peace rulings: until your next turn opposing units can't
    attack anything you control, nor your base; heroes still can. Your
    units leave the patrol zone and can't patrol, your heroes can. It ends
    when your next turn begins."""
    s = game({"gold": 2, "hand": ["moment_s_peace"],
              "play": [midori(), {"card": "tiger_cub", "id": "cub", "patrol": "squad_leader"},
                       {"card": "verdant_tree", "id": "vt"}]},
             {"play": [TROQ, {"card": "older_brother", "id": "ob"}]})
    cub, hero = find(s, "cub"), find(s, "midori")
    s = play_card(s, 0, "moment_s_peace")
    assert s["players"][0]["patrol"]["squad_leader"] is None
    assert_refused(s, 0, {"type": "patrol", "card": cub, "slot": "elite"}, "cannot_patrol")
    s = act(s, 0, {"type": "patrol", "card": hero, "slot": "squad_leader"})
    s = end_turn(s, 0)
    assert legal_of(s, 1, "attack", attacker=find(s, "ob")) == []
    assert_refused(s, 1, {"type": "attack", "attacker": find(s, "ob"), "target": "base:0"},
                   "bad_target")
    assert {a["target"] for a in legal_of(s, 1, "attack", attacker=find(s, "troq"))} == {hero}
    s = end_turn(s, 1)
    assert s["lasting"] == []
    s = act(s, 0, {"type": "patrol", "card": cub, "slot": "elite"})
    assert s["players"][0]["patrol"]["elite"] == cub


def test_moments_peace_in_two_headed_dragon_protects_you_and_the_team_base_only():
    """Moment's Peace ruling (2v2): the other team's units can't attack what
    you control or your team's base, but may attack your teammate's
    things."""
    config = {"mode": "2hg", "seed": 1,
              "seats": [{"name": n, "hero": h} for n, h in
                        zip("ABCD", ("master_midori", "troq_bashar", "troq_bashar", "river_montoya"))],
              "scenario": {"turn": 3, "active": 0, "seats": [
                  {"gold": 2, "hand": ["moment_s_peace"], "play": [midori(), {"card": "tiger_cub", "id": "cub"}]},
                  {"play": [{"card": "older_brother", "id": "mate"}]},
                  {"play": [{"card": "older_brother", "id": "foe"}]}, {}]}}
    s = new_game(config)
    s = play_card(s, 0, "moment_s_peace")
    s = act(s, 0, {"type": "end_main"})
    s = act(s, 1, {"type": "end_main"})
    for seat in (0, 1):
        if s["players"][seat]["tech_owed"]:
            s = act(s, seat, {"type": "tech", "cards": list(s["players"][seat]["codex"])[:1] * 2})
    targets = {a["target"] for a in legal_of(s, 2, "attack", attacker=find(s, "foe"))}
    assert find(s, "mate") in targets
    assert "base:0" not in targets and find(s, "cub") not in targets and find(s, "midori") not in targets


def test_nature_reclaims_trashes_an_upgrade_or_building_card_then_itself():
    """Nature Reclaims: trash an upgrade, ongoing spell or building card
    (never a base, tech building or add-on: Nature Reclaims ruling), then
    trash itself; trashed cards leave the game."""
    s = game({"gold": 2, "hand": ["nature_reclaims"], "buildings": {"tech_1": True},
              "play": [midori(), {"card": "verdant_tree", "id": "vt"}]},
             {"buildings": {"tech_1": True, "addon": "tower"},
              "play": [TROQ, {"card": "rich_earth", "id": "re"}]})
    card = hand_ids(s, 0, "nature_reclaims")[0]
    assert {a["targets"][0] for a in legal_of(s, 0, "play", card=card)} == {find(s, "vt"), find(s, "re")}
    s = play_card(s, 0, "nature_reclaims", [find(s, "re")])
    assert in_play(s, 1, "rich_earth") == [] and cards_in(s, 1, "trash") == ["rich_earth"]
    assert cards_in(s, 0, "trash") == ["nature_reclaims"] and s["players"][0]["discard"] == []


def test_nature_reclaims_trashes_an_ongoing_spell():
    """Nature Reclaims on an opponent's ongoing spell (Harmony)."""
    s = game({"gold": 2, "hand": ["nature_reclaims"], "play": [midori()]},
             {"play": [{"card": "river_montoya"}, {"card": "harmony", "id": "h"}]},
             heroes=("master_midori", "river_montoya"))
    s = play_card(s, 0, "nature_reclaims", [find(s, "h")])
    assert cards_in(s, 1, "trash") == ["harmony"]


def test_circle_of_life_trades_a_green_unit_for_one_a_tech_higher_from_the_codex():
    """Circle of Life: sacrifice a green unit (an Older Brother is not
    green); a green unit one tech higher costing 5 or less comes from the
    codex into play (Circle of Life ruling: tech 0 gives tech I)."""
    s = game({"gold": 3, "hand": ["circle_of_life"],
              "play": [midori(), {"card": "tiger_cub", "id": "cub"},
                       {"card": "older_brother", "id": "ob"}]})
    s = play_card(s, 0, "circle_of_life")
    assert in_play(s, 0, "tiger_cub") == [] and cards_in(s, 0, "discard") == ["tiger_cub"]
    assert prompt_options(s) == ["gemscout_owl", "tiny_basilisk"]
    s = choose(s, 0, "tiny_basilisk")
    assert cards_in(s, 0, "discard") == ["circle_of_life", "tiger_cub"]
    basilisk = one(s, 0, "tiny_basilisk")
    assert s["players"][0]["codex"]["tiny_basilisk"] == 1
    assert s["cards"][basilisk]["arrived"] == s["turn"]
    assert len(in_play(s, 0, "older_brother")) == 1


def test_circle_of_life_counts_printed_costs_so_never_gigadon():
    """Circle of Life ruling: "costs 5 or less" is the printed cost; cost
    reductions don't count, so Gigadon (9) never comes."""
    s = game({"gold": 3, "hand": ["circle_of_life"], "codex": {"gigadon": 2, "chameleon": 1},
              "play": [midori(), {"card": "gemscout_owl", "id": "owl"}]
              + [{"card": "tiger_cub"}] * 6})
    s = play_card(s, 0, "circle_of_life", [])
    s = choose(s, 0, find(s, "owl"))
    assert len(in_play(s, 0, "chameleon")) == 1 and in_play(s, 0, "gigadon") == []
    assert s["players"][0]["codex"] == {"gigadon": 2}


def test_circle_of_life_from_tech_2_finds_no_green_tech_3_for_5():
    """Circle of Life ruling: from a tech II unit there is no green tech III
    costing 5 or less, so nothing comes, but the sacrifice happens."""
    s = game({"gold": 3, "hand": ["circle_of_life"], "codex": {"tyrannosaurus_rex": 2},
              "play": [midori(), {"card": "chameleon", "id": "ch"}]})
    s = play_card(s, 0, "circle_of_life")
    assert in_play(s, 0, "chameleon") == [] and s["prompt"] is None
    assert s["players"][0]["codex"] == {"tyrannosaurus_rex": 2}


def test_final_showdown_attaches_to_midori_and_arms_the_opponent():
    """Final Showdown: Midori (max level since the start of the turn) gets
    +3/+3, readiness and resist 1 and draws a card when she attacks; the
    opponent gets two 3/3 anti-air Hunters, not patrolling (Final Showdown
    ruling)."""
    s = game({"gold": 3, "hand": ["final_showdown"], "deck": ["tiger_cub"],
              "play": [midori(8)]}, {"play": [TROQ]})
    hero = find(s, "midori")
    s = play_card(s, 0, "final_showdown", [hero])
    fs = one(s, 0, "final_showdown")
    assert s["cards"][fs]["marks"]["attached"] == hero
    assert atk_hp(s, hero) == (7, 8)
    assert kw(s, hero, "readiness") == 1 and kw(s, hero, "resist") == 1
    hunters = in_play(s, 1, "hunter")
    assert len(hunters) == 2 and all(v is None for v in s["players"][1]["patrol"].values())
    s = attack(s, 0, hero, "base:1")
    assert cards_in(s, 0, "hand") == ["tiger_cub"] and base_damage(s, 1) == 7
    assert not s["cards"][hero]["exhausted"]
    assert_refused(s, 0, {"type": "attack", "attacker": hero, "target": "base:1"}, "already_attacked")


def test_final_showdown_needs_midori_at_max_level_and_goes_when_she_dies():
    """Final Showdown is a Balance ultimate (house rule R7); when its hero
    leaves play it goes to the discard pile."""
    s = game({"gold": 3, "hand": ["final_showdown"], "play": [midori(7)]})
    card = hand_ids(s, 0, "final_showdown")[0]
    assert_refused(s, 0, {"type": "play", "card": card, "targets": [find(s, "midori")]},
                   "needs_max_hero")
    s = game({"gold": 3, "hand": ["final_showdown"], "play": [midori(8, damage=4)]},
             {"play": [TROQ, {"card": "eggship", "id": "egg"}]})
    hero = find(s, "midori")
    s = play_card(s, 0, "final_showdown", [hero])
    s = attack(s, 0, hero, find(s, "egg"))  # 4 + 4 damage on a 4/5 + 3/3 (she flies)
    assert in_play(s, 0, "master_midori") == [] and in_play(s, 0, "final_showdown") == []
    assert cards_in(s, 0, "discard") == ["final_showdown"]


def test_gemscout_owl_flies_resists_cannot_attack_and_pays_1_each_upkeep():
    """Gemscout Owl: flying (can't attack though), resist 1, upkeep: gain 1
    gold."""
    s = game({"gold": 0, "play": [midori(), {"card": "gemscout_owl", "id": "owl"}]})
    owl = find(s, "owl")
    assert kw(s, owl, "flying") == 1 and kw(s, owl, "resist") == 1
    assert_refused(s, 0, {"type": "attack", "attacker": owl, "target": "base:1"}, "cannot_attack")
    s = pass_turns(s, 2)
    assert gold(s) == workers(s, 0) + 1


def test_tiny_basilisk_cannot_be_attacked_by_tech_0_units():
    """Tiny Basilisk: tech 0 units can't attack it; tech I units and heroes
    can, and its deathtouch kills what it fights."""
    s = game({"play": [midori(), {"card": "tiny_basilisk", "id": "tb"}]},
             {"play": [TROQ, {"card": "older_brother", "id": "ob"}, {"card": "iron_man", "id": "iron"}]},
             active=1)
    tb = find(s, "tb")
    assert tb not in {a["target"] for a in legal_of(s, 1, "attack", attacker=find(s, "ob"))}
    assert tb in {a["target"] for a in legal_of(s, 1, "attack", attacker=find(s, "troq"))}
    s = attack(s, 1, find(s, "iron"), tb)
    assert in_play(s, 1, "iron_man") == [] and in_play(s, 0, "tiny_basilisk") == []


def test_tiny_basilisk_ignores_tech_0_patrollers():
    """Tiny Basilisk is unstoppable by tech 0 units: a tech 0 squad leader
    does not stop it; a tech I patroller does."""
    s = game({"play": [midori(), {"card": "tiny_basilisk", "id": "tb"}]},
             {"play": [TROQ, {"card": "older_brother", "id": "ob", "patrol": "squad_leader"},
                       {"card": "iron_man", "id": "iron"}]})
    tb = find(s, "tb")
    assert "base:1" in {a["target"] for a in legal_of(s, 0, "attack", attacker=tb)}
    s["players"][1]["patrol"]["elite"] = find(s, "iron")
    assert {a["target"] for a in legal_of(s, 0, "attack", attacker=tb)} == {find(s, "iron")}


def test_chameleon_sneaks_past_patrollers():
    """Chameleon: a 3/3 tech II with stealth: it ignores patrollers when the
    opponent has no detector."""
    s = game({"play": [midori(), {"card": "chameleon", "id": "ch"}]},
             {"play": [TROQ, {"card": "older_brother", "patrol": "squad_leader"}]})
    s = attack(s, 0, find(s, "ch"), "base:1")
    assert base_damage(s, 1) == 3


def test_fairie_dragon_feather_makes_a_unit_a_3_1_flier():
    """Fairie Dragon: flying; on arrival you may give a tech I or II unit,
    anyone's, a feather rune: it is a 3/1 at base with flying and keeps its
    abilities; runes still add (Fairie Dragon rulings)."""
    s = game({"gold": 4, "hand": ["fairie_dragon"], "buildings": ALL_TECH,
              "play": [midori(), {"card": "tiny_basilisk", "plus": 1, "id": "tb"},
                       {"card": "tiger_cub", "id": "cub"}]},
             {"play": [TROQ, {"card": "iron_man", "id": "iron"}]})
    s = play_card(s, 0, "fairie_dragon")
    fd = one(s, 0, "fairie_dragon")
    assert kw(s, fd, "flying") == 1
    assert set(prompt_options(s)) == {find(s, "tb"), find(s, "iron"), fd}
    s = choose(s, 0, find(s, "iron"))
    iron = find(s, "iron")
    assert atk_hp(s, iron) == (3, 1) and kw(s, iron, "flying") == 1
    assert s["cards"][iron]["marks"]["runes"] == {"feather": 1}
    s = game({"play": [midori(), {"card": "fairie_dragon"},
                       {"card": "tiny_basilisk", "plus": 1, "runes": {"feather": 1}, "id": "tb"}]})
    assert atk_hp(s, find(s, "tb")) == (4, 2) and kw(s, find(s, "tb"), "deathtouch") == 1


def test_fairie_dragon_feather_may_be_declined():
    """Fairie Dragon: "you may": choosing nothing gives no feather rune."""
    s = game({"gold": 4, "hand": ["fairie_dragon"], "buildings": ALL_TECH,
              "play": [midori(), {"card": "tiny_basilisk", "id": "tb"}]})
    s = play_card(s, 0, "fairie_dragon")
    s = choose(s, 0)
    assert "runes" not in s["cards"][find(s, "tb")]["marks"] and atk_hp(s, find(s, "tb")) == (1, 2)


def test_feather_runes_only_work_while_a_fairie_dragon_is_in_play():
    """Fairie Dragon ruling: when it leaves play feathered units are
    themselves again; any Fairie Dragon entering later revives the runes,
    even one from an earlier Dragon."""
    s = game({"gold": 4, "hand": ["fairie_dragon"], "buildings": ALL_TECH,
              "play": [midori(), {"card": "fairie_dragon", "id": "fd"},
                       {"card": "tiny_basilisk", "runes": {"feather": 1}, "id": "tb"}]},
             {"play": [TROQ, {"card": "eggship", "id": "egg"}]})
    tb = find(s, "tb")
    assert atk_hp(s, tb) == (3, 1) and kw(s, tb, "flying") == 1
    s = attack(s, 0, find(s, "fd"), find(s, "egg"))  # both die
    assert in_play(s, 0, "fairie_dragon") == []
    assert atk_hp(s, tb) == (1, 2) and kw(s, tb, "flying") == 0
    s = play_card(s, 0, "fairie_dragon")
    s = choose(s, 0)
    assert atk_hp(s, tb) == (3, 1) and kw(s, tb, "flying") == 1


def test_two_fairie_dragons_do_not_stack():
    """Fairie Dragon: a feathered unit is a 3/1 at base, however many
    Dragons are in play."""
    s = game({"play": [midori(), {"card": "fairie_dragon"}, {"card": "fairie_dragon"},
                       {"card": "tiny_basilisk", "runes": {"feather": 1}, "id": "tb"}]},
             {"play": [TROQ, {"card": "fairie_dragon"}]})
    assert atk_hp(s, find(s, "tb")) == (3, 1)


def test_dothram_horselord_joins_the_player_with_the_most_total_atk():
    """Dothram Horselord, upkeep: if one player has more total ATK than each
    other, it joins them; it counts in its controller's total (Dothram
    Horselord ruling)."""
    s = game({"play": [midori(), {"card": "oversized_rhinoceros"}]},
             {"play": [TROQ, {"card": "dothram_horselord", "id": "dh"}]})
    dh = find(s, "dh")
    s = end_turn(s, 0)  # seat 1's upkeep: 2 + 7 = 9 against 2 + 6 = 8
    assert s["cards"][dh]["controller"] == 0 and dh in s["players"][0]["play"]
    assert s["cards"][dh]["arrived"] == s["turn"]


def test_dothram_horselord_counts_himself_and_stays_on_a_tie_or_less():
    """Dothram Horselord ruling: with himself, 2 + 6 = 8 beats the other
    side's 2 + 2 + 3 = 7, so he stays."""
    s = game({"play": [midori(), {"card": "tiger_cub"}, {"card": "iron_man"}]},
             {"play": [TROQ, {"card": "dothram_horselord", "id": "dh"}]})
    s = end_turn(s, 0)
    assert s["cards"][find(s, "dh")]["controller"] == 1


def test_wandering_mimic_copies_keywords_of_anything_in_play():
    """Wandering Mimic: while a unit or hero in play, anyone's, has flying,
    overpower, haste, sparkshot, untargetable or stealth, so does it."""
    s = game({"play": [midori(), {"card": "wandering_mimic", "id": "wm"}]},
             {"play": [TROQ, {"card": "chameleon"}, {"card": "barkcoat_bear"},
                       {"card": "huntress"}]})
    assert stats.compute(s, find(s, "wm"))["kw"] == {"stealth": 1, "overpower": 1, "sparkshot": 1}
    s = game({"play": [midori(), {"card": "wandering_mimic", "id": "wm"}]})
    assert stats.compute(s, find(s, "wm"))["kw"] == {}


def test_two_wandering_mimics_lose_flying_together():
    """Wandering Mimic ruling: two Mimics flying because a third unit flies
    both lose flying when it dies."""
    s = game({"gold": 2, "hand": ["spark"],
              "play": [midori(), {"card": "wandering_mimic", "id": "a"},
                       {"card": "wandering_mimic", "id": "b"}]},
             {"play": [TROQ, {"card": "eggship", "damage": 2, "id": "egg", "patrol": "lookout"}]})
    a, b = find(s, "a"), find(s, "b")
    assert kw(s, a, "flying") == 1 and kw(s, b, "flying") == 1
    s = play_card(s, 0, "spark", [find(s, "egg")])
    assert in_play(s, 1, "eggship") == []
    assert kw(s, a, "flying") == 0 and kw(s, b, "flying") == 0


def test_potent_basilisk_may_destroy_an_upgrade_or_ongoing_spell():
    """Potent Basilisk: untargetable, deathtouch; on arrival you may destroy
    an upgrade or ongoing spell."""
    s = game({"gold": 4, "hand": ["potent_basilisk"], "buildings": ALL_TECH, "play": [midori()]},
             {"hand": ["spark"], "gold": 1, "play": [TROQ, {"card": "rich_earth", "id": "re"}]})
    s = play_card(s, 0, "potent_basilisk")
    pb = one(s, 0, "potent_basilisk")
    assert prompt_options(s) == [find(s, "re")] and s["prompt"]["optional"]
    s = choose(s, 0, find(s, "re"))
    assert in_play(s, 1, "rich_earth") == [] and cards_in(s, 1, "discard") == ["rich_earth"]
    assert kw(s, pb, "untargetable") == 1 and kw(s, pb, "deathtouch") == 1


def test_tyrannosaurus_rex_destroys_up_to_two_units_upgrades_or_workers():
    """Tyrannosaurus Rex rulings: up to two things in any mix; a destroyed
    worker is trashed, and nobody picks or sees which."""
    s = game({"gold": 10, "hand": ["tyrannosaurus_rex"], "buildings": ALL_TECH, "play": [midori()]},
             {"workers": 0, "worker_cards": ["tiger_cub"],
              "play": [TROQ, {"card": "barkcoat_bear", "id": "bear"}, {"card": "rich_earth", "id": "re"}]})
    s = play_card(s, 0, "tyrannosaurus_rex")
    rex = one(s, 0, "tyrannosaurus_rex")  # "up to two units": itself too
    assert set(prompt_options(s)) == {find(s, "bear"), find(s, "re"), rex, "workers:0", "workers:1"}
    s = choose(s, 0, find(s, "bear"))
    assert gold(s) == 0  # 8 for the Rex, 2 for the Bear's resist 2
    assert in_play(s, 1, "barkcoat_bear") == []
    s = choose(s, 0, "workers:1")
    assert workers(s, 1) == 0 and cards_in(s, 1, "trash") == ["tiger_cub"]
    assert not any("Tiger Cub" in e["text"] for e in s["log"] if "to" not in e and "trash" in e["text"])
    assert len(in_play(s, 1, "rich_earth")) == 1 and s["prompt"] is None


def test_tyrannosaurus_rex_may_take_two_workers_or_nothing():
    """Tyrannosaurus Rex: "up to two": two workers of one player, or none."""
    s = game({"gold": 8, "hand": ["tyrannosaurus_rex"], "buildings": ALL_TECH, "play": [midori()]},
             {"workers": 5, "play": [TROQ]})
    s = play_card(s, 0, "tyrannosaurus_rex")
    s = choose(s, 0, "workers:1")
    s = choose(s, 0, "workers:1")
    assert workers(s, 1) == 3
    s = game({"gold": 8, "hand": ["tyrannosaurus_rex"], "buildings": ALL_TECH, "play": [midori()]},
             {"workers": 5, "play": [TROQ]})
    s = play_card(s, 0, "tyrannosaurus_rex")
    s = choose(s, 0)
    assert workers(s, 1) == 5 and s["prompt"] is None


# ---- Feral ---------------------------------------------------------------------

def test_ferocity_lasts_until_your_next_upkeep_for_the_units_you_had():
    """Ferocity: your units get armor piercing and swift strike until your
    next upkeep (through the opponent's turn); a unit arriving later does
    not get them (docs/RULINGS.md, "your units" now in play)."""
    s = game({"gold": 4, "hand": ["ferocity", "tiger_cub"],
              "play": [calamandra(), {"card": "tiger_cub", "id": "cub"}]},
             {"play": [TROQ, {"card": "older_brother", "id": "ob"}]}, heroes=CALAMANDRA)
    cub = find(s, "cub")
    s = play_card(s, 0, "ferocity")
    s = play_card(s, 0, "tiger_cub")
    late = [i for i in in_play(s, 0, "tiger_cub") if i != cub][0]
    assert kw(s, cub, "swift_strike") == 1 and kw(s, cub, "armor_piercing") == 1
    assert kw(s, late, "swift_strike") == 0 and kw(s, find(s, "cala"), "swift_strike") == 0
    s = attack(s, 0, cub, find(s, "ob"))  # 2/2 against 2/2: swift strike wins
    assert in_play(s, 1, "older_brother") == [] and s["cards"][cub]["damage"] == 0
    s = end_turn(s, 0)
    assert kw(s, cub, "swift_strike") == 1
    s = end_turn(s, 1)
    assert kw(s, cub, "swift_strike") == 0 and kw(s, cub, "armor_piercing") == 0


def test_ferocity_armor_piercing_ignores_the_squad_leader_armor():
    """Ferocity: armor piercing: the squad leader's armor absorbs nothing."""
    s = game({"gold": 2, "hand": ["ferocity"],
              "play": [calamandra(), {"card": "tiger_cub", "id": "cub"}]},
             {"play": [TROQ, {"card": "iron_man", "id": "iron", "patrol": "squad_leader"}]},
             heroes=CALAMANDRA)
    s = play_card(s, 0, "ferocity")
    s = attack(s, 0, find(s, "cub"), find(s, "iron"))
    assert s["cards"][find(s, "iron")]["damage"] == 2


def test_behind_the_ferns_gives_stealth_to_your_units_with_3_atk_or_less():
    """Behind the Ferns: channeling; your units with 3 ATK or less have
    stealth (heroes and bigger units don't); it goes when Calamandra goes."""
    s = game({"gold": 2, "hand": ["behind_the_ferns"],
              "play": [calamandra(), {"card": "centaur", "id": "c3"},
                       {"card": "barkcoat_bear", "id": "c5"}]},
             {"play": [TROQ, {"card": "older_brother", "patrol": "squad_leader"}]},
             heroes=CALAMANDRA)
    s = play_card(s, 0, "behind_the_ferns")
    assert kw(s, find(s, "c3"), "stealth") == 1 and kw(s, find(s, "c5"), "stealth") == 0
    assert kw(s, find(s, "cala"), "stealth") == 0
    s = attack(s, 0, find(s, "c3"), "base:1")
    assert base_damage(s, 1) == 3
    s = game({"play": [calamandra(damage=2), {"card": "behind_the_ferns"}]},
             {"play": [TROQ, {"card": "iron_man", "id": "iron"}]}, heroes=CALAMANDRA)
    s = attack(s, 0, find(s, "cala"), find(s, "iron"))
    assert in_play(s, 0, "behind_the_ferns") == [] and cards_in(s, 0, "discard") == ["behind_the_ferns"]


@pytest.mark.parametrize("pick, made", [("beast", ["beast"]), ("frogs", ["frog"] * 4)])
def test_murkwood_allies_makes_a_beast_or_four_frogs(pick, made):
    """Murkwood Allies: a 4/4 Beast or four 1/1 Frogs."""
    s = game({"gold": 5, "hand": ["murkwood_allies"], "play": [calamandra()]}, heroes=CALAMANDRA)
    s = play_card(s, 0, "murkwood_allies")
    assert prompt_options(s) == ["beast", "frogs"]
    s = choose(s, 0, pick)
    assert sorted(s["cards"][i]["card"] for i in s["players"][0]["play"]
                  if s["cards"][i]["card"] != "calamandra_moss") == made


def test_murkwood_allies_boosted_makes_both():
    """Murkwood Allies, boost 4: both the Beast and the four Frogs."""
    s = game({"gold": 9, "hand": ["murkwood_allies"], "play": [calamandra()]}, heroes=CALAMANDRA)
    card = hand_ids(s, 0, "murkwood_allies")[0]
    s = act(s, 0, {"type": "play", "card": card, "targets": [], "boost": True})
    assert len(in_play(s, 0, "beast")) == 1 and len(in_play(s, 0, "frog")) == 4 and gold(s) == 0


def test_feral_strike_fetches_up_to_two_units_from_the_codex():
    """Feral Strike (an ultimate, house rule R7): take up to two units from
    your codex into your hand, shown to everyone."""
    s = game({"gold": 4, "hand": ["feral_strike"], "play": [calamandra(5)]}, heroes=CALAMANDRA)
    s = play_card(s, 0, "feral_strike")
    s = choose(s, 0, "fetch")
    assert "huntress" in prompt_options(s) and "ferocity" not in prompt_options(s)
    s = choose(s, 0, "huntress")
    s = choose(s, 0, "moss_ancient")
    assert cards_in(s, 0, "hand") == ["huntress", "moss_ancient"]
    assert s["players"][0]["codex"]["huntress"] == 1 and s["players"][0]["codex"]["moss_ancient"] == 1
    assert any("Moss Ancient" in e["text"] and "to" not in e for e in s["log"])


def test_feral_strike_puts_units_from_hand_into_play_with_a_tech_building_of_their_level():
    """Feral Strike ruling: tech 0 needs nothing, tech I a Tech I building,
    tech II a Tech II building of any spec: a Bashing tech II unit it can't
    make normally comes into play; without Tech III no tech III unit."""
    s = game({"gold": 8, "hand": ["feral_strike", "tiger_cub", "regular_sized_rhinoceros", "moss_ancient"],
              "buildings": {"tech_1": True, "tech_2": True}, "play": [calamandra(5)]},
             heroes=CALAMANDRA)
    rhino = hand_ids(s, 0, "regular_sized_rhinoceros")[0]
    assert_refused(s, 0, {"type": "play", "card": rhino, "targets": []}, "needs_tech")
    s = play_card(s, 0, "feral_strike")
    s = choose(s, 0, "put")
    assert sorted(s["cards"][i]["card"] for i in prompt_options(s)) == \
        ["regular_sized_rhinoceros", "tiger_cub"]
    s = choose(s, 0, rhino)
    s = choose(s, 0, hand_ids(s, 0, "tiger_cub")[0])
    assert len(in_play(s, 0, "regular_sized_rhinoceros")) == 1 and len(in_play(s, 0, "tiger_cub")) == 1
    assert gold(s) == 4 and cards_in(s, 0, "hand") == ["moss_ancient"]


def test_feral_strike_boosted_fetches_then_puts_into_play():
    """Feral Strike, boost 4: both, in order: a fetched unit may then come
    into play."""
    s = game({"gold": 8, "hand": ["feral_strike"], "buildings": ALL_TECH,
              "play": [calamandra(5)]}, heroes=CALAMANDRA)
    card = hand_ids(s, 0, "feral_strike")[0]
    s = act(s, 0, {"type": "play", "card": card, "targets": [], "boost": True})
    s = choose(s, 0, "moss_ancient")
    s = choose(s, 0)
    s = choose(s, 0, hand_ids(s, 0, "moss_ancient")[0])
    assert s["prompt"] is None
    assert len(in_play(s, 0, "moss_ancient")) == 1 and len(in_play(s, 0, "squirrel")) == 3


def test_huntress_has_sparkshot_and_anti_air():
    """Huntress: a 3/3 tech I with sparkshot (1 damage to a patroller next
    to the one it attacks) and anti-air (it can attack fliers)."""
    s = game({"play": [calamandra(), {"card": "huntress", "id": "h"}]},
             {"play": [TROQ, {"card": "older_brother", "id": "sl", "patrol": "squad_leader"},
                       {"card": "older_brother", "id": "el", "patrol": "elite"}]}, heroes=CALAMANDRA)
    s = attack(s, 0, find(s, "h"), find(s, "sl"))
    assert s["cards"][find(s, "el")]["damage"] == 1 and in_play(s, 1, "older_brother") == [find(s, "el")]
    s = game({"play": [calamandra(), {"card": "huntress", "id": "h"}]},
             {"play": [TROQ, {"card": "eggship", "id": "egg"}]}, heroes=CALAMANDRA)
    assert find(s, "egg") in {a["target"] for a in legal_of(s, 0, "attack", attacker=find(s, "h"))}


def test_centaur_overpower_spills_its_excess():
    """Centaur: a 3/4 tech I with overpower: 3 damage on a Wisp squad leader
    (1 HP + 1 armor) leaves 1 for something else it could attack."""
    s = game({"play": [calamandra(), {"card": "centaur", "id": "c"}]},
             {"play": [TROQ, {"card": "wisp", "id": "w", "patrol": "squad_leader"}]}, heroes=CALAMANDRA)
    s = attack(s, 0, find(s, "c"), find(s, "w"))
    assert "base:1" in prompt_options(s)
    s = choose(s, 0, "base:1")
    assert base_damage(s, 1) == 1 and in_play(s, 1, "wisp") == []


def test_barkcoat_bear_has_resist_2_and_overpower():
    """Barkcoat Bear: a 5/5 tech II with resist 2 (opponents pay 2 more to
    target it) and overpower."""
    s = game({"play": [calamandra(), {"card": "barkcoat_bear", "id": "b"}]},
             {"hand": ["intimidate"], "gold": 2, "play": [TROQ]}, heroes=CALAMANDRA, active=1)
    bear = find(s, "b")
    assert kw(s, bear, "resist") == 2 and kw(s, bear, "overpower") == 1
    card = hand_ids(s, 1, "intimidate")[0]
    assert_refused(s, 1, {"type": "play", "card": card, "targets": [bear]}, "not_enough_gold")


def test_stalking_tiger_is_invisible_while_you_have_a_feral_hero():
    """Stalking Tiger: invisible while you have a Feral hero: opponents
    can't target or attack it, and it sneaks past patrollers."""
    s = game({"play": [calamandra(), {"card": "stalking_tiger", "id": "st"}]},
             {"hand": ["intimidate"], "gold": 5, "play": [TROQ]}, heroes=CALAMANDRA, active=1)
    st = find(s, "st")
    assert kw(s, st, "invisible") == 1
    assert st not in {a["target"] for a in legal_of(s, 1, "attack", attacker=find(s, "troq"))}
    card = hand_ids(s, 1, "intimidate")[0]
    assert not [a for a in legal_of(s, 1, "play", card=card) if a["targets"] == [st]]
    s = game({"play": [calamandra(), {"card": "stalking_tiger", "id": "st"}]},
             {"play": [TROQ, {"card": "older_brother", "patrol": "squad_leader"}]}, heroes=CALAMANDRA)
    s = attack(s, 0, find(s, "st"), "base:1")
    assert base_damage(s, 1) == 4


def test_stalking_tiger_without_feral_hero_has_stealth_only_against_units():
    """Stalking Tiger without a Feral hero: not invisible; stealth while
    attacking a unit lets it pass the squad leader to a unit at home, not
    to the base or a hero; a Tower's unused detect stops it."""
    s = game({"play": [midori(), {"card": "stalking_tiger", "id": "st"}]},
             {"play": [TROQ, {"card": "older_brother", "id": "sl", "patrol": "squad_leader"},
                       {"card": "iron_man", "id": "home"}]})
    st = find(s, "st")
    assert kw(s, st, "invisible") == 0
    assert {a["target"] for a in legal_of(s, 0, "attack", attacker=st)} == {find(s, "sl"), find(s, "home")}
    s = attack(s, 0, st, find(s, "home"))
    assert in_play(s, 1, "iron_man") == []
    s = game({"play": [midori(), {"card": "stalking_tiger", "id": "st"}]},
             {"buildings": {"addon": "tower"},
              "play": [TROQ, {"card": "older_brother", "id": "sl", "patrol": "squad_leader"},
                       {"card": "iron_man", "id": "home"}]})
    assert {a["target"] for a in legal_of(s, 0, "attack", attacker=find(s, "st"))} == {find(s, "sl")}


def test_predator_tiger_ignores_tech_0_patrollers_and_trashes_a_worker_on_base_damage():
    """Predator Tiger: unstoppable by tech 0 units; whenever its combat
    damage hits a base, a worker of that base's player is trashed."""
    s = game({"play": [calamandra(), {"card": "predator_tiger", "id": "pt"}]},
             {"workers": 5, "play": [TROQ, {"card": "older_brother", "patrol": "squad_leader"}]},
             heroes=CALAMANDRA)
    s = attack(s, 0, find(s, "pt"), "base:1")
    assert base_damage(s, 1) == 4 and workers(s, 1) == 4
    s = game({"play": [calamandra(), {"card": "predator_tiger", "id": "pt"}]},
             {"play": [TROQ, {"card": "iron_man", "id": "iron", "patrol": "squad_leader"}]},
             heroes=CALAMANDRA)
    assert {a["target"] for a in legal_of(s, 0, "attack", attacker=find(s, "pt"))} == {find(s, "iron")}


def test_rampaging_elephant_attacks_twice_a_turn():
    """Rampaging Elephant: the first time it exhausts each turn it readies,
    so it attacks twice; the second attack leaves it exhausted."""
    s = game({"play": [calamandra(), {"card": "rampaging_elephant", "id": "re"}]}, heroes=CALAMANDRA)
    el = find(s, "re")
    s = attack(s, 0, el, "base:1")
    assert not s["cards"][el]["exhausted"]
    s = attack(s, 0, el, "base:1")
    assert s["cards"][el]["exhausted"] and base_damage(s, 1) == 12
    assert_refused(s, 0, {"type": "attack", "attacker": el, "target": "base:1"}, "exhausted")


def test_gigadon_costs_1_less_per_green_unit_you_control():
    """Gigadon: 9 gold, 1 less per green unit you control (an Older Brother
    is not green), never below 0 (Gigadon rulings)."""
    s = game({"gold": 6, "hand": ["gigadon"], "buildings": ALL_TECH,
              "play": [calamandra(), {"card": "tiger_cub"}, {"card": "frog"}, {"card": "wisp"},
                       {"card": "older_brother"}]}, heroes=CALAMANDRA)
    s = play_card(s, 0, "gigadon")
    assert gold(s) == 0 and len(in_play(s, 0, "gigadon")) == 1
    s = game({"gold": 0, "hand": ["gigadon"], "buildings": ALL_TECH,
              "play": [calamandra()] + [{"card": "frog"}] * 10}, heroes=CALAMANDRA)
    s = play_card(s, 0, "gigadon")
    assert gold(s) == 0 and len(in_play(s, 0, "gigadon")) == 1


def test_moss_ancient_brings_squirrels_with_haste_and_invisible():
    """Moss Ancient: untargetable; on arrival and each attack three 1/1
    Squirrels; your Squirrels have haste and invisible only while he is in
    play under your control (Moss Ancient ruling)."""
    s = game({"gold": 7, "hand": ["moss_ancient"], "buildings": ALL_TECH, "play": [calamandra()]},
             heroes=CALAMANDRA)
    s = play_card(s, 0, "moss_ancient")
    ma = one(s, 0, "moss_ancient")
    squirrels = in_play(s, 0, "squirrel")
    assert len(squirrels) == 3 and kw(s, ma, "untargetable") == 1
    assert all(kw(s, q, "haste") and kw(s, q, "invisible") for q in squirrels)
    s = attack(s, 0, squirrels[0], "base:1")  # haste
    assert base_damage(s, 1) == 1
    s["cards"][ma]["arrived"] = 0
    s = attack(s, 0, ma, "base:1")
    assert len(in_play(s, 0, "squirrel")) == 6
    s = game({"play": [calamandra(), {"card": "squirrel", "id": "q"}]}, heroes=CALAMANDRA)
    assert kw(s, find(s, "q"), "haste") == 0 and kw(s, find(s, "q"), "invisible") == 0


# ---- Growth --------------------------------------------------------------------

def test_polymorph_squirrel_makes_a_unit_a_1_1_squirrel_until_your_next_upkeep():
    """Polymorph: Squirrel rulings: a 1/1 green Squirrel with no abilities;
    it keeps its +1/+1 runes and its tech level, it does not arrive; at
    your next upkeep it is itself again."""
    s = game({"gold": 3, "hand": ["polymorph_squirrel"], "play": [garg()]},
             {"play": [TROQ, {"card": "barkcoat_bear", "plus": 1, "id": "bear"}]}, heroes=GARG)
    bear = find(s, "bear")
    s["players"][0]["gold"] = 5  # the bear's resist 2
    s = play_card(s, 0, "polymorph_squirrel", [bear])
    assert s["cards"][bear]["card"] == "squirrel" and atk_hp(s, bear) == (2, 2)
    assert stats.compute(s, bear)["kw"] == {} and stats.tech_level(s, bear) == 2
    assert s["cards"][bear]["arrived"] == 0
    shown = next(c for c in view(s, 1)["players"][1]["play"] if c["iid"] == bear)
    assert (shown["name"], shown["tech"], shown["atk"], shown["hp"]) == ("Squirrel", 2, 2, 2)
    s = end_turn(s, 0)
    assert s["cards"][bear]["card"] == "squirrel"
    s = end_turn(s, 1)
    assert s["cards"][bear]["card"] == "barkcoat_bear" and atk_hp(s, bear) == (6, 6)


def test_polymorph_squirrel_can_kill_a_damaged_unit_which_dies_as_itself():
    """Polymorph: Squirrel ruling: with damage on it the 1/1 dies; the card
    goes to the discard pile as what it was."""
    s = game({"gold": 3, "hand": ["polymorph_squirrel"], "play": [garg()]},
             {"play": [TROQ, {"card": "iron_man", "damage": 1, "id": "iron"}]}, heroes=GARG)
    s = play_card(s, 0, "polymorph_squirrel", [find(s, "iron")])
    assert in_play(s, 1, "iron_man") == [] and in_play(s, 1, "squirrel") == []
    assert cards_in(s, 1, "discard") == ["iron_man"]


def test_polymorph_squirrel_removes_indestructible_and_earlier_effects():
    """Polymorph: Squirrel rulings: an indestructible unit loses it (1
    damage then kills the Squirrel); effects given before the transform
    are lost, effects after it apply."""
    s = game({"gold": 6, "hand": ["polymorph_squirrel", "spark"], "play": [garg()]},
             {"play": [TROQ, {"card": "gargoyle", "id": "g", "patrol": "elite"}]},
             heroes=GARG, active=1)
    s = end_turn(s, 1)  # the gargoyle patrols on seat 0's turn
    s["players"][0]["gold"] = 6
    g = find(s, "g")
    assert kw(s, g, "indestructible") == 1
    s = play_card(s, 0, "polymorph_squirrel", [g])
    s = play_card(s, 0, "spark", [g])
    assert in_play(s, 1, "gargoyle") == [] and "gargoyle" in cards_in(s, 1, "discard")
    s = game({"gold": 7, "hand": ["rampant_growth", "polymorph_squirrel", "rampant_growth"],
              "play": [garg(), {"card": "tiger_cub", "id": "cub"}]}, heroes=GARG)
    cub = find(s, "cub")
    s = play_card(s, 0, "rampant_growth", [cub])
    s = play_card(s, 0, "polymorph_squirrel", [cub])
    assert atk_hp(s, cub) == (1, 1) and kw(s, cub, "armor") == 0
    s = play_card(s, 0, "rampant_growth", [cub])
    assert atk_hp(s, cub) == (3, 1) and kw(s, cub, "armor") == 2


def test_dinosize_gives_6_atk_and_6_armor_this_turn():
    """Dinosize: +6 ATK and +6 armor this turn, a unit or hero."""
    s = game({"gold": 4, "hand": ["dinosize"], "play": [garg(), {"card": "tiger_cub", "id": "cub"}]},
             {"play": [TROQ, {"card": "regular_sized_rhinoceros", "id": "rhino"}]}, heroes=GARG)
    cub = find(s, "cub")
    s = play_card(s, 0, "dinosize", [cub])
    assert atk_hp(s, cub) == (8, 2) and kw(s, cub, "armor") == 6
    s = attack(s, 0, cub, find(s, "rhino"))
    assert in_play(s, 1, "regular_sized_rhinoceros") == [] and s["cards"][cub]["damage"] == 0
    s = end_turn(s, 0)
    assert atk_hp(s, cub) == (2, 2)


def test_spirit_of_the_panda_attaches_gives_2_2_gold_on_attack_and_heals():
    """Spirit of the Panda: attach to a unit: +2/+2 and "attacks: gain 1
    gold"; healing 1 in your upkeep; when the unit goes, so does it."""
    s = game({"gold": 4, "hand": ["spirit_of_the_panda"],
              "play": [garg(damage=1), {"card": "tiger_cub", "id": "cub"}]},
             {"play": [TROQ, {"card": "regular_sized_rhinoceros", "id": "rhino"}]}, heroes=GARG)
    cub = find(s, "cub")
    s = play_card(s, 0, "spirit_of_the_panda", [cub])
    sp = one(s, 0, "spirit_of_the_panda")
    assert atk_hp(s, cub) == (4, 4) and gold(s) == 0
    s = attack(s, 0, cub, "base:1")
    assert gold(s) == 1 and base_damage(s, 1) == 4
    s = pass_turns(s, 2)
    assert s["cards"][find(s, "garg")]["damage"] == 0
    s = attack(s, 0, cub, find(s, "rhino"))
    assert in_play(s, 0, "tiger_cub") == [] and sp not in s["players"][0]["play"]
    assert {"spirit_of_the_panda", "tiger_cub"} <= set(cards_in(s, 0, "discard"))


def test_spirit_of_the_panda_on_an_opposing_unit_pays_its_controller():
    """Spirit of the Panda may go on an opponent's unit: that unit gets
    +2/+2, and its controller gains the gold when it attacks."""
    s = game({"gold": 4, "hand": ["spirit_of_the_panda"], "play": [garg()]},
             {"play": [TROQ, {"card": "older_brother", "id": "ob"}]}, heroes=GARG)
    ob = find(s, "ob")
    s = play_card(s, 0, "spirit_of_the_panda", [ob])
    assert atk_hp(s, ob) == (4, 4)
    s = end_turn(s, 0)
    before = gold(s, 1)
    s = attack(s, 1, ob, "base:0")
    assert gold(s, 1) == before + 1 and base_damage(s, 0) == 4


def test_stampede_gives_3_atk_3_armor_and_sends_excess_damage_to_the_base():
    """Stampede: this turn your units get +3 ATK/+3 armor, and combat damage
    beyond what kills a unit or hero goes to that player's base, instead of
    following overpower (Stampede ruling)."""
    s = game({"gold": 6, "hand": ["stampede"],
              "play": [garg(5), {"card": "tiger_cub", "id": "cub"}, {"card": "centaur", "id": "ce"}]},
             {"play": [TROQ, {"card": "wisp", "id": "w", "patrol": "squad_leader"},
                       {"card": "older_brother", "id": "ob", "patrol": "elite"}]}, heroes=GARG)
    s = play_card(s, 0, "stampede")
    cub, ce = find(s, "cub"), find(s, "ce")
    assert atk_hp(s, cub) == (5, 2) and kw(s, cub, "armor") == 3
    s = attack(s, 0, cub, find(s, "w"))  # 5 on a 0/1 with armor 1: 3 to the base
    assert base_damage(s, 1) == 3 and in_play(s, 1, "wisp") == []
    s = attack(s, 0, ce, find(s, "ob"))  # overpower: no choice asked, 6 - 2 to the base
    assert s["prompt"] is None and base_damage(s, 1) == 7 and kw(s, ce, "overpower") == 1


def test_galina_glimmer_pays_1_gold_per_two_green_units_in_upkeep():
    """Galina Glimmer rulings: she counts herself; 3 green units give 1
    gold, not 1.5; an Older Brother is not green. She is legendary."""
    s = game({"gold": 0, "hand": ["galina_glimmer"], "buildings": {"tech_1": True},
              "play": [garg(), {"card": "galina_glimmer"}, {"card": "tiger_cub"},
                       {"card": "older_brother"}]}, heroes=GARG)
    assert_refused(s, 0, {"type": "play", "card": hand_ids(s, 0)[0], "targets": []}, "legendary")
    s = pass_turns(s, 2)
    assert gold(s) == workers(s, 0) + 1
    s = game({"gold": 0, "play": [garg(), {"card": "galina_glimmer"}, {"card": "tiger_cub"},
                                  {"card": "frog"}, {"card": "wisp"}]}, heroes=GARG)
    s = pass_turns(s, 2)
    assert gold(s) == workers(s, 0) + 2


def test_artisan_mantis_repairs_up_to_3_damage_of_a_building():
    """Artisan Mantis: arrives: repair 3 damage of a building, only what is
    there (Artisan Mantis ruling)."""
    s = game({"gold": 4, "hand": ["artisan_mantis"], "buildings": ALL_TECH, "base_damage": 2,
              "play": [garg()]}, heroes=GARG)
    s["players"][0]["buildings"]["tech_1"]["damage"] = 4
    s = play_card(s, 0, "artisan_mantis")
    assert set(prompt_options(s)) == {"bld:0:tech_1", "base:0"}
    s = choose(s, 0, "base:0")
    assert base_damage(s, 0) == 0
    assert s["players"][0]["buildings"]["tech_1"]["damage"] == 4


def test_oversized_rhinoceros_is_a_plain_7_8():
    """Oversized Rhinoceros: a 7/8 tech II for 5, no ability."""
    s = game({"gold": 5, "hand": ["oversized_rhinoceros"], "buildings": ALL_TECH,
              "play": [garg()]}, heroes=GARG)
    s = play_card(s, 0, "oversized_rhinoceros")
    rhino = one(s, 0, "oversized_rhinoceros")
    assert atk_hp(s, rhino) == (7, 8) and stats.compute(s, rhino)["kw"] == {} and gold(s) == 0


def test_blooming_ancient_grows_when_your_units_arrive_and_shares_runes():
    """Blooming Ancient: a +1/+1 rune whenever another of your units or
    heroes arrives (tokens too); remove one of its runes: a +1/+1 rune on
    another unit."""
    s = game({"gold": 2, "hand": ["playful_panda"],
              "play": [garg(), {"card": "blooming_ancient", "id": "ba"}]},
             {"play": [TROQ, {"card": "older_brother", "id": "ob"}]}, heroes=GARG)
    ba = find(s, "ba")
    assert_refused(s, 0, {"type": "ability", "card": ba, "ability": 0, "targets": [find(s, "ob")]},
                   "bad_ability")
    s = play_card(s, 0, "playful_panda")
    assert s["cards"][ba]["plus"] == 2 and atk_hp(s, ba) == (4, 6)
    s = use_ability(s, 0, ba, 0, [find(s, "ob")])
    s = use_ability(s, 0, ba, 0, [one(s, 0, "wisp")])
    assert s["cards"][ba]["plus"] == 0 and s["cards"][find(s, "ob")]["plus"] == 1


def test_blooming_ancient_ignores_opposing_arrivals():
    """Blooming Ancient: only your own units and heroes count."""
    s = game({"play": [garg(), {"card": "blooming_ancient", "id": "ba"}]},
             {"gold": 2, "hand": ["older_brother"], "play": [TROQ]}, heroes=GARG, active=1)
    s = play_card(s, 1, "older_brother")
    assert s["cards"][find(s, "ba")]["plus"] == 0


def test_blooming_elm_gives_runes_and_overpower_to_rune_bearers():
    """Blooming Elm: a tech II building card; your units and heroes with
    +1/+1 runes have overpower; exhaust: three +1/+1 runes on a unit, or one
    on a hero, without any; one with runes may be chosen, to no effect
    (Blooming Elm ruling)."""
    s = game({"gold": 3, "hand": ["blooming_elm"], "buildings": ALL_TECH,
              "play": [garg(), {"card": "tiger_cub", "id": "cub"},
                       {"card": "tiger_cub", "plus": 1, "id": "runed"}]}, heroes=GARG)
    s = play_card(s, 0, "blooming_elm")
    elm = one(s, 0, "blooming_elm")
    assert kw(s, find(s, "runed"), "overpower") == 1 and kw(s, find(s, "cub"), "overpower") == 0
    assert_refused(s, 0, {"type": "ability", "card": elm, "ability": 0, "targets": [find(s, "cub")]},
                   "arrival_fatigue")
    s["cards"][elm]["arrived"] = 0
    s = use_ability(s, 0, elm, 0, [find(s, "cub")])
    assert s["cards"][find(s, "cub")]["plus"] == 3 and kw(s, find(s, "cub"), "overpower") == 1
    s["cards"][elm]["exhausted"] = False
    s = use_ability(s, 0, elm, 0, [find(s, "runed")])
    assert s["cards"][find(s, "runed")]["plus"] == 1
    s["cards"][elm]["exhausted"] = False
    s = use_ability(s, 0, elm, 0, [find(s, "garg")])
    assert s["cards"][find(s, "garg")]["plus"] == 1


def test_might_of_leaf_and_claw_collects_growth_runes_then_gives_5_5():
    """Might of Leaf and Claw: a growth rune each time an attacker of yours
    deals combat damage, armor included, sparkshot with it counting once;
    0 damage is none (Might of Leaf and Claw rulings); with five your units
    and heroes have +5/+5."""
    s = game({"gold": 3, "hand": ["might_of_leaf_and_claw"], "buildings": ALL_TECH,
              "play": [garg(), {"card": "huntress", "id": "h"}, {"card": "wisp", "id": "w"},
                       {"card": "tiger_cub", "id": "cub"}]},
             {"play": [TROQ, {"card": "iron_man", "id": "sl", "patrol": "squad_leader"},
                       {"card": "iron_man", "id": "el", "patrol": "elite"}]}, heroes=GARG)
    s = play_card(s, 0, "might_of_leaf_and_claw")
    might = one(s, 0, "might_of_leaf_and_claw")
    s = attack(s, 0, find(s, "h"), find(s, "sl"))  # 3 (1 on the armor) + sparkshot 1
    assert s["cards"][might]["marks"]["runes"] == {"growth": 1}
    s = attack(s, 0, find(s, "w"), find(s, "sl"))  # 0 damage
    assert s["cards"][might]["marks"]["runes"] == {"growth": 1}
    s = game({"play": [garg(), {"card": "might_of_leaf_and_claw", "runes": {"growth": 4}, "id": "m"},
                       {"card": "tiger_cub", "id": "cub"}]}, heroes=GARG)
    assert atk_hp(s, find(s, "cub")) == (2, 2)
    s = attack(s, 0, find(s, "cub"), "base:1")
    assert atk_hp(s, find(s, "cub")) == (7, 7) and atk_hp(s, find(s, "garg")) == (6, 8)


def test_guargum_lets_you_play_growth_spells_free_without_a_growth_hero():
    """Guargum, Eternal Sentinel rulings: Growth spells cost nothing and need
    no Growth hero, an ultimate too, even the turn he arrived; resist 2,
    obliterate 4."""
    s = game({"gold": 0, "hand": ["stampede", "dinosize"],
              "play": [midori(), {"card": "tiger_cub", "id": "cub"}]})
    stampede = hand_ids(s, 0, "stampede")[0]
    assert_refused(s, 0, {"type": "play", "card": stampede, "targets": []}, "needs_max_hero")
    s = game({"gold": 0, "hand": ["stampede", "dinosize"], "buildings": ALL_TECH,
              "play": [midori(), {"card": "tiger_cub", "id": "cub"},
                       {"card": "guargum_eternal_sentinel", "fresh": True, "id": "gg"}]})
    gg = find(s, "gg")
    assert kw(s, gg, "resist") == 2 and kw(s, gg, "obliterate") == 4
    s = play_card(s, 0, "stampede")
    s = play_card(s, 0, "dinosize", [find(s, "cub")])
    assert atk_hp(s, find(s, "cub")) == (11, 2) and gold(s) == 0


# ---- Master Midori ---------------------------------------------------------------

def test_midori_band_1_is_a_2_3_and_gives_nothing():
    """Master Midori, levels 1-4: a 2/3 with no ability."""
    s = game({"play": [midori(4), {"card": "tiger_cub", "id": "cub"}]})
    assert atk_hp(s, find(s, "midori")) == (2, 3) and atk_hp(s, find(s, "cub")) == (2, 2)
    assert kw(s, find(s, "midori"), "flying") == 0


def test_midori_mid_band_gives_your_units_with_no_abilities_1_1():
    """Master Midori, level 5: a 3/4; your units with no abilities get
    +1/+1: a Tiger Cub or a token yes; a Young Treant (text), a Hunter
    (anti-air), an opponent's unit or a hero no; runes and damage don't
    count as abilities (Master Midori ruling)."""
    s = game({"play": [midori(5), {"card": "tiger_cub", "id": "cub"},
                       {"card": "young_treant", "id": "yt"}, {"card": "hunter", "id": "hu"},
                       {"card": "frog", "plus": 1, "damage": 1, "id": "frog"}]},
             {"play": [TROQ, {"card": "older_brother", "id": "ob"}]})
    assert atk_hp(s, find(s, "midori")) == (3, 4)
    assert atk_hp(s, find(s, "cub")) == (3, 3)
    assert atk_hp(s, find(s, "frog")) == (3, 3)
    assert atk_hp(s, find(s, "yt")) == (0, 2) and atk_hp(s, find(s, "hu")) == (3, 3)
    assert atk_hp(s, find(s, "ob")) == (2, 2) and atk_hp(s, find(s, "troq")) == (2, 3)


def test_midori_bonus_stays_in_every_patrol_slot():
    """Master Midori ruling: the squad leader's armor and the lookout's
    resist don't take the bonus away."""
    s = game({"play": [midori(5), {"card": "tiger_cub", "id": "a", "patrol": "squad_leader"},
                       {"card": "tiger_cub", "id": "b", "patrol": "lookout"}]})
    s = end_turn(s, 0)
    assert atk_hp(s, find(s, "a")) == (3, 3) and atk_hp(s, find(s, "b")) == (3, 3)
    assert kw(s, find(s, "b"), "resist") == 1


def test_midori_bonus_goes_when_the_unit_gets_an_ability_which_may_kill_it():
    """Master Midori rulings: a unit that gets an ability (Calamandra's
    resist 1 at her level 3) loses the +1/+1, and may die of it; an
    Illusion with no ability gets the bonus (Illusion ruling)."""
    s = game({"gold": 1, "play": [midori(5), calamandra(2),
                                  {"card": "tiger_cub", "damage": 2, "id": "cub"},
                                  {"card": "mirror_illusion", "id": "mi"}]})
    assert atk_hp(s, find(s, "cub")) == (3, 3) and atk_hp(s, find(s, "mi")) == (1, 2)
    s = act(s, 0, {"type": "level_up", "hero": find(s, "cala"), "levels": 1})
    assert in_play(s, 0, "tiger_cub") == [] and atk_hp(s, find(s, "mi")) == (0, 1)


def test_midori_gives_the_bonus_to_a_polymorphed_squirrel():
    """A unit transformed by Polymorph: Squirrel has no abilities, so
    Midori's bonus applies to it (Polymorph: Squirrel ruling: later effects
    apply)."""
    s = game({"gold": 3, "hand": ["polymorph_squirrel"],
              "play": [midori(5), garg(), {"card": "young_treant", "id": "yt"}]})
    s = play_card(s, 0, "polymorph_squirrel", [find(s, "yt")])
    assert atk_hp(s, find(s, "yt")) == (2, 2)


def test_midori_max_band_flies_during_your_turn_only():
    """Master Midori, level 8: a 4/5 with flying during your turn."""
    s = game({"play": [midori(8)]})
    hero = find(s, "midori")
    assert atk_hp(s, hero) == (4, 5) and kw(s, hero, "flying") == 1
    s = end_turn(s, 0)
    assert kw(s, hero, "flying") == 0


def test_behind_the_ferns_and_midori_read_atk_with_the_bonus():
    """Behind the Ferns with Master Midori (docs/RULINGS.md): a 2/2 with the
    bonus would have 3 ATK and so stealth, an ability: it stays a 2/2 with
    stealth; a plain 3/4 becomes a 4/5, too strong for the Ferns, and keeps
    the bonus with no ability (Behind the Ferns ruling, both already in
    play)."""
    s = game({"play": [midori(5), calamandra(), {"card": "behind_the_ferns"},
                       {"card": "tiger_cub", "id": "cub"}, {"card": "iron_man", "id": "iron"}]})
    cub, iron = find(s, "cub"), find(s, "iron")
    assert atk_hp(s, cub) == (2, 2) and kw(s, cub, "stealth") == 1
    assert atk_hp(s, iron) == (4, 5) and kw(s, iron, "stealth") == 0


# ---- Calamandra Moss -------------------------------------------------------------

def test_calamandra_discards_two_cards_for_stealth_this_turn():
    """Calamandra Moss, level 1: a 2/3; discard two cards: she has stealth
    this turn (refused with fewer than two cards in hand)."""
    s = game({"hand": ["tiger_cub", "young_treant", "huntress"], "play": [calamandra()]},
             {"play": [TROQ, {"card": "older_brother", "patrol": "squad_leader"}]}, heroes=CALAMANDRA)
    cala = find(s, "cala")
    assert atk_hp(s, cala) == (2, 3)
    s = use_ability(s, 0, cala, 0)
    assert s["prompt"]["count"] == 2
    s = choose(s, 0, *hand_ids(s, 0)[:2])
    assert len(s["players"][0]["hand"]) == 1 and len(s["players"][0]["discard"]) == 2
    assert kw(s, cala, "stealth") == 1
    assert_refused(s, 0, {"type": "ability", "card": cala, "ability": 0, "targets": []}, "bad_ability")
    s = attack(s, 0, cala, "base:1")
    assert base_damage(s, 1) == 2
    s = end_turn(s, 0)
    assert kw(s, cala, "stealth") == 0


def test_calamandra_mid_band_gives_your_units_resist_1():
    """Calamandra Moss, level 3: a 3/4; your units have resist 1 (not your
    heroes)."""
    s = game({"play": [calamandra(3), {"card": "tiger_cub", "id": "cub"}]},
             {"play": [TROQ, {"card": "older_brother", "id": "ob"}]}, heroes=CALAMANDRA)
    assert atk_hp(s, find(s, "cala")) == (3, 4)
    assert kw(s, find(s, "cub"), "resist") == 1 and kw(s, find(s, "cala"), "resist") == 0
    assert kw(s, find(s, "ob"), "resist") == 0


def test_calamandra_max_band_puts_a_tiger_from_the_codex_into_play():
    """Calamandra Moss, level 5: a 4/5; pay 4 and exhaust: a Tiger unit from
    your codex into play, free and without its tech building (Calamandra
    Moss ruling)."""
    s = game({"gold": 4, "play": [calamandra(5)]}, heroes=CALAMANDRA)
    cala = find(s, "cala")
    assert atk_hp(s, cala) == (4, 5)
    s = use_ability(s, 0, cala, 1)
    assert prompt_options(s) == ["predator_tiger", "stalking_tiger"]
    s = choose(s, 0, "predator_tiger")
    assert len(in_play(s, 0, "predator_tiger")) == 1 and gold(s) == 0
    assert s["players"][0]["codex"]["predator_tiger"] == 1 and s["cards"][cala]["exhausted"]


# ---- Argagarg Garg ---------------------------------------------------------------

def test_argagarg_garg_arrives_with_a_wisp():
    """Argagarg Garg, level 1: a 1/3; when summoned a 0/1 Wisp arrives."""
    s = game({"gold": 2}, heroes=GARG)
    hero = s["players"][0]["command"][0]
    s = act(s, 0, {"type": "summon", "hero": hero})
    assert atk_hp(s, hero) == (1, 3) and len(in_play(s, 0, "wisp")) == 1


def test_argagarg_garg_mid_band_gives_a_unit_1_atk_and_1_armor():
    """Argagarg Garg, level 3: a 1/4; exhaust: a unit gets +1 ATK and +1
    armor this turn (◎; not a hero)."""
    s = game({"play": [garg(3), {"card": "tiger_cub", "id": "cub"}]},
             {"play": [TROQ, {"card": "older_brother", "id": "ob"}]}, heroes=GARG)
    hero = find(s, "garg")
    assert atk_hp(s, hero) == (1, 4)
    assert {a["targets"][0] for a in legal_of(s, 0, "ability", card=hero)} == \
        {find(s, "cub"), find(s, "ob")}
    s = use_ability(s, 0, hero, 0, [find(s, "cub")])
    assert atk_hp(s, find(s, "cub")) == (3, 2) and kw(s, find(s, "cub"), "armor") == 1
    s = end_turn(s, 0)
    assert atk_hp(s, find(s, "cub")) == (2, 2)


def test_argagarg_garg_reaching_max_level_brings_a_water_elemental():
    """Argagarg Garg, level 5: a 1/5; reaching max level gives a blue 3/3
    Water Elemental token with anti-air."""
    s = game({"gold": 2, "play": [garg(3)]}, heroes=GARG)
    s = act(s, 0, {"type": "level_up", "hero": find(s, "garg"), "levels": 2})
    (elemental,) = in_play(s, 0, "water_elemental")
    assert atk_hp(s, find(s, "garg")) == (1, 5)
    assert atk_hp(s, elemental) == (3, 3) and kw(s, elemental, "anti_air") == 1


# ---- decisions of docs/RULINGS.md ("Green cards") ----------------------------------

def test_artisan_mantis_repairs_a_building_card():
    """Building cards in play take repairs like any building; only damaged
    buildings are offered (docs/RULINGS.md)."""
    s = game({"gold": 4, "hand": ["artisan_mantis"], "buildings": ALL_TECH,
              "play": [garg(), {"card": "verdant_tree", "damage": 2, "id": "vt"}]}, heroes=GARG)
    s = play_card(s, 0, "artisan_mantis")
    assert s["cards"][find(s, "vt")]["damage"] == 0


def test_stampede_excess_on_the_base_is_combat_damage_for_predator_tiger():
    """Stampede's excess is combat damage to the base, so a stampeding
    Predator Tiger trashes a worker with it (docs/RULINGS.md)."""
    s = game({"gold": 6, "hand": ["stampede"],
              "play": [garg(5), {"card": "predator_tiger", "id": "pt"}]},
             {"workers": 5, "play": [TROQ, {"card": "iron_man", "id": "iron", "patrol": "squad_leader"}]},
             heroes=GARG)
    s = play_card(s, 0, "stampede")
    s = attack(s, 0, find(s, "pt"), find(s, "iron"))  # 7 on 4 HP + 1 armor: 2 to the base
    assert base_damage(s, 1) == 2 and workers(s, 1) == 4 and in_play(s, 1, "iron_man") == []


def test_blooming_ancient_grows_when_a_hero_is_summoned():
    """Blooming Ancient: a summoned hero arrives too; Argagarg's Wisp with
    him: two runes."""
    s = game({"gold": 2, "play": [{"card": "blooming_ancient", "id": "ba"}]}, heroes=GARG)
    s = act(s, 0, {"type": "summon", "hero": s["players"][0]["command"][0]})
    assert s["cards"][find(s, "ba")]["plus"] == 2


def test_feral_strike_does_not_offer_a_second_legendary():
    """Feral Strike's put-into-play skips a legendary unit you already
    control (the legendary rule; docs/RULINGS.md)."""
    s = game({"gold": 4, "hand": ["feral_strike", "galina_glimmer"], "buildings": ALL_TECH,
              "play": [calamandra(5), {"card": "galina_glimmer"}]}, heroes=CALAMANDRA)
    s = play_card(s, 0, "feral_strike")
    s = choose(s, 0, "put")
    assert s["prompt"] is None and cards_in(s, 0, "hand") == ["galina_glimmer"]


# ---- a target that dies when targeted (Illusion ruling) ----------------------------

@pytest.mark.parametrize("spell, mine", [
    ("bloom", True), ("wither", False), ("intimidate", False), ("rampant_growth", False),
    ("forest_s_favor", True), ("dinosize", False), ("polymorph_squirrel", False),
    ("spirit_of_the_panda", False)])
def test_a_spell_on_an_illusion_finds_it_gone(spell, mine):
    """Illusion ruling: an Illusion dies the moment a spell targets it, so
    the effect finds nothing to act on (no crash, no rune; an attachment
    with nothing to attach to goes to the discard pile)."""
    heroes = ("argagarg_garg", "troq_bashar")
    illusion = [{"card": "mirror_illusion", "id": "mi"}]
    s = scenario_game([{"gold": 5, "hand": [spell], "play": [garg(), TROQ] + (illusion if mine else [])},
                       {"play": [] if mine else illusion}], heroes=heroes)
    s = play_card(s, 0, spell, [find(s, "mi")])
    assert in_play(s, 0 if mine else 1, "mirror_illusion") == []
    assert in_play(s, 0, "spirit_of_the_panda") == []


def test_two_step_with_an_illusion_partner_is_sacrificed_at_once():
    """Illusion ruling with Two Step: the Illusion partner dies when
    targeted, so the Two Step has lost a partner and is sacrificed."""
    s = scenario_game([{"gold": 5, "hand": ["two_step"],
                        "play": [{"card": "river_montoya"}, {"card": "mirror_illusion", "id": "mi"},
                                 {"card": "tenderfoot", "id": "tf"}]}],
                      heroes=("river_montoya", "troq_bashar"))
    s = play_card(s, 0, "two_step", [find(s, "mi"), find(s, "tf")])
    assert in_play(s, 0, "two_step") == [] and atk_hp(s, find(s, "tf")) == (1, 2)


def test_argagarg_garg_ability_on_an_illusion_finds_it_gone():
    """Illusion ruling with an ability: Argagarg Garg's exhaust is paid and
    the Illusion dies when targeted; nothing else happens."""
    s = game({"play": [garg(3)]}, {"play": [TROQ, {"card": "mirror_illusion", "id": "mi"}]},
             heroes=GARG)
    s = use_ability(s, 0, find(s, "garg"), 0, [find(s, "mi")])
    assert in_play(s, 1, "mirror_illusion") == [] and s["cards"][find(s, "garg")]["exhausted"]


def test_dothram_horselord_taken_by_final_smash_goes_back_to_the_strongest():
    """Dothram Horselord ruling: control taken once (Final Smash) is
    overridden by his next upkeep: he joins whoever has the most total ATK."""
    s = game({"play": [midori(), {"card": "dothram_horselord", "id": "dh"},
                       {"card": "tyrannosaurus_rex"}]},
             {"hand": ["final_smash"], "gold": 8, "play": [{"card": "troq_bashar", "level": 8}]},
             active=1)
    dh = find(s, "dh")
    s = play_card(s, 1, "final_smash")
    assert s["cards"][dh]["controller"] == 1
    s = end_turn(s, 1)
    s = end_turn(s, 0)  # seat 1's upkeep: 2 + 10 against Troq and the Horselord
    assert s["cards"][dh]["controller"] == 0


def test_predator_tiger_in_two_headed_dragon_lets_the_attacker_pick_whose_worker():
    """Predator Tiger in 2v2: the base is shared, so the attacking player
    picks which opponent loses a worker (house rule R27; docs/RULINGS.md)."""
    config = {"mode": "2hg", "seed": 1,
              "seats": [{"name": n, "hero": h} for n, h in
                        zip("ABCD", ("calamandra_moss", "troq_bashar", "troq_bashar", "river_montoya"))],
              "scenario": {"turn": 3, "active": 0, "seats": [
                  {"play": [calamandra(), {"card": "predator_tiger", "id": "pt"}]}, {},
                  {"workers": 5}, {"workers": 5}]}}
    s = new_game(config)
    s = attack(s, 0, find(s, "pt"), "base:1")
    assert prompt_options(s) == [2, 3]
    s = choose(s, 0, 3)
    assert workers(s, 2) == 5 and workers(s, 3) == 4 and base_damage(s, 2) == 4
