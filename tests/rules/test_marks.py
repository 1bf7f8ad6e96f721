"""Every ``marks`` key is declared once in game/codex/marks.py, with its type
(issue 28: "``marks`` ... typed and documented"); the invariants refuse an
undeclared or mistyped mark."""

import pathlib
import re
from typing import get_type_hints

import pytest

import game.codex
from game.codex.invariants import check_marks, check_zones
from game.codex.marks import HOLDS, MARKS, Marks, conforms, held_by
from game.codex.state import LIST_ZONES
from game.rules import new_game
from tests.rules.helpers import find, play_card, scenario_game

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


def test_a_card_in_no_list_is_on_the_stack_or_held_by_a_card_in_play():
    """check_zones knows no card's zone by name: a held card (its zone named
    by its holder's module) passes while a card in play holds it by a mark of
    HOLDS, and fails once nothing does or once its holder leaves play."""
    s = scenario_game(
        [
            {"play": [{"card": "bigby_hayes"}, {"card": "jail", "id": "holder"}]},
            {"hand": ["iron_man"], "gold": 10, "buildings": {"tech_1": True}, "play": [{"card": "troq_bashar"}]},
        ],
        active=1,
        heroes=("bigby_hayes", "troq_bashar"),
    )
    s = play_card(s, 1, "iron_man")
    holder = find(s, "holder")
    held = s["cards"][holder]["marks"]["prisoner"]
    assert held_by(s["cards"][holder]["marks"]) == [held]
    assert s["cards"][held]["zone"] not in LIST_ZONES
    check_zones(s)
    s["cards"][held]["zone"] = "nowhere"  # a zone no card's module uses, still held
    check_zones(s)
    del s["cards"][holder]["marks"]["prisoner"]
    with pytest.raises(AssertionError, match="nothing holds it"):
        check_zones(s)


def test_held_by_reads_every_holding_mark_in_order():
    assert held_by({"buried": ["c3", "c4"], "prisoner": "c9", "tag": "x"}) == ["c3", "c4", "c9"]
    assert held_by({"buried": []}) == [] and held_by({}) == []
    assert set(HOLDS) <= set(MARKS)
