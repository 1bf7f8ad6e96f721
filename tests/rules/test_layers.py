"""Codex's rules package keeps its cards below the registry (issue 12;
docs/ARCHITECTURE.md "Inside a rules package"): no engine module imports a
card module (the engine asks the registry, game/codex/cards/registry.py);
card modules use no private (_x) name of the engine. That no import cycle
exists, and that the colours are independent, is the import-layer contract's
part (pyproject.toml [tool.importlinter], `make lint`)."""

import ast
import pathlib

import game.codex

ROOT = pathlib.Path(game.codex.__file__).parent
# Card declaration support below the colours: importable by the engine
# only through the registry (a leaf).
CARD_SUPPORT = {"game.codex.cards", "game.codex.cards.registry"}


def _modules() -> dict:
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = ["game", *path.relative_to(ROOT.parent).with_suffix("").parts]
        package = parts[:-1]
        if parts[-1] == "__init__":
            parts = parts[:-1]
            package = parts
        out[".".join(parts)] = (path, package)
    return out


MODULES = _modules()


def _imports(path, package) -> list:
    """``(module imported, names)`` for every import statement of ``path``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.extend((a.name, []) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + (node.module.split(".") if node.module else []))
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                found.append((sub, []) if sub in MODULES else (module, [alias.name]))
    return [(m, names) for m, names in found if m in MODULES]


GRAPH = {m: {i for i, _ in _imports(*MODULES[m]) if i != m} for m in MODULES}


def _is_card_module(name: str) -> bool:
    return name.startswith("game.codex.cards.")


def test_no_engine_module_imports_a_card_module():
    engine = [m for m in MODULES if not _is_card_module(m) and m != "game.codex.cards"]
    bad = [
        (m, i)
        for m in engine
        for i in GRAPH[m]
        if (_is_card_module(i) or i == "game.codex.cards") and i not in CARD_SUPPORT
    ]
    assert not bad


def test_the_registry_imports_nothing_of_the_engine():
    assert GRAPH["game.codex.cards.registry"] == set()


def test_card_modules_use_no_private_name_of_the_engine():
    bad = []
    for m in MODULES:
        if _is_card_module(m):
            for imported, names in _imports(*MODULES[m]):
                if not _is_card_module(imported) or imported.count(".") < 3:
                    bad.extend((m, imported, n) for n in names if n.startswith("_"))
    assert not bad


def test_cards_import_no_other_colour_and_not_the_package_root():
    colours = {m.split(".")[3] for m in MODULES if m.count(".") >= 4 and _is_card_module(m)}
    for m in MODULES:
        if m.count(".") >= 3 and m.split(".")[3] in colours:
            own = m.split(".")[3]
            for i in GRAPH[m]:
                assert i != "game.codex", m
                if i.count(".") >= 3 and i.split(".")[3] in colours:
                    assert i.split(".")[3] == own, (m, i)
