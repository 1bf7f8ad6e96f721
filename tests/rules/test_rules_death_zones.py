"""Scenario tests: death and zones, the end of the game, and illegal actions.

Sources: Deluxe rulebook "Death", "Heroes", "Tokens", "Buildings", "Runes",
"Legendary", "Control", "Winning"; house rules R2, R13, R14 (more in
test_house_rules.py); docs/ARCHITECTURE.md "The rules engine" (an illegal action
raises a typed error with a stable code and leaves the state as it was).
"""

import json

import pytest

from game.codex.play import enter_play
from game.rules import RulesError, apply_action, legal_actions, view

from .helpers import (
    act,
    assert_refused,
    attack_tagged,
    base_damage,
    end_turn,
    find,
    frozen,
    gone,
    hand_ids,
    hero_id,
    in_play,
    scenario_game,
)


def cards(state, ids):
    return [state["cards"][i]["card"] for i in ids]


# ---- death ----------------------------------------------------------------------


def test_dead_unit_goes_to_owners_discard_face_down():
    state = scenario_game(
        seats=[{"play": [{"card": "iron_man", "id": "a"}]}, {"play": [{"card": "older_brother", "id": "d"}]}]
    )
    old_id = find(state, "d")
    state = attack_tagged(state, "a", "d")
    discard = state["players"][1]["discard"]
    assert cards(state, discard) == ["older_brother"]
    assert old_id not in state["cards"] and discard[0] != old_id
    assert old_id not in state["players"][1]["play"]
    theirs = view(state, 0)["players"][1]
    assert theirs["discard_count"] == 1 and "discard" not in theirs
    assert discard[0] not in json.dumps(view(state, 0))


def test_dead_unit_loses_damage_and_runes():
    state = scenario_game(
        seats=[{"play": [{"card": "iron_man", "id": "a"}]}, {"play": [{"card": "older_brother", "id": "d", "plus": 1}]}]
    )
    state = attack_tagged(state, "a", "d")
    new = state["cards"][state["players"][1]["discard"][0]]
    assert new["damage"] == 0 and new["plus"] == 0 and new["marks"] == {}


def test_tokens_vanish_when_they_die():
    state = scenario_game(
        seats=[
            {"play": [{"card": "iron_man", "id": "a"}]},
            {"play": [{"card": "dancer", "id": "d"}, {"card": "angry_dancer", "id": "ad"}]},
        ]
    )
    state = attack_tagged(state, "a", "d")
    assert gone(state, "d")
    assert state["players"][1]["discard"] == []
    assert all(c["card"] != "dancer" for c in state["cards"].values())


def test_token_returned_to_hand_vanishes():
    state = scenario_game(
        seats=[
            {"gold": 6, "hand": ["final_smash"], "play": [{"card": "troq_bashar", "level": 8}]},
            {"play": [{"card": "dancer", "id": "d"}]},
        ]
    )
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": []})
    assert gone(state, "d")
    assert state["players"][1]["hand"] == [] and state["players"][1]["discard"] == []


def test_workers_stay_out_of_the_deck_cycle():
    """Hired workers are face-down cards that never return to the deck."""
    state = scenario_game(seats=[{"gold": 3, "hand": ["iron_man"], "deck": [], "discard": ["spark"]}, {}])
    state = act(state, 0, {"type": "hire", "card": hand_ids(state, 0)[0]})
    state = act(state, 0, {"type": "end_main"})
    p = state["players"][0]
    assert cards(state, p["workers"]) == ["iron_man"]
    assert cards(state, p["hand"]) == ["spark"]
    assert "iron_man" not in cards(state, p["deck"] + p["discard"] + p["hand"])


def test_dead_hero_returns_to_command_zone_losing_levels_runes_and_damage():
    state = scenario_game(
        seats=[
            {"play": [{"card": "regular_sized_rhinoceros", "id": "r"}]},
            {"play": [{"card": "river_montoya", "id": "rm", "level": 4, "plus": 1, "damage": 1}]},
        ]
    )
    river = find(state, "rm")
    state = attack_tagged(state, "r", "rm")
    p = state["players"][1]
    assert p["play"] == [] and p["command"] == [river]
    inst = state["cards"][river]
    assert inst["zone"] == "command"
    assert (inst["level"], inst["plus"], inst["minus"], inst["damage"]) == (1, 0, 0, 0)
    seen = view(state, 0)["players"][1]["command"]
    assert seen[0]["level"] == 1 and seen[0]["cooldown_turns"] == 1  # R13: after its owner's next turn
    state = end_turn(state, 0)
    assert view(state, 0)["players"][1]["command"][0]["cooldown_turns"] == 1  # its turn has not ended
    state = end_turn(state, 1)
    assert view(state, 0)["players"][1]["command"][0]["cooldown_turns"] == 0


def test_hero_death_cooldown_and_opponent_levels():
    """House rules R13 and R14 together: River dies on seat 0's turn: she is
    on cooldown for seat 1's next turn, and Troq gains two levels."""
    state = scenario_game(
        seats=[
            {"play": [{"card": "troq_bashar", "id": "t"}]},
            {"gold": 9, "play": [{"card": "river_montoya", "id": "rm", "damage": 1}]},
        ]
    )
    state = attack_tagged(state, "t", "rm")
    assert state["cards"][find(state, "t")]["level"] == 3
    state = act(state, 0, {"type": "end_main"})
    river = state["players"][1]["command"][0]
    assert_refused(state, 1, {"type": "summon", "hero": river}, "hero_cooldown")


def test_destroyed_tech_building_deals_two_damage_to_its_base():
    state = scenario_game(
        seats=[
            {"play": [{"card": "regular_sized_rhinoceros", "id": "r"}]},
            {"buildings": {"tech_1": True, "tech_2": True}},
        ]
    )
    state = attack_tagged(state, "r", "bld:1:tech_2")
    assert state["players"][1]["buildings"]["tech_2"] is None
    assert state["players"][1]["buildings"]["tech_1"] is not None
    assert base_damage(state, 1) == 2
    assert state["players"][1]["free_rebuild"] == {"tech_2": True}


def test_destroyed_addon_deals_two_damage_to_its_base():
    state = scenario_game(
        seats=[{"play": [{"card": "regular_sized_rhinoceros", "id": "r"}]}, {"buildings": {"addon": "surplus"}}]
    )
    state = attack_tagged(state, "r", "bld:1:addon")
    assert state["players"][1]["buildings"]["addon"] is None
    assert base_damage(state, 1) == 2
    assert "addon" not in state["players"][1]["free_rebuild"]


def test_lost_tech_building_stops_new_cards_of_its_tech():
    """Without its tech building a tech I card can't be played."""
    state = scenario_game(
        seats=[
            {"play": [{"card": "regular_sized_rhinoceros", "id": "r"}]},
            {"gold": 9, "hand": ["iron_man"], "buildings": {"tech_1": True}},
        ],
        active=0,
    )
    state = attack_tagged(state, "r", "bld:1:tech_1")
    state = act(state, 0, {"type": "end_main"})
    iron = hand_ids(state, 1, "iron_man")
    if iron:
        assert_refused(state, 1, {"type": "play", "card": iron[0], "targets": []}, "needs_tech")


def test_building_damage_persists():
    state = scenario_game(seats=[{"play": [{"card": "older_brother", "id": "a"}]}, {"buildings": {"tech_1": True}}])
    state = attack_tagged(state, "a", "bld:1:tech_1")
    state = act(state, 0, {"type": "end_main"})
    assert state["players"][1]["buildings"]["tech_1"]["damage"] == 2


# ---- runes -------------------------------------------------------------------------


def test_plus_and_minus_runes_cancel():
    state = scenario_game(
        seats=[
            {
                "gold": 9,
                "hand": ["wither", "bloom", "wither"],
                "play": ["troq_bashar", {"card": "iron_man", "id": "im"}],
            },
            {},
        ]
    )
    im = find(state, "im")
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0, "wither")[0], "targets": [im]})
    assert (state["cards"][im]["plus"], state["cards"][im]["minus"]) == (0, 1)
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0, "bloom")[0], "targets": [im]})
    assert (state["cards"][im]["plus"], state["cards"][im]["minus"]) == (0, 0)
    from game.codex import stats

    assert (stats.atk(state, im), stats.hp(state, im)) == (3, 4)


def test_minus_rune_can_kill():
    state = scenario_game(
        seats=[
            {"gold": 9, "hand": ["wither"], "play": ["troq_bashar"]},
            {"play": [{"card": "timely_messenger", "id": "tm"}]},
        ]
    )
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": [find(state, "tm")]})
    assert gone(state, "tm")
    assert cards(state, state["players"][1]["discard"]) == ["timely_messenger"]


def test_rune_on_damaged_unit_counts_damage():
    state = scenario_game(
        seats=[
            {"gold": 9, "hand": ["wither"], "play": ["troq_bashar"]},
            {"play": [{"card": "iron_man", "id": "im", "damage": 3}]},
        ]
    )
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": [find(state, "im")]})
    assert gone(state, "im")


# ---- legendary, owner and controller -------------------------------------------------


def test_legendary_only_one_in_play():
    state = scenario_game(seats=[{"gold": 9, "hand": ["jandra_the_negator", "jandra_the_negator"]}, {}])
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": []})
    assert_refused(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": []}, "legendary")


def test_legendary_again_after_the_first_left_play():
    state = scenario_game(
        seats=[
            {
                "gold": 9,
                "hand": ["jandra_the_negator"],
                "play": [{"card": "jandra_the_negator", "id": "j", "damage": 1}],
            },
            {"play": [{"card": "iron_man", "id": "im"}]},
        ]
    )
    state = attack_tagged(state, "j", "im")
    assert gone(state, "j")
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": []})
    assert len(in_play(state, 0, "jandra_the_negator")) == 1


def _stolen_rhino(**extra):
    state = scenario_game(
        seats=[
            {"gold": 8, "hand": ["final_smash", "wither"], "play": [{"card": "troq_bashar", "level": 8}]},
            {
                "play": [
                    {"card": "regular_sized_rhinoceros", "id": "rh", **extra},
                    {"card": "river_montoya", "id": "rm"},
                ]
            },
        ]
    )
    return act(state, 0, {"type": "play", "card": hand_ids(state, 0, "final_smash")[0], "targets": []})


def test_controller_has_the_card_in_play_owner_keeps_ownership():
    """Final Smash takes control of a tech II unit: it moves to the taker's
    side; its owner does not change."""
    state = _stolen_rhino()
    rh = find(state, "rh")
    inst = state["cards"][rh]
    assert (inst["owner"], inst["controller"]) == (1, 0)
    assert rh in state["players"][0]["play"] and rh not in state["players"][1]["play"]
    shown = next(c for c in view(state, 1)["players"][0]["play"] if c["iid"] == rh)
    assert (shown["owner"], shown["controller"]) == (1, 0)


def test_stolen_unit_dies_to_its_owners_discard():
    state = _stolen_rhino(damage=5)
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0, "wither")[0], "targets": [find(state, "rh")]})
    assert gone(state, "rh")
    assert cards(state, state["players"][1]["discard"]) == ["regular_sized_rhinoceros"]
    assert "regular_sized_rhinoceros" not in cards(state, state["players"][0]["discard"])


def test_stolen_unit_patrols_for_its_controller():
    state = _stolen_rhino()
    rh = find(state, "rh")
    state = act(state, 0, {"type": "patrol", "card": rh, "slot": "squad_leader"})
    state = act(state, 0, {"type": "end_main"})
    assert state["players"][0]["patrol"]["squad_leader"] == rh
    attacks = {
        a["target"] for a in legal_actions(state, 1) if a["type"] == "attack" and a["attacker"] == find(state, "rm")
    }
    assert attacks == {rh}


def test_scavenger_bonus_goes_to_the_patrol_zones_player():
    """A stolen unit dying in its controller's scavenger slot gives the
    controller (whose patrol zone it is) the gold; the card itself goes to
    its owner's discard pile (docs/RULINGS.md)."""
    state = scenario_game(
        seats=[
            {"play": [{"card": "regular_sized_rhinoceros", "id": "r"}]},
            {"gold": 2, "play": [{"card": "older_brother", "id": "sc", "patrol": "scavenger"}]},
        ]
    )
    state["cards"][find(state, "sc")]["owner"] = 0  # seat 0 owns it; seat 1 controls it
    state = attack_tagged(state, "r", "sc")
    assert state["players"][1]["gold"] == 3 and state["players"][0]["gold"] == 0
    assert cards(state, state["players"][0]["discard"]) == ["older_brother"]


def test_technician_bonus_goes_to_the_patrol_zones_player():
    state = scenario_game(
        seats=[
            {"hand": [], "deck": ["spark"], "play": [{"card": "regular_sized_rhinoceros", "id": "r"}]},
            {"hand": [], "deck": ["bloom"], "play": [{"card": "older_brother", "id": "te", "patrol": "technician"}]},
        ]
    )
    state["cards"][find(state, "te")]["owner"] = 0
    state = attack_tagged(state, "r", "te")
    assert cards(state, state["players"][1]["hand"]) == ["bloom"]
    assert state["players"][0]["hand"] == []


# ---- the end of the game -------------------------------------------------------


def test_base_at_zero_ends_the_game_with_a_winner():
    state = scenario_game(seats=[{"play": [{"card": "iron_man", "id": "a"}]}, {"base_damage": 17}])
    state = attack_tagged(state, "a", "base:1")
    assert state["status"] == "finished"
    assert state["winner"] == 0 and state["winners"] == [0] and state["winner_team"] == 0
    assert state["result_reason"]
    assert legal_actions(state, 0) == [] and legal_actions(state, 1) == []
    assert_refused(state, 1, {"type": "concede"}, "game_over")
    assert_refused(state, 0, {"type": "end_main"}, "game_over")
    assert view(state, 1)["winner"] == 0 and view(state, None)["status"] == "finished"


def test_base_above_zero_keeps_the_game_going():
    state = scenario_game(seats=[{"play": [{"card": "iron_man", "id": "a"}]}, {"base_damage": 16}])
    state = attack_tagged(state, "a", "base:1")
    assert state["status"] == "playing" and base_damage(state, 1) == 19


def test_destroyed_building_damage_can_end_the_game():
    state = scenario_game(
        seats=[
            {"play": [{"card": "regular_sized_rhinoceros", "id": "r"}]},
            {"base_damage": 18, "buildings": {"tech_1": True}},
        ]
    )
    state = attack_tagged(state, "r", "bld:1:tech_1")
    assert state["status"] == "finished" and state["winner"] == 0


def test_replacing_an_addon_can_lose_the_game():
    state = scenario_game(seats=[{"gold": 9, "base_damage": 18, "buildings": {"addon": "tower"}}, {}])
    state = act(state, 0, {"type": "build", "building": "surplus"})
    assert state["status"] == "finished" and state["winner"] == 1


@pytest.mark.parametrize("who", [0, 1])
def test_concede_any_time_the_other_player_wins(who):
    state = scenario_game(seats=[{}, {}])
    state = act(state, who, {"type": "concede"})
    assert state["status"] == "finished" and state["winner"] == 1 - who
    assert state["result_reason"] == "concession"


def test_concede_while_a_prompt_is_open():
    state = scenario_game(
        seats=[
            {"gold": 9, "hand": ["hired_stomper"], "buildings": {"tech_1": True, "tech_2": True}},
            {"play": ["tenderfoot", "older_brother"]},
        ]
    )
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": []})
    assert state["prompt"] is not None
    state = act(state, 1, {"type": "concede"})
    assert state["winner"] == 0 and state["prompt"] is None


# ---- illegal actions: a stable code, and the state exactly as it was ------------------


def _board():
    return scenario_game(
        seats=[
            {"gold": 5, "hand": ["older_brother", "spark"], "play": [{"card": "iron_man", "id": "a"}, "troq_bashar"]},
            {"gold": 5, "hand": ["tenderfoot"], "play": [{"card": "older_brother", "id": "d"}]},
        ]
    )


@pytest.mark.parametrize("seat", [2, -1, "0", True, None, 0.0, [0]])
def test_wrong_seat(seat):
    assert_refused(_board(), seat, {"type": "end_main"}, "bad_seat")


@pytest.mark.parametrize(
    "action", [None, "end_main", 3, [], ["end_main"], {}, {"type": 3}, {"type": None}, {"kind": "end_main"}]
)
def test_malformed_action(action):
    assert_refused(_board(), 0, action, "bad_action")


def test_unknown_action_type():
    assert_refused(_board(), 0, {"type": "fly"}, "unknown_action")
    assert_refused(_board(), 0, {"type": "End_Main"}, "unknown_action")


def test_oversized_action():
    assert_refused(_board(), 0, {"type": "end_main", "pad": "x" * 10000}, "bad_action")


@pytest.mark.parametrize(
    "action",
    [
        {"type": "hire", "card": "HAND"},
        {"type": "build", "building": "tower"},
        {"type": "end_main"},
        {"type": "attack", "attacker": "D", "target": "base:0"},
        {"type": "patrol", "card": "D", "slot": "elite"},
        {"type": "play", "card": "HAND", "targets": []},
    ],
)
def test_out_of_turn(action):
    state = _board()
    action = {
        k: (hand_ids(state, 1)[0] if v == "HAND" else find(state, "d") if v == "D" else v) for k, v in action.items()
    }
    assert_refused(state, 1, action, "not_your_turn")


def test_not_enough_gold():
    state = _board()
    state["players"][0]["gold"] = 0
    assert_refused(state, 0, {"type": "hire", "card": hand_ids(state, 0)[0]}, "not_enough_gold")
    assert_refused(
        state, 0, {"type": "play", "card": hand_ids(state, 0, "older_brother")[0], "targets": []}, "not_enough_gold"
    )
    assert_refused(state, 0, {"type": "build", "building": "tower"}, "not_enough_gold")
    assert_refused(state, 0, {"type": "level_up", "hero": hero_id(state, 0), "levels": 1}, "not_enough_gold")


def test_prompt_discipline():
    state = scenario_game(
        seats=[
            {
                "gold": 9,
                "hand": ["hired_stomper", "spark"],
                "play": ["troq_bashar"],
                "buildings": {"tech_1": True, "tech_2": True},
            },
            {"play": ["tenderfoot", "older_brother"]},
        ]
    )
    assert_refused(state, 0, {"type": "choose", "choice": []}, "no_prompt")
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0, "hired_stomper")[0], "targets": []})
    options = state["prompt"]["options"]
    assert_refused(state, 0, {"type": "end_main"}, "prompt_pending")
    assert_refused(state, 0, {"type": "hire", "card": hand_ids(state, 0)[0]}, "prompt_pending")
    assert_refused(state, 1, {"type": "choose", "choice": [options[0]]}, "not_your_prompt")
    for bad in (["base:1"], [options[0], options[1]], [], [None], [{"x": 1}], "zz", [True], None):
        assert_refused(state, 0, {"type": "choose", "choice": bad}, "bad_choice")
    state = act(state, 0, {"type": "choose", "choice": options[0]})
    assert state["prompt"] is None


GARBAGE = [
    None,
    0,
    1,
    -1,
    1.5,
    True,
    "",
    "zz",
    "c1",
    "c99999",
    "base:1",
    "base:9",
    "base:x",
    "bld:1:tech_1",
    "bld:9:tech_1",
    "bld:x:y",
    "bld:0:addon",
    "bld:1",
    [],
    ["c1"],
    [None],
    [[]],
    {},
    {"a": 1},
    "squad_leader",
    "tech_1",
    "iron_man",
]
FIELDS = {
    "hire": ["card"],
    "build": ["building"],
    "summon": ["hero"],
    "level_up": ["hero", "levels"],
    "play": ["card", "targets"],
    "ability": ["card", "ability", "targets"],
    "attack": ["attacker", "target"],
    "patrol": ["card", "slot"],
    "end_main": [],
    "tech": ["cards"],
    "choose": ["choice"],
    "reveal": ["target"],
}


@pytest.mark.parametrize("kind", sorted(FIELDS))
def test_garbage_fields_never_crash_and_never_change_state(kind):
    """Every field of every action, filled with junk: either a RulesError
    with the state untouched, or (rarely) a legal action."""
    state = scenario_game(
        seats=[
            {
                "gold": 5,
                "hand": ["older_brother", "spark"],
                "workers": 10,
                "play": [{"card": "iron_man", "id": "a"}, {"card": "troq_bashar", "id": "t"}],
            },
            {"play": [{"card": "older_brother", "id": "d", "patrol": "squad_leader"}]},
        ]
    )
    for field in FIELDS[kind] or [None]:
        for junk in GARBAGE:
            action = {"type": kind}
            for other in FIELDS[kind]:
                action[other] = junk if other == field else None
            before = frozen(state)
            try:
                apply_action(state, 0, action)
            except RulesError as err:
                assert err.code and err.message
            assert frozen(state) == before, action


def test_legal_actions_do_not_change_the_state():
    state = _board()
    before = frozen(state)
    for seat in (0, 1):
        legal_actions(state, seat)
        view(state, seat)
    assert frozen(state) == before


def test_every_listed_legal_action_applies():
    state = _board()
    for action in legal_actions(state, 0):
        apply_action(state, 0, action)


# ---- a second legendary copy is discarded, however it comes (issue 12) ------------------
# Deluxe rulebook, "Legendary Cards": "If a second copy would come under your
# control, that second copy is discarded instead ... this supersedes all
# other rules about legendaries."


def _discard_cards(state, seat):
    return [state["cards"][i]["card"] for i in state["players"][seat]["discard"]]


def test_a_second_legendary_copy_taken_by_a_control_change_is_discarded():
    """Kidnapping the opponent's Ardra's Boulder while you control one: the
    stolen copy goes to its owner's discard pile, yours stays."""
    state = scenario_game(
        seats=[
            {
                "gold": 4,
                "hand": ["kidnapping"],
                "play": [{"card": "drakk_ramhorn"}, {"card": "ardra_s_boulder", "id": "mine"}],
            },
            {"play": [{"card": "ardra_s_boulder", "id": "theirs"}]},
        ],
        heroes=("drakk_ramhorn", "river_montoya"),
    )
    mine, theirs = find(state, "mine"), find(state, "theirs")
    state = act(state, 0, {"type": "play", "card": hand_ids(state, 0)[0], "targets": [theirs]})
    assert in_play(state, 0, "ardra_s_boulder") == [mine]
    assert in_play(state, 1, "ardra_s_boulder") == [] and theirs not in state["cards"]
    assert _discard_cards(state, 1) == ["ardra_s_boulder"]
    assert any("second copy" in line["text"] for line in state["log"])


def test_a_second_legendary_copy_put_into_play_is_discarded_instead_of_arriving():
    """A second copy of a legendary you control that is put into play
    anyway (the offers of Sanatorium and Feral Strike leave it out, but a
    release from Jail or a card put in by another effect need not) goes to
    the discard pile and never arrives (Deluxe rulebook, "Legendary
    Cards"): play.enter_play itself guards it."""
    state = scenario_game(
        seats=[{"hand": ["ardra_s_boulder"], "play": [{"card": "ardra_s_boulder", "id": "mine"}]}, {}]
    )
    boulder = hand_ids(state, 0, "ardra_s_boulder")[0]
    enter_play(state, boulder, 0)
    assert in_play(state, 0, "ardra_s_boulder") == [find(state, "mine")]
    assert _discard_cards(state, 0) == ["ardra_s_boulder"]
