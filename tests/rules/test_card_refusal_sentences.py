"""A card that forbids an action says why in its own words (issue 28: no
card named in the engine). A lasting effect (cards/common.lasting) carries
the sentence its card gives it (``why``); the engine refuses with that
sentence (targeting.lasting_refusal), in the action's refusal and in the
view's reasons, and with the rule's general words for an effect that
carries none (states stored before effects carried one).
"""

import pytest

from game.codex import catalog
from game.codex.cards import kit
from game.codex.cards.api import card
from game.codex.reasons import reasons
from tests.rules.helpers import act, assert_refused, find, play_card, scenario_game

TRUCE = "Your units rest under the test truce until your next turn."
FACTS = [
    {"id": "test_truce", "name": "Test Truce", "color": "green", "kind": "spell", "spell_kind": "minor",
     "cost": 0, "tech": None, "ability_text": True, "text": "Your units can't patrol until your next turn."},
]  # fmt: skip


def _truce(state, seat, iid, targets):
    """Test Truce: its player's units can't patrol until their next turn."""
    kit.lasting(state, seat, no_patrol=True, why=TRUCE)


@pytest.fixture
def truce():
    """Test Truce exists for one test (facts and behaviour), then is gone."""
    with catalog.extra_cards(FACTS):
        card("test_truce", resolve=_truce)
        yield


def _game(hand):
    return scenario_game(
        [
            {
                "gold": 3,
                "hand": hand,
                "play": [{"card": "troq_bashar", "id": "troq"}, {"card": "iron_man", "id": "im"}],
            },
        ]
    )


def test_a_new_card_forbidding_patrols_is_refused_with_its_own_sentence(truce):
    s = play_card(_game(["test_truce"]), 0, "test_truce")
    unit = find(s, "im")
    err = assert_refused(s, 0, {"type": "patrol", "card": unit, "slot": "elite"}, "cannot_patrol")
    assert err.message == TRUCE
    assert reasons(s, 0)[f"patrol:{unit}"] == TRUCE
    s = act(s, 0, {"type": "patrol", "card": find(s, "troq"), "slot": "elite"})  # heroes still patrol
    assert s["players"][0]["patrol"]["elite"] == find(s, "troq")


def test_a_stored_effect_without_a_sentence_is_refused_in_the_rules_words():
    s = _game([])
    s["lasting"] = [{"seat": 0, "protect": True, "no_patrol": True}]  # as stored before effects said why
    err = assert_refused(s, 0, {"type": "patrol", "card": find(s, "im"), "slot": "elite"}, "cannot_patrol")
    assert err.message == "Those units can't patrol until their player's next turn."
