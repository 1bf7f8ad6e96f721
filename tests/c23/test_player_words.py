"""What C-23 players read names no rule code (a fresh tester met "(K23)"
and "(K12)" in the log, which a player can't look up): every log line of
whole bot games, 2 and 3 players, every option off its default too."""
import re

import pytest

import game.c23 as c23
from game.c23.bots import RandomBot, play_game
from game.c23.cards import starter

CODE = re.compile(r"\bK\d+\b|★|house-rules")


@pytest.mark.parametrize("seats,defaults", [(2, True), (3, True), (2, False), (3, False)])
def test_no_log_line_names_a_rule_code(seats, defaults):
    options = {key: values[0 if defaults else -1] for key, values in c23.OPTIONS.items()}
    colours = ["red", "blue", "green"][:seats]
    for seed in range(4):
        config = {"game": "c23", "seed": seed, "options": options,
                  "seats": [{"name": f"P{i}", "deck": starter(colour)} for i, colour in enumerate(colours)]}
        lines = []
        state, _ = play_game(config, [RandomBot(seed * 10 + i) for i in range(seats)], max_actions=3000,
                             on_action=lambda s, _seat, _a: lines.extend(line["text"] for line in s["log"][-3:]))
        lines.extend(line["text"] for line in state["log"])
        coded = sorted({line for line in lines if CODE.search(line)})
        assert coded == [], coded[:5]
