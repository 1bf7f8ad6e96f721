"""The games know nothing of each other (issue 17, "One server, several
games"; docs/ARCANE.md "The multi-game contract"): no module of
game/arcane imports anything of game/rules (Codex) or Django; no Codex
module of game/rules imports game/arcane (only the dispatch,
game/rules/__init__.py, knows both); game/kernel, what they share,
imports neither game."""

import ast
import pathlib

import game

ROOT = pathlib.Path(game.__file__).parent


def _imported(path: pathlib.Path, package: list) -> set:
    """Every module name ``path`` imports (relative imports resolved), at
    the top or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + (node.module.split(".") if node.module else []))
            found.add(module)
            found.update(f"{module}.{a.name}" for a in node.names)
    return found


def _modules(sub: str) -> dict:
    out = {}
    for path in (ROOT / sub).rglob("*.py"):
        parts = ["game", *path.relative_to(ROOT).with_suffix("").parts]
        package = parts[:-1] if parts[-1] != "__init__" else parts[:-1]
        out[path] = _imported(path, package)
    return out


def _hits(imports: set, prefixes: tuple) -> set:
    return {m for m in imports if any(m == p or m.startswith(p + ".") for p in prefixes)}


def test_arcane_imports_nothing_of_codex_nor_django():
    bad = {
        str(p): _hits(i, ("game.rules", "game.codex", "django", "channels", "game.models"))
        for p, i in _modules("arcane").items()
    }
    assert not {p: i for p, i in bad.items() if i}


def test_codex_imports_nothing_of_arcane_but_the_dispatch():
    dispatch = ROOT / "rules" / "__init__.py"
    bad = {str(p): _hits(i, ("game.arcane",)) for p, i in _modules("codex").items()}
    assert not {p: i for p, i in bad.items() if i}
    assert _hits(_modules("rules")[dispatch], ("game.arcane",))  # the dispatch does know it


def test_the_shared_kit_imports_neither_game():
    bad = {
        str(p): _hits(i, ("game.rules", "game.codex", "game.arcane", "game.c23", "django"))
        for p, i in _modules("kernel").items()
    }
    assert not {p: i for p, i in bad.items() if i}


def test_both_games_raise_the_one_shared_error():
    import game.arcane.moves as arcane_moves
    import game.rules
    from game.kernel.errors import RulesError

    assert game.rules.RulesError is RulesError is arcane_moves.RulesError
