"""Two-Headed Dragon (2v2): Deluxe rulebook "Two-Headed Dragon" and house
rules R14, R18-R22. Seats 0 and 1 are the first team, 2 and 3 the second."""

import json

from game.rules import is_legal, legal_actions, new_game, view

from .helpers import act, assert_refused, base_damage, choose, find, hand_ids, legal_of

HEROES = ("troq_bashar", "river_montoya", "river_montoya", "troq_bashar")


def two_headed(seats=None, active=0, turn=3, seed=1):
    """A 2v2 game from a scenario (or the normal setup when ``seats`` is None)."""
    config = {
        "mode": "2hg",
        "seed": seed,
        "seats": [{"name": n, "hero": h} for n, h in zip(("Ana", "Ari", "Bo", "Bea"), HEROES, strict=True)],
    }
    if seats is not None:
        seats = list(seats) + [{}] * (4 - len(seats))
        config["scenario"] = {"turn": turn, "active": active, "seats": seats}
    return new_game(config)


def test_setup_shares_one_30_hp_base_per_team_and_gives_4_then_5_workers():
    """R18, R22: one base of 30 HP per team; the first team's players have
    4 workers, the second team's 5; each player has their own hand, deck
    and codex."""
    s = two_headed()
    assert [p["team"] for p in s["players"]] == [0, 0, 1, 1]
    assert s["teams"] == [{"hp": 30, "damage": 0}, {"hp": 30, "damage": 0}]
    assert [p["base_workers"] for p in s["players"]] == [4, 4, 5, 5]
    assert all(len(p["hand"]) == 5 and len(p["deck"]) == 5 for p in s["players"])
    assert all(sum(p["codex"].values()) == 24 for p in s["players"])
    assert [p["gold"] for p in s["players"]] == [4, 4, 0, 0]  # both first-team upkeeps ran


def test_both_teammates_act_in_the_same_turn_and_it_ends_when_both_have_ended():
    """R19: the team turn is simultaneous; each ends their own main phase;
    the turn passes only when both have; then each draws (hand + 2, max 5)."""
    s = two_headed()
    assert legal_of(s, 0, "end_main") and legal_of(s, 1, "end_main")
    assert not legal_of(s, 2, "end_main")
    assert_refused(s, 2, {"type": "end_main"}, "not_your_turn")
    s = act(s, 1, {"type": "hire", "card": hand_ids(s, 1)[0]})
    s = act(s, 0, {"type": "end_main"})
    assert s["active"] == 0 and s["players"][0]["ended_main"]
    assert_refused(s, 0, {"type": "hire", "card": hand_ids(s, 0)[0]}, "not_your_turn")
    assert len(s["players"][0]["hand"]) == 5  # no draw phase yet: still the team's turn
    s = act(s, 1, {"type": "end_main"})
    assert s["active"] == 2 and s["phase"] == "main"
    assert len(s["players"][0]["hand"]) == 5 and len(s["players"][1]["hand"]) == 5
    assert [p["gold"] for p in s["players"]][2:] == [5, 5]  # both upkeeps of the second team


def test_the_next_team_turn_waits_for_both_owed_tech_choices():
    """R11 with R19: each player of the team that just played owes tech; the
    team's next turn waits until both have teched."""
    s = two_headed()
    s = act(act(s, 0, {"type": "end_main"}), 1, {"type": "end_main"})
    s = act(act(s, 2, {"type": "end_main"}), 3, {"type": "end_main"})
    assert s["phase"] == "tech" and s["active"] == 0
    assert_refused(s, 0, {"type": "end_main"}, "prompt_pending") if s["prompt"] else None
    s = act(s, 0, legal_of(s, 0, "tech")[0])
    assert s["phase"] == "tech"
    s = act(s, 1, legal_of(s, 1, "tech")[0])
    assert s["phase"] == "main" and s["active"] == 0


def test_attacks_face_a_squad_leader_of_either_opposing_zone():
    """R20: a squad leader of either opposing zone first (the attacker picks
    which), then any patroller of either zone, then anything."""
    attacker = {"card": "iron_man", "id": "a"}
    s = two_headed(
        [
            {"play": [attacker]},
            {},
            {"play": [{"card": "tenderfoot", "patrol": "squad_leader", "id": "sl2"}]},
            {
                "play": [
                    {"card": "older_brother", "patrol": "squad_leader", "id": "sl3"},
                    {"card": "tenderfoot", "patrol": "elite", "id": "e3"},
                ]
            },
        ]
    )
    targets = {a["target"] for a in legal_of(s, 0, "attack", attacker=find(s, "a"))}
    assert targets == {find(s, "sl2"), find(s, "sl3")}
    s = two_headed(
        [
            {"play": [attacker]},
            {},
            {"play": [{"card": "tenderfoot", "patrol": "lookout", "id": "p2"}]},
            {"play": [{"card": "older_brother", "patrol": "elite", "id": "p3"}, {"card": "iron_man", "id": "home"}]},
        ]
    )
    targets = {a["target"] for a in legal_of(s, 0, "attack", attacker=find(s, "a"))}
    assert targets == {find(s, "p2"), find(s, "p3")}
    s = two_headed(
        [
            {"play": [attacker]},
            {},
            {"play": [{"card": "tenderfoot", "id": "u2"}]},
            {"play": [{"card": "older_brother", "id": "u3"}], "buildings": {"tech_1": True}},
        ]
    )
    targets = {a["target"] for a in legal_of(s, 0, "attack", attacker=find(s, "a"))}
    assert targets == {find(s, "u2"), find(s, "u3"), "base:1", "bld:3:tech_1"}


def test_base_effects_land_on_the_shared_base():
    """R18: "that opponent's base" is the team's one base (Troq's mid band
    against the second opponent of the team)."""
    s = two_headed(
        [
            {"play": [{"card": "troq_bashar", "level": 5, "id": "troq"}]},
            {},
            {},
            {"play": [{"card": "tenderfoot", "id": "t"}]},
        ]
    )
    s = act(s, 0, {"type": "attack", "attacker": find(s, "troq"), "target": find(s, "t")})
    assert base_damage(s, 2) == 1 and base_damage(s, 3) == 1


def test_friendly_spells_reach_the_partner_but_your_means_only_you():
    """R21: Bloom ("friendly") may target the partner's unit; Two Step
    ("your units") may not."""
    s = two_headed(
        [
            {"hand": ["bloom"], "gold": 5, "play": [{"card": "troq_bashar"}]},
            {"play": [{"card": "tenderfoot", "id": "mate"}]},
        ]
    )
    s = act(s, 0, {"type": "play", "card": hand_ids(s, 0, "bloom")[0], "targets": [find(s, "mate")]})
    assert s["cards"][find(s, "mate")]["plus"] == 1
    s = two_headed(
        [
            {
                "hand": ["two_step"],
                "gold": 5,
                "play": [{"card": "river_montoya"}, {"card": "tenderfoot", "id": "mine"}],
            },
            {"play": [{"card": "older_brother", "id": "mate"}]},
        ]
    )
    step = hand_ids(s, 0, "two_step")[0]
    assert_refused(s, 0, {"type": "play", "card": step, "targets": [find(s, "mine"), find(s, "mate")]}, "bad_targets")


def test_a_dead_hero_gives_two_levels_to_a_hero_of_the_other_team_chosen_by_the_actor():
    """R14: one hero of the opposing team gains two levels; the player whose
    action killed it chooses between the two opposing heroes."""
    s2 = two_headed(
        [
            {"play": [{"card": "troq_bashar", "id": "h0"}, {"card": "iron_man", "id": "a"}]},
            {"play": [{"card": "river_montoya", "id": "h1"}]},
            {"play": [{"card": "river_montoya", "damage": 2, "id": "h2"}]},
            {},
        ]
    )
    s2 = act(s2, 0, {"type": "attack", "attacker": find(s2, "a"), "target": find(s2, "h2")})
    assert s2["prompt"]["seat"] == 0 and set(s2["prompt"]["options"]) == {find(s2, "h0"), find(s2, "h1")}
    assert_refused(s2, 1, {"type": "choose", "choice": [find(s2, "h1")]}, "not_your_prompt")
    s2 = choose(s2, 0, find(s2, "h1"))
    assert s2["cards"][find(s2, "h1")]["level"] == 3


def test_teammates_see_each_others_hands_and_codex_but_nobody_else_does():
    """R21: teammates see each other's hands and codex choices; the other
    team and spectators see counts only."""
    s = two_headed()
    for viewer, visible in ((0, {0, 1}), (1, {0, 1}), (2, {2, 3}), (3, {2, 3}), (None, set())):
        shown = view(s, viewer)
        assert {p["seat"] for p in shown["players"] if "hand" in p} == visible
        assert {p["seat"] for p in shown["players"] if "codex" in p} == visible
    text = json.dumps(view(s, 2))
    for seat in (0, 1):
        for iid in s["players"][seat]["hand"]:
            assert f'"{iid}"' not in text


def test_the_tech_pick_is_logged_for_the_team_only():
    """R21: a tech pick's names reach the teammate, not the other team."""
    s = two_headed()
    s = act(act(s, 0, {"type": "end_main"}), 1, {"type": "end_main"})
    s = act(s, 0, {"type": "tech", "cards": ["iron_man", "the_boot"]})

    def lines(viewer):
        return " ".join(e["text"] for e in view(s, viewer)["log"])

    assert "Iron Man" in lines(1) and "Iron Man" not in lines(2) and "Iron Man" not in lines(None)


def test_a_team_cannot_hold_two_add_ons_of_the_same_kind():
    """R18: a team cannot have two add-ons of the same kind."""
    s = two_headed([{"gold": 10}, {"buildings": {"addon": "tower"}}])
    assert_refused(s, 0, {"type": "build", "building": "tower"}, "team_addon")
    assert act(s, 0, {"type": "build", "building": "surplus"})["players"][0]["buildings"]["addon"]["id"] == "surplus"


def test_the_team_whose_base_falls_loses_together():
    """R18: the shared base at 0 HP ends the game; both players of the other
    team win."""
    s = two_headed([{"play": [{"card": "iron_man", "id": "a"}]}, {}, {"base_damage": 28}, {}])
    s = act(s, 0, {"type": "attack", "attacker": find(s, "a"), "target": "base:1"})
    assert s["status"] == "finished" and s["winners"] == [0, 1] and s["winner_team"] == 0


def test_a_concession_concedes_for_the_team():
    """A player who concedes gives the game to the other team."""
    s = act(two_headed(), 3, {"type": "concede"})
    assert s["status"] == "finished" and s["winners"] == [0, 1]


def test_a_teammates_prompt_pauses_the_team_until_answered():
    """A prompt belongs to one seat; the partner's actions wait for it
    (actions are applied one at a time, R19)."""
    s = two_headed(
        [
            {"hand": ["hired_stomper"], "gold": 9, "buildings": {"tech_1": True, "tech_2": True}, "workers": 8},
            {"hand": ["tenderfoot"]},
            {"play": [{"card": "tenderfoot"}, {"card": "older_brother"}]},
            {},
        ]
    )
    s = act(s, 0, {"type": "play", "card": hand_ids(s, 0, "hired_stomper")[0], "targets": []})
    assert s["prompt"]["seat"] == 0
    assert_refused(s, 1, {"type": "hire", "card": hand_ids(s, 1)[0]}, "prompt_pending")
    assert legal_actions(s, 1) == [{"type": "concede"}]


def test_is_legal_agrees_with_apply_action_on_a_prompt_answer():
    """Found by the server's 2v2 concurrency test: a prompt answer sent twice
    (a double click) reached the next prompt, whose options differ;
    ``is_legal`` said yes, ``apply_action`` said ``bad_choice``. A dry run
    must give the same verdict as the real thing."""
    s = two_headed(
        [
            {"hand": ["hired_stomper"], "gold": 9, "buildings": {"tech_1": True, "tech_2": True}, "workers": 8},
            {"hand": ["tenderfoot"]},
            {"play": [{"card": "tenderfoot"}, {"card": "older_brother"}]},
            {},
        ]
    )
    s = act(s, 0, {"type": "play", "card": hand_ids(s, 0, "hired_stomper")[0], "targets": []})
    answer = {"type": "choose", "choice": ["not-an-option"]}
    assert_refused(s, 0, answer, "bad_choice")
    assert not is_legal(s, 0, answer)
