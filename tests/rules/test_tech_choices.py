"""The tech choices legal_actions lists (house rules R11, R12): every
distinct choice of the codex's cards, each card at most as often as the
codex holds it, in sorted order, each accepted by apply_action (issue 13:
built legal by construction, not checked one by one)."""

from game.codex import catalog
from game.rules import apply_action, legal_actions, new_game

HEROES = catalog.playable_heroes()


def _owing(codex: dict) -> dict:
    state = new_game(
        {
            "mode": "1hero",
            "seed": 3,
            "seats": [{"name": "A", "heroes": HEROES[:1]}, {"name": "B", "heroes": HEROES[1:2]}],
        }
    )
    p = state["players"][0]
    p["codex"] = codex
    p["tech_owed"] = True
    return state


def test_tech_choices_are_the_distinct_sorted_multisets_of_the_codex():
    state = _owing({"b_card": 1, "a_card": 2, "c_card": 0, "d_card": 3})
    techs = [a["cards"] for a in legal_actions(state, 0) if a["type"] == "tech"]
    assert techs == [
        ["a_card", "a_card"],
        ["a_card", "b_card"],
        ["a_card", "d_card"],
        ["b_card", "d_card"],
        ["d_card", "d_card"],
    ]


def test_every_listed_tech_choice_is_accepted():
    first, second = sorted(catalog.spec_cards(catalog.card(HEROES[0])["spec"]))[:2]
    state = _owing({second: 1, first: 2})
    assert len([a for a in legal_actions(state, 0) if a["type"] == "tech"]) == 2
    for action in (a for a in legal_actions(state, 0) if a["type"] == "tech"):
        apply_action(state, 0, action)  # raises RulesError if refused


def test_one_card_left_in_the_codex_is_the_only_choice():
    state = _owing({"a_card": 1})
    assert [a["cards"] for a in legal_actions(state, 0) if a["type"] == "tech"] == [["a_card"]]
