"""Scenario tests for the Truth codex, Sirus Quince and the Mirror Illusion
token (blue), with the official rulings (reference/codex-cards/rulings.json,
"Blue", "Heroes", "General") named where they decide something.

Sirus Quince is not playable yet (the whole blue deck must work first), so
the scenarios put him in play for a seat whose hero is Troq Bashar; seat 1
plays River Montoya (or Master Midori where a green spell is needed).
"""

import pytest

from game.codex import catalog, stats
from game.codex.invariants import check_views
from game.codex.targeting import is_illusion
from game.codex.view import view
from game.rules import new_game
from tests.rules.helpers import (
    assert_refused,
    atk_hp,
    attack,
    cards_in,
    choose,
    end_turn,
    find,
    gone,
    hand_ids,
    in_play,
    logged,
    play_card,
    prompt_options,
    scenario_game,
    use_ability,
)

QUINCE = {"card": "sirus_quince", "id": "quince"}
QUINCE_MID = {"card": "sirus_quince", "level": 3, "id": "quince"}
QUINCE_MAX = {"card": "sirus_quince", "level": 5, "id": "quince"}
ALL_TECH = {"tech_1": True, "tech_2": True, "tech_3": True}


def game(seat0=None, seat1=None, **kw):
    """Seat 0 (active unless told) has the Truth cards; seat 1 opposes."""
    return scenario_game([seat0 or {}, seat1 or {}], **kw)


def _checks(s):
    """Run the state-based checks the way the engine does after a step."""
    from game.codex.checks import run

    run(s)
    return s


def patroller(card_id, tag, slot="squad_leader"):
    return {"card": card_id, "id": tag, "patrol": slot}


# ---- Illusions: the Spectral units, Spectral Aven, the Mirror Illusion -------

ILLUSIONS = [
    ("spectral_hound", (3, 3), {}),
    ("spectral_tiger", (5, 5), {}),
    ("spectral_roc", (4, 5), {"flying": 1}),
    ("spectral_flagbearer", (2, 2), {"flagbearer": 1}),
    ("liberty_gryphon", (5, 5), {"flying": 1, "haste": 1}),
    ("reteller_of_truths", (3, 3), {}),
    ("spectral_aven", (2, 2), {"flying": 1}),
    ("mirror_illusion", (0, 1), {}),
]


@pytest.mark.parametrize("card_id,stats_,keywords", ILLUSIONS)
def test_each_illusion_has_its_stats_and_dies_when_a_spell_targets_it(card_id, stats_, keywords):
    """Illusion ruling: targeted by a spell, it dies at once and never takes
    the damage (Spark's 1 damage would not kill a 3/3 Hound)."""
    s = game(
        {"hand": ["spark"], "gold": 1, "play": [{"card": "troq_bashar"}]},
        {"play": [patroller(card_id, "ill", "technician")]},
        active=0,
    )
    unit = find(s, "ill")
    assert atk_hp(s, unit) == stats_
    assert stats.compute(s, unit)["kw"] == keywords
    assert is_illusion(s, unit)
    s = play_card(s, 0, "spark", [unit])
    assert gone(s, "ill")
    assert logged(s, "vanished when targeted")
    if card_id == "reteller_of_truths":  # it returns itself to hand (tested below)
        assert card_id in cards_in(s, 1, "hand")
    elif not catalog.card(card_id)["token"]:
        assert cards_in(s, 1, "discard") == [card_id]  # to its owner's discard pile


def test_an_attacked_illusion_does_not_die_of_it():
    """Illusion ruling: being attacked does not kill an Illusion."""
    s = game(
        {"play": [{"card": "older_brother", "id": "bro"}]},
        {"play": [patroller("spectral_tiger", "tiger", "technician")]},
    )
    s = attack(s, 0, find(s, "bro"), find(s, "tiger"))
    assert s["cards"][find(s, "tiger")]["damage"] == 2


def test_spectral_flagbearer_must_be_targeted_by_an_opposing_spell():
    """Spectral Flagbearer: an opposing spell that can target a flagbearer must."""
    s = game(
        {"hand": ["spark"], "gold": 1, "play": [{"card": "troq_bashar"}]},
        {"play": [patroller("spectral_flagbearer", "flag"), patroller("tenderfoot", "foot", "elite")]},
    )
    assert_refused(
        s, 0, {"type": "play", "card": hand_ids(s, 0, "spark")[0], "targets": [find(s, "foot")]}, "flagbearer"
    )
    s = play_card(s, 0, "spark", [find(s, "flag")])
    assert gone(s, "flag")


# ---- Macciatus, The Whisperer ----------------------------------------------------


def test_macciatus_gives_your_illusions_plus_one_and_keeps_them_from_dying_when_targeted():
    """Macciatus: your Illusion units get +1/+1 and no longer die when
    targeted; others' Illusions and your other units are untouched."""
    s = game(
        {
            "hand": ["spark"],
            "gold": 1,
            "play": [
                {"card": "troq_bashar"},
                {"card": "macciatus_the_whisperer", "id": "mac"},
                patroller("spectral_hound", "hound"),
                {"card": "tenderfoot", "id": "foot"},
            ],
        },
        {"play": [patroller("spectral_hound", "their_hound")]},
        active=1,
    )
    assert atk_hp(s, find(s, "hound")) == (4, 4)
    assert atk_hp(s, find(s, "mac")) == (3, 3)
    assert atk_hp(s, find(s, "foot")) == (1, 2)
    assert atk_hp(s, find(s, "their_hound")) == (3, 3)
    s = scenario_game(
        [
            {"hand": ["spark"], "gold": 1, "play": [{"card": "troq_bashar"}]},
            {"play": [{"card": "macciatus_the_whisperer"}, patroller("spectral_hound", "hound", "technician")]},
        ]
    )
    s = play_card(s, 0, "spark", [find(s, "hound")])
    assert not gone(s, "hound")
    assert s["cards"][find(s, "hound")]["damage"] == 1


# ---- Reteller of Truths ----------------------------------------------------------


def test_reteller_of_truths_returns_the_first_two_illusions_that_die_each_turn_to_hand():
    """Reteller of Truths: the first two times each turn one of your non-token
    Illusion units dies (itself included), it goes to its owner's hand; the
    third goes to the discard pile; a token Illusion doesn't count."""
    s = game(
        {"hand": ["spark", "spark", "spark", "spark"], "gold": 4, "play": [{"card": "troq_bashar"}]},
        {
            "play": [
                patroller("reteller_of_truths", "ret"),
                patroller("spectral_hound", "h1", "elite"),
                patroller("spectral_hound", "h2", "technician"),
                patroller("mirror_illusion", "mirror", "scavenger"),
            ]
        },
    )
    s = play_card(s, 0, "spark", [find(s, "mirror")])  # a token: not returned, not counted
    s = play_card(s, 0, "spark", [find(s, "h1")])
    assert cards_in(s, 1, "hand") == ["spectral_hound"]
    s = play_card(s, 0, "spark", [find(s, "ret")])  # itself, the second this turn
    assert cards_in(s, 1, "hand") == ["reteller_of_truths", "spectral_hound"]
    s = play_card(s, 0, "spark", [find(s, "h2")])  # no Reteller in play any more
    assert cards_in(s, 1, "discard") == ["spectral_hound"]


def test_reteller_of_truths_a_returned_unit_really_died():
    """Reteller of Truths ruling: the unit really dies, so a death in the
    technician slot still draws a card, and the third death in a turn goes
    to the discard pile."""
    s = game(
        {"hand": ["spark"] * 3, "gold": 3, "play": [{"card": "troq_bashar"}]},
        {
            "deck": ["tenderfoot"],
            "play": [
                {"card": "reteller_of_truths"},
                patroller("spectral_hound", "h1", "technician"),
                patroller("spectral_hound", "h2", "elite"),
                patroller("spectral_hound", "h3", "scavenger"),
            ],
        },
    )
    s = play_card(s, 0, "spark", [find(s, "h1")])
    assert cards_in(s, 1, "hand") == ["spectral_hound", "tenderfoot"]
    s = play_card(s, 0, "spark", [find(s, "h2")])
    s = play_card(s, 0, "spark", [find(s, "h3")])
    assert cards_in(s, 1, "hand") == ["spectral_hound", "spectral_hound", "tenderfoot"]
    assert cards_in(s, 1, "discard") == ["spectral_hound"]


# ---- Liberty Gryphon -------------------------------------------------------------


def test_liberty_gryphon_is_untargetable_unattackable_unstoppable_with_another_illusion():
    """Liberty Gryphon: unstoppable, unattackable and untargetable while you
    control an Illusion with another name."""
    alone = game({"play": [{"card": "liberty_gryphon", "id": "gry"}]})
    assert not {"unstoppable", "unattackable", "untargetable"} & set(stats.compute(alone, find(alone, "gry"))["kw"])
    s = game({"play": [{"card": "liberty_gryphon", "id": "gry"}, {"card": "spectral_hound"}]})
    kw = stats.compute(s, find(s, "gry"))["kw"]
    assert kw["unstoppable"] == kw["unattackable"] == kw["untargetable"] == 1


def test_liberty_gryphon_a_second_gryphon_does_not_count():
    """Liberty Gryphon ruling: two Gryphons (a copy too) share the name: no
    keywords from each other."""
    s = game({"play": [{"card": "liberty_gryphon", "id": "g1"}, {"card": "liberty_gryphon", "id": "g2"}]})
    assert "untargetable" not in stats.compute(s, find(s, "g1"))["kw"]


# ---- Hallucination ---------------------------------------------------------------


def test_hallucination_makes_up_to_two_units_illusions_this_turn():
    """Hallucination: up to two tech 0, I or II units are Illusions this turn:
    a later spell targeting one kills it; next turn they are themselves."""
    s = game(
        {"hand": ["hallucination", "spark"], "gold": 3, "play": [QUINCE]},
        {"play": [patroller("older_brother", "bro"), patroller("tenderfoot", "foot", "elite")]},
    )
    s = play_card(s, 0, "hallucination")
    s = choose(s, 0, find(s, "bro"))
    s = choose(s, 0, find(s, "foot"))
    assert is_illusion(s, find(s, "bro")) and is_illusion(s, find(s, "foot"))
    s = play_card(s, 0, "spark", [find(s, "bro")])
    assert gone(s, "bro")
    s = end_turn(s, 0)
    assert not is_illusion(s, find(s, "foot"))


def test_hallucination_choosing_an_illusion_kills_it_and_none_is_allowed():
    """Hallucination targets (◎): an Illusion it picks dies; it may pick none."""
    s = game(
        {"hand": ["hallucination"], "gold": 2, "play": [QUINCE]},
        {"play": [{"card": "spectral_hound", "id": "hound"}, {"card": "tenderfoot", "id": "foot"}]},
    )
    s = play_card(s, 0, "hallucination")
    s = choose(s, 0, find(s, "hound"))
    assert gone(s, "hound")
    assert prompt_options(s) == [find(s, "foot")]
    s = choose(s, 0)
    assert s["prompt"] is None and not is_illusion(s, find(s, "foot"))


def test_hallucination_offers_only_tech_two_or_lower():
    s = game(
        {"hand": ["hallucination"], "gold": 2, "play": [QUINCE]},
        {"play": [{"card": "liberty_gryphon", "id": "gry"}, {"card": "tenderfoot", "id": "foot"}]},
    )
    s = play_card(s, 0, "hallucination")
    assert find(s, "foot") in prompt_options(s) and find(s, "gry") not in prompt_options(s)


# ---- Dreamscape ------------------------------------------------------------------


def test_dreamscape_makes_every_tech_two_or_lower_unit_an_illusion_until_truth_hero_goes():
    """Dreamscape: all tech 0, I and II units are Illusions (anyone's; tech
    III and heroes are not); channeling: sacrificed when you lose your Truth
    hero."""
    s = game(
        {"hand": ["dreamscape", "spark"], "gold": 4, "play": [QUINCE, {"card": "tenderfoot", "id": "mine"}]},
        {
            "play": [
                patroller("older_brother", "bro"),
                {"card": "liberty_gryphon", "id": "gry"},
                {"card": "river_montoya", "id": "river"},
            ]
        },
    )
    s = play_card(s, 0, "dreamscape")
    assert is_illusion(s, find(s, "mine")) and is_illusion(s, find(s, "bro"))
    assert is_illusion(s, find(s, "gry"))  # printed Illusion anyway
    assert not is_illusion(s, find(s, "river"))
    s = play_card(s, 0, "spark", [find(s, "bro")])
    assert gone(s, "bro")
    s["cards"][find(s, "quince")]["damage"] = 99  # Quince dies at the next check
    s = _checks(s)
    assert in_play(s, 0, "dreamscape") == []
    assert not is_illusion(s, find(s, "mine"))


def test_dreamscape_liberty_gryphon_not_tech_three_other_illusions():
    """With Dreamscape a Liberty Gryphon's other Illusions include every low
    tech unit of yours."""
    s = game(
        {
            "hand": ["dreamscape"],
            "gold": 3,
            "play": [QUINCE, {"card": "liberty_gryphon", "id": "gry"}, {"card": "tenderfoot"}],
        }
    )
    assert "untargetable" not in stats.compute(s, find(s, "gry"))["kw"]
    s = play_card(s, 0, "dreamscape")
    assert stats.compute(s, find(s, "gry"))["kw"]["untargetable"] == 1


# ---- Mind Control ----------------------------------------------------------------


def test_mind_control_takes_a_unit_which_arrives_for_you():
    """Mind Control: attach to a tech 0, I or II unit; you control it (arrival
    fatigue: it just came under your control)."""
    s = game(
        {"hand": ["mind_control"], "gold": 5, "play": [QUINCE_MAX]},
        {"play": [patroller("older_brother", "bro"), {"card": "liberty_gryphon", "id": "gry"}]},
    )
    spell = hand_ids(s, 0, "mind_control")[0]
    assert_refused(s, 0, {"type": "play", "card": spell, "targets": [find(s, "gry")]}, "bad_targets")
    s = play_card(s, 0, "mind_control", [find(s, "bro")])
    bro = find(s, "bro")
    assert s["cards"][bro]["controller"] == 0 and bro in s["players"][0]["play"]
    assert s["players"][1]["patrol"]["squad_leader"] is None
    assert_refused(s, 0, {"type": "attack", "attacker": bro, "target": "base:1"}, "arrival_fatigue")
    (mc,) = in_play(s, 0, "mind_control")
    assert s["cards"][mc]["marks"]["attached"] == bro


def test_mind_control_needs_the_truth_hero_at_max_level():
    s = game({"hand": ["mind_control"], "gold": 5, "play": [QUINCE_MID]}, {"play": [{"card": "tenderfoot", "id": "f"}]})
    assert_refused(
        s, 0, {"type": "play", "card": hand_ids(s, 0, "mind_control")[0], "targets": [find(s, "f")]}, "needs_max_hero"
    )


def test_mind_control_the_unit_dies_each_goes_to_its_owners_discard():
    """Mind Control ruling: if the unit dies, it and Mind Control each go to
    their owner's discard pile."""
    s = game(
        {"hand": ["mind_control", "wither"], "gold": 7, "play": [QUINCE_MAX]},
        {"play": [{"card": "tenderfoot", "id": "foot", "damage": 1}]},
    )
    s = play_card(s, 0, "mind_control", [find(s, "foot")])
    s = play_card(s, 0, "wither", [find(s, "foot")])
    assert cards_in(s, 1, "discard") == ["tenderfoot"]
    assert cards_in(s, 0, "discard") == ["mind_control", "wither"]


def act_patrol(s, seat, iid, slot="elite"):
    from tests.rules.helpers import act

    return act(s, seat, {"type": "patrol", "card": iid, "slot": slot})


def test_mind_control_destroyed_gives_the_unit_back():
    """Mind Control ruling: if Mind Control is destroyed (Nature Reclaims),
    the unit returns to whoever controlled it before."""
    s = scenario_game(
        [
            {"hand": ["mind_control"], "gold": 5, "play": [QUINCE_MAX]},
            {
                "hand": ["nature_reclaims"],
                "gold": 9,
                "play": [{"card": "master_midori"}, {"card": "tenderfoot", "id": "foot"}],
            },
        ],
        heroes=("troq_bashar", "river_montoya"),
    )
    s = play_card(s, 0, "mind_control", [find(s, "foot")])
    assert s["cards"][find(s, "foot")]["controller"] == 0
    s = end_turn(s, 0)
    (mc,) = in_play(s, 0, "mind_control")
    s = play_card(s, 1, "nature_reclaims", [mc])
    assert s["cards"][find(s, "foot")]["controller"] == 1
    assert in_play(s, 0, "mind_control") == []


def test_taking_control_of_mind_control_takes_the_unit_it_holds_too():
    """Mind Control ruling: if you Assimilate a Mind Control, you now control
    the attached unit too."""
    s = scenario_game(
        [
            {"hand": ["mind_control"], "gold": 5, "play": [QUINCE_MAX]},
            {
                "hand": ["assimilate"],
                "gold": 3,
                "play": [{"card": "vir_garbarean"}, {"card": "tenderfoot", "id": "foot"}],
            },
        ],
        heroes=("troq_bashar", "river_montoya"),
    )
    s = play_card(s, 0, "mind_control", [find(s, "foot")])
    s = end_turn(s, 0)
    (mc,) = in_play(s, 0, "mind_control")
    s = play_card(s, 1, "assimilate", [mc])
    foot = find(s, "foot")
    assert s["cards"][mc]["controller"] == 1 and s["cards"][foot]["controller"] == 1
    assert foot in s["players"][1]["play"] and foot not in s["players"][0]["play"]
    assert s["cards"][mc]["marks"]["attached"] == foot


# ---- Eyes of the Chancellor ------------------------------------------------------


def test_eyes_of_the_chancellor_detector_haste_and_invisible_until_next_upkeep():
    """Eyes of the Chancellor: detector; haste, so it can exhaust the turn it
    arrives; exhaust: a friendly unit is invisible until your next upkeep."""
    s = scenario_game(
        [
            {
                "hand": ["eyes_of_the_chancellor"],
                "gold": 3,
                "buildings": ALL_TECH,
                "play": [{"card": "tenderfoot", "id": "foot"}],
            },
            {},
        ],
        heroes=("sirus_quince", "river_montoya"),
    )
    s = play_card(s, 0, "eyes_of_the_chancellor")
    (eyes,) = in_play(s, 0, "eyes_of_the_chancellor")
    assert stats.kw(s, eyes, "detector") == 1
    s = use_ability(s, 0, eyes, 0, [find(s, "foot")])
    assert s["cards"][eyes]["exhausted"]
    assert stats.kw(s, find(s, "foot"), "invisible") == 1
    s = end_turn(s, 0)
    assert stats.kw(s, find(s, "foot"), "invisible") == 1  # through the opponent's turn
    s = end_turn(s, 1)
    assert stats.kw(s, find(s, "foot"), "invisible") == 0


def test_eyes_of_the_chancellor_reveals_opponents_hands_to_its_controller_only():
    """Eyes of the Chancellor: opponents play with their hands revealed: the
    view of its controller shows them (without hidden-zone ids); a
    spectator's doesn't, and its controller's own hand stays hidden from the
    opponent."""
    s = game({"hand": ["spark"], "play": [{"card": "eyes_of_the_chancellor"}]}, {"hand": ["tenderfoot", "wither"]})
    mine = view(s, 0)["players"][1]
    assert mine["hand_revealed"] is True
    assert sorted(c["card"] for c in mine["hand"]) == ["tenderfoot", "wither"]
    assert all("iid" not in c for c in mine["hand"])
    assert "hand" not in view(s, None)["players"][1]
    assert "hand" not in view(s, 1)["players"][0]
    check_views(s)


def test_eyes_of_the_chancellor_free_for_all_only_its_controller_sees():
    """In a free-for-all the Eyes' controller sees every opponent's hand;
    those opponents still don't see each other's."""
    heroes = ("troq_bashar", "river_montoya", "troq_bashar")
    s = new_game(
        {
            "mode": "ffa",
            "seed": 1,
            "seats": [{"name": f"P{i}", "hero": h} for i, h in enumerate(heroes)],
            "scenario": {
                "turn": 3,
                "active": 0,
                "seats": [{"play": [{"card": "eyes_of_the_chancellor"}]}, {"hand": ["spark"]}, {"hand": ["wither"]}],
            },
        }
    )
    v0 = view(s, 0)
    assert [c["card"] for c in v0["players"][1]["hand"]] == ["spark"]
    assert [c["card"] for c in v0["players"][2]["hand"]] == ["wither"]
    assert "hand" not in view(s, 1)["players"][2]
    assert "hand" not in view(s, 2)["players"][1]
    check_views(s)


def test_eyes_of_the_chancellor_two_headed_dragon_teammate_sees_too():
    """2v2: the Eyes' controller's teammate sees the revealed hands (R21);
    the opponents don't see each other's any more than before."""
    heroes = ("troq_bashar", "river_montoya", "troq_bashar", "river_montoya")
    s = new_game(
        {
            "mode": "2hg",
            "seed": 1,
            "seats": [{"name": f"P{i}", "hero": h} for i, h in enumerate(heroes)],
            "scenario": {
                "turn": 3,
                "active": 0,
                "seats": [
                    {"play": [{"card": "eyes_of_the_chancellor"}]},
                    {"hand": ["spark"]},
                    {"hand": ["wither"]},
                    {"hand": ["bloom"]},
                ],
            },
        }
    )
    teams = {p["seat"]: p["team"] for p in s["players"]}
    mate = next(q for q in teams if q != 0 and teams[q] == teams[0])
    foes = [q for q in teams if teams[q] != teams[0]]
    for foe in foes:
        assert view(s, 0)["players"][foe].get("hand_revealed")
        assert view(s, mate)["players"][foe].get("hand_revealed")
        assert "hand" not in view(s, None)["players"][foe]
    check_views(s)


# ---- Sirus Quince ----------------------------------------------------------------


def test_sirus_quince_arrives_with_a_mirror_illusion():
    """Sirus Quince: arrives: a 0/1 Mirror Illusion token."""
    s = scenario_game([{"gold": 2}, {}], heroes=("sirus_quince", "river_montoya"))
    hero = s["players"][0]["command"][0]
    from tests.rules.helpers import act

    s = act(s, 0, {"type": "summon", "hero": hero})
    (mirror,) = in_play(s, 0, "mirror_illusion")
    assert atk_hp(s, mirror) == (0, 1) and is_illusion(s, mirror)


def test_sirus_quince_pays_two_for_another_mirror_up_to_two_copies_counting():
    """Sirus Quince: ② → another Mirror Illusion (limit 2; Mirrors copying
    something still count: Limit: X and Sirus Quince rulings)."""
    s = game({"gold": 6, "play": [QUINCE, {"card": "mirror_illusion"}]})
    quince = find(s, "quince")
    s = use_ability(s, 0, quince, 0)
    assert len(in_play(s, 0, "mirror_illusion")) == 2 and s["players"][0]["gold"] == 4
    assert_refused(s, 0, {"type": "ability", "card": quince, "ability": 0, "targets": []}, "bad_ability")


def test_sirus_quince_mid_band_copy_is_an_illusion_trashed_at_end_of_turn():
    """Sirus Quince, level 3: ② → a Mirror Illusion becomes a copy of another
    tech 0, I or II unit (printed: no runes), still an Illusion, trashed at
    the end of the turn; arrival fatigue is the Mirror's own (ruling)."""
    s = game(
        {
            "gold": 4,
            "play": [
                QUINCE_MID,
                {"card": "mirror_illusion", "id": "m"},
                {"card": "mirror_illusion", "id": "m2", "fresh": True},
            ],
        },
        {
            "play": [
                {"card": "older_brother", "id": "bro", "plus": 2, "fresh": True},
                {"card": "liberty_gryphon", "id": "gry"},
                {"card": "tenderfoot", "id": "foot"},
            ]
        },
    )
    quince, m = find(s, "quince"), find(s, "m")
    s = use_ability(s, 0, quince, 1)
    assert sorted(prompt_options(s)) == sorted([m, find(s, "m2")])
    s = choose(s, 0, m)
    assert sorted(prompt_options(s)) == sorted([find(s, "bro"), find(s, "foot")])  # not tech III
    s = choose(s, 0, find(s, "bro"))
    assert s["cards"][m]["card"] == "older_brother"
    assert atk_hp(s, m) == (2, 2)  # printed, not the +2 runes
    assert is_illusion(s, m) and stats.tech_level(s, m) == 0
    # the copy is no Mirror any more: only the other one can copy now (the
    # Mirror question is skipped: one choice), and the copy can't be copied
    s = use_ability(s, 0, quince, 1)
    assert s["prompt"]["text"].startswith("Sirus Quince: choose the tech")
    s = choose(s, 0, find(s, "bro"))
    assert s["cards"][find(s, "m2")]["card"] == "older_brother"
    s = attack(s, 0, m, "base:1")  # under control since before the turn: no fatigue
    assert_refused(s, 0, {"type": "attack", "attacker": find(s, "m2"), "target": "base:1"}, "arrival_fatigue")
    s = end_turn(s, 0)
    assert in_play(s, 0, "mirror_illusion") == [] and in_play(s, 0, "older_brother") == []


def test_sirus_quince_copy_is_an_illusion_that_dies_when_targeted():
    """Sirus Quince ruling: the copy is an Illusion (an Illusion Older
    Brother): targeted, it dies."""
    s = game(
        {"gold": 4, "hand": ["wither"], "play": [QUINCE_MID, {"card": "mirror_illusion", "id": "m"}]},
        {"play": [{"card": "older_brother", "id": "theirs"}]},
    )
    s = use_ability(s, 0, find(s, "quince"), 1)  # one Mirror, one unit: no question
    assert s["cards"][find(s, "m")]["card"] == "older_brother"
    s = play_card(s, 0, "wither", [find(s, "m")])
    assert gone(s, "m") and logged(s, "vanished when targeted")


def test_sirus_quince_max_band_copies_an_arriving_unit_until_quince_or_it_leaves():
    """Sirus Quince, level 5: when a non-token unit of yours arrives you may
    make a Mirror an Illusion copy of it; it is trashed when the original
    leaves; a Mirror that copied nothing stays when Quince leaves (rulings)."""
    s = game(
        {
            "gold": 4,
            "hand": ["tenderfoot", "older_brother", "spark"],
            "play": [QUINCE_MAX, {"card": "mirror_illusion", "id": "m1"}, {"card": "mirror_illusion", "id": "m2"}],
        }
    )
    s = play_card(s, 0, "tenderfoot")
    assert sorted(prompt_options(s)) == sorted([find(s, "m1"), find(s, "m2")])
    s = choose(s, 0, find(s, "m1"))
    assert s["cards"][find(s, "m1")]["card"] == "tenderfoot" and is_illusion(s, find(s, "m1"))
    s = play_card(s, 0, "older_brother")
    s = choose(s, 0)  # may decline
    assert s["cards"][find(s, "m2")]["card"] == "mirror_illusion"
    (foot,) = [i for i in in_play(s, 0, "tenderfoot") if i != find(s, "m1")]
    s["cards"][foot]["damage"] = 2  # the original dies
    s = _checks(s)
    assert gone(s, "m1") and logged(s, "was trashed")
    s["cards"][find(s, "quince")]["damage"] = 99
    s = _checks(s)
    assert not gone(s, "m2")  # it copied nothing: it stays when Quince goes


def test_sirus_quince_max_band_copy_trashed_when_quince_leaves_and_not_for_tokens():
    s = game({"gold": 2, "hand": ["tenderfoot"], "play": [QUINCE_MAX, {"card": "mirror_illusion", "id": "m1"}]})
    s = play_card(s, 0, "tenderfoot")
    s = choose(s, 0, find(s, "m1"))
    s["cards"][find(s, "quince")]["damage"] = 99
    s = _checks(s)
    assert gone(s, "m1")
    assert len(in_play(s, 0, "tenderfoot")) == 1


# ---- Free Speech -----------------------------------------------------------------


def free_speech_game(level=5, end=True, **seat1):
    """Seat 0 silences seat 1 (River Montoya); then, with ``end``, it is
    seat 1's turn."""
    s = game(
        {"hand": ["free_speech"], "gold": 2, "play": [QUINCE]},
        dict(
            {
                "gold": 5,
                "hand": ["spark", "tenderfoot"],
                "play": [
                    {"card": "river_montoya", "level": level, "id": "river"},
                    {"card": "older_brother", "id": "bro", "patrol": "squad_leader"},
                ],
            },
            **seat1,
        ),
    )
    s = play_card(s, 0, "free_speech")  # one opponent: chosen at once
    return end_turn(s, 0) if end else s


def test_free_speech_silenced_heroes_cast_no_spells_and_lose_their_abilities_for_a_turn():
    """Free Speech: until after that opponent's next turn their heroes can't
    cast spells and lose all abilities: River Montoya's exhaust ability and
    her cost reduction are gone; after that turn they are back."""
    s = free_speech_game()
    assert logged(s, "silenced")
    river = find(s, "river")
    assert_refused(s, 1, {"type": "play", "card": hand_ids(s, 1, "spark")[0], "targets": [find(s, "bro")]}, "silenced")
    assert view(s, 1)["players"][1]["play"][0].get("abilities") is None
    assert_refused(s, 1, {"type": "ability", "card": river, "ability": 0, "targets": []}, "bad_ability")
    gold = s["players"][1]["gold"]
    s = play_card(s, 1, "tenderfoot")
    assert s["players"][1]["gold"] == gold - 1  # full price: no tech 0 discount
    s = end_turn(s, 1)
    s = end_turn(s, 0)
    assert [a["text"] for a in view(s, 1)["players"][1]["play"][0]["abilities"]]


def test_free_speech_silenced_hero_still_levels_and_heals_and_a_new_hero_is_silenced():
    """Free Speech rulings: a silenced player may level up heroes (reaching a
    band still heals), and a hero they bring in during the silence is
    silenced too."""
    s = free_speech_game(level=2, gold=9)
    river = find(s, "river")
    s["cards"][river]["damage"] = 2
    from tests.rules.helpers import act

    s = act(s, 1, {"type": "level_up", "hero": river, "levels": 1})
    assert s["cards"][river]["level"] == 3 and s["cards"][river]["damage"] == 0
    assert_refused(s, 1, {"type": "ability", "card": river, "ability": 0, "targets": []}, "bad_ability")


def test_free_speech_a_hero_granted_keywords_keeps_armor_only():
    """Free Speech ruling: a silenced hero can't get abilities (keywords) but
    keeps stats; armor counts as a stat (squad leader's armor here)."""
    s = free_speech_game(
        end=False,
        **{
            "play": [
                {
                    "card": "river_montoya",
                    "level": 5,
                    "id": "river",
                    "patrol": "squad_leader",
                    "granted": {"anti_air": 1},
                }
            ]
        },
    )
    river = find(s, "river")
    assert stats.compute(s, river)["kw"] == {"armor": 1}


# ---- rulings of other cards that meet the Truth cards ----------------------------


def test_mind_control_wins_over_dothram_horselord_joining_the_strongest():
    """Dothram Horselord ruling: a Horselord you hold with Mind Control stays
    with you at your upkeep even if another player has more total ATK
    (Mind Control applies continuously)."""
    s = game(
        {"hand": ["mind_control"], "gold": 5, "play": [QUINCE_MAX]},
        {
            "play": [
                {"card": "dothram_horselord", "id": "horse"},
                {"card": "iron_man"},
                {"card": "iron_man"},
                {"card": "river_montoya"},
            ]
        },
    )
    s = play_card(s, 0, "mind_control", [find(s, "horse")])
    s = end_turn(s, 0)
    s = end_turn(s, 1)
    assert s["active"] == 0 and s["cards"][find(s, "horse")]["controller"] == 0


def test_spectral_flagbearer_with_unaffordable_resist_can_be_ignored():
    """Spectral Flagbearer ruling: a flagbearer you can't afford to target
    (resist 1 in the lookout slot, no gold left) doesn't bind you."""
    s = game(
        {"hand": ["spark"], "gold": 1, "play": [{"card": "troq_bashar"}]},
        {"play": [patroller("spectral_flagbearer", "flag", "lookout"), patroller("tenderfoot", "foot", "elite")]},
    )
    s = play_card(s, 0, "spark", [find(s, "foot")])
    assert s["cards"][find(s, "foot")]["damage"] == 1 and not gone(s, "flag")


def test_liberty_gryphon_and_a_mirror_copy_of_it_give_each_other_nothing():
    """Liberty Gryphon ruling: a Mirror Illusion copying a Liberty Gryphon
    (Quince's max band) is named Liberty Gryphon too: with no other
    Illusion, neither Gryphon is untargetable."""
    s = scenario_game(
        [
            {
                "gold": 3,
                "hand": ["liberty_gryphon"],
                "buildings": ALL_TECH,
                "play": [QUINCE_MAX, {"card": "mirror_illusion", "id": "m"}],
            },
            {},
        ],
        heroes=("sirus_quince", "river_montoya"),
    )
    s = play_card(s, 0, "liberty_gryphon")
    s = choose(s, 0, find(s, "m"))
    gryphons = in_play(s, 0, "liberty_gryphon")
    assert len(gryphons) == 2
    assert all("untargetable" not in stats.compute(s, g)["kw"] for g in gryphons)


def test_a_copy_of_a_chaos_mirrored_unit_has_the_swapped_printed_atk():
    """Chaos Mirror ruling: a copy respects Chaos Mirror's swap of printed
    ATK: copying the 8/1 of a 1/1 and an 8/8 swap gives an 8/1 (here Older
    Brother 2/2 and Iron Man 3/4: the copy of Older Brother is 3/2)."""
    s = game(
        {
            "hand": ["chaos_mirror", "manufactured_truth"],
            "gold": 9,
            "buildings": ALL_TECH,
            "play": [
                QUINCE,
                {"card": "captain_zane"},
                {"card": "tenderfoot", "id": "foot"},
                {"card": "older_brother", "id": "bro", "plus": 1},
                {"card": "iron_man", "id": "iron"},
            ],
        }
    )
    s = play_card(s, 0, "chaos_mirror", [find(s, "bro"), find(s, "iron")])
    assert atk_hp(s, find(s, "bro")) == (4, 3)  # 3 printed + its rune
    s = play_card(s, 0, "manufactured_truth")
    s = choose(s, 0, find(s, "foot"))
    s = choose(s, 0, find(s, "bro"))
    assert atk_hp(s, find(s, "foot")) == (3, 2)  # no rune copied
    s = end_turn(s, 0)
    assert atk_hp(s, find(s, "foot")) == (1, 2)


def test_sirus_quince_copy_of_a_tech_one_unit_is_tech_one_and_counts_for_the_limit():
    """Sirus Quince rulings: a Mirror copying a tech I unit is tech I; it
    still counts against the limit of 2 Mirror Illusions."""
    s = game(
        {"gold": 4, "play": [QUINCE_MID, {"card": "mirror_illusion", "id": "m"}, {"card": "mirror_illusion"}]},
        {"play": [{"card": "iron_man", "id": "iron"}]},
    )
    quince = find(s, "quince")
    s = use_ability(s, 0, quince, 1)
    s = choose(s, 0, find(s, "m"))
    assert s["cards"][find(s, "m")]["card"] == "iron_man" and stats.tech_level(s, find(s, "m")) == 1
    assert_refused(s, 0, {"type": "ability", "card": quince, "ability": 0, "targets": []}, "bad_ability")


def test_the_view_marks_illusions_and_silenced_heroes():
    """Views show whether a unit is an Illusion now (Dreamscape makes a
    Tenderfoot one) and whether a hero is silenced (Free Speech)."""
    s = free_speech_game(end=False)
    shown = {c["iid"]: c for c in view(s, None)["players"][1]["play"]}
    assert shown[find(s, "river")]["silenced"] is True
    assert "illusion" not in shown[find(s, "bro")]
    s = game({"hand": ["dreamscape"], "gold": 3, "play": [QUINCE, {"card": "tenderfoot", "id": "foot"}]})
    s = play_card(s, 0, "dreamscape")
    assert {c["iid"]: c for c in view(s, 1)["players"][0]["play"]}[find(s, "foot")]["illusion"] is True


def test_free_speech_a_hero_brought_in_during_the_silence_is_silenced():
    """Free Speech ruling: a hero the silenced player summons on their next
    turn loses all abilities and can't cast spells either."""
    from game.codex.cards.registry import silenced
    from tests.rules.helpers import act

    s = game({"hand": ["free_speech"], "gold": 2, "play": [QUINCE]}, {"gold": 4, "hand": ["spark"]})
    s = play_card(s, 0, "free_speech")
    s = end_turn(s, 0)
    river = s["players"][1]["command"][0]
    s = act(s, 1, {"type": "summon", "hero": river})
    assert silenced(s, river)
    assert_refused(s, 1, {"type": "play", "card": hand_ids(s, 1, "spark")[0], "targets": []}, "silenced")
    s = end_turn(s, 1)
    assert not silenced(s, river)


def test_hallucination_must_pick_an_opposing_flagbearer_first():
    """Spectral Flagbearer: a spell that can target a flagbearer must target
    one at least once: Hallucination's first pick can't be "none" then and
    is the flagbearer (an Illusion: it dies); the second is free."""
    s = game(
        {"hand": ["hallucination"], "gold": 2, "play": [QUINCE]},
        {"play": [{"card": "spectral_flagbearer", "id": "flag"}, {"card": "tenderfoot", "id": "foot"}]},
    )
    s = play_card(s, 0, "hallucination")  # the flagbearer is the one choice: taken at once
    assert gone(s, "flag")
    assert prompt_options(s) == [find(s, "foot")] and s["prompt"]["optional"]


def test_a_copy_says_in_the_view_which_card_it_really_is():
    """A copy shows the card it copies and, publicly, the card it is
    underneath (view: ``copy``), so that every player can tell a Mirror
    Illusion copying a unit from the unit itself."""
    s = game(
        {"gold": 4, "play": [QUINCE_MID, {"card": "mirror_illusion", "id": "m"}]},
        {"play": [{"card": "tenderfoot", "id": "foot"}]},
    )
    m = find(s, "m")
    s = use_ability(s, 0, find(s, "quince"), 1)  # one Mirror, one unit to copy: no question
    for viewer in (0, 1, None):
        shown = next(c for c in view(s, viewer)["players"][0]["play"] if c["iid"] == m)
        assert (shown["card"], shown["name"], shown["illusion"]) == ("tenderfoot", "Tenderfoot", True)
        assert shown["copy"] == {"card": "mirror_illusion", "name": "Mirror Illusion"}
    foot = next(c for c in view(s, 0)["players"][1]["play"] if c["iid"] == find(s, "foot"))
    assert "copy" not in foot
    s = end_turn(s, 0)
    assert all("copy" not in c for p in view(s, 0)["players"] for c in p["play"])
