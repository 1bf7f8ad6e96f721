"""Every damage log line names what dealt the damage (issue 14, finding 11 of
a newcomer trial: "P1's base took 2 damage." left a player asking from
what). Scenario tests through real actions for a spell, a unit's ability, a
unit's triggered ability waiting for its target, a hero's ability, combat
(both ways), the Tower, and a destroyed building's 2 to its base; and a
check of the engine's source that every call of the damage functions says
what deals it (docs/RULINGS.md "Log lines name what dealt the damage")."""

import ast
import pathlib

from tests.rules.cards.red.common import JAINA, jaina
from tests.rules.helpers import attack_tagged, choose, find, logged, play_card, scenario_game, use_ability

GAME = pathlib.Path(__file__).resolve().parents[2] / "game"
DAMAGE_FUNCTIONS = {"damage_building", "damage_card", "damage_target", "hit"}


def test_a_spell_is_named_on_the_unit_and_the_base_it_damages():
    s = scenario_game(
        [
            {"hand": ["fire_dart", "fire_dart"], "gold": 4, "play": [jaina()]},
            {"play": [{"card": "iron_man", "id": "iron"}]},
        ],
        heroes=JAINA,
    )
    s = play_card(s, 0, "fire_dart", [find(s, "iron")])
    assert logged(s, "Iron Man took 3 damage from Fire Dart.")
    s = play_card(s, 0, "fire_dart", ["base:1"])
    assert logged(s, "P1's base took 2 damage from Fire Dart.")


def test_a_units_ability_is_named():
    s = scenario_game([{"gold": 1, "play": [{"card": "firebat", "id": "bat"}]}], heroes=JAINA)
    s = use_ability(s, 0, find(s, "bat"), 0, ["base:1"])
    assert logged(s, "P1's base took 2 damage from Firebat.")


def test_a_units_trigger_that_waited_for_its_target_is_named():
    """Hired Stomper's arrival damage is a stored step (a prompt first): the
    step keeps the name of the card it comes from."""
    s = scenario_game(
        [
            {"hand": ["hired_stomper"], "gold": 4, "buildings": {"tech_1": True, "tech_2": True, "tech_3": True}},
            {"play": [{"card": "older_brother", "id": "ob"}]},
        ]
    )
    s = play_card(s, 0, "hired_stomper")
    s = choose(s, 0, find(s, "ob"))
    assert logged(s, "Older Brother took 3 damage from Hired Stomper.")


def test_a_heros_ability_is_named():
    s = scenario_game(
        [{"play": [jaina(4)]}, {"play": [{"card": "older_brother", "patrol": "elite", "id": "ob"}]}], heroes=JAINA
    )
    s = use_ability(s, 0, find(s, "jaina"), 0, [find(s, "ob")])
    assert logged(s, "Older Brother took 1 damage from Jaina Stormborne.")


def test_combat_damage_names_the_attacker_and_the_defender_striking_back():
    s = scenario_game(
        [
            {"play": [{"card": "iron_man", "id": "iron"}, {"card": "older_brother", "id": "ob"}]},
            {"play": [{"card": "tenderfoot", "id": "tf", "patrol": "squad_leader"}]},
        ]
    )
    s = attack_tagged(s, "iron", "tf")
    assert logged(s, "Tenderfoot took 2 damage from Iron Man (its armor absorbed 1 more).")
    assert logged(s, "Iron Man took 1 damage from Tenderfoot.")
    s = attack_tagged(s, "ob", "base:1")
    assert logged(s, "P1's base took 2 damage from Older Brother.")


def test_the_tower_and_a_destroyed_building_are_named():
    s = scenario_game([{"play": [{"card": "iron_man", "id": "iron", "plus": 3}]}, {"buildings": {"addon": "tower"}}])
    s = attack_tagged(s, "iron", "bld:1:addon")
    assert logged(s, "Iron Man took 1 damage from a Tower.")
    assert logged(s, "P1's Tower took 6 damage from Iron Man.")
    assert logged(s, "P1's base took 2 damage from the fall of P1's Tower.")


def _calls_without_source(path: pathlib.Path) -> list:
    """The lines of ``path`` calling a damage function without ``by=``."""
    tree = ast.parse(path.read_text())
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if called in DAMAGE_FUNCTIONS and not any(k.arg == "by" for k in node.keywords):
                found.append(f"{path.relative_to(GAME.parent)}:{node.lineno} {called}")
    return found


def test_every_call_of_a_damage_function_says_what_deals_it():
    """effects.damage_building, damage_card, damage_target and the red
    cards' hit take ``by`` as a required keyword: a call that forgets it
    would fail only when played, so the source is read here."""
    missing = [line for path in sorted(GAME.rglob("*.py")) for line in _calls_without_source(path)]
    assert missing == []


def test_sparkshot_damage_is_named_as_sparkshot():
    """A fresh tester read "Iron Man took 1 damage from Older Brother." for the
    sparkshot point and could not tell where it came from: it names the keyword."""
    s = scenario_game(
        [
            {"play": [{"card": "older_brother", "granted": {"sparkshot": 1}, "id": "a"}]},
            {
                "play": [
                    {"card": "tenderfoot", "patrol": "squad_leader", "id": "sl"},
                    {"card": "iron_man", "patrol": "elite", "id": "e"},
                ]
            },
        ]
    )
    s = attack_tagged(s, "a", "sl")
    assert logged(s, "Iron Man took 1 damage from Older Brother's sparkshot.")


def test_armor_that_takes_all_the_damage_says_so():
    """ "took 0 damage (1 absorbed by armor)" read as if nothing happened: when
    the armor takes it all, the line says the armor absorbed it (house rule R6)."""
    s = scenario_game(
        [
            {"hand": ["spark"], "gold": 1, "play": [{"card": "troq_bashar", "id": "troq"}]},
            {"play": [{"card": "timely_messenger", "patrol": "squad_leader", "id": "tm"}]},
        ]
    )
    s = play_card(s, 0, "spark", [find(s, "tm")])
    assert logged(s, "Timely Messenger's armor absorbed the 1 damage from Spark.")
    assert not [e for e in s["log"] if "took 0 damage" in e["text"]]
