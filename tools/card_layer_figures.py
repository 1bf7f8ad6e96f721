"""The card layer's figures of issue 28 ("Cards still reach into the
engine"), measured from the code so each closing note can quote them again:

- the registry's names (events, questions and the general mechanisms
  ``modifies``, ``restricts``, ``grants``) and how many serve exactly one
  card (the cards that register a handler for them, after every colour
  package is loaded), events and questions apart; the mechanisms' keys and
  how many of those serve one card; how many places of the engine (outside
  cards/) name those one-card names or keys (a key as
  ``"modifies:hire_cost"``);
- the share of the colour modules' lines that is plumbing: ``@op`` lines,
  ``card(`` declaration lines and the import statements' lines (every line
  of a statement laid out over several);
- how often the declarative ``fx`` verbs are used;
- the ``marks`` keys the engine and cards write.

Run: ``.venv/bin/python -m tools.card_layer_figures`` (prints JSON).
"""

import ast
import json
import pathlib
import re

import game.codex  # noqa: F401 (loads every card into the registry)
from game.codex.cards import registry

ROOT = pathlib.Path(game.codex.__file__).resolve().parent
CARDS = ROOT / "cards"
COLOURS = ("black", "blue", "green", "neutral", "purple", "red", "white")


def _colour_paths() -> list:
    """The colour modules (cards/<colour>/*.py)."""
    return [path for colour in COLOURS for path in sorted((CARDS / colour).glob("*.py"))]


def _colour_lines() -> list:
    """Every line of every colour module."""
    return [line for path in _colour_paths() for line in path.read_text().splitlines()]


def _op_function_lines() -> int:
    """Lines of the colour modules' ``@op`` functions, whole (the stored
    steps a card writes by hand to continue after a question)."""
    total = 0
    for path in _colour_paths():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and any(
                isinstance(d, ast.Call) and (getattr(d.func, "id", "") or getattr(d.func, "attr", "")) == "op"
                for d in node.decorator_list
            ):
                end = node.end_lineno or node.lineno  # always set on parsed code
                total += end - node.lineno + 2  # and its decorator line
    return total


def _import_lines() -> int:
    """Lines of the colour modules' import statements, whole: a statement
    laid out one name a line counts every line (the kit's one import
    statement is plumbing however ruff lays it out)."""
    total = 0
    for path in _colour_paths():
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                total += (node.end_lineno or node.lineno) - node.lineno + 1
    return total


def _fx_names() -> set:
    """The declarative verbs of :mod:`game.codex.cards.fx` (its Effect classes)."""
    from game.codex.cards import fx

    return {n for n, v in vars(fx).items() if isinstance(v, type) and issubclass(v, fx.Effect) and v is not fx.Effect}


def _engine_sources() -> dict:
    """``{path: text}`` of the engine's modules outside cards/."""
    return {p: p.read_text() for p in sorted(ROOT.rglob("*.py")) if CARDS not in p.parents}


def figures() -> dict:
    """The figures above as a dict (see the module's docstring)."""

    def cards_answering(name) -> set:
        if name in registry.MECHANISMS:  # a mechanism serves the cards answering any of its keys
            return {c for key in registry.MECHANISMS[name] for c in registry.answering(registry.key_name(name, key))}
        return set(registry.answering(name))

    names = [*registry.EVENTS, *registry.QUESTIONS, *registry.MECHANISMS]
    serving = {name: len(cards_answering(name)) for name in names}
    one_card = sorted(name for name, n in serving.items() if n == 1)
    one_key = sorted(name.replace(":", " ") for name in registry.KEYS if len(registry.answering(name)) == 1)
    engine = _engine_sources()
    by_name = [rf"[\"']{re.escape(name)}[\"']" for name in one_card]
    by_key = [rf"[\"']{m}:{k}[\"']" for m, k in (pair.split() for pair in one_key)]
    name_places, key_places = (
        sum(len(re.findall(p, text)) for p in patterns for text in engine.values()) for patterns in (by_name, by_key)
    )
    lines = [line.strip() for line in _colour_lines()]
    code = [line for line in lines if line and not line.startswith("#")]
    plumbing = {
        "op_functions": _op_function_lines(),
        "card": sum(
            line.startswith(("card(", "register(", "kit.card(", "kit.register("))
            or "= card(" in line
            or "= kit.card(" in line
            for line in code
        ),
        "imports": _import_lines(),
    }
    verbs = "|".join(sorted(_fx_names()))
    fx_uses = sum(len(re.findall(rf"\b(?:{verbs})\(", line)) for line in code)
    marks = set()
    for text in [*engine.values(), *(p.read_text() for p in CARDS.rglob("*.py"))]:
        marks.update(re.findall(r"\[\"marks\"\]\[\"(\w+)\"\]", text))
        marks.update(re.findall(r"\[\"marks\"\]\.(?:get|pop|setdefault)\(\"(\w+)\"", text))
    return {
        "registry_names": len(names),
        "events": len(registry.EVENTS),
        "questions": len(registry.QUESTIONS),
        "mechanisms": len(registry.MECHANISMS),
        "mechanism_keys": len(registry.KEYS),
        "names_serving_one_card": len(one_card),
        "events_serving_one_card": sum(name in registry.EVENTS for name in one_card),
        "questions_serving_one_card": sum(name in registry.QUESTIONS for name in one_card),
        "one_card_names": one_card,
        "keys_serving_one_card": len(one_key),
        "one_card_keys": one_key,
        "engine_places_naming_them": name_places + key_places,
        "engine_places_naming_one_card_names": name_places,
        "engine_places_naming_one_card_keys": key_places,
        "colour_module_code_lines": len(code),
        "plumbing_lines": plumbing,
        "plumbing_share": round(sum(plumbing.values()) / max(1, len(code)), 3),
        "fx_verb_uses": fx_uses,
        "marks_keys": len(marks),
    }


if __name__ == "__main__":
    print(json.dumps(figures(), indent=1))
