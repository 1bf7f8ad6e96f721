"""Scenario tests for the Truth part of the blue starting deck (Spectral
Aven, Manufactured Truth) and the blue Water Elemental token, with the
official rulings (reference/codex-cards/rulings.json) named where they
decide something. Seat 0 has Sirus Quince in play for Troq Bashar's seat
(the blue heroes are not playable yet)."""

from game.codex import stats
from game.codex.targeting import is_illusion
from tests.rules.helpers import (
    act,
    atk_hp,
    attack,
    choose,
    end_turn,
    find,
    gone,
    play_card,
    prompt_options,
    scenario_game,
)

QUINCE = {"card": "sirus_quince", "id": "quince"}


def game(seat0=None, seat1=None, **kw):
    return scenario_game([seat0 or {}, seat1 or {}], **kw)


# ---- Spectral Aven -------------------------------------------------------------


def test_spectral_aven_flies_over_ground_patrollers_and_dies_when_targeted():
    """Spectral Aven: a tech 0 flying Illusion: ground patrollers don't stop
    it; a spell that targets it kills it."""
    s = game(
        {"play": [{"card": "spectral_aven", "id": "aven"}]},
        {
            "hand": ["wither"],
            "gold": 2,
            "play": [{"card": "troq_bashar"}, {"card": "older_brother", "id": "bro", "patrol": "squad_leader"}],
        },
    )
    aven = find(s, "aven")
    assert atk_hp(s, aven) == (2, 2) and stats.kw(s, aven, "flying") == 1 and is_illusion(s, aven)
    assert stats.tech_level(s, aven) == 0
    s = attack(s, 0, aven, "base:1")
    assert s["teams"][1]["damage"] == 2
    s = end_turn(s, 0)
    s = play_card(s, 1, "wither", [aven])
    assert gone(s, "aven")


# ---- Manufactured Truth --------------------------------------------------------


def test_manufactured_truth_copies_the_printed_card_until_end_of_turn():
    """Manufactured Truth: until the turn ends, a tech 0 or I unit you
    control takes the form of some other tech 0 or I unit. Ruling: the copy is the
    printed card, no runes of the original; the copier keeps its own
    damage and runes, and it is itself again when the turn ends."""
    s = game(
        {
            "hand": ["manufactured_truth"],
            "gold": 1,
            "play": [QUINCE, {"card": "tenderfoot", "id": "foot", "plus": 1}, {"card": "older_brother", "id": "bro"}],
        },
        {"play": [{"card": "iron_man", "id": "iron", "plus": 2}, {"card": "liberty_gryphon", "id": "gry"}]},
    )
    foot = find(s, "foot")
    s = play_card(s, 0, "manufactured_truth")
    assert sorted(prompt_options(s)) == sorted([foot, find(s, "bro")])  # yours, tech 0 or I
    s = choose(s, 0, foot)
    assert find(s, "gry") not in prompt_options(s) and foot not in prompt_options(s)
    s = choose(s, 0, find(s, "iron"))
    assert s["cards"][foot]["card"] == "iron_man"
    assert atk_hp(s, foot) == (4, 5)  # Iron Man 3/4 printed, plus its own +1/+1 rune
    assert stats.tech_level(s, foot) == 1
    s = end_turn(s, 0)
    assert s["cards"][foot]["card"] == "tenderfoot" and atk_hp(s, foot) == (2, 3)


def test_manufactured_truth_has_no_target_icon_flagbearers_and_illusions_dont_care():
    """Flagbearer ruling: Manufactured Truth has no ◎, so it may copy
    something other than an opposing flagbearer; copying an Illusion does
    not kill it (it isn't targeted), and the copy of an Illusion is one."""
    s = game(
        {"hand": ["manufactured_truth"], "gold": 1, "play": [QUINCE, {"card": "tenderfoot", "id": "foot"}]},
        {
            "play": [
                {"card": "spectral_flagbearer", "id": "flag", "patrol": "squad_leader"},
                {"card": "spectral_hound", "id": "hound"},
            ]
        },
    )
    s = play_card(s, 0, "manufactured_truth")  # one unit of yours: chosen at once
    assert sorted(prompt_options(s)) == sorted([find(s, "flag"), find(s, "hound")])
    s = choose(s, 0, find(s, "hound"))
    assert not gone(s, "hound")
    foot = find(s, "foot")
    assert s["cards"][foot]["card"] == "spectral_hound" and is_illusion(s, foot)


def test_manufactured_truth_copy_does_not_arrive_and_dies_as_itself():
    """A copy doesn't arrive (no arrival fatigue from it: Arrival Fatigue and
    Insurance Agent rulings); if it dies it goes to the discard pile as
    itself."""
    s = game(
        {"hand": ["manufactured_truth", "wither"], "gold": 3, "play": [QUINCE, {"card": "tenderfoot", "id": "foot"}]},
        {"play": [{"card": "spectral_hound", "id": "hound"}]},
    )
    s = play_card(s, 0, "manufactured_truth")
    foot = find(s, "foot")
    assert s["cards"][foot]["arrived"] == 0
    s = attack(s, 0, foot, "base:1")
    assert s["teams"][1]["damage"] == 3
    s = play_card(s, 0, "wither", [foot])  # now an Illusion: it dies
    assert gone(s, "foot")
    assert sorted(s["cards"][i]["card"] for i in s["players"][0]["discard"]) == [
        "manufactured_truth",
        "tenderfoot",
        "wither",
    ]


def test_manufactured_truth_with_no_unit_of_yours_does_nothing():
    s = game({"hand": ["manufactured_truth"], "gold": 1, "play": [QUINCE]}, {"play": [{"card": "tenderfoot"}]})
    s = play_card(s, 0, "manufactured_truth")
    assert s["prompt"] is None and s["players"][0]["gold"] == 0


# ---- Water Elemental (blue token, made by Argagarg Garg) -----------------------


def test_water_elemental_is_a_three_three_anti_air_token_that_can_attack_fliers():
    """Water Elemental: a 3/3 tech 0 token with anti-air, so it may attack a
    flier (glossary: Anti-air)."""
    s = game({"play": [{"card": "water_elemental", "id": "water"}]}, {"play": [{"card": "spectral_roc", "id": "roc"}]})
    water = find(s, "water")
    assert atk_hp(s, water) == (3, 3) and stats.kw(s, water, "anti_air") == 1
    assert stats.tech_level(s, water) == 0
    s = act(s, 0, {"type": "attack", "attacker": water, "target": find(s, "roc")})
    assert s["cards"][find(s, "roc")]["damage"] == 3
