"""The 3-player game: rulebook "Multiplayer Rules"; house rules K19, K24, K25."""

import pytest

from game.c23 import RulesError, apply_action, legal_actions, new_game, view

from .helpers import act, find, names, scenario


def test_you_attack_the_player_to_your_left_and_only_they_answer():
    """'Multiplayer Rules': your characters attack only the player to your left; the third does nothing."""
    state = scenario([{"characters": ["Ashen Scout"]}, {"characters": ["Reef Sentry"]}, {"characters": ["Briar Wolf"]}])
    state = act(state, 0, {"type": "attack", "attackers": state["players"][0]["characters"]})
    assert state["combat"]["defender"] == 1 and state["prompt"]["seat"] == 1
    assert legal_actions(state, 2) == []
    with pytest.raises(RulesError) as err:
        apply_action(state, 2, {"type": "block", "blocks": {}})
    assert err.value.code == "not_your_prompt"
    state = scenario([{}, {}, {"characters": ["Briar Wolf"]}], active=2)
    state = act(state, 2, {"type": "attack", "attackers": state["players"][2]["characters"]})
    assert state["combat"] is None and len(state["players"][0]["deck"]) == 7  # 10 - 2, then drew


def test_elimination_attack_the_next_survivor_bonus_and_cards_leave_the_game():
    """K24 ★: after your left neighbour is out, attack the next surviving player; you get the
    elimination bonus (min(7, discard) random cards to the deck's bottom); the eliminated
    player's cards leave the game (the unique Vessa is free again, K20); turns skip them."""
    state = scenario(
        [
            {"characters": ["Inferno Drake"], "discard": ["Ashen Scout"] * 10, "deck": ["Old Bough"] * 5},
            {"deck": ["Tide Pool"] * 4, "characters": [{"card": "Vessa, Ember Queen", "tapped": True}]},
            {"hand": ["Vessa, Ember Queen"], "resources": ["Cinder Vein"] * 4},
        ]
    )
    state = act(state, 0, {"type": "attack", "attackers": state["players"][0]["characters"]})
    assert state["status"] == "playing" and state["players"][1]["out"]
    p1 = state["players"][1]
    assert p1["deck"] == p1["hand"] == p1["characters"] == p1["discard"] == [] and len(p1["gone"]) == 5
    p0 = state["players"][0]
    assert names(state, 0, "deck") == ["Old Bough"] * 5 + ["Ashen Scout"] * 7 and len(p0["discard"]) == 3
    assert state["active"] == 2  # seat 1 is skipped
    state = act(state, 2, {"type": "play", "card": find(state, 2, "hand", "Vessa, Ember Queen")})
    assert names(state, 2, "characters") == ["Vessa, Ember Queen"]
    state = act(state, 2, {"type": "end_turn"})
    state = act(state, 0, {"type": "attack", "attackers": state["players"][0]["characters"]})
    assert state["combat"]["defender"] == 2


def test_the_bonus_goes_to_the_right_neighbour_whoever_eliminated_and_takes_what_there_is():
    """K24: the bonus applies whoever eliminated that player; fewer than 7 in the pile: all of them."""
    state = scenario(
        [
            {"hand": ["Searing Volley"], "resources": ["Cinder Vein"] * 2},
            {"discard": ["Reef Sentry"] * 3},
            {"deck": ["Tide Pool"] * 2},
        ]
    )
    with pytest.raises(RulesError) as err:
        apply_action(state, 0, {"type": "play", "card": find(state, 0, "hand", "Searing Volley")})
    assert err.value.code == "bad_opponent"  # 'your opponent' is chosen in a 3-player game
    state = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Searing Volley"), "opponent": 2})
    assert state["players"][2]["out"]
    assert names(state, 1, "deck")[-3:] == ["Reef Sentry"] * 3 and state["players"][1]["discard"] == []
    assert len(state["players"][0]["deck"]) == 10  # the eliminating player gets nothing: seat 2's right is seat 1


def test_option_no_elimination_bonus():
    """K24 ★ option elimination_bonus False: nobody takes cards back."""
    state = scenario(
        [
            {"hand": ["Searing Volley"], "resources": ["Cinder Vein"] * 2},
            {"discard": ["Reef Sentry"] * 3},
            {"deck": ["Tide Pool"] * 2},
        ],
        options={"elimination_bonus": False},
    )
    state = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Searing Volley"), "opponent": 2})
    assert state["players"][2]["out"] and len(state["players"][1]["discard"]) == 3
    assert len(state["players"][1]["deck"]) == 10


def test_the_last_survivor_wins():
    """'Multiplayer Rules': the winner is the last player surviving."""
    state = scenario(
        [{"characters": ["Inferno Drake"]}, {"deck": ["Tide Pool"] * 3}, {"deck": ["Moss Root"]}], active=0
    )
    state = act(state, 0, {"type": "attack", "attackers": state["players"][0]["characters"]})
    # seat 1 is out; seat 2 then draws its last card at the start of its turn: seat 0 survives alone
    assert state["players"][1]["out"] and state["players"][2]["out"]
    assert state["status"] == "finished" and state["winner"] == 0


def test_your_own_elimination_passes_the_turn():
    """K24 and K26: a player who empties their own deck in their turn is out, and the next survivor plays."""
    state = scenario([{"hand": ["Clear Insight"], "resources": ["Tide Pool"] * 2, "deck": ["Reef Sentry"]}, {}, {}])
    state = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Clear Insight")})
    assert state["players"][0]["out"] and state["status"] == "playing" and state["active"] == 1
    assert len(state["players"][2]["deck"]) == 10  # the bonus went to seat 2, the right neighbour: none in its pile


def test_a_hand_can_be_shown_to_everybody_in_a_three_player_game_only():
    """K19, K24: a hand may be shown publicly (never privately) in a 3-player game; it stays
    shown until the hand changes."""
    state = scenario([{"hand": ["Ember Mote", "Reef Sentry"]}, {}, {}])
    assert "hand" not in view(state, 1)["players"][0]
    state = act(state, 0, {"type": "reveal_hand"})
    for viewer in (None, 1, 2):
        assert [c["name"] for c in view(state, viewer)["players"][0]["hand"]] == ["Ember Mote", "Reef Sentry"]
    state = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Ember Mote"), "opponent": 1})
    assert "hand" not in view(state, 1)["players"][0]
    two = scenario([{"hand": ["Ember Mote"]}, {}])
    with pytest.raises(RulesError) as err:
        apply_action(two, 0, {"type": "reveal_hand"})
    assert err.value.code == "no_reveal"


def test_no_games_of_four_or_more_or_teams():
    """K25: 4+ players and team games are not offered (bad_config); 1 player neither."""
    seats = [{"name": n, "deck": "red"} for n in "ABCD"]
    for bad in (
        {"game": "c23", "seats": seats},
        {"game": "c23", "seats": seats[:1]},
        {"game": "c23", "seats": seats[:2], "teams": [[0], [1]]},
    ):
        with pytest.raises(RulesError) as err:
            new_game(bad)
        assert err.value.code == "bad_config"
    assert len(new_game({"game": "c23", "seed": 2, "seats": seats[:3]})["players"]) == 3


def test_conceding_in_a_three_player_game_eliminates_and_play_goes_on():
    """K24 (elimination) and the pool list's item 6 (concession): a player may give up at any time."""
    state = scenario([{"characters": ["Ashen Scout"]}, {}, {}])
    state = act(state, 0, {"type": "attack", "attackers": state["players"][0]["characters"]})
    state = act(state, 1, {"type": "concede"})
    assert state["players"][1]["out"] and state["active"] == 2 and state["combat"] is None
    state = act(state, 2, {"type": "concede"})
    assert state["status"] == "finished" and state["winner"] == 0 and state["result_reason"] == "concede"
