"""Arcane Codex refusals say what is wrong and what to do (a fresh
tester's finding: "It is not your turn", "Someone must answer the open
question first" and "cannot attack now (exhausted, just arrived, or
already attacking)" left the player guessing)."""

import pytest

from game import rules
from tests.arcane.helpers import act, cid, position


def refusal(state, seat, action) -> tuple:
    with pytest.raises(rules.RulesError) as err:
        rules.apply_action(state, seat, action)
    return err.value.code, err.value.message


def test_out_of_turn_says_whose_turn_it_is():
    state = position([{}, {"hand": ["AS"]}], round=4)
    assert refusal(state, 1, {"type": "play", "card": cid(state, "AS")}) == (
        "not_your_turn",
        "It is North's turn: wait until they end it.",
    )


def test_an_open_question_says_who_must_answer_what():
    state = position([{"creatures": ["9S"], "hand": ["AH"]}, {"creatures": ["5D"]}], round=4)
    state = act(state, 0, "attack", attacker="9S", target="player")
    state = act(state, 0, "fight")  # South is asked to block
    assert refusal(state, 0, {"type": "end_turn"}) == ("prompt_pending", "Wait: South must choose blockers first.")
    assert refusal(state, 1, {"type": "end_turn"}) == (
        "prompt_pending",
        "First choose blockers: the game waits on you for that.",
    )


def test_after_declaring_attackers_the_player_is_told_to_fight():
    state = position([{"creatures": ["9S"], "hand": ["AH"]}, {}], round=4)
    state = act(state, 0, "attack", attacker="9S", target="player")
    assert refusal(state, 0, {"type": "play", "card": cid(state, "AH")}) == (
        "wrong_phase",
        "You have declared attackers: press Fight to close the attack first.",
    )


def test_a_creature_that_cannot_attack_says_why():
    state = position([{"creatures": [{"card": "9S", "arrived": True}, {"card": "7S", "exhausted": True}]}, {}], round=4)
    assert refusal(state, 0, {"type": "attack", "attacker": cid(state, "9S"), "target": "player"}) == (
        "cannot_attack",
        "That creature arrived this turn: it may attack from your next turn (Swift ones at once).",
    )
    assert refusal(state, 0, {"type": "attack", "attacker": cid(state, "7S"), "target": "player"})[1] == (
        "That creature is exhausted: it attacks again once it is ready."
    )


def test_a_sage_short_of_essence_says_the_cost_and_what_it_has():
    state = position([{"sages": [{"card": "KS", "essence": 3}]}, {}], round=4)
    assert refusal(state, 0, {"type": "sage", "sage": cid(state, "KS"), "ability": "minus5"}) == (
        "not_enough_essence",
        "That ability costs 5 essence; this sage has 3.",
    )
