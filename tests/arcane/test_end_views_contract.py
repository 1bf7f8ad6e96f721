"""Arcane Codex: hidden and public zones (A31), losing, the round cap,
draws and concession (A32, A33 \u2605 ``round_cap``), the scenario and option
checks, and the multi-game contract of game.rules (issue 17)."""

import json

import pytest

from game import rules
from tests.arcane.helpers import act, cid, config, position


def test_a31_hands_and_deck_order_are_hidden_from_the_other_player_and_spectators():
    """A31: counts only; no hand or deck id in another viewer's view; public zones shown."""
    state = rules.new_game(config(seed=9))
    for viewer in (0, 1, None):
        seen = rules.view(state, viewer)
        text = json.dumps(seen)
        assert seen["deck_count"] == len(state["deck"])
        for cid_ in state["deck"]:
            assert f'"{cid_}"' not in text
        for p in state["players"]:
            assert seen["players"][p["seat"]]["hand_count"] == len(p["hand"])
            if viewer != p["seat"]:
                assert "hand" not in seen["players"][p["seat"]]
                assert not any(f'"{c}"' in text for c in p["hand"])
            else:
                assert [c["id"] for c in seen["players"][p["seat"]]["hand"]] == p["hand"]


def test_a31_the_log_tells_each_player_their_own_draws_only():
    """A31: a drawn card is named to its owner alone."""
    state = rules.new_game(config(seed=4))
    private = [line for line in state["log"] if "to" in line]
    assert private
    for viewer in (0, 1, None):
        lines = rules.view(state, viewer)["log"]
        assert all("to" not in line or line["to"] == [viewer] for line in lines)


def test_a_drawer_reads_one_line_of_their_draw_and_the_others_the_public_one():
    """A fresh tester's finding: the drawer read both "X draws a card." and
    "You draw <card>."; now the private line only, the others (and a
    spectator) the public one only (A31)."""
    state = position([{"hand": ["3S"]}, {}], round=6, deck=["7D"])
    state = act(state, 0, "end_turn")  # South's turn starts: South draws 7♦
    draws = {
        viewer: [line["text"] for line in rules.view(state, viewer)["log"] if "draw" in line["text"]]
        for viewer in (0, 1, None)
    }
    assert draws[1] == ["You draw 7\u2666, a 3/4 creature with Sentinel."]
    assert draws[0] == draws[None] == ["South draws a card."]


def test_a31_a_card_gets_a_fresh_id_when_it_leaves_a_hidden_zone():
    """A31 and docs/ARCANE.md "Views": ids say nothing of a card's past in a hidden zone."""
    state = position([{"hand": ["3S"]}, {}], round=6)
    in_hand = cid(state, "3S")
    state = act(state, 0, "play", card="3S")
    assert cid(state, "3S") != in_hand and in_hand not in state["cards"]
    top = state["deck"][0]
    state = act(state, 0, "end_turn")
    assert top not in state["cards"]  # drawn by South under a new id


def test_the_view_says_what_each_card_is_in_the_game():
    """Issue 17 "Views": rank and suit and what the card is (creature P/T and ability, spell, sage essence)."""
    state = position(
        [
            {
                "creatures": ["9C"],
                "sages": [{"card": "KH", "essence": 3}],
                "relics": ["JD"],
                "lands": ["AS"],
                "hand": ["8S"],
            },
            {},
        ],
        discard=["2D"],
    )
    seen = rules.view(state, 0)
    me = seen["players"][0]
    creature = me["creatures"][0]
    shown = (creature["label"], creature["power"], creature["toughness"], creature["ability"])
    assert shown == ("9\u2663", 5, 5, "Crush")
    assert me["sages"][0]["essence"] == 3 and me["relics"][0]["kind"] == "relic" and me["lands"][0]["kind"] == "land"
    assert me["hand"][0]["spell"] == "Mind Drain" and seen["discard"][0]["spell"] == "Arcane Bolt"


def test_a33_default_round_cap_60_higher_life_wins():
    """A33 \u2605 default ``round_cap: 60``: at the end of round 60 the higher life wins."""
    state = position([{"life": 12}, {"life": 15}], round=60, active=1)
    state = act(state, 1, "end_turn")
    assert state["status"] == "finished" and state["winner"] == 1 and state["result_reason"] == "round_cap"
    early = act(position(round=59, active=1), 1, "end_turn")
    assert early["status"] == "playing" and early["round"] == 60


def test_a33_round_cap_with_equal_life_is_a_draw():
    """A33: equal life at the cap is a draw."""
    state = act(position(round=60, active=1), 1, "end_turn")
    assert state["status"] == "finished" and state["winner"] is None and state["winners"] == []


def test_a33_option_round_cap_other_values():
    """A33 \u2605 ``round_cap``: another number of rounds, or null for no cap."""
    state = act(position([{"life": 20}, {"life": 3}], round=5, active=1, options={"round_cap": 5}), 1, "end_turn")
    assert state["winner"] == 0 and state["result_reason"] == "round_cap"
    state = act(position(round=60, active=1, options={"round_cap": None}), 1, "end_turn")
    assert state["status"] == "playing" and state["round"] == 61


def test_a33_draw_by_agreement_and_offers_lapse_with_the_turn():
    """A33: draw by agreement; an offer stands until the end of the turn."""
    state = position()
    state = act(state, 1, "offer_draw")
    with pytest.raises(rules.RulesError):
        act(state, 1, "offer_draw")
    lapsed = act(state, 0, "end_turn")
    assert not lapsed["players"][1]["draw_offer"]
    state = act(state, 0, "offer_draw")
    assert state["status"] == "finished" and state["winner"] is None and state["result_reason"] == "agreed_draw"


def test_concession_ends_the_game_at_any_moment():
    """A33 (concession offered), even while the other seat is asked something."""
    state = position([{"hand": ["8S"]}, {"hand": ["2H"]}], round=20)
    state = act(state, 0, "play", card="8S")
    state = act(state, 0, "concede")
    assert state["winner"] == 1 and state["result_reason"] == "concede"
    with pytest.raises(rules.RulesError) as err:
        act(state, 1, "discard", card="2H")
    assert err.value.code == "game_over"


def test_a32_bolt_to_zero_wins_at_once():
    """A32: a player at 0 or less loses as soon as the damage resolved."""
    state = act(position([{"hand": ["2S"]}, {"life": 2}], round=4), 0, "play", card="2S", target="player")
    assert state["status"] == "finished" and state["winner"] == 0


@pytest.mark.parametrize("options", [{"blockers": "three"}, {"speed": 1}, {"round_cap": 0}, {"round_cap": True}])
def test_unknown_options_and_values_are_refused(options):
    """The \u2605 options (A4, A6, A14, A18, A23, A33) take only their named values."""
    with pytest.raises(rules.RulesError) as err:
        rules.new_game(config(options=options))
    assert err.value.code == "bad_option"


@pytest.mark.parametrize(
    "scenario", [{"deck": ["3S", "3S"]}, {"deck": ["1S"]}, {"players": [{"lands": ["3S"]}, {}]}, {"rest": "hand"}]
)
def test_bad_scenarios_are_refused(scenario):
    """docs/ARCANE.md "Scenarios": each of the 52 cards once, in a zone that fits it."""
    with pytest.raises(rules.RulesError) as err:
        rules.new_game(config(scenario=scenario))
    assert err.value.code == "bad_scenario"


def test_a_scenario_places_every_unnamed_card_below_the_named_deck():
    """docs/ARCANE.md "Scenarios": ``rest`` defaults to the deck, under the named cards."""
    state = position([{"hand": ["KS"]}, {}], deck=["3D", "5D"], discard=["2S"])
    assert [state["cards"][c]["card"] for c in state["deck"][:2]] == ["3D", "5D"]
    assert len(state["cards"]) == 52 and len(state["deck"]) == 50


def test_the_contract_codex_without_a_game_key_arcane_with_it():
    """Issue 17: no ``game`` key is Codex; ``"arcane"`` is Arcane Codex; others are refused."""
    codex = rules.new_game(
        {
            "mode": "1hero",
            "seed": 1,
            "seats": [{"name": "a", "hero": "garus_rook"}, {"name": "b", "hero": "garus_rook"}],
        }
    )
    assert "game" not in codex and codex["status"] == "playing"
    assert rules.new_game(config())["game"] == "arcane"
    with pytest.raises(rules.RulesError) as err:
        rules.new_game({"game": "chess", "seats": []})
    assert err.value.code == "unknown_game"


def test_the_dispatch_follows_the_state_for_every_entry_point():
    """Issue 17: apply_action, legal_actions, view, waiting_on and the bots follow the state's game."""
    state = rules.new_game(config(seed=2))
    seat = state["active"]
    assert rules.waiting_on(state) == [seat]
    action = rules.GreedyBot(seed=1).choose(state, seat)
    assert action in rules.legal_actions(state, seat) and rules.is_legal(state, seat, action)
    new, events = rules.apply_action(state, seat, action)
    copy = rules.copy_state(state)
    assert rules.apply_action_in_place(copy, seat, action) == events and copy == new
    assert rules.view(new, None)["game"] == "arcane"
    assert rules.RandomBot(seed=1).choose(state, seat) in rules.legal_actions(state, seat)


def test_a_refused_in_place_action_changes_nothing():
    """The contract: a RulesError from apply_action_in_place leaves the state as it was."""
    state = position([{"hand": ["9S"]}, {}])
    before = json.dumps(state)
    with pytest.raises(rules.RulesError):
        rules.apply_action_in_place(state, 0, {"type": "play", "card": cid(state, "9S")})
    assert json.dumps(state) == before
