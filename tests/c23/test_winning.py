"""Winning and the card rules: rulebook "Object of the Game", "E. End
Combat", "Additional Rules" (unique characters, the order of events);
house rules K4, K5, K20, K21, K26, K27."""

import pytest

from game.c23 import RulesError, apply_action, legal_actions

from .helpers import act, find, names, scenario


def test_drawing_the_last_card_loses_at_once():
    """K4 ★ default (deck_out "empty"): a player loses as soon as the deck reaches 0, here by the draw."""
    state = scenario([{}, {"deck": ["Reef Sentry"]}])
    state = act(state, 0, {"type": "end_turn"})
    assert state["status"] == "finished" and state["winner"] == 0 and state["result"] == "win"
    assert state["prompt"] is None and legal_actions(state, 0) == []
    with pytest.raises(RulesError) as err:
        apply_action(state, 1, {"type": "end_turn"})
    assert err.value.code == "game_over"


def test_an_effect_emptying_the_deck_wins_in_the_middle_of_the_turn():
    """K4: '...or from an effect': Searing Volley on a 2-card deck wins at once."""
    state = scenario([{"hand": ["Searing Volley"], "resources": ["Cinder Vein"] * 2}, {"deck": ["Tide Pool"] * 2}])
    state = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Searing Volley")})
    assert state["status"] == "finished" and state["winner"] == 0


def test_option_deck_out_draw_loses_only_on_drawing_from_an_empty_deck():
    """K4 ★ option deck_out "draw": a deck at 0 is not yet lost; the next draw from it is (K26)."""
    state = scenario(
        [{"hand": ["Searing Volley"], "resources": ["Cinder Vein"] * 2}, {"deck": ["Tide Pool"] * 2}],
        options={"deck_out": "draw"},
    )
    state = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Searing Volley")})
    assert state["status"] == "playing" and state["players"][1]["deck"] == []
    state = act(state, 0, {"type": "end_turn"})
    assert state["status"] == "finished" and state["winner"] == 0


def test_a_forced_draw_beyond_the_deck_loses():
    """K26: 'makes your opponent draw more cards than he or she has left': drawing past the deck loses
    (Clear Insight draws 2 from a 1-card deck), under either deck_out option."""
    for rule in ("empty", "draw"):
        state = scenario(
            [{"hand": ["Clear Insight"], "resources": ["Tide Pool"] * 2, "deck": ["Reef Sentry"]}, {}],
            options={"deck_out": rule},
        )
        state = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Clear Insight")})
        assert state["status"] == "finished" and state["winner"] == 1, rule


def test_both_decks_empty_at_once_is_a_draw():
    """K5 default (simultaneous_loss "draw"): both decks at 0 in one event (Scorched Earth) is a draw."""
    state = scenario(
        [
            {"hand": ["Scorched Earth"], "resources": ["Cinder Vein"] * 3, "deck": ["Ashen Scout"] * 2},
            {"deck": ["Tide Pool"] * 3},
        ]
    )
    state = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Scorched Earth")})
    assert state["status"] == "finished" and state["winner"] is None and state["result"] == "draw"


def test_option_simultaneous_loss_active_loses():
    """K5 alternative (simultaneous_loss "active_loses"): the active player loses, the other wins."""
    state = scenario(
        [
            {"hand": ["Scorched Earth"], "resources": ["Cinder Vein"] * 3, "deck": ["Ashen Scout"] * 2},
            {"deck": ["Tide Pool"] * 3},
        ],
        options={"simultaneous_loss": "active_loses"},
    )
    state = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Scorched Earth")})
    assert state["status"] == "finished" and state["winner"] == 1


def test_unique_characters_are_unique_across_all_players():
    """K20 and 'Unique Characters': nobody may put a unique character in play while anyone has a copy."""
    state = scenario(
        [{"hand": ["Vessa, Ember Queen"], "resources": ["Cinder Vein"] * 4}, {"characters": ["Vessa, Ember Queen"]}]
    )
    vessa = find(state, 0, "hand", "Vessa, Ember Queen")
    with pytest.raises(RulesError) as err:
        apply_action(state, 0, {"type": "play", "card": vessa})
    assert err.value.code == "unique_in_play"
    assert not any(a.get("card") == vessa for a in legal_actions(state, 0))
    free = scenario([{"hand": ["Vessa, Ember Queen"], "resources": ["Cinder Vein"] * 4}, {}])
    free = act(free, 0, {"type": "play", "card": find(free, 0, "hand", "Vessa, Ember Queen")})
    assert names(free, 0, "characters") == ["Vessa, Ember Queen"]


def test_an_effect_putting_a_unique_character_in_play_is_ignored_while_a_copy_is_in_play():
    """K20: 'ignore that instruction if there's already a copy of that character in play' (Regrowth Rite)."""
    layout = [
        {
            "hand": ["Regrowth Rite", "Regrowth Rite"],
            "resources": ["Moss Root"] * 8,
            "discard": ["Ylla, Grove Mother", "Briar Wolf"],
        },
        {"characters": ["Ylla, Grove Mother"]},
    ]
    state = scenario(layout)
    ylla = find(state, 0, "discard", "Ylla, Grove Mother")
    state = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Regrowth Rite"), "target": ylla})
    assert names(state, 0, "characters") == [] and "Ylla, Grove Mother" in names(state, 0, "discard")
    wolf = find(state, 0, "discard", "Briar Wolf")
    state = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Regrowth Rite"), "target": wolf})
    assert names(state, 0, "characters") == ["Briar Wolf"]


def test_simultaneous_effects_run_from_the_active_player():
    """K21 ('The Order in Which Events Happen': the player whose turn it is orders them) and K24's
    clockwise order: Scorched Earth discards the active player's cards first, then to the left."""
    state = scenario([{}, {"hand": ["Scorched Earth"], "resources": ["Cinder Vein"] * 3}, {}], active=1)
    _, events = apply_action(state, 1, {"type": "play", "card": state["players"][1]["hand"][0]})
    order = [e["text"].split(" discards")[0] for e in events if " from the deck" in e["text"]]
    assert order == ["Bo", "Cy", "Ana"]


def test_each_card_says_whose_cards_it_may_touch():
    """K27: Firebrand may discard your own character too; Fresh Growth untaps only your own;
    Second Spring takes from your own discard pile only, the card taking a new id (K19)."""
    state = scenario(
        [
            {
                "hand": ["Firebrand", "Fresh Growth", "Second Spring"],
                "resources": ["Cinder Vein"] * 3 + ["Moss Root"] * 3,
                "characters": ["Ashen Scout", {"card": "Briar Wolf", "tapped": True}],
                "discard": ["Grove Keeper"],
            },
            {"characters": [{"card": "Reef Sentry", "tapped": True}], "discard": ["Coral Warden"]},
        ]
    )
    scout = find(state, 0, "characters", "Ashen Scout")
    after = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Firebrand"), "target": scout})
    assert names(after, 0, "discard")[-1] == "Ashen Scout"
    sentry = state["players"][1]["characters"][0]
    with pytest.raises(RulesError) as err:
        apply_action(state, 0, {"type": "play", "card": find(state, 0, "hand", "Fresh Growth"), "target": sentry})
    assert err.value.code == "bad_target"
    wolf = find(state, 0, "characters", "Briar Wolf")
    after = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Fresh Growth"), "target": wolf})
    assert not after["cards"][wolf]["tapped"]
    theirs = state["players"][1]["discard"][0]
    with pytest.raises(RulesError) as err:
        apply_action(state, 0, {"type": "play", "card": find(state, 0, "hand", "Second Spring"), "target": theirs})
    assert err.value.code == "bad_target"
    keeper = find(state, 0, "discard", "Grove Keeper")
    after = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Second Spring"), "target": keeper})
    assert "Grove Keeper" in names(after, 0, "hand") and keeper not in after["players"][0]["hand"]


def test_tap_effect_and_entering_effects():
    """'Your Turn' 4 ('Some of those rules apply when a character is put in play'): Flame Runner
    discards one from the opponent's deck; Wave Caller draws one. Binding Mist taps a character."""
    state = scenario([{"hand": ["Flame Runner"], "resources": ["Cinder Vein"] * 2}, {}])
    state = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Flame Runner")})
    assert len(state["players"][1]["deck"]) == 9
    state = scenario(
        [{"hand": ["Wave Caller", "Binding Mist"], "resources": ["Tide Pool"] * 3}, {"characters": ["Briar Wolf"]}]
    )
    state = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Wave Caller")})
    assert len(state["players"][0]["hand"]) == 2 and len(state["players"][0]["deck"]) == 9
    wolf = state["players"][1]["characters"][0]
    state = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Binding Mist"), "target": wolf})
    assert state["cards"][wolf]["tapped"]
