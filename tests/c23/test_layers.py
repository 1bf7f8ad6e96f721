"""game/c23 stands alone (issue 18): no Django, nothing of Codex but the
generator and the errors, and those through game/c23/shared.py only, so the
lead rewires one file when they move to a shared package."""

import ast
import pathlib

import game.c23

ROOT = pathlib.Path(game.c23.__file__).parent


def _imports(path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module


def test_only_shared_py_imports_outside_game_c23_and_nothing_imports_django():
    for path in ROOT.rglob("*.py"):
        for module in _imports(path):
            assert not module.startswith(("django", "channels", "lobby", "codexsite")), (path, module)
            if module.startswith("game."):
                assert path.name == "shared.py", f"{path.name} imports {module}: go through shared.py"
            assert module != "random" or path.name == "bots.py", f"{path.name} uses Python's random"
