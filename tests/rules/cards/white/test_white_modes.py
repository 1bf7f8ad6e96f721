"""White cards in the other modes: Two-Headed Dragon ("friendly" spans
teammates, "you"/"your" is one player: house rule R21), free-for-all (the
caster picks "an opponent") and the 3-hero game."""

from game.codex import stats
from game.rules import new_game
from tests.rules.helpers import choose, find, play_card, prompt_options, use_ability

WHITE_2HG = ("grave_stormborne", "setsuki_hiruki", "garus_rook", "troq_bashar")


def two_headed(seats, active=0):
    seats = list(seats) + [{}] * (4 - len(seats))
    return new_game(
        {
            "mode": "2hg",
            "seed": 1,
            "seats": [{"name": n, "hero": h} for n, h in zip(("Ana", "Ari", "Bo", "Bea"), WHITE_2HG, strict=True)],
            "scenario": {"turn": 3, "active": active, "seats": seats},
        }
    )


def test_aged_sensei_reaches_a_teammates_unit_in_two_headed_dragon():
    """ "Friendly" spans both teammates (R21)."""
    s = two_headed([{"play": [{"card": "aged_sensei", "id": "as"}]}, {"play": [{"card": "tenderfoot", "id": "tf"}]}])
    s = use_ability(s, 0, find(s, "as"), 0, [find(s, "tf")])
    assert stats.kw(s, find(s, "tf"), "armor") == 1


def test_senseis_advice_reaches_only_your_own_units_in_two_headed_dragon():
    """ "Your units" is the single player (R21)."""
    s = two_headed(
        [
            {
                "hand": ["sensei_s_advice"],
                "gold": 1,
                "play": [{"card": "grave_stormborne"}, {"card": "older_brother", "id": "mine"}],
            },
            {"play": [{"card": "tenderfoot", "id": "tf"}]},
        ]
    )
    s = play_card(s, 0, "sensei_s_advice")
    assert find(s, "tf") not in prompt_options(s) and find(s, "mine") in prompt_options(s)


def test_focus_master_protects_a_teammates_unit():
    s = two_headed(
        [
            {"play": [{"card": "older_brother", "id": "atk"}]},
            {},
            {"play": [{"card": "focus_master", "runes": {"focus": 3}, "id": "fm"}]},
            {"play": [{"card": "tenderfoot", "patrol": "scavenger", "id": "tf"}]},
        ]
    )
    from tests.rules.helpers import act

    s = act(s, 0, {"type": "attack", "attacker": find(s, "atk"), "target": find(s, "tf")})
    assert s["cards"][find(s, "tf")]["damage"] == 1


def test_mind_parry_monk_covers_only_its_own_players_units():
    """ "Your units or heroes": not the teammate's (R21)."""
    s = two_headed(
        [
            {"play": [{"card": "aged_sensei", "id": "as"}]},
            {},
            {"play": [{"card": "mind_parry_monk", "id": "mp"}]},
            {"play": [{"card": "tenderfoot", "id": "tf"}]},
        ]
    )
    from game.codex.targeting import can_target

    assert not can_target(s, 0, find(s, "mp")) and can_target(s, 0, find(s, "tf"))


def test_martial_mastery_lets_the_caster_pick_whose_hand_in_a_free_for_all():
    s = new_game(
        {
            "mode": "ffa",
            "seed": 1,
            "seats": [
                {"name": n, "hero": h}
                for n, h in zip(("A", "B", "C"), ("grave_stormborne", "troq_bashar", "river_montoya"), strict=True)
            ],
            "scenario": {
                "turn": 3,
                "active": 0,
                "seats": [
                    {
                        "hand": ["martial_mastery"],
                        "gold": 1,
                        "deck": ["smoker", "smoker"],
                        "play": [{"card": "grave_stormborne"}],
                    },
                    {"hand": ["spark"]},
                    {"hand": ["bloom"]},
                ],
            },
        }
    )
    s = play_card(s, 0, "martial_mastery")
    assert set(prompt_options(s)) == {"hand:1", "hand:2"}
    s = choose(s, 0, "hand:2")
    assert s["prompt"] is None


def test_earthquake_asks_which_opponent_in_a_free_for_all():
    s = new_game(
        {
            "mode": "ffa",
            "seed": 1,
            "seats": [
                {"name": n, "hero": h}
                for n, h in zip(("A", "B", "C"), ("garus_rook", "troq_bashar", "river_montoya"), strict=True)
            ],
            "scenario": {
                "turn": 3,
                "active": 0,
                "seats": [
                    {"hand": ["earthquake"], "gold": 5, "play": [{"card": "garus_rook", "level": 8}]},
                    {},
                    {"buildings": {"tech_1": True}},
                ],
            },
        }
    )
    s = play_card(s, 0, "earthquake")
    assert set(prompt_options(s)) == {1, 2}
    s = choose(s, 0, 2)
    assert s["players"][2]["buildings"]["tech_1"]["damage"] == 1


def test_a_three_hero_seat_with_all_white_heroes():
    s = new_game(
        {
            "mode": "3hero",
            "seed": 1,
            "seats": [
                {"name": "A", "heroes": ["grave_stormborne", "setsuki_hiruki", "garus_rook"]},
                {"name": "B", "heroes": ["troq_bashar", "river_montoya", "captain_zane"]},
            ],
        }
    )
    codex = s["players"][0]["codex"]
    assert codex.get("martial_mastery") == 2 and codex.get("hidden_ninja") == 2 and codex.get("earthquake") == 2
