"""Every keyword of the Deluxe glossary, tested on its own.

Keywords are given to ordinary cards through the scenario's ``granted``
field, so each test shows one keyword at work. Trigger keywords use the
Starter cards that have them (Brick Thief, Star-Crossed Starlet) or small
test-only hooks registered on catalog cards that have none (the
``card_hooks`` fixture of helpers removes them again). Sources: the glossary
reminder texts in the card data and the "General" rulings of
reference/codex-cards/rulings.json; our decisions are in docs/RULINGS.md,
"Keywords".
"""

import pytest

from game.codex.cards import Ability, Hooks, Target
from game.codex.effects import trash
from game.codex.invariants import check_card_counts, check_zones
from game.codex.state import log
from game.rules import legal_actions, view
from tests.rules.helpers import (
    act,
    assert_refused,
    atk_hp,
    base_damage,
    choose,
    end_turn,
    find,
    hand_ids,
    in_play,
    logged,
    scenario_game,
)

HERO = {"card": "troq_bashar", "id": "hero"}  # a hero in play, so spells can be cast


def _zone_of_card(state, seat, card_id):
    """Zones of ``seat``'s player holding a copy of ``card_id``."""
    p = state["players"][seat]
    return sorted(
        {
            zone
            for zone in ("deck", "hand", "discard", "workers", "play", "future", "trash")
            for iid in p[zone]
            if state["cards"][iid]["card"] == card_id
        }
    )


def _card_view(state, iid, viewer=0):
    for p in view(state, viewer)["players"]:
        for c in p["play"]:
            if c["iid"] == iid:
                return c
    raise AssertionError(f"{iid} not in play")


def _attack(state, attacker, target, seat=0):
    return act(state, seat, {"type": "attack", "attacker": attacker, "target": target})


def _round(state, first):
    """End ``first``'s turn and the next seat's: ``first``'s next upkeep ran."""
    state = end_turn(state, first)
    return end_turn(state, 1 - first)


# ---- armor, armor piercing ---------------------------------------------------


def test_armor_absorbs_damage_before_hp_and_refreshes_each_turn():
    """Armor: damage goes to armor before HP (Ironbark Treant's reminder);
    used armor comes back every turn (house rule R6; armor confusion
    thread: any armor refreshes)."""
    s = scenario_game(
        [
            {"hand": ["spark", "spark"], "gold": 5, "play": [HERO]},
            {"play": [{"card": "iron_man", "patrol": "elite", "granted": {"armor": 1}, "id": "t"}]},
        ]
    )
    t = find(s, "t")
    sparks = [i for i in s["players"][0]["hand"]]
    s = act(s, 0, {"type": "play", "card": sparks[0], "targets": [t]})
    assert s["cards"][t]["damage"] == 0
    s = act(s, 0, {"type": "play", "card": sparks[1], "targets": [t]})
    assert s["cards"][t]["damage"] == 1
    s = end_turn(s, 0)
    assert s["cards"][t]["armor_used"] == 0


@pytest.mark.parametrize("piercing, expected", [(False, 0), (True, 2)])
def test_armor_piercing_ignores_all_armor(piercing, expected):
    """Armor piercing: the attacker's combat damage ignores armor entirely,
    the squad leader's armor (R6) and granted armor alike (docs/RULINGS.md,
    "Keywords": it does not stack and is not a number)."""
    granted = {"armor_piercing": 1} if piercing else {}
    s = scenario_game(
        [
            {"play": [{"card": "older_brother", "granted": granted, "id": "a"}]},
            {"play": [{"card": "iron_man", "patrol": "squad_leader", "granted": {"armor": 2}, "id": "d"}]},
        ]
    )
    s = _attack(s, find(s, "a"), find(s, "d"))
    assert s["cards"][find(s, "d")]["damage"] == expected


def test_armor_piercing_overpower_excess_does_not_count_pierced_armor():
    """Overpower excess counts the patroller's armor (R16), but not armor
    the attacker's armor piercing ignores."""
    s = scenario_game(
        [
            {"play": [{"card": "iron_man", "id": "a", "granted": {"overpower": 1, "armor_piercing": 1}}]},
            {
                "play": [
                    {"card": "tenderfoot", "patrol": "elite", "granted": {"armor": 1}, "id": "t"},
                    {"card": "older_brother", "patrol": "scavenger", "id": "o"},
                ]
            },
        ]
    )
    s = _attack(s, find(s, "a"), find(s, "t"))
    # 3 ATK, tenderfoot needs 2 (its 1 armor is pierced): 1 excess hits the other patroller.
    assert s["cards"][find(s, "o")]["damage"] == 1
    assert in_play(s, 1, "tenderfoot") == []


# ---- flying, anti-air --------------------------------------------------------


def test_flying_flies_over_ground_patrollers_and_takes_no_ground_damage():
    """Flying: can fly over ground patrollers; ground forces without
    anti-air can't attack it or deal combat damage to it (glossary; Flying
    rulings)."""
    s = scenario_game(
        [
            {
                "play": [
                    {"card": "older_brother", "granted": {"flying": 1}, "id": "f"},
                    {"card": "tenderfoot", "id": "g"},
                ]
            },
            {
                "play": [
                    {"card": "iron_man", "patrol": "squad_leader", "id": "sl"},
                    {"card": "older_brother", "granted": {"flying": 1}, "id": "foe_f"},
                ]
            },
        ]
    )
    f, sl = find(s, "f"), find(s, "sl")
    targets = [a["target"] for a in legal_actions(s, 0) if a["type"] == "attack" and a["attacker"] == f]
    assert "base:1" in targets and sl in targets
    ground = [a["target"] for a in legal_actions(s, 0) if a["type"] == "attack" and a["attacker"] == find(s, "g")]
    assert ground == [sl]
    s = _attack(s, f, sl)
    assert s["cards"][f]["damage"] == 0 and s["cards"][sl]["damage"] == 1  # 2 ATK - 1 armor


def test_anti_air_patroller_hits_a_flier_that_flies_over_it():
    """Anti-air: deals combat damage to fliers that fly over it while it
    patrols (glossary; Anti-air rulings: only when flying let it pass)."""
    s = scenario_game(
        [
            {"play": [{"card": "cloud_sprite", "id": "f"}]},
            {"play": [{"card": "older_brother", "patrol": "squad_leader", "granted": {"anti_air": 1}, "id": "aa"}]},
        ]
    )
    s = _attack(s, find(s, "f"), "base:1")
    assert base_damage(s, 1) == 3
    assert in_play(s, 0, "cloud_sprite") == []  # 2 damage on a 3/2


def test_anti_air_attacker_may_attack_fliers():
    """Anti-air: can attack fliers (ground forces without it can't)."""
    s = scenario_game(
        [
            {
                "play": [
                    {"card": "older_brother", "granted": {"anti_air": 1}, "id": "aa"},
                    {"card": "tenderfoot", "id": "plain"},
                ]
            },
            {"play": [{"card": "cloud_sprite", "id": "f"}]},
        ]
    )
    f = find(s, "f")
    attacks = {(a["attacker"], a["target"]) for a in legal_actions(s, 0) if a["type"] == "attack"}
    assert (find(s, "aa"), f) in attacks and (find(s, "plain"), f) not in attacks
    s = _attack(s, find(s, "aa"), f)
    assert in_play(s, 1, "cloud_sprite") == []


# ---- boost ----------------------------------------------------------------------


def _boost_game(gold):
    return scenario_game(
        [{"hand": ["hooded_executioner", "older_brother"], "gold": gold, "buildings": {"tech_1": True}}]
    )


def test_boost_is_offered_with_and_without_and_marks_the_card(monkeypatch, card_hooks):
    """Boost X: you may pay X more when you play the card to get the boost
    effect (glossary); the card's own arrives hook sees ``boosted``. (Hooded
    Executioner's own behaviour is set aside for a test hook; its real
    boost is tested in tests/rules/cards/black/test_necromancy.py.)"""
    from game.codex.cards import REGISTRY

    monkeypatch.delitem(REGISTRY, "hooded_executioner")
    card_hooks(
        "hooded_executioner",
        Hooks(arrives=lambda st, iid: log(st, f"test: boosted={bool(st['cards'][iid]['marks'].get('boosted'))}")),
    )
    s = _boost_game(gold=5)
    card = s["players"][0]["hand"][0]
    plays = [a for a in legal_actions(s, 0) if a["type"] == "play" and a["card"] == card]
    assert {a.get("boost", False) for a in plays} == {False, True}
    plain = [a for a in legal_actions(s, 0) if a["type"] == "play" and a["card"] != card]
    assert all("boost" not in a for a in plain)
    boosted = act(s, 0, {"type": "play", "card": card, "targets": [], "boost": True})
    assert boosted["players"][0]["gold"] == 0  # 2 + boost 3
    assert logged(boosted, "test: boosted=True")
    unboosted = act(s, 0, {"type": "play", "card": card, "targets": []})
    assert unboosted["players"][0]["gold"] == 3
    assert logged(unboosted, "test: boosted=False")


def test_boost_refusals():
    """Boost needs the gold, a card with boost, and a true/false value."""
    s = _boost_game(gold=4)
    card, other = s["players"][0]["hand"]
    assert_refused(s, 0, {"type": "play", "card": card, "targets": [], "boost": True}, "not_enough_gold")
    assert_refused(s, 0, {"type": "play", "card": other, "targets": [], "boost": True}, "no_boost")
    assert_refused(s, 0, {"type": "play", "card": card, "targets": [], "boost": "yes"}, "bad_boost")
    assert {"type": "play", "card": card, "targets": [], "boost": True} not in legal_actions(s, 0)


def test_boost_on_a_spell_reaches_its_effect():
    """Boost on a spell (Murkwood Allies): the resolving spell sees it, so
    the boosted effect (a Beast and four Frogs) happens."""
    s = scenario_game([{"hand": ["murkwood_allies"], "gold": 9, "play": [{"card": "calamandra_moss"}]}])
    card = s["players"][0]["hand"][0]
    s = act(s, 0, {"type": "play", "card": card, "targets": [], "boost": True})
    made = sorted(s["cards"][i]["card"] for i in s["players"][0]["play"] if s["cards"][i]["card"] != "calamandra_moss")
    assert made == ["beast", "frog", "frog", "frog", "frog"] and s["players"][0]["gold"] == 0


# ---- channeling ------------------------------------------------------------------


def test_channeling_spell_is_sacrificed_when_its_hero_is_lost():
    """Channeling: stays in play; sacrificed when you lose its spec's hero
    (glossary; Channelling ruling: at any moment)."""
    s = scenario_game(
        [
            {"play": [{"card": "regular_sized_rhinoceros", "id": "rhino"}]},
            {"play": [{"card": "river_montoya", "id": "river"}, {"card": "harmony", "id": "h"}]},
        ]
    )
    s = _attack(s, find(s, "rhino"), find(s, "river"))
    assert in_play(s, 1, "river_montoya") == [] and in_play(s, 1, "harmony") == []
    assert "discard" in _zone_of_card(s, 1, "harmony")


# ---- deathtouch ---------------------------------------------------------------


def test_deathtouch_kills_whatever_its_combat_damage_hits():
    """Deathtouch: combat damage it deals to a unit or hero kills it."""
    s = scenario_game(
        [
            {"play": [{"card": "older_brother", "granted": {"deathtouch": 1}, "id": "a"}]},
            {"play": [{"card": "regular_sized_rhinoceros", "id": "d"}]},
        ]
    )
    s = _attack(s, find(s, "a"), find(s, "d"))
    assert in_play(s, 1, "regular_sized_rhinoceros") == []


def test_deathtouch_kills_even_through_armor():
    """Deathtouch: "even to their armor" - damage armor absorbed still kills."""
    s = scenario_game(
        [
            {"play": [{"card": "older_brother", "granted": {"deathtouch": 1}, "id": "a"}]},
            {
                "play": [
                    {"card": "regular_sized_rhinoceros", "patrol": "squad_leader", "granted": {"armor": 4}, "id": "d"}
                ]
            },
        ]
    )
    s = _attack(s, find(s, "a"), find(s, "d"))
    assert in_play(s, 1, "regular_sized_rhinoceros") == []


# ---- detector, stealth, invisible, unstoppable -----------------------------------


def _sneak_game(attacker_kw, defender_extra=(), buildings=None):
    defenders = [{"card": "iron_man", "patrol": "squad_leader", "id": "sl"}] + list(defender_extra)
    return scenario_game(
        [
            {"play": [{"card": "older_brother", "granted": attacker_kw, "id": "a"}]},
            {"play": defenders, "buildings": buildings or {}},
        ]
    )


def _targets_of(s, tag):
    a = find(s, tag)
    return [x["target"] for x in legal_actions(s, 0) if x["type"] == "attack" and x["attacker"] == a]


def test_stealth_sneaks_past_patrollers():
    """Stealth: can sneak past patrollers if that opponent has no detector
    (it may still attack them, Stealth ruling)."""
    s = _sneak_game({"stealth": 1})
    assert {"base:1", find(s, "sl")} <= set(_targets_of(s, "a"))


def test_detector_stops_stealth_from_sneaking_past():
    """Detector: opposing stealth and invisible forces are visible to you."""
    s = _sneak_game({"stealth": 1}, [{"card": "tenderfoot", "granted": {"detector": 1}}])
    assert _targets_of(s, "a") == [find(s, "sl")]


def test_detector_lets_you_target_opposing_invisible_things():
    """Detector: invisible things become targetable for the detector's
    controller (Invisible: untargetable to opponents without one)."""
    seats = [{"hand": ["wither"], "gold": 5, "play": [HERO]}, {"play": [{"card": "backstabber", "id": "inv"}]}]
    s = scenario_game(seats)
    wither = s["players"][0]["hand"][0]
    inv = find(s, "inv")
    assert_refused(s, 0, {"type": "play", "card": wither, "targets": [inv]}, "bad_targets")
    seats[0]["play"] = [HERO, {"card": "tenderfoot", "granted": {"detector": 1}}]
    s = scenario_game(seats)
    s = act(s, 0, {"type": "play", "card": s["players"][0]["hand"][0], "targets": [find(s, "inv")]})
    assert s["cards"][find(s, "inv")]["minus"] == 1


def test_invisible_sneaks_past_and_cannot_be_attacked_unless_patrolling():
    """Invisible: to opponents without a detector it is unattackable and can
    sneak past patrollers; while patrolling it is attackable (glossary)."""
    s = _sneak_game({"invisible": 1})
    assert "base:1" in _targets_of(s, "a")
    s = scenario_game(
        [{"play": [{"card": "older_brother", "id": "a"}]}, {"play": [{"card": "backstabber", "id": "inv"}]}]
    )
    assert find(s, "inv") not in _targets_of(s, "a")
    s = scenario_game(
        [
            {"play": [{"card": "older_brother", "id": "a"}]},
            {"play": [{"card": "backstabber", "patrol": "elite", "id": "inv"}]},
        ]
    )
    assert find(s, "inv") in _targets_of(s, "a")


def test_invisible_is_untargetable_to_opponents_but_not_to_its_owner():
    """Invisible: untargetable to opponents without a detector; you can
    target your own invisible things (Invisible ruling)."""
    s = scenario_game(
        [
            {"hand": ["bloom"], "gold": 5, "play": [HERO, {"card": "backstabber", "id": "mine"}]},
            {"play": [{"card": "backstabber", "id": "theirs"}]},
        ]
    )
    bloom = s["players"][0]["hand"][0]
    plays = [a["targets"] for a in legal_actions(s, 0) if a["type"] == "play" and a["card"] == bloom]
    assert [find(s, "mine")] in plays and [find(s, "theirs")] not in plays


def test_unstoppable_ignores_patrollers_even_against_detectors_and_towers():
    """Unstoppable: can ignore patrollers; a detector or a Tower doesn't help
    against it (Unstoppable ruling)."""
    s = _sneak_game(
        {"unstoppable": 1}, [{"card": "tenderfoot", "granted": {"detector": 1}}], buildings={"addon": "tower"}
    )
    assert {"base:1", find(s, "sl")} <= set(_targets_of(s, "a"))


# ---- disable ------------------------------------------------------------------------


def test_disable_exhausts_sidelines_and_skips_the_next_ready_step():
    """Disable: exhaust it, it doesn't ready during its next ready step, and
    it is sidelined if it was patrolling (Porkhand Magistrate's reminder;
    his ability disables)."""
    s = scenario_game(
        [
            {"gold": 3, "play": [{"card": "porkhand_magistrate", "id": "pm"}]},
            {"play": [{"card": "older_brother", "patrol": "squad_leader", "id": "d"}]},
        ]
    )
    d = find(s, "d")
    s = act(s, 0, {"type": "ability", "card": find(s, "pm"), "ability": 0, "targets": [d]})
    assert s["cards"][d]["exhausted"] and s["players"][1]["patrol"]["squad_leader"] is None
    assert _card_view(s, d)["disabled"] is True
    s = end_turn(s, 0)  # seat 1's ready step: it stays exhausted
    assert s["active"] == 1 and s["cards"][d]["exhausted"]
    assert_refused(s, 1, {"type": "attack", "attacker": d, "target": "base:0"}, "exhausted")
    s = _round(s, 1)  # seat 1's next ready step: it readies
    assert s["active"] == 1 and not s["cards"][d]["exhausted"]


# ---- ephemeral ------------------------------------------------------------------------


def test_ephemeral_dies_at_the_end_of_every_turn():
    """Ephemeral: dies at end of turn - each player's turn (Ephemeral
    ruling); a token simply ceases to exist."""
    s = scenario_game(
        [
            {
                "play": [
                    {"card": "older_brother", "granted": {"ephemeral": 1}},
                    {"card": "mercenary", "granted": {"ephemeral": 1}},
                ]
            },
            {"play": [{"card": "tenderfoot", "granted": {"ephemeral": 1}}, {"card": "iron_man"}]},
        ]
    )
    s = end_turn(s, 0)
    assert in_play(s, 0, "older_brother") == [] and "discard" in _zone_of_card(s, 0, "older_brother")
    assert in_play(s, 0, "mercenary") == [] and _zone_of_card(s, 0, "mercenary") == []
    assert in_play(s, 1, "tenderfoot") == [] and len(in_play(s, 1, "iron_man")) == 1


# ---- fading ----------------------------------------------------------------------------


def test_fading_arrives_with_time_runes():
    """Fading X: arrives with X time runes (Fading Argonaut: fading 3)."""
    s = scenario_game([{"hand": ["fading_argonaut"], "gold": 2}])
    s = act(s, 0, {"type": "play", "card": s["players"][0]["hand"][0], "targets": []})
    (argo,) = in_play(s, 0, "fading_argonaut")
    assert s["cards"][argo]["time"] == 3 and _card_view(s, argo, viewer=1)["time"] == 3


def test_fading_loses_a_rune_each_upkeep_and_is_sacrificed_at_the_last():
    """Fading: remove one time rune in each of your upkeeps; removing the
    last sacrifices it. The opponent's upkeep doesn't touch it."""
    s = scenario_game(
        [
            {"play": [{"card": "older_brother", "granted": {"fading": 2}, "time": 2, "id": "f"}]},
            {"play": [{"card": "tenderfoot", "granted": {"fading": 1}, "time": 1, "id": "g"}]},
        ],
        active=1,
    )
    f = find(s, "f")
    s = end_turn(s, 1)  # seat 0's upkeep
    assert s["cards"][f]["time"] == 1 and s["cards"][find(s, "g")]["time"] == 1
    s = _round(s, 0)
    assert in_play(s, 0, "older_brother") == [] and "discard" in _zone_of_card(s, 0, "older_brother")
    assert logged(s, "faded away")


def test_fading_without_time_runes_no_longer_fades():
    """Fading ruling: something with fading but no time runes won't die."""
    s = scenario_game([{"play": [{"card": "older_brother", "granted": {"fading": 1}, "id": "f"}]}], active=1)
    s = _round(s, 1)
    assert in_play(s, 0, "older_brother") == [find(s, "f")]


def test_fading_last_rune_removed_by_another_effect_still_sacrifices():
    """Fading ruling: removing the last time rune some other way (Time
    Spiral, Seer, Tinkerer) still sacrifices the fading thing."""
    from game.codex.checks import run
    from game.codex.timerunes import remove_time_runes

    s = scenario_game([{"play": [{"card": "older_brother", "granted": {"fading": 3}, "time": 1, "id": "f"}]}])
    assert remove_time_runes(s, find(s, "f")) == 1
    run(s)
    assert in_play(s, 0, "older_brother") == []


# ---- forecast ---------------------------------------------------------------------------


def test_forecast_unit_goes_to_the_future_then_arrives():
    """Forecast X: starts off in the future with X time runes, one removed
    each upkeep; when the last is removed it arrives (Plasmodium, forecast 3
    and haste: it can attack at once)."""
    s = scenario_game([{"hand": ["plasmodium"], "gold": 2}])
    s = act(s, 0, {"type": "play", "card": s["players"][0]["hand"][0], "targets": []})
    assert in_play(s, 0, "plasmodium") == [] and s["players"][0]["gold"] == 0
    (fut,) = s["players"][0]["future"]
    assert s["cards"][fut]["time"] == 3
    assert view(s, 1)["players"][0]["future"] == [{"iid": fut, "card": "plasmodium", "name": "Plasmodium", "time": 3}]
    s = _round(s, 0)
    s = _round(s, 0)
    assert s["cards"][fut]["time"] == 1 and in_play(s, 0, "plasmodium") == []
    s = _round(s, 0)
    (plas,) = in_play(s, 0, "plasmodium")
    assert s["players"][0]["future"] == []
    s = _attack(s, plas, "base:1")
    assert base_damage(s, 1) == 4


def test_forecast_needs_no_requirements_when_it_arrives():
    """Forecast ruling: requirements apply when it is played, not when it
    arrives (a tech I unit arrives with no tech building)."""
    s = scenario_game([{"future": [{"card": "knight_of_the_conclave", "time": 1}]}], active=1)
    s = end_turn(s, 1)
    assert len(in_play(s, 0, "knight_of_the_conclave")) == 1


def test_forecast_spell_resolves_from_the_future(monkeypatch, card_hooks):
    """Forecast on a spell: when the last time rune goes, it resolves (Double
    Time's reminder), then it goes to the discard pile. (Double Time's own
    behaviour, an extra turn and the trash, is set aside here:
    tests/rules/cards/purple/test_future.py tests it.)"""
    from game.codex.cards import REGISTRY

    monkeypatch.delitem(REGISTRY, "double_time")
    card_hooks("double_time", Hooks(resolve=lambda st, seat, iid, targets: log(st, "test: double time resolved")))
    s = scenario_game([{"future": [{"card": "double_time", "time": 2}]}], active=1)
    s = end_turn(s, 1)
    assert not logged(s, "test: double time resolved")
    s = _round(s, 0)
    assert logged(s, "test: double time resolved")
    assert s["players"][0]["future"] == [] and "discard" in _zone_of_card(s, 0, "double_time")


def test_forecast_card_put_into_play_otherwise_goes_to_the_future():
    """Forecast ruling: when it would come into play other than by its
    forecast, it goes to the future with time runes instead (a forecast
    token, like Vir Garbarean's Mech)."""
    from game.codex.cards.common import make_token

    s = scenario_game()
    iid = make_token(s, "mech", 0)
    assert s["cards"][iid]["zone"] == "future" and s["cards"][iid]["time"] == 2
    assert in_play(s, 0, "mech") == []


# ---- frenzy, haste, healing --------------------------------------------------------------


def test_frenzy_adds_atk_on_your_turn_only_and_stacks():
    """Frenzy X: +X ATK on your turn; it stacks (Frenzy ruling): Fruit Ninja
    (frenzy 1) with frenzy 1 more gets +2."""
    s = scenario_game([{"play": [{"card": "fruit_ninja", "granted": {"frenzy": 1}, "id": "n"}]}])
    n = find(s, "n")
    assert _card_view(s, n)["atk"] == 4
    s = end_turn(s, 0)
    assert _card_view(s, n)["atk"] == 2


def test_haste_lets_a_card_attack_the_turn_it_arrives():
    """Haste: can attack (and pay exhaust costs) the turn it arrives."""
    s = scenario_game(
        [
            {
                "play": [
                    {"card": "older_brother", "fresh": True, "granted": {"haste": 1}, "id": "h"},
                    {"card": "tenderfoot", "fresh": True, "id": "slow"},
                ]
            }
        ]
    )
    assert_refused(s, 0, {"type": "attack", "attacker": find(s, "slow"), "target": "base:1"}, "arrival_fatigue")
    s = _attack(s, find(s, "h"), "base:1")
    assert base_damage(s, 1) == 2


def test_healing_heals_all_friendly_units_and_heroes_in_your_upkeep():
    """Healing X: during your upkeep, heal X damage from all friendly units
    and heroes (not the opponent's; it never raises max HP)."""
    s = scenario_game(
        [
            {
                "play": [
                    {"card": "tenderfoot", "granted": {"healing": 1}},
                    {"card": "iron_man", "damage": 2, "id": "hurt"},
                    {"card": "troq_bashar", "damage": 1, "id": "hero"},
                    {"card": "older_brother", "id": "whole"},
                ]
            },
            {"play": [{"card": "iron_man", "damage": 2, "id": "foe"}]},
        ],
        active=1,
    )
    s = end_turn(s, 1)
    assert s["cards"][find(s, "hurt")]["damage"] == 1
    assert s["cards"][find(s, "hero")]["damage"] == 0
    assert s["cards"][find(s, "whole")]["damage"] == 0
    assert s["cards"][find(s, "foe")]["damage"] == 2


# ---- illusion ---------------------------------------------------------------------------


def test_illusion_dies_when_targeted_before_the_effect():
    """Illusion: dies the moment a spell or ability targets it; the effect
    never happens to it (Illusion ruling)."""
    s = scenario_game(
        [
            {"hand": ["spark"], "gold": 1, "play": [HERO]},
            {"play": [{"card": "spectral_hound", "patrol": "elite", "id": "ill"}]},
        ]
    )
    s = act(s, 0, {"type": "play", "card": s["players"][0]["hand"][0], "targets": [find(s, "ill")]})
    assert in_play(s, 1, "spectral_hound") == [] and "discard" in _zone_of_card(s, 1, "spectral_hound")


def test_illusion_is_not_killed_by_being_attacked():
    """Illusion ruling: attacking an Illusion does not kill it by itself."""
    s = scenario_game(
        [{"play": [{"card": "older_brother", "id": "a"}]}, {"play": [{"card": "spectral_hound", "id": "ill"}]}]
    )
    s = _attack(s, find(s, "a"), find(s, "ill"))
    assert s["cards"][find(s, "ill")]["damage"] == 2


# ---- indestructible -----------------------------------------------------------------------


def test_indestructible_is_exhausted_and_cleaned_instead_of_dying():
    """Indestructible: if this would die, exhaust it and remove all damage
    instead."""
    s = scenario_game(
        [
            {"play": [{"card": "iron_man", "id": "a"}]},
            {
                "play": [
                    {"card": "older_brother", "patrol": "squad_leader", "granted": {"indestructible": 1}, "id": "d"}
                ]
            },
        ]
    )
    d = find(s, "d")
    s = _attack(s, find(s, "a"), d)
    assert s["cards"][d]["zone"] == "play" and s["cards"][d]["damage"] == 0 and s["cards"][d]["exhausted"]


def test_indestructible_survives_destroy_and_deathtouch():
    """Indestructible: destroying it (The Boot) or deathtouch doesn't kill it."""
    s = scenario_game(
        [
            {
                "hand": ["the_boot"],
                "gold": 3,
                "play": [HERO, {"card": "older_brother", "granted": {"deathtouch": 1}, "id": "dt"}],
            },
            {"play": [{"card": "tenderfoot", "granted": {"indestructible": 1}, "id": "d"}]},
        ]
    )
    d = find(s, "d")
    s = act(s, 0, {"type": "play", "card": s["players"][0]["hand"][0], "targets": [d]})
    assert s["cards"][d]["zone"] == "play" and s["cards"][d]["exhausted"]
    s = _attack(s, find(s, "dt"), d)
    assert s["cards"][d]["zone"] == "play"


def test_indestructible_cannot_be_sacrificed():
    """Indestructible: you can't sacrifice it - not as a cost (Harmony's
    ability is refused) and not by a forced sacrifice (channeling)."""
    s = scenario_game(
        [
            {
                "play": [
                    {"card": "river_montoya", "id": "river"},
                    {"card": "harmony", "granted": {"indestructible": 1}, "id": "h"},
                ]
            }
        ]
    )
    h = find(s, "h")
    assert not [a for a in legal_actions(s, 0) if a["type"] == "ability" and a["card"] == h]
    assert_refused(s, 0, {"type": "ability", "card": h, "ability": 0, "targets": []}, "indestructible")
    s = scenario_game(
        [
            {"play": [{"card": "regular_sized_rhinoceros", "id": "rhino"}]},
            {
                "play": [
                    {"card": "river_montoya", "id": "river"},
                    {"card": "harmony", "granted": {"indestructible": 1}, "id": "h"},
                ]
            },
        ]
    )
    s = _attack(s, find(s, "rhino"), find(s, "river"))
    assert in_play(s, 1, "harmony") == [find(s, "h")]


def test_indestructible_is_skipped_by_obliterate():
    """Obliterate ruling: indestructible units are ignored when looking for
    the lowest tech units; the next lowest is destroyed instead."""
    s = scenario_game(
        [
            {"play": [{"card": "older_brother", "granted": {"obliterate": 2}, "id": "a"}]},
            {
                "play": [
                    {"card": "tenderfoot", "granted": {"indestructible": 1}, "id": "safe"},
                    {"card": "older_brother", "id": "t0"},
                    {"card": "iron_man", "id": "t1"},
                    {"card": "regular_sized_rhinoceros", "id": "t2"},
                ]
            },
        ]
    )
    s = _attack(s, find(s, "a"), "base:1")
    assert sorted(s["cards"][i]["card"] for i in s["players"][1]["play"]) == ["regular_sized_rhinoceros", "tenderfoot"]


def test_indestructible_at_zero_hp_stays_exhausted():
    """Indestructible ruling: at 0 HP (-1/-1 runes) it stays exhausted
    forever, even after its ready step."""
    s = scenario_game(
        [{"play": [{"card": "older_brother", "granted": {"indestructible": 1}, "minus": 2, "id": "z"}]}], active=1
    )
    s = end_turn(s, 1)  # seat 0's ready step and upkeep
    z = find(s, "z")
    assert s["cards"][z]["zone"] == "play" and s["cards"][z]["exhausted"]


# ---- legendary --------------------------------------------------------------------------


def test_legendary_only_one_copy_in_play():
    """Legendary: you can't play a legendary card while you have one with
    the same name in play; the opponent's copy doesn't matter."""
    s = scenario_game(
        [
            {"hand": ["galina_glimmer", "galina_glimmer"], "gold": 5, "buildings": {"tech_1": True}},
            {"play": [{"card": "galina_glimmer"}]},
        ]
    )
    first, second = s["players"][0]["hand"]
    s = act(s, 0, {"type": "play", "card": first, "targets": []})
    assert_refused(s, 0, {"type": "play", "card": second, "targets": []}, "legendary")
    assert not [a for a in legal_actions(s, 0) if a["type"] == "play" and a["card"] == second]


# ---- long-range ----------------------------------------------------------------------------


@pytest.mark.parametrize("defender_long_range, damage", [(False, 0), (True, 1)])
def test_long_range_takes_no_damage_from_defenders_without_it(defender_long_range, damage):
    """Long-range: defenders without long-range deal no damage to it when it
    attacks."""
    granted = {"long_range": 1} if defender_long_range else {}
    s = scenario_game(
        [
            {"play": [{"card": "iron_man", "granted": {"long_range": 1}, "id": "a"}]},
            {"play": [{"card": "tenderfoot", "granted": granted, "id": "d"}]},
        ]
    )
    s = _attack(s, find(s, "a"), find(s, "d"))
    assert s["cards"][find(s, "a")]["damage"] == damage


def test_long_range_does_not_stop_anti_air_fly_over_damage():
    """Long-range ruling: anti-air patrollers it flies over still hit it."""
    s = scenario_game(
        [
            {"play": [{"card": "cloud_sprite", "granted": {"long_range": 1}, "id": "f"}]},
            {"play": [{"card": "tenderfoot", "patrol": "squad_leader", "granted": {"anti_air": 1}}]},
        ]
    )
    s = _attack(s, find(s, "f"), "base:1")
    assert s["cards"][find(s, "f")]["damage"] == 1


# ---- obliterate, overpower, readiness, resist ---------------------------------------------


def test_obliterate_destroys_the_lowest_tech_units_without_targeting():
    """Obliterate X: whenever it attacks, destroy the defender's X lowest
    tech units; it never targets (untargetable and resist don't help)."""
    s = scenario_game(
        [
            {"play": [{"card": "older_brother", "granted": {"obliterate": 1}, "id": "a"}]},
            {
                "play": [
                    {"card": "tenderfoot", "granted": {"untargetable": 1, "resist": 3}},
                    {"card": "iron_man"},
                    {"card": "river_montoya"},
                ]
            },
        ]
    )
    s = _attack(s, find(s, "a"), "base:1")
    assert sorted(s["cards"][i]["card"] for i in s["players"][1]["play"]) == ["iron_man", "river_montoya"]


def test_overpower_excess_hits_another_patroller():
    """Overpower: excess combat damage to a patroller hits something else it
    could attack (another patroller first; R16 counts the armor)."""
    s = scenario_game(
        [
            {"play": [{"card": "regular_sized_rhinoceros", "granted": {"overpower": 1}, "id": "a"}]},
            {
                "play": [
                    {"card": "tenderfoot", "patrol": "elite", "granted": {"armor": 1}, "id": "t"},
                    {"card": "iron_man", "patrol": "lookout", "id": "o"},
                    {"card": "older_brother", "id": "home"},
                ]
            },
        ]
    )
    s = _attack(s, find(s, "a"), find(s, "t"))
    assert s["prompt"] is None and in_play(s, 1, "tenderfoot") == []
    assert s["cards"][find(s, "o")]["damage"] == 2  # 5 ATK - (2 HP + 1 armor)
    assert s["cards"][find(s, "home")]["damage"] == 0 and base_damage(s, 1) == 0


def test_overpower_does_nothing_against_a_non_patroller():
    """Overpower ruling: it does nothing when you attack a non-patroller."""
    s = scenario_game(
        [
            {"play": [{"card": "regular_sized_rhinoceros", "granted": {"overpower": 1}, "id": "a"}]},
            {"play": [{"card": "tenderfoot", "id": "d"}, {"card": "iron_man", "id": "other"}]},
        ]
    )
    s = _attack(s, find(s, "a"), find(s, "d"))
    assert s["prompt"] is None and s["cards"][find(s, "other")]["damage"] == 0 and base_damage(s, 1) == 0


def test_readiness_does_not_exhaust_but_attacks_once():
    """Readiness: doesn't exhaust to attack, but attacks only once a turn."""
    s = scenario_game([{"play": [{"card": "older_brother", "granted": {"readiness": 1}, "id": "r"}]}])
    r = find(s, "r")
    s = _attack(s, r, "base:1")
    assert not s["cards"][r]["exhausted"]
    assert_refused(s, 0, {"type": "attack", "attacker": r, "target": "base:1"}, "already_attacked")


def test_resist_makes_opponents_pay_to_target():
    """Resist X: opponents pay X more to target it; you don't (and it
    stacks, Resist ruling)."""
    seats = [
        {
            "hand": ["spark", "wither"],
            "gold": 2,
            "play": [HERO, {"card": "older_brother", "granted": {"resist": 2}, "id": "mine"}],
        },
        {
            "play": [
                {"card": "tenderfoot", "patrol": "elite", "granted": {"resist": 2}, "id": "r"},
                {"card": "brick_thief", "granted": {"resist": 1}, "id": "r2"},
            ]
        },
    ]
    s = scenario_game(seats)
    spark, wither = s["players"][0]["hand"]
    assert_refused(s, 0, {"type": "play", "card": spark, "targets": [find(s, "r")]}, "not_enough_gold")
    # Brick Thief's printed resist 1 and the granted resist 1 stack: 2 + 2.
    assert_refused(s, 0, {"type": "play", "card": wither, "targets": [find(s, "r2")]}, "not_enough_gold")
    mine = act(s, 0, {"type": "play", "card": wither, "targets": [find(s, "mine")]})
    assert mine["players"][0]["gold"] == 0
    seats[0]["gold"] = 4
    s = scenario_game(seats)
    spark, wither = s["players"][0]["hand"]
    paid = act(s, 0, {"type": "play", "card": spark, "targets": [find(s, "r")]})
    assert paid["players"][0]["gold"] == 1 and paid["cards"][find(s, "r")]["damage"] == 1
    paid = act(s, 0, {"type": "play", "card": wither, "targets": [find(s, "r2")]})
    assert paid["players"][0]["gold"] == 0


# ---- sacrifice, sideline, sparkshot, swift strike ----------------------------------------


def test_sacrifice_is_dying(card_hooks):
    """Sacrifice: the thing dies (to the discard pile), so "dies" triggers
    run (Insurance Agent ruling: sacrificing causes it to die)."""
    card_hooks(
        "tenderfoot",
        Hooks(
            dies=lambda st, iid: log(st, "test: tenderfoot died"),
            abilities=lambda st, iid: [Ability("test: sacrifice.", lambda *a: None, sacrifice=True)],
        ),
    )
    s = scenario_game([{"play": [{"card": "tenderfoot", "id": "t"}]}])
    s = act(s, 0, {"type": "ability", "card": find(s, "t"), "ability": 0, "targets": []})
    assert in_play(s, 0, "tenderfoot") == [] and "discard" in _zone_of_card(s, 0, "tenderfoot")
    assert logged(s, "test: tenderfoot died")


def test_sideline_moves_a_patroller_out_of_the_patrol_zone():
    """Sideline: move it out of the patrol zone; it stays in play (River
    Montoya's mid band ability)."""
    s = scenario_game(
        [
            {"play": [{"card": "river_montoya", "level": 3, "id": "river"}, {"card": "older_brother", "id": "a"}]},
            {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "sl"}]},
        ]
    )
    sl = find(s, "sl")
    assert _targets_of(s, "a") == [sl]
    s = act(s, 0, {"type": "ability", "card": find(s, "river"), "ability": 0, "targets": [sl]})
    assert s["players"][1]["patrol"]["squad_leader"] is None and s["cards"][sl]["zone"] == "play"
    assert "base:1" in _targets_of(s, "a")


def test_sparkshot_hits_an_adjacent_patroller():
    """Sparkshot: when attacking a patroller, 1 damage to an adjacent
    patroller (only one slot over, Sparkshot ruling)."""
    s = scenario_game(
        [
            {"play": [{"card": "older_brother", "granted": {"sparkshot": 1}, "id": "a"}]},
            {
                "play": [
                    {"card": "tenderfoot", "patrol": "squad_leader", "id": "sl"},
                    {"card": "iron_man", "patrol": "elite", "id": "e"},
                    {"card": "iron_man", "patrol": "scavenger", "id": "far"},
                ]
            },
        ]
    )
    s = _attack(s, find(s, "a"), find(s, "sl"))
    assert s["cards"][find(s, "e")]["damage"] == 1 and s["cards"][find(s, "far")]["damage"] == 0


@pytest.mark.parametrize("defender_swift, attacker_damage", [(False, 0), (True, 1)])
def test_swift_strike_deals_damage_first(defender_swift, attacker_damage):
    """Swift strike: deals its combat damage before units and heroes without
    it; a defender it kills never strikes back; both swift: simultaneous."""
    granted = {"swift_strike": 1} if defender_swift else {}
    s = scenario_game(
        [
            {"play": [{"card": "older_brother", "granted": {"swift_strike": 1}, "id": "a"}]},
            {"play": [{"card": "tenderfoot", "granted": granted, "id": "d"}]},
        ]
    )
    s = _attack(s, find(s, "a"), find(s, "d"))
    assert in_play(s, 1, "tenderfoot") == []
    assert s["cards"][find(s, "a")]["damage"] == attacker_damage


# ---- stash -----------------------------------------------------------------------------------


def test_stash_keeps_one_card_and_draws_one_less():
    """Stash: you may keep a card in the draw/discard phase and draw one
    less (Bigby Hayes ruling: 2 in hand, keep 1, draw 3 - 4 cards)."""
    deck = ["older_brother", "tenderfoot", "iron_man", "spark", "wither"]
    s = scenario_game(
        [{"hand": ["bloom", "spark"], "deck": deck, "play": [{"card": "older_brother", "granted": {"stash": 1}}]}]
    )
    keep = s["players"][0]["hand"][0]
    ends = [a for a in legal_actions(s, 0) if a["type"] == "end_main"]
    assert {a.get("stash") for a in ends} == {None, *s["players"][0]["hand"]}
    s = end_turn_stash(s, 0, keep)
    hand = s["players"][0]["hand"]
    assert keep in hand and len(hand) == 4
    assert sorted(s["cards"][i]["card"] for i in hand) == ["bloom", "iron_man", "older_brother", "tenderfoot"]


def test_stash_belongs_to_bigby_hayes():
    """Stash on a hero (Bigby Hayes' first band)."""
    s = scenario_game(
        [{"hand": ["bloom"], "deck": ["spark", "wither", "tenderfoot"], "play": [{"card": "bigby_hayes"}]}]
    )
    keep = s["players"][0]["hand"][0]
    s = end_turn_stash(s, 0, keep)
    assert keep in s["players"][0]["hand"] and len(s["players"][0]["hand"]) == 3


def test_stash_refusals():
    """Without stash there is nothing to keep; the kept card must be in hand."""
    s = scenario_game([{"hand": ["bloom"]}])
    assert_refused(s, 0, {"type": "end_main", "stash": s["players"][0]["hand"][0]}, "no_stash")
    assert all("stash" not in a for a in legal_actions(s, 0) if a["type"] == "end_main")
    s = scenario_game([{"hand": ["bloom"], "play": [{"card": "older_brother", "granted": {"stash": 1}, "id": "u"}]}])
    assert_refused(s, 0, {"type": "end_main", "stash": find(s, "u")}, "bad_stash")


def end_turn_stash(state, seat, keep):
    """End ``seat``'s main phase keeping ``keep`` (stash)."""
    return act(state, seat, {"type": "end_main", "stash": keep})


# ---- trash -------------------------------------------------------------------------------------


def test_trash_removes_a_card_from_the_game_without_dying(card_hooks):
    """Trash: the card leaves the game (its owner's trash pile, not the
    discard pile); from play it leaves play but doesn't die (Nature
    Reclaims' reminder; Insurance Agent ruling)."""
    card_hooks(
        "tenderfoot",
        Hooks(dies=lambda st, iid: log(st, "test: died"), leaves=lambda st, iid: log(st, "test: left play")),
    )
    card_hooks(
        "regular_sized_rhinoceros",
        Hooks(
            abilities=lambda st, iid: [
                Ability(
                    "test: trash a unit.",
                    lambda st2, seat, me, t: trash(st2, t[0]),
                    targets=[Target(("unit",))],
                    exhaust=True,
                )
            ]
        ),
    )
    s = scenario_game(
        [{"play": [{"card": "regular_sized_rhinoceros", "id": "r"}]}, {"play": [{"card": "tenderfoot", "id": "t"}]}]
    )
    s = act(s, 0, {"type": "ability", "card": find(s, "r"), "ability": 0, "targets": [find(s, "t")]})
    assert in_play(s, 1, "tenderfoot") == [] and len(s["players"][1]["trash"]) == 1
    assert "discard" not in _zone_of_card(s, 1, "tenderfoot")
    assert logged(s, "test: left play") and not logged(s, "test: died")
    check_zones(s)
    check_card_counts(s)
    assert view(s, 0)["players"][1]["trash_count"] == 1 and "trash" not in view(s, 0)["players"][1]


def test_trash_a_worker_or_a_token():
    """Trashing a worker lowers the worker count without revealing it
    (Detonate ruling); a trashed token ceases to exist."""
    s = scenario_game([{"worker_cards": ["spark"], "play": [{"card": "mercenary", "id": "tok"}]}])
    workers = view(s, 1)["players"][0]["workers"]
    trash(s, s["players"][0]["workers"][0])
    trash(s, find(s, "tok"))
    assert view(s, 1)["players"][0]["workers"] == workers - 1
    assert s["players"][0]["trash"] and not any(c["card"] == "mercenary" for c in s["cards"].values())
    assert "Spark" not in s["log"][-2]["text"]
    check_zones(s)
    check_card_counts(s)


# ---- two lives ----------------------------------------------------------------------------------


def test_two_lives_first_death_gives_a_crumbling_rune(card_hooks):
    """Two Lives: if this would die, heal all damage on it and put a
    crumbling rune on it instead; with the rune it really dies, and only
    then do "dies" triggers run (Justice Juggernaut ruling)."""
    card_hooks("tenderfoot", Hooks(dies=lambda st, iid: log(st, "test: died")))
    s = scenario_game(
        [
            {"play": [{"card": "iron_man", "id": "a1"}, {"card": "iron_man", "id": "a2"}]},
            {"play": [{"card": "tenderfoot", "granted": {"two_lives": 1}, "id": "t"}]},
        ]
    )
    t = find(s, "t")
    s = _attack(s, find(s, "a1"), t)
    assert s["cards"][t]["zone"] == "play" and s["cards"][t]["damage"] == 0
    assert _card_view(s, t)["crumbling"] is True and not logged(s, "test: died")
    s = _attack(s, find(s, "a2"), t)
    assert in_play(s, 1, "tenderfoot") == [] and logged(s, "test: died")


# ---- unattackable, untargetable ------------------------------------------------------------------


def test_unattackable_cannot_be_attacked_and_does_not_block():
    """Unattackable: it can't be attacked; as squad leader it then stops
    nobody (patrol duties only bind to what the attacker can attack)."""
    s = _sneak_game({}, [])
    s["cards"][find(s, "sl")]["granted"]["unattackable"] = 1
    assert find(s, "sl") not in _targets_of(s, "a") and "base:1" in _targets_of(s, "a")
    assert_refused(s, 0, {"type": "attack", "attacker": find(s, "a"), "target": find(s, "sl")}, "bad_target")


def test_untargetable_cannot_be_targeted_by_anyone_but_can_be_attacked():
    """Untargetable: can't be the target of spells or abilities, yours
    included; it can still be attacked (Untargetable ruling)."""
    s = scenario_game(
        [
            {
                "hand": ["spark", "bloom"],
                "gold": 5,
                "play": [HERO, {"card": "iron_man", "granted": {"untargetable": 1}, "id": "mine"}],
            },
            {"play": [{"card": "tenderfoot", "patrol": "squad_leader", "granted": {"untargetable": 1}, "id": "u"}]},
        ]
    )
    spark, bloom = s["players"][0]["hand"]
    assert_refused(s, 0, {"type": "play", "card": spark, "targets": [find(s, "u")]}, "bad_targets")
    assert_refused(s, 0, {"type": "play", "card": bloom, "targets": [find(s, "mine")]}, "bad_targets")
    s = _attack(s, find(s, "mine"), find(s, "u"))
    assert in_play(s, 1, "tenderfoot") == []


# ---- triggers: arrives, attacks, dies, leaves, upkeep, max level --------------------------------


def test_arrives_trigger_brick_thief():
    """Arrives: Brick Thief's trigger runs when it comes into play (1 damage
    to a building, then repair another)."""
    s = scenario_game([{"hand": ["brick_thief"], "gold": 2}])
    s = act(s, 0, {"type": "play", "card": s["players"][0]["hand"][0], "targets": []})
    assert s["prompt"]["seat"] == 0 and "base:1" in s["prompt"]["options"]
    s = choose(s, 0, "base:1")  # the repair then has one option: taken at once
    assert base_damage(s, 1) == 1


def test_attacks_trigger_brick_thief():
    """Attacks: Brick Thief's trigger runs each time it attacks."""
    s = scenario_game([{"play": [{"card": "brick_thief", "id": "b"}]}])
    s = _attack(s, find(s, "b"), "base:1")
    s = choose(s, 0, "base:1")
    assert base_damage(s, 1) == 3  # 1 from the trigger, 2 from combat


def test_dies_and_leaves_triggers(card_hooks):
    """Dies and leaves: a dying card's "dies" and "leaves" triggers run."""
    card_hooks(
        "tenderfoot",
        Hooks(dies=lambda st, iid: log(st, "test: died"), leaves=lambda st, iid: log(st, "test: left play")),
    )
    s = scenario_game([{"play": [{"card": "iron_man", "id": "a"}]}, {"play": [{"card": "tenderfoot", "id": "t"}]}])
    s = _attack(s, find(s, "a"), find(s, "t"))
    assert logged(s, "test: died") and logged(s, "test: left play")


def test_upkeep_trigger_star_crossed_starlet():
    """Upkeep: Star-Crossed Starlet takes 1 damage in each of your upkeeps."""
    s = scenario_game([{"play": [{"card": "star_crossed_starlet", "id": "s"}]}], active=1)
    s = end_turn(s, 1)
    assert s["cards"][find(s, "s")]["damage"] == 1


def test_max_level_trigger():
    """Max level: a hero's max-level trigger runs when it reaches max level
    (it is also fully healed): General Onimaru's three Soldier tokens."""
    s = scenario_game([{"gold": 5, "play": [{"card": "general_onimaru", "level": 7, "damage": 2, "id": "g"}]}])
    g = find(s, "g")
    assert in_play(s, 0, "soldier") == []
    s = act(s, 0, {"type": "level_up", "hero": g, "levels": 1})
    assert len(in_play(s, 0, "soldier")) == 3
    assert s["cards"][g]["damage"] == 0 and s["cards"][g]["level"] == 8


def test_fading_on_an_ongoing_spell():
    """Fading on an ongoing spell (Vortoss Emblem, fading 3): it stays in
    play with 3 time runes and is sacrificed when the last one goes."""
    s = scenario_game(
        [{"hand": ["vortoss_emblem"], "play": [{"card": "prynn_pasternaak"}, {"card": "tenderfoot", "id": "t"}]}]
    )
    s = act(s, 0, {"type": "play", "card": s["players"][0]["hand"][0], "targets": [find(s, "t")]})
    (emblem,) = in_play(s, 0, "vortoss_emblem")
    assert s["cards"][emblem]["time"] == 3
    for _ in range(3):
        s = _round(s, 0)
    assert in_play(s, 0, "vortoss_emblem") == [] and "discard" in _zone_of_card(s, 0, "vortoss_emblem")


def test_overpower_past_the_squad_leader_goes_to_another_patroller():
    """Overpower ruling + R16: after the squad leader, the excess must go to
    another patroller the attacker could have attacked, never past it."""
    s = scenario_game(
        [
            {"play": [{"card": "harvest_reaper", "id": "a"}]},
            {
                "play": [
                    {"card": "tenderfoot", "patrol": "squad_leader", "id": "sl"},
                    {"card": "older_brother", "patrol": "scavenger", "id": "sc"},
                    {"card": "iron_man", "id": "home"},
                ]
            },
        ]
    )
    s = _attack(s, find(s, "a"), find(s, "sl"))
    # 6 ATK - (2 HP + 1 squad leader armor) = 3 excess, forced onto the scavenger.
    assert s["prompt"] is None
    assert in_play(s, 1, "tenderfoot") == [] and in_play(s, 1, "older_brother") == []
    assert s["cards"][find(s, "home")]["damage"] == 0 and base_damage(s, 1) == 0


def test_overpower_with_no_other_patroller_may_hit_anything():
    """Overpower ruling: with no other patroller it could have attacked, the
    excess may hit anything of the defender's, the base included."""
    s = scenario_game(
        [
            {"play": [{"card": "harvest_reaper", "id": "a"}]},
            {
                "play": [
                    {"card": "tenderfoot", "patrol": "squad_leader", "id": "sl"},
                    {"card": "iron_man", "id": "home"},
                ]
            },
        ]
    )
    s = act(s, 0, {"type": "attack", "attacker": find(s, "a"), "target": find(s, "sl")})
    assert set(s["prompt"]["options"]) == {find(s, "home"), "base:1"}
    s = act(s, 0, {"type": "choose", "choice": ["base:1"]})
    assert base_damage(s, 1) == 3


# ---- indestructible loses its attachments (issue 12) --------------------------------------


def _panda_game(unit):
    """Seat 0: Argagarg Garg (Growth) with Spirit of the Panda in hand and
    ``unit`` (tag "im") in play; seat 1: a Regular-sized Rhinoceros at home."""
    return scenario_game(
        [
            {"hand": ["spirit_of_the_panda"], "gold": 4, "play": [{"card": "argagarg_garg"}, dict(unit, id="im")]},
            {"play": [{"card": "regular_sized_rhinoceros", "id": "rh"}]},
        ],
        heroes=("argagarg_garg", "river_montoya"),
    )


def _discarded(state, seat, card_id):
    return [i for i in state["players"][seat]["discard"] if state["cards"][i]["card"] == card_id]


def test_indestructible_loses_its_attachments_instead_of_dying():
    """Glossary and Immortal's text: "if this would die, instead exhaust it
    and remove all damage and attachments from it" (Indestructible ruling:
    Spirit of the Panda is an attachment). The spell goes to the discard
    pile and its +2/+2 is gone."""
    s = _panda_game({"card": "older_brother", "granted": {"indestructible": 1}})
    im = find(s, "im")
    s = act(s, 0, {"type": "play", "card": hand_ids(s, 0)[0], "targets": [im]})
    assert in_play(s, 0, "spirit_of_the_panda") and atk_hp(s, im) == (4, 4)
    s = _attack(s, im, find(s, "rh"))  # 5 damage: it would die
    assert s["cards"][im]["zone"] == "play" and s["cards"][im]["damage"] == 0 and s["cards"][im]["exhausted"]
    assert in_play(s, 0, "spirit_of_the_panda") == [] and len(_discarded(s, 0, "spirit_of_the_panda")) == 1
    assert atk_hp(s, im) == (2, 2)


def test_indestructible_at_zero_hp_loses_an_attachment_at_once():
    """Indestructible ruling: at 0 HP from -1/-1 runes, "if it gets any
    damage or attachments in this state, immediately remove the damage
    and/or attachments"."""
    s = _panda_game({"card": "older_brother", "granted": {"indestructible": 1}, "minus": 4, "exhausted": True})
    im = find(s, "im")
    s = act(s, 0, {"type": "play", "card": hand_ids(s, 0)[0], "targets": [im]})
    assert s["cards"][im]["zone"] == "play" and s["cards"][im]["exhausted"]
    assert in_play(s, 0, "spirit_of_the_panda") == [] and len(_discarded(s, 0, "spirit_of_the_panda")) == 1


def test_a_unit_that_is_not_indestructible_takes_its_attachment_with_it():
    """The attachment rule the indestructible case departs from: the host
    dies and the attachment goes to the discard pile too (glossary:
    attachments; docs/RULINGS.md, Attachments)."""
    s = _panda_game({"card": "older_brother"})
    im = find(s, "im")
    s = act(s, 0, {"type": "play", "card": hand_ids(s, 0)[0], "targets": [im]})
    s = _attack(s, im, find(s, "rh"))
    assert im not in s["cards"] and len(_discarded(s, 0, "spirit_of_the_panda")) == 1
