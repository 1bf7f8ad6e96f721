"""What the Codex view publishes so the page need not copy the rules
(issue 28 point 3): a hand card's ``effective_cost``, the add-on teardown
damage, the free-for-all ``news`` of the turn and the cards waiting for
tech (``tech_waits``); each for those who may see it only."""

from game.codex import catalog
from game.codex.actions import main_refusal, play_card_verdict
from game.codex.bots import GreedyBot, RandomBot, play_game
from game.codex.errors import RulesError
from game.codex.specs import tech_problem, tech_waived
from game.rules import legal_actions, view

from .helpers import act, find, random_config, scenario_game
from .test_free_for_all import ffa, lending_game, pass_turn, techs_done
from .test_maps import game as map_game
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


# ---- the cards waiting for tech (tech_waits): the viewer's own seat only ----


def _non_spells(state, seat):
    """The catalog ids of the units, upgrades and buildings of ``seat``'s hand and codex."""
    p = state["players"][seat]
    ids = {state["cards"][i]["card"] for i in p["hand"]} | set(p["codex"])
    return {c for c in ids if catalog.card(c)["kind"] != "spell"}


def _check_tech_waits(state, seat, seen):
    """``seat``'s own ``tech_waits`` names each card of its hand and codex
    that tech_problem refuses and no waiver lifts, with tech_problem's
    sentence, and nothing else; a hand card in the main phase waits exactly
    when playing it is refused ``needs_tech`` with that sentence. Adds the
    sentences met and the cards found ready to ``seen``."""
    waits = view(state, seat)["players"][seat]["tech_waits"]
    expected = {}
    for card_id in _non_spells(state, seat):
        problem = tech_problem(state, seat, catalog.card(card_id))
        if problem and not tech_waived(state, seat, card_id):
            expected[card_id] = problem
        elif catalog.card(card_id).get("tech"):
            seen.add("ready")
    assert waits == expected
    seen.update(waits.values())
    if main_refusal(state, seat) is not None:
        return
    for iid in state["players"][seat]["hand"]:
        card_id = state["cards"][iid]["card"]
        if catalog.card(card_id)["kind"] == "spell":
            continue
        verdict = play_card_verdict(state, seat, iid, False)
        refused = isinstance(verdict, RulesError) and verdict.code == "needs_tech"
        assert refused == (card_id in waits), (card_id, verdict)
        if refused:
            assert verdict.message == waits[card_id]
            seen.add("refused")


def test_tech_waits_is_what_a_play_is_refused_for_want_of_tech_in_many_positions():
    """Bot games of the 1-hero, 3-hero and Two-Headed Dragon modes, every
    5th position, every seat: Deluxe rulebook, "Tech Buildings" (a tech N
    card needs a finished tech N building) and "Tech" (3-hero: Tech II and
    III make their declared spec only)."""
    seen = set()
    games = [
        (random_config("1hero", 2, 1, 3), GreedyBot),
        (random_config("3hero", 2, 3, 5), GreedyBot),
        (random_config("3hero", 2, 3, 8), RandomBot),
        (random_config("2hg", 4, 1, 2), GreedyBot),
    ]

    def check(state, _seat, _action):
        check.steps += 1
        if check.steps % 5 == 0 and state["status"] == "playing":
            for p in state["players"]:
                _check_tech_waits(state, p["seat"], seen)

    for config, bot in games:
        check.steps = 0
        play_game(config, [bot(i) for i in range(len(config["seats"]))], max_actions=600, on_action=check)
    # the checks met cards waiting for each reason, ready cards and refused plays
    assert {"You need a finished Tech I building.", "You need a finished Tech II building."} <= seen
    assert {"Your Tech II building makes another spec's cards.", "ready", "refused"} <= seen


def test_tech_waits_names_each_card_waiting_for_a_tech_building_with_the_refusal():
    hand = ["older_brother", "iron_man", "regular_sized_rhinoceros", "steam_tank", "spark"]
    s = scenario_game([{"hand": hand, "gold": 9}])  # Troq Bashar: Bashing
    waits = view(s, 0)["players"][0]["tech_waits"]
    assert waits["iron_man"] == "You need a finished Tech I building."
    assert waits["regular_sized_rhinoceros"] == waits["steam_tank"] == "You need a finished Tech II building."
    assert "older_brother" not in waits and "spark" not in waits  # tech 0; a spell needs a hero, not tech
    assert {"hired_stomper", "sneaky_pig"} <= set(waits)  # the codex's Bashing tech II units too
    rhino = s["players"][0]["hand"][2]
    verdict = play_card_verdict(s, 0, rhino, False)
    assert verdict.code == "needs_tech" and verdict.message == waits["regular_sized_rhinoceros"]
    s = scenario_game([{"hand": hand, "gold": 9, "buildings": {"tech_1": True, "tech_2": True}, "workers": 8}])
    waits = view(s, 0)["players"][0]["tech_waits"]
    assert "iron_man" not in waits and "regular_sized_rhinoceros" not in waits  # tech met
    assert waits["steam_tank"] == "Your Tech II building makes another spec's cards."  # Anarchy, not Troq's
    assert play_card_verdict(s, 0, rhino, False) == (rhino, 4, False)


def test_no_card_waits_for_tech_on_lost_temple_nor_a_blood_unit_pirate_gang_commander_waives():
    mine = {"hand": ["regular_sized_rhinoceros", "careless_musketeer"], "gold": 20}
    assert view(map_game("lost_temple", "1hero", [mine]), 0)["players"][0]["tech_waits"] == {}
    assert view(map_game(None, "1hero", [mine]), 0)["players"][0]["tech_waits"]  # without the map they wait
    s = scenario_game(
        [{"hand": ["land_octopus", "steam_tank"], "play": ["pirate_gang_commander"]}],
        heroes=("drakk_ramhorn", "troq_bashar"),
    )
    waits = view(s, 0)["players"][0]["tech_waits"]
    assert "land_octopus" not in waits  # a tech I Blood unit: the Commander waives its tech
    assert waits["steam_tank"] == "You need a finished Tech II building."
    octopus = s["players"][0]["hand"][0]
    assert play_card_verdict(s, 0, octopus, False) == (octopus, 0, False)  # cost 0 too (the Commander)


def test_only_the_viewer_own_seat_carries_tech_waits():
    """Hidden information (house rule R21): an opponent, a spectator and
    even a Two-Headed Dragon teammate (who sees the hand and codex) get no
    ``tech_waits`` of another seat."""
    s = scenario_game([{"hand": ["bloodrage_ogre"]}, {"hand": ["bloodrage_ogre"]}])
    for viewer in (0, 1, None):
        shown = [p["seat"] for p in view(s, viewer)["players"] if "tech_waits" in p]
        assert shown == ([] if viewer is None else [viewer])
    s = map_game(None, "2hg", [{"hand": ["bloodrage_ogre"]}, {"hand": ["bloodrage_ogre"]}])
    mates = view(s, 0)["players"]
    assert mates[1]["team"] == mates[0]["team"] and "hand" in mates[1]
    assert [p["seat"] for p in mates if "tech_waits" in p] == [0]
