"""What C-23 players read names no rule code (a fresh tester met "(K23)"
and "(K12)" in the log, which a player can't look up): every log line of
whole bot games, 2 and 3 players, every option off its default too."""

import re

import pytest

import game.c23 as c23
from game.c23 import apply_action
from game.c23.bots import RandomBot, play_game
from game.c23.cards import starter
from tests.c23.helpers import scenario, texts

CODE = re.compile(r"\bK\d+\b|★|house-rules")


@pytest.mark.parametrize("seats,defaults", [(2, True), (3, True), (2, False), (3, False)])
def test_no_log_line_names_a_rule_code(seats, defaults):
    options = {key: values[0 if defaults else -1] for key, values in c23.OPTIONS.items()}
    colours = ["red", "blue", "green"][:seats]
    for seed in range(4):
        config = {
            "game": "c23",
            "seed": seed,
            "options": options,
            "seats": [{"name": f"P{i}", "deck": starter(colour)} for i, colour in enumerate(colours)],
        }
        lines = []
        state, _ = play_game(
            config,
            [RandomBot(seed * 10 + i) for i in range(seats)],
            max_actions=3000,
            on_action=lambda s, _seat, _a: lines.extend(line["text"] for line in s["log"][-3:]),  # noqa: B023 (called before the loop moves on)
        )
        lines.extend(line["text"] for line in state["log"])
        coded = sorted({line for line in lines if CODE.search(line)})
        assert coded == [], coded[:5]


def test_a_list_of_names_reads_as_its_cards_when_a_name_holds_a_comma():
    """A newcomer read "Maris, Tide Seer, Storm Rider" as three cards: a list
    holding a name with a comma is separated by semicolons (docs/RULINGS.md
    "C-23: lists of card names"); a list without one keeps its commas."""
    s = scenario(
        [
            {"characters": ["Maris, Tide Seer", "Storm Rider"], "hand": ["Vessa, Ember Queen", "Ashen Scout"]},
            {"deck": ["Tide Pool"] * 12},
            {},
        ]
    )
    s, events = apply_action(s, 0, {"type": "reveal_hand"})
    assert texts(events) == ["Ana shows their hand to everybody: Vessa, Ember Queen; Ashen Scout."]
    _, events = apply_action(s, 0, {"type": "attack", "attackers": s["players"][0]["characters"]})
    assert texts(events)[0] == "Ana attacks Bo with Maris, Tide Seer; Storm Rider."
    s = scenario([{"characters": ["Ashen Scout", "Storm Rider"]}, {"deck": ["Tide Pool"] * 12}])
    _, events = apply_action(s, 0, {"type": "attack", "attackers": s["players"][0]["characters"]})
    assert texts(events)[0] == "Ana attacks Bo with Ashen Scout, Storm Rider."


def test_a_defender_without_an_untapped_character_is_told_why_nobody_asks_them_to_block():
    """Only untapped characters block (K14, K18): the line says the defender
    is not asked, so nobody waits for a question that never comes."""
    s = scenario(
        [
            {"characters": ["Ashen Scout"]},
            {"characters": [{"card": "Storm Rider", "tapped": True}], "deck": ["Tide Pool"] * 12},
        ]
    )
    s, events = apply_action(s, 0, {"type": "attack", "attackers": s["players"][0]["characters"]})
    assert "Bo has no untapped character, so is not asked to block (only untapped characters block)." in texts(events)
    assert s["prompt"] is None or s["prompt"]["kind"] != "block"
