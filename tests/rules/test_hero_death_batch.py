"""House rule R14 when heroes die in the same batch (a hero attacks a hero
and both die): every death gives its two levels, and a hero that died in
the batch is never offered."""

from game.rules import new_game

from .helpers import act, choose, find


def _game(mode, seats, scenario_seats):
    return new_game(
        {"mode": mode, "seed": 1, "seats": seats, "scenario": {"turn": 3, "active": 0, "seats": scenario_seats}}
    )


def test_three_hero_two_heroes_die_together_each_death_levels_a_hero():
    s = _game(
        "3hero",
        [
            {"name": "P0", "heroes": ["troq_bashar", "river_montoya", "captain_zane"]},
            {"name": "P1", "heroes": ["troq_bashar", "river_montoya", "drakk_ramhorn"]},
        ],
        [
            {
                "play": [
                    {"card": "troq_bashar", "id": "t0", "damage": 2},
                    {"card": "river_montoya", "id": "r0"},
                    {"card": "captain_zane", "id": "z0"},
                ]
            },
            {
                "play": [
                    {"card": "troq_bashar", "id": "t1", "damage": 2},
                    {"card": "river_montoya", "id": "r1"},
                    {"card": "drakk_ramhorn", "id": "d1"},
                ]
            },
        ],
    )
    ids = {tag: find(s, tag) for tag in ("t0", "r0", "z0", "t1", "r1", "d1")}
    s = act(s, 0, {"type": "attack", "attacker": ids["t0"], "target": ids["t1"]})
    assert s["cards"][ids["t0"]]["zone"] == "command"  # a hero keeps its id there
    assert s["cards"][ids["t1"]]["zone"] == "command"
    # P0's Troq died first: one of P1's living heroes gains two levels...
    assert s["prompt"]["seat"] == 0
    assert sorted(s["prompt"]["options"]) == sorted([ids["r1"], ids["d1"]])
    s = choose(s, 0, ids["r1"])
    assert s["cards"][ids["r1"]]["level"] == 3
    # ...then P1's Troq's death levels one of P0's living heroes.
    assert sorted(s["prompt"]["options"]) == sorted([ids["r0"], ids["z0"]])
    s = choose(s, 0, ids["z0"])
    assert s["cards"][ids["z0"]]["level"] == 3
    assert s["prompt"] is None


def test_two_headed_dragon_a_hero_that_died_in_the_batch_is_not_offered():
    heroes = ["troq_bashar", "river_montoya", "troq_bashar", "river_montoya"]
    s = _game(
        "2hg",
        [{"name": f"P{i}", "hero": h} for i, h in enumerate(heroes)],
        [
            {"play": [{"card": "troq_bashar", "id": "t0", "damage": 2}]},
            {"play": [{"card": "river_montoya", "id": "r1"}]},
            {"play": [{"card": "troq_bashar", "id": "t2", "damage": 2}]},
            {"play": [{"card": "river_montoya", "id": "r3"}]},
        ],
    )
    ids = {tag: find(s, tag) for tag in ("t0", "r1", "t2", "r3")}
    s = act(s, 0, {"type": "attack", "attacker": ids["t0"], "target": ids["t2"]})
    assert s["prompt"] is None  # one living hero on each side: both choices are forced
    assert s["cards"][ids["r3"]]["level"] == 3
    assert s["cards"][ids["r1"]]["level"] == 3
