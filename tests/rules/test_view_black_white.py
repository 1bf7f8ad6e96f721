"""What black and white cards leave on cards in play, as the view shows it
(declared public in marks.MARKS, docs/ENGINE.md "Views"): each field appears
through real actions and only while it applies, for every viewer (the
facts are public)."""

from game.codex.view import view
from tests.rules.cards.black.common import ALL_TECH, TROQ, VANDY, hero
from tests.rules.cards.black.common import game as black_game
from tests.rules.helpers import end_turn, find, one, play_card, scenario_game, use_ability

SETSUKI = {"card": "setsuki_hiruki", "id": "set"}


def shown(state, iid, viewer=None):
    """Card ``iid`` in play as ``viewer`` (default: a spectator) sees it."""
    return next(c for p in view(state, viewer)["players"] for c in p["play"] if c["iid"] == iid)


def test_a_hero_made_a_demon_by_metamorphosis_shows_it():
    s = black_game(
        {
            "hand": ["metamorphosis"],
            "gold": 12,
            "play": [hero("vandy_anadrose", 5, id="v"), {"card": "zombie", "id": "z"}],
        },
        {"play": [TROQ]},
        heroes=VANDY,
    )
    v = find(s, "v")
    assert "demon" not in shown(s, v)
    s = play_card(s, 0, "metamorphosis")
    assert shown(s, v)["demon"] is True and shown(s, v, 1)["demon"] is True


def test_setsuki_off_patrol_shows_the_gold_to_attack_her_and_patrolling_shows_none():
    s = scenario_game(
        [{"gold": 3, "play": [{"card": "iron_man", "id": "iron"}]}, {"play": [SETSUKI]}],
        heroes=("troq_bashar", "setsuki_hiruki"),
    )
    assert shown(s, find(s, "set"))["attack_tax"] == 1
    assert shown(s, find(s, "set"), 0)["attack_tax"] == 1
    s = scenario_game(
        [{"gold": 3, "play": [{"card": "iron_man", "id": "iron"}]}, {"play": [dict(SETSUKI, patrol="squad_leader")]}],
        heroes=("troq_bashar", "setsuki_hiruki"),
    )
    assert "attack_tax" not in shown(s, find(s, "set"))


def test_morningstar_pass_shows_the_gold_to_attack_it():
    s = scenario_game(
        [
            {"play": [{"card": "iron_man", "id": "iron"}], "gold": 0},
            {"play": [{"card": "morningstar_pass", "id": "pass"}]},
        ]
    )
    assert shown(s, find(s, "pass"), 0)["attack_tax"] == 1
    assert "attack_tax" not in shown(s, find(s, "iron"))


def test_a_hero_drained_by_nether_drain_shows_no_levels_this_turn_only():
    s = black_game(
        {"hand": ["nether_drain"], "gold": 5, "play": [hero("garth_torken", 2)]}, {"play": [hero("troq_bashar", 4)]}
    )
    g, t = find(s, "garth_torken"), find(s, "troq_bashar")
    s = play_card(s, 0, "nether_drain", [t, g])
    assert shown(s, t)["no_levels"] is True and "no_levels" not in shown(s, g)
    s = end_turn(s, 0)
    assert "no_levels" not in shown(s, t)


def test_sparring_partner_readied_to_spar_shows_it_cannot_attack():
    s = scenario_game(
        [
            {
                "gold": 2,
                "play": [
                    {"card": "grave_stormborne", "id": "grave"},
                    {"card": "sparring_partner", "id": "sp"},
                    {"card": "tenderfoot", "id": "a"},
                ],
            },
            {},
        ],
        heroes=("grave_stormborne", "troq_bashar"),
    )
    sp = find(s, "sp")
    s = use_ability(s, 0, sp, 0, [find(s, "a")])
    assert "spar_only" not in shown(s, sp)
    s = use_ability(s, 0, sp, 1)
    assert shown(s, sp)["spar_only"] is True
    s = end_turn(s, 0)
    assert "spar_only" not in shown(s, sp)


def test_terras_q_shows_how_many_of_his_warlocks_hold_him():
    s = black_game(
        {"hand": ["terras_q_the_shackled"], "gold": 6, "buildings": ALL_TECH, "play": [hero("vandy_anadrose")]},
        {"play": [TROQ]},
        heroes=VANDY,
    )
    s = play_card(s, 0, "terras_q_the_shackled")
    tq = one(s, 0, "terras_q_the_shackled")
    assert shown(s, tq)["shackled_by"] == 4
    s = black_game(
        {"play": [hero("vandy_anadrose"), {"card": "terras_q_the_shackled", "id": "tq"}]},
        {"play": [TROQ, {"card": "warlock"}]},
        heroes=VANDY,
    )
    assert "shackled_by" not in shown(s, find(s, "tq"))  # another's Warlocks don't hold him
