"""Scenario tests for the Balance spec and Master Midori
(game/codex/cards/green/balance.py): each card is played through real
actions and its outcome checked; the official rulings (reference/codex-
cards/rulings.json, "Green" and "Heroes") are named where they decide
something, and docs/RULINGS.md ("Green cards") records the engine's
decisions."""

from game.codex import stats
from game.rules import new_game
from tests.rules.cards.green.common import ALL_TECH, TROQ, game, gold, kw, midori, pass_turns, workers
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
    prompt_options,
)


def test_ironbark_treant_loses_the_adjustment_when_sidelined():
    """Ironbark Treant ruling: removed from the patrol zone on an opponent's
    turn, it is a 3/2 without armor again."""
    s = game(
        {"play": [midori(), {"card": "ironbark_treant", "id": "it", "patrol": "lookout"}]},
        {"hand": ["appel_stomp"], "deck": ["tenderfoot"], "gold": 2, "play": [{"card": "river_montoya", "level": 5}]},
        heroes=("master_midori", "river_montoya"),
        active=1,
    )
    it = find(s, "it")
    assert atk_hp(s, it) == (1, 2) and kw(s, it, "armor") == 2
    s = play_card(s, 1, "appel_stomp", [it])
    s = choose(s, 1, "discard")
    assert atk_hp(s, it) == (3, 2) and kw(s, it, "armor") == 0


# ---- Balance -------------------------------------------------------------------


def test_moments_peace_stops_opposing_units_attacking_you_until_your_next_turn():
    """Moment's Peace rulings: until your next turn opposing units can't
    attack anything you control, nor your base; heroes still can. Your
    units leave the patrol zone and can't patrol, your heroes can. It ends
    when your next turn begins."""
    s = game(
        {
            "gold": 2,
            "hand": ["moment_s_peace"],
            "play": [
                midori(),
                {"card": "tiger_cub", "id": "cub", "patrol": "squad_leader"},
                {"card": "verdant_tree", "id": "vt"},
            ],
        },
        {"play": [TROQ, {"card": "older_brother", "id": "ob"}]},
    )
    cub, hero = find(s, "cub"), find(s, "midori")
    s = play_card(s, 0, "moment_s_peace")
    assert s["players"][0]["patrol"]["squad_leader"] is None
    err = assert_refused(s, 0, {"type": "patrol", "card": cub, "slot": "elite"}, "cannot_patrol")
    assert err.message == "Those units can't patrol until their player's next turn (Moment's Peace)."
    s = act(s, 0, {"type": "patrol", "card": hero, "slot": "squad_leader"})
    s = end_turn(s, 0)
    assert legal_of(s, 1, "attack", attacker=find(s, "ob")) == []
    assert_refused(s, 1, {"type": "attack", "attacker": find(s, "ob"), "target": "base:0"}, "bad_target")
    assert {a["target"] for a in legal_of(s, 1, "attack", attacker=find(s, "troq"))} == {hero}
    s = end_turn(s, 1)
    assert s["lasting"] == []
    s = act(s, 0, {"type": "patrol", "card": cub, "slot": "elite"})
    assert s["players"][0]["patrol"]["elite"] == cub


def test_moments_peace_in_two_headed_dragon_protects_you_and_the_team_base_only():
    """Moment's Peace ruling (2v2): the other team's units can't attack what
    you control or your team's base, but may attack your teammate's
    things."""
    config = {
        "mode": "2hg",
        "seed": 1,
        "seats": [
            {"name": n, "hero": h}
            for n, h in zip("ABCD", ("master_midori", "troq_bashar", "troq_bashar", "river_montoya"), strict=True)
        ],
        "scenario": {
            "turn": 3,
            "active": 0,
            "seats": [
                {"gold": 2, "hand": ["moment_s_peace"], "play": [midori(), {"card": "tiger_cub", "id": "cub"}]},
                {"play": [{"card": "older_brother", "id": "mate"}]},
                {"play": [{"card": "older_brother", "id": "foe"}]},
                {},
            ],
        },
    }
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
    s = game(
        {
            "gold": 2,
            "hand": ["nature_reclaims"],
            "buildings": {"tech_1": True},
            "play": [midori(), {"card": "verdant_tree", "id": "vt"}],
        },
        {"buildings": {"tech_1": True, "addon": "tower"}, "play": [TROQ, {"card": "rich_earth", "id": "re"}]},
    )
    card = hand_ids(s, 0, "nature_reclaims")[0]
    assert {a["targets"][0] for a in legal_of(s, 0, "play", card=card)} == {find(s, "vt"), find(s, "re")}
    s = play_card(s, 0, "nature_reclaims", [find(s, "re")])
    assert in_play(s, 1, "rich_earth") == [] and cards_in(s, 1, "trash") == ["rich_earth"]
    assert cards_in(s, 0, "trash") == ["nature_reclaims"] and s["players"][0]["discard"] == []


def test_nature_reclaims_trashes_an_ongoing_spell():
    """Nature Reclaims on an opponent's ongoing spell (Harmony)."""
    s = game(
        {"gold": 2, "hand": ["nature_reclaims"], "play": [midori()]},
        {"play": [{"card": "river_montoya"}, {"card": "harmony", "id": "h"}]},
        heroes=("master_midori", "river_montoya"),
    )
    s = play_card(s, 0, "nature_reclaims", [find(s, "h")])
    assert cards_in(s, 1, "trash") == ["harmony"]


def test_circle_of_life_trades_a_green_unit_for_one_a_tech_higher_from_the_codex():
    """Circle of Life: sacrifice a green unit (an Older Brother is not
    green); a green unit one tech higher costing 5 or less comes from the
    codex into play (Circle of Life ruling: tech 0 gives tech I)."""
    s = game(
        {
            "gold": 3,
            "hand": ["circle_of_life"],
            "play": [midori(), {"card": "tiger_cub", "id": "cub"}, {"card": "older_brother", "id": "ob"}],
        }
    )
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
    s = game(
        {
            "gold": 3,
            "hand": ["circle_of_life"],
            "codex": {"gigadon": 2, "chameleon": 1},
            "play": [midori(), {"card": "gemscout_owl", "id": "owl"}] + [{"card": "tiger_cub"}] * 6,
        }
    )
    s = play_card(s, 0, "circle_of_life", [])
    s = choose(s, 0, find(s, "owl"))
    assert len(in_play(s, 0, "chameleon")) == 1 and in_play(s, 0, "gigadon") == []
    assert s["players"][0]["codex"] == {"gigadon": 2}


def test_circle_of_life_from_tech_2_finds_no_green_tech_3_for_5():
    """Circle of Life ruling: from a tech II unit there is no green tech III
    costing 5 or less, so nothing comes, but the sacrifice happens."""
    s = game(
        {
            "gold": 3,
            "hand": ["circle_of_life"],
            "codex": {"tyrannosaurus_rex": 2},
            "play": [midori(), {"card": "chameleon", "id": "ch"}],
        }
    )
    s = play_card(s, 0, "circle_of_life")
    assert in_play(s, 0, "chameleon") == [] and s["prompt"] is None
    assert s["players"][0]["codex"] == {"tyrannosaurus_rex": 2}


def test_final_showdown_attaches_to_midori_and_arms_the_opponent():
    """Final Showdown: Midori (max level since the start of the turn) gets
    +3/+3, readiness and resist 1 and draws a card when she attacks; the
    opponent gets two 3/3 anti-air Hunters, not patrolling (Final Showdown
    ruling)."""
    s = game({"gold": 3, "hand": ["final_showdown"], "deck": ["tiger_cub"], "play": [midori(8)]}, {"play": [TROQ]})
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
    assert_refused(s, 0, {"type": "play", "card": card, "targets": [find(s, "midori")]}, "needs_max_hero")
    s = game(
        {"gold": 3, "hand": ["final_showdown"], "play": [midori(8, damage=4)]},
        {"play": [TROQ, {"card": "eggship", "id": "egg"}]},
    )
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
    s = game(
        {"play": [midori(), {"card": "tiny_basilisk", "id": "tb"}]},
        {"play": [TROQ, {"card": "older_brother", "id": "ob"}, {"card": "iron_man", "id": "iron"}]},
        active=1,
    )
    tb = find(s, "tb")
    assert tb not in {a["target"] for a in legal_of(s, 1, "attack", attacker=find(s, "ob"))}
    assert tb in {a["target"] for a in legal_of(s, 1, "attack", attacker=find(s, "troq"))}
    s = attack(s, 1, find(s, "iron"), tb)
    assert in_play(s, 1, "iron_man") == [] and in_play(s, 0, "tiny_basilisk") == []


def test_tiny_basilisk_ignores_tech_0_patrollers():
    """Tiny Basilisk is unstoppable by tech 0 units: a tech 0 squad leader
    does not stop it; a tech I patroller does."""
    s = game(
        {"play": [midori(), {"card": "tiny_basilisk", "id": "tb"}]},
        {
            "play": [
                TROQ,
                {"card": "older_brother", "id": "ob", "patrol": "squad_leader"},
                {"card": "iron_man", "id": "iron"},
            ]
        },
    )
    tb = find(s, "tb")
    assert "base:1" in {a["target"] for a in legal_of(s, 0, "attack", attacker=tb)}
    s["players"][1]["patrol"]["elite"] = find(s, "iron")
    assert {a["target"] for a in legal_of(s, 0, "attack", attacker=tb)} == {find(s, "iron")}


def test_chameleon_sneaks_past_patrollers():
    """Chameleon: a 3/3 tech II with stealth: it ignores patrollers when the
    opponent has no detector."""
    s = game(
        {"play": [midori(), {"card": "chameleon", "id": "ch"}]},
        {"play": [TROQ, {"card": "older_brother", "patrol": "squad_leader"}]},
    )
    s = attack(s, 0, find(s, "ch"), "base:1")
    assert base_damage(s, 1) == 3


def test_fairie_dragon_feather_makes_a_unit_a_3_1_flier():
    """Fairie Dragon: flying; on arrival you may give a tech I or II unit,
    anyone's, a feather rune: it is a 3/1 at base with flying and keeps its
    abilities; runes still add (Fairie Dragon rulings)."""
    s = game(
        {
            "gold": 4,
            "hand": ["fairie_dragon"],
            "buildings": ALL_TECH,
            "play": [midori(), {"card": "tiny_basilisk", "plus": 1, "id": "tb"}, {"card": "tiger_cub", "id": "cub"}],
        },
        {"play": [TROQ, {"card": "iron_man", "id": "iron"}]},
    )
    s = play_card(s, 0, "fairie_dragon")
    fd = one(s, 0, "fairie_dragon")
    assert kw(s, fd, "flying") == 1
    assert set(prompt_options(s)) == {find(s, "tb"), find(s, "iron"), fd}
    s = choose(s, 0, find(s, "iron"))
    iron = find(s, "iron")
    assert atk_hp(s, iron) == (3, 1) and kw(s, iron, "flying") == 1
    assert s["cards"][iron]["marks"]["runes"] == {"feather": 1}
    s = game(
        {
            "play": [
                midori(),
                {"card": "fairie_dragon"},
                {"card": "tiny_basilisk", "plus": 1, "runes": {"feather": 1}, "id": "tb"},
            ]
        }
    )
    assert atk_hp(s, find(s, "tb")) == (4, 2) and kw(s, find(s, "tb"), "deathtouch") == 1


def test_fairie_dragon_feather_may_be_declined():
    """Fairie Dragon: "you may": choosing nothing gives no feather rune."""
    s = game(
        {
            "gold": 4,
            "hand": ["fairie_dragon"],
            "buildings": ALL_TECH,
            "play": [midori(), {"card": "tiny_basilisk", "id": "tb"}],
        }
    )
    s = play_card(s, 0, "fairie_dragon")
    s = choose(s, 0)
    assert "runes" not in s["cards"][find(s, "tb")]["marks"] and atk_hp(s, find(s, "tb")) == (1, 2)


def test_feather_runes_only_work_while_a_fairie_dragon_is_in_play():
    """Fairie Dragon ruling: when it leaves play feathered units are
    themselves again; any Fairie Dragon entering later revives the runes,
    even one from an earlier Dragon."""
    s = game(
        {
            "gold": 4,
            "hand": ["fairie_dragon"],
            "buildings": ALL_TECH,
            "play": [
                midori(),
                {"card": "fairie_dragon", "id": "fd"},
                {"card": "tiny_basilisk", "runes": {"feather": 1}, "id": "tb"},
            ],
        },
        {"play": [TROQ, {"card": "eggship", "id": "egg"}]},
    )
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
    s = game(
        {
            "play": [
                midori(),
                {"card": "fairie_dragon"},
                {"card": "fairie_dragon"},
                {"card": "tiny_basilisk", "runes": {"feather": 1}, "id": "tb"},
            ]
        },
        {"play": [TROQ, {"card": "fairie_dragon"}]},
    )
    assert atk_hp(s, find(s, "tb")) == (3, 1)


def test_wandering_mimic_copies_keywords_of_anything_in_play():
    """Wandering Mimic: while a unit or hero in play, anyone's, has flying,
    overpower, haste, sparkshot, untargetable or stealth, so does it."""
    s = game(
        {"play": [midori(), {"card": "wandering_mimic", "id": "wm"}]},
        {"play": [TROQ, {"card": "chameleon"}, {"card": "barkcoat_bear"}, {"card": "huntress"}]},
    )
    assert stats.compute(s, find(s, "wm"))["kw"] == {"stealth": 1, "overpower": 1, "sparkshot": 1}
    s = game({"play": [midori(), {"card": "wandering_mimic", "id": "wm"}]})
    assert stats.compute(s, find(s, "wm"))["kw"] == {}


def test_two_wandering_mimics_lose_flying_together():
    """Wandering Mimic ruling: two Mimics flying because a third unit flies
    both lose flying when it dies."""
    s = game(
        {
            "gold": 2,
            "hand": ["spark"],
            "play": [midori(), {"card": "wandering_mimic", "id": "a"}, {"card": "wandering_mimic", "id": "b"}],
        },
        {"play": [TROQ, {"card": "eggship", "damage": 2, "id": "egg", "patrol": "lookout"}]},
    )
    a, b = find(s, "a"), find(s, "b")
    assert kw(s, a, "flying") == 1 and kw(s, b, "flying") == 1
    s = play_card(s, 0, "spark", [find(s, "egg")])
    assert in_play(s, 1, "eggship") == []
    assert kw(s, a, "flying") == 0 and kw(s, b, "flying") == 0


def test_potent_basilisk_may_destroy_an_upgrade_or_ongoing_spell():
    """Potent Basilisk: untargetable, deathtouch; on arrival you may destroy
    an upgrade or ongoing spell."""
    s = game(
        {"gold": 4, "hand": ["potent_basilisk"], "buildings": ALL_TECH, "play": [midori()]},
        {"hand": ["spark"], "gold": 1, "play": [TROQ, {"card": "rich_earth", "id": "re"}]},
    )
    s = play_card(s, 0, "potent_basilisk")
    pb = one(s, 0, "potent_basilisk")
    assert prompt_options(s) == [find(s, "re")] and s["prompt"]["optional"]
    s = choose(s, 0, find(s, "re"))
    assert in_play(s, 1, "rich_earth") == [] and cards_in(s, 1, "discard") == ["rich_earth"]
    assert kw(s, pb, "untargetable") == 1 and kw(s, pb, "deathtouch") == 1


def test_tyrannosaurus_rex_destroys_up_to_two_units_upgrades_or_workers():
    """Tyrannosaurus Rex rulings: up to two things in any mix; a destroyed
    worker is trashed, and nobody picks or sees which."""
    s = game(
        {"gold": 10, "hand": ["tyrannosaurus_rex"], "buildings": ALL_TECH, "play": [midori()]},
        {
            "workers": 0,
            "worker_cards": ["tiger_cub"],
            "play": [TROQ, {"card": "barkcoat_bear", "id": "bear"}, {"card": "rich_earth", "id": "re"}],
        },
    )
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
    s = game(
        {"gold": 8, "hand": ["tyrannosaurus_rex"], "buildings": ALL_TECH, "play": [midori()]},
        {"workers": 5, "play": [TROQ]},
    )
    s = play_card(s, 0, "tyrannosaurus_rex")
    s = choose(s, 0, "workers:1")
    s = choose(s, 0, "workers:1")
    assert workers(s, 1) == 3
    s = game(
        {"gold": 8, "hand": ["tyrannosaurus_rex"], "buildings": ALL_TECH, "play": [midori()]},
        {"workers": 5, "play": [TROQ]},
    )
    s = play_card(s, 0, "tyrannosaurus_rex")
    s = choose(s, 0)
    assert workers(s, 1) == 5 and s["prompt"] is None


def test_midori_max_band_flies_during_your_turn_only():
    """Master Midori, level 8: a 4/5 with flying during your turn."""
    s = game({"play": [midori(8)]})
    hero = find(s, "midori")
    assert atk_hp(s, hero) == (4, 5) and kw(s, hero, "flying") == 1
    s = end_turn(s, 0)
    assert kw(s, hero, "flying") == 0


def test_dothram_horselord_taken_by_final_smash_goes_back_to_the_strongest():
    """Dothram Horselord ruling: control taken once (Final Smash) is
    overridden by his next upkeep: he joins whoever has the most total ATK."""
    s = game(
        {"play": [midori(), {"card": "dothram_horselord", "id": "dh"}, {"card": "tyrannosaurus_rex"}]},
        {"hand": ["final_smash"], "gold": 8, "play": [{"card": "troq_bashar", "level": 8}]},
        active=1,
    )
    dh = find(s, "dh")
    s = play_card(s, 1, "final_smash")
    assert s["cards"][dh]["controller"] == 1
    s = end_turn(s, 1)
    s = end_turn(s, 0)  # seat 1's upkeep: 2 + 10 against Troq and the Horselord
    assert s["cards"][dh]["controller"] == 0
