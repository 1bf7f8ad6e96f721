"""Arcane Codex creatures and combat: rulebook "Creatures", "Card Suits",
"Combat", "Blood Debt Draw"; house rules A10-A22, A24-A25, A32."""

import pytest

from game import rules
from tests.arcane.helpers import act, cid, position, texts, zone


def _attack(state, *pairs):
    for attacker, target in pairs:
        state = act(state, 0, "attack", attacker=attacker, target=target)
    return act(state, 0, "fight")


def _blocks(state, *pairs, seat=1):
    for blocker, attacker in pairs:
        state = act(state, seat, "block", blocker=blocker, attacker=attacker)
    return act(state, seat, "done_blocking")


@pytest.mark.parametrize("code,p,t", [("3S", 1, 2), ("5H", 2, 3), ("7D", 3, 4), ("9C", 4, 5)])
def test_creature_stats_come_from_rank(code, p, t):
    """Rulebook "Creatures": power = rank // 2, toughness rounded up (deck facts: 3 -> 1/2 ... 9 -> 4/5)."""
    state = position([{"creatures": [code]}, {}])
    seen = rules.view(state, None)["players"][0]["creatures"][0]
    assert (seen["power"], seen["toughness"]) == (p, t)


def test_a10_no_attack_the_turn_a_creature_enters_unless_swift():
    """A10 and rulebook "Hearts \u2014 Swift"."""
    state = position([{"creatures": [{"card": "5S", "arrived": True}, {"card": "5H", "arrived": True}]}, {}])
    with pytest.raises(rules.RulesError) as err:
        act(state, 0, "attack", attacker="5S", target="player")
    assert err.value.code == "cannot_attack"
    state = _attack(state, ("5H", "player"))
    assert state["players"][1]["life"] == 18


def test_a10_a_creature_may_block_right_after_it_entered():
    """A10: any creature may block in the opponent's turn right after it entered."""
    state = position([{"creatures": ["5S"]}, {"creatures": [{"card": "7D", "arrived": True}]}])
    state = _blocks(_attack(state, ("5S", "player")), ("7D", "5S"))
    assert state["players"][1]["life"] == 20


def test_a11_a15_an_attacker_exhausts_and_cannot_block_until_its_next_turn():
    """A11, A15 and rulebook "Combat": a non-Sentinel attacker exhausts, so it cannot block."""
    state = position([{"creatures": ["5S"]}, {"creatures": ["3H"]}])
    state = _blocks(_attack(state, ("5S", "player")))  # no block
    assert state["cards"][cid(state, "5S")]["exhausted"]
    state = _attack_by_south(state)
    assert state["prompt"] is None  # North has no ready creature: no question (A15)
    assert state["players"][0]["life"] == 19


def _attack_by_south(state):
    state = act(state, 1, "attack", attacker="3H", target="player")
    return act(state, 1, "fight")


def test_a12_sentinel_stays_ready_and_may_block_next_turn():
    """Rulebook "Diamonds \u2014 Sentinel" and A12."""
    state = position([{"creatures": ["5D"]}, {"creatures": ["3H"]}])
    state = _blocks(_attack(state, ("5D", "player")))
    assert not state["cards"][cid(state, "5D")]["exhausted"]
    state = _attack_by_south(state)
    assert state["prompt"] == {"seat": 0, "kind": "block", "left": None}
    state = _blocks(state, ("5D", "3H"), seat=0)
    assert state["players"][0]["life"] == 20


def test_a12_sentinel_never_attacks_twice():
    """A12: staying ready never lets a creature attack twice in a turn."""
    state = position([{"creatures": ["5D"]}, {}])
    state = act(state, 0, "attack", attacker="5D", target="player")
    assert not [a for a in rules.legal_actions(state, 0) if a["type"] == "attack"]


def test_a13_each_attacker_picks_the_player_or_a_sage():
    """A13: targets are the opposing player or one of their sages."""
    state = position([{"creatures": ["9S"]}, {"sages": ["KH"], "creatures": ["3H"]}])
    aims = {a["target"] for a in rules.legal_actions(state, 0) if a["type"] == "attack"}
    assert aims == {"player", cid(state, "KH")}
    with pytest.raises(rules.RulesError):
        act(state, 0, "attack", attacker="9S", target="3H")


def test_a14_default_one_blocker_per_attacker_and_one_attacker_per_blocker():
    """A14 \u2605 default ``blockers: one``."""
    state = position([{"creatures": ["9S", "7S"]}, {"creatures": ["3H", "5H"]}])
    state = _attack(state, ("9S", "player"), ("7S", "player"))
    state = act(state, 1, "block", blocker="3H", attacker="9S")
    with pytest.raises(rules.RulesError) as err:
        act(state, 1, "block", blocker="5H", attacker="9S")
    assert err.value.code == "already_blocked"
    with pytest.raises(rules.RulesError) as err:
        act(state, 1, "block", blocker="3H", attacker="7S")
    assert err.value.code == "cannot_block"


def _order(state, attacker, *blockers):
    return act(state, 0, "order", attacker=attacker, blockers=[cid(state, b) for b in blockers])


def test_a14_option_many_blockers_the_attacker_orders_its_damage():
    """A14 \u2605 ``blockers: many``: the attacking player declares the order; the attacker gives
    each blocker in turn what kills it and the rest to the last."""
    start = position([{"creatures": ["9H"]}, {"creatures": ["3H", "5D"]}], options={"blockers": "many"})
    state = _attack(start, ("9H", "player"))
    state = _blocks(state, ("3H", "9H"), ("5D", "9H"))
    assert state["prompt"] == {"seat": 0, "kind": "damage_order", "left": 1}
    assert rules.waiting_on(state) == [0]
    assert len([a for a in rules.legal_actions(state, 0) if a["type"] == "order"]) == 2
    small_first = _order(state, "9H", "3H", "5D")
    assert zone(small_first, "3H") == "discard" and zone(small_first, "5D") == "creatures"  # 2, then 2 of 3
    big_first = _order(state, "9H", "5D", "3H")
    assert zone(big_first, "5D") == "discard" and zone(big_first, "3H") == "creatures"  # 3, then 1 of 2
    assert zone(big_first, "9H") == "creatures"  # 1 + 2 damage < 5
    with pytest.raises(rules.RulesError) as err:
        act(state, 0, "order", attacker="9H", blockers=[cid(state, "5D")])
    assert err.value.code == "bad_order"


def test_a14_many_blockers_crush_excess_beyond_all_blockers():
    """A14 alternative: Crush's excess is beyond all blockers (A19: their toughness left)."""
    state = position(
        [{"creatures": ["9C"], "relics": ["JS", "JH"]}, {"creatures": ["3H", "3D"]}], options={"blockers": "many"}
    )
    state = _blocks(_attack(state, ("9C", "player")), ("3H", "9C"), ("3D", "9C"))
    state = _order(state, "9C", "3D", "3H")
    assert state["players"][1]["life"] == 20 - (6 - 2 - 2)
    assert zone(state, "3H") == "discard" and zone(state, "3D") == "discard"


def test_a16_damage_is_simultaneous_and_mutual_kills_destroy_both():
    """A16, A33: all combat damage at once; both creatures die in a trade."""
    state = position([{"creatures": ["5S"], "relics": ["JD"]}, {"creatures": ["7H"]}])
    # 5S with a relic: 3/3 Venom; 7H: 3/4
    state = _blocks(_attack(state, ("5S", "player")), ("7H", "5S"))
    assert zone(state, "5S") == "discard" and zone(state, "7H") == "discard"


def test_two_equal_plain_creatures_never_kill_each_other():
    """Deck facts: power is always below toughness for equal ranks."""
    state = position([{"creatures": ["7H"]}, {"creatures": ["7D"]}])
    state = _blocks(_attack(state, ("7H", "player")), ("7D", "7H"))
    assert zone(state, "7H") == "creatures" and zone(state, "7D") == "creatures"


def test_a17_venom_destroys_a_creature_it_damages_attacking_or_blocking():
    """Rulebook "Spades \u2014 Venom" and A17."""
    state = position([{"creatures": ["3S"]}, {"creatures": ["9H"]}])
    state = _blocks(_attack(state, ("3S", "player")), ("9H", "3S"))
    assert zone(state, "9H") == "discard" and zone(state, "3S") == "discard"
    state = position([{"creatures": ["9H"]}, {"creatures": ["3S"]}])
    state = _blocks(_attack(state, ("9H", "player")), ("3S", "9H"))
    assert zone(state, "9H") == "discard"


def test_a17_venom_against_a_sage_is_ordinary_essence_loss():
    """A17: Venom destroys only creatures."""
    state = position([{"creatures": ["3S"]}, {"sages": ["KH"]}])
    state = _attack(state, ("3S", "KH"))
    assert zone(state, "KH") == "sages" and state["cards"][cid(state, "KH")]["essence"] == 4


def test_crush_excess_reaches_the_player_and_a19_uses_what_is_left_of_toughness():
    """Rulebook "Clubs \u2014 Crush" and A19: excess = power - (toughness - damage already taken)."""
    state = position([{"creatures": ["9C"], "hand": ["2S"]}, {"creatures": ["5H"]}], round=4)
    state = act(state, 0, "play", card="2S", target="5H")  # 2 damage on a 2/3
    state = _blocks(_attack(state, ("9C", "player")), ("5H", "9C"))
    assert state["players"][1]["life"] == 20 - (4 - 1)
    assert state["players"][1]["blood_debt"] is False  # drawn at the end of the turn already
    assert any("Blood Debt" in t for t in texts(state))


def test_a19_crush_excess_counts_even_when_the_attacker_dies_to_venom():
    """A19: the excess is computed even if the attacker dies at that moment."""
    state = position([{"creatures": ["9C"]}, {"creatures": ["3S"]}])
    state = _blocks(_attack(state, ("9C", "player")), ("3S", "9C"))
    assert zone(state, "9C") == "discard"
    assert state["players"][1]["life"] == 20 - (4 - 2)


def test_a18_default_crush_excess_goes_to_the_player_even_for_a_sage_attack():
    """A18 \u2605 default ``crush_vs_sage: player``; it is combat damage, so Blood Debt (A25)."""
    state = position([{"creatures": ["9C"]}, {"creatures": ["3H"], "sages": ["KH"]}], deck=["2H", "4H"])
    state = _blocks(_attack(state, ("9C", "KH")), ("3H", "9C"))
    assert state["players"][1]["life"] == 18
    assert state["cards"][cid(state, "KH")]["essence"] == 5
    assert zone(state, "2H") == "hand"  # South's Blood Debt draw


def test_a18_option_target_sends_crush_excess_to_the_attacks_target():
    """A18 \u2605 ``crush_vs_sage: target``."""
    state = position(
        [{"creatures": ["9C"]}, {"creatures": ["3H"], "sages": ["KH"]}], options={"crush_vs_sage": "target"}
    )
    state = _blocks(_attack(state, ("9C", "KH")), ("3H", "9C"))
    assert state["players"][1]["life"] == 20
    assert state["cards"][cid(state, "KH")]["essence"] == 3


def test_a20_relics_and_charms_stack_and_reach_only_your_creatures():
    """Rulebook "Relics", "Charms" and A20, also for creatures that enter later."""
    state = position(
        [{"relics": ["JS", "JH"], "charms": ["QS"], "creatures": ["3S"], "hand": ["5D"]}, {"creatures": ["3H"]}],
        round=10,
    )
    state = act(state, 0, "play", card="5D")
    seen = rules.view(state, None)["players"]
    assert [(c["power"], c["toughness"]) for c in seen[0]["creatures"]] == [(3, 3), (4, 4)]
    assert [(c["power"], c["toughness"]) for c in seen[1]["creatures"]] == [(1, 2)]


def test_a20_a_charm_leaving_kills_a_creature_whose_damage_now_reaches_its_toughness():
    """A20: the bonus ends the moment the Q leaves."""
    state = position(
        [{"hand": ["2S", "2D", "10S"], "lands": ["AS", "AD"]}, {"creatures": ["7H"], "charms": ["QH"]}], round=24
    )
    state = act(act(state, 0, "play", card="2S", target="7H"), 0, "play", card="2D", target="7H")  # 4 on a 3/5
    assert zone(state, "7H") == "creatures"
    state = act(state, 0, "play", card="10S", target="QH")
    assert zone(state, "QH") == "banished" and zone(state, "7H") == "discard"


def test_a21_sages_neither_attack_nor_block_and_excess_essence_damage_is_lost():
    """A21: essence loss; beyond it nothing reaches the player; several may hit one sage."""
    state = position([{"creatures": ["9H", "7H"]}, {"sages": [{"card": "KH", "essence": 3}]}])
    state = _attack(state, ("9H", "KH"), ("7H", "KH"))
    assert zone(state, "KH") == "discard" and state["players"][1]["life"] == 20
    assert not any(a["type"] == "block" for a in rules.legal_actions(state, 1))


def test_a22_attacking_with_no_opposing_creature_is_all_unblocked():
    """A22: allowed; no question is asked."""
    state = position([{"creatures": ["5H"]}, {}])
    state = act(state, 0, "attack", attacker="5H", target="player")
    state = act(state, 0, "fight")
    assert state["players"][1]["life"] == 18 and state["active"] == 1


def test_a24_damage_heals_at_end_of_turn():
    """Rulebook "Damage does not carry" and A24 (1)."""
    state = position([{"creatures": ["9H"]}, {"creatures": ["9D"]}])
    state = _blocks(_attack(state, ("9H", "player")), ("9D", "9H"))
    assert state["cards"][cid(state, "9D")]["damage"] == 0 and state["cards"][cid(state, "9H")]["damage"] == 0


def test_a25_blood_debt_once_per_turn_however_many_hits_not_for_bolts_or_sages():
    """Rulebook "Blood Debt Draw" and A25."""
    state = position([{"creatures": ["5H", "7H"], "hand": ["2S"]}, {}], deck=["3D", "4D", "5C"], round=4)
    state = act(state, 0, "play", card="2S", target="player")
    state = _attack(state, ("5H", "player"), ("7H", "player"))
    assert state["players"][1]["life"] == 20 - 2 - 2 - 3
    hand = [state["cards"][c]["card"] for c in state["players"][1]["hand"]]
    assert hand == ["3D", "4D"]  # Blood Debt, then South's turn draw
    bolt_only = position([{"hand": ["2S"]}, {}], deck=["3D"], round=4)
    bolt_only = act(act(bolt_only, 0, "play", card="2S", target="player"), 0, "end_turn")
    assert len(bolt_only["players"][1]["hand"]) == 1  # the turn draw only


def test_a24_order_damage_then_blood_debt_then_the_hand_limit_of_the_active_player():
    """A24: (1) damage removed, (2) Blood Debt draws, (3) the active player discards to 7 (A26:
    the other player may hold more)."""
    hand = ["2H", "4H", "6H", "8H", "10H", "2D", "4D", "6D"]
    state = position(
        [{"hand": hand}, {"hand": ["2C", "4C", "6C", "8C", "10C", "2S", "4S"], "creatures": ["3C"]}], deck=["6S", "8S"]
    )
    state = act(state, 0, "end_turn")
    assert state["prompt"] == {"seat": 0, "kind": "hand_limit", "left": 1}
    assert rules.legal_actions(state, 1) == [{"type": "offer_draw"}, {"type": "concede"}]
    state = act(state, 0, "discard", card="2H")
    assert state["active"] == 1 and len(state["players"][0]["hand"]) == 7
    assert len(state["players"][1]["hand"]) == 8  # South holds 8 during its own turn (A26)


def test_a32_a_player_at_zero_loses_once_combat_fully_resolved():
    """A32: simultaneous damage and destruction first, then the game ends; no Blood Debt."""
    state = position([{"creatures": ["9H", "3S"]}, {"life": 4, "creatures": ["5H"]}], deck=["2D"])
    state = _blocks(_attack(state, ("9H", "player"), ("3S", "player")), ("5H", "3S"))
    assert state["status"] == "finished" and state["winner"] == 0 and state["result_reason"] == "life"
    assert zone(state, "5H") == "discard" and zone(state, "3S") == "discard"
    assert zone(state, "2D") == "deck"  # no Blood Debt draw after the end
