"""Scenario tests for the blue starting deck cards of the Peace block:
Bluecoat Musketeer and Traffic Director (rulings: reference/codex-cards/
rulings.json, "Blue"). Seat 0 plays Troq Bashar (blue heroes are not
playable until the whole faction works)."""

from game.codex import stats
from tests.rules.helpers import (
    assert_refused,
    attack_tagged,
    attack_targets,
    base_damage,
    dmg,
    find,
    hand_ids,
    legal_of,
    scenario_game,
)


def game(seat0=None, seat1=None, **kw):
    return scenario_game([seat0 or {}, seat1 or {}], **kw)


# ---- Bluecoat Musketeer -----------------------------------------------------------


def test_bluecoat_musketeer_with_1_atk_has_long_range():
    s = game({"play": [{"card": "bluecoat_musketeer", "id": "bm"}]}, {"play": [{"card": "iron_man", "id": "iron"}]})
    assert stats.kw(s, find(s, "bm"), "long_range") == 1
    s = attack_tagged(s, "bm", "iron")
    assert dmg(s, "iron") == 1 and dmg(s, "bm") == 0


def test_bluecoat_musketeer_with_more_atk_loses_long_range():
    """Bluecoat Musketeer ruling: his ATK after every effect and rune
    counts, not the printed 1."""
    s = game(
        {"play": [{"card": "bluecoat_musketeer", "plus": 1, "id": "bm"}]},
        {"play": [{"card": "tenderfoot", "id": "foot"}]},
    )
    assert stats.kw(s, find(s, "bm"), "long_range") == 0
    s = attack_tagged(s, "bm", "foot")
    assert dmg(s, "bm") == 1


def test_bluecoat_musketeer_at_0_atk_has_no_long_range():
    s = game({"play": [{"card": "bluecoat_musketeer", "minus": 1, "id": "bm"}]})
    assert stats.atk(s, find(s, "bm")) == 0
    assert stats.kw(s, find(s, "bm"), "long_range") == 0


def test_bluecoat_musketeer_brought_to_1_atk_while_attacking_debilitator_alpha_has_long_range():
    """Bluecoat Musketeer ruling with Debilitator Alpha: a 2-ATK Musketeer
    attacking the squad leader Alpha has 1 ATK, so long-range, and the
    Alpha can't hit back; a 1-ATK one drops to 0 and gets hit."""
    s = game(
        {"play": [{"card": "bluecoat_musketeer", "plus": 1, "id": "bm"}]},
        {"play": [{"card": "debilitator_alpha", "patrol": "squad_leader", "id": "alpha"}]},
    )
    s = attack_tagged(s, "bm", "alpha")
    assert dmg(s, "bm") == 0
    s = game(
        {"play": [{"card": "bluecoat_musketeer", "id": "bm"}]},
        {"play": [{"card": "debilitator_alpha", "patrol": "squad_leader", "id": "alpha"}]},
    )
    s = attack_tagged(s, "bm", "alpha")
    assert s["players"][0]["discard"]  # the Alpha's 4 damage killed him
    assert dmg(s, "alpha") == 0


# ---- Traffic Director ------------------------------------------------------------------


def test_traffic_director_ignores_patrollers_when_attacking_a_building():
    s = game(
        {"play": [{"card": "traffic_director", "id": "td"}]},
        {
            "buildings": {"tech_1": True},
            "play": [{"card": "iron_man", "patrol": "squad_leader", "id": "sl"}, {"card": "tenderfoot", "id": "home"}],
        },
    )
    options = attack_targets(s, "td")
    assert {"base:1", "bld:1:tech_1", find(s, "sl")} <= options
    assert find(s, "home") not in options  # a unit behind the patrollers is still out of reach
    s = attack_tagged(s, "td", "base:1")
    assert base_damage(s, 1) == 1


def test_traffic_director_is_untargetable():
    s = game(
        {"hand": ["spark"], "gold": 1, "play": [{"card": "river_montoya"}]},
        {"play": [{"card": "traffic_director", "patrol": "squad_leader", "id": "td"}]},
        heroes=("river_montoya", "troq_bashar"),
    )
    spark = hand_ids(s, 0, "spark")[0]
    assert legal_of(s, 0, "play", card=spark) == []
    assert_refused(s, 0, {"type": "play", "card": spark, "targets": [find(s, "td")]}, "bad_targets")
