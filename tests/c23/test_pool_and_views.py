"""The card pool, the deck validator and the views: house rules K1, K19,
K22, the pool list ("What the card pool needs" 1-5) and the options."""

import json

import pytest

from game.c23 import RulesError, apply_action, new_game, validate_deck, view
from game.c23 import cards as pool
from game.c23.setup import OPTIONS

from .helpers import act, find, scenario

OPS = {"mill", "draw", "discard_character", "tap", "untap", "return_to_hand", "return_to_play", "power"}


def test_the_data_file_says_the_pool_is_the_servers_own():
    """Issue 18 and the pool list: the pool is labelled as this server's invention."""
    assert "this server's own invention" in pool.origin()
    assert "not the original game's card list" in pool.origin()
    assert view(scenario([{}, {}]), None)["pool_origin"] == pool.origin()


def test_every_card_has_the_fields_and_only_defined_effects():
    """Pool list 1, 2, 5 and K22, K27: name, type, colour (mono), cost, power, unique, effects from
    the defined vocabulary, our own text; resources are plain (no effect) and cost nothing."""
    for c in pool.pool().values():
        assert c["type"] in pool.TYPES and c["colour"] in pool.COLOURS and c["text"]
        assert isinstance(c["unique"], bool)
        assert all(e["op"] in OPS for e in c["effects"])
        if c["type"] == "resource":
            assert c["effects"] == [] and c["cost"] is None and c["power"] is None and not c["unique"]
        else:
            assert isinstance(c["cost"], int) and c["cost"] >= 0
        assert (c["power"] is not None) == (c["type"] == "character")
        if c["type"] == "combat":  # combat cards are power modifiers only
            assert [e["op"] for e in c["effects"]] == ["power"]


def test_three_mono_colour_starters_on_the_template():
    """Pool list 4 and its template: red, blue, green; 40 cards: 17 resources, 15 characters
    (3x1, 3x2, 3x3, 2x4, 2x5, 2x6, two unique leaders at cost + 1 power), 4 actions, 4 combat cards."""
    assert pool.starter_names() == ("red", "blue", "green")
    for colour in pool.starter_names():
        deck = [pool.card(n) for n in pool.starter(colour)]
        assert len(deck) == 40 and {c["colour"] for c in deck} == {colour}
        by_type = {t: [c for c in deck if c["type"] == t] for t in pool.TYPES}
        assert [len(by_type[t]) for t in pool.TYPES] == [17, 15, 4, 4]
        costs = sorted(c["cost"] for c in by_type["character"])
        assert costs == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6]
        leaders = [c for c in by_type["character"] if c["unique"]]
        assert len(leaders) == 2 and all(c["power"] == c["cost"] + 1 for c in leaders)
        assert validate_deck(pool.starter(colour)) == []


def test_deck_validator_k1():
    """K1: at least 40 cards, at most 4 copies of a name (resources included), any colours;
    unique cards are limited only in play."""
    red = pool.starter("red")
    assert [p["code"] for p in validate_deck(red[:39])] == ["deck_too_small"]
    five = red[:35] + ["Ashen Scout"] * 2 + ["Cinder Vein"] * 3  # 5 Ashen Scouts, 7 Cinder Veins
    assert sorted(p["code"] for p in validate_deck(five)) == ["too_many_copies", "too_many_copies"]
    assert [p["code"] for p in validate_deck(red[:39] + ["No Such Card"])] == ["unknown_card"]
    assert validate_deck("red")[0]["code"] == "bad_deck"
    mixed = pool.starter("red")[:20] + pool.starter("blue")[:16] + ["Vessa, Ember Queen"] * 3 + ["Ember Mote"]
    assert validate_deck(mixed) == []


def test_a_chosen_deck_is_checked_when_the_game_starts():
    """K1 at the table: a config's own deck must pass the validator (bad_config otherwise)."""
    with pytest.raises(RulesError) as err:
        new_game({"game": "c23", "seats": [{"deck": pool.starter("red")[:30]}, {"deck": "blue"}]})
    assert err.value.code == "bad_config"
    with pytest.raises(RulesError) as err:
        new_game({"game": "c23", "seats": [{"deck": "purple"}, {"deck": "blue"}]})
    assert err.value.code == "bad_config"
    state = new_game({"game": "c23", "seed": 1, "seats": [{"deck": pool.starter("green")}, {"deck": "blue"}]})
    assert state["players"][0]["cards_owned"] == 40


def test_options_have_defaults_and_refuse_unknown_values():
    """Every ★ rule is a named option with its default (K2, K4, K5, K11, K24)."""
    state = new_game({"game": "c23", "seed": 1, "seats": [{}, {}]})
    assert state["options"] == {
        "summoning_sickness": False,
        "deck_out": "empty",
        "simultaneous_loss": "draw",
        "combat_cards_each": 1,
        "elimination_bonus": True,
    }
    assert set(OPTIONS) == set(state["options"])
    for bad in ({"deck_out": "never"}, {"combat_cards_each": 3}, {"summoning_sickness": 1}, {"speed": 2}):
        with pytest.raises(RulesError) as err:
            new_game({"game": "c23", "seats": [{}, {}], "options": bad})
        assert err.value.code == "bad_config"


def test_views_hide_hands_and_decks_and_show_discard_piles_and_play():
    """K19: deck hidden (count only, no ids), hand hidden from others (count only), discard
    pile and play public; the seed's key never shows."""
    state = new_game({"game": "c23", "seed": 9, "first": 0, "seats": [{"deck": "red"}, {"deck": "blue"}]})
    mine = view(state, 0)
    assert len(mine["players"][0]["hand"]) == 8 and "hand" not in mine["players"][1]
    assert mine["players"][1]["hand_count"] == 7 and mine["players"][1]["deck_count"] == 33
    spectator = json.dumps(view(state, None))
    for p in state["players"]:
        for iid in p["deck"] + p["hand"]:
            assert iid not in spectator
    theirs = json.dumps(view(state, 1))
    assert not any(i in theirs for i in state["players"][0]["hand"])
    assert state["rng"]["key"] not in spectator and "seed" not in spectator
    with pytest.raises(RulesError) as err:
        view(state, -1)
    assert err.value.code == "bad_seat"


def test_the_log_is_filtered_per_viewer():
    """K19: lines naming hidden cards (your hand, your draw) go to their owner only."""
    state = new_game({"game": "c23", "seed": 4, "first": 0, "seats": [{"deck": "red"}, {"deck": "green"}]})
    own = [e["text"] for e in view(state, 0)["log"]]
    other = [e["text"] for e in view(state, 1)["log"]]
    spectator = [e["text"] for e in view(state, None)["log"]]
    assert any(t.startswith("Your hand") for t in own) and any(t.startswith("You draw") for t in own)
    assert sum(t.startswith("Your hand") for t in other) == 1  # their own hand only
    assert not any(t.startswith(("Your hand", "You draw")) for t in spectator)
    assert any("draws 1 card" in t for t in spectator)


def test_ids_change_through_hidden_zones():
    """K19: a card gets a new id whenever it enters a hand or a deck, so an id seen in the
    discard pile or in play says nothing about a hidden card later."""
    state = scenario([{"hand": ["Second Spring"], "resources": ["Moss Root"] * 2, "discard": ["Grove Keeper"]}, {}])
    keeper = find(state, 0, "discard", "Grove Keeper")
    state = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Second Spring"), "target": keeper})
    assert keeper not in state["cards"] and find(state, 0, "hand", "Grove Keeper") != keeper
    deck_top = state["players"][1]["deck"][0]
    state = act(state, 0, {"type": "end_turn"})
    assert deck_top not in state["cards"]  # drawn: a new id in the hand


def test_prompt_details_only_for_the_seat_that_answers():
    """'Prompts only to the player who must answer': the assign choices are in that seat's view only."""
    state = scenario([{"characters": ["Inferno Drake"]}, {"characters": ["Coral Warden", "Storm Rider"]}])
    drake = state["players"][0]["characters"][0]
    w, r = state["players"][1]["characters"]
    state = act(state, 0, {"type": "attack", "attackers": [drake]})
    state = act(state, 1, {"type": "block", "blocks": {w: drake, r: drake}})
    assert "choices" in view(state, 0)["prompt"] and "choices" not in view(state, 1)["prompt"]


def test_a_refused_action_changes_nothing():
    """apply_action works on a copy; a RulesError leaves the state as it was (docs/C23.md)."""
    state = scenario([{"hand": ["Ashen Scout"]}, {}])
    before = json.dumps(state, sort_keys=True)
    for bad in (
        {"type": "play", "card": state["players"][0]["hand"][0]},
        {"type": "fly"},
        "x",
        {"type": "attack", "attackers": []},
    ):
        with pytest.raises(RulesError):
            apply_action(state, 0, bad)
    with pytest.raises(RulesError) as err:
        apply_action(state, 5, {"type": "end_turn"})
    assert err.value.code == "bad_seat"
    assert json.dumps(state, sort_keys=True) == before
