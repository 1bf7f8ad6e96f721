"""game/c23 stands alone (issue 18): no Django, nothing of another game;
what it shares with them it takes from the kernel (game.kernel, issue 28)."""

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


def test_only_the_kernel_is_imported_from_outside_game_c23_and_nothing_imports_django():
    for path in ROOT.rglob("*.py"):
        for module in _imports(path):
            assert not module.startswith(("django", "channels", "lobby", "codexsite")), (path, module)
            if module.startswith("game."):
                assert module.split(".")[:2] == ["game", "kernel"], f"{path.name} imports {module}: only the kernel"
            assert module != "random" or path.name == "bots.py", f"{path.name} uses Python's random"


def _local_imports(path):
    """The game.c23 modules ``path`` imports (relative imports, at any depth)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                yield node.module.split(".")[0]
            else:
                yield from (a.name for a in node.names)


def test_no_import_inside_a_function():
    """Every import is at module level, where the import graph shows it (issue 28:
    scenario.py imported engine.py inside lay_out to hide a cycle)."""
    for path in ROOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                inner = [n for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
                assert not inner, f"{path.name}: {node.name} imports inside its body"


def test_the_modules_import_each_other_without_a_cycle():
    """The import graph of game/c23's modules is acyclic (issue 28: engine <-> scenario)."""
    graph = {p.stem: set(_local_imports(p)) for p in ROOT.glob("*.py")}
    done, path = set(), []

    def visit(module):
        assert module not in path, f"import cycle: {' -> '.join(path[path.index(module) :] + [module])}"
        if module in done or module not in graph:
            return
        path.append(module)
        for other in sorted(graph[module]):
            visit(other)
        path.pop()
        done.add(module)

    for module in sorted(graph):
        visit(module)
