"""Guard: no Codex card is named in the engine outside its own module, nor in
the browser client (issue 28: "a card lives in its own module plus data (no
card name in actions, view, invariants or JS)").

Every card name and id of the catalog (data/cards.json) is looked for, whole
word and case-insensitive, in the CODE of every engine module of game/codex/
outside game/codex/cards/ (identifiers and string literals; docstrings and
comments too in the moves, the view, the state and the invariants) and in
every static/js/*.js file (identifiers, strings, CSS classes, sentences and
comments). A card is named in its module under
game/codex/cards/ and in its data; the engine and the page speak of what a
card does in general words, and the page shows the names the view carries.
"""

import io
import pathlib
import re
import tokenize

from game.codex import catalog

ROOT = pathlib.Path(__file__).resolve().parents[2]
ENGINE = ROOT / "game" / "codex"
JS = ROOT / "static" / "js"

# Words that are card names and also ordinary words or game terms the code
# must use; each with its reason. Keep this short.
ALLOWED = {
    # "Now!" (a spell) is the plain adverb of every clock, timer and sentence.
    "now": "the word 'now' (the card Now!)",
    # The sparkshot keyword's choice is stored as "spark_to" in a queued
    # combat step (stored states hold it); the spell Spark is unrelated.
    "spark": "the sparkshot keyword's stored key spark_to (the card Spark)",
    # House rule R23: the free-for-all rules themselves give the later
    # players Mercenary tokens; no card's behaviour does it.
    "mercenary": "house rule R23's head-start token, made by the free-for-all rules",
}

# Engine modules left out of the scan, each with its reason.
EXEMPT_MODULES = {
    # The table declaring every stored mark key: four keys stored in states
    # carry their card's name (gargoyle_turn, nebula_turn, sentry_turn,
    # void_star_turn) and each row says which card module writes the mark.
    "marks.py": "the declaration table of stored mark keys and their writers",
}

# Card names the engine's code still says, by file (``{(file, words):
# reason}``), each with its reason. None is left: a card's refusal
# sentences are its module's (targeting.lasting_refusal).
KNOWN_LEFT: dict = {}

# Engine modules whose docstrings and comments are checked too (besides
# game/codex/actions/); the other modules' docstrings still cite cards.
DOCS_TOO = ("view.py", "viewtypes.py", "state.py", "invariants.py")


def _words(text: str) -> str:
    """``text`` as lowercase words between single spaces: camelCase and
    snake_case split, every other character a space ("Fox's Den" ->
    " fox s den ")."""
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text).lower()
    return " " + " ".join(re.findall(r"[a-z0-9]+", text)) + " "


def _card_words() -> dict:
    """{the words of a card's name or id: the card id} for every card of the
    catalog but the buildings the rules themselves define (the base, tech
    buildings and add-ons: catalog.ENGINE_KINDS, played by the engine, not
    by a card module), less :data:`ALLOWED`."""
    found = {}
    for rec in catalog.all_cards():
        if rec["kind"] in catalog.ENGINE_KINDS:
            continue
        for label in (rec["name"], rec["id"]):
            words = _words(label)
            if words.strip() not in ALLOWED:
                found[words] = rec["id"]
    return found


CARD_WORDS = _card_words()
_PATTERN = re.compile("|".join(sorted((re.escape(w[:-1]) + r"(?= )" for w in CARD_WORDS), key=len, reverse=True)))


def _hits(text: str) -> list:
    """The card names and ids found in ``text`` (whole words)."""
    return [m.group(0).strip() for m in _PATTERN.finditer(_words(text))]


def _python_code(path: pathlib.Path) -> list:
    """``[(line, text)]`` of the identifiers and string literals of the
    Python file ``path``, its docstrings and comments left out (a string
    alone as a statement is a docstring)."""
    out = []
    before = tokenize.NEWLINE
    for tok in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
        is_doc = tok.type == tokenize.STRING and before in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)
        if tok.type in (tokenize.NAME, tokenize.STRING) and not is_doc:
            out.append((tok.start[0], tok.string))
        if tok.type not in (tokenize.NL, tokenize.COMMENT):
            before = tok.type
    return out


def _python_words(path: pathlib.Path) -> list:
    """``[(line, text)]`` of the identifiers, strings, docstrings and
    comments of the Python file ``path``."""
    kinds = (tokenize.NAME, tokenize.STRING, tokenize.COMMENT)
    source = io.StringIO(path.read_text(encoding="utf-8")).readline
    return [(tok.start[0], tok.string) for tok in tokenize.generate_tokens(source) if tok.type in kinds]


def _lines(path: pathlib.Path) -> list:
    """``[(line, text)]`` of every line of ``path``, comments included."""
    return list(enumerate(path.read_text(encoding="utf-8").splitlines(), 1))


def _engine_modules() -> list:
    return [
        p
        for p in sorted(ENGINE.rglob("*.py"))
        if "cards" not in p.relative_to(ENGINE).parts and str(p.relative_to(ENGINE)) not in EXEMPT_MODULES
    ]


def _report(files: list, reader, known: dict | None = None) -> list:
    """``"file:line: words"`` for each card name or id that ``reader`` finds
    in ``files``, but the ``known`` ones (``{(file, words): reason}``)."""
    return [
        f"{path.relative_to(ROOT)}:{line}: {hit}"
        for path in files
        for line, text in reader(path)
        for hit in _hits(text)
        if (str(path.relative_to(ROOT)), hit) not in (known or {})
    ]


def test_the_guard_finds_names_ids_and_words_in_any_case():
    assert _hits("class='prisoner-label'") == []
    assert _hits("the Jail holds it") == ["jail"]
    assert _hits("heldByJail") == ["jail"]
    assert _hits("IRON_MAN") == ["iron man"]
    assert _hits("Fox's Den School") == ["fox s den school"]
    assert _hits("jailed sparkshot now") == []  # whole words only; allowed words pass
    assert len(CARD_WORDS) > 300


def test_the_guard_tells_code_from_docstrings_and_comments():
    path = ENGINE / "actions" / "playing.py"
    code = {text for _, text in _python_code(path)}
    every = {text for _, text in _python_words(path)}
    assert not any(text.startswith('"""') for text in code)
    assert any(text.startswith('"""') for text in every) and any(text.startswith("#") for text in every)
    assert {"def", "captor"} <= code


def test_no_card_is_named_in_the_engine_outside_the_card_modules():
    modules = _engine_modules()
    assert ENGINE / "view.py" in modules and ENGINE / "actions" / "playing.py" in modules
    assert _report(modules, _python_code, KNOWN_LEFT) == []
    left = _report(modules, _python_code)
    assert {(r.split(":")[0], r.split(": ")[1]) for r in left} == set(KNOWN_LEFT)  # each still needed


def test_the_rules_modules_say_what_cards_do_in_general_words():
    """The moves, the view, the state and the invariants name no card in
    their docstrings and comments either: a ruling is cited by what it is
    about ("the Boost ruling"), a card by what it does."""
    modules = [*sorted((ENGINE / "actions").glob("*.py")), *(ENGINE / f for f in DOCS_TOO)]
    assert _report(modules, _python_words) == []


def test_no_card_is_named_in_the_browser_client():
    """Code, sentences, CSS classes and comments: the page shows the names
    the view and the catalog carry."""
    files = sorted(JS.glob("*.js"))
    assert JS / "board.js" in files and JS / "match.js" in files
    assert _report(files, _lines) == []
