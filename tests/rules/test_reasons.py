"""Why a control can't be used now (game.codex.reasons; issue 14, point 5):
every sentence is the engine's own refusal of that action, money refusals
say how much the player has, and only the viewer's own seat gets them."""

import pytest

from game.codex.reasons import reasons
from game.rules import RulesError, apply_action, legal_actions, view

from .helpers import find, scenario_game


def refusal(state, seat, action):
    try:
        apply_action(state, seat, action)
    except RulesError as err:
        return err.message
    raise AssertionError(f"{action} should be refused")


def test_tech_one_names_the_workers_needed_and_had():
    s = scenario_game([{"workers": 4, "gold": 5}])
    why = reasons(s, 0)
    assert why["build:tech_1"].endswith(" needs 6 workers; you have 4.")
    assert why["build:tech_1"] == refusal(s, 0, {"type": "build", "building": "tech_1"})
    assert "build:tech_2" not in why  # only the next tech building is looked for


def test_gold_refusals_say_what_you_have():
    s = scenario_game([{"workers": 6, "gold": 0, "hand": ["older_brother"]}])
    why = reasons(s, 0)
    assert why["build:tech_1"] == "That costs 1 gold; you have 0."
    assert why["hire"] == "Hiring a worker costs 1 gold; you have 0."
    hero = s["players"][0]["command"][0]
    assert why[f"summon:{hero}"] == "Summoning a hero costs 2 gold; you have 0."
    assert why[f"summon:{hero}"] == refusal(s, 0, {"type": "summon", "hero": hero})
    hand = view(s, 0)["players"][0]["hand"][0]
    assert hand["why_not"] == "That costs 2 gold; you have 0."


def test_a_second_hire_says_so():
    s = scenario_game([{"gold": 3, "hand": ["older_brother", "tenderfoot"]}])
    s, _ = apply_action(s, 0, {"type": "hire", "card": s["players"][0]["hand"][0]})
    assert reasons(s, 0)["hire"] == "You already hired a worker this turn."


def test_fatigued_and_exhausted_units_say_why_they_cant_attack():
    s = scenario_game(
        [
            {
                "play": [
                    {"card": "older_brother", "id": "new", "fresh": True},
                    {"card": "tenderfoot", "id": "tired", "exhausted": True},
                    {"card": "timely_messenger", "id": "quick", "fresh": True},
                    {"card": "troq_bashar", "id": "troq", "level": 8},
                ]
            }
        ]
    )
    why = reasons(s, 0)
    new, tired, quick, troq = (find(s, t) for t in ("new", "tired", "quick", "troq"))
    assert why[f"attack:{new}"] == "That card arrived this turn and can't attack yet."
    assert why[f"attack:{tired}"] == "That card is exhausted."
    assert why[f"patrol:{tired}"] == "Only ready units and heroes can patrol."
    assert f"attack:{quick}" not in why  # haste: it may attack
    assert why[f"level_up:{troq}"] == "That hero is already at max level."
    for key in (f"attack:{new}", f"attack:{tired}"):
        iid = key.split(":", 1)[1]
        assert not any(a["type"] == "attack" and a["attacker"] == iid for a in legal_actions(s, 0))


def test_an_ability_whose_cost_cant_be_paid():
    s = scenario_game(
        [
            {
                "gold": 0,
                "play": [{"card": "bombaster", "id": "b"}, {"card": "merfolk_prospector", "id": "m", "fresh": True}],
            }
        ]
    )
    why = reasons(s, 0)
    b, m = find(s, "b"), find(s, "m")
    assert why[f"ability:{b}:0"] == "That costs 1 gold; you have 0."
    assert why[f"ability:{m}:0"] == "That card arrived this turn and can't exhaust yet."


def test_outside_the_main_phase_one_reason_covers_all():
    s = scenario_game([{}, {}])
    assert reasons(s, 1) == {"main": "You can do that only in your own main phase."}


def test_only_the_viewer_gets_its_reasons():
    s = scenario_game([{"workers": 4}])
    assert "build:tech_1" in view(s, 0)["players"][0]["reasons"]
    assert "reasons" not in view(s, 0)["players"][1]
    assert "reasons" not in view(s, 1)["players"][0]
    assert view(s, 1)["players"][1]["reasons"] == {"main": "You can do that only in your own main phase."}
    assert all("reasons" not in p for p in view(s, None)["players"])


@pytest.mark.parametrize("gold", [0, 3, 10])
def test_no_reason_is_given_for_a_legal_control(gold):
    s = scenario_game(
        [
            {
                "gold": gold,
                "workers": 8,
                "hand": ["older_brother"],
                "play": [{"card": "troq_bashar", "id": "troq"}, {"card": "older_brother", "id": "ob"}],
            }
        ]
    )
    why = reasons(s, 0)
    legal = legal_actions(s, 0)
    for a in legal:
        key = {
            "hire": "hire",
            "build": f"build:{a.get('building')}",
            "summon": f"summon:{a.get('hero')}",
            "level_up": f"level_up:{a.get('hero')}",
            "attack": f"attack:{a.get('attacker')}",
            "patrol": f"patrol:{a.get('card')}",
        }.get(a["type"])
        assert key not in why, (a, why.get(key))


def test_patrolling_into_a_taken_slot_logs_whom_it_replaces():
    """Issue 14, point 8: the log says whom the patroller replaces (who
    leaves the patrol zone)."""
    from .helpers import act, logged

    s = scenario_game(
        [
            {
                "play": [
                    {"card": "older_brother", "id": "ob", "patrol": "squad_leader"},
                    {"card": "tenderfoot", "id": "tf"},
                ]
            }
        ]
    )
    s = act(s, 0, {"type": "patrol", "card": find(s, "tf"), "slot": "squad_leader"})
    assert s["players"][0]["patrol"]["squad_leader"] == find(s, "tf")
    assert logged(s, "put Tenderfoot in the squad leader slot, replacing Older Brother.")


def test_a_card_that_cant_patrol_says_so():
    """Makeshift Rambaster can't patrol (its hook): the reason is the engine's."""
    s = scenario_game([{"play": [{"card": "makeshift_rambaster", "id": "mr"}]}])
    mr = find(s, "mr")
    assert reasons(s, 0)[f"patrol:{mr}"] == refusal(s, 0, {"type": "patrol", "card": mr, "slot": "elite"})
