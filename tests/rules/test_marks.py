"""Every ``marks`` key is declared once in game/codex/marks.py, with its type
(issue 28: "``marks`` ... typed and documented"); the invariants refuse an
undeclared or mistyped mark."""

import pathlib
import re
from typing import get_type_hints

import pytest

import game.codex
from game.codex.invariants import check_marks
from game.codex.marks import MARKS, Marks, conforms
from game.rules import new_game

ROOT = pathlib.Path(game.codex.__file__).resolve().parent
# A mark key named in the source: inst["marks"]["k"], ["marks"].get("k"...),
# marks.get/pop/setdefault("k"...), marks["k"], and the once-per-turn keys
# given to use_once / once_per_turn (cards/common.py).
_WRITTEN = (
    r"\[\"marks\"\]\[\"(\w+)\"\]",
    r"\[\"marks\"\]\.(?:get|pop|setdefault)\(\"(\w+)\"",
    r"\bmarks\.(?:get|pop|setdefault)\(\"(\w+)\"",
    r"\bmarks\[\"(\w+)\"\]",
    r"\buse_once\(state, \w+, \"(\w+)\"\)",
    r"\bonce_per_turn\(\"(\w+)\"\)",
    r"for mark in \(([^)]*)\)",
)


def _named_in_source() -> set:
    names = set()
    for path in ROOT.rglob("*.py"):
        text = path.read_text()
        for pattern in _WRITTEN:
            for found in re.findall(pattern, text):
                names.update(re.findall(r"\"(\w+)\"", found) if "," in found else [found])
    return names


def test_the_table_and_the_typed_dict_declare_the_same_marks_with_the_same_types():
    hints = get_type_hints(Marks)
    assert set(MARKS) == set(hints)
    for key, mark in MARKS.items():
        assert mark.type == hints[key], key
        assert mark.meaning and mark.writer.startswith(("rule:", "card:")), key


def test_every_mark_the_engine_and_cards_name_is_declared():
    named = _named_in_source()
    assert len(named) > 40  # the patterns still find the marks
    assert named - set(MARKS) == set()


def test_conforms_checks_scalars_lists_dicts_and_typed_dicts():
    assert conforms(True, MARKS["doomed"].type) and not conforms(1, MARKS["doomed"].type)
    assert conforms(3, MARKS["max_turn"].type) and not conforms(True, MARKS["max_turn"].type)
    assert conforms({"by": 0, "to": 1}, MARKS["lent"].type)
    assert not conforms({"by": 0}, MARKS["lent"].type)
    assert not conforms({"by": 0, "to": 1, "extra": 2}, MARKS["lent"].type)
    assert conforms({"feather": 1}, MARKS["runes"].type) and not conforms({"feather": "1"}, MARKS["runes"].type)
    assert conforms(["c1", "c2"], MARKS["buried"].type) and not conforms(["c1", 2], MARKS["buried"].type)


def _state():
    return new_game(
        {
            "mode": "1hero",
            "seed": 3,
            "seats": [{"name": "A", "hero": "grave_stormborne"}, {"name": "B", "hero": "garus_rook"}],
        }
    )


def test_the_invariants_refuse_an_undeclared_mark():
    state = _state()
    check_marks(state)
    iid = next(iter(state["cards"]))
    state["cards"][iid]["marks"]["exploded"] = True
    with pytest.raises(AssertionError, match="undeclared mark 'exploded'"):
        check_marks(state)


def test_the_invariants_refuse_a_mark_of_the_wrong_type():
    state = _state()
    iid = next(iter(state["cards"]))
    state["cards"][iid]["marks"]["doomed"] = {"yes": True}
    with pytest.raises(AssertionError, match="mark 'doomed'"):
        check_marks(state)
