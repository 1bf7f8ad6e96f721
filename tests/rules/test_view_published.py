"""What the Codex view publishes so the page need not copy the rules
(issue 28 point 3): a hand card's ``effective_cost``, the add-on teardown
damage, and the free-for-all ``news`` of the turn; each for those who may
see it only."""

from game.rules import legal_actions, view

from .helpers import act, find, scenario_game
from .test_free_for_all import ffa, lending_game, pass_turn, techs_done
from .test_three_hero import three_hero


def test_a_hand_card_carries_what_playing_it_costs_now_for_its_team_only():
    s = scenario_game([{"hand": ["helpful_turtle"], "gold": 5}])
    turtle = view(s, 0)["players"][0]["hand"][0]
    assert turtle["cost"] == 2 and turtle["effective_cost"] == 2
    s["players"][0]["promise"] = s["turn"]  # Promise of Payment: the next card costs 0
    turtle = view(s, 0)["players"][0]["hand"][0]
    assert turtle["cost"] == 2 and turtle["effective_cost"] == 0
    assert "hand" not in view(s, 1)["players"][0] and "hand" not in view(s, None)["players"][0]


def test_the_effective_cost_is_what_the_play_charges():
    s = scenario_game([{"hand": ["helpful_turtle"], "gold": 5}])
    pay = view(s, 0)["players"][0]["hand"][0]["effective_cost"]
    after = act(s, 0, {"type": "play", "card": s["players"][0]["hand"][0]})
    assert after["players"][0]["gold"] == 5 - pay


def test_the_addon_teardown_damage_is_the_builders_own_and_what_the_base_takes():
    s = scenario_game([{"buildings": {"tech_1": True, "addon": "tower"}, "gold": 10}])
    mine = view(s, 0)["players"][0]
    assert mine["addon_teardown_damage"] == 2
    assert "addon_teardown_damage" not in view(s, 1)["players"][0]
    assert "addon_teardown_damage" not in view(s, None)["players"][0]
    assert "addon_teardown_damage" not in scenario_game()["players"][0]  # no add-on standing: no field
    build = next(a for a in legal_actions(s, 0) if a["type"] == "build" and a["building"] == "surplus")
    after = act(s, 0, build)
    assert after["teams"][0]["damage"] - s["teams"][0]["damage"] == mine["addon_teardown_damage"]


def test_free_for_all_news_tells_every_viewer_the_same_public_facts():
    """Cat's first upkeep brings her Mercenary token (R23): every viewer's
    news says so while her turn lasts; the coming turn's tech choice
    (R11) clears it."""
    s = ffa()
    while s["active"] != 2:
        s = pass_turn(s, s["active"])
    assert s["phase"] == "main"
    expected = [
        {
            "kind": "mercenary",
            "text": "Cy got 1 Mercenary token (a 1/1): the head start of the later players in a free-for-all.",
        }
    ]
    for viewer in (0, 1, 2, None):
        assert view(s, viewer)["news"] == expected
    s = act(s, 2, {"type": "end_main"})
    if s["phase"] == "lend":
        s = act(s, 2, {"type": "end_lending"})
    assert view(s, None)["news"] == []  # the tech choice of the coming turn, or the next turn: none yet


def test_free_for_all_news_tells_free_gold_and_lent_cards():
    s = ffa([{"play": [{"card": "iron_man", "id": "a"}], "gold": 2}, {"play": [{"card": "helpful_turtle", "id": "t"}]}])
    s = act(s, 0, {"type": "attack", "attacker": find(s, "a"), "target": find(s, "t")})
    s = techs_done(s)
    news = view(s, 1)["news"]
    assert news == [
        {"kind": "free-gold", "text": "Ana gained 1 free gold for opposing units killed (1 of 3 this turn)."}
    ], news


def test_no_news_outside_a_free_for_all():
    assert view(scenario_game(), 0)["news"] == []


def test_free_for_all_news_tells_a_card_lent_in_the_lending_step():
    """R26: Ana lends Iron Man to Cy; the news says so until the turn ends."""
    s = act(lending_game(), 0, {"type": "end_main"})
    im = find(s, "im")
    s = act(s, 0, {"type": "lend", "card": im, "to": 2, "slot": "elite"})
    lent = [n for n in view(s, 1)["news"] if n["kind"] == "lent"]
    assert lent == [{"kind": "lent", "text": "Ana lent Iron Man to Cy: it patrols for Cy until Cy's upkeep."}]
    s = techs_done(act(s, 0, {"type": "end_lending"}))
    assert not [n for n in view(s, 1)["news"] if n["kind"] == "lent"]


# ---- the rules' figures the page shows: repair, free gold, building costs ----


def test_a_free_for_all_player_sees_what_one_repair_costs_and_mends():
    s = ffa([{"gold": 7, "base_damage": 3}])
    repair = view(s, 0)["players"][0]["repair"]
    assert repair == {"gold": 3, "hp": 1}  # house rule R24
    after = act(s, 0, {"type": "repair"})
    assert s["players"][0]["gold"] - after["players"][0]["gold"] == repair["gold"]
    assert s["teams"][0]["damage"] - after["teams"][0]["damage"] == repair["hp"]
    assert "repair" not in view(s, 1)["players"][0] and "repair" not in view(s, None)["players"][0]
    assert "repair" not in view(scenario_game(), 0)["players"][0]  # not a free-for-all


def test_the_free_gold_cap_is_public_in_a_free_for_all_only():
    s = ffa()
    assert {view(s, viewer)["players"][1]["free_gold_cap"] for viewer in (0, 1, None)} == {3}  # house rule R25
    assert "free_gold_cap" not in view(scenario_game(), 0)["players"][0]


def test_each_building_cost_is_what_building_it_charges_colour_tax_included():
    s = three_hero([{"gold": 20, "workers": 10, "buildings": {"tech_1": True}}])
    costs = view(s, 0)["players"][0]["build_costs"]
    assert view(s, 0)["players"][0]["tech_tax"] == 1 and costs["tech_2"] == 4 + 1
    assert "tech_1" not in costs  # standing
    after = act(s, 0, {"type": "build", "building": "tech_2", "spec": "blood"})
    assert s["players"][0]["gold"] - after["players"][0]["gold"] == costs["tech_2"]
    assert "build_costs" not in view(s, 1)["players"][0] and "build_costs" not in view(s, None)["players"][0]


def test_a_building_cost_a_card_in_play_changes_is_shown_changed():
    s = scenario_game(
        [{"play": [{"card": "building_inspector"}]}, {"gold": 6, "workers": 10}],
        active=1,
        heroes=("bigby_hayes", "troq_bashar"),
    )
    costs = view(s, 1)["players"][1]["build_costs"]
    assert costs["tech_1"] == 1 + 1 and costs["surplus"] == 5 + 1  # an opponent's first building of the turn
    after = act(s, 1, {"type": "build", "building": "tech_1"})
    assert s["players"][1]["gold"] - after["players"][1]["gold"] == costs["tech_1"]
