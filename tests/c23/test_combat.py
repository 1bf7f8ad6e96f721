"""Attacks: rulebook "How to Attack" A-E, "Attacking and Blocking: What
Happens", "Blocking with More Than One Character"; house rules K11, K12,
K14, K15, K16, K17, K19."""

import pytest

from game.c23 import RulesError, apply_action, legal_actions

from .helpers import act, find, names, scenario


def attack(state, *attackers):
    return act(state, state["active"], {"type": "attack", "attackers": list(attackers)})


def test_an_unblocked_attacker_discards_its_power_from_the_deck_to_the_discard_pile():
    """'D. Discard': unblocked, the power in cards from the defender's deck; K19: to the discard pile."""
    state = scenario([{"characters": ["Pyre Knight"]}, {"deck": ["Tide Pool"] * 3 + ["Reef Sentry"] * 7}])
    state = attack(state, state["players"][0]["characters"][0])
    assert names(state, 1, "discard") == ["Tide Pool"] * 3 + ["Reef Sentry"]
    assert len(state["players"][1]["deck"]) == 5  # 10 - 4, then the draw of their turn


def test_blocking_taps_each_blocker_blocks_one_attacker_and_no_block_is_allowed():
    """K14: untapped characters block, blocking taps them, one attacker each, several on one; none allowed."""
    state = scenario(
        [
            {"characters": ["Ashen Scout", "Cinder Guard"]},
            {"characters": ["Reef Sentry", "Coral Warden", {"card": "Storm Rider", "tapped": True}]},
        ]
    )
    scout, guard = state["players"][0]["characters"]
    sentry, warden, rider = state["players"][1]["characters"]
    state = attack(state, scout, guard)
    assert state["prompt"]["seat"] == 1 and state["prompt"]["kind"] == "block"
    assert legal_actions(state, 0) == []
    with pytest.raises(RulesError) as err:
        apply_action(state, 1, {"type": "block", "blocks": {rider: scout}})
    assert err.value.code == "tapped_blocker"
    with pytest.raises(RulesError) as err:
        apply_action(state, 1, {"type": "block", "blocks": {sentry: sentry}})
    assert err.value.code == "bad_blocks"
    blocks = [a["blocks"] for a in legal_actions(state, 1)]
    assert {} in blocks and {sentry: guard, warden: guard} in blocks and len(blocks) == 9
    none = act(state, 1, {"type": "block", "blocks": {}})
    assert len(none["players"][1]["discard"]) == 4
    both = act(state, 1, {"type": "block", "blocks": {sentry: guard, warden: guard}})
    assert both["cards"][sentry]["tapped"] and both["cards"][warden]["tapped"]
    both = act(both, 0, {"type": "assign", "discard": [sentry]})
    assert names(both, 1, "characters") == ["Coral Warden", "Storm Rider"]
    assert names(both, 0, "characters") == ["Ashen Scout"]  # 1 + 3 >= 3: the Guard goes


def test_single_block_the_smaller_power_is_discarded_equal_discards_both_no_trample():
    """K15 and 'Blocked Attacking Creatures': more power discards the blocker, less the
    attacker, equal both; a blocked attacker never discards deck cards."""
    state = scenario(
        [
            {"characters": ["Cinder Guard", "Ashen Scout", "Flame Runner"]},
            {"characters": ["Briar Wolf", "Grove Keeper", "Briar Wolf"]},
        ]
    )
    guard, scout, runner = state["players"][0]["characters"]
    wolf, keeper, wolf2 = state["players"][1]["characters"]
    state = attack(state, guard, scout, runner)
    state = act(state, 1, {"type": "block", "blocks": {wolf: guard, keeper: scout, wolf2: runner}})
    assert names(state, 0, "characters") == ["Cinder Guard"]
    assert names(state, 1, "characters") == ["Grove Keeper"]
    assert sorted(names(state, 0, "discard")) == ["Ashen Scout", "Flame Runner"]
    assert len(state["players"][1]["deck"]) == 9  # only their own draw: no trample


def test_several_blockers_discard_the_attacker_and_the_attacking_player_picks_within_its_power():
    """K16 and 'Blocking with More Than One Character': 6 against 3 + 4: the attacker is
    discarded; the attacking player discards the 3 or the 4, not both."""
    state = scenario([{"characters": ["Inferno Drake"]}, {"characters": ["Coral Warden", "Storm Rider"]}])
    drake = state["players"][0]["characters"][0]
    warden, rider = state["players"][1]["characters"]
    state = attack(state, drake)
    state = act(state, 1, {"type": "block", "blocks": {warden: drake, rider: drake}})
    assert state["prompt"] == {"seat": 0, "kind": "assign", "attacker": drake, "text": state["prompt"]["text"]}
    assert sorted(map(sorted, (a["discard"] for a in legal_actions(state, 0)))) == [[], [rider], [warden]]
    with pytest.raises(RulesError) as err:
        apply_action(state, 0, {"type": "assign", "discard": [warden, rider]})
    assert err.value.code == "bad_assign"
    with pytest.raises(RulesError) as err:
        apply_action(state, 1, {"type": "assign", "discard": [rider]})
    assert err.value.code == "not_your_prompt"
    state = act(state, 0, {"type": "assign", "discard": [rider]})
    assert names(state, 0, "discard") == ["Inferno Drake"] and names(state, 1, "characters") == ["Coral Warden"]


def test_several_weak_blockers_can_all_go_and_the_attacker_survives():
    """K16: the attacker survives when the blockers' power together is below its own, and may discard them all."""
    state = scenario([{"characters": ["Inferno Drake"]}, {"characters": ["Reef Sentry", "Wave Caller"]}])
    drake = state["players"][0]["characters"][0]
    s, w = state["players"][1]["characters"]
    state = attack(state, drake)
    state = act(state, 1, {"type": "block", "blocks": {s: drake, w: drake}})
    state = act(state, 0, {"type": "assign", "discard": [s, w]})
    assert names(state, 0, "characters") == ["Inferno Drake"] and names(state, 1, "characters") == []


def test_defender_then_attacker_each_play_at_most_one_combat_card():
    """K11 ★ default (combat_cards_each 1) and 'C. Combat': the defender first, then the
    attacker, at most one each, whether or not anything blocked; paid like an action; discarded."""
    state = scenario(
        [
            {
                "characters": ["Cinder Guard"],
                "hand": ["Battle Fury", "Battle Fury"],
                "resources": ["Cinder Vein", "Cinder Vein"],
            },
            {"hand": ["Riptide", "Riptide"], "resources": ["Tide Pool", "Tide Pool", "Tide Pool", "Tide Pool"]},
        ]
    )
    guard = state["players"][0]["characters"][0]
    state = attack(state, guard)
    assert state["prompt"]["seat"] == 1 and state["prompt"]["kind"] == "combat_card"  # no blocker: straight to C
    with pytest.raises(RulesError) as err:
        apply_action(state, 0, {"type": "combat_card", "card": find(state, 0, "hand", "Battle Fury"), "target": guard})
    assert err.value.code == "not_your_prompt"
    state = act(state, 1, {"type": "combat_card", "card": find(state, 1, "hand", "Riptide"), "target": guard})
    assert state["prompt"]["seat"] == 0  # one only for the defender: now the attacker
    assert state["combat"]["mods"] == {guard: -2}
    # The log says whose unit a combat card changed (the session-9 tester could not tell).
    owner = state["players"][0]["name"]
    assert f"{owner}'s Cinder Guard gets -2 power this combat." in [line["text"] for line in state["log"]]
    state = act(state, 0, {"type": "combat_card", "card": find(state, 0, "hand", "Battle Fury"), "target": guard})
    assert state["combat"] is None and state["active"] == 1  # resolved: 3 - 2 + 2 = 3 cards
    assert names(state, 1, "discard") == ["Riptide", "Old Bough", "Old Bough", "Old Bough"]
    assert names(state, 0, "discard") == ["Battle Fury"]


def test_option_two_combat_cards_each():
    """K11 ★ option combat_cards_each 2: each side may play up to two, the defender first."""
    state = scenario(
        [
            {
                "characters": ["Cinder Guard"],
                "hand": ["Battle Fury", "Battle Fury"],
                "resources": ["Cinder Vein", "Cinder Vein"],
            },
            {"hand": ["Riptide", "Riptide"], "resources": ["Tide Pool"] * 4},
        ],
        options={"combat_cards_each": 2},
    )
    guard = state["players"][0]["characters"][0]
    state = attack(state, guard)
    for seat, card in ((1, "Riptide"), (1, "Riptide"), (0, "Battle Fury"), (0, "Battle Fury")):
        assert state["prompt"]["seat"] == seat
        state = act(state, seat, {"type": "combat_card", "card": find(state, seat, "hand", card), "target": guard})
    assert state["combat"] is None and len(state["players"][1]["discard"]) == 5  # 2 Riptides + 3 cards


def test_combat_cards_only_in_step_c():
    """K11: combat cards only in step C; K10: actions never during the attack."""
    state = scenario(
        [
            {"characters": ["Cinder Guard"], "hand": ["Battle Fury", "Ember Mote"], "resources": ["Cinder Vein"]},
            {"characters": ["Reef Sentry"]},
        ]
    )
    with pytest.raises(RulesError) as err:
        apply_action(state, 0, {"type": "play", "card": find(state, 0, "hand", "Battle Fury")})
    assert err.value.code == "combat_only"
    state = attack(state, state["players"][0]["characters"][0])
    with pytest.raises(RulesError) as err:
        apply_action(state, 1, {"type": "play", "card": find(state, 0, "hand", "Ember Mote")})
    assert err.value.code == "no_such_prompt" or err.value.code == "prompt_pending"


def test_a_power_change_lasts_until_the_end_of_the_combat():
    """K12: +X power holds until the end of the combat only."""
    state = scenario(
        [
            {"characters": ["Ashen Scout"], "hand": ["Battle Fury"], "resources": ["Cinder Vein"]},
            {"characters": ["Briar Wolf"]},
        ]
    )
    scout = state["players"][0]["characters"][0]
    wolf = state["players"][1]["characters"][0]
    state = attack(state, scout)
    state = act(state, 1, {"type": "block", "blocks": {wolf: scout}})
    # the defender holds no combat card: the attacker is asked at once
    assert state["prompt"]["seat"] == 0
    state = act(state, 0, {"type": "combat_card", "card": find(state, 0, "hand", "Battle Fury"), "target": scout})
    assert names(state, 1, "characters") == [] and names(state, 0, "characters") == ["Ashen Scout"]
    from game.c23.state import power

    assert power(state, scout) == 1 and state["combat"] is None


def test_all_results_at_once_and_an_emptied_deck_wins_even_with_power_left():
    """K17 and 'E. End Combat': results are simultaneous; the deck emptying wins at once
    ('even if it could have discarded more'); the block results still happen."""
    state = scenario(
        [{"characters": ["Inferno Drake", "Ashen Scout"]}, {"deck": ["Tide Pool"] * 3, "characters": ["Reef Sentry"]}]
    )
    drake, scout = state["players"][0]["characters"]
    sentry = state["players"][1]["characters"][0]
    state = attack(state, drake, scout)
    state = act(state, 1, {"type": "block", "blocks": {sentry: scout}})
    assert state["status"] == "finished" and state["winner"] == 0 and state["result_reason"] == "deck_out"
    assert names(state, 1, "discard") == ["Reef Sentry", "Tide Pool", "Tide Pool", "Tide Pool"]
    assert names(state, 0, "discard") == ["Ashen Scout"]


def test_pass_declines_a_combat_card():
    """K11: playing a combat card is a choice ('chooses first whether or not')."""
    state = scenario([{"characters": ["Ashen Scout"]}, {"hand": ["Surge"], "resources": ["Tide Pool"]}])
    state = attack(state, state["players"][0]["characters"][0])
    assert {"type": "pass"} in legal_actions(state, 1)
    state = act(state, 1, {"type": "pass"})
    assert state["active"] == 1 and names(state, 1, "hand")[0] == "Surge"


def test_the_rulebooks_example_of_attack():
    """'Example of Attack' 5-5D: two attackers, one blocked by a weaker character, no combat
    card: the unblocked 4-power character discards 4 cards, the blocker is discarded."""
    state = scenario(
        [{"characters": ["Pyre Knight", "Blaze Brute"]}, {"characters": ["Briar Wolf"], "deck": ["Moss Root"] * 12}]
    )
    knight, brute = state["players"][0]["characters"]
    wolf = state["players"][1]["characters"][0]
    state = attack(state, knight, brute)
    state = act(state, 1, {"type": "block", "blocks": {wolf: brute}})
    assert names(state, 1, "discard") == ["Briar Wolf"] + ["Moss Root"] * 4
    assert names(state, 0, "characters") == ["Pyre Knight", "Blaze Brute"]


def test_a_character_stays_in_play_and_is_paid_for_once():
    """'Paying for Cards' 5 and 'Your Turn' 4: a character stays in play until something discards
    it, untapped on entry, and its cost is never paid again."""
    state = scenario([{"hand": ["Ashen Scout"], "resources": ["Cinder Vein"]}, {}])
    state = act(state, 0, {"type": "play", "card": find(state, 0, "hand", "Ashen Scout")})
    scout = state["players"][0]["characters"][0]
    assert not state["cards"][scout]["tapped"]
    for _ in range(2):
        state = act(state, state["active"], {"type": "end_turn"})
    assert state["active"] == 0 and not any(state["cards"][r]["tapped"] for r in state["players"][0]["resources"])
    assert state["players"][0]["characters"] == [scout]
