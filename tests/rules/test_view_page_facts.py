"""Facts the match page shows that the view gives it (issue "match page
polish"): each card in play lists its activated abilities (public: they are
printed on the card), so a button is named by what it does; each card in the
viewer's own hand that cannot be played says why, with the engine's refusal
sentence for playing it (only for the viewer, only in the viewer's main
phase, and not when only a target is missing)."""

from game.rules import RulesError, apply_action, view

from .helpers import scenario_game
from .test_two_headed_dragon import two_headed


def hand_of(state, viewer, seat):
    return {c["card"]: c for c in view(state, viewer)["players"][seat]["hand"]}


def test_cards_in_play_list_their_abilities_for_every_viewer():
    s = scenario_game(
        [
            {
                "play": [
                    {"card": "bombaster", "id": "b"},
                    {"card": "merfolk_prospector", "id": "m"},
                    {"card": "troq_bashar", "id": "t"},
                ]
            }
        ]
    )
    for viewer in (0, 1, None):
        cards = {c["card"]: c for c in view(s, viewer)["players"][0]["play"]}
        assert cards["bombaster"]["abilities"] == [
            {"text": "2 damage to a patrolling unit.", "gold": 1, "exhaust": False, "sacrifice": True}
        ]
        assert cards["merfolk_prospector"]["abilities"] == [
            {"text": "gain 1 gold.", "gold": 0, "exhaust": True, "sacrifice": False}
        ]
        assert "abilities" not in cards["troq_bashar"]  # Troq has none at level 1


def test_an_unplayable_hand_card_says_why_to_its_owner_only():
    # No hero in play: a spell cannot be played; 1 gold: a 2-gold unit cannot either.
    s = scenario_game([{"hand": ["spark", "older_brother", "tenderfoot"], "gold": 1, "play": []}])
    hand = hand_of(s, 0, 0)
    for card in ("spark", "older_brother"):
        try:
            apply_action(s, 0, {"type": "play", "card": hand[card]["iid"], "targets": []})
        except RulesError as err:
            assert hand[card]["why_not"] == err.message
        else:
            raise AssertionError(f"{card} should be refused")
    assert "why_not" not in hand["tenderfoot"]  # 1 gold: it can be played
    assert "hand" not in view(s, 1)["players"][0] and "hand" not in view(s, None)["players"][0]


def test_no_reason_out_of_the_main_phase_or_when_only_a_target_is_missing():
    s = scenario_game([{}, {"hand": ["spark"], "play": [{"card": "river_montoya"}]}])
    assert "why_not" not in hand_of(s, 1, 1)["spark"]  # seat 1 is not in its main phase
    s = scenario_game([{"hand": ["spark"], "gold": 5, "play": [{"card": "troq_bashar"}]}])
    assert "why_not" not in hand_of(s, 0, 0)["spark"]  # playable (with a target)


def test_a_partner_sees_the_hand_but_not_the_reasons():
    s = two_headed([{"hand": ["spark"], "play": []}])
    assert "why_not" in hand_of(s, 0, 0)["spark"]
    assert "why_not" not in hand_of(s, 1, 0)["spark"]
