"""Every keyword the engine knows has a glossary entry (issue 14, point 4):
the keywords of the card data (cards and hero bands) and every keyword name
the engine's code asks about or gives (stats.kw calls, granted keyword
dicts), and every patrol slot."""

import json
import re
from pathlib import Path

from game.codex import glossary
from game.codex.state import PATROL_SLOTS

RULES = Path(__file__).resolve().parents[2] / "game" / "codex"
# Keyword names in the engine's code: kw(state, x, "name"), kw={"name": ..},
# _add_keywords(kw, {"name": ..}), "kw": {"name": ..}, kw.get("name"), kw["name"].
PATTERNS = [
    r'\bkw\([^,()]+, [^,()]+, "(\w+)"\)',
    r'\bkw=\{"(\w+)"',
    r'_add_keywords\(\w+, \{"(\w+)"',
    r'"kw": \{"(\w+)"',
    r'\bkw\.get\("(\w+)"',
    r'\bkw\["(\w+)"\]',
]


def engine_keywords() -> set:
    data = json.loads((RULES / "data" / "cards.json").read_text())
    names = set()
    for card in data:
        names |= set(card.get("keywords") or {})
        for band in card.get("bands") or []:
            names |= set(band.get("keywords") or {})
    for path in RULES.rglob("*.py"):
        text = path.read_text()
        for pattern in PATTERNS:
            names |= set(re.findall(pattern, text))
    return names


def test_every_keyword_the_engine_knows_has_an_entry():
    known = engine_keywords()
    assert len(known) > 25  # the scan found the keywords at all
    missing = sorted(known - set(glossary.KEYWORDS))
    assert not missing, f"no glossary entry for {missing}"


def test_every_patrol_slot_has_an_entry_and_entries_are_sentences():
    assert set(glossary.PATROL_SLOTS) == set(PATROL_SLOTS)
    for text in [*glossary.KEYWORDS.values(), *glossary.PATROL_SLOTS.values(), *glossary.TERMS.values()]:
        assert text[0].isupper() and text.endswith("."), text
    assert set(glossary.entries()) == {"keywords", "slots", "terms"}
