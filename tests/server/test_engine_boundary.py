"""The Django apps reach the engines through game.rules only (issue 28
point 3): no module of lobby, decks, codexsite or the game app (outside
the engine packages) imports game.codex, game.arcane, game.c23 or
game.kernel; what they need (the outcome, table setups, Codex's
reference) is one of game.rules' entry points."""

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
# Every Django app and the site (a new app is added here: test_every_app_is_checked).
APPS = ("lobby", "decks", "codexsite", "game", "notices", "community", "tournaments", "learn", "puzzles", "deploy")
ENGINES = ("game.codex", "game.arcane", "game.c23", "game.kernel")
ENGINE_DIRS = {ROOT / "game" / name for name in ("codex", "arcane", "c23", "kernel", "rules", "migrations")}


def _app_modules():
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            if not any(d in path.parents for d in ENGINE_DIRS):
                yield path


def _imported(path) -> list:
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
            names.extend(f"{node.module}.{a.name}" for a in node.names)
    return names


def test_the_django_apps_import_no_engine_internals():
    bad = [
        (str(path.relative_to(ROOT)), name)
        for path in _app_modules()
        for name in _imported(path)
        if any(name == e or name.startswith(e + ".") for e in ENGINES)
    ]
    assert not bad, bad


def test_every_app_is_checked():
    """A Django app of the project's own that APPS leaves out would import
    engine internals unchecked (learn and puzzles did, once)."""
    from django.conf import settings  # noqa: PLC0415

    own = {name.split(".")[0] for name in settings.INSTALLED_APPS if (ROOT / name.split(".")[0]).is_dir()}
    assert own <= set(APPS), own - set(APPS)
