"""Scenario tests: game setup and the turn sequence (ready, upkeep, main,
draw phase, tech).

Sources: Deluxe rulebook "Setup" and "Turn sequence"; house rules R1, R4, R9,
R11, R12 (cited per test).
"""

from game.codex.catalog import spec_cards, starting_deck
from game.rules import legal_actions, view

from .helpers import act, assert_refused, find, new_normal_game, scenario_game

BASHING = set(spec_cards("bashing"))
FINESSE = set(spec_cards("finesse"))


def cards_of(state, ids):
    return [state["cards"][i]["card"] for i in ids]


# ---- setup -----------------------------------------------------------------


def test_setup_seeded_shuffle_is_reproducible():
    """Same seed, same deck order and hands; the order lives in the state."""
    a, b = new_normal_game(seed=42), new_normal_game(seed=42)
    for seat in (0, 1):
        pa, pb = a["players"][seat], b["players"][seat]
        assert cards_of(a, pa["deck"]) == cards_of(b, pb["deck"])
        assert cards_of(a, pa["hand"]) == cards_of(b, pb["hand"])
    assert a == b


def test_setup_different_seeds_shuffle_differently():
    orders = {
        tuple(cards_of(s, s["players"][0]["hand"] + s["players"][0]["deck"]))
        for s in (new_normal_game(seed=n) for n in range(6))
    }
    assert len(orders) > 1


def test_setup_each_deck_is_the_ten_card_starting_deck():
    state = new_normal_game(seed=3)
    for seat in (0, 1):
        p = state["players"][seat]
        assert sorted(cards_of(state, p["hand"] + p["deck"])) == sorted(starting_deck("neutral"))
        assert p["discard"] == [] and p["workers"] == []


def test_setup_five_card_opening_hands():
    state = new_normal_game(seed=3)
    assert [len(p["hand"]) for p in state["players"]] == [5, 5]
    assert [len(p["deck"]) for p in state["players"]] == [5, 5]


def test_setup_first_player_4_workers_second_5():
    state = new_normal_game(seed=3)
    assert [p["base_workers"] for p in state["players"]] == [4, 5]
    assert view(state, 0)["players"][0]["workers"] == 4
    assert view(state, 0)["players"][1]["workers"] == 5


def test_setup_hero_in_command_zone():
    state = new_normal_game(seed=3)
    for seat, hero in ((0, "troq_bashar"), (1, "river_montoya")):
        p = state["players"][seat]
        assert cards_of(state, p["command"]) == [hero]
        assert p["play"] == []


def test_setup_codex_is_24_cards_two_of_each_spec_card():
    state = new_normal_game(seed=3)
    for seat, spec in ((0, BASHING), (1, FINESSE)):
        codex = state["players"][seat]["codex"]
        assert set(codex) == spec and len(spec) == 12
        assert set(codex.values()) == {2}
        assert sum(codex.values()) == 24


def test_setup_bases_have_20_hp_and_first_turn_begins():
    """House rule R1: the base has 20 HP. The first player's turn starts with
    its upkeep: 4 workers give 4 gold."""
    state = new_normal_game(seed=3)
    assert [t["hp"] for t in state["teams"]] == [20, 20]
    assert [t["damage"] for t in state["teams"]] == [0, 0]
    assert state["active"] == 0 and state["phase"] == "main" and state["turn"] == 1
    assert state["players"][0]["gold"] == 4
    assert state["players"][1]["gold"] == 0


# ---- ready and upkeep ------------------------------------------------------------


def test_ready_phase_readies_only_the_new_active_players_cards():
    state = scenario_game(
        seats=[
            {"play": [{"card": "iron_man", "exhausted": True, "id": "mine"}]},
            {"play": [{"card": "older_brother", "exhausted": True, "id": "theirs"}]},
        ]
    )
    state = act(state, 0, {"type": "end_main"})
    assert state["cards"][find(state, "theirs")]["exhausted"] is False
    assert state["cards"][find(state, "mine")]["exhausted"] is True


def test_upkeep_gives_one_gold_per_worker():
    state = scenario_game(seats=[{}, {"gold": 2, "workers": 7}])
    state = act(state, 0, {"type": "end_main"})
    assert state["active"] == 1
    assert state["players"][1]["gold"] == 9


def test_upkeep_counts_hired_workers():
    state = scenario_game(seats=[{}, {"workers": 5, "worker_cards": ["spark", "bloom"]}])
    state = act(state, 0, {"type": "end_main"})
    assert state["players"][1]["gold"] == 7


def test_upkeep_gold_is_capped_at_20():
    state = scenario_game(seats=[{}, {"gold": 18, "workers": 6}])
    state = act(state, 0, {"type": "end_main"})
    assert state["players"][1]["gold"] == 20


def test_upkeep_triggers_run():
    """Upkeep triggers of cards in play (Star-Crossed Starlet hurts herself)."""
    state = scenario_game(seats=[{}, {"play": [{"card": "star_crossed_starlet", "id": "s"}]}])
    state = act(state, 0, {"type": "end_main"})
    assert state["cards"][find(state, "s")]["damage"] == 1


def test_surplus_draws_a_card_in_upkeep():
    """House rule R4: Surplus (alias Warehouse) draws one card in its owner's upkeep."""
    state = scenario_game(
        seats=[
            {},
            {
                "hand": [],
                "deck": ["spark", "bloom", "wither", "older_brother", "tenderfoot", "fruit_ninja", "iron_man"],
                "buildings": {"addon": "surplus"},
            },
        ]
    )
    state = act(state, 0, {"type": "end_main"})
    assert len(state["players"][1]["hand"]) == 1
    assert cards_of(state, state["players"][1]["hand"]) == ["spark"]


def test_unfinished_surplus_does_not_draw():
    state = scenario_game(seats=[{"gold": 5, "hand": [], "deck": ["spark", "bloom", "wither"]}, {}])
    state = act(state, 0, {"type": "build", "building": "surplus"})
    assert state["players"][0]["buildings"]["addon"]["done"] is False
    state = act(state, 0, {"type": "end_main"})
    assert state["players"][0]["buildings"]["addon"]["done"] is True


# ---- draw phase --------------------------------------------------------------------


def _deck(n):
    names = [
        "older_brother",
        "tenderfoot",
        "spark",
        "bloom",
        "wither",
        "fruit_ninja",
        "helpful_turtle",
        "brick_thief",
        "timely_messenger",
        "granfalloon_flagbearer",
    ]
    return names[:n]


def test_draw_phase_discards_hand_then_draws_that_many_plus_two():
    state = scenario_game(seats=[{"hand": ["iron_man", "iron_man"], "deck": _deck(8)}, {}])
    state = act(state, 0, {"type": "end_main"})
    p = state["players"][0]
    assert len(p["hand"]) == 4
    assert cards_of(state, p["discard"]) == ["iron_man", "iron_man"]
    assert cards_of(state, p["hand"]) == _deck(4)


def test_draw_phase_with_empty_hand_draws_two():
    state = scenario_game(seats=[{"hand": [], "deck": _deck(8)}, {}])
    state = act(state, 0, {"type": "end_main"})
    assert len(state["players"][0]["hand"]) == 2


def test_draw_phase_draws_at_most_five():
    state = scenario_game(seats=[{"hand": ["iron_man"] * 4, "deck": _deck(8)}, {}])
    state = act(state, 0, {"type": "end_main"})
    assert len(state["players"][0]["hand"]) == 5
    assert len(state["players"][0]["deck"]) == 3


def test_draw_phase_reshuffles_discard_when_deck_runs_out():
    """The discarded hand is part of the discard pile that is reshuffled;
    draw-phase draws are not limited by house rule R9."""
    state = scenario_game(seats=[{"hand": ["iron_man"] * 3, "deck": ["spark"], "discard": ["bloom", "wither"]}, {}])
    state = act(state, 0, {"type": "end_main"})
    p = state["players"][0]
    assert len(p["hand"]) == 5
    assert cards_of(state, p["hand"])[0] == "spark"
    assert len(p["deck"]) == 1 and len(p["discard"]) == 0
    everything = sorted(cards_of(state, p["hand"] + p["deck"]))
    assert everything == sorted(["spark", "bloom", "wither"] + ["iron_man"] * 3)


def test_draw_phase_stops_when_deck_and_discard_are_empty():
    state = scenario_game(seats=[{"hand": [], "deck": ["spark"]}, {}])
    state = act(state, 0, {"type": "end_main"})
    assert cards_of(state, state["players"][0]["hand"]) == ["spark"]


def test_draw_phase_seen_cards_only_logged_to_their_player():
    state = scenario_game(seats=[{"hand": [], "deck": ["wither", "bloom"]}, {}])
    state = act(state, 0, {"type": "end_main"})
    text0 = " ".join(e["text"] for e in view(state, 0)["log"])
    text1 = " ".join(e["text"] for e in view(state, 1)["log"])
    assert "Wither" in text0 and "Bloom" in text0
    assert "Wither" not in text1 and "Bloom" not in text1


def test_the_drawing_player_reads_the_cards_drawn_and_the_others_the_count():
    """A hand test found both lines in the drawer's log ("drew Wither",
    "drew Bloom" and "drew 2 cards"): the count is for the others only."""
    state = scenario_game(seats=[{"hand": [], "deck": ["wither", "bloom"]}, {}])
    state = act(state, 0, {"type": "end_main"})
    lines = {viewer: [e["text"] for e in view(state, viewer)["log"]] for viewer in (0, 1, None)}
    assert not any(t.endswith("drew 2 cards.") for t in lines[0])
    for other in (1, None):
        assert any(t.endswith("drew 2 cards.") for t in lines[other]), lines[other]


# ---- tech (house rules R11, R12) ----------------------------------------------------


def _end_first_turn():
    """A normal game after seat 0 ended its first main phase."""
    state = new_normal_game(seed=5)
    return act(state, 0, {"type": "end_main"})


def test_tech_is_owed_after_your_turn_and_next_player_starts_at_once():
    """House rule R11: ending the main phase runs the draw phase, the next
    player starts right away, and the tech choice stays owed."""
    state = _end_first_turn()
    assert state["players"][0]["tech_owed"] is True
    assert state["active"] == 1 and state["phase"] == "main" and state["turn"] == 2
    assert state["players"][1]["gold"] == 5


def test_tech_chosen_while_the_opponent_plays():
    """House rule R11: the tech choice is made during the opponent's turn."""
    state = _end_first_turn()
    before_discard = len(state["players"][0]["discard"])
    state = act(state, 0, {"type": "tech", "cards": ["iron_man", "the_boot"]})
    p = state["players"][0]
    assert p["tech_owed"] is False
    assert p["codex"]["iron_man"] == 1 and p["codex"]["the_boot"] == 1
    assert sum(p["codex"].values()) == 22
    assert len(p["discard"]) == before_discard + 2
    assert sorted(cards_of(state, p["discard"][-2:])) == ["iron_man", "the_boot"]
    assert state["active"] == 1 and state["phase"] == "main"


def test_tech_two_cards_mandatory_below_ten_workers():
    """House rule R12: below 10 workers exactly 2 codex cards."""
    state = _end_first_turn()
    assert_refused(state, 0, {"type": "tech", "cards": []}, "bad_tech")
    assert_refused(state, 0, {"type": "tech", "cards": ["iron_man"]}, "bad_tech")
    assert_refused(state, 0, {"type": "tech", "cards": ["iron_man"] * 3}, "bad_tech")
    techs = [a for a in legal_actions(state, 0) if a["type"] == "tech"]
    assert techs and all(len(a["cards"]) == 2 for a in techs)


def test_tech_same_card_twice_allowed_not_three_times():
    state = _end_first_turn()
    state2 = act(state, 0, {"type": "tech", "cards": ["iron_man", "iron_man"]})
    assert "iron_man" not in state2["players"][0]["codex"]


def test_tech_refuses_cards_not_in_the_codex():
    state = _end_first_turn()
    assert_refused(state, 0, {"type": "tech", "cards": ["harmony", "iron_man"]}, "bad_tech")
    assert_refused(state, 0, {"type": "tech", "cards": ["nope", "iron_man"]}, "bad_tech")
    assert_refused(state, 0, {"type": "tech", "cards": "iron_man"}, "bad_tech")


def test_tech_zero_to_two_from_ten_workers():
    """House rule R12: from 10 workers on, 0, 1 or 2 cards."""
    state = scenario_game(seats=[{"workers": 10}, {}])
    state = act(state, 0, {"type": "end_main"})
    assert state["players"][0]["tech_owed"] is True
    sizes = {len(a["cards"]) for a in legal_actions(state, 0) if a["type"] == "tech"}
    assert sizes == {0, 1, 2}
    done = act(state, 0, {"type": "tech", "cards": []})
    assert done["players"][0]["tech_owed"] is False
    assert sum(done["players"][0]["codex"].values()) == 24
    one = act(state, 0, {"type": "tech", "cards": ["wrecking_ball"]})
    assert sum(one["players"][0]["codex"].values()) == 23


def test_tech_not_owed_cannot_be_sent():
    state = new_normal_game(seed=5)
    assert_refused(state, 1, {"type": "tech", "cards": ["harmony", "discord"]}, "no_tech_owed")


def test_tech_only_once_per_turn_ended():
    state = _end_first_turn()
    state = act(state, 0, {"type": "tech", "cards": ["iron_man", "the_boot"]})
    assert_refused(state, 0, {"type": "tech", "cards": ["iron_man", "the_boot"]}, "no_tech_owed")


def test_game_waits_for_owed_tech_at_start_of_next_turn():
    """House rule R11: the tech choice must be made before that player's next
    turn begins; the server prompts for it then (phase "tech")."""
    state = _end_first_turn()
    state = act(state, 1, {"type": "end_main"})
    assert state["active"] == 0 and state["phase"] == "tech"
    gold = state["players"][0]["gold"]
    assert gold == 4  # what was left of turn 1: no upkeep yet
    assert_refused(state, 0, {"type": "end_main"}, "not_your_turn")
    hand = state["players"][0]["hand"][0]
    assert_refused(state, 0, {"type": "hire", "card": hand}, "not_your_turn")
    kinds = {a["type"] for a in legal_actions(state, 0)}
    assert kinds == {"tech", "concede"}
    turn = state["turn"]
    state = act(state, 0, {"type": "tech", "cards": ["iron_man", "the_boot"]})
    assert state["phase"] == "main" and state["active"] == 0
    assert state["turn"] == turn + 1
    assert state["players"][0]["gold"] == gold + 4  # upkeep ran: 4 workers


def test_opponent_cannot_act_while_game_waits_for_tech():
    state = _end_first_turn()
    state = act(state, 1, {"type": "end_main"})
    assert_refused(state, 1, {"type": "end_main"}, "not_your_turn")
    # seat 1 may still make its own owed tech choice meanwhile
    state = act(state, 1, {"type": "tech", "cards": ["harmony", "discord"]})
    assert state["phase"] == "tech" and state["active"] == 0


def test_tech_picks_hidden_from_the_opponent_in_views_and_log():
    """House rule R11: the pending tech choice and what was teched are hidden
    from everyone else; the opponent sees counts only."""
    state = _end_first_turn()
    state = act(state, 0, {"type": "tech", "cards": ["trojan_duck", "final_smash"]})
    mine, theirs, spectator = view(state, 0), view(state, 1), view(state, None)
    mine_text = " ".join(e["text"] for e in mine["log"])
    assert "Trojan Duck" in mine_text
    for other in (theirs, spectator):
        text = " ".join(e["text"] for e in other["log"])
        assert "Trojan Duck" not in text and "Final Smash" not in text
        seat0 = other["players"][0]
        assert "codex" not in seat0 and "discard" not in seat0 and "hand" not in seat0
        assert seat0["codex_count"] == 22
        assert "Trojan" not in str(other) and "trojan_duck" not in str(other)
    assert mine["players"][0]["codex"]["trojan_duck"] == 1


def test_each_player_techs_after_each_of_their_turns():
    """House rule R11: each player techs once after each of their own turns,
    the first time after their first turn."""
    state = new_normal_game(seed=9)
    assert [p["tech_owed"] for p in state["players"]] == [False, False]
    state = act(state, 0, {"type": "end_main"})
    assert [p["tech_owed"] for p in state["players"]] == [True, False]
    state = act(state, 1, {"type": "end_main"})
    assert [p["tech_owed"] for p in state["players"]] == [True, True]
    state = act(state, 0, {"type": "tech", "cards": ["iron_man", "iron_man"]})
    state = act(state, 0, {"type": "end_main"})
    assert state["players"][0]["tech_owed"] is True
    assert state["phase"] == "tech" and state["active"] == 1
    state = act(state, 1, {"type": "tech", "cards": ["harmony", "harmony"]})
    assert state["phase"] == "main" and state["active"] == 1
