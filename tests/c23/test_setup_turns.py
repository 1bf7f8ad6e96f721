"""Setup and the turn's six steps: rulebook "Starting the Game", "Your Turn",
"Paying for Cards"; house rules K2, K3, K6, K7, K8, K9, K10, K13, K18, K23."""

import pytest

from game.c23 import RulesError, apply_action, legal_actions, new_game
from game.c23 import cards as pool

from .helpers import act, find, names, pass_combat, scenario

RESOURCE_NAMES = [n for n, c in pool.pool().items() if c["type"] == "resource"]
NON_RESOURCES = [n for n, c in pool.pool().items() if c["type"] != "resource"]


def config(decks=("red", "blue"), **extra):
    return {"game": "c23", "seed": 5, "seats": [{"name": f"P{i}", "deck": d} for i, d in enumerate(decks)], **extra}


def resources_in_hand(state, seat):
    return sum(pool.card(state["cards"][i]["card"])["type"] == "resource" for i in state["players"][seat]["hand"])


def test_new_game_deals_seven_and_the_first_player_draws_on_turn_one():
    """'Starting the Game' 1: 7 cards each; K3: the first player draws on turn 1 too."""
    state = new_game(config(first=1))
    assert state["game"] == "c23" and state["active"] == 1 and state["turn"] == 1
    assert len(state["players"][0]["hand"]) == 7 and len(state["players"][0]["deck"]) == 33
    assert len(state["players"][1]["hand"]) == 8 and len(state["players"][1]["deck"]) == 32


def test_mulligan_redraws_until_two_resources_and_each_player_checks_alone():
    """K6: fewer than two resources means shuffle back and draw 7, repeated;
    both players check independently."""
    for seed in range(30):
        state = new_game(dict(config(), seed=seed, first=0))
        for seat in (0, 1):
            p = state["players"][seat]
            assert resources_in_hand(state, seat) >= 2 or p["mulligans"] == 5
    poor = NON_RESOURCES[:10] * 4 + RESOURCE_NAMES[:2]  # 40 non-resources, 2 resources
    seen = set()
    for seed in range(20):
        state = new_game(
            {
                "game": "c23",
                "seed": seed,
                "first": 1,
                "seats": [{"name": "A", "deck": sorted(poor)}, {"name": "B", "deck": "green"}],
            }
        )
        seen.add(state["players"][0]["mulligans"])
        assert resources_in_hand(state, 0) >= 2 or state["players"][0]["mulligans"] == 5
    assert max(seen) > 0


def test_mulligan_stops_after_five_redraws_and_keeps():
    """K6: a house cap of 5 redraws, after which the hand is kept (here a deck without resources)."""
    deck = NON_RESOURCES[:10] * 4
    state = new_game({"game": "c23", "seed": 3, "first": 1, "seats": [{"deck": deck}, {"deck": "blue"}]})
    assert state["players"][0]["mulligans"] == 5 and len(state["players"][0]["hand"]) == 7
    assert resources_in_hand(state, 0) == 0
    assert sum("shuffles the hand back" in e["text"] for e in state["log"]) >= 5


def test_first_player_is_the_given_loser_or_random():
    """K23: the loser of the previous game goes first; otherwise random."""
    assert new_game(config(first=0))["active"] == 0
    assert new_game(config(first=1))["active"] == 1
    firsts = {new_game(dict(config(), seed=s))["active"] for s in range(20)}
    assert firsts == {0, 1}
    with pytest.raises(RulesError) as err:
        new_game(config(first=2))
    assert err.value.code == "bad_config"


def test_turn_untaps_draws_then_waits_for_the_resource():
    """'Your Turn' 1-3: untap, draw, then one resource (K8); the next player's turn follows step 6."""
    state = scenario(
        [
            {"hand": ["Cinder Vein"], "resources": [{"card": "Forge Ember", "tapped": True}]},
            {
                "hand": ["Tide Pool"],
                "resources": [{"card": "Tide Pool", "tapped": True}],
                "characters": [{"card": "Reef Sentry", "tapped": True}],
            },
        ]
    )
    state = act(state, 0, {"type": "end_turn"})
    assert state["active"] == 1 and state["step"] == "resource" and state["turn"] == 2
    p = state["players"][1]
    assert not any(state["cards"][i]["tapped"] for i in p["resources"] + p["characters"])
    assert len(p["hand"]) == 2 and len(p["deck"]) == 9
    # seat 0's own tapped resource stays tapped in the other player's turn (K18)
    assert state["cards"][state["players"][0]["resources"][0]]["tapped"]


def test_one_resource_only_and_only_at_step_three():
    """K8: one resource, only at step 3, never after actions; it may be tapped at once."""
    state = scenario([{"hand": ["Cinder Vein", "Forge Ember", "Ashen Scout"]}, {}], step="resource")
    with pytest.raises(RulesError) as err:
        apply_action(state, 0, {"type": "play", "card": find(state, 0, "hand", "Ashen Scout")})
    assert err.value.code == "wrong_step"
    state = act(state, 0, {"type": "play_resource", "card": find(state, 0, "hand", "Cinder Vein")})
    assert state["step"] == "main"
    with pytest.raises(RulesError) as err:
        apply_action(state, 0, {"type": "play_resource", "card": find(state, 0, "hand", "Forge Ember")})
    assert err.value.code == "resource_step_over"
    state = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Ashen Scout")})
    assert names(state, 0, "characters") == ["Ashen Scout"]
    assert state["cards"][state["players"][0]["resources"][0]]["tapped"]


def test_passing_step_three_gives_up_the_resource():
    """K8: steps are strictly ordered; a skipped step 3 does not come back."""
    state = scenario([{"hand": ["Cinder Vein"]}, {}], step="resource")
    state = act(state, 0, {"type": "pass"})
    assert state["step"] == "main"
    assert not any(a["type"] == "play_resource" for a in legal_actions(state, 0))


def test_step_three_passes_by_itself_without_a_resource_in_hand():
    """'Playing the Game': if you can't do anything during a step, go on to the next one."""
    state = scenario([{"resources": ["Cinder Vein"]}, {"hand": ["Reef Sentry"]}])
    state = act(state, 0, {"type": "end_turn"})
    assert state["active"] == 1 and state["step"] == "main"


def test_payment_needs_one_resource_of_the_cards_colour():
    """'Paying for Cards' 3 and K9: tap as many resources as the cost, at least one of the card's colour."""
    state = scenario(
        [{"hand": ["Cinder Guard"], "resources": ["Tide Pool", "Moss Root", "Frost Well", "Cinder Vein"]}, {}]
    )
    guard = find(state, 0, "hand", "Cinder Guard")
    res = state["players"][0]["resources"]
    with pytest.raises(RulesError) as err:
        apply_action(state, 0, {"type": "play", "card": guard, "pay": res[:3]})
    assert err.value.code == "bad_payment"
    with pytest.raises(RulesError) as err:
        apply_action(state, 0, {"type": "play", "card": guard, "pay": res[2:]})
    assert err.value.code == "bad_payment"  # two resources for a cost of 3
    after = act(state, 0, {"type": "play", "card": guard, "pay": [res[0], res[1], res[3]]})
    assert [after["cards"][r]["tapped"] for r in res] == [True, True, False, True]
    auto = act(state, 0, {"type": "play", "card": guard})
    assert auto["cards"][res[3]]["tapped"] and sum(auto["cards"][r]["tapped"] for r in res) == 3


def test_without_a_matching_colour_the_card_waits():
    """'Paying for Cards': without resources of the card's colour you wait (K9)."""
    state = scenario([{"hand": ["Ashen Scout"], "resources": ["Tide Pool", "Moss Root"]}, {}])
    with pytest.raises(RulesError) as err:
        apply_action(state, 0, {"type": "play", "card": find(state, 0, "hand", "Ashen Scout")})
    assert err.value.code == "cannot_pay"
    assert legal_actions(state, 0) == [{"type": "end_turn"}]


def test_a_cost_zero_card_needs_no_resource():
    """K9: a cost-0 card needs no resource (Ember Mote, a pool-only card)."""
    state = scenario([{"hand": ["Ember Mote"]}, {}])
    state = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Ember Mote")})
    assert len(state["players"][1]["deck"]) == 9 and names(state, 0, "discard") == ["Ember Mote"]


def test_tapped_resources_cannot_pay():
    """'Tapping Your Resources and Characters': each resource pays once a turn."""
    state = scenario([{"hand": ["Ashen Scout", "Ashen Scout"], "resources": ["Cinder Vein"]}, {}])
    state = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Ashen Scout")})
    with pytest.raises(RulesError) as err:
        apply_action(state, 0, {"type": "play", "card": find(state, 0, "hand", "Ashen Scout")})
    assert err.value.code == "cannot_pay"


def test_any_number_of_actions_only_in_your_own_step_four():
    """K10: any number of actions at step 4 of your own turn, never on the opponent's turn."""
    state = scenario(
        [{"hand": ["Ember Mote", "Ember Mote", "Ember Mote"]}, {"hand": ["Ember Mote"], "resources": ["Cinder Vein"]}]
    )
    for _ in range(3):
        state = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Ember Mote")})
    assert len(state["players"][1]["deck"]) == 7
    with pytest.raises(RulesError) as err:
        apply_action(state, 1, {"type": "play", "card": find(state, 1, "hand", "Ember Mote")})
    assert err.value.code == "not_your_turn"


def test_no_hand_size_limit():
    """K7: no hand limit: a hand of 12 is kept at the end of the turn."""
    state = scenario([{"hand": ["Ashen Scout"] * 12}, {}])
    state = act(state, 0, {"type": "end_turn"})
    assert len(state["players"][0]["hand"]) == 12


def test_a_character_may_attack_the_turn_it_is_played_by_default():
    """K2 ★ default (summoning_sickness False): a character may attack the turn it is played."""
    state = scenario([{"hand": ["Ashen Scout"], "resources": ["Cinder Vein"]}, {}])
    state = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Ashen Scout")})
    state = act(state, 0, {"type": "attack", "attackers": state["players"][0]["characters"]})
    assert len(state["players"][1]["deck"]) == 8  # 1 discarded by the attack, 1 drawn in their turn


def test_table_option_summoning_sickness_stops_a_new_character_attacking():
    """K2 ★ option summoning_sickness True: not the turn it comes in; the next turn it may."""
    state = scenario(
        [{"hand": ["Ashen Scout"], "resources": ["Cinder Vein"]}, {}], options={"summoning_sickness": True}
    )
    state = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Ashen Scout")})
    scout = state["players"][0]["characters"][0]
    with pytest.raises(RulesError) as err:
        apply_action(state, 0, {"type": "attack", "attackers": [scout]})
    assert err.value.code == "cannot_attack"
    assert not any(a["type"] == "attack" for a in legal_actions(state, 0))
    state = act(state, 0, {"type": "end_turn"})
    state = act(state, 1, {"type": "end_turn"})
    state = pass_combat(act(state, 0, {"type": "attack", "attackers": [scout]}))
    assert len(state["players"][1]["deck"]) == 7  # two draws and one card discarded by the attack


def test_the_attack_ends_the_turn():
    """K13: one attack step, A to E, and it ends your turn: no actions after combat. K11, K19:
    step C asks a player holding any card, combat card or not (skipping would tell what the hand lacks)."""
    state = scenario([{"characters": ["Ashen Scout"], "hand": ["Ember Mote"]}, {}])
    state = act(state, 0, {"type": "attack", "attackers": state["players"][0]["characters"]})
    assert state["prompt"]["seat"] == 0 and state["prompt"]["kind"] == "combat_card"  # a card in hand: asked
    state = act(state, 0, {"type": "pass"})
    assert state["active"] == 1 and state["combat"] is None
    with pytest.raises(RulesError):
        apply_action(state, 0, {"type": "play", "card": find(state, 0, "hand", "Ember Mote")})


def test_attackers_stay_tapped_and_cannot_block_blockers_untap_for_their_turn():
    """K18: untapping only at the start of your own turn: attackers can't block next turn;
    blockers are ready again in their own turn. 'A. Attack': tapped characters can't attack."""
    state = scenario([{"characters": ["Cinder Guard", "Ashen Scout"]}, {"characters": ["Reef Sentry"]}])
    guard, scout = state["players"][0]["characters"]
    sentry = state["players"][1]["characters"][0]
    state = act(state, 0, {"type": "attack", "attackers": [guard]})
    state = act(state, 1, {"type": "block", "blocks": {}})
    assert state["active"] == 1 and state["cards"][guard]["tapped"]
    state = act(state, 1, {"type": "attack", "attackers": [sentry]})
    with pytest.raises(RulesError) as err:
        apply_action(state, 0, {"type": "block", "blocks": {guard: sentry}})
    assert err.value.code == "tapped_blocker"
    state = pass_combat(act(state, 0, {"type": "block", "blocks": {scout: sentry}}))  # 1 vs 1: both go (K15)
    assert state["active"] == 0 and not state["cards"][guard]["tapped"]
    with pytest.raises(RulesError) as err:
        apply_action(
            scenario([{"characters": [{"card": "Ashen Scout", "tapped": True}]}, {}]),
            0,
            {"type": "attack", "attackers": ["nope"]},
        )
    assert err.value.code == "bad_attackers"


def test_only_the_player_whose_turn_it_is_acts_outside_a_prompt():
    """'Playing the Game': during the opponent's turn you do nothing unless attacked."""
    state = scenario([{}, {"hand": ["Ember Mote"]}])
    assert legal_actions(state, 1) == []
    with pytest.raises(RulesError) as err:
        apply_action(state, 1, {"type": "end_turn"})
    assert err.value.code == "not_your_turn"
