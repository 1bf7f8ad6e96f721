"""Every log call of the three engines that names a card by its instance
declares the cards it names (issue 27, point 1): who reads a line follows
from the cards it names (game/codex/state.log, game/arcane/state.log,
game/c23/engine.log), so a call that writes a card's name into its text
without passing ``cards=`` would go to everyone. This reads the source; the
log scans (tests/*/test_log_audience.py) check what readers really get."""

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent / "game"
# Each engine's helpers that turn a card (or several) into its printed name
# (Arcane's ``name`` is a player's).
NAMERS = {"codex": {"name", "names"}, "arcane": {"describe", "label"}, "c23": {"cname", "name_list"}}


def _calls_naming_cards(path: pathlib.Path, namers: set):
    """``(line, source)`` of each ``log(state, text, ...)`` call in ``path``
    whose text calls one of ``namers`` but that passes no ``cards``."""
    source = path.read_text()
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "log" and len(node.args) >= 2):
            continue
        called = {
            getattr(sub.func, "id", None) or getattr(sub.func, "attr", None)
            for sub in ast.walk(node.args[1])
            if isinstance(sub, ast.Call)
        }
        if called & namers and not any(k.arg == "cards" for k in node.keywords):
            yield node.lineno, ast.get_source_segment(source, node)


@pytest.mark.parametrize("engine", sorted(NAMERS))
def test_every_log_call_naming_a_card_declares_it(engine):
    bad = [
        f"{path.relative_to(ROOT)}:{line}: {text}"
        for path in sorted((ROOT / engine).rglob("*.py"))
        for line, text in _calls_naming_cards(path, NAMERS[engine])
    ]
    assert not bad, "\n".join(bad)
