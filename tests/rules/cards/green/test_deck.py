"""Scenario tests for the green starting deck and the green tokens
(game/codex/cards/green/deck.py): each card is played through real actions
and its outcome checked; the official rulings (reference/codex-
cards/rulings.json, "Green" and "Heroes") are named where they decide
something, and docs/RULINGS.md ("Green cards") records the engine's
decisions."""

import pytest

from game.codex import stats
from tests.rules.cards.green.common import (
    CALAMANDRA,
    GARG,
    TROQ,
    calamandra,
    game,
    garg,
    gold,
    kw,
    midori,
    pass_turns,
    workers,
)
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
    hand_ids,
    in_play,
    legal_of,
    one,
    play_card,
    scenario_game,
    use_ability,
)

# ---- green starting deck --------------------------------------------------------


def test_merfolk_prospector_exhausts_for_1_gold():
    """Merfolk Prospector: exhaust: gain 1 gold; not the turn it arrives
    (house rule R5), and only once while exhausted."""
    s = game({"gold": 1, "hand": ["merfolk_prospector"], "play": [{"card": "merfolk_prospector", "id": "mp"}]})
    mp = find(s, "mp")
    s = use_ability(s, 0, mp)
    assert gold(s) == 2 and s["cards"][mp]["exhausted"]
    assert_refused(s, 0, {"type": "ability", "card": mp, "ability": 0, "targets": []}, "exhausted")
    s = play_card(s, 0, "merfolk_prospector")
    new = [i for i in in_play(s, 0, "merfolk_prospector") if i != mp][0]
    assert_refused(s, 0, {"type": "ability", "card": new, "ability": 0, "targets": []}, "arrival_fatigue")


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
    assert_refused(s, 0, {"type": "attack", "attacker": treant, "target": "base:1"}, "cannot_attack")


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
    s = game(
        {"play": [midori(), {"card": "ironbark_treant", "id": "it", "patrol": "elite"}]},
        {"hand": ["spark"], "gold": 1, "play": [TROQ]},
    )
    it = find(s, "it")
    assert atk_hp(s, it) == (3, 2) and kw(s, it, "armor") == 0
    s = end_turn(s, 0)
    assert atk_hp(s, it) == (2, 2)  # -2 ATK, +1 as elite
    assert kw(s, it, "armor") == 2
    s = play_card(s, 1, "spark", [it])
    assert s["cards"][it]["damage"] == 0  # the armor absorbed it


def test_ironbark_treant_armor_comes_back_each_opponent_turn():
    """Ironbark Treant ruling (armor left or used, it has 2 again on the
    next opponent's turn): armor absorbs once a turn and refreshes (R6)."""
    s = game(
        {"play": [midori(), {"card": "ironbark_treant", "id": "it", "patrol": "scavenger"}]},
        {"hand": ["spark", "spark"], "gold": 2, "play": [TROQ]},
        active=1,
    )
    it = find(s, "it")
    s = play_card(s, 1, "spark", [it])
    s = play_card(s, 1, "spark", [it])
    assert s["cards"][it]["damage"] == 0 and s["cards"][it]["armor_used"] == 2
    s = pass_turns(s, 1)
    assert s["cards"][it]["armor_used"] == 0


def test_spore_shambler_arrives_with_two_runes_and_moves_them():
    """Spore Shambler: arrives with two +1/+1 runes (a 2/3); pay 1, or
    exhaust, and remove one of its runes: a +1/+1 rune on another unit."""
    s = game(
        {"gold": 4, "hand": ["spore_shambler"], "play": [midori(), {"card": "tiger_cub", "id": "cub"}]},
        {"play": [TROQ, {"card": "older_brother", "id": "ob"}]},
    )
    s = play_card(s, 0, "spore_shambler")
    sh = one(s, 0, "spore_shambler")
    assert atk_hp(s, sh) == (2, 3)
    targets = {a["targets"][0] for a in legal_of(s, 0, "ability", card=sh, ability=0)}
    assert targets == {find(s, "cub"), find(s, "ob")}  # any other unit, not heroes
    s = use_ability(s, 0, sh, 0, [find(s, "cub")])
    assert gold(s) == 0 and atk_hp(s, sh) == (1, 2) and s["cards"][find(s, "cub")]["plus"] == 1
    assert_refused(s, 0, {"type": "ability", "card": sh, "ability": 1, "targets": [find(s, "ob")]}, "arrival_fatigue")
    s["cards"][sh]["arrived"] = 0
    s = use_ability(s, 0, sh, 1, [find(s, "ob")])
    assert s["cards"][find(s, "ob")]["plus"] == 1 and s["cards"][sh]["plus"] == 0
    s["cards"][sh]["exhausted"] = False
    s["players"][0]["gold"] = 1
    assert_refused(s, 0, {"type": "ability", "card": sh, "ability": 0, "targets": [find(s, "cub")]}, "bad_ability")


def test_spore_shambler_rune_comes_off_itself_and_can_kill_it():
    """Spore Shambler rulings: the rune paid comes off Spore Shambler, never
    another unit, and with damage on it that can kill it (2 damage on a
    0/1 with two runes dies when one goes)."""
    s = game(
        {
            "gold": 1,
            "play": [
                midori(),
                {"card": "spore_shambler", "plus": 2, "damage": 2, "id": "sh"},
                {"card": "tiger_cub", "plus": 1, "id": "cub"},
            ],
        }
    )
    s = use_ability(s, 0, find(s, "sh"), 0, [find(s, "cub")])
    assert in_play(s, 0, "spore_shambler") == []
    assert cards_in(s, 0, "discard") == ["spore_shambler"]
    assert s["cards"][find(s, "cub")]["plus"] == 2


def test_verdant_tree_is_a_building_card_with_healing_1():
    """Verdant Tree: a tech 0 building card with 3 HP and healing 1: in your
    upkeep your units and heroes heal 1."""
    s = game(
        {
            "gold": 2,
            "hand": ["verdant_tree"],
            "play": [midori(damage=2), {"card": "tiger_cub", "damage": 1, "id": "cub"}],
        }
    )
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
    s = game({"gold": 10, "workers": 10, "play": [midori(), {"card": "verdant_tree", "id": "vt", "fresh": True}]})
    tree = find(s, "vt")
    assert_refused(s, 0, {"type": "ability", "card": tree, "ability": 0, "targets": []}, "arrival_fatigue")
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
    s = game(
        {"play": [midori(), {"card": "verdant_tree", "id": "vt"}]},
        {"hand": ["wrecking_ball"], "play": [TROQ, {"card": "older_brother", "id": "ob"}]},
        active=1,
    )
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
    s = game({"gold": 0, "hand": ["tiger_cub", "young_treant"], "play": [midori(), {"card": "rich_earth"}]})
    before = workers(s, 0)
    cub = hand_ids(s, 0, "tiger_cub")[0]
    s = act(s, 0, {"type": "hire", "card": cub})
    assert workers(s, 0) == before + 1 and gold(s) == 0
    assert_refused(s, 0, {"type": "hire", "card": hand_ids(s, 0, "young_treant")[0]}, "already_hired")


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
    s = game(
        {"gold": 2, "hand": ["rampant_growth"], "play": [midori(), {"card": "tiger_cub", "id": "cub"}]},
        {"play": [TROQ, {"card": "iron_man", "id": "iron"}]},
    )
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
    s = game(
        {
            "gold": 2,
            "hand": ["forest_s_favor"],
            "play": [midori(), {"card": "tiger_cub", "id": "cub"}, {"card": "tiger_cub", "plus": 1, "id": "runed"}],
        },
        {"play": [TROQ, {"card": "older_brother", "id": "ob"}]},
    )
    card = hand_ids(s, 0, "forest_s_favor")[0]
    assert {a["targets"][0] for a in legal_of(s, 0, "play", card=card)} == {find(s, "midori"), find(s, "cub")}
    s = play_card(s, 0, "forest_s_favor", [find(s, "cub")])
    assert atk_hp(s, find(s, "cub")) == (3, 3)


# ---- tokens ------------------------------------------------------------------


@pytest.mark.parametrize(
    "token, stats_, keywords",
    [
        ("wisp", (0, 1), {}),
        ("frog", (1, 1), {}),
        ("squirrel", (1, 1), {}),
        ("beast", (4, 4), {}),
        ("hunter", (3, 3), {"anti_air": 1}),
        ("water_elemental", (3, 3), {"anti_air": 1}),
    ],
)
def test_green_tokens_are_tech_0_units_that_vanish_when_they_leave(token, stats_, keywords):
    """The green tokens (and Argagarg's blue Water Elemental): tech 0 units
    with their printed stats; a token that leaves play ceases to exist."""
    s = game({"play": [{"card": token, "id": "t"}]}, {"hand": ["the_boot"], "gold": 3, "play": [TROQ]}, active=1)
    t = find(s, "t")
    assert atk_hp(s, t) == stats_ and stats.compute(s, t)["kw"] == keywords
    assert stats.tech_level(s, t) == 0
    s = play_card(s, 1, "the_boot", [t])
    assert t not in s["cards"] and s["players"][0]["discard"] == []


def test_dothram_horselord_counts_himself_and_stays_on_a_tie_or_less():
    """Dothram Horselord ruling: with himself, 2 + 6 = 8 beats the other
    side's 2 + 2 + 3 = 7, so he stays."""
    s = game(
        {"play": [midori(), {"card": "tiger_cub"}, {"card": "iron_man"}]},
        {"play": [TROQ, {"card": "dothram_horselord", "id": "dh"}]},
    )
    s = end_turn(s, 0)
    assert s["cards"][find(s, "dh")]["controller"] == 1


def test_blooming_ancient_grows_when_your_units_arrive_and_shares_runes():
    """Blooming Ancient: a +1/+1 rune whenever another of your units or
    heroes arrives (tokens too); remove one of its runes: a +1/+1 rune on
    another unit."""
    s = game(
        {"gold": 2, "hand": ["playful_panda"], "play": [garg(), {"card": "blooming_ancient", "id": "ba"}]},
        {"play": [TROQ, {"card": "older_brother", "id": "ob"}]},
        heroes=GARG,
    )
    ba = find(s, "ba")
    assert_refused(s, 0, {"type": "ability", "card": ba, "ability": 0, "targets": [find(s, "ob")]}, "bad_ability")
    s = play_card(s, 0, "playful_panda")
    assert s["cards"][ba]["plus"] == 2 and atk_hp(s, ba) == (4, 6)
    s = use_ability(s, 0, ba, 0, [find(s, "ob")])
    s = use_ability(s, 0, ba, 0, [one(s, 0, "wisp")])
    assert s["cards"][ba]["plus"] == 0 and s["cards"][find(s, "ob")]["plus"] == 1


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
    s = game(
        {
            "play": [
                midori(5),
                {"card": "tiger_cub", "id": "cub"},
                {"card": "young_treant", "id": "yt"},
                {"card": "hunter", "id": "hu"},
                {"card": "frog", "plus": 1, "damage": 1, "id": "frog"},
            ]
        },
        {"play": [TROQ, {"card": "older_brother", "id": "ob"}]},
    )
    assert atk_hp(s, find(s, "midori")) == (3, 4)
    assert atk_hp(s, find(s, "cub")) == (3, 3)
    assert atk_hp(s, find(s, "frog")) == (3, 3)
    assert atk_hp(s, find(s, "yt")) == (0, 2) and atk_hp(s, find(s, "hu")) == (3, 3)
    assert atk_hp(s, find(s, "ob")) == (2, 2) and atk_hp(s, find(s, "troq")) == (2, 3)


def test_midori_bonus_stays_in_every_patrol_slot():
    """Master Midori ruling: the squad leader's armor and the lookout's
    resist don't take the bonus away."""
    s = game(
        {
            "play": [
                midori(5),
                {"card": "tiger_cub", "id": "a", "patrol": "squad_leader"},
                {"card": "tiger_cub", "id": "b", "patrol": "lookout"},
            ]
        }
    )
    s = end_turn(s, 0)
    assert atk_hp(s, find(s, "a")) == (3, 3) and atk_hp(s, find(s, "b")) == (3, 3)
    assert kw(s, find(s, "b"), "resist") == 1


def test_midori_bonus_goes_when_the_unit_gets_an_ability_which_may_kill_it():
    """Master Midori rulings: a unit that gets an ability (Calamandra's
    resist 1 at her level 3) loses the +1/+1, and may die of it; an
    Illusion with no ability gets the bonus (Illusion ruling)."""
    s = game(
        {
            "gold": 1,
            "play": [
                midori(5),
                calamandra(2),
                {"card": "tiger_cub", "damage": 2, "id": "cub"},
                {"card": "mirror_illusion", "id": "mi"},
            ],
        }
    )
    assert atk_hp(s, find(s, "cub")) == (3, 3) and atk_hp(s, find(s, "mi")) == (1, 2)
    s = act(s, 0, {"type": "level_up", "hero": find(s, "cala"), "levels": 1})
    assert in_play(s, 0, "tiger_cub") == [] and atk_hp(s, find(s, "mi")) == (0, 1)


def test_midori_counts_an_illusion_with_only_the_illusion_rule_as_having_no_abilities():
    """Illusion ruling: Illusion is a subtype, not an ability, so Spectral
    Hound (3/3, nothing printed but the Illusion reminder) has no
    abilities and gets Midori's +1/+1; a Spectral Roc (flying) does not."""
    s = game(
        {
            "play": [
                midori(5),
                {"card": "spectral_hound", "id": "dog"},
                {"card": "spectral_tiger", "id": "cat"},
                {"card": "spectral_roc", "id": "roc"},
            ]
        }
    )
    from game.codex import catalog

    assert atk_hp(s, find(s, "dog")) == (
        catalog.card("spectral_hound")["atk"] + 1,
        catalog.card("spectral_hound")["hp"] + 1,
    )
    assert atk_hp(s, find(s, "cat")) == (
        catalog.card("spectral_tiger")["atk"] + 1,
        catalog.card("spectral_tiger")["hp"] + 1,
    )
    assert atk_hp(s, find(s, "roc")) == (catalog.card("spectral_roc")["atk"], catalog.card("spectral_roc")["hp"])


# ---- Calamandra Moss -------------------------------------------------------------


def test_calamandra_discards_two_cards_for_stealth_this_turn():
    """Calamandra Moss, level 1: a 2/3; discard two cards: she has stealth
    this turn (refused with fewer than two cards in hand)."""
    s = game(
        {"hand": ["tiger_cub", "young_treant", "huntress"], "play": [calamandra()]},
        {"play": [TROQ, {"card": "older_brother", "patrol": "squad_leader"}]},
        heroes=CALAMANDRA,
    )
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
    s = game(
        {"play": [calamandra(3), {"card": "tiger_cub", "id": "cub"}]},
        {"play": [TROQ, {"card": "older_brother", "id": "ob"}]},
        heroes=CALAMANDRA,
    )
    assert atk_hp(s, find(s, "cala")) == (3, 4)
    assert kw(s, find(s, "cub"), "resist") == 1 and kw(s, find(s, "cala"), "resist") == 0
    assert kw(s, find(s, "ob"), "resist") == 0


def test_argagarg_garg_mid_band_gives_a_unit_1_atk_and_1_armor():
    """Argagarg Garg, level 3: a 1/4; exhaust: a unit gets +1 ATK and +1
    armor this turn (◎; not a hero)."""
    s = game(
        {"play": [garg(3), {"card": "tiger_cub", "id": "cub"}]},
        {"play": [TROQ, {"card": "older_brother", "id": "ob"}]},
        heroes=GARG,
    )
    hero = find(s, "garg")
    assert atk_hp(s, hero) == (1, 4)
    assert {a["targets"][0] for a in legal_of(s, 0, "ability", card=hero)} == {find(s, "cub"), find(s, "ob")}
    s = use_ability(s, 0, hero, 0, [find(s, "cub")])
    assert atk_hp(s, find(s, "cub")) == (3, 2) and kw(s, find(s, "cub"), "armor") == 1
    s = end_turn(s, 0)
    assert atk_hp(s, find(s, "cub")) == (2, 2)


def test_two_step_with_an_illusion_partner_is_sacrificed_at_once():
    """Illusion ruling with Two Step: the Illusion partner dies when
    targeted, so the Two Step has lost a partner and is sacrificed."""
    s = scenario_game(
        [
            {
                "gold": 5,
                "hand": ["two_step"],
                "play": [
                    {"card": "river_montoya"},
                    {"card": "mirror_illusion", "id": "mi"},
                    {"card": "tenderfoot", "id": "tf"},
                ],
            }
        ],
        heroes=("river_montoya", "troq_bashar"),
    )
    s = play_card(s, 0, "two_step", [find(s, "mi"), find(s, "tf")])
    assert in_play(s, 0, "two_step") == [] and atk_hp(s, find(s, "tf")) == (1, 2)
