"""Arcane Codex spells and sages: rulebook "Spells", "Permanents" (King);
house rules A23 (\u2605 ``sage_ultimate``), A27-A30."""

import pytest

from game import rules
from tests.arcane.helpers import act, cid, position, texts, zone


def _targets(state, code):
    return sorted(
        a.get("target") for a in rules.legal_actions(state, 0) if a["type"] == "play" and a["card"] == cid(state, code)
    )


def test_a27_arcane_bolt_targets_only_opposing_things():
    """A27: exactly one target, an opposing creature, sage or the opponent; never your own."""
    state = position(
        [{"hand": ["2S"], "creatures": ["3H"], "sages": ["KD"]}, {"creatures": ["5H"], "sages": ["KH"]}], round=4
    )
    assert _targets(state, "2S") == sorted([cid(state, "5H"), cid(state, "KH"), "player"])
    with pytest.raises(rules.RulesError) as err:
        act(state, 0, "play", card="2S", target="3H")
    assert err.value.code == "bad_target"


def test_a27_bolt_damage_is_marked_and_adds_to_combat_damage():
    """A27: against a creature it is damage cleared at end of turn, adding to combat damage."""
    state = position([{"hand": ["2S"], "creatures": ["3H"]}, {"creatures": ["7D"]}], round=4)
    state = act(state, 0, "play", card="2S", target="7D")  # 2 on a 3/4
    state = act(act(state, 0, "attack", attacker="3H", target="player"), 0, "fight")
    state = act(act(state, 1, "block", blocker="7D", attacker="3H"), 1, "done_blocking")
    assert zone(state, "7D") == "creatures"  # 2 + 1 = 3 < 4
    assert zone(state, "3H") == "discard"


def test_a27_bolt_on_a_sage_and_on_the_player():
    """A27: 2 essence from a sage; 2 life from the player (not combat damage, A25)."""
    state = position([{"hand": ["2S", "2H"]}, {"sages": ["KH"]}], round=8)
    state = act(state, 0, "play", card="2S", target="KH")
    assert state["cards"][cid(state, "KH")]["essence"] == 3
    state = act(state, 0, "play", card="2H", target="player")
    assert state["players"][1]["life"] == 18 and not state["players"][1]["blood_debt"]


def test_destruction_discards_an_opposing_creature_and_a29_needs_one():
    """Rulebook "Destruction"; A28 (not damage); A29: no target, no cast."""
    state = position([{"hand": ["4S"]}, {"creatures": ["9C"]}], round=8)
    state = act(state, 0, "play", card="4S", target="9C")
    assert zone(state, "9C") == "discard" and zone(state, "4S") == "discard"
    empty = position([{"hand": ["4S"]}, {}], round=8)
    assert _targets(empty, "4S") == []
    with pytest.raises(rules.RulesError) as err:
        act(empty, 0, "play", card="4S", target="player")
    assert err.value.code == "no_target"


def test_revelation_draws_three():
    """Rulebook "Revelation"."""
    state = position([{"hand": ["6S"]}, {}], deck=["3D", "5D", "7D", "9D"], round=12)
    state = act(state, 0, "play", card="6S")
    assert [state["cards"][c]["card"] for c in state["players"][0]["hand"]] == ["3D", "5D", "7D"]


def test_a28_mind_drain_the_opponent_chooses_two_and_the_game_waits_on_them():
    """Rulebook "Mind Drain" and A28: the opponent picks; only they are waited on."""
    state = position([{"hand": ["8S", "3S"]}, {"hand": ["2H", "4H", "6H"]}], round=22)
    state = act(state, 0, "play", card="8S")
    assert state["prompt"] == {"seat": 1, "kind": "drain", "left": 2, "back": "main"}
    assert rules.waiting_on(state) == [1]
    assert {a["type"] for a in rules.legal_actions(state, 0)} == {"offer_draw", "concede"}
    assert zone(state, "8S") == "stack"  # still resolving (A30)
    state = act(act(state, 1, "discard", card="6H"), 1, "discard", card="2H")
    assert zone(state, "6H") == zone(state, "2H") == zone(state, "8S") == "discard"
    assert state["phase"] == "main" and rules.waiting_on(state) == [0]
    state = act(state, 0, "play", card="3S")  # North's main phase goes on


def test_a28_mind_drain_takes_all_of_a_smaller_hand_or_nothing_of_none():
    """A28: all if they hold fewer than 2."""
    state = position([{"hand": ["8S"]}, {"hand": ["2H"]}], round=16)
    state = act(state, 0, "play", card="8S")
    assert state["prompt"]["left"] == 1
    state = position([{"hand": ["8S"]}, {}], round=16)
    state = act(state, 0, "play", card="8S")
    assert state["prompt"] is None and zone(state, "8S") == "discard"


def test_a28_oblivion_banishes_any_opposing_permanent_for_good():
    """Rulebook "Oblivion" and A28: land, creature, J, Q or K; public; the deck shrinks."""
    state = position(
        [
            {"hand": ["10S"]},
            {"lands": ["AH"], "creatures": ["3H"], "relics": ["JH"], "charms": ["QH"], "sages": ["KH"]},
        ],
        round=20,
    )
    assert len(_targets(state, "10S")) == 5
    state = act(state, 0, "play", card="10S", target="KH")
    assert zone(state, "KH") == "banished"
    assert [c["card"] for c in rules.view(state, None)["banished"]] == ["KH"]


def test_a30_reshuffle_lazily_mid_effect_without_the_resolving_spell():
    """A30: the whole discard becomes the deck when a draw needs it, even mid-Revelation;
    the resolving spell is not in it."""
    state = position([{"hand": ["6S"]}, {}], deck=["3D"], discard=["5D", "7D"], rest="banished", round=12)
    state = act(state, 0, "play", card="6S")
    hand = sorted(state["cards"][c]["card"] for c in state["players"][0]["hand"])
    assert hand == ["3D", "5D", "7D"]
    assert [state["cards"][c]["card"] for c in state["discard"]] == ["6S"]
    assert any("shuffled into a new deck" in t for t in texts(state))


def test_a30_with_deck_and_discard_empty_a_draw_does_nothing():
    """A30: running out never loses the game."""
    state = position([{}, {}], rest="banished")
    state = act(state, 0, "end_turn")
    assert state["status"] == "playing" and state["players"][1]["hand"] == []


def test_sage_enters_with_five_essence_and_a23_plus_gains_then_draws():
    """Rulebook "King" and A23: +1 gains 1 essence (no cap), then draws 1."""
    state = position([{"hand": ["KS"]}, {}], deck=["3D"], round=20)
    state = act(state, 0, "play", card="KS")
    assert state["cards"][cid(state, "KS")]["essence"] == 5
    state = act(state, 0, "sage", sage="KS", ability="plus")  # allowed the turn it enters
    assert state["cards"][cid(state, "KS")]["essence"] == 6 and zone(state, "3D") == "hand"


def test_a23_one_ability_per_sage_per_turn():
    """A23: one ability per sage per turn; a second sage may act too."""
    state = position([{"sages": ["KS", "KH"]}, {}])
    state = act(state, 0, "sage", sage="KS", ability="plus")
    with pytest.raises(rules.RulesError) as err:
        act(state, 0, "sage", sage="KS", ability="plus")
    assert err.value.code == "sage_used"
    state = act(state, 0, "sage", sage="KH", ability="plus")
    state = act(act(state, 0, "end_turn"), 1, "end_turn")
    state = act(state, 0, "sage", sage="KS", ability="plus")  # a new turn


def test_a23_minus_two_destroys_an_opposing_creature_and_needs_two_essence():
    """A23: -2 needs >= 2 essence; the cost first, then a sage at 0 is discarded."""
    state = position([{"sages": [{"card": "KS", "essence": 2}]}, {"creatures": ["9H"]}])
    state = act(state, 0, "sage", sage="KS", ability="minus2", target="9H")
    assert zone(state, "9H") == "discard" and zone(state, "KS") == "discard"
    weak = position([{"sages": [{"card": "KS", "essence": 1}]}, {"creatures": ["9H"]}])
    with pytest.raises(rules.RulesError) as err:
        act(weak, 0, "sage", sage="KS", ability="minus2", target="9H")
    assert err.value.code == "not_enough_essence"


def test_a23_minus_five_deals_ten_to_the_player_and_a32_can_win():
    """A23: -5 needs 5, deals 10 to the opponent player (no Blood Debt, A25); A32."""
    state = position([{"sages": ["KS"]}, {"life": 10}])
    state = act(state, 0, "sage", sage="KS", ability="minus5")
    assert state["status"] == "finished" and state["winner"] == 0 and zone(state, "KS") == "discard"


def test_a23_default_minus_five_is_allowed_the_turn_the_sage_enters():
    """A23 \u2605 default ``sage_ultimate: any_turn``."""
    state = position([{"sages": [{"card": "KS", "arrived": True}]}, {}])
    state = act(state, 0, "sage", sage="KS", ability="minus5")
    assert state["players"][1]["life"] == 10


def test_a23_option_not_on_entry_forbids_minus_five_the_turn_it_enters():
    """A23 \u2605 ``sage_ultimate: not_on_entry`` (the balance flag)."""
    state = position([{"sages": [{"card": "KS", "arrived": True}]}, {}], options={"sage_ultimate": "not_on_entry"})
    with pytest.raises(rules.RulesError) as err:
        act(state, 0, "sage", sage="KS", ability="minus5")
    assert err.value.code == "sage_new"
    state = act(state, 0, "sage", sage="KS", ability="plus")  # the others stay allowed
    settled = position([{"sages": ["KS"]}, {}], options={"sage_ultimate": "not_on_entry"})
    assert act(settled, 0, "sage", sage="KS", ability="minus5")["players"][1]["life"] == 10


def test_a28_destruction_by_sage_or_spell_is_not_damage():
    """A28: Destruction puts the creature in the discard whatever its toughness."""
    state = position([{"hand": ["4S"]}, {"creatures": ["9H"], "charms": ["QH", "QD"]}], round=8)
    assert zone(act(state, 0, "play", card="4S", target="9H"), "9H") == "discard"


def test_every_card_in_the_view_says_what_it_does():
    """The board's card panel reads ``effect``: a spell says what it does, a
    creature its stats and what its suit ability does, other kinds their
    rule; the sentence is the same in hand and in play (rulebook "Card Types
    by Rank", "Card Suits", "Spells")."""
    state = position(
        [{"hand": ["2S", "4H", "6D", "8C", "10S", "JH", "QD", "KC", "AS", "7D"], "creatures": ["3C"]}, {}], round=4
    )
    me = rules.view(state, 0)["players"][0]
    effects = {card["card"]: card["effect"] for card in me["hand"] + me["creatures"]}
    assert effects["2S"].startswith("Deals 2 damage")
    assert effects["6D"] == "You draw 3 cards."
    assert effects["7D"] == "A 3/4 creature. Sentinel: attacking does not exhaust it, so it can still block."
    assert "Crush" in effects["3C"] and effects["3C"].startswith("A 1/2 creature.")
    assert "5 essence" in effects["KC"] and "power" in effects["AS"]
    assert len(set(effects.values())) == len(effects)  # each card its own sentence


def test_a_cards_effect_follows_the_table_options_and_says_whose_creatures_it_helps():
    """A fresh tester found the panel fixed per card: Crush's excess goes to the
    attack's target with ``crush_vs_sage: target`` (A18), no -5 on the turn a
    sage arrives with ``sage_ultimate: not_on_entry`` (A23), lands give power
    from the next turn with ``land_power: next_turn`` (A6); and an opponent's
    relic read "your creatures" (A20: only its player's)."""
    spec = [{"hand": ["3C", "AS", "KC"], "relics": ["JH"]}, {"charms": ["QD"]}]
    plain = rules.view(position(spec, round=4), 0)["players"]
    assert "goes on to the defending player" in plain[0]["hand"][0]["effect"]
    assert plain[0]["relics"][0]["effect"] == "While it stays, your creatures deal 1 more damage."
    theirs = plain[1]["charms"][0]["effect"]
    assert theirs == f"While it stays, {plain[1]['name']}'s creatures need 1 more damage to be destroyed."
    options = {"crush_vs_sage": "target", "sage_ultimate": "not_on_entry", "land_power": "next_turn"}
    hand = {c["card"]: c["effect"] for c in rules.view(position(spec, options, round=4), 0)["players"][0]["hand"]}
    assert "goes on to the attack's target" in hand["3C"]
    assert "(not on the turn it arrives)" in hand["KC"] and "from the turn after it is played" in hand["AS"]
