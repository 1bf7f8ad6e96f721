"""Arcane Codex setup and turn structure: rulebook "Setup", "Power",
"Lands", "Playing the Game"; house rules A1-A9, A34, A35."""

import pytest

from game import rules
from game.arcane import cards
from tests.arcane.helpers import act, cid, config, position, texts, zone


def _lands_in(state, seat):
    return sum(1 for c in state["players"][seat]["hand"] if state["cards"][c]["card"].startswith("A"))


def test_the_deck_holds_the_52_cards_of_the_deck_facts():
    """Deck facts above A1: 4 lands, 16 creatures (one per rank and suit), 20 spells, 4 J, 4 Q, 4 K."""
    deck = cards.full_deck()
    kinds = [cards.kind(c) for c in deck]
    assert len(set(deck)) == 52
    assert (kinds.count("land"), kinds.count("creature"), kinds.count("spell")) == (4, 16, 20)
    assert kinds.count("relic") == kinds.count("charm") == kinds.count("sage") == 4


def test_a1_who_goes_first_is_a_seeded_coin_flip_and_logged():
    """A1: random (the server's coin flip from the seed), logged."""
    firsts = {rules.new_game(config(seed=s))["first"] for s in range(20)}
    assert firsts == {0, 1}
    state = rules.new_game(config(seed=3))
    assert any("coin flip" in t for t in texts(state))
    assert rules.new_game(config(seed=3)) == state  # the same seed, the same game


def test_a2_opening_draws_and_arcane_reprieve_once_each():
    """Rulebook "Setup" and A2: 4 cards each, P1 first; Reprieve +2 with no land,
    +1 with exactly one, applied once (cards it draws never trigger it again)."""
    seen = set()
    for seed in range(200):
        state = rules.new_game(config(seed=seed))
        for seat in (0, 1):
            hand = state["players"][seat]["hand"]
            extra = len(hand) - 4  # the first player skips its first draw (A3): only Reprieve adds cards
            opening = [state["cards"][c]["card"] for c in hand[:4]]
            lands = sum(1 for c in opening if c.startswith("A"))
            assert extra == {0: 2, 1: 1}.get(lands, 0)
            seen.add(extra)
    assert seen == {0, 1, 2}


def test_a2_reprieve_is_applied_first_player_then_second():
    """A2: the first player's Reprieve draws come off the deck before the second's."""
    for seed in range(100):
        state = rules.new_game(config(seed=seed))
        lines = [t for t in texts(state) if t.startswith("Arcane Reprieve")]
        if len(lines) == 2:
            assert state["players"][state["first"]]["name"] in lines[0]
            return
    pytest.fail("no seed gave both players a Reprieve")


def test_a3_first_player_skips_the_first_draw_and_a5_second_player_draws_in_round_1():
    """A3: P1 skips the draw on turn 1; A5: P2's first turn is round 1, bonus 0, and P2 draws."""
    state = position([{"hand": ["3S"]}, {"hand": []}], deck=["5H", "7H"])
    state = act(state, 0, "end_turn")
    assert state["round"] == 1 and state["active"] == 1
    assert [state["cards"][c]["card"] for c in state["players"][1]["hand"]] == ["5H"]


def test_a3_the_first_player_advances_the_round_and_power_is_lands_plus_bonus():
    """A3, A5 and rulebook "Power": round += 1 on P1's turn; power = lands + round // 2."""
    state = position([{"lands": ["AS"]}, {"lands": ["AH", "AD"]}], round=3, active=1)
    assert state["round"] == 3
    state = act(state, 1, "end_turn")
    assert state["round"] == 4 and state["active"] == 0
    assert rules.view(state, 0)["players"][0]["power_left"] == 1 + 2
    state = act(state, 0, "end_turn")
    assert state["round"] == 4 and rules.view(state, 1)["players"][1]["power_left"] == 2 + 2


@pytest.mark.parametrize("round_number,bonus", [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (20, 10)])
def test_the_round_bonus_is_the_round_halved_down(round_number, bonus):
    """Rulebook "Power": rounds 2-3 bonus 1, 4-5 bonus 2, ..."""
    state = position(round=round_number)
    assert rules.view(state, 0)["players"][0]["power_left"] == bonus


def test_a3_the_active_players_exhausted_creatures_ready_at_the_start_of_their_turn():
    """A3, A11: readying is a start-of-turn step of the controller."""
    state = position([{}, {"creatures": [{"card": "5S", "exhausted": True}]}])
    state = act(state, 0, "end_turn")
    assert state["cards"][cid(state, "5S")]["exhausted"] is False


def test_one_land_a_turn_free_a34():
    """Rulebook "Lands" and A34: one land a turn, at no cost, optional."""
    state = position([{"hand": ["AS", "AH"]}, {}])
    state = act(state, 0, "play", card="AS")
    assert zone(state, "AS") == "lands"
    with pytest.raises(rules.RulesError) as err:
        act(state, 0, "play", card="AH")
    assert err.value.code == "land_played"


@pytest.mark.parametrize(
    "code,cost", [("2S", 2), ("3S", 3), ("6H", 6), ("9D", 9), ("10C", 10), ("JS", 5), ("QS", 5), ("KS", 10), ("AS", 0)]
)
def test_costs_follow_card_value(code, cost):
    """Rulebook "Power", the cost table."""
    assert cards.cost(code) == cost
    if cost:
        poor = position([{"hand": [code]}, {"creatures": ["9C"]}], round=2 * (cost - 1) if cost > 1 else 1)
        with pytest.raises(rules.RulesError) as err:
            act(poor, 0, "play", card=code, **({"target": "player"} if code == "2S" else {}))
        assert err.value.code == "not_enough_power"


def test_a4_default_one_main_phase_combat_ends_the_turn():
    """A4 \u2605 default ``main_phases: one``: no plays after combat; the turn ends."""
    state = position([{"hand": ["3S"], "creatures": ["5H"]}, {}], round=8)
    state = act(state, 0, "attack", attacker="5H", target="player")
    with pytest.raises(rules.RulesError) as err:
        act(state, 0, "play", card="3S")
    assert err.value.code == "wrong_phase"
    state = act(state, 0, "fight")
    assert state["active"] == 1 and state["players"][1]["life"] == 18


def test_a4_option_two_main_phases_allows_plays_after_combat():
    """A4 \u2605 ``main_phases: two``: a second main phase after combat, no second attack."""
    state = position([{"hand": ["3S"], "creatures": ["5H"]}, {}], round=8, options={"main_phases": "two"})
    state = act(state, 0, "attack", attacker="5H", target="player")
    state = act(state, 0, "fight")
    assert state["phase"] == "main2" and state["active"] == 0
    state = act(state, 0, "play", card="3S")
    assert zone(state, "3S") == "creatures"
    assert not [a for a in rules.legal_actions(state, 0) if a["type"] == "attack"]
    state = act(state, 0, "end_turn")
    assert state["active"] == 1


def test_a6_default_a_land_adds_power_the_turn_it_is_played():
    """A6 \u2605 default ``land_power: immediate``."""
    state = position([{"hand": ["AS", "3S"]}, {}], round=4)  # bonus 2
    state = act(state, 0, "play", card="AS")
    state = act(state, 0, "play", card="3S")
    assert zone(state, "3S") == "creatures"


def test_a6_option_next_turn_counts_a_land_from_the_next_turn():
    """A6 \u2605 ``land_power: next_turn``: power is a snapshot at the start of the turn."""
    state = position([{"hand": ["AS", "3S"]}, {}], round=4, options={"land_power": "next_turn"})
    state = act(state, 0, "play", card="AS")
    with pytest.raises(rules.RulesError) as err:
        act(state, 0, "play", card="3S")
    assert err.value.code == "not_enough_power"
    state = act(act(state, 0, "end_turn"), 1, "end_turn")
    assert rules.view(state, 0)["players"][0]["power_left"] == 1 + 2  # round 5


def test_a7_unspent_power_does_not_carry_over():
    """A7 and rulebook "Power": power empties at the end of the turn."""
    state = position([{"hand": ["3S"]}, {}], round=6, active=1)
    state = act(state, 1, "end_turn")  # round 7: bonus 3
    state = act(state, 0, "play", card="3S")
    assert rules.view(state, 0)["players"][0]["power_left"] == 0
    state = act(act(state, 0, "end_turn"), 1, "end_turn")
    assert rules.view(state, 0)["players"][0]["power_left"] == 4  # round 8, nothing kept


def test_a8_banishing_an_opponents_land_lowers_their_power_from_their_next_turn():
    """A8: power is recomputed live."""
    state = position([{"hand": ["10S"]}, {"lands": ["AH", "AD"]}], round=20)
    state = act(state, 0, "play", card="10S", target="AH")
    assert zone(state, "AH") == "banished"
    state = act(state, 0, "end_turn")
    assert rules.view(state, 1)["players"][1]["power_left"] == 1 + 10


def test_a9_nothing_is_played_outside_your_own_main_phase():
    """A9: no instants; the other player may only block (and concede)."""
    state = position([{}, {"hand": ["2S", "AH"]}], round=4)
    with pytest.raises(rules.RulesError) as err:
        act(state, 1, "play", card="AH")
    assert err.value.code == "not_your_turn"
    assert {a["type"] for a in rules.legal_actions(state, 1)} == {"offer_draw", "concede"}


def test_a3_cards_are_played_before_sage_activations():
    """A3: main = plays, then sage activations: after a sage acts, no more plays."""
    state = position([{"hand": ["3S"], "sages": ["KS"]}, {}], round=6)
    state = act(state, 0, "sage", sage="KS", ability="plus")
    with pytest.raises(rules.RulesError) as err:
        act(state, 0, "play", card="3S")
    assert err.value.code == "sages_used"


def test_a35_suits_do_not_matter_outside_creatures():
    """A35: spells, J, Q, K and A act alike in every suit."""
    for rank in ("A", "2", "4", "6", "8", "10", "J", "Q", "K"):
        assert len({(cards.kind(rank + s), cards.cost(rank + s), cards.ability(rank + s)) for s in "SHDC"}) == 1
