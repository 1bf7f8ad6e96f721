"""The JSON examples of docs/ARCANE.md stay true: each parses, and each
config example (the default options of A4, A6, A14, A18, A23, A33; the
scenario) starts a game."""

import json
import pathlib
import re

from game import rules

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "ARCANE.md"


def test_every_json_example_parses_and_every_config_starts_a_game():
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)]
    configs = [b for b in blocks if b.get("game") == "arcane" and "seats" in b]
    assert len(configs) == 2
    for config in configs:
        assert rules.new_game(config)["status"] == "playing"
